"""Edition regression: the semantic diff and the verification baselines."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from scenario import ANY_MATCHING_CARD, UNDER_THE_PILE, edition, edition_file, proved

from unospec.checks.analyses import diff as diff_module
from unospec.checks.analyses.diff import data_differences, diff, distinguish, scaled_away
from unospec.checks.analyses.proofs import prove
from unospec.checks.engines import explore_job
from unospec.checks.engines.replay import replay
from unospec.checks.jobs.baseline import compare, fingerprint
from unospec.cli import main
from unospec.editions import builtin_path, load_edition, reference
from unospec.model.errors import InputError
from unospec.model.scale import parse_scale, scale_edition
from unospec.model.trace import parse_trace
from unospec.views.advice import told_difference
from unospec.views.findings import diff_text


def test_the_two_nfl_printings_have_the_same_data() -> None:
    """nfl-cowboys and nfl-players (two printings of one booklet) differ in nothing the model
    reads: deck, card rules, rules, scoring, readings, transitions."""
    assert data_differences(edition("nfl-cowboys"), edition("nfl-players")) == []


def test_the_two_nfl_printings_behave_alike_in_every_explored_state() -> None:
    """Explored together on the pair scale, no action or state tells them apart."""
    path, _, bound = distinguish(
        edition("nfl-cowboys"), edition("nfl-players"), scale="pair", players=2, max_states=10**6
    )
    assert path is None and bound["complete"] and bound["states"] > 1000


def test_classic_against_express_lists_what_the_issue_names() -> None:
    """Classic and Express differ in deck (108 vs 56), hand size, the draw card, the wild draw
    card and its challenge payouts, and the target score (Contents, Set Up 2, Action Cards,
    Keeping Score)."""
    paths = {d.path: (d.a, d.b) for d in data_differences(edition("classic"), edition("express"))}
    assert paths["deck.total"] == (108, 56)
    assert paths["setup.hand_size"] == (7, 5)
    assert paths["cards.draw-two.draw"] == (2, None) and paths["cards.draw-one.draw"] == (None, 1)
    assert paths["cards.wild-draw-four.challenger_draws"] == (6, None)
    assert paths["cards.wild-draw-two.challenger_draws"] == (None, 4)
    assert paths["cards.wild-draw-two.offender_draws"] == (None, 2)
    assert paths["scoring.target"] == (500, 250)


@pytest.mark.slow
def test_a_hail_mary_deck_is_told_apart_by_the_transitions_it_can_fire_and_fires() -> None:
    """The NFL Cowboys deck has a Wild Hail Mary (seeds/000_26dfe2e9bafb8f8f.txt, Action
    Cards: Wild Hail Mary Card) and classic none: the throw at an UNO call is a transition
    only the NFL edition can fire, in its data and in its exploration at the `pair` scale;
    the Express deck can redeal after a first flip that finds no number (Set Up 2-4: its
    hands can hold all 36 numbers), classic's cannot."""
    throw = "uno_called --hail_mary--> resolving"
    classic, nfl = edition("classic"), edition("nfl-cowboys")
    paths = {d.path: (d.kind, d.a, d.b) for d in data_differences(classic, nfl)}
    assert paths[throw] == ("transition", False, True)
    redeal = "first_flip --flip [no_number_card_left]--> dealing"
    paths = {d.path: (d.kind, d.a, d.b) for d in data_differences(classic, edition("express"))}
    assert paths[redeal] == ("transition", False, True)
    found = {
        d.path: (d.kind, d.a, d.b)
        for d in diff_module.conclusion_differences(classic, nfl, "pair", 2)
    }
    assert found[f"fires at scale pair: {throw}"] == ("exploration", False, True)


@pytest.mark.slow
def test_a_distinguishing_trace_replays_differently_on_each_edition() -> None:
    """The shortest run that tells classic from Express (a two-player Reverse) replays on
    both; the editions end it with different players to move (Action Cards: Reverse)."""
    report = diff(edition("classic"), edition("express"), scale="pair")
    assert not report.equivalent
    report = diff(edition("classic"), edition("express"), scale="micro")
    found = report.trace
    assert found is not None and found["how"] == "different states"
    trace = parse_trace(json.dumps(found["trace"]))
    ends = []
    for name in ("classic", "express"):
        scaled = scale_edition(edition(name), parse_scale(trace.scale or ""))
        result = replay(scaled, trace)
        assert result.ok and result.final is not None
        ends.append(result.final)
    assert ends[0] != ends[1]
    assert report.to_json()["bound"]["scale"].startswith("micro,kinds=")
    # the evidence names exactly the fields the editions leave different
    differing = {f for f, x, y in zip(ends[0]._fields, ends[0], ends[1], strict=True) if x != y}
    assert set(found["fields"]) == differing
    assert all(v["a"] != v["b"] for v in found["fields"].values())


def _copy(tmp_path: Path, base: str, old: str, new: str) -> Path:
    text = builtin_path(base).read_text(encoding="utf-8")
    assert text.count(old) == 1
    path = tmp_path / f"{base}.toml"
    path.write_text(text.replace(old, new), encoding="utf-8")
    return path


