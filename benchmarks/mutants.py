"""Seeded kernel bugs, to measure how soon a check notices a wrong rule.

Each mutant is one textual replacement inside one function of the kernel (`old` must occur
exactly once in that function's source). `applied` swaps the mutated body into the live
function object (its `__code__`), because the compiled transition table holds the function
objects themselves: rebinding the module's name would change nothing. No file is edited.
"""

from __future__ import annotations

import importlib
import inspect
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from typing import Any

EVERY = ("classic", "express", "nfl-cowboys", "star-wars", "super-bowl-lvii")
JUDGED_BY_WILDS = ("express", "nfl-cowboys", "star-wars", "super-bowl-lvii")
PENALTY_RACE = ("star-wars", "super-bowl-lvii")
UPDATES, BRANCHES, STATE, KERNEL, LEGALITY, MOVES, DRAW, SKIP, REVERSE, WILD_DRAW = (
    f"unospec.model.{name}"
    for name in (
        "updates", "branches", "state", "kernel", "legality", "moves",
        "primitives.draw", "primitives.skip", "primitives.reverse", "primitives.wild_draw",
    )
)  # fmt: skip


@dataclass(frozen=True)
class Mutant:
    """One seeded bug: where it is, what it replaces, the editions whose rules it touches."""

    name: str
    bug: str
    module: str
    function: str  # qualified name within the module
    old: str
    new: str
    editions: tuple[str, ...] = EVERY


def _m(name: str, bug: str, module: str, function: str, old: str, new: str,
       editions: tuple[str, ...] = EVERY) -> Mutant:  # fmt: skip
    return Mutant(name, bug, module, function, old, new, editions)


