"""A game told as sentences, one per transition that changes something a player would see.

Used by `unospec play`. Library code returns these lines; only the CLI prints them.
"""

from __future__ import annotations

from unospec.model.actions import Accept, Action, Catch, Keep, NameLoser, Pick, Play
from unospec.model.cards import COLORS
from unospec.model.edition import Edition
from unospec.model.kernel import Fired
from unospec.model.scoring import hand_winner
from unospec.model.state import GameState
from unospec.model.vocabulary import Phase


def _drew(before: GameState, after: GameState) -> list[tuple[int, int]]:
    return [
        (p, len(after.hands[p]) - len(before.hands[p]))
        for p in range(before.players)
        if len(after.hands[p]) > len(before.hands[p])
    ]


def narrate(
    edition: Edition, action: Action, fired: tuple[Fired, ...], final: GameState
) -> list[str]:
    """What happened during one step, transition by transition."""
    ids = edition.faces.card_id
    lines: list[str] = []
    for i, step in enumerate(fired):
        before = step.before
        after = fired[i + 1].before if i + 1 < len(fired) else final
        event = step.branch.event
        if event == "deal":
            lines.append(
                f"hand {before.hands_played + 1}: {edition.rules.hand_size} cards dealt to each of "
                f"{before.players} players; player {before.leader} leads"
            )
        elif event == "flip":
            card = ids(before.draw_pile[0])
            if step.branch.target == Phase.first_flip:
                lines.append(f"  first card {card} is ignored; the next is flipped")
            elif step.branch.target == Phase.dealing:
                lines.append("  no card can start the discard pile: the cards are dealt again")
            else:
                lines.append(f"  first card: {card}")
        elif event in ("play", "play_drawn", "jump_in", "hail_mary") and isinstance(action, Play):
            how = ""
            if event == "jump_in":
                how = f" out of turn, jumping in before player {before.current}"
            elif event == "hail_mary":
                named = COLORS[action.color]
                how = f" as a Hail Mary on player {before.window}'s call, naming {named}"
            elif event == "play_drawn":  # some editions allow any matching card after a draw
                just_drawn = action.card == step.before.drawn
                how = " (the card just drawn)" if just_drawn else " (after drawing)"
            called = " and calls UNO with it" if action.uno else ""  # `play.uno_window`
            lines.append(f"player {action.player} plays {ids(action.card)}{how}{called}")
        elif event == "choose_color" and isinstance(action, Play):
            lines.append(f"  and names {COLORS[action.color]}")
        elif event == "choose_target" and isinstance(action, Play):
            lines.append(f"  and swaps hands with player {action.target}")
        elif event == "stack" and isinstance(action, Play):
            lines.append(f"player {action.player} stacks {ids(action.card)}, passing the draw on")
        elif event == "accept" and before.challenge is None and isinstance(action, Accept):
            lines.append(f"player {action.player} takes the stacked draw")
        elif event == "pick" and isinstance(action, Pick):
            lines.append(f"player {action.player} picks {COLORS[action.color]} to draw to")
        elif event == "draw":
            lines.append(f"player {before.current} draws")
        elif event == "pass_turn":
            lines.append(f"player {before.current} keeps the card and passes")
        elif event in ("challenge", "accept") and before.challenge is not None:
            c = before.challenge
            if event == "accept":
                lines.append(f"player {c.victim} accepts the {ids(c.card)}")
            else:
                verdict = "guilty" if c.guilty else "not guilty"
                lines.append(f"player {c.victim} challenges player {c.offender}: {verdict}")
        elif event == "uno":
            lines.append(f"player {before.window} calls UNO")
        elif event == "catch" and isinstance(action, Catch):
            lines.append(f"player {action.player} catches player {action.target} before the call")
        elif event == "keep" and isinstance(action, Keep) and action.whole_hand:
            lines.append(f"  player {before.actor} keeps their whole hand")  # `keep_after_shedding`
        elif event == "keep":
            gone = " out of play" if after.out_of_play != before.out_of_play else ""
            lines.append(f"  player {before.actor} sheds all but one card{gone}")
        elif event == "name_loser" and isinstance(action, NameLoser):
            name = edition.card_name(edition.faces.faces[before.special].kind)
            if action.player < 0:  # actions.NOBODY
                lines.append(f"  the table names no loser of {name}: every player managed")
            else:
                lines.append(f"  the table names player {action.player} the loser of {name}")
        elif event == "draw_owed" and after.out != before.out and before.owed is not None:
            drawer = before.owed.player
            dealt = min(before.owed.amount, len(before.draw_pile))
            held = len(before.hands[drawer]) + dealt
            lines.append(f"  player {drawer} draws {dealt} card{'s' * (dealt != 1)}")
            lines.append(
                f"  player {drawer} holds {held} cards and is out of the game (the mercy "
                "rule): their cards go under the discard pile"
            )
        elif event == "resolve" and after.owed is not None:  # `play.draw_shortfall`
            lines.append(
                f"  cards are back: player {after.owed.player} is owed the {after.owed.amount} "
                "they wait for"
            )
        elif event == "draw_owed":
            for player, count in _drew(before, after):
                lines.append(f"  player {player} draws {count} card{'s' * (count != 1)}")
            owed = before.owed
            waited = before.debts[owed.player] if owed and before.debts else 0
            if owed and after.debts and after.debts[owed.player] > waited:  # `draw_shortfall`
                lines.append(f"  the other {after.debts[owed.player] - waited} wait for cards")
            elif (
                owed
                and owed.amount  # a draw that waited for cards: its rest is owed already
                and not _drew(before, after)
                and step.branch.target not in (Phase.awaiting_reshuffle, Phase.hand_over)
            ):
                lines.append(f"  nothing is left to draw for player {owed.player}")  # anywhere
        elif event == "reshuffle":
            lines.append(f"  the discard pile is reshuffled: {len(after.draw_pile)} cards to draw")
            if not after.discard and after.old_top >= 0:  # `play.reshuffle = "whole-discard-pile"`
                lines.append(f"  its top card too: play goes on matching {ids(after.old_top)}")
        elif event == "score":
            winner = hand_winner(before)
            if winner < 0:  # `play.draw_shortfall = "hand-ends-unscored"`
                lines.append("the hand ends unscored: no card is left to complete the draw")
                continue
            gained = after.scores[winner] - before.scores[winner]
            lines.append(
                f"player {winner} wins the hand and scores {gained}; "
                f"scores {', '.join(str(s) for s in after.scores)}"
            )
            if after.winner >= 0:
                lines.append(f"player {after.winner} wins the game")
    return lines
