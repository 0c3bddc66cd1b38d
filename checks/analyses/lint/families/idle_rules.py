"""redundancy, of rules that are there but never change a game: a challenge that never
succeeds (the Z3 query `challenge-can-succeed` refuted), a challenge that decides nothing,
a catch before UNO that costs nothing, a card's first effect no first card carries out."""

from __future__ import annotations

from unospec.checks.analyses.lint.families.shared import card_section, refuted_wild_draws
from unospec.checks.analyses.lint.finding import WARNING, Finding, deciding, reading
from unospec.checks.analyses.proofs import Claim, ProofReport
from unospec.model import sections
from unospec.model.edition import Edition
from unospec.model.primitives import WildDraw


def idle_rules(edition: Edition, proofs: ProofReport) -> list[Finding]:
    """Rules that are there but can never change a game: a challenge that can never
    succeed (from Z3), a catch that costs nothing."""
    found = []
    for query, kind, effect in refuted_wild_draws(edition, proofs, Claim.CHALLENGE_CAN_SUCCEED):
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
                reading(deciding(edition, edition.parameter_key(kind, WildDraw.NAME, "bluff"))),
                edition.parameter_key(kind, WildDraw.NAME, "bluff"),
            )
        )
    found += _free_challenges(edition)
    found += _idle_first_effects(edition)
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
    for kind, card in edition.effects:
        effect = card.find(WildDraw)
        if effect is None or kind not in present:
            continue
        if effect.challenger_draws <= effect.draw:
            found.append(
                Finding(
                    f"redundancy:accept-never-pays:{kind}",
                    "redundancy",
                    WARNING,
                    card_section(edition, kind),
                    f"a failed challenge of {kind} costs {effect.challenger_draws}, no more than "
                    f"accepting it ({effect.draw}), and either way the victim loses the turn: "
                    "a challenge is never worse, so accepting never pays",
                    {"draw": effect.draw, "challenger draws": effect.challenger_draws},
                    reading(
                        deciding(
                            edition, edition.parameter_key(kind, WildDraw.NAME, "challenger_draws")
                        )
                    ),
                    edition.parameter_key(kind, WildDraw.NAME, "challenger_draws"),
                )
            )
        if effect.offender_draws == 0 and effect.bluff == "allowed-until-challenged":
            found.append(
                Finding(
                    f"redundancy:bluff-costs-nothing:{kind}",
                    "redundancy",
                    WARNING,
                    card_section(edition, kind),
                    f"a bluff of {kind} caught by a challenge costs the bluffer nothing: its "
                    "rule about when it may be played is never enforced",
                    {"offender draws": 0, "bluff": effect.bluff},
                    reading(
                        deciding(
                            edition, edition.parameter_key(kind, WildDraw.NAME, "offender_draws")
                        )
                    ),
                    edition.parameter_key(kind, WildDraw.NAME, "offender_draws"),
                )
            )
    return found


def _idle_first_effects(edition: Edition) -> list[Finding]:
    """A `first_effect` no game carries out: the edition starts the pile with a first card
    as a plain card (`setup.first_card = "plain-card"`), or the first flip ignores the kind
    (Set Up 4)."""
    found = []
    for kind, _ in edition.first_effects:
        if edition.rules.first_card != "played-by-the-dealer":
            why, path = (
                'setup.first_card = "plain-card" starts the pile with it as a plain card',
                ("setup.first_card"),
            )
        elif kind in edition.rules.first_flip_ignores:
            why, path = "the first flip ignores it", "setup.first_flip_ignores"
        else:
            continue
        found.append(
            Finding(
                f"redundancy:idle-first-effect:{kind}",
                "redundancy",
                WARNING,
                sections.FIRST_FLIP,
                f"the first effect of {kind} is never carried out: {why}",
                {"card": kind, "first_card": edition.rules.first_card},
                reading(deciding(edition, path)),
                f"cards.{kind}.first_effect",
            )
        )
    return found
