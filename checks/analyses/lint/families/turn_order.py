"""turn-order: a rule that names the next player by seat (the thrower's left), whatever the
direction of play; a probe of the kernel shows who it makes play next."""

from __future__ import annotations

from unospec.checks.analyses.lint.families.shared import card_section
from unospec.checks.analyses.lint.finding import WARNING, Finding, Witness, deciding, reading
from unospec.model.actions import Play
from unospec.model.cards import COLORS
from unospec.model.edition import Edition
from unospec.model.errors import UnospecError
from unospec.model.kernel import apply, empty_table
from unospec.model.primitives import HailMary
from unospec.model.vocabulary import Phase


def turn_order(edition: Edition) -> list[Finding]:
    """A rule that names the next player by seat, whatever the direction of play."""
    found = []
    for kind, card in edition.effects:
        effect = card.find(HailMary)
        if effect is None or kind not in edition.faces.kinds_in_play:
            continue
        witness = _hail_mary_probe(edition, kind)
        path = edition.parameter_key(kind, HailMary.NAME, "continue_with")
        found.append(
            Finding(
                f"turn-order:{kind}",
                "turn-order",
                WARNING,
                card_section(edition, kind),
                f"the booklet sends play after {edition.card_name(kind)} to the thrower's left, "
                f"whatever the direction of play; the edition file reads {effect.continue_with}",
                witness,
                reading(deciding(edition, path)),
                path,
            )
        )
    return found


def _hail_mary_probe(edition: Edition, kind: str) -> Witness | None:
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
