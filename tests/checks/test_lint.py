"""Consistency analysis: findings come from the model, so a new edition file with a seeded
defect gets the finding, whatever it is called."""

from __future__ import annotations

import functools
import json
from collections import Counter
from pathlib import Path

import pytest
from scenario import (
    CALL_WITH_PLAY,
    LAST_CARD,
    SINGLE_HAND,
    edition,
    edition_file,
    full_builtins,
    proved,
)

from unospec.checks.analyses.lint import LintReport, lint
from unospec.checks.analyses.lint import coverage as coverage_module
from unospec.checks.analyses.lint.families.dead_rules import dead_rules
from unospec.checks.analyses.lint.families.does_not_arise import does_not_arise
from unospec.checks.analyses.lint.finding import ERROR, INFO, WARNING
from unospec.checks.analyses.lint.sarif import to_sarif
from unospec.checks.analyses.lint.unrecorded import ASKED, NOT_ASKED, PARAMETERS
from unospec.checks.engines import simulate
from unospec.checks.engines.replay import replay
from unospec.cli import main
from unospec.editions import builtin_path, load_edition
from unospec.editions.schema import FIXED_READINGS, RULE_KEYS
from unospec.model.primitives import by_name, parameters
from unospec.model.table import MACHINE
from unospec.model.trace import parse_trace

KEYS = {"id", "family", "severity", "section", "message", "witness", "interpretation", "key"}


@functools.cache
def _shipped(name: str) -> LintReport:
    """A built-in edition's findings as it ships, linted once per process (the report is
    frozen; not for a test that patches what lint reads)."""
    return lint(edition(name), proofs=proved(name))


def _edited(tmp_path: Path, base: str, *edits: str, name: str = "house-rules") -> Path:
    """A copy of a built-in edition under another name, with (old, new) text edits."""
    return edition_file(tmp_path, base, name, *zip(edits[::2], edits[1::2], strict=True))


def _families(path: Path) -> dict[str, list[dict]]:  # type: ignore[type-arg]
    found: dict[str, list[dict]] = {}  # type: ignore[type-arg]
    for finding in lint(load_edition(str(path))).to_json()["findings"]:
        found.setdefault(finding["family"], []).append(finding)
    return found


@pytest.mark.slow
def test_a_seeded_legality_judgment_contradiction_is_found(tmp_path: Path) -> None:
    """A classic deck whose challenge also counts wilds gets an error with a replayable game
    in which an honest player is penalised (Action Cards: Wild Draw Four card)."""
    recorded = (
        'guilty_if_holding"\nchosen = ["current-color"]\nalternatives = [["current-color", "wild"]]'
    )
    swapped = (
        'guilty_if_holding"\nchosen = ["current-color", "wild"]\nalternatives = [["current-color"]]'
    )
    path = _edited(
        tmp_path,
        "classic",
        'guilty_if_holding = ["current-color"]',
        'guilty_if_holding = ["current-color", "wild"]',
        recorded,
        swapped,
    )
    [finding] = _families(path)["legality-vs-judgment"]
    assert finding["severity"] == "error"
    assert finding["section"] == "Action Cards: Wild Draw Four card"
    game = finding["witness"]["game"]
    trace = parse_trace(json.dumps(game["trace"]))
    result = replay(load_edition(str(path)), trace)
    assert result.ok and result.final is not None
    assert len(result.final.hands[0]) == 7 - 1 + 4  # dealt 7 (Set Up 2), played it, drew 4
    judged = game["offender's hand when played"]  # the hand the challenge judges: 6 cards,
    assert len(judged) == 6 and "wild" in judged  # a wild and none of the colour in force
    assert not [c for c in judged if c.startswith(game["colour in force when played"])]
    assert sorted(game["offender's hand after the challenge"]) != sorted(judged)
    assert "legality-vs-judgment" not in _families(builtin_path("classic"))


@pytest.mark.slow
def test_the_witness_game_seats_as_many_players_as_the_edition_needs(tmp_path: Path) -> None:
    """An edition for 3 to 10 players gets its witness game with 3 players, which replays
    (a 2-player game of it would be refused, and `lint` failed on it with exit 2)."""
    path = _edited(tmp_path, "star-wars", "[players]\nmin = 2", "[players]\nmin = 3")
    [finding] = _families(path)["legality-vs-judgment"]
    trace = parse_trace(json.dumps(finding["witness"]["game"]["trace"]))
    assert trace.players == 3
    result = replay(load_edition(str(path)), trace)
    assert result.ok and result.final is not None
    assert len(result.final.hands[0]) > len(result.final.hands[2])  # paid the penalty


@pytest.mark.slow
def test_a_wild_the_first_flip_does_not_ignore_is_a_gap_with_a_witness(tmp_path: Path) -> None:
    """Express lists ignoring only coloured action cards at the first flip as an alternative
    (Set Up 4). With it a wild can start the pile with no colour in force; the witness deal
    replays to that table, where the first player may only draw."""
    ignored = '["skip", "reverse", "draw-one", "wild", "wild-draw-two"]'
    narrow = '["skip", "reverse", "draw-one"]'
    path = _edited(
        tmp_path,
        "express",
        f"first_flip_ignores = {ignored}",
        f"first_flip_ignores = {narrow}",
        f"chosen = {ignored}\nalternatives = [{narrow}]",
        f"chosen = {narrow}\nalternatives = [{ignored}]",
    )
    found = {f["id"]: f for f in lint(load_edition(str(path))).to_json()["findings"]}
    for kind in ("wild", "wild-draw-two"):
        finding = found[f"unspecified-outcome:first-flip:{kind}"]
        assert finding["section"] == "Set Up 4" and finding["severity"] == "warning"
        assert finding["interpretation"]["id"] == "first-flip-action-cards"
        trace = parse_trace(json.dumps(finding["witness"]["trace"]))
        result = replay(load_edition(str(path)), trace)
        assert result.ok and result.final is not None
        assert result.final.discard == (load_edition(str(path)).faces.face(kind),)
        assert result.final.color == -1
        assert finding["witness"]["player 0 may"] == [{"player": 0, "action": "draw"}]
    express = _shipped("express").to_json()["findings"]
    assert not [f for f in express if f["id"].startswith("unspecified-outcome:first-flip:")]


