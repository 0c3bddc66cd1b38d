"""Counts in words, shared by the checks' messages and the CLI's text."""

from __future__ import annotations

import shlex


def span(counts: list[int]) -> str:
    """Player counts as a reader wants them: ``2-10`` for a run, else ``2, 5``.

    >>> span([2, 3, 4]), span([2]), span([2, 5])
    ('2-4', '2', '2, 5')
    """
    if len(counts) > 1 and counts == list(range(counts[0], counts[-1] + 1)):
        return f"{counts[0]}-{counts[-1]}"
    return ", ".join(map(str, counts))


def owed_words(player: int, amount: int, until: str = "", stackable: bool = False) -> str:
    """A draw the table still owes, as a counterexample's steps and a replay's end tell it;
    `until` says when a draw of no set number stops ("a playable card", "red"), `stackable`
    that it may still be passed on (stacking).

    >>> owed_words(1, 1, until="a playable card")
    'pending draw: player 1 owes 1 at a time, until a playable card'
    """
    how = f" at a time, until {until}" if until else ""
    passed = " (may be passed on)" if stackable else ""
    return f"pending draw: player {player} owes {amount}{how}{passed}"


def challenge_words(guilty: bool) -> str:
    """A Wild Draw card awaiting its answer, and what a challenge would find."""
    return f"challenge pending ({'guilty' if guilty else 'not guilty'})"


def seats(low: int, high: int) -> str:
    """A range of table sizes: ``2-10``, or ``2`` when it is one size (not ``2-2``).

    >>> seats(2, 10), seats(2, 2)
    ('2-10', '2')
    """
    return str(low) if low == high else f"{low}-{high}"


def shell_word(text: str) -> str:
    """`text` as one word of a command a reader can paste into a shell: a file's path with a
    space in it is quoted, a plain one is left as it is.

    >>> shell_word("express"), shell_word("my dir/house.toml")
    ('express', "'my dir/house.toml'")
    """
    return shlex.quote(text)


def how_named(how: str, a: str, b: str) -> str:
    """How two editions part, naming them instead of `a` and `b` (as JSON keeps it).

    >>> how_named("legal in b only", "classic", "house")
    'legal in house only'
    """
    return how.replace(" in a only", f" in {a} only").replace(" in b only", f" in {b} only")


def left_open(seed: str | None) -> str:
    """Who leaves a question open: the booklet, or (an edition that names none) nobody.

    >>> left_open("003_a1a28f6f957138cc.txt"), left_open(None)
    ('The booklet leaves it open', 'No booklet answers it (the edition names none)')
    """
    return (
        "The booklet leaves it open" if seed else "No booklet answers it (the edition names none)"
    )


def none_recorded(seed: str | None) -> str:
    """Who leaves open a question the edition file records no reading of. Nothing read the
    edition's own booklet, so only the booklets the questions come from are named.

    >>> none_recorded("my-booklet.txt")
    'The booklets unospec models leave it open, and the edition file records no reading'
    """
    if not seed:
        return f"{left_open(seed)} and the edition file records no reading"
    return "The booklets unospec models leave it open, and the edition file records no reading"


def pulled_apart(seed: str | None) -> str:
    """Where a question comes from two passages at odds: the booklet's, or (an edition that
    names none) nobody's.

    >>> pulled_apart("003_a1a28f6f957138cc.txt")
    "Two of the booklet's passages pull apart here"
    """
    return "Two of the booklet's passages pull apart here" if seed else left_open(seed)


def not_stated(seed: str | None) -> str:
    """Who does not state a count: the booklet, or no booklet at all.

    >>> not_stated(None) + " how many may play"
    'no booklet (the edition names none) states how many may play'
    """
    return "the booklet does not state" if seed else "no booklet (the edition names none) states"


def counted(count: int, one: str, many: str) -> str:
    """``1 contradiction``, ``2 contradictions``.

    >>> counted(1, "gap or ambiguity", "gaps or ambiguities"), counted(0, "note", "notes")
    ('1 gap or ambiguity', '0 notes')
    """
    return f"{count} {one if count == 1 else many}"