MUTANTS = (
    _m("draw-penalty-plus-one", "a Draw card deals one card too many", DRAW, "Draw.apply",
       "Owed(game.current, self.count,", "Owed(game.current, self.count + 1,"),
    _m("skip-skips-no-one", "a Skip passes the turn to the next player", SKIP, "Skip.apply",
       "return game._replace(current=game.next_player(game.current))", "return game"),
    _m("reverse-no-flip", "a Reverse does not flip the direction", REVERSE, "Reverse.apply",
       "direction=-game.direction", "direction=game.direction"),
    _m("reverse-as-skip-at-3", "Reverse acts as a Skip at 3 players, not 2", REVERSE,
       "Reverse.apply", "if game.seated == 2 and self.with_two_players",
       "if game.seated == 3 and self.with_two_players", ("classic",)),
    _m("direction-ignored", "the next player is always the one to the left", STATE,
       "GameState.next_player", "(player + steps * way)", "(player + steps)"),
    _m("top-from-bottom", "the top card is read from the bottom of the discard pile", STATE,
       "GameState.to_match", "self.discard[-1] if", "self.discard[0] if"),
    _m("reshuffle-loses-card", "a reshuffle drops a card", UPDATES, "reshuffle_discard",
       "draw_pile=action.order, discard=game.discard[-1:]",
       "draw_pile=action.order[1:], discard=game.discard[-1:]"),
    _m("reshuffle-wrong-end", "a reshuffle takes the top card instead of the bottom", LEGALITY,
       "reshuffled", "return game.discard[:-1]", "return game.discard[1:]"),
    _m("score-to-leader", "the hand's points go to its leader, not its winner", UPDATES,
       "score_hand", "scores[winner] +=", "scores[game.leader] +="),
    _m("won-strictly-above", "the game is won above the target score, not at it", BRANCHES,
       "game_is_won", ">= rules.target_score", "> rules.target_score"),
    _m("challenge-victim-pays", "a successful challenge makes the challenger draw", UPDATES,
       "judge_challenge", "Owed(pending.offender, effect.offender_draws",
       "Owed(victim, effect.offender_draws"),
    _m("challenge-wrong-count", "a failed challenge costs the card's draw, not the penalty",
       UPDATES, "judge_challenge", "Owed(victim, effect.challenger_draws",
       "Owed(victim, effect.draw"),
    _m("accept-keeps-turn", "the victim who accepts a Wild Draw keeps their turn", UPDATES,
       "accept_draw", "current=game.next_player(pending.victim)", "current=pending.victim"),
    _m("guilty-loses-challenger-turn", "a successful challenger always loses the turn",
       UPDATES, "judge_challenge", "current=victim if plays else game.next_player(victim)",
       "current=game.next_player(victim)"),
    _m("uno-penalty-minus-one", "a caught UNO costs one card fewer", UPDATES, "owe_catch_penalty",
       "edition.rules.uno_penalty,", "edition.rules.uno_penalty - 1,"),
    _m("wild-colour-ignored", "a wild's named colour is not set", UPDATES, "name_color",
       "return game._replace(color=action.color)", "return game"),
    _m("accept-keeps-challenge", "accepting a Wild Draw leaves the challenge pending", UPDATES,
       "accept_draw", "challenge=None,", "challenge=game.challenge,"),
    _m("last-card-off-by-one", "the hand ends on a play from an empty hand", BRANCHES,
       "plays_last_card", "== 1", "== 0"),
    _m("pile-runs-out-early", "a draw reshuffles when the pile holds exactly enough", BRANCHES,
       "pile_runs_out", "len(game.draw_pile) < game.owed.amount",
       "len(game.draw_pile) <= game.owed.amount"),
    _m("no-symbol-match", "cards match by colour only", LEGALITY, "_matches",
       "return top >= 0 and not faces.wild[top] and faces.symbol[card] == faces.symbol[top]",
       "return False"),
    _m("drawn-card-rule-inverted", "after a draw the whole hand is offered", LEGALITY,
       "from_hand_after_drawing", "after_drawing == ", "after_drawing != "),
    _m("challenge-ignores-wilds", "a challenge ignores the wilds the offender holds", WILD_DRAW,
       "holds_any", 'if "wild" in kinds', 'if "wilds" in kinds', JUDGED_BY_WILDS),
    _m("hail-mary-follows-direction", "play after a Hail Mary follows the direction", UPDATES,
       "throw_hail_mary", "game.next_player(player, direction=CLOCKWISE)",
       "game.next_player(player)",
       ("nfl-cowboys",)),
    _m("hail-mary-sheds-at-two", "a right guess sheds cards from a hand of two", BRANCHES,
       "guess_sheds_cards", "len(game.hands[action.player]) > 2",
       "len(game.hands[action.player]) > 1", ("nfl-cowboys",)),
    _m("hail-mary-shed-on-top", "shed cards go on top of the Hail Mary, not under it", UPDATES,
       "discard_down_to_one", "(*game.discard[:-1], *shed, game.discard[-1])",
       "(*game.discard, *shed)", ("nfl-cowboys",)),
    _m("race-keeps-special", "naming the race's loser leaves the special wild pending", UPDATES,
       "owe_loser_penalty", "special=-1, owed=Owed(loser", "owed=Owed(loser", PENALTY_RACE),
    _m("race-draw-minus-one", "the race's loser draws one card fewer", UPDATES,
       "owe_loser_penalty", "effect.draw, Phase.resolving", "effect.draw - 1, Phase.resolving",
       PENALTY_RACE),
    _m("race-excludes-next", "the 'others' race excludes the next player, not the card's",
       MOVES, "_name_loser", "everyone or p != game.actor", "everyone or p != game.current",
       ("super-bowl-lvii",)),
)  # fmt: skip


def _function(module: Any, qualified: str) -> Callable[..., Any]:
    found: Any = module
    for part in qualified.split("."):
        found = vars(found)[part] if isinstance(found, type) else getattr(found, part)
    return found.fget if isinstance(found, property) else found  # type: ignore[no-any-return]


@contextmanager
def applied(mutant: Mutant) -> Iterator[None]:
    """Run the kernel with `mutant`'s bug inside the `with` block."""
    module = importlib.import_module(mutant.module)
    function = _function(module, mutant.function)
    lines, first = inspect.getsourcelines(function)
    body = "".join(lines)
    if body.count(mutant.old) != 1:
        raise ValueError(f"{mutant.name}: {mutant.old!r} is not once in {mutant.function}")
    source = inspect.getsource(module).splitlines(keepends=True)
    source[first - 1 : first - 1 + len(lines)] = [body.replace(mutant.old, mutant.new)]
    namespace: dict[str, Any] = {"__name__": mutant.module}
    exec(compile("".join(source), f"<{mutant.name}>", "exec"), namespace)
    original = function.__code__
    function.__code__ = _function(_Namespace(namespace), mutant.function).__code__
    try:
        yield
    finally:
        function.__code__ = original


class _Namespace:
    """A module's executed globals, looked up like the module."""

    def __init__(self, names: dict[str, Any]) -> None:
        self.__dict__.update(names)