@pytest.mark.slow
def test_a_seeded_name_effect_contradiction_is_found(tmp_path: Path) -> None:
    """A Draw Two that makes the next player draw 3 contradicts its name."""
    path = _edited(tmp_path, "classic", "draw = { count = 2 }", "draw = { count = 3 }")
    [finding] = _families(path)["name-vs-effect"]
    assert finding["severity"] == "error" and finding["witness"] == {
        "name says": 2,
        "effect draws": 3,
    }


@pytest.mark.parametrize(
    ("printed", "draw", "says"),
    [("Draw Three", 3, None), ("Cannon Ball", 3, None), ("Draw 3", 2, 3), ("Draw Three", 2, 3)],
)
@pytest.mark.slow
def test_a_printed_name_is_what_states_the_amount(
    tmp_path: Path, printed: str, draw: int, says: int | None
) -> None:
    """A themed deck's Draw card is held to the name its booklet prints (the file's `name`),
    not to its kind's id: "Draw Three" dealing 3 contradicts nothing, a name with no number
    states no amount (Action Cards)."""
    old = "draw = { count = 2 }"
    path = _edited(tmp_path, "classic", old, f'name = "{printed}"\ndraw = {{ count = {draw} }}')
    found = _families(path).get("name-vs-effect", [])
    if says is None:
        assert found == []
    else:
        [finding] = found
        assert finding["witness"] == {"name says": says, "effect draws": draw}
        assert finding["message"].startswith(f"{printed} is named for {says} cards")


def test_express_draw_one_text_contradicts_its_name() -> None:
    """Express's Draw One text says 2 while its name says one (Action Cards: Draw One)."""
    [finding] = _families(builtin_path("express"))["name-vs-effect"]
    assert finding["section"] == "Action Cards: Draw One"
    assert finding["interpretation"]["chosen"] == 1 and finding["interpretation"][
        "alternatives"
    ] == [2]


@pytest.mark.slow
def test_a_card_without_a_value_is_a_scoring_finding(tmp_path: Path) -> None:
    """Removing the Wild's value from the scoring table is reported (Keeping Score)."""
    path = _edited(tmp_path, "classic", "wild = 50\n", "")
    findings = _families(path)["scoring-coverage"]
    assert [f["id"] for f in findings] == ["scoring-coverage:missing"]
    assert findings[0]["witness"] == {"no value for": ["wild"]}


@pytest.mark.slow
def test_hail_mary_turn_order_ignores_direction() -> None:
    """'Play continues to your left' gives the next turn against the direction of play; the
    witness shows both players (Action Cards: Wild Hail Mary Card)."""
    [finding] = _families(builtin_path("nfl-cowboys"))["turn-order"]
    witness = finding["witness"]
    assert witness["next by the rule as read"] != witness["next in the direction of play"]


@pytest.mark.slow
def test_every_finding_has_the_reported_fields_and_a_section() -> None:
    """Each finding of every built-in edition carries id, family, severity, section, message,
    witness and interpretation; ids are unique."""
    for name in ("classic", "express", "nfl-cowboys", "star-wars", "super-bowl-lvii"):
        findings = _shipped(name).to_json()["findings"]
        assert all(set(f) == KEYS and f["section"] and f["message"] for f in findings)
        assert len({f["id"] for f in findings}) == len(findings)
        assert all(f["severity"] in ("error", "warning", "info") for f in findings)


@pytest.mark.slow
def test_sarif_has_one_result_per_finding_on_the_edition_file() -> None:
    """The SARIF log is version 2.1.0 with one result per finding, located in the file."""
    report = _shipped("nfl-cowboys")
    log = to_sarif([report])
    assert log["version"] == "2.1.0"
    results = log["runs"][0]["results"]
    assert len(results) == len(report.findings)
    first = results[0]["locations"][0]["physicalLocation"]
    uri = first["artifactLocation"]["uri"]  # a URI: file: for the built-in's absolute path
    assert uri.startswith("file:///") and uri.endswith("nfl-cowboys.toml")
    line = first["region"]["startLine"]
    text = builtin_path("nfl-cowboys").read_text().splitlines()
    assert text[line - 1].startswith("guilty_if_holding")