@pytest.mark.slow
def test_one_changed_payout_shows_in_the_diff_and_fails_the_baseline(tmp_path: Path) -> None:
    """Changing one challenge payout in a copy of Express: the diff names exactly that
    parameter among the data, and comparing with Express's baseline names it too."""
    path = _copy(tmp_path, "express", "challenger_draws = 4", "challenger_draws = 5")
    changed = load_edition(str(path))
    data = data_differences(edition("express"), changed)
    assert [(d.path, d.a, d.b) for d in data] == [("cards.wild-draw-two.challenger_draws", 4, 5)]
    saved = fingerprint(edition("express"), proved("express"), None)
    differences = compare(saved, fingerprint(changed, prove(changed), None))
    assert (
        "parameters.cards.wild-draw-two.challenger_draws (cards.wild-draw-two.challenger_draws "
        "in the edition file): was 4, now 5"
    ) in differences


@pytest.mark.slow
def test_the_committed_baselines_match_the_editions() -> None:
    """Every built-in edition still concludes what its committed baseline records."""
    for name in (
        "classic",
        "express",
        "nfl-cowboys",
        "nfl-players",
        "star-wars",
        "super-bowl-lvii",
    ):
        e = edition(name)
        saved = json.loads((builtin_path(name).parent / "baselines" / f"{name}.json").read_text())
        assert compare(saved, fingerprint(e, proved(name), None)) == [], name


def test_diff_cli_exit_codes(capsys: pytest.CaptureFixture[str]) -> None:
    """`diff` exits 0 for editions that are equivalent and 1 for ones that differ, with one
    JSON object keyed a, b, equivalent, differences, distinguishing_trace, bound, rules."""
    code = main(["diff", "classic", "express", "--scale", "pair", "--format", "json"])
    data = json.loads(capsys.readouterr().out)
    assert code == 1 and data["equivalent"] is False
    keys = {"a", "b", "equivalent", "undecided", "differences", "distinguishing_trace", "bound"}
    keys.add("rules")  # each rule difference on its own
    assert set(data) == keys
    assert main(["diff", "express", "express", "--scale", "pair", "--format", "json"]) == 0
    assert json.loads(capsys.readouterr().out)["equivalent"] is True


