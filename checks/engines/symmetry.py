"""Colour symmetry: no rule of any seed singles out a colour, so states that differ only by a
renaming of the colours behave alike, and the explorer keeps one of them.

A renaming maps every coloured card to the same card in another colour. It is a symmetry of
an edition only when it maps the deck onto itself; `colour_renamings` returns just those.
The canonical form of a state is the smallest of its renamings.
"""

from __future__ import annotations

from itertools import permutations

from unospec.model.cards import COLORS, Face
from unospec.model.edition import Edition
from unospec.model.state import GameState

Renaming = tuple[tuple[int, ...], dict[int, int]]
"""(face -> face, colour index -> colour index)."""


def colour_renamings(edition: Edition) -> list[Renaming]:
    """Every renaming of the edition's colours that maps its deck onto itself."""
    faces = edition.faces
    found: list[Renaming] = []
    colors = list(edition.color_indices)
    for image in permutations(colors):
        colour_map = dict(zip(colors, image, strict=True))
        face_map = []
        for face in faces.faces:
            if face.color is None:
                face_map.append(faces.faces.index(face))
                continue
            renamed = Face(face.kind, COLORS[colour_map[COLORS.index(face.color)]], face.rank)
            if renamed not in faces.faces:
                break
            face_map.append(faces.faces.index(renamed))
        else:
            mapping = tuple(face_map)
            deck = tuple(sorted(mapping[card] for card in faces.in_play))
            if deck == faces.in_play:
                found.append((mapping, colour_map))
    return found


def rename(game: GameState, renaming: Renaming) -> GameState:
    """`game` with its colours renamed (piles kept as sorted multisets, the top on top)."""
    faces, colour_map = renaming

    def pile(cards: tuple[int, ...]) -> tuple[int, ...]:
        return tuple(sorted(faces[card] for card in cards))

    discard = game.discard
    challenge = game.challenge
    if challenge is not None and challenge.color >= 0:  # the colour it was played on
        challenge = challenge._replace(color=colour_map[challenge.color])
    return game._replace(
        hands=tuple(pile(hand) for hand in game.hands),
        draw_pile=pile(game.draw_pile),
        discard=(*pile(discard[:-1]), faces[discard[-1]]) if discard else (),
        set_aside=pile(game.set_aside),
        out_of_play=pile(game.out_of_play),
        color=colour_map.get(game.color, game.color),
        drawn=faces[game.drawn] if game.drawn >= 0 else -1,
        special=faces[game.special] if game.special >= 0 else -1,
        old_top=faces[game.old_top] if game.old_top >= 0 else -1,
        challenge=challenge,
    )


def canonical(game: GameState, renamings: list[Renaming]) -> tuple[GameState, int]:
    """The least renaming of `game`, and how many distinct states its orbit holds."""
    if len(renamings) <= 1:
        return game, 1
    images = {rename(game, renaming) for renaming in renamings}
    return min(images), len(images)


if GameState._fields[:2] != ("phase", "hands"):  # `least_form` relies on this order
    raise TypeError(f"GameState's first fields are {GameState._fields[:2]}, not phase and hands")


def least_form(game: GameState, renamings: list[Renaming]) -> GameState:
    """`canonical(game, renamings)[0]`, without building every image: a renaming keeps the
    phase, and the hands are the next field a state is ordered by, so the least image is the
    least of those whose hands are least. At four colours (24 renamings) this renames the
    hands 24 times and the whole state once or twice, not the draw pile 24 times."""
    if len(renamings) <= 1:
        return game
    least: tuple[tuple[int, ...], ...] | None = None
    tied: list[Renaming] = []
    for renaming in renamings:
        faces = renaming[0]
        hands = tuple(tuple(sorted(faces[card] for card in hand)) for hand in game.hands)
        if least is None or hands < least:
            least, tied = hands, [renaming]
        elif hands == least:
            tied.append(renaming)
    return min(rename(game, renaming) for renaming in tied)
