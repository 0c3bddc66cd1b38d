"""Concrete witnesses: short games, as replayable traces, that show a finding happen."""

from __future__ import annotations

from unospec.checks.analyses.lint.finding import Witness
from unospec.checks.engines.replay import replay
from unospec.editions import reference
from unospec.model.actions import Action, Challenge, Play
from unospec.model.cards import COLORS
from unospec.model.edition import Edition
from unospec.model.kernel import legal_actions
from unospec.model.trace import Trace, action_step


def _deck_with_hands(edition: Edition, hands: list[list[int]], first: int) -> list[int] | None:
    """A deck order that deals `hands` (round robin from the top) and then flips `first`."""
    rest = list(edition.faces.in_play)
    for face in [card for hand in hands for card in hand] + [first]:
        if face not in rest:
            return None
        rest.remove(face)
    size = edition.rules.hand_size
    if any(len(hand) != size for hand in hands):
        return None
    dealt = [hands[p][k] for k in range(size) for p in range(len(hands))]
    return [*dealt, first, *rest]


def honest_penalty_trace(edition: Edition, kind: str) -> Witness | None:
    """The smallest table the edition allows; player 0 holds `kind` and another wild but no
    card of the colour in force, plays `kind` as its rule allows, is challenged by player 1
    (next in turn), and draws the offender's penalty."""
    faces = edition.faces
    card = faces.face(kind)
    starters = [f for f in faces.in_play if not faces.ignored_at_flip[f] and faces.color[f] >= 0]
    wilds = [f for f in faces.in_play if faces.wild[f] and f != card]
    if not starters or not wilds:
        return None
    first = starters[0]
    color = faces.color[first]
    others = [f for f in faces.in_play if faces.color[f] >= 0 and faces.color[f] != color]
    size, players = edition.rules.hand_size, max(2, edition.rules.min_players)
    if size < 2 or len(others) < players * size - 2:
        return None
    hand0 = [card, wilds[0], *others[: size - 2]]
    rest = others[size - 2 :]
    hands = [hand0, *(rest[i * size : (i + 1) * size] for i in range(players - 1))]
    deck = _deck_with_hands(edition, hands, first)
    if deck is None:
        return None
    steps: list[Action] = [Play(0, card, color), Challenge(1)]
    trace = Trace(
        edition=reference(edition),
        players=players,
        deck=tuple(faces.card_id(f) for f in deck),
        steps=tuple(action_step(edition, a) for a in steps),
    )
    result = replay(edition, trace)
    if not result.ok or result.final is None:
        return None
    return {
        "trace": trace.to_json(),
        "colour in force when played": COLORS[color],
        "offender's hand when played": sorted(faces.card_id(f) for f in hand0[1:]),
        "offender's hand after the challenge": [faces.card_id(f) for f in result.final.hands[0]],
    }


def colourless_first_flip(edition: Edition, kind: str) -> Witness | None:
    """A deal whose first flip turns up `kind`, a wild the first flip does not ignore, and
    what the first player may then do; None unless the kernel leaves no colour in force
    and refuses every coloured card of that player's hand."""
    faces = edition.faces
    card = faces.face(kind)
    players, size = max(2, edition.rules.min_players), edition.rules.hand_size
    rest = list(faces.in_play)
    rest.remove(card)
    coloured = [f for f in rest if faces.color[f] >= 0]
    if len(coloured) < players * size:
        return None
    hands = [coloured[i * size : (i + 1) * size] for i in range(players)]
    deck = _deck_with_hands(edition, hands, card)
    if deck is None:
        return None
    trace = Trace(
        edition=reference(edition),
        players=players,
        deck=tuple(faces.card_id(f) for f in deck),
        steps=(),
    )
    result = replay(edition, trace)
    game = result.final
    if not result.ok or game is None or game.top != card or game.color >= 0:
        return None
    moves = legal_actions(edition, game)
    if any(isinstance(m, Play) for m in moves):
        return None
    return {
        "trace": trace.to_json(),
        "first card": faces.card_id(card),
        "colour in force": None,
        "player 0 holds": [faces.card_id(f) for f in game.hands[game.current]],
        "player 0 may": [action_step(edition, m) for m in moves],
    }