def test_diff_at_scale_none_compares_data_proofs_and_findings_and_explores_nothing(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    """`--scale none`: the data, proof and finding differences, no state count, no search;
    the same editions are then undecided (exit 1), never shown equivalent."""

    def no_search(*args: object, **kwargs: object) -> None:
        raise AssertionError("searched at --scale none")

    monkeypatch.setattr(diff_module, "distinguish", no_search)
    monkeypatch.setattr(explore_job, "explore_compiled", no_search)  # what diff imports
    code = main(["diff", "classic", "express", "--scale", "none", "--format", "json"])
    data = json.loads(capsys.readouterr().out)
    kinds = {d["kind"] for d in data["differences"]}
    assert code == 1 and data["equivalent"] is False and data["undecided"] is False
    assert {"deck", "proof", "finding"} <= kinds and "exploration" not in kinds
    assert data["bound"]["scale"] == "none" and data["bound"]["states"] == 0
    assert data["distinguishing_trace"] is None
    assert main(["diff", "express", "express", "--scale", "none"]) == 1
    out = capsys.readouterr().out
    assert "not shown to differ, nor equivalent: their behaviour was not explored" in out
    assert "behaviour: not explored (--scale none)" in out


def test_a_shared_deck_too_small_to_deal_is_refused(capsys: pytest.CaptureFixture[str]) -> None:
    """Express and classic share four card kinds; at `micro,hand=2` those make four cards,
    too few for two hands of two and a first card (Set Up). The behaviour search then has no
    deal to start from: it once concluded "no difference" from that one empty table."""
    code = main(["diff", "express", "classic", "--scale", "micro,hand=2"])
    err = capsys.readouterr().err
    assert code == 2 and err.count("\n") == 1
    assert "(the shared deck): 4 cards cannot deal 2 hands of 2" in err


def test_the_bound_names_the_cards_the_search_leaves_out() -> None:
    """Classic's Draw Two and Wild Draw Four and Express's Draw One and Wild Draw Two (003
    Action Cards) are in one deck only: the behaviour search plays neither, and says so."""
    _, _, bound = distinguish(
        edition("classic"), edition("express"), scale="pair", players=2, max_states=10
    )
    assert bound["left_out"] == ["draw-one", "draw-two", "wild-draw-four", "wild-draw-two"]
    for kind in bound["left_out"]:
        assert kind not in bound["scale"]


def test_differences_the_scale_sets_alike_are_named(tmp_path: Path) -> None:
    """A faster Express (hands of 3, to 100; Set Up 2 and Keeping Score of 003 changed) plays
    exactly like Express at `micro`, which deals hands of one and ends at one point: the
    report says those two differences were not tested by play, and at `target=0` the target
    is tested again."""
    fast = edition_file(
        tmp_path,
        "express",
        "turbo",
        ("hand_size = 5", "hand_size = 3"),
        ("target = 250", "target = 100"),
    )
    a, b = load_edition(str(fast)), edition("express")
    common = "micro,kinds=draw-one+number+reverse+skip+wild+wild-draw-two"
    assert scaled_away(a, b, common) == [
        {"path": "setup.hand_size", "a": 3, "b": 5},
        {"path": "scoring.target", "a": 100, "b": 250},
    ]
    assert scaled_away(a, b, common.replace("micro", "micro,target=0")) == [
        {"path": "setup.hand_size", "a": 3, "b": 5}
    ]
    assert scaled_away(b, b, common) == []


def test_the_diff_text_says_what_play_did_not_test(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    """The text after "no difference" names the cards not played and the rules the scale
    set alike, so the verdict is not read as "these editions play alike"."""
    monkeypatch.setattr(diff_module, "conclusion_differences", lambda *args, **kwargs: [])
    fast = edition_file(tmp_path, "express", "turbo", ("hand_size = 5", "hand_size = 3"))
    assert main(["diff", str(fast), "classic"]) == 1
    out = capsys.readouterr().out
    assert (
        "    not played (in one deck only): draw-one, draw-two, wild-draw-four, wild-draw-two"
        in out
    )
    untested = "    not tested by play at this scale: setup.hand_size (3 -> 7); scoring.target"
    assert untested in out and ", number 9, reverse, skip, in play, total\n" in out
    assert "    not compared: tables of 3-10 players (`--players N` compares one)" in out
    hints = [line.strip() for line in out.splitlines() if line.startswith("      (")]
    assert hints == [  # how to test the target by play; why no play shows the hand size
        "(`--scale ...,target=0` keeps each edition's own target, at the cost of more states)",
        "(a scale deals both editions hands of its own size: play cannot show it)",
    ]


@pytest.mark.parametrize(
    ("line", "new", "untested"),
    [
        ('kind = "wild"\ncopies = 4', 'kind = "wild"\ncopies = 3', "deck.wild"),
        ('game_end = "target-score"', 'game_end = "single-hand"', "scoring.game_end"),
        ('"green", "blue"]', '"green"]', "deck.colours"),
    ],
)
@pytest.mark.slow
def test_what_the_micro_scale_sets_alike_is_named_as_untested(
    tmp_path: Path, line: str, new: str, untested: str
) -> None:
    """Micro deals one copy of each card, in one colour, and plays one hand per game: a Wild
    fewer (Contents), a single-hand game (Keeping Score) or a colour fewer cannot show in its
    play, and was reported as "no difference" with nothing named as untested."""
    also = {
        "deck.wild": ("total_cards = 108", "total_cards = 107"),
        "deck.colours": ("total_cards = 108", "total_cards = 83"),
        "scoring.game_end": (
            'chosen = "target-score"\nalternatives = ["single-hand"]',
            'chosen = "single-hand"\nalternatives = ["target-score"]',
        ),
    }
    changes = [(line, new), also[untested]]
    changed = load_edition(str(edition_file(tmp_path, "classic", "changed", *changes)))
    report = diff(edition("classic"), changed, scale="micro")
    assert report.trace is None and report.bound["complete"]
    assert untested in [d["path"] for d in report.bound["scaled_away"]]
    assert report.bound["players_not_compared"] == list(range(3, 11))


def test_findings_and_transitions_are_told_in_words() -> None:
    """A finding is found or not, a transition can fire or not: the text says so instead of
    printing True and False."""
    data = {
        "a": "a",
        "b": "b",
        "equivalent": False,
        "differences": [
            {"kind": "finding", "path": "scoring-coverage:missing", "a": True, "b": False},
            {"kind": "transition", "path": "hand_over --score--> dealing", "a": False, "b": True},
            {"kind": "exploration", "path": "fires at scale micro: x", "a": False, "b": True},
            {"kind": "parameter", "path": "rules.open", "a": True, "b": False},
            {"kind": "parameter", "path": "cards.draw-one.effect", "a": "draw", "b": None},
        ],
        "distinguishing_trace": None,
        "bound": {},
    }
    text = diff_text(data)
    assert "    scoring-coverage:missing: found -> not found" in text
    assert "    hand_over --score--> dealing: cannot fire -> can fire" in text
    assert "    fires at scale micro: x: never fires -> fires" in text
    assert "    rules.open: true -> false" in text  # a parameter's own value, spelled as in TOML
    assert "    cards.draw-one.effect: draw -> absent" in text


def test_a_cards_effect_is_named_as_edition_files_name_it() -> None:
    """Classic against Express (Action Cards): the JSON says `draw` and `wild-draw`, as the
    files do and as the text did, not the model's `DrawPenalty` (as it once did)."""
    effects = {
        d.path: (d.a, d.b)
        for d in data_differences(edition("classic"), edition("express"))
        if d.path.endswith(".effect")
    }
    assert effects["cards.draw-one.effect"] == (None, "draw")
    assert effects["cards.wild-draw-four.effect"] == ("wild-draw", None)


@pytest.mark.slow
def test_two_editions_of_one_name_are_told_apart_by_their_files(tmp_path: Path) -> None:
    """A user's copy of Express still called `express` is named by its path (the diff once
    said "express and express differ")."""
    text = builtin_path("express").read_text(encoding="utf-8").replace("max = 10", "max = 9")
    copy = tmp_path / "express.toml"
    copy.write_text(text, encoding="utf-8")
    report = diff(load_edition(str(copy)), edition("express"), scale="pair")
    assert (report.a, report.b) == (str(copy), "express")


def test_decks_that_still_differ_when_scaled_are_not_called_searched(tmp_path: Path) -> None:
    """Express with 0s instead of its 1s keeps other numbers at `pair,ranks=1-2`: the
    shared decks differ, so no game is searched, and the bound says it is not complete (it
    claimed a complete search of no states)."""
    other = edition_file(
        tmp_path,
        "express",
        "zeroes",
        ("ranks = [1, 2, 3, 4, 5, 6, 7, 8, 9]", "ranks = [0, 2, 3, 4, 5, 6, 7, 8, 9]"),
    )
    path, how, bound = distinguish(
        load_edition(str(other)),
        edition("express"),
        scale="pair,ranks=1-2",
        players=2,
        max_states=10,
    )
    assert path == [] and bound["complete"] is False and bound["states"] == 0
    assert how.startswith("not compared: scaled to pair,") and "different faces" in how


def test_a_rule_gap_in_either_edition_is_where_they_part(tmp_path: Path) -> None:
    """Classic without a value for the Wild (Keeping Score) has no outcome where a hand ends
    with a wild held: the diff parts there, with that edition first or second (first, it
    once aborted the whole diff and the report with it)."""
    gap = load_edition(str(edition_file(tmp_path, "classic", "no-wild-value", ("wild = 50\n", ""))))
    for a, b, how in ((gap, edition("classic"), "no outcome in a only"),
                      (edition("classic"), gap, "no outcome in b only")):  # fmt: skip
        path, found, _ = distinguish(a, b, scale="micro", players=2, max_states=10**5)
        assert path and found == how


def test_the_leader_of_a_hand_never_played_is_not_a_difference(tmp_path: Path) -> None:
    """Who deals the next hand (Winning) matters only if there is one: after the last hand
    the leader does not move, so a one-hand game cannot tell "same" from "rotate-left" (the
    diff once gave `leader: 0 -> 1` at game over as the evidence)."""
    same = edition_file(
        tmp_path,
        "classic",
        "same-leader",
        ('next_leader = "rotate-left"', 'next_leader = "same"'),
        (
            'chosen = "rotate-left"\nalternatives = ["same"]',
            'chosen = "same"\nalternatives = ["rotate-left"]',
        ),
    )
    path, _, bound = distinguish(
        load_edition(str(same)), edition("classic"), scale="micro", players=2, max_states=10**6
    )
    assert path is None and bound["complete"]
    common = bound["scale"]  # one hand per game: the diff says the leader was not played
    alike = scaled_away(load_edition(str(same)), edition("classic"), common)
    assert {"path": "setup.next_leader", "a": "same", "b": "rotate-left"} in alike
    multi = "micro,wilds=0,target=2"
    path, how, _ = distinguish(
        load_edition(str(same)), edition("classic"), scale=multi, players=2, max_states=10**6
    )
    assert path and how == "different states"  # a second hand is led by another player


@pytest.mark.slow
def test_a_finished_game_parts_two_editions_only_by_its_result(tmp_path: Path) -> None:
    """Who would play next once the game is over is read by no rule: a Hail Mary that ends
    the game (Action Cards: Wild Hail Mary Card) is no evidence that its `continue_with`
    changed (the diff once gave `current: 0 -> 1` at game over). The evidence is a game
    that goes on with another player to move."""
    reading = edition_file(
        tmp_path,
        "nfl-cowboys",
        "next-in-direction",
        ('continue_with = "left-of-player"', 'continue_with = "next-in-direction"'),
        (
            'chosen = "left-of-player"\nalternatives = ["next-in-direction"]',
            'chosen = "next-in-direction"\nalternatives = ["left-of-player"]',
        ),
    )
    over = diff_module.empty_table(edition("nfl-cowboys"), 3)._replace(phase="game_over")
    e = edition("nfl-cowboys")
    assert diff_module.observed(e, over._replace(current=1)) == diff_module.observed(e, over)
    assert diff_module.observed(e, over._replace(scores=(0, 0, 1))) != diff_module.observed(e, over)
    report = diff(edition("nfl-cowboys"), load_edition(str(reading)), players=3)
    assert report.trace is not None and report.trace["how"] == "different states"
    replays = report.trace["replay"]
    assert replays["a"]["phase"] == replays["b"]["phase"] != "game_over"
    assert replays["a"]["current"] != replays["b"]["current"]
    assert report.trace["fields"] == {
        "current": {"a": replays["a"]["current"], "b": replays["b"]["current"]}
    }


@pytest.mark.slow
def test_a_leader_rule_no_second_hand_reached_is_listed_as_untested(tmp_path: Path) -> None:
    """Three players at `micro,wilds=0,target=2`: the first hand's winner always reaches the
    target (Keeping Score), so no next hand is dealt and who leads it (Winning) is never
    played. The diff once called the two equivalent and dropped the rule from "not tested",
    which it listed only for a target of one point. Two players at the same scale do play a
    second hand, and the leader then tells them apart."""
    leader = (
        ('next_leader = "rotate-left"', 'next_leader = "same"'),
        (
            'chosen = "rotate-left"\nalternatives = ["same"]',
            'chosen = "same"\nalternatives = ["rotate-left"]',
        ),
    )
    three = edition_file(tmp_path, "classic", "kids", ("min = 2", "min = 3"), *leader)
    report = diff(edition("classic"), load_edition(str(three)), scale="micro,wilds=0,target=2")
    assert report.trace is None and report.bound["complete"]
    untested = [d["path"] for d in report.bound["scaled_away"]]
    assert "setup.next_leader" in untested
    two = edition_file(tmp_path, "classic", "pair", *leader)
    report = diff(edition("classic"), load_edition(str(two)), scale="micro,wilds=0,target=2")
    assert report.trace and report.trace["fields"]["leader"] == {"a": 1, "b": 0}
    assert "setup.next_leader" not in [d["path"] for d in report.bound["scaled_away"]]


def test_a_changed_rule_comes_before_the_counts_it_moves() -> None:
    """`check` shows the first five baseline changes: what the edition says (its parameters,
    then the findings concluded from them) must come before the exploration's counts,
    which sort first by name and would hide the cause."""
    saved = {
        "exploration": {"scale": "micro", "states": 10},
        "findings": ["a"],
        "parameters": {"rules": {"uno_penalty": 4}},
        "deck_digest": "x",
    }
    now = {
        "exploration": {"scale": "micro", "states": 12},
        "findings": ["b"],
        "parameters": {"rules": {"uno_penalty": 3}},
        "deck_digest": "y",  # told with the deck, not after the counts it moves
    }
    assert compare(saved, now) == [
        'deck_digest: was "x", now "y"',
        "parameters.rules.uno_penalty (play.uno_penalty in the edition file): was 4, now 3",
        "findings: no longer a",
        "findings: now b",
        "exploration.states: was 10, now 12",
    ]


@pytest.mark.slow
def test_the_bound_holds_inside_a_deal_with_millions_of_outcomes(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """At four colours the first deal alone has millions of outcomes (the ignored cards
    turned over before the first number, Set Up 4): both the explorations behind the
    conclusions and the search for a distinguishing trace stop at `max_states` among them."""
    from unospec.checks.engines import chance
    from unospec.model.kernel import run

    runs = []

    def counted(*args: object) -> object:
        runs.append(1)
        assert len(runs) < 5000, "a deal is being listed in full"
        return run(*args)  # type: ignore[arg-type]

    monkeypatch.setattr(chance, "run", counted)
    report = diff(edition("classic"), edition("express"), scale="colors=4", max_states=50)
    assert report.bound["states"] == 50 and report.bound["complete"] is False
    assert not [d for d in report.differences if d.kind == "exploration"]  # nothing concluded


@pytest.mark.slow
def test_a_deck_that_trades_ranks_differs_in_its_deck(tmp_path: Path) -> None:
    """One 9 per colour made a third 1 keeps every kind's count and the 108 total, yet the
    deck differs (Contents); the composition compared only the set of ranks, and diff and
    the baseline found the editions equivalent."""
    traded = edition_file(
        tmp_path,
        "classic",
        "traded",
        (
            "ranks = [1, 2, 3, 4, 5, 6, 7, 8, 9]\ncopies = 2\n",
            'ranks = [1, 2, 3, 4, 5, 6, 7, 8]\ncopies = 2\nprovenance = "stated"\n'
            'why = "x"\n\n[[deck.cards]]\nkind = "number"\nranks = [9, 1]\ncopies = 1\n',
        ),
    )
    changed = load_edition(str(traded))
    paths = {d.path: (d.a, d.b) for d in data_differences(edition("classic"), changed)}
    assert paths == {"deck.number 1": (8, 12), "deck.number 9": (8, 4)}
    classic = fingerprint(edition("classic"), proved("classic"), None)
    assert "deck.number 9: was 8, now 4" in compare(
        classic, fingerprint(changed, prove(changed), None)
    )


@pytest.mark.slow
def test_the_differing_fields_are_those_of_the_states_the_replays_end_in(tmp_path: Path) -> None:
    """A Wild worth nothing (Keeping Score) ends a classic game at once in one edition only;
    the fields listed are those of the replays' final states, so they agree with the replay
    lines above them (they were the explorer's normal form: hands emptied at a deal)."""
    worthless = edition_file(tmp_path, "classic", "worthless", ("wild = 50\n", "wild = 0\n"))
    report = diff(edition("classic"), load_edition(str(worthless)), scale="micro")
    assert report.trace is not None
    fields, replays = report.trace["fields"], report.trace["replay"]
    assert fields["phase"] == {side: replays[side]["phase"] for side in "ab"}
    assert fields["scores"]["a"] != fields["scores"]["b"]
    for side in "ab":
        shown = fields.get("hands", {}).get(side)
        assert shown is None or [len(hand) for hand in shown] == replays[side]["hands"]


@pytest.mark.slow
def test_a_pending_challenge_that_differs_is_shown_with_its_fields_named(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """A challenge that counts wilds (Action Cards: Wild Draw Four card) parts from classic's
    as soon as the card is played; the differing challenge is told by field and card name,
    not as an unlabelled tuple of face numbers. Each edition's replay of the trace shows
    the verdict too: both showed the same table, so the parting could not be seen there."""
    counted = 'guilty_if_holding = ["current-color"]'
    wilds = edition_file(
        tmp_path,
        "classic",
        "wilds",
        (counted, 'guilty_if_holding = ["current-color", "wild"]'),
        (
            'guilty_if_holding"\nchosen = ["current-color"]\n'
            'alternatives = [["current-color", "wild"]]',
            'guilty_if_holding"\nchosen = ["current-color", "wild"]\n'
            'alternatives = [["current-color"]]',
        ),
    )
    report = diff(edition("classic"), load_edition(str(wilds)), scale="micro")
    assert report.trace is not None
    challenge = report.trace["fields"]["challenge"]
    assert challenge["a"]["card"] == challenge["b"]["card"] == "wild-draw-four"
    assert (challenge["a"]["guilty"], challenge["b"]["guilty"]) == (False, True)
    assert [report.trace["replay"][side]["challenge"]["guilty"] for side in "ab"] == [False, True]
    assert ", challenge pending (guilty)" in diff_text(report.to_json())
    trace_file = tmp_path / "parting.json"
    trace_file.write_text(json.dumps(report.trace["trace"]), encoding="utf-8")
    for name, verdict in (("classic", "not guilty"), (str(wilds), "guilty")):
        assert main(["replay", str(trace_file), "--edition", name]) == 0
        assert f"; challenge pending ({verdict})" in capsys.readouterr().out
        main(["replay", str(trace_file), "--edition", name, "--format", "json"])
        final = json.loads(capsys.readouterr().out)["final"]
        assert final["challenge"]["guilty"] == (verdict == "guilty") and final["owed"] is None


def test_colours_and_alternatives_listed_in_another_order_change_nothing(tmp_path: Path) -> None:
    """The deck's colours and a reading's alternatives are sets: listed in another order, the
    edition is the same (the scaled deck took the first colour listed, and the reading
    compared as a list, so both read as differences)."""
    reordered = edition_file(
        tmp_path,
        "classic",
        "classic-reordered",
        (
            'colors = ["red", "yellow", "green", "blue"]',
            'colors = ["blue", "green", "yellow", "red"]',
        ),
        (
            'alternatives = ["obligation-waits-for-cards", "hand-ends-unscored"]',
            'alternatives = ["hand-ends-unscored", "obligation-waits-for-cards"]',
        ),
    )
    changed = load_edition(str(reordered))
    assert data_differences(edition("classic"), changed) == []
    assert changed.behaviour() == edition("classic").behaviour()


@pytest.mark.slow
def test_a_search_cut_short_is_not_called_equivalent(capsys: pytest.CaptureFixture[str]) -> None:
    """Classic against itself, stopped at 100 states: nothing told them apart, but the search
    saw only part of the states, so the verdict is undecided (exit 1), not "equivalent"
    (exit 0) as it was. The whole search is equivalent."""
    assert main(["diff", "classic", "classic", "--max-states", "100", "--format", "json"]) == 1
    data = json.loads(capsys.readouterr().out)
    assert (data["equivalent"], data["undecided"], data["bound"]["complete"]) == (
        False,
        True,
        False,
    )
    assert main(["diff", "classic", "classic"]) == 0
    assert capsys.readouterr().out.startswith("classic and classic are equivalent\n")


@pytest.mark.slow
def test_the_text_names_the_edition_a_move_is_legal_in(tmp_path: Path) -> None:
    """A Wild Draw Four held against its rule is a bluff classic allows until challenged and
    the house edition refuses (Action Cards): the text says which edition allows the move,
    by name, not "a" or "b" (the JSON keeps `how` as "legal in a only")."""
    honest = edition_file(
        tmp_path,
        "classic",
        "honest",
        ('bluff = "allowed-until-challenged"', 'bluff = "refused"'),
        (
            'chosen = "allowed-until-challenged"\nalternatives = ["refused"]',
            'chosen = "refused"\nalternatives = ["allowed-until-challenged"]',
        ),
    )
    report = diff(edition("classic"), load_edition(str(honest)))
    assert report.trace and report.trace["how"] == "legal in a only"
    text = diff_text(report.to_json())
    assert "behaviour: legal in classic only at step" in text and " a only" not in text


@pytest.mark.slow
def test_a_count_cut_short_by_max_states_is_a_bound_not_absent() -> None:
    """With `--max-states` between the two editions' counts, the one cut short is `at least
    N` (it read `absent`, which elsewhere means not in that edition); with both cut short,
    the counts are not a difference at all."""
    from unospec.checks.analyses.diff import conclusion_differences

    classic, express = edition("classic"), edition("express")
    found = conclusion_differences(classic, express, "micro", 2, max_states=30_000)
    [states] = [d for d in found if d.path == "states at scale micro"]
    told = told_difference(states)
    assert (told["a"], told["b"]) == (27817, "at least 30000 (the search stopped at --max-states)")
    both = conclusion_differences(classic, express, "micro", 2, max_states=20_000)
    assert not [d for d in both if d.kind == "exploration"]


@pytest.mark.slow
def test_what_a_file_says_about_a_card_its_deck_lacks_is_no_difference(tmp_path: Path) -> None:
    """Classic without the Wild Draw Four (copies = 0) plays alike whether its file keeps
    that card's rule, points, first-flip entry and readings or deletes them: the two are
    equivalent (they differed in entries no game reads). Against classic itself, the
    card's rule and points still read as gone."""
    kept = edition_file(
        tmp_path,
        "classic",
        "kept",
        ("total_cards = 108", "total_cards = 104"),
        ('copies = 4\nprovenance = "stated"\nwhy = "The standard deck: four Wild Draw Four cards."',
         'copies = 0\nprovenance = "stated"\nwhy = "House rule: no Wild Draw Four."'),
    )  # fmt: skip
    blocks = kept.read_text(encoding="utf-8").split("\n\n")
    about = ('kind = "wild-draw-four"', "[cards.wild-draw-four", '"cards.wild-draw-four.',
             'id = "challenge-judges-which-hand"')  # fmt: skip
    text = "\n\n".join(b for b in blocks if not any(a in b for a in about))
    text = text.replace(', "wild-draw-four"]', "]").replace("wild-draw-four = 50\n", "")
    text = text.replace('name = "kept"', 'name = "deleted"')
    assert "wild-draw-four" not in text
    deleted = tmp_path / "deleted.toml"
    deleted.write_text(text, encoding="utf-8")
    a, b = load_edition(str(kept)), load_edition(str(deleted))
    written = {d.path for d in data_differences(a, b)}  # as written: what no game reads
    assert {"setup.first_flip_ignores", "scoring.points.wild-draw-four"} <= written
    report = diff(a, b, scale="pair")
    assert report.equivalent, report.differences
    against = {d.path: (d.a, d.b) for d in diff(edition("classic"), a, scale="pair").differences}
    assert against["cards.wild-draw-four.draw"] == (4, None)
    assert against["scoring.points.wild-draw-four"] == (50, None)


@pytest.mark.slow
def test_the_distinguishing_trace_is_told_as_the_explorer_tells_a_counterexample(
    tmp_path: Path,
) -> None:
    """A failed challenge of the Wild Draw Four costing 2 instead of 6 (Action Cards):
    the trace starts from the table as dealt, each step says what it changed, and the step
    at which the editions part says what it does in each (it was one JSON object per step,
    with no deal, and the difference in state field names). (It cost 8: on the micro deck
    6 and 8 both draw every card there is, which play cannot tell apart.)"""
    path = _copy(tmp_path, "classic", "challenger_draws = 6", "challenger_draws = 2")
    report = diff(edition("classic"), load_edition(str(path)), scale="micro")
    found = report.trace
    assert found is not None and found["how"] == "different states"
    assert found["dealt"][0].startswith("phase awaiting_play")
    assert any(line.startswith("hand 0: ") for line in found["dealt"])
    parting = found["parting"]
    assert parting["step"] == found["step"] == len(found["steps"])
    assert parting["action"] == "challenge"
    owes = [[c for c in parting[side] if c.startswith("pending draw")] for side in "ab"]
    assert owes[0] == [f"pending draw: player {parting['player']} owes 4"] and owes[1] == []
    hands = [[c for c in parting[side] if c.startswith("hand ")] for side in "ab"]
    assert hands[0] == hands[1] != []  # the 2 cards of the pile, then classic owes the rest
    text = diff_text(report.to_json())
    assert f"in {report.b}: " in text and "owes" in text and "{" not in text


@pytest.mark.slow
def test_a_finding_that_differs_says_what_it_found(tmp_path: Path) -> None:
    """Express dealing 7 (Set Up 2) cannot deal 8 players from its 56 cards: the diff's
    finding names it and says why (it was the bare id), in JSON and in the text, with the
    player counts the file assumes (Express states none)."""
    path = _copy(tmp_path, "express", "hand_size = 5", "hand_size = 7")
    report = diff(edition("express"), load_edition(str(path)), scale="pair")
    [deal] = [d for d in report.differences if d.path == "resource-exhaustion:deal"]
    assert (deal.a, deal.b) == (False, True)
    assert deal.detail == (
        "the deck cannot deal the hands for 8-10 players, which the edition allows (the "
        "booklet does not state how many may play: the edition file assumes 2-10)"
    )
    assert f"not found -> found ({deal.detail})" in diff_text(report.to_json())


def test_editions_with_no_table_size_in_common_are_refused_by_their_ranges(
    tmp_path: Path,
) -> None:
    """An edition for 20-30 players against classic's 2-10 (Set Up): no table seats both,
    and the error says so by their ranges (it said classic refused 20, a number no one gave)."""
    crowd = edition_file(tmp_path, "classic", "crowd", ("min = 2\nmax = 10", "min = 20\nmax = 30"))
    with pytest.raises(InputError) as refused:
        diff(load_edition(str(crowd)), edition("classic"))
    assert str(refused.value) == (
        "players: expected a table size both seat, found crowd 20-30 and classic 2-10"
    )


@pytest.mark.slow
def test_draw_amounts_the_shared_deck_cannot_tell_apart_are_named(tmp_path: Path) -> None:
    """Express's micro deck has 6 cards in play: with two 1-card hands and the top card,
    no draw takes more than 3, so a failed challenge that costs 4 or 5 (Action Cards: Wild
    Draw Two) draws every card there is either way, and play cannot show the change. diff
    said only "no difference"; it now says why. A Draw One that deals 1 or 2 stays apart
    (1 < 3): the search finds the difference, and no such hint is given."""
    harsher = edition_file(
        tmp_path, "express", "harsher", ("challenger_draws = 4", "challenger_draws = 5")
    )
    report = diff(edition("express"), load_edition(str(harsher)))
    assert report.trace is None
    path = "cards.wild-draw-two.challenger_draws"
    assert report.bound["capped"] == [{"path": path, "a": 4, "b": 5, "most_drawn": 3}]
    assert (
        f"not told apart by play at this scale: {path} (4 -> 5): no draw here takes more than "
        "3 cards" in diff_text(report.to_json())
    )
    doubled = edition_file(  # the booklet's printed 2 (its reading draw-one-amount)
        tmp_path,
        "express",
        "doubled",
        ("count = 1 #", "count = 2 #"),
        ("chosen = 1\nalternatives = [2]", "chosen = 2\nalternatives = [1]"),
    )
    report = diff(edition("express"), load_edition(str(doubled)))
    assert report.bound["capped"] == [] and report.trace is not None


@pytest.mark.slow
def test_a_trace_legal_in_b_only_names_b_and_replays_there(tmp_path: Path) -> None:
    """A copy of classic that lets a player play any matching card after drawing (Let's
    Play): the editions part at a step only the copy allows. The trace named classic, so
    `unospec replay` of the trace alone stopped at its last step as illegal; it names the
    edition every step of it is legal in, and `--edition classic` still shows the parting.
    So does a trace whose last step only the second edition gives an outcome."""
    looser = edition_file(tmp_path, "classic", "looser", *ANY_MATCHING_CARD)
    gap = edition_file(tmp_path, "classic", "no-wild-value", ("wild = 50\n", ""))
    for a, b, how in (
        (edition("classic"), load_edition(str(looser)), "legal in b only"),
        (load_edition(str(gap)), edition("classic"), "no outcome in a only"),
    ):
        report = diff(a, b)
        assert report.trace is not None and report.trace["how"] == how
        trace = parse_trace(json.dumps(report.trace["trace"]))
        assert trace.edition == reference(b)
        scale = parse_scale(trace.scale or "")
        assert replay(scale_edition(b, scale), trace).ok
        assert report.trace["replay"]["b"]["ok"]
    report = diff(edition("classic"), load_edition(str(looser)))
    assert report.trace and report.trace["replay"]["a"]["first_illegal"] is not None


def test_a_foil_set_aside_in_one_edition_only_does_not_stop_the_search(tmp_path: Path) -> None:
    """NFL Cowboys without its foil line (Special Foil Card): the cards in play are the same,
    only the set-aside twin is gone, and no rule plays a set-aside card. The search refused
    to start ("the decks still differ (7 against 7 cards, the same faces)"); it now plays
    the shared deck and finds no difference in the states it sees."""
    text = builtin_path("nfl-cowboys").read_text(encoding="utf-8")
    foil = 'kind = "wild-hail-mary"\ncopies = 1\nfoil = true\n'
    start = text.index(foil)
    end = text.index("\n\n", start) + 2
    plain = text[: start - len("[[deck.cards]]\n")] + text[end:]
    plain = plain.replace('name = "nfl-cowboys"', 'name = "no-foil"').replace(
        "total_cards = 113", "total_cards = 112"
    )
    path = tmp_path / "no-foil.toml"
    path.write_text(plain, encoding="utf-8")
    a, b = edition("nfl-cowboys"), load_edition(str(path))
    assert a.faces.set_aside and not b.faces.set_aside
    found, how, bound = distinguish(a, b, scale="micro", players=2, max_states=3000)
    assert (found, how, bound["states"]) == (None, "", 3000)


@pytest.mark.slow
def test_a_draw_card_the_scaled_deck_lacks_is_untested_not_capped(tmp_path: Path) -> None:
    """A Draw Two of 3 against classic's 2 (Action Cards), at the pair scale, which deals
    numbers and wilds only: play never draws for a Draw Two there, and `scaled_away` says
    so. It was also listed as `capped`, as if two amounts had been played and drawn every
    card there is (the text: "no draw here takes more than 1 cards")."""
    harsher = edition_file(
        tmp_path, "classic", "harsher", ("draw = { count = 2 }\n", "draw = { count = 3 }\n")
    )
    report = diff(edition("classic"), load_edition(str(harsher)), scale="pair")
    path = "cards.draw-two.draw"
    assert report.bound["scaled_away"] == [{"path": path, "a": 2, "b": 3}]
    assert report.bound["capped"] == []
    assert "not told apart by play" not in diff_text(report.to_json())


@pytest.mark.slow
def test_a_capped_draw_is_not_told_apart_by_the_debt_that_lapses(tmp_path: Path) -> None:
    """Classic's failed challenge costs 6, a copy's 5 (Action Cards: Wild Draw Four). On the
    micro deck the challenger draws the 2 cards of the pile and then, after the reshuffle,
    the 1 card under the top card, and the rest lapses either way (Let's Play NOTE). diff
    called the two debts left waiting for the reshuffle (4 and 3) a difference in behaviour,
    with a trace, and in the same breath listed the amount as one play cannot tell apart.
    A debt counts only up to the cards it can still get."""
    milder = edition_file(
        tmp_path, "classic", "milder", ("challenger_draws = 6", "challenger_draws = 5")
    )
    report = diff(edition("classic"), load_edition(str(milder)))
    assert report.trace is None and report.bound["complete"]
    path = "cards.wild-draw-four.challenger_draws"
    assert report.bound["capped"] == [{"path": path, "a": 6, "b": 5, "most_drawn": 3}]
    # a debt the cards left can still pay differs: a Draw Two of 3 against 2 (most 3)
    harsher = edition_file(
        tmp_path, "classic", "harsher", ("draw = { count = 2 }\n", "draw = { count = 3 }\n")
    )
    report = diff(edition("classic"), load_edition(str(harsher)))
    assert report.trace is not None and report.trace["how"] == "different states"


@pytest.mark.slow
def test_editions_parting_at_the_deal_still_have_every_documented_key(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """Classic against a copy that puts an ignored first card under the draw pile (Set Up 4):
    the two tables differ right after the deal (`step` -1). The JSON still has `parting`, as
    the README lists it, null: there is no parting step (the key was left out)."""
    bottom = edition_file(tmp_path, "classic", "bottom", *UNDER_THE_PILE)
    assert main(["diff", "classic", str(bottom), "--format", "json"]) == 1
    found = json.loads(capsys.readouterr().out)["distinguishing_trace"]
    assert found["step"] == -1 and found["steps"] == []
    assert set(found) == {"how", "trace", "step", "replay", "fields", "dealt", "steps", "parting"}
    assert found["parting"] is None and set(found["fields"]) == {"draw_pile", "discard"}
    assert main(["diff", "classic", str(bottom)]) == 1
    assert "    discard: [red-draw-two, red-1] -> [red-1]\n" in capsys.readouterr().out


@pytest.mark.slow
def test_one_card_is_said_in_the_singular(tmp_path: Path) -> None:
    """A scale of one card in play, and one card as the most a draw can take, read "1 card"
    (they read "1 cards")."""
    with pytest.raises(InputError, match=r": 1 card cannot deal 2 hands of 1 "):
        diff(edition("classic"), edition("classic"), scale="micro,actions=0,wilds=0")
    harsher = edition_file(tmp_path, "classic", "harsher", ("uno_penalty = 2", "uno_penalty = 3"))
    report = diff(
        edition("classic"), load_edition(str(harsher)), scale="micro,actions=0,wilds=0,copies=4"
    )
    assert report.bound["capped"][0]["most_drawn"] == 1
    assert "no draw here takes more than 1 card, so" in diff_text(report.to_json())
