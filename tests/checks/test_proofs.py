"""Z3 proofs: verdicts on the built-in editions, and refutations of seeded defects."""

from __future__ import annotations

import dataclasses
import functools
from typing import Any

import pytest
from scenario import edition, proved

from unospec.checks.analyses.proofs import PROVED, REFUTED, UNKNOWN, prove
from unospec.checks.analyses.proofs.conservation import conservation_queries
from unospec.editions import builtin_names
from unospec.model import kernel, updates
from unospec.model.errors import IllegalAction
from unospec.model.flows import RULES, Move, rule_info
from unospec.model.scale import parse_scale, scale_edition
from unospec.model.table import MACHINE

CHALLENGED = tuple(
    name
    for name in builtin_names()
    if any(effect.asks("answer") for _, effect in edition(name).effects)
)
"""The built-ins with a Wild Draw card whose victim may challenge it (all but No Mercy)."""


@functools.cache
def _verdicts(name: str) -> dict[str, str]:
    """A built-in edition's verdicts, proved once per process (read them, do not change
    them; not for a test that patches the kernel)."""
    return {q.name: q.verdict for q in proved(name).queries}


@pytest.mark.parametrize("name", builtin_names())
def test_card_conservation_is_proved_for_every_transition(name: str) -> None:
    """Init and every transition of the machine keep each card in one place, with the
    edition's real total (108, 112, 113 with the foil set aside, 56: Contents)."""
    queries = conservation_queries(edition(name))
    assert len(queries) == len(MACHINE.branches) + 1
    assert {q.verdict for q in queries} == {PROVED}
    assert str(edition(name).total_cards) in queries[0].claim


def test_the_deal_is_proved_only_for_the_tables_it_can_deal() -> None:
    """Express's 56 cards (Contents, seeds/003_a1a28f6f957138cc.txt) in hands of 7 cannot
    serve ten players and a first card (Set Up 2 and 4): the kernel refuses such a deal, so
    the deal's conservation proof covers the tables it can deal, and holds."""
    e = edition("express")
    sevens = dataclasses.replace(e, rules=dataclasses.replace(e.rules, hand_size=7))
    assert sevens.in_play_count < sevens.rules.max_players * 7 + 1
    [deal] = [q for q in conservation_queries(sevens) if "--deal" in q.name]
    assert deal.verdict == PROVED


