"""`least_form` is `canonical`'s least image, found without renaming every pile 24 times:
conformance puts every successor of every state it compares in that form."""

from __future__ import annotations

from scenario import edition

from unospec.checks.engines.chance import normalize
from unospec.checks.engines.explorer import successors
from unospec.checks.engines.symmetry import canonical, colour_renamings, least_form
from unospec.model.kernel import empty_table
from unospec.model.scale import parse_scale, scale_edition


def test_the_least_form_is_the_canonical_one_at_four_colours() -> None:
    """The same state as `canonical` for 300 successors of the first states found (a
    hundred deals, then the moves after them), and for the dealing table (every hand empty:
    all 24 renamings tie on the hands)."""
    scaled = scale_edition(edition("rlcard-uno"), parse_scale("micro,colors=4"))
    renamings = colour_renamings(scaled)
    assert len(renamings) == 24
    frontier, seen, compared = [normalize(empty_table(scaled, 2))], set(), 0
    assert least_form(frontier[0], renamings) == canonical(frontier[0], renamings)[0]
    while frontier and compared < 300:  # the deals, then the first moves after some
        game = frontier.pop()
        for step in successors(scaled, game):
            child = normalize(step.after)
            least = canonical(child, renamings)[0]
            assert least_form(child, renamings) == least
            compared += 1
            if least not in seen:
                seen.add(least)
                frontier.append(least)
            if compared % 100 == 0:
                break
    assert compared == 300


def test_one_renaming_leaves_the_state_alone() -> None:
    game = normalize(empty_table(edition("classic"), 2))
    assert least_form(game, []) is game
