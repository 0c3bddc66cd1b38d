"""The families of findings, each a generic check over any edition (never by its name).

Findings come from the edition's data read by the model, from the Z3 proofs, from what the
kernel does in a probe, and from which transitions exploration and random play fired; an
interpretation that an edition file records is reported in the family it belongs to.
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Iterator
from collections.abc import Set as AbstractSet
from typing import Any

from unospec.checks.analyses.lint.finding import ERROR, INFO, WARNING, Finding, deciding, reading
from unospec.checks.analyses.lint.witnesses import colourless_first_flip, honest_penalty_trace
from unospec.checks.analyses.proofs import REFUTED, ProofReport
from unospec.checks.analyses.proofs.result import Query
from unospec.editions.schema import played_by_model
from unospec.model import sections
from unospec.model.actions import Play
from unospec.model.branches import no_number_card_left
from unospec.model.cards import COLORS, KINDS, NUMBER, WILD_KINDS
from unospec.model.edition import Edition, Interpretation, Reading
from unospec.model.effects import HailMary, WildDraw
from unospec.model.errors import UnospecError
from unospec.model.flows import requirements_of, settlement_of
from unospec.model.kernel import apply, empty_table
from unospec.model.table import MACHINE, Branch
from unospec.model.vocabulary import Phase
from unospec.model.wording import counted, left_open, not_stated, pulled_apart, seats, span

WORDS = {"one": 1, "two": 2, "three": 3, "four": 4, "five": 5, "six": 6}


def _section(edition: Edition, kind: str) -> str:
    return dict(edition.sections).get(kind, sections.ACTION_CARDS)


def stated_draw(name: str) -> int | None:
    """The amount a card's printed name states (``Draw Three``, ``Wild Draw 4``), if any.

    >>> stated_draw("Wild Draw Four"), stated_draw("Draw 3"), stated_draw("Cannon Ball")
    (4, 3, None)
    """
    match = re.search(r"\bdraw[\s-]+(\w+)\b", name, re.IGNORECASE)
    word = match.group(1).lower() if match else ""
    return int(word) if word.isdigit() else WORDS.get(word)


def name_vs_effect(edition: Edition) -> list[Finding]:
    """A card whose printed name (the file's `name`, else its kind's words) states an amount
    its effect, or its booklet text, contradicts."""
    found = []
    for kind, effect in edition.effects:
        name = edition.card_name(kind)
        named = stated_draw(name)
        if named is None or kind not in edition.faces.kinds_in_play:
            continue
        draw = getattr(effect, "draw", None)
        path = f"cards.{kind}.draw"
        chosen = deciding(edition, path)
        states = f"{name} is named for {counted(named, 'card', 'cards')}"
        if draw is not None and draw != named:
            found.append(
                Finding(
                    f"name-vs-effect:{kind}",
                    "name-vs-effect",
                    ERROR,
                    _section(edition, kind),
                    f"{states} but its effect makes the next player draw {draw}",
                    {"name says": named, "effect draws": draw},
                    reading(chosen),
                    path,
                )
            )
        elif chosen is not None and any(a != named for a in chosen.alternatives):
            texts = sorted({a for a in chosen.alternatives if a != named}, key=str)
            found.append(
                Finding(
                    f"name-vs-effect:{kind}",
                    "name-vs-effect",
                    ERROR,
                    chosen.section,
                    f"the booklet's {states} while its text gives "
                    f"{', '.join(map(str, texts))}; the edition file reads {chosen.chosen}",
                    {"name says": named, "text says": texts},
                    reading(chosen),
                    path,
                )
            )
    return found


def _refuted_wild_draws(
    edition: Edition, proofs: ProofReport, claim: str
) -> Iterator[tuple[Query, str, WildDraw]]:
    """(query, card kind, its rule) for each refuted `claim: KIND` query about a Wild Draw."""
    for query in proofs.queries:
        if query.name.startswith(f"{claim}:") and query.verdict == REFUTED:
            kind = query.name.split(": ", 1)[1]
            effect = edition.effect_of(kind)
            assert isinstance(effect, WildDraw)
            yield query, kind, effect


def legality_vs_judgment(edition: Edition, proofs: ProofReport) -> list[Finding]:
    """A Wild Draw card its rule allows, yet judged guilty when challenged (from Z3)."""
    found = []
    for query, kind, effect in _refuted_wild_draws(edition, proofs, "honest-never-penalised"):
        witness = dict(query.witness or {})
        concrete = honest_penalty_trace(edition, kind)
        if concrete:
            witness["game"] = concrete
        path = f"cards.{kind}.guilty_if_holding"
        judged_only = [
            k for k in effect.guilty_if_holding if k not in effect.playable_unless_holding
        ]
        forbidden = " or ".join(_holding(effect.playable_unless_holding)) or "nothing"
        legality = deciding(edition, f"cards.{kind}.playable_unless_holding")
        found.append(
            Finding(
                f"legality-vs-judgment:{kind}",
                "legality-vs-judgment",
                ERROR,
                query.section,
                f"{kind} may be played while holding {' or '.join(_holding(tuple(judged_only)))}: "
                f"its rule forbids only {forbidden}; yet the challenge counts "
                f"{' or '.join(_holding(tuple(judged_only)))} as a match, so an honest player "
                f"draws {effect.offender_draws}",
                witness,
                reading(deciding(edition, path)),
                path,
                (legality.id,) if legality else (),
                (f"cards.{kind}.playable_unless_holding",),
            )
        )
    return found


def bluffs_acquitted(edition: Edition, proofs: ProofReport) -> list[Finding]:
    """A Wild Draw card its rule forbids, yet judged innocent when challenged (from Z3): the
    converse of `legality_vs_judgment`, with the same family."""
    found = []
    for query, kind, effect in _refuted_wild_draws(edition, proofs, "bluff-always-caught"):
        unjudged = tuple(
            k for k in effect.playable_unless_holding if k not in effect.guilty_if_holding
        )
        holding = " or ".join(_holding(unjudged))
        path = f"cards.{kind}.guilty_if_holding"
        legality = deciding(edition, f"cards.{kind}.playable_unless_holding")
        found.append(
            Finding(
                f"legality-vs-judgment:bluff:{kind}",
                "legality-vs-judgment",
                ERROR,
                query.section,
                f"{kind} may not be played while holding {holding}, yet the challenge does not "
                f"count {holding} as a match: such a bluff is judged innocent and the challenger "
                f"draws {effect.challenger_draws}",
                dict(query.witness or {}),
                reading(deciding(edition, path)),
                path,
                (legality.id,) if legality else (),
                (f"cards.{kind}.playable_unless_holding",),
            )
        )
    return found


def _holding(kinds: tuple[str, ...]) -> list[str]:
    names = {"current-color": "a card of the colour in force", "wild": "a wild card"}
    return [names[k] for k in kinds]


def resource_exhaustion(edition: Edition, proofs: ProofReport, observed: int) -> list[Finding]:
    """A draw that can ask for more cards than exist, and setups that can fail (from Z3)."""
    found = []
    for query in proofs.queries:
        if query.verdict != REFUTED:
            continue
        if query.name == "draw-obligations":
            witness = dict(query.witness or {})
            if observed:
                witness["random games that met it"] = observed
            found.append(
                Finding(
                    "resource-exhaustion:draw",
                    "resource-exhaustion",
                    WARNING,
                    query.section,
                    "a player can be told to draw more cards than the draw pile and a reshuffle "
                    "hold; the booklet does not say what happens",
                    witness,
                    reading(deciding(edition, "play.draw_shortfall")),
                    "play.draw_shortfall",
                )
            )
        elif query.name == "setup-feasibility" and _nothing_starts(edition):
            found.append(
                Finding(
                    "resource-exhaustion:no-first-card",
                    "resource-exhaustion",
                    ERROR,
                    sections.FIRST_FLIP,
                    "the first flip ignores every card of the deck: no card can start the "
                    "discard pile, so every deal is dealt again and no hand ever begins",
                    {"ignored at the first flip": sorted(edition.rules.first_flip_ignores)},
                    None,
                    "setup.first_flip_ignores",
                )
            )
        elif query.name == "setup-feasibility":
            found += _setup_findings(edition, query)
    return found


def _setup_findings(edition: Edition, query: Query) -> list[Finding]:
    """Player counts the deck cannot deal (an error: the edition allows them) and those whose
    first flip can find only ignored cards (a warning: the flip-exhausted reading applies)."""
    witness = query.witness or {}
    undealable = witness.get("cannot be dealt for")
    flipless = witness.get("first flip can find only ignored cards (a redeal) for")
    found = []
    if undealable:
        found.append(
            Finding(
                "resource-exhaustion:deal",
                "resource-exhaustion",
                ERROR,
                query.section,
                f"the deck cannot deal the hands for {span(undealable)} players, which the "
                f"edition allows{_counts_assumed(edition)}",
                witness,
                None,
                "players.max",
            )
        )
    if flipless or not undealable:
        found.append(
            Finding(
                "resource-exhaustion:setup",
                "resource-exhaustion",
                WARNING,
                query.section,
                "for some player counts the first flip can find no card to start the discard "
                f"pile{_counts_assumed(edition)}",
                witness,
                reading(deciding(edition, "setup.flip_exhausted")),
                "setup.flip_exhausted",
            )
        )
    return found


def _counts_assumed(edition: Edition) -> str:
    """Where the player counts behind a setup finding are the file's assumption, the words
    that say so: the defect may then lie in the assumption, not in the booklet."""
    if edition.players_provenance != "assumed":
        return ""
    rules = edition.rules
    return (
        f" ({not_stated(edition.seed)} how many may play: the edition file assumes "
        f"{seats(rules.min_players, rules.max_players)})"
    )


def _nothing_starts(edition: Edition) -> bool:
    faces = edition.faces
    return all(faces.ignored_at_flip[card] for card in faces.in_play)


def _action_turned_up(edition: Edition, kind: str, path: str) -> Finding:
    """A coloured action card the first flip keeps: the model starts the pile with it as a
    plain card of its colour, which is a reading the booklets do not state."""
    return Finding(
        f"unspecified-outcome:first-flip:{kind}",
        "unspecified-outcome",
        WARNING,
        sections.FIRST_FLIP,
        f"the first card turned up may be a {kind} (the first flip does not ignore it); the "
        "model starts the pile with it as a plain card of its colour, and its action is not "
        "carried out",
        {"card": kind, "ignored at the first flip": sorted(edition.rules.first_flip_ignores)},
        reading(deciding(edition, path)),
        path,
    )


def turn_order(edition: Edition) -> list[Finding]:
    """A rule that names the next player by seat, whatever the direction of play."""
    found = []
    for kind, effect in edition.effects:
        if not isinstance(effect, HailMary) or kind not in edition.faces.kinds_in_play:
            continue
        witness = _hail_mary_probe(edition, kind)
        path = f"cards.{kind}.continue_with"
        found.append(
            Finding(
                f"turn-order:{kind}",
                "turn-order",
                WARNING,
                _section(edition, kind),
                f"the booklet sends play after {edition.card_name(kind)} to the thrower's left, "
                f"whatever the direction of play; the edition file reads {effect.continue_with}",
                witness,
                reading(deciding(edition, path)),
                path,
            )
        )
    return found


def _hail_mary_probe(edition: Edition, kind: str) -> dict[str, Any] | None:
    """Play runs counterclockwise; player 1 throws the Hail Mary at player 0's UNO call.
    Three players at least (with two, the thrower's left is the next player either way)."""
    rules = edition.rules
    if not rules.min_players <= 3 <= rules.max_players:
        return None
    faces = edition.faces
    card = faces.face(kind)
    colored = [f for f in faces.in_play if faces.color[f] >= 0]
    if len(colored) < 6:
        return None
    rest = list(faces.in_play)
    hands = [[colored[0]], [card, colored[1], colored[2]], [colored[3], colored[4]]]
    for face in [c for h in hands for c in h] + [colored[5]]:
        rest.remove(face)
    game = empty_table(edition, 3)._replace(
        phase=Phase.uno_called,
        hands=tuple(tuple(sorted(h)) for h in hands),
        draw_pile=tuple(rest),
        discard=(colored[5],),
        color=faces.color[colored[5]],
        direction=-1,
        current=2,
        actor=0,
        window=0,
    )
    guess = next((c for c in edition.color_indices if c != faces.color[colored[0]]), None)
    if guess is None:  # one colour: every guess is right, and the thrower sheds first
        return None
    try:
        after = apply(edition, game, Play(1, card, guess))
    except UnospecError:
        return None
    return {
        "direction": "counterclockwise",
        "thrower": 1,
        "next in the direction of play": game.next_player(1),
        "next by the rule as read": after.current,
        "guess": COLORS[guess],
    }


def first_flip(edition: Edition) -> list[Finding]:
    """A wild the first flip does not ignore can start the discard pile: then no colour is in
    force, and the booklets name none (Set Up 4 speaks of action cards only)."""
    found = []
    path = "setup.first_flip_ignores"
    for kind in sorted(edition.faces.kinds_in_play - edition.rules.first_flip_ignores):
        if kind not in WILD_KINDS:
            if kind != NUMBER:
                found.append(_action_turned_up(edition, kind, path))
            continue
        witness = colourless_first_flip(edition, kind)
        if witness is None:
            continue
        found.append(
            Finding(
                f"unspecified-outcome:first-flip:{kind}",
                "unspecified-outcome",
                WARNING,
                sections.FIRST_FLIP,
                f"the first card turned up may be a {kind} (the first flip does not ignore "
                "it), and no rule names a colour for it: no coloured card matches it, so "
                "players draw until one plays a wild",
                witness,
                reading(deciding(edition, path)),
                path,
            )
        )
    return found


def scoring_coverage(edition: Edition, proofs: ProofReport) -> list[Finding]:
    """Cards without a value, values for cards not in the deck, an unreachable target."""
    found = []
    for query in proofs.queries:
        if query.name == "scoring-coverage" and query.verdict == REFUTED:
            found.append(
                Finding(
                    "scoring-coverage:missing",
                    "scoring-coverage",
                    ERROR,
                    query.section,
                    "the scoring table gives no value for some cards of the deck: a hand they are "
                    "left in cannot be scored",
                    query.witness,
                    None,
                    "scoring.points",
                )
            )
        if query.name == "scoring-target" and query.verdict == REFUTED:
            found.append(
                Finding(
                    "scoring-coverage:target",
                    "scoring-coverage",
                    ERROR,
                    query.section,
                    "no hand can score a point, so the target score is never reached",
                    query.witness,
                    None,
                    "scoring.target",
                )
            )
    present = edition.faces.kinds_in_play
    extra = sorted(k for k, _ in edition.rules.points if k not in present)
    if extra:
        found.append(
            Finding(
                "scoring-coverage:unused",
                "scoring-coverage",
                INFO,
                sections.SCORING,
                f"the scoring table values cards that are not in the deck: {', '.join(extra)}",
                {"not in the deck": extra},
                None,
                "scoring.points",
            )
        )
    return found


def idle_rules(edition: Edition, proofs: ProofReport) -> list[Finding]:
    """Rules that are there but can never change a game: a challenge that can never
    succeed (from Z3), a catch that costs nothing."""
    found = []
    for query, kind, effect in _refuted_wild_draws(edition, proofs, "challenge-can-succeed"):
        found.append(
            Finding(
                f"redundancy:challenge-never-succeeds:{kind}",
                "redundancy",
                WARNING,
                query.section,
                f"a challenge of {kind} never succeeds: bluffs are refused and the challenge "
                "counts only what the card's rule forbids, so the offender never draws "
                f"{effect.offender_draws} and challenging always costs the challenger "
                f"{effect.challenger_draws}",
                dict(query.witness or {}),
                reading(deciding(edition, f"cards.{kind}.bluff")),
                f"cards.{kind}.bluff",
            )
        )
    found += _free_challenges(edition)
    if edition.rules.uno_penalty == 0:
        found.append(
            Finding(
                "redundancy:uno-penalty",
                "redundancy",
                WARNING,
                sections.UNO,
                "a player caught before calling UNO draws nothing: the catch, and so the call, "
                "never changes a game",
                {"uno penalty": 0},
                reading(deciding(edition, "play.uno_penalty")),
                "play.uno_penalty",
            )
        )
    return found


def _free_challenges(edition: Edition) -> list[Finding]:
    """A Wild Draw whose challenge decides nothing: a failed challenge costs the victim no
    more than accepting (so accepting never pays), or a caught bluff costs the bluffer
    nothing (so the card's legality rule is never enforced)."""
    present = edition.faces.kinds_in_play
    found = []
    for kind, effect in edition.effects:
        if not isinstance(effect, WildDraw) or kind not in present:
            continue
        if effect.challenger_draws <= effect.draw:
            found.append(
                Finding(
                    f"redundancy:accept-never-pays:{kind}",
                    "redundancy",
                    WARNING,
                    _section(edition, kind),
                    f"a failed challenge of {kind} costs {effect.challenger_draws}, no more than "
                    f"accepting it ({effect.draw}), and either way the victim loses the turn: "
                    "a challenge is never worse, so accepting never pays",
                    {"draw": effect.draw, "challenger draws": effect.challenger_draws},
                    reading(deciding(edition, f"cards.{kind}.challenger_draws")),
                    f"cards.{kind}.challenger_draws",
                )
            )
        if effect.offender_draws == 0 and effect.bluff == "allowed-until-challenged":
            found.append(
                Finding(
                    f"redundancy:bluff-costs-nothing:{kind}",
                    "redundancy",
                    WARNING,
                    _section(edition, kind),
                    f"a bluff of {kind} caught by a challenge costs the bluffer nothing: its "
                    "rule about when it may be played is never enforced",
                    {"offender draws": 0, "bluff": effect.bluff},
                    reading(deciding(edition, f"cards.{kind}.offender_draws")),
                    f"cards.{kind}.offender_draws",
                )
            )
    return found


def redundancy(edition: Edition) -> list[Finding]:
    """Rules the deck never uses: card rules and first-flip entries for absent kinds."""
    present = edition.faces.kinds_in_play
    found = []
    unused_rules = sorted(k for k, _ in edition.effects if k not in present)
    if unused_rules:
        found.append(
            Finding(
                "redundancy:card-rules",
                "redundancy",
                INFO,
                sections.ACTION_CARDS,
                f"rules for cards that are not in the deck: {', '.join(unused_rules)}",
                {"not in the deck": unused_rules},
                None,
                "cards",
            )
        )
    if edition.rules.game_end == "single-hand":
        found.append(
            Finding(
                "redundancy:target",
                "redundancy",
                INFO,
                sections.SCORING,
                f"the target of {edition.rules.target_score} points is never read: a game is "
                "one hand (scoring.game_end)",
                {"target": edition.rules.target_score, "game_end": "single-hand"},
                None,
                "scoring.target",
            )
        )
    unused_flip = sorted(k for k in edition.rules.first_flip_ignores if k not in present)
    if unused_flip:
        found.append(
            Finding(
                "redundancy:first-flip",
                "redundancy",
                INFO,
                sections.FIRST_FLIP,
                f"the first flip ignores cards that are not in the deck: {', '.join(unused_flip)}",
                {"not in the deck": unused_flip},
                None,
                "setup.first_flip_ignores",
            )
        )
    return found


def applicable(edition: Edition, branch: Branch) -> bool:
    """Whether some card of the deck has an effect every rule function of `branch` needs."""
    effects = {type(edition.faces.effect[f]) for f in set(edition.faces.in_play)}
    functions = (*branch.conditions, *branch.unless, *branch.validators, branch.update)
    return all(
        not needed or any(effect in needed for effect in effects)
        for needed in (requirements_of(function) for function in functions)
    )


def ruled_out(edition: Edition, branch: Branch) -> tuple[str, str] | None:
    """(why, the deciding parameter) when `edition`'s parameters keep `branch` from ever
    firing: a condition of its own settled against it, or an earlier branch of its event
    settled to fire first (the machine tries an event's branches in order)."""
    for condition in branch.conditions:
        settled = settlement_of(condition, edition)
        if settled is not None and not settled[0]:
            return f"{condition.__name__} never holds", settled[1]
    for condition in branch.unless:
        settled = settlement_of(condition, edition)
        if settled is not None and settled[0]:
            return f"{condition.__name__} always holds", settled[1]
    for earlier in MACHINE.by_event[branch.source, branch.event]:
        if earlier is branch:
            return None
        values = [settlement_of(c, edition) for c in earlier.conditions]
        if earlier.unless or not values or any(v is None or not v[0] for v in values):
            continue
        names = " and ".join(c.__name__ for c in earlier.conditions)
        key = next(v[1] for v in values if v is not None)
        return f"{names} always holds, so {earlier.label} fires first", key
    return None


def can_fire(edition: Edition, branch: Branch) -> bool:
    """Neither the deck (`applicable`) nor the parameters (`ruled_out`) rule `branch` out."""
    return applicable(edition, branch) and ruled_out(edition, branch) is None


_CITED = re.compile(r"\(([A-Z][^()]*)\)\.?$")


def _first_paragraph(function: object) -> str:
    """A rule function's docstring's first paragraph on one line, where it cites its
    booklet section in parentheses at the end ("" for none)."""
    doc = (getattr(function, "__doc__", None) or "").strip().split("\n\n")[0]
    return " ".join(doc.split())


def rule_section(branch: Branch, edition: Edition | None = None) -> str:
    """The booklet section of `branch`'s rule. For a rule of some card effects (a Draw card,
    a Wild Draw card's challenge), the section the edition file gives the first card with
    such an effect (Action Cards when it has none); else the one its rule functions cite:
    each docstring's first paragraph ends with it in parentheses (Let's Play when none
    does)."""
    functions = (*branch.conditions, *branch.unless, branch.update, *branch.validators)
    if edition is not None:
        needed = {effect for f in functions for effect in requirements_of(f)}
        cited = dict(edition.sections)
        for kind, effect in edition.effects:
            if type(effect) in needed and kind in cited:
                return cited[kind]
        if needed:  # no card of this deck has the effect: its booklet has no such section
            return sections.ACTION_CARDS
    for function in functions:
        match = _CITED.search(_first_paragraph(function))
        if match:
            return match.group(1).split(";")[0].strip()
    return sections.TURN


def rule_words(branch: Branch) -> str:
    """What `branch` does, for someone who does not read machine labels: the first sentence
    of the docstring of its effect (else of its first rule check or condition), without the
    section it cites (that is the finding's own); its event's name when none has one. Where
    the same event from the same phase has other transitions, which share the effect, the
    words add when this one is taken, so that no two transitions read alike."""
    said = (_sentence(f) for f in (branch.update, *branch.validators, *branch.conditions))
    words = next((text for text in said if text), "") or branch.event.replace("_", " ")
    if len(MACHINE.by_event[(branch.source, branch.event)]) == 1:
        return words
    if not branch.conditions:
        return f"{words}; taken in every other case"
    when = _sentence(branch.conditions[0])
    if words == when:  # the condition's own words: they already say when
        return words
    return f"{words}; taken when {when[:1].lower()}{when[1:]}"


_AT_THE_END = re.compile(r"\s*\([^()]*\)\.?$")


def _sentence(function: object) -> str:
    """The first sentence of a rule function's docstring, without what it cites at the end
    in parentheses (a section, or "its Action Cards section")."""
    text = _AT_THE_END.sub("", _first_paragraph(function)).strip()
    return text.split(". ")[0].rstrip(".")


def dead_rules(edition: Edition, fired: Counter[int] | None, where: str) -> list[Finding]:
    """Transitions that exploration and random play never fired, though the deck has the
    cards they apply to and the parameters allow them (the others are listed as notes)."""
    if fired is None:
        return []
    if not any(fired.values()):  # no game got going: one finding, not one per transition
        return [
            Finding(
                "dead-rule:all",
                "dead-rule",
                WARNING,
                "Let's Play",
                f"no transition fired in {where}: no game got past its first step (see the "
                "other findings, or `unospec explore`, for why)",
                {"checked by": where},
                None,
                None,
            )
        ]
    found = []
    for branch in MACHINE.branches:
        if fired[branch.number]:
            continue
        off = ruled_out(edition, branch)
        if off is not None:
            found.append(
                Finding(
                    f"dead-rule:{branch.label}",
                    "dead-rule",
                    INFO,
                    rule_section(branch, edition),
                    f"{branch.label} cannot fire in this edition: {off[0]} ({off[1]})",
                    {
                        "transition": branch.label,
                        "what it does": rule_words(branch),
                        "ruled out by": off[1],
                    },
                    None,
                    off[1],
                )
            )
            continue
        used = applicable(edition, branch)
        found.append(
            Finding(
                f"dead-rule:{branch.label}",
                "dead-rule",
                WARNING if used else INFO,
                rule_section(branch, edition),
                f"{branch.label} never fired in {where}"
                + ("" if used else " (no card of this deck has the effect it applies to)"),
                {
                    "transition": branch.label,
                    "what it does": rule_words(branch),
                    "checked by": where,
                },
                None,
                None,
            )
        )
    return found


def endless_games(unfinished: dict[str, Any] | None) -> list[Finding]:
    """Random games still running at the step limit: the rules may leave a game no way to
    end (a hand no card of which can ever be played, say). Evidence from play, not a proof:
    the exploration's `game-can-end` is the proof, at its scale."""
    if unfinished is None:
        return []
    return [
        Finding(
            "game-can-end:random-games",
            "game-can-end",
            WARNING,
            sections.WINNING,
            f"{unfinished['did not end']} of {unfinished['games played']} random games did not "
            f"end within {unfinished['steps allowed per game']:,} steps: the rules may leave a "
            "game no way to end",
            unfinished,
            None,
            None,
        )
    ]


def assumptions(edition: Edition) -> list[Finding]:
    """Facts the edition file had to assume: deck composition lines, the player range."""
    found = []
    seen: Counter[str] = Counter()
    for i, entry in enumerate(edition.deck):
        if entry.provenance != "assumed":
            continue
        what = entry.kind if entry.kind != NUMBER else f"numbers {list(entry.ranks)}"
        # named by what the line holds, not where it is: moving a line changes no finding
        ident = (
            f"assumption:deck:{entry.kind}"
            + (f":{span(sorted(entry.ranks))}" if entry.ranks else "")
            + (":foil" if entry.foil else "")
        )
        seen[ident] += 1
        found.append(
            Finding(
                ident if seen[ident] == 1 else f"{ident}:{seen[ident]}",
                "assumption",
                INFO,
                sections.CONTENTS,
                f"{not_stated(edition.seed)} how many {what} cards the deck has: "
                f"{entry.copies} assumed ({entry.why})",
                {"entry": i, "kind": entry.kind, "copies": entry.copies},
                None,
                f"deck.cards.{i}",
            )
        )
    if edition.players_provenance == "assumed":
        rules = edition.rules
        found.append(
            Finding(
                "assumption:players",
                "assumption",
                INFO,
                sections.SET_UP,
                f"{not_stated(edition.seed)} how many may play: {rules.min_players}-"
                f"{rules.max_players} assumed",
                {"players": [rules.min_players, rules.max_players]},
                None,
                "players",
            )
        )
    return found


AT_ODDS = frozenset({"name-vs-effect", "legality-vs-judgment"})
"""Families whose question comes from two passages that disagree, not from a silence."""


def recorded(edition: Edition, covered: set[str], base: Edition | None = None) -> list[Finding]:
    """Every interpretation the edition file records that no other finding covers: the
    booklet is unclear or silent there, and the file says which reading it chose. Where
    the edition it is a variant of (`base`) chose otherwise, the finding says so: lint
    cannot read the booklet, but a variant that departs from its base's reading of it
    should say why."""
    theirs = {item.id: item.chosen for item in base.interpretations} if base else {}
    dealt = edition.faces.kinds_in_play & base.faces.kinds_in_play if base else set()
    found = []
    for i, item in enumerate(edition.interpretations):
        if item.id in covered:
            continue
        family = item.family or "unspecified-outcome"
        severity = INFO if family in ("assumption", "redundancy") else WARNING
        moot = does_not_arise(edition, item.decides)
        if moot:
            severity = INFO
        unmodelled = _not_modelled(item)
        opens = pulled_apart if family in AT_ODDS else left_open
        found.append(
            Finding(
                f"{family}:{item.id}",
                family,
                severity,
                item.section,
                f"{item.question} {opens(edition.seed)}; the edition file reads "
                f"{_shown(item.chosen)}."
                + (f" It does not arise here: {moot}." if moot else "")
                + (f" {unmodelled}" if unmodelled else "")
                + _departs(base, theirs.get(item.id), item.chosen, dealt),
                None,
                reading(item),
                f"interpretations.{i}",
            )
        )
    return found


def _departs(
    base: Edition | None, theirs: Reading | None, ours: Reading, dealt: AbstractSet[str]
) -> str:
    """`base`'s other reading of the same question, in words, or "" (the same, or none).
    Lists of card kinds are compared on the kinds both decks deal (`dealt`): a card only one
    deck has is the deck's difference, not the reading's."""

    def shared(chosen: Reading) -> Any:
        if not isinstance(chosen, tuple):
            return chosen
        return sorted(k for k in chosen if k not in KINDS or k in dealt)

    if base is None or theirs is None or shared(theirs) == shared(ours):
        return ""
    return f" Its base, {base.name}, reads {_shown(theirs)}: this file departs from it."


def _shown(chosen: Reading) -> str:
    """A reading in a message as the review's reader wants it, not as Python.

    >>> _shown(("skip", "wild")), _shown("acts-as-skip"), _shown(1), _shown(True)
    ('[skip, wild]', 'acts-as-skip', '1', 'true')
    """
    if isinstance(chosen, tuple):
        return "[" + ", ".join(chosen) + "]"
    if isinstance(chosen, bool):
        return "true" if chosen else "false"
    return str(chosen)


def _not_modelled(item: Interpretation) -> str | None:
    """Why the model may not play as a reading says: no parameter decides it and the kernel
    answers no question of that id (a house rule written as a note, say). A reading of the
    deck is the file's own deck lines (`DATA_READINGS`), whatever family it names."""
    if played_by_model(item.id, item.decides):
        return None
    return (
        "No parameter decides this reading and unospec models no question of this id: the "
        "model plays its own rules here, whatever the file chose."
    )


_REDEAL = next(b for b in MACHINE.branches if no_number_card_left in b.conditions)
"""The first flip finding no card that may start the pile: what `flip_exhausted` rules."""


def does_not_arise(edition: Edition, decides: str | None) -> str | None:
    """Why the question a reading answers never comes up in this edition, if it does not:
    a rule for two players in an edition for more, a rule of a card the deck lacks."""
    if decides is None:
        return None
    rules = edition.rules
    if decides.endswith(".with_two_players") and rules.min_players > 2:
        players = list(range(rules.min_players, rules.max_players + 1))
        return f"the edition is for {span(players)} players"
    if decides == "setup.next_leader" and rules.game_end == "single-hand":
        return "a game is one hand, so no next hand is dealt"
    if decides == "setup.flip_exhausted" and not can_fire(edition, _REDEAL):
        return "the hands always leave a card that may start the discard pile"
    parts = decides.split(".")
    if parts[0] == "cards" and len(parts) > 2 and parts[1] not in edition.faces.kinds_in_play:
        return f"the deck has no {parts[1]} card"
    return None