def test_a_flow_that_loses_cards_is_refuted_naming_its_transition(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Shedding Hail Mary cards out of the game (an alternative reading) breaks conservation,
    and the refutation names the transition and shows the counts before and after."""
    kept = rule_info(updates.discard_down_to_one)
    shed = dataclasses.replace(kept, moves=(Move("hand", "outside", "hand-1"),))
    monkeypatch.setitem(RULES, updates.discard_down_to_one, shed)
    refuted = [q for q in conservation_queries(edition("nfl-cowboys")) if q.verdict == REFUTED]
    assert [q.name for q in refuted] == [
        "card-conservation: hail_mary_discard --keep [shed_down_to_one_calls_no_uno]--> "
        "awaiting_play",  # both of the step's branches carry the same flow
        "card-conservation: hail_mary_discard --keep--> resolving",
    ]
    witness = refuted[0].witness
    assert witness is not None
    assert sum(witness["after"].values()) < sum(witness["before"].values()) == 113


@pytest.mark.parametrize(
    ("name", "kind"),
    [(n, "wild-draw-four") for n in ("nfl-cowboys", "nfl-players", "star-wars", "super-bowl-lvii")]
    + [("express", "wild-draw-two")],
)
@pytest.mark.slow
def test_the_seed_booklets_penalise_an_honest_wild_draw(name: str, kind: str) -> None:
    """Each seed's Wild Draw card is legal without a card of the colour in force, but its
    challenge also counts wilds: Z3 finds the honest hand that holds a wild (Action Cards)."""
    query = next(
        q for q in prove(edition(name)).queries if q.name == f"honest-never-penalised: {kind}"
    )
    assert query.verdict == REFUTED and query.witness is not None
    hand = query.witness["hand"]
    assert hand["a card of the colour in force"] is False
    assert hand["a wild card (besides the one played)"] is True


def test_classic_never_penalises_an_honest_player() -> None:
    """Classic judges the challenge by the legality rule itself, so the claim is proved."""
    assert _verdicts("classic")["honest-never-penalised: wild-draw-four"] == PROVED


@pytest.mark.parametrize("name", CHALLENGED)
def test_every_booklet_catches_a_bluff(name: str) -> None:
    """Every seed's challenge counts at least what the card's rule forbids (the colour in
    force; Action Cards), so a bluff is always judged guilty."""
    verdicts = _verdicts(name)
    caught = [v for k, v in verdicts.items() if k.startswith("bluff-always-caught:")]
    assert caught == [PROVED]


def _wild_draw_four(**changes: object) -> Any:
    """Classic with its Wild Draw Four's rule fields changed."""
    classic = edition("classic")
    effects = tuple(
        (k, e.replaced(**changes) if k == "wild-draw-four" else e) for k, e in classic.effects
    )
    return dataclasses.replace(classic, effects=effects)


@pytest.mark.slow
def test_a_challenge_that_ignores_the_forbidden_card_acquits_bluffs() -> None:
    """A challenge that counts only wilds, while the rule forbids the colour in force: Z3
    finds the bluffing hand (it holds the colour) that is judged innocent. With bluffs
    refused by the rules there is no bluff to acquit."""
    judged_on_wilds = _wild_draw_four(guilty_if_holding=("wild",))
    query = next(q for q in prove(judged_on_wilds).queries if q.name.startswith("bluff-always"))
    assert query.verdict == REFUTED and query.witness is not None
    assert query.witness["hand"]["a card of the colour in force"] is True
    assert query.witness["penalty"] == "the challenger draws 6"
    refused = _wild_draw_four(guilty_if_holding=("wild",), bluff="refused")
    query = next(q for q in prove(refused).queries if q.name.startswith("bluff-always"))
    assert query.verdict == PROVED


@pytest.mark.slow
def test_a_challenge_that_can_never_succeed_is_refuted() -> None:
    """With bluffs refused and the challenge judged by the legality rule itself (classic's
    judgment, the other bluff reading), no play that stands is ever guilty: the offender's
    penalty never applies. Every booklet's own reading lets a challenge succeed."""
    never = _wild_draw_four(bluff="refused")
    query = next(q for q in prove(never).queries if q.name.startswith("challenge-can-succeed"))
    assert query.verdict == REFUTED and query.witness is not None
    assert query.witness["never applies"] == "the offender draws 4"
    for name in CHALLENGED:
        verdicts = _verdicts(name)
        assert [v for k, v in verdicts.items() if k.startswith("challenge-can")] == [PROVED]
    assert not [k for k in _verdicts("no-mercy") if k.startswith("challenge-can")]


@pytest.mark.parametrize("name", CHALLENGED)
def test_challenge_payouts_match_the_booklet(name: str) -> None:
    """Accepting and both outcomes of a challenge cost what the booklet says: 4/6/4 in the NFL
    booklets, 2/4/2 in Express (Action Cards)."""
    verdicts = _verdicts(name)
    payouts = [v for k, v in verdicts.items() if k.startswith("challenge-payouts")]
    assert payouts == [PROVED]


@pytest.mark.parametrize("amount", [99, 101, 500])
def test_payouts_beyond_the_cards_left_are_what_remains(amount: int) -> None:
    """A failed challenge that costs more cards than the table holds: the challenger takes
    every card left, reshuffle included (Let's Play: NOTE, the draw-what-remains reading).
    The proof expected the whole amount and blamed the kernel, from 100 cards on."""
    query = next(
        q
        for q in prove(_wild_draw_four(challenger_draws=amount)).queries
        if q.name.startswith("challenge-payouts")
    )
    assert query.verdict == PROVED, query.witness


@pytest.mark.parametrize("field", ["challenger_draws", "draw"])
@pytest.mark.slow
def test_a_payout_of_no_cards_is_nobody_drawing(field: str) -> None:
    """A house rule that a failed challenge (or accepting) costs nothing: no hand grows, as
    the kernel plays it. The proof wanted the victim named as the one who drew 0 cards, so it
    refuted the kernel and failed `check` for a file with `challenger_draws = 0`."""
    query = next(
        q
        for q in prove(_wild_draw_four(**{field: 0})).queries
        if q.name.startswith("challenge-payouts")
    )
    assert query.verdict == PROVED, query.witness


@pytest.mark.slow
def test_a_kernel_that_pays_the_wrong_amount_is_refuted(monkeypatch: pytest.MonkeyPatch) -> None:
    """A seeded bug that makes a failed challenge cost the accept amount is caught."""

    def judge(e, game, action):  # type: ignore[no-untyped-def]
        after = updates.judge_challenge(e, game, action)
        assert after.owed is not None
        return after._replace(owed=after.owed._replace(amount=4))

    _patch(monkeypatch, "awaiting_challenge --challenge--> table_draws", judge)
    query = next(q for q in prove(edition("nfl-cowboys")).queries if q.name.startswith("challenge"))
    assert query.verdict == REFUTED and query.kernel_relies_on_it
    assert query.witness is not None and query.witness["answer"] == "challenge"


@pytest.mark.slow
def test_proofs_shared_between_tests_are_not_those_of_a_seeded_bug() -> None:
    """tests/conftest.py's `_proofs_shared`: what `lint`, `check` and `diff` call `prove`
    shares one report per edition in a test process, but not while a bug is seeded in the
    kernel (here without the `monkeypatch` fixture), and the seeded report is not kept."""
    from unospec.checks.analyses import lint

    def judge(e, game, action):  # type: ignore[no-untyped-def]
        after = updates.judge_challenge(e, game, action)
        assert after.owed is not None
        return after._replace(owed=after.owed._replace(amount=4))

    def challenge(report: Any) -> str:
        return str(next(q.verdict for q in report.queries if q.name.startswith("challenge")))

    cowboys = edition("nfl-cowboys")
    clean = lint.prove(cowboys)
    assert lint.prove(cowboys) is clean and challenge(clean) == PROVED
    with pytest.MonkeyPatch.context() as patch:
        _patch(patch, "awaiting_challenge --challenge--> table_draws", judge)
        assert challenge(lint.prove(cowboys)) == REFUTED
    assert lint.prove(cowboys) is clean


def _patch(monkeypatch: pytest.MonkeyPatch, label: str, update: Any) -> None:
    """A seeded bug: the machine transition `label` runs `update` as its effect."""
    branches = tuple(
        dataclasses.replace(b, update=update) if b.label == label else b for b in MACHINE.branches
    )
    by_event = {
        key: tuple(b for b in branches if (b.source, b.event) == key) for key in MACHINE.by_event
    }
    monkeypatch.setattr(kernel, "MACHINE", dataclasses.replace(MACHINE, by_event=by_event))


@pytest.mark.slow
def test_a_payout_that_ignores_the_direction_of_play_is_refuted(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """A seeded bug: after an accepted Wild Draw Four the turn passes clockwise of the victim
    whatever the direction. Clockwise it is right, so a proof that probed one clockwise table
    proved it; the payouts are now probed at every table size up to five, both directions,
    the offender at either end of the table, each colour in force (Action Cards: Wild Draw
    Four card; Reverse card)."""

    def accept(e, game, action):  # type: ignore[no-untyped-def]
        after = updates.accept_draw(e, game, action)
        return after._replace(current=(game.challenge.victim + 1) % game.players)

    _patch(monkeypatch, "awaiting_challenge --accept--> table_draws", accept)
    query = next(q for q in prove(edition("classic")).queries if q.name.startswith("challenge-pay"))
    assert query.verdict == REFUTED and query.kernel_relies_on_it
    witness = query.witness
    assert witness is not None and witness["answer"] == "accept"
    assert witness["table"]["direction"] == "counterclockwise" and witness["table"]["players"] > 2


def _refusing(monkeypatch: pytest.MonkeyPatch, source: str, event: str) -> None:
    """A seeded bug: the kernel refuses every `event` step in `source`, naming the rule."""

    def refuse(e, game, action):  # type: ignore[no-untyped-def]
        raise IllegalAction("Action Cards: Wild Draw Four card", "no such step is allowed")

    branches = tuple(
        dataclasses.replace(b, validators=(refuse,))
        if (b.source, b.event) == (source, event)
        else b
        for b in MACHINE.branches
    )
    by_event = {
        key: tuple(b for b in branches if (b.source, b.event) == key) for key in MACHINE.by_event
    }
    monkeypatch.setattr(kernel, "MACHINE", dataclasses.replace(MACHINE, by_event=by_event))


@pytest.mark.parametrize(
    ("source", "event"),
    [
        ("awaiting_challenge", "accept"),
        ("awaiting_challenge", "challenge"),
        ("awaiting_play", "play"),
    ],
)
def test_a_kernel_that_refuses_a_step_the_rules_allow_is_refuted_not_proved(
    monkeypatch: pytest.MonkeyPatch, source: str, event: str
) -> None:
    """A seeded bug that refuses the victim's answers, or the Wild Draw Four's play itself
    (allowed until challenged in classic: Action Cards): the payouts proof once skipped every
    refused combination and proved its claim over no hand at all."""
    _refusing(monkeypatch, source, event)
    query = next(q for q in prove(edition("classic")).queries if q.name.startswith("challenge-pay"))
    assert query.verdict == REFUTED and query.witness is not None
    assert query.witness["kernel refused"].startswith("no such step is allowed")


def test_a_deck_too_small_for_the_payouts_table_leaves_them_unknown() -> None:
    """Classic at `micro` is six cards, too few for the proof's table of three hands: the
    payouts are unknown, not proved over no hand at all."""
    micro = scale_edition(edition("classic"), parse_scale("micro"))
    query = next(q for q in prove(micro).queries if q.name.startswith("challenge-payouts"))
    assert query.verdict == UNKNOWN and query.witness is not None
    assert query.witness["reason"] == "this deck cannot build a table that plays the card"


def test_express_first_flip_can_fail_with_eight_or_more_players() -> None:
    """With 8-10 players Express's hands can hold all 36 numbers, leaving only cards the
    first flip ignores (Set Up 2-4); 2-7 players are always fine."""
    query = next(q for q in prove(edition("express")).queries if q.name == "setup-feasibility")
    assert query.verdict == REFUTED and query.witness is not None
    assert query.witness["always feasible for"] == [2, 3, 4, 5, 6, 7]
    assert query.witness["first flip can find only ignored cards (a redeal) for"] == [8, 9, 10]


def test_nfl_setup_is_always_feasible() -> None:
    """Seventy dealt cards cannot hold all 76 numbers of a 112-card NFL deck (Set Up 2-4)."""
    assert _verdicts("nfl-cowboys")["setup-feasibility"] == PROVED


@pytest.mark.slow
def test_a_draw_can_ask_for_more_cards_than_exist() -> None:
    """The largest NFL obligation (6, a failed challenge) can exceed the draw pile and what a
    reshuffle gives (Let's Play: NOTE)."""
    query = next(q for q in prove(edition("nfl-cowboys")).queries if q.name == "draw-obligations")
    assert query.verdict == REFUTED and query.witness is not None
    w = query.witness
    assert w["cards owed"] == 6 > w["draw pile"] + w["under the discard's top"]


@pytest.mark.slow
def test_a_witness_does_not_depend_on_the_proofs_run_before_it() -> None:
    """`unospec check express` and `unospec check classic express` report the same witness
    for Express's draw obligation (Let's Play: NOTE): Z3's model once depended on every
    query asked before in the process."""

    def witnesses() -> list[dict[str, Any] | None]:
        return [q.witness for q in prove(edition("express")).queries]

    first = witnesses()
    prove(edition("classic"))
    assert witnesses() == first
    assert any(w is not None for w in first)


@pytest.mark.parametrize("least", [2, 3])
@pytest.mark.slow
def test_the_draw_obligation_witness_is_a_table_mid_hand(least: int) -> None:
    """The witness is a table that can occur: the one drawing still holds a card, and so
    does each other player at the table (an edition for 3 or more players had its victim
    drawing with an empty hand), with every card of the deck somewhere."""
    e = edition("classic")
    e = dataclasses.replace(e, rules=dataclasses.replace(e.rules, min_players=least))
    query = next(q for q in prove(e).queries if q.name == "draw-obligations")
    assert query.verdict == REFUTED and query.witness is not None
    w = query.witness
    assert w["held by the one drawing"] >= 1 and w["held by the other hands"] >= least - 1
    placed = w["draw pile"] + w["under the discard's top"] + 1  # and the top card
    held = w["held by the one drawing"] + w["held by the other hands"]
    assert placed + held == 108  # classic's deck (Contents)


def test_a_card_without_value_is_refuted_and_the_best_hand_is_scored() -> None:
    """Every card needs a value (Keeping Score); without the Wild's, coverage is refuted."""
    e = edition("classic")
    assert _verdicts("classic")["scoring-coverage"] == PROVED
    points = tuple(p for p in e.rules.points if p[0] != "wild")
    broken = dataclasses.replace(e, rules=dataclasses.replace(e.rules, points=points))
    query = next(q for q in prove(broken).queries if q.name == "scoring-coverage")
    assert query.verdict == REFUTED and query.witness == {"no value for": ["wild"]}
    best = next(q for q in prove(e).queries if q.name == "scoring-target")
    assert best.verdict == PROVED and best.detail is not None
    # 108 cards: 4*(0+2*45)=360 in numbers, 24 actions*20=480, 8 wilds*50=400; minus a 0
    assert best.detail["largest score of one hand"] == 360 + 480 + 400


def test_a_deck_with_no_card_in_play_has_no_score_to_reach() -> None:
    """A file whose every card is set aside or absent (Contents) deals nothing: no hand is
    ever won, so the target cannot be reached (the query raised, since Z3 had no terms)."""
    e = edition("classic")
    empty = dataclasses.replace(
        e, deck=tuple(dataclasses.replace(d, copies=0) for d in e.deck), total_cards=0
    )
    [target] = [q for q in prove(empty).queries if q.name == "scoring-target"]
    assert target.verdict == REFUTED
    assert target.witness["largest score of one hand"] == 0


def test_setup_feasibility_that_z3_cannot_decide_is_unknown_not_proved(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """A Z3 timeout is no proof: the setup query once read "no deal found" into any answer
    but sat, so an undecided table size counted as feasible (Set Up 2-4)."""
    import z3

    from unospec.checks.analyses.proofs.setup import setup_query

    monkeypatch.setattr(z3.Solver, "check", lambda self, *a: z3.unknown)
    monkeypatch.setattr(z3.Solver, "reason_unknown", lambda self: "timeout")
    query = setup_query(edition("classic"))
    assert query.verdict == UNKNOWN
    assert query.witness == {"players": 2, "reason": "timeout"}


@pytest.mark.parametrize(("name", "best"), [("nfl-cowboys", 1450), ("express", 818)])
def test_the_best_hand_leaves_the_card_under_the_winners_last_one(name: str, best: int) -> None:
    """When the hand is won, the discard pile holds the winner's last card on top of at
    least one other (Set Up 4 starts the pile, and a reshuffle, Let's Play: NOTE, keeps its
    top card), so the other hands hold every card but two. The NFL deck's cheapest cards
    are numbers worth 5 (Keeping Score): 76*5 + 24*20 + 12*50 = 1460, less two of them;
    Express numbers 1-9 score their face value (Keeping Score): 180 + 240 + 400 = 820, less
    two 1s. Counting only the winner's last card off gave 1455 and 819."""
    query = next(q for q in prove(edition(name)).queries if q.name == "scoring-target")
    assert query.verdict == PROVED and query.detail is not None
    assert query.detail["largest score of one hand"] == best
    assert "under it" in query.detail["the other hands hold"]


def test_a_card_kind_the_deck_lacks_owes_no_draw() -> None:
    """Classic with its Wild Draw Fours left out of the deck (Contents): its rule for them
    asks nothing of anyone, so the largest draw is a caught UNO's 2 cards (Calling UNO,
    e.g. seeds/000_26dfe2e9bafb8f8f.txt), not a failed challenge's 6."""
    e = edition("classic")
    without = dataclasses.replace(
        e,
        deck=tuple(
            dataclasses.replace(d, copies=0) if d.kind == "wild-draw-four" else d for d in e.deck
        ),
        total_cards=e.total_cards - 4,
    )
    query = next(q for q in prove(without).queries if q.name == "draw-obligations")
    assert query.witness is not None
    assert (query.witness["obligation"], query.witness["cards owed"]) == (
        "a caught UNO (Calling UNO)",
        2,
    )


def test_only_a_proof_is_settled_in_the_context_its_terms_were_made_in() -> None:
    """`check_claim` decides a query where its terms were made and keeps the answer only
    when it is unsat (a proof holds in any context); a satisfiable or undecided query is
    not settled there, since its witness must come from a context of its own."""
    import z3

    from unospec.checks.analyses.proofs.result import unsat_where_made

    x = z3.Int("x")
    assert unsat_where_made([x > 1, x < 1])
    assert not unsat_where_made([x > 1])
