"""What `unospec show` says of an edition, as JSON and as text."""

from __future__ import annotations

from typing import NotRequired, TypedDict

from unospec.editions import reference
from unospec.editions.schema import RULE_KEYS, toml_value
from unospec.model import readings as r
from unospec.model.cards import Face
from unospec.model.edition import NO_HOUSE_RULE, Edition, Reading
from unospec.model.effects import as_steps, as_written
from unospec.model.wording import (
    seats,
    shell_word,
    span,
)


class DeckRow(TypedDict):
    card: str
    count: int
    provenance: str
    set_aside: NotRequired[bool]  # only on a card set aside (a foil), then true


class RulesJson(TypedDict):
    first_flip_ignores: list[str]
    ignored_flip_goes: r.IgnoredFlipGoes
    flip_exhausted: r.FlipExhausted
    next_leader: r.NextLeader
    after_drawing: r.AfterDrawing
    reshuffle: r.KeptOnReshuffle
    draw_shortfall: r.DrawShortfall
    empty_handed_draw: r.EmptyHandedDraw
    uno_penalty: int
    game_end: r.GameEnd
    # the house rules and newer editions' rules, only where the file plays one (the
    # booklets' own rule otherwise: `edition.NO_HOUSE_RULE`)
    drawing: NotRequired[r.Drawing]
    drawn_playable: NotRequired[r.DrawnPlayable]
    may_draw: NotRequired[r.MayDraw]
    draw_by_choice: NotRequired[r.DrawByChoice]
    stacking: NotRequired[r.Stacking]
    jump_in: NotRequired[r.JumpIn]
    uno_call: NotRequired[r.UnoCall]
    uno_window: NotRequired[r.UnoWindow]
    reshuffle_when: NotRequired[r.ReshuffleWhen]
    final_card_effects: NotRequired[r.FinalCardEffects]
    challenge_judges: NotRequired[r.ChallengeJudges]
    uno_call_out_of_place: NotRequired[r.UnoCallOutOfPlace]
    drawn_wild: NotRequired[r.DrawnWild]
    drawn_wild_colour: NotRequired[r.DrawnWildColour]
    elimination: NotRequired[int]
    first_card: NotRequired[r.FirstCard]
    first_wild_colour: NotRequired[r.FirstWildColour]


PlainReading = str | int | bool | list[str]
"""A reading as JSON writes it (a list of names, not a tuple)."""


class InterpretationJson(TypedDict):
    id: str
    section: str
    question: str
    chosen: PlainReading
    alternatives: list[PlainReading]
    decides: str | None
    why: str


class EditionJson(TypedDict):
    """`unospec show`'s JSON document."""

    name: str
    title: str
    seed: str | None
    variant_of: str | None
    source: str
    total_cards: int
    in_play_cards: int
    set_aside_cards: int
    hand_size: int
    players: list[int]  # [fewest, most]
    players_provenance: str
    target_score: int
    colors: list[str]
    deck: list[DeckRow]
    cards: dict[str, dict[str, object]]
    """By card kind: its effect's name, the effect's own parameters (each effect has its
    own), its booklet section and its name."""
    rules: RulesJson
    points: dict[str, int | str]  # by card kind: its points, or "face-value"
    interpretations: list[InterpretationJson]


def edition_json(edition: Edition) -> EditionJson:
    """Everything `unospec show` says about an edition."""
    deck: list[DeckRow] = []
    for entry in edition.deck:
        for face, count in entry.faces(edition.colors):
            row: DeckRow = {"card": face.card_id, "count": count, "provenance": entry.provenance}
            if entry.foil:
                row["set_aside"] = True
            deck.append(row)
    rules = edition.rules
    return {
        "name": edition.name,
        "title": edition.title,
        "seed": edition.seed,
        "variant_of": edition.variant_of,
        "source": edition.source,
        "total_cards": edition.total_cards,
        "in_play_cards": edition.in_play_count,
        "set_aside_cards": edition.set_aside_count,
        "hand_size": rules.hand_size,
        "players": [rules.min_players, rules.max_players],
        "players_provenance": edition.players_provenance,
        "target_score": rules.target_score,
        "colors": list(edition.colors),
        "deck": deck,
        "cards": {
            kind: {
                **as_written(effect),  # as the edition file writes it
                **_first_effect(edition, kind),
                "section": dict(edition.sections).get(kind, ""),
                "name": edition.card_name(kind),
            }
            for kind, effect in edition.effects
        },
        "rules": {
            "first_flip_ignores": sorted(rules.first_flip_ignores),
            "ignored_flip_goes": rules.ignored_flip_goes,
            "flip_exhausted": rules.flip_exhausted,
            "next_leader": rules.next_leader,
            "after_drawing": rules.after_drawing,
            "reshuffle": rules.reshuffle,
            "draw_shortfall": rules.draw_shortfall,
            "empty_handed_draw": rules.empty_handed_draw,
            "uno_penalty": rules.uno_penalty,
            "game_end": rules.game_end,
            **house_rules(edition),  # type: ignore[typeddict-item]
        },
        "points": dict(rules.points),
        "interpretations": [
            {
                "id": i.id,
                "section": i.section,
                "question": i.question,
                "chosen": _plain(i.chosen),
                "alternatives": [_plain(a) for a in i.alternatives],
                "decides": i.decides,
                "why": i.why,
            }
            for i in edition.interpretations
        ],
    }