@pytest.mark.slow
def test_lint_cli_formats(capsys, tmp_path: Path) -> None:  # type: ignore[no-untyped-def]
    """`lint --format json` is one object with the edition and its findings; `sarif` too."""
    assert main(["lint", "express", "--games", "5", "--scale", "none", "--format", "json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["edition"] == "express" and data["findings"]
    assert main(["lint", "express", "--games", "0", "--scale", "none", "--format", "sarif"]) == 0
    assert json.loads(capsys.readouterr().out)["version"] == "2.1.0"


def test_a_dead_card_rule_cites_the_section_the_edition_file_gives_that_card() -> None:
    """A never-fired rule of a card cites the edition's own section for the card: Express's
    challenge is its "Action Cards: Wild Draw Two" (not classic's Wild Draw Four wording),
    its Draw card's deal "Action Cards: Draw One". A rule of a card the deck lacks cites
    the Action Cards chapter; a rule of no card, what its functions cite (Calling UNO)."""
    never = Counter({MACHINE.branches[0].number: 1})
    express = {f.id: f.section for f in dead_rules(edition("express"), never, "a test")}
    assert express["dead-rule:awaiting_challenge --challenge--> table_draws"] == (
        "Action Cards: Wild Draw Two"
    )
    assert express["dead-rule:awaiting_play --play [plays_draw_card]--> table_draws"] == (
        "Action Cards: Draw One"
    )
    assert express["dead-rule:hail_mary_discard --keep--> resolving"] == "Action Cards"
    assert express["dead-rule:uno_window --catch--> table_draws"] == "Calling UNO"


def test_a_transition_the_parameters_switch_off_is_a_note_not_a_dead_rule(
    tmp_path: Path,
) -> None:
    """With the single-hand reading of Keeping Score, `game_is_won` holds whenever a hand is
    over, so scoring never deals again. That is the edition's choice, not a dead rule: a note
    naming the parameter (it was a warning, "never fired"). So is classic's redeal: ten hands
    of 7 cannot hold its 76 cards that may start the discard pile (Set Up 2 and 4). A rule the
    parameters allow and the games never fire stays a warning: Express's redeal (ten hands of
    5 can hold its 36 number cards)."""
    single = edition_file(tmp_path, "classic", "house-rules", *SINGLE_HAND)
    never = Counter({b.number: 1 for b in MACHINE.branches if b.target != "dealing"})
    dead = {f.id: f for f in dead_rules(load_edition(str(single)), never, "a test")}
    switched_off = dead["dead-rule:hand_over --score--> dealing"]
    assert switched_off.severity == INFO and switched_off.key == "scoring.game_end"
    assert "game_is_won always holds" in switched_off.message
    redeal = dead["dead-rule:first_flip --flip [no_number_card_left]--> dealing"]
    assert redeal.severity == INFO and redeal.key == "setup.first_flip_ignores"
    assert "no_number_card_left never holds" in redeal.message
    # each names the section its rule functions cite, not a generic "Let's Play"
    assert (switched_off.section, redeal.section) == ("Keeping Score", "Set Up 4")
    target = {f.id: f for f in dead_rules(edition("classic"), never, "a test")}
    assert target["dead-rule:hand_over --score--> dealing"].severity == WARNING
    express = {f.id: f for f in dead_rules(edition("express"), never, "a test")}
    assert express["dead-rule:first_flip --flip [no_number_card_left]--> dealing"].severity == (
        WARNING
    )


def test_a_call_the_edition_makes_with_the_play_is_a_note_not_a_dead_rule() -> None:
    """Where UNO is called with the play of the second-last card (Calling UNO; the reading
    `uno_window`), a call after the play is refused in every state (`check_uno`), so the
    window's own call never fires: the edition's choice, a note naming the parameter (it
    was a warning, "never fired"). Where the call is made after the play, the same
    transition never firing stays a warning."""
    label = "uno_window --uno--> uno_called"
    never = Counter({b.number: 1 for b in MACHINE.branches if b.label != label})
    dead = {f.id: f for f in dead_rules(load_edition(CALL_WITH_PLAY), never, "a test")}
    switched_off = dead[f"dead-rule:{label}"]
    assert switched_off.severity == INFO and switched_off.key == "play.uno_window"
    assert "check_uno refuses every such action" in switched_off.message
    assert switched_off.section == "Calling UNO"
    classic = {f.id: f for f in dead_rules(edition("classic"), never, "a test")}
    assert classic[f"dead-rule:{label}"].severity == WARNING


def test_a_redeal_the_largest_table_can_just_reach_stays_a_warning(tmp_path: Path) -> None:
    """Four hands of 9 can hold all 36 of Express's number cards, the only cards its first
    flip keeps (Set Up 2 and 4): a deal can leave none to turn up, so its parameters do not
    switch the redeal off, and games that never reach it leave a warning, not a note (with
    hands of 8 it would be a note, as classic's is)."""
    edits = ("max = 10\n", "max = 4\n", "hand_size = 5 #", "hand_size = 9 #")
    path = _edited(tmp_path, "express", *edits)
    never = Counter({b.number: 1 for b in MACHINE.branches if b.target != "dealing"})
    dead = {f.id: f for f in dead_rules(load_edition(str(path)), never, "a test")}
    redeal = dead["dead-rule:first_flip --flip [no_number_card_left]--> dealing"]
    assert redeal.severity == WARNING and "never holds" not in redeal.message


@pytest.mark.slow
def test_an_edition_no_hand_of_which_can_begin_is_a_contradiction(tmp_path: Path) -> None:
    """A first flip that ignores every kind of card (Set Up 4) leaves nothing to start the
    discard pile: an error naming the parameter. The random games then fire no transition at
    all, which is one dead-rule finding, not forty."""
    old = '["skip", "reverse", "draw-one", "wild", "wild-draw-two"]'
    new = '["number", "skip", "reverse", "draw-one", "wild", "wild-draw-two"]'
    edits = (f"first_flip_ignores = {old}", f"first_flip_ignores = {new}")
    path = _edited(tmp_path, "express", *edits, f"chosen = {old}", f"chosen = {new}")
    report = lint(load_edition(str(path)), fired=Counter(), checked_by="3 games")
    found = {f.id: f for f in report.findings}
    stuck = found["resource-exhaustion:no-first-card"]
    assert stuck.severity == ERROR and stuck.section == "Set Up 4"
    assert stuck.key == "setup.first_flip_ignores"
    dead = [f for f in report.findings if f.family == "dead-rule"]
    assert [f.id for f in dead] == ["dead-rule:all"]
    assert "resource-exhaustion:no-first-card" not in {f.id for f in _shipped("express").findings}


@pytest.mark.slow
def test_a_challenge_that_acquits_a_bluff_is_a_contradiction(tmp_path: Path) -> None:
    """A Wild Draw Four illegal while holding the colour in force (Action Cards), judged by
    wilds alone: a bluff holding that colour is acquitted and the challenger draws 6. An
    error in the legality-vs-judgment family, naming the judgment parameter."""
    path = _edited(
        tmp_path,
        "classic",
        'guilty_if_holding = ["current-color"]',
        'guilty_if_holding = ["wild"]',
        'guilty_if_holding"\nchosen = ["current-color"]',
        'guilty_if_holding"\nchosen = ["wild"]',
    )
    found = {f.id: f for f in lint(load_edition(str(path))).findings}
    bluff = found["legality-vs-judgment:bluff:wild-draw-four"]
    assert (
        bluff.severity == ERROR and bluff.key == "cards.wild-draw-four.wild-draw.guilty_if_holding"
    )
    assert bluff.message.endswith("such a bluff is judged innocent and the challenger draws 6")
    assert bluff.witness["hand"]["a card of the colour in force"] is True
    assert "legality-vs-judgment:bluff:wild-draw-four" not in {
        f.id for f in _shipped("classic").findings
    }


@pytest.mark.slow
def test_random_games_that_do_not_end_are_a_finding(monkeypatch: pytest.MonkeyPatch) -> None:
    """Games still running at the step limit are evidence that the rules leave a game no way
    to end (an interrupt-only Hail Mary held twice, in a user's edition, did this): lint says
    so with the command that replays the first. Here the limit is cut to 30 steps, which no
    game of classic ends in; lint stops after three such games."""
    capped = functools.partial(simulate.run_games, max_steps=30)
    monkeypatch.setattr(simulate, "run_games", capped)  # coverage imports it when it plays
    seen = coverage_module.coverage(edition("classic"), 10, None)
    assert seen.unfinished is not None
    assert seen.unfinished["did not end"] == seen.unfinished["games played"] == 3
    assert seen.unfinished["first"] == "unospec play classic --players 2 --seed 0"
    report = lint(edition("classic"), fired=seen.fired, unfinished=seen.unfinished)
    [endless] = [f for f in report.findings if f.family == "game-can-end"]
    assert endless.severity == WARNING and endless.section == "Winning"
    assert endless.message.startswith("3 of 3 random games did not end")
    assert not [f for f in lint(edition("classic")).findings if f.family == "game-can-end"]


@pytest.mark.slow
def test_a_reading_for_two_players_is_a_note_in_an_edition_for_more(tmp_path: Path) -> None:
    """Whether a Reverse with two players acts as a Skip (Action Cards: Reverse card) never
    comes up at a table of three to five: a note saying so, not a warning."""
    trio = _edited(tmp_path, "classic", "min = 2\nmax = 10", "min = 3\nmax = 5", name="trio")
    found = {f.id: f for f in lint(load_edition(str(trio))).findings}
    reverse = found["unspecified-outcome:reverse-with-two-players"]
    assert reverse.severity == INFO
    assert reverse.message.endswith("It does not arise here: the edition is for 3-5 players.")
    plain = {f.id: f for f in _shipped("classic").findings}
    assert plain["unspecified-outcome:reverse-with-two-players"].severity == WARNING


@pytest.mark.slow
def test_who_leads_the_next_hand_is_a_note_when_a_game_is_one_hand(tmp_path: Path) -> None:
    """In a single-hand game (Keeping Score left out) no next hand is dealt, so who deals it
    (Winning) never comes up: a note saying so, not a warning."""
    one = edition_file(tmp_path, "classic", "one-hand", *SINGLE_HAND)
    found = {f.id: f for f in lint(load_edition(str(one))).findings}
    leader = found["unspecified-outcome:next-hand-leader"]
    assert leader.severity == INFO and leader.message.endswith("no next hand is dealt.")
    plain = {f.id: f for f in _shipped("classic").findings}
    assert plain["unspecified-outcome:next-hand-leader"].severity == WARNING


@pytest.mark.slow
def test_a_player_count_the_deck_cannot_deal_is_an_error(tmp_path: Path) -> None:
    """Hands of 20 from 108 cards (Set Up 2) cannot be dealt to 6 or more, which the
    edition's 2-10 allows: an error naming them. For 4-5 players the first flip can find
    only ignored cards (Set Up 4): that stays a warning beside it (the error once replaced
    it). Express's flip at 8-10 players alone is the warning only, and it says that Express
    gives no player count (its 2-10 is the file's assumption, so the defect may be there)."""
    big = _edited(tmp_path, "classic", "hand_size = 7", "hand_size = 20", name="big")
    found = {f.id: f for f in lint(load_edition(str(big))).findings}
    deal = found["resource-exhaustion:deal"]
    assert deal.severity == ERROR and deal.key == "players.max"
    assert (
        deal.message == "the deck cannot deal the hands for 6-10 players, which the edition allows"
    )
    assert found["resource-exhaustion:setup"].severity == WARNING
    express = {f.id: f for f in _shipped("express").findings}
    assert "resource-exhaustion:deal" not in express
    flip = express["resource-exhaustion:setup"]
    assert flip.severity == WARNING and flip.key == "setup.flip_exhausted"
    assert flip.message.endswith(
        "(the booklet does not state how many may play: the edition file assumes 2-10)"
    )


def test_a_reading_between_two_passages_at_odds_says_so() -> None:
    """Express's Action Cards NOTE lets wilds be played at any time, while its Wild Draw Two
    paragraph restricts when that card may be played: the recorded reading answers two
    passages that disagree, not a silence of the booklet."""
    express = {f.id: f for f in _shipped("express").findings}
    message = express["legality-vs-judgment:wilds-any-time"].message
    assert "Two of the booklet's passages pull apart here" in message
    assert "leaves it open" not in message
    silent = express["unspecified-outcome:draw-by-choice"].message
    assert "The booklet leaves it open" in silent


@pytest.mark.slow
def test_rules_that_never_change_a_game_are_found(tmp_path: Path) -> None:
    """A catch that costs nothing (Calling UNO, penalty 0) and a Wild Draw Four challenge
    that can never succeed (bluffs refused, judged by the legality rule: Action Cards) are
    rules with no effect: redundancy warnings naming the parameter to look at."""
    path = _edited(
        tmp_path,
        "classic",
        "uno_penalty = 2",
        "uno_penalty = 0",
        'bluff = "allowed-until-challenged"',
        'bluff = "refused"',
        'chosen = "allowed-until-challenged"\nalternatives = ["refused"]',
        'chosen = "refused"\nalternatives = ["allowed-until-challenged"]',
    )
    found = {f.id: f for f in lint(load_edition(str(path))).findings}
    assert found["redundancy:uno-penalty"].key == "play.uno_penalty"
    never = found["redundancy:challenge-never-succeeds:wild-draw-four"]
    assert never.severity == WARNING and never.key == "cards.wild-draw-four.wild-draw.bluff"
    assert "the offender never draws 4" in never.message
    plain = {f.id for f in _shipped("classic").findings}
    assert (
        not {"redundancy:uno-penalty", "redundancy:challenge-never-succeeds:wild-draw-four"} & plain
    )


@pytest.mark.slow
def test_a_challenge_that_decides_nothing_is_found(tmp_path: Path) -> None:
    """Wild Draw Four (Action Cards): a failed challenge costing no more than accepting (4
    and 4) makes accepting never worth it, and a caught bluff costing nothing (0) leaves the
    card's legality rule unenforced; classic's 6 and 4 are neither."""
    path = _edited(
        tmp_path,
        "classic",
        "challenger_draws = 6",
        "challenger_draws = 4",
        "offender_draws = 4",
        "offender_draws = 0",
    )
    found = {f.id: f for f in lint(load_edition(str(path))).findings}
    accept = found["redundancy:accept-never-pays:wild-draw-four"]
    assert (
        accept.severity == WARNING
        and accept.key == "cards.wild-draw-four.wild-draw.challenger_draws"
    )
    assert accept.section == "Action Cards: Wild Draw Four card"
    assert "costs 4, no more than accepting it (4)" in accept.message
    bluff = found["redundancy:bluff-costs-nothing:wild-draw-four"]
    assert bluff.key == "cards.wild-draw-four.wild-draw.offender_draws"
    assert bluff.witness == {"offender draws": 0, "bluff": "allowed-until-challenged"}
    plain = {f.id for f in _shipped("classic").findings}
    assert not {i for i in plain if ":accept-never-pays:" in i or ":bluff-costs-nothing:" in i}


@pytest.mark.slow
def test_a_variant_that_departs_from_its_bases_reading_is_told_so(tmp_path: Path) -> None:
    """A house rule judging Express's Wild Draw Two challenge by the colour alone (seed 003,
    Action Cards: Wild Draw Two, counts wilds too) is a reading Express itself does not
    choose: its finding names the base and the base's reading. Lint cannot read the
    booklet; the base's reading of it is what it can compare."""
    path = _edited(
        tmp_path,
        "express",
        'variant_of = "classic"',
        'variant_of = "express"',
        'guilty_if_holding = ["current-color", "wild"]',
        'guilty_if_holding = ["current-color"]',
        'chosen = ["current-color", "wild"]\nalternatives = [["current-color"]]',
        'chosen = ["current-color"]\nalternatives = [["current-color", "wild"]]',
    )
    found = {f.id: f for f in lint(load_edition(str(path))).findings}
    judged = found["unspecified-outcome:wild-draw-judgment"]
    assert judged.message.endswith(
        "Its base, express, reads [current-color, wild]: this file departs from it."
    )
    others = [f for f in found.values() if "departs" in f.message and f is not judged]
    assert not others, others  # the readings it keeps are not said to depart
    cowboys = [f.message for f in _shipped("nfl-cowboys").findings if "departs" in f.message]
    assert len(cowboys) == 1 and "reads acts-as-skip" in cowboys[0]  # its Hail Mary is its deck's


def _with_stacking(tmp_path: Path, base: str, family: str = "") -> Path:
    """Built-in `base` with a Draw Two stacking house rule written as a reading."""
    path = edition_file(tmp_path, base, "house-rules")
    path.write_text(
        path.read_text(encoding="utf-8")
        + f'\n[[interpretations]]\nid = "draw-two-stacking"\n{family}section = "House Rules"\n'
        'question = "May a Draw Two answer a Draw Two?"\nchosen = "stack"\n'
        'alternatives = ["no-stacking"]\nwhy = "house rule"\n',
        encoding="utf-8",
    )
    return path


@pytest.mark.slow
def test_a_house_rule_written_as_a_reading_is_said_not_to_be_played(tmp_path: Path) -> None:
    """A reading no parameter decides, of a question unospec does not model (a Draw Two
    stacking house rule), is reported with the warning that the model does not play it; it
    was reported as if the chosen reading were the one checked. A question the kernel does
    answer (Calling UNO's window) carries no such warning."""
    path = _with_stacking(tmp_path, "classic")
    found = {f["id"]: f for f in lint(load_edition(str(path))).to_json()["findings"]}
    stacking = found["unspecified-outcome:draw-two-stacking"]
    assert stacking["severity"] == "warning"
    assert "unospec models no question of this id" in stacking["message"]
    assert "models no question" not in found["unspecified-outcome:uno-window"]["message"]


@pytest.mark.slow
def test_a_parameter_reading_without_decides_says_what_the_model_plays(tmp_path: Path) -> None:
    """A reading of the Reverse-with-two-players question that names no `decides` sets
    nothing: the file's parameter is played. Lint said "unospec models no question of this
    id", which is false, and hid the parameter's value, so a file whose reading and
    parameter disagree went unremarked; it now names the parameter and its value, once."""
    path = _edited(
        tmp_path,
        "classic",
        'with_two_players = "acts-as-skip"',
        'with_two_players = "direction-only"',
        'decides = "cards.reverse.reverse.with_two_players"\n',
        "",
    )
    findings = lint(load_edition(str(path))).to_json()["findings"]
    ids = [f["id"] for f in findings]
    assert len(ids) == len(set(ids))
    found = {f["id"]: f for f in findings}["unspecified-outcome:reverse-with-two-players"]
    assert "models no question" not in found["message"]
    assert 'cards.reverse.reverse.with_two_players, "direction-only"' in found["message"]
    assert found["key"] == "cards.reverse.reverse.with_two_players"
    assert found["interpretation"]["chosen"] == "acts-as-skip"


def test_an_action_card_the_first_flip_keeps_is_said_to_do_nothing(tmp_path: Path) -> None:
    """Express's first flip ignoring only its wilds keeps a Skip turned up first (Set Up 4):
    the model starts the pile with it as a plain red card, a reading no booklet states, so
    lint says so (it said nothing)."""
    old = '["skip", "reverse", "draw-one", "wild", "wild-draw-two"]'
    new = '["wild", "wild-draw-two"]'
    kept = _edited(
        tmp_path,
        "express",
        f"first_flip_ignores = {old}",
        f"first_flip_ignores = {new}",
        f"chosen = {old}",
        f"chosen = {new}",
    )
    found = {f.id: f for f in lint(load_edition(str(kept))).findings}
    assert {"unspecified-outcome:first-flip:skip", "unspecified-outcome:first-flip:reverse"} <= set(
        found
    )
    skip = found["unspecified-outcome:first-flip:skip"]
    assert skip.severity == WARNING and skip.section == "Set Up 4"
    assert "its action is not carried out" in skip.message


def _without_reading(tmp_path: Path, base: str, *idents: str) -> Path:
    """A copy of built-in `base` whose file records no reading of `idents`."""
    blocks = builtin_path(base).read_text(encoding="utf-8").split("\n[[interpretations]]\n")
    kept = [b for b in blocks if not any(f'id = "{i}"\n' in b for i in idents)]
    assert len(kept) == len(blocks) - len(idents)
    path = tmp_path / f"{base}-unrecorded.toml"
    path.write_text("\n[[interpretations]]\n".join(kept), encoding="utf-8")
    return path


@pytest.mark.slow
def test_a_question_the_kernel_answers_is_asked_when_the_file_does_not(tmp_path: Path) -> None:
    """An edition whose file records no reading of Calling UNO's window or of the last card's
    action (Winning), or of the Hail Mary's trigger, still gets each question, with the
    answer the model plays (a file written from scratch cannot know the kernel chose)."""
    path = _without_reading(
        tmp_path, "nfl-cowboys", "uno-window", "final-card-effects", "hail-mary-trigger"
    )
    found = {f.id: f for f in lint(load_edition(str(path))).findings}
    window = found["unspecified-outcome:uno-window"]
    assert window.severity == WARNING and window.section == "Calling UNO"
    assert window.message.endswith(
        "records no reading (uno-window); the model plays "
        "from-the-resolved-play-until-the-next-players-first-action."
    )
    assert found["unspecified-outcome:final-card-effects"].section == "Winning"
    trigger = found["unspecified-outcome:hail-mary-trigger"]
    assert trigger.section == "Action Cards: Wild Hail Mary Card"
    assert "by-another-player-after-an-uno-call" in trigger.message
    classic = {f.id for f in _shipped("classic").findings}
    assert not any(i.startswith("unspecified-outcome:hail-mary") for i in classic)  # no such card


@pytest.mark.parametrize(
    ("rules", "reading", "played", "section"),
    [
        ('[play]\nreshuffle_when = "before-a-short-draw"\n\n', "reshuffle-when",
         "before-a-short-draw", "Let's Play: NOTE"),
        ('[play]\nfinal_card_effects = "effects-apply-then-score"\n\n', "final-card-effects",
         "effects-apply-then-score", "Winning"),
    ],
    ids=["reshuffle-when", "final-card-effects"],
)  # fmt: skip
def test_an_unrecorded_reading_of_an_rlcard_rule_is_asked_with_the_answer_the_file_plays(
    tmp_path: Path, rules: str, reading: str, played: str, section: str
) -> None:
    """A file that plays one of RLCard's rules deciding a reading the model answers in code
    (`play.reshuffle_when`, `play.final_card_effects`) and records no reading of it is asked
    it with the answer it plays, not the one the model plays where the key is left out."""
    base = LAST_CARD if reading == "final-card-effects" else "classic"
    path = tmp_path / "unrecorded.toml"
    path.write_text(
        f'format = 1\nname = "unrecorded"\ntitle = "Unrecorded"\nvariant_of = "{base}"\n\n'
        f'{rules}[[interpretations]]\nid = "{reading}"\nremove = true\n',
        encoding="utf-8",
    )
    found = {f.id: f for f in lint(load_edition(str(path))).findings}
    asked = found[f"unspecified-outcome:{reading}"]
    assert asked.message.endswith(f"the model plays {played}.")
    assert asked.section == section


@pytest.mark.slow
def test_a_parameter_the_booklets_leave_open_is_asked_when_the_file_records_no_reading(
    tmp_path: Path,
) -> None:
    """Classic's file without its readings of the after-drawing rule (Let's Play), of the
    Wild Draw Four's bluff (Action Cards), of the top card at a reshuffle (Let's Play: NOTE)
    and of a draw with no card left (Let's Play) gets the same findings, under the same ids,
    now saying the file records no reading and naming its value, and the other values the
    model plays: a file that records none once got fewer findings than one that records
    them all."""
    idents = ("after-drawing", "wild-draw-bluff", "reshuffle-top-card", "empty-handed-draw")
    recorded = {f.id: f for f in _shipped("classic").findings}
    path = _without_reading(tmp_path, "classic", *idents)
    found = {f.id: f for f in lint(load_edition(str(path))).findings}
    assert set(found) == set(recorded)
    after = found["unspecified-outcome:after-drawing"]
    assert after.severity == WARNING and after.interpretation is None
    assert after.message.endswith(
        'records no reading (after-drawing); its play.after_drawing is "drawn-card-only" '
        '(the model also plays "any-matching-card").'
    )
    bluff = found["unspecified-outcome:wild-draw-bluff"]
    assert bluff.section == "Action Cards: Wild Draw Four card"
    assert (
        'its cards.wild-draw-four.wild-draw.bluff is "allowed-until-challenged" (the model also '
        'plays "refused").'
    ) in bluff.message
    top = found["unspecified-outcome:reshuffle-top-card"]
    assert top.message.endswith(
        'its play.reshuffle is "keep-top-card" (the model also plays "whole-discard-pile").'
    )
    empty = found["unspecified-outcome:empty-handed-draw"]
    assert empty.message.endswith(
        'its play.empty_handed_draw is "turn-passes" (the model also plays '
        '"player-may-play-from-hand").'
    )


@pytest.mark.parametrize("name", full_builtins())
@pytest.mark.slow
def test_a_file_without_readings_is_asked_what_one_with_them_is(tmp_path: Path, name: str) -> None:
    """Each built-in file without its readings of the open parameters and of the questions
    the kernel answers gets the very same finding ids. Without any reading at all, it loses
    only the findings of its booklet's own wording (the deck's make-up, Express's Draw One
    and NOTE), which no file can be asked for, and gains none: the shortfall, the first
    flip and the Wild Draw judgment were asked twice, under another family."""

    def base(ident: str) -> str:
        return ident.partition(":")[0]

    asked = {i.id for i in edition(name).interpretations if base(i.id) in {*PARAMETERS, *ASKED}}
    recorded = {f.id: f for f in _shipped(name).findings}
    unasked = load_edition(str(_without_reading(tmp_path, name, *asked)))
    decides = {i.id: i.decides for i in edition(name).interpretations}
    moot = {  # a recorded reading of a question that never comes up is a note; unrecorded, none
        f.id
        for f in recorded.values()
        if f.interpretation and does_not_arise(edition(name), decides[f.interpretation["id"]])
    }
    assert {f.id for f in lint(unasked).findings} == set(recorded) - moot
    others = {i.id for i in edition(name).interpretations} - asked
    (tmp_path / "bare").mkdir()
    bare = load_edition(str(_without_reading(tmp_path / "bare", name, *asked, *others)))
    found = {f.id for f in lint(bare).findings}
    assert found <= set(recorded)
    for lost in set(recorded) - found - moot:
        assert (recorded[lost].interpretation or {}).get("id") in others, lost


@pytest.mark.slow
def test_an_open_parameter_that_does_not_arise_is_not_asked(tmp_path: Path) -> None:
    """A Reverse with two players (Action Cards) never comes up at tables of three or more:
    without its reading, such an edition is not asked it."""
    path = _without_reading(tmp_path, "classic", "reverse-with-two-players")
    three = path.read_text(encoding="utf-8").replace("min = 2\nmax = 10", "min = 3\nmax = 10")
    path.write_text(three, encoding="utf-8")
    found = {f.id for f in lint(load_edition(str(path))).findings}
    assert "unspecified-outcome:reverse-with-two-players" not in found
    path.write_text(three.replace("min = 3", "min = 2"), encoding="utf-8")
    assert "unspecified-outcome:reverse-with-two-players" in {
        f.id for f in lint(load_edition(str(path))).findings
    }


def test_every_open_parameter_is_one_the_kernel_reads() -> None:
    """Each question of `PARAMETERS` names a rule parameter or a primitive's parameter."""
    for question in PARAMETERS.values():
        head, _, field = question.path.partition(".")
        primitive = by_name(head)
        if primitive is not None:
            assert field in {p.name for p in parameters(primitive)}
        else:
            assert question.path in RULE_KEYS.values()


def test_every_question_the_kernel_answers_is_asked_unless_one_booklet_words_it() -> None:
    """Each fixed reading is asked when unrecorded, or is Express's NOTE wording (the card
    races' questions were not asked: a Touchdown edition without them passed silently)."""
    assert set(FIXED_READINGS) == set(ASKED) | NOT_ASKED
    assert not set(ASKED) & NOT_ASKED


@pytest.mark.slow
def test_a_touchdown_edition_is_asked_its_cards_questions(tmp_path: Path) -> None:
    """Super Bowl LVII's file without its Touchdown readings (Action Cards: Wild Touchdown!
    Card) is asked all three, in the card's section."""
    path = _without_reading(
        tmp_path,
        "super-bowl-lvii",
        "touchdown-next-player",
        "touchdown-judge",
        "touchdown-two-players",
    )
    found = {f.id: f for f in lint(load_edition(str(path))).findings}
    for ident in ("touchdown-next-player", "touchdown-judge", "touchdown-two-players"):
        finding = found[f"unspecified-outcome:{ident}"]
        assert finding.section == "Action Cards: Wild Touchdown! Card"
        if ident in FIXED_READINGS:
            assert finding.message.endswith(f"the model plays {FIXED_READINGS[ident]}.")
        else:  # a parameter of the card now: the file's value is what the model plays
            key = f"cards.wild-touchdown.penalty-race.{PARAMETERS[ident].path.split('.')[1]}"
            assert finding.key == key and f"its {key} is " in finding.message


@pytest.mark.slow
def test_a_house_rule_filed_as_an_assumption_is_still_said_not_to_be_played(
    tmp_path: Path,
) -> None:
    """Naming the `assumption` family on a house rule (Draw Two stacking) no longer hides
    that the model does not play it; the deck's own reading stays a plain assumption."""
    path = _with_stacking(tmp_path, "nfl-cowboys", 'family = "assumption"\n')
    found = {f.id: f for f in lint(load_edition(str(path))).findings}
    assert "unospec models no question of this id" in found["assumption:draw-two-stacking"].message
    assert "models no question" not in found["assumption:deck-composition"].message


@pytest.mark.slow
def test_moving_a_deck_line_changes_no_finding(tmp_path: Path) -> None:
    """An assumed deck line's finding is named by what the line holds (Contents), so the
    same lines in another order give the same findings (a moved line once changed its id,
    and with it diff's verdict and the baseline)."""
    text = builtin_path("express").read_text(encoding="utf-8")
    head, *lines = text.split("\n[[deck.cards]]\n")
    last, rest = lines[-1].split("\n\n", 1)
    moved = "\n[[deck.cards]]\n".join([head, last + "\n", *lines[:-1]]) + "\n\n" + rest
    path = tmp_path / "express.toml"
    path.write_text(moved, encoding="utf-8")
    assert load_edition(str(path)).deck != edition("express").deck  # the order did change
    ids = {f.id for f in lint(load_edition(str(path))).findings}
    assert ids == {f.id for f in _shipped("express").findings}
    assert "assumption:deck:number:1-9" in ids


@pytest.mark.slow
def test_a_question_its_file_leaves_out_is_not_said_to_be_open_in_its_own_booklet(
    tmp_path: Path,
) -> None:
    """A user's file names its own booklet (`seed`), which nothing reads: a question the file
    records no reading of may be answered there. The finding says the modelled booklets leave
    it open (all five do: Let's Play, after a draw), not that this booklet does."""
    path = _without_reading(tmp_path, "express", "after-drawing")
    text = path.read_text(encoding="utf-8").replace(
        'seed = "003_a1a28f6f957138cc.txt"', 'seed = "house-rules-booklet.txt"'
    )
    path.write_text(text, encoding="utf-8")
    found = {f.id: f for f in lint(load_edition(str(path))).findings}
    message = found["unspecified-outcome:after-drawing"].message
    modelled = "The booklets unospec models leave it open, and the edition file records no"
    assert "The booklet leaves it open" not in message and modelled in message


@pytest.mark.slow
def test_an_edition_without_a_booklet_is_not_told_its_booklet_is_silent() -> None:
    """Classic names no booklet (`seed`): its readings and assumptions say no booklet answers
    them, where a seed edition's say its booklet leaves them open (Express: seed 003)."""
    classic = lint(edition("classic"), fired=None, checked_by="").findings
    assert not [f.message for f in classic if "The booklet leaves" in f.message]
    assert any("No booklet answers it (the edition names none)" in f.message for f in classic)
    assert not [f.message for f in classic if "the booklet does not state" in f.message]
    express = lint(edition("express"), fired=None, checked_by="").findings
    assert any("The booklet leaves it open" in f.message for f in express)


@pytest.mark.slow
def test_a_target_a_one_hand_game_never_reads_is_a_note(tmp_path: Path) -> None:
    """A game that is one hand (Keeping Score, the other reading) still writes a target: the
    target is never read, which lint notes, naming the key; a game to the target says
    nothing of it."""
    single = load_edition(str(edition_file(tmp_path, "classic", "one-hand", *SINGLE_HAND)))
    found = {f.id: f for f in lint(single, fired=None, checked_by="").findings}
    target = found["redundancy:target"]
    assert (target.severity, target.key, target.section) == (
        INFO,
        "scoring.target",
        "Keeping Score",
    )
    assert "target of 500 points is never read" in target.message
    assert "redundancy:target" not in {f.id for f in _shipped("classic").findings}


@pytest.mark.slow
def test_a_redeal_no_table_can_meet_is_a_note() -> None:
    """Classic's hands (7 each, at most 10 players) always leave more cards than the 32 the
    first flip ignores (Set Up 4): the reading of what happens when none may start the pile
    is a note that it does not arise. Express's (5 each, 56 cards) can leave none: a
    warning."""
    classic = {f.id: f for f in _shipped("classic").findings}
    moot = classic["resource-exhaustion:first-flip-exhausted"]
    assert moot.severity == INFO
    assert moot.message.endswith("the hands always leave a card that may start the discard pile.")
    express = {f.id: f for f in _shipped("express").findings}
    assert express["resource-exhaustion:setup"].severity == WARNING


def test_a_one_colour_deck_with_a_hail_mary_is_linted(tmp_path: Path) -> None:
    """With one colour every Hail Mary guess is right (Wild Hail Mary Card), so the probe of
    who plays next, which needs a wrong guess, has no witness; lint raised StopIteration."""
    path = _edited(
        tmp_path,
        "nfl-cowboys",
        'colors = ["red", "yellow", "green", "blue"]',
        'colors = ["red"]',
        "total_cards = 113",
        "total_cards = 38",
    )
    found = {f.id: f for f in lint(load_edition(str(path))).findings}
    assert found["turn-order:wild-hail-mary"].witness is None


@pytest.mark.slow
def test_a_rule_unfired_in_a_bounded_exploration_says_how_much_was_explored() -> None:
    """lint's exploration stops at its bound (`--max-states`) like check's: a dead-rule
    finding then names the part of the graph it rests on, not the whole scale. In classic's
    first 300 micro states no Wild Draw Four is challenged yet (Action Cards: Wild Draw Four
    card); in the whole graph it is."""
    label = "awaiting_challenge --challenge--> table_draws"
    seen = coverage_module.coverage(edition("classic"), 0, "micro", max_states=300)
    assert seen.where == "exploring scale micro (the first 300 states)"
    dead = [f for f in lint(edition("classic"), fired=seen.fired, checked_by=seen.where).findings
            if f.family == "dead-rule"]  # fmt: skip
    assert any(f.message == f"{label} never fired in {seen.where}" for f in dead)
    whole = coverage_module.coverage(edition("classic"), 0, "micro")
    assert whole.where == "exploring scale micro"
    assert not any(label in f.message for f in lint(
        edition("classic"), fired=whole.fired, checked_by=whole.where).findings)  # fmt: skip


@pytest.mark.slow
def test_a_dead_rule_says_in_words_what_the_transition_does() -> None:
    """A booklet author need not read machine labels: each dead-rule finding's witness says
    what the transition does, in its rule function's words without the section (which the
    finding gives), and when it is taken where the same event has other transitions.
    Classic has no Hail Mary (Contents), so its transitions are notes."""
    from unospec.model.transitions import rule_words

    report = lint(edition("classic"), fired=Counter({0: 1}), checked_by="a test")
    by_transition = {
        f.witness["transition"]: f.witness for f in report.findings if f.family == "dead-rule"
    }
    challenged = by_transition["awaiting_challenge --challenge--> table_draws"]
    assert challenged["what it does"] == (
        "The offender shows their hand; the loser of the challenge draws"
    )
    thrown = by_transition["uno_called --hail_mary--> resolving"]
    assert thrown["what it does"].startswith("The thrower's Hail Mary lands on the pile")
    words = [rule_words(b) for b in MACHINE.branches]
    assert all(w and not w.endswith((")", ".")) for w in words), words  # no section cited
    # the three ways a Hail Mary lands share their effect: each says when it is taken
    for group in MACHINE.by_event.values():
        said = [rule_words(b) for b in group]
        assert len(set(said)) == len(said), said
    assert thrown["what it does"].endswith("; taken in every other case")
    won = by_transition["uno_called --hail_mary [plays_last_card]--> hand_over"]
    assert won["what it does"].endswith(
        "; taken when the player plays their final card and wins the hand"
    )


@pytest.mark.slow
def test_a_recorded_reading_is_named_in_words_in_the_message() -> None:
    """Set Up 4 leaves open which first cards are Action Cards to ignore; the finding's
    message names the file's list as a reader (and the file) spells it, not as Python's
    `['skip', ...]`, as the reading line under it already does."""
    found = {f.id: f for f in _shipped("nfl-cowboys").findings}
    message = found["unspecified-outcome:first-flip-action-cards"].message
    assert "reads [skip, reverse, draw-two, wild, wild-draw-four, wild-hail-mary]." in message
    assert "'" not in message