def _first_effect(edition: Edition, kind: str) -> dict[str, object]:
    """The card's `first_effect`, where its file gives one (`setup.first_card`)."""
    first = dict(edition.first_effects).get(kind)
    return {} if first is None else {"first_effect": as_steps(first)}


def house_rules(edition: Edition) -> dict[str, object]:
    """The house rules `edition` plays, each only where it differs from the booklets'."""
    rules = edition.rules
    return {
        key: getattr(rules, key)
        for key, booklets in NO_HOUSE_RULE.items()
        if getattr(rules, key) != booklets
    }


def _plain(value: Reading) -> PlainReading:
    return list(value) if isinstance(value, tuple) else value


def edition_text(edition: Edition) -> str:
    data = edition_json(edition)
    out = [
        f"{edition.title} ({edition.name})",
        f"  from {edition.source}"
        + (f", booklet {edition.seed}" if edition.seed else "")
        + (f", a variant of {edition.variant_of}" if edition.variant_of else ""),
        f"  {edition.total_cards} cards: {edition.in_play_count} in play, "
        f"{edition.set_aside_count} set aside",
        f"  {seats(*data['players'])} players ({edition.players_provenance}), "
        f"hands of {edition.rules.hand_size}, "
        + (
            "a game is one hand"
            if edition.rules.game_end == "single-hand"
            else f"game to {edition.rules.target_score} points"
        ),
        "",
        "Deck:",
    ]
    for entry in edition.deck:
        faces = entry.faces(edition.colors)
        count = sum(n for _, n in faces)
        what = _entry_name(entry.kind, entry.ranks, faces, entry.wild)
        aside = ", set aside" if entry.foil else ""
        out.append(f"  {count:4d}  {what:<38} {entry.provenance}{aside}: {entry.why}")
    out += ["", "Card rules ([cards.KIND] in the file):"]
    for kind, card in data["cards"].items():
        params = ", ".join(
            f"{k} = {toml_value(v)}" for k, v in card.items() if k not in ("section", "name")
        )
        printed = dict(edition.card_names).get(kind)  # the file's own `name`, if it gives one
        if printed:
            params = f"name = {toml_value(printed)}, {params}"
        out.append(f"  {kind:<20} {params}  [{card['section']}]")
    out += ["", "Rules:"]
    out += [f"  {RULE_KEYS[key]:<26} {toml_value(value)}" for key, value in data["rules"].items()]
    points = ", ".join(f"{k} = {toml_value(v)}" for k, v in data["points"].items())
    out += [f"  {'scoring.points':<26} {points}", "", "Interpretations (reading chosen; else):"]
    for i in edition.interpretations:
        alternatives = "; ".join(toml_value(a) for a in i.alternatives)
        out.append(f"  [{i.section}] {i.id}: {toml_value(i.chosen)}  (else: {alternatives})")
        out.append(f"      {i.question}")
    if not edition.interpretations:  # not a heading over nothing: say where the questions are
        lint = f"unospec lint {shell_word(reference(edition))}"
        out.append(f"  none recorded (`{lint}` asks the open questions)")
    return "\n".join(out)


def _entry_name(
    kind: str, ranks: tuple[int, ...], faces: list[tuple[Face, int]], wild: bool
) -> str:
    per = faces[0][1] if faces else 0
    if ranks:
        return f"number {span(sorted(ranks))}, {per} per colour and rank"
    if wild:
        return kind
    return f"{kind}, {per} per colour"
