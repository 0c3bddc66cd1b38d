"""States as the explorer keeps them: normalized, renamed to a canonical colouring, packed
into a few 64-bit words, and fingerprinted.

- `normalize` is `checks.chance.normalize`: the draw pile as a sorted multiset, and between
  hands only what carries over (scores, leader).
- `pack` writes each field of a normalized row in as many bits as its range needs (the
  packing spec, built by `packing_spec` from the edition's bounds): a state of a scaled
  deck fits two to four words. A value outside its range is refused, not wrapped.
- `canonical` is `checks.symmetry.canonical`: the least packing over the colour renamings
  of the deck, and the size of the state's orbit. The least packing is not the least
  `GameState`, but it is a function of the orbit, so the states counted are the same.
- `fingerprint` hashes the packed words to 64 bits, never 0 (the visited table's empty mark).
"""

from __future__ import annotations

import numpy as np

from unospec.checks.engines.compiled.jit import Ints, WordGrid, Words, compiled
from unospec.checks.engines.compiled.layout import (
    ACTOR,
    CARDS,
    CH_COLOR,
    COLOR,
    CURRENT,
    DIRECTION,
    DRAWN,
    FACES,
    HANDS_PLAYED,
    HEADER,
    OLD_TOP,
    PHASE,
    PILE_LEN,
    PILE_START,
    PLAYERS,
    SPECIAL,
    TOP,
    UNDER,
    WINDOW,
)
from unospec.checks.engines.compiled.row import (
    add_pile,
    debts_base,
    hand_base,
    no_challenge,
    out_of_play_base,
    owe_nothing,
    phase_named,
    pile_base,
    under_base,
)
from unospec.checks.engines.compiled.vocabulary import PH_DEALING

# -- the packing spec: a header, then (kind, source, bits) per field
SPEC_FIELDS, SPEC_WORDS, SPEC_PLAYERS, SPEC_FACES, SPEC_CARDS = range(5)
SPEC_HEADER = 5
FIELD_SLOT = 0  # a row slot, stored plus one (every slot is at least -1)
FIELD_PILE = 1  # how many copies of face `source` the draw pile holds


@compiled
def pile_counts(s: Ints, counts: Ints) -> None:
    """The draw pile as counts per face, into `counts`."""
    for card in range(s[FACES]):
        counts[card] = 0
    add_pile(s, counts)


@compiled
def write_pile(s: Ints, counts: Ints) -> None:
    """The draw pile becomes the multiset `counts`, sorted, top first."""
    base = pile_base(s)
    n = 0
    for card in range(s[FACES]):
        for _ in range(counts[card]):
            s[base + n] = card
            n += 1
    s[PILE_START] = 0
    s[PILE_LEN] = n


@compiled
def normalize(M: Ints, s: Ints, counts: Ints) -> None:
    """chance.normalize, in place (`counts`: scratch of one slot per face)."""
    if s[PHASE] != phase_named(M, PH_DEALING):
        pile_counts(s, counts)
        write_pile(s, counts)
        return
    pile_counts(s, counts)  # between hands every card in play waits for the next deal
    players, faces = s[PLAYERS], s[FACES]
    for player in range(players):
        base = hand_base(s, player)
        for card in range(faces):
            counts[card] += s[base + card]
            s[base + card] = 0
        s[HEADER + players + player] = 0
    under = under_base(s)
    for card in range(faces):
        counts[card] += s[under + card]
        s[under + card] = 0
    if s[TOP] >= 0:
        counts[s[TOP]] += 1
    gone = out_of_play_base(s)
    for card in range(faces):  # the next deal takes back the cards out of play too
        counts[card] += s[gone + card]
        s[gone + card] = 0
    s[TOP] = -1
    s[UNDER] = 0
    s[OLD_TOP] = -1
    write_pile(s, counts)
    s[COLOR] = -1
    s[DIRECTION] = 1
    s[CURRENT] = 0
    s[ACTOR] = 0
    s[DRAWN] = -1
    owe_nothing(s)
    no_challenge(s)
    s[SPECIAL] = -1
    s[WINDOW] = -1
    s[HANDS_PLAYED] = 0
    debts = debts_base(s)
    for player in range(players):
        s[debts + player] = 0


@compiled
def pack(s: Ints, spec: Ints, counts: Ints, words: Words) -> int:
    """Pack the normalized row `s` into `words`; -1 - (field index) for a value out of its
    range (`counts`: scratch of one slot per face). Each word is gathered in a register and
    stored once (a field at a time into memory was a chain of loads and stores)."""
    pile_counts(s, counts)
    word = np.uint64(0)
    w = 0
    shift = 0  # the bits of `word` filled
    for field in range(spec[SPEC_FIELDS]):
        at = SPEC_HEADER + 3 * field
        bits = spec[at + 2]
        value = s[spec[at + 1]] + 1 if spec[at] == FIELD_SLOT else counts[spec[at + 1]]
        if value < 0 or value >= 1 << bits:
            return -1 - field
        v = np.uint64(value)
        word |= v << np.uint64(shift)
        shift += bits
        if shift >= 64:  # the word is full: what did not fit starts the next
            words[w] = word
            w += 1
            shift -= 64
            word = v >> np.uint64(bits - shift) if shift else np.uint64(0)
    for rest in range(w, spec[SPEC_WORDS]):
        words[rest] = word
        word = np.uint64(0)
    return 0


@compiled
def unpack(words: Words, spec: Ints, s: Ints, counts: Ints) -> None:
    """The row `pack` packed (every slot the spec does not hold is derived or constant)."""
    for i in range(s.shape[0]):
        s[i] = 0
    s[OLD_TOP] = -1  # none, where the spec does not hold it (no reshuffle takes the top)
    s[CH_COLOR] = -1  # none, where the spec does not hold it (no challenge keeps a colour)
    s[PLAYERS], s[FACES], s[CARDS] = spec[SPEC_PLAYERS], spec[SPEC_FACES], spec[SPEC_CARDS]
    last = spec[SPEC_WORDS] - 1
    word = words[0]
    w = 0
    shift = 0  # the bits of `word` read
    for field in range(spec[SPEC_FIELDS]):
        at = SPEC_HEADER + 3 * field
        bits = spec[at + 2]
        v = word >> np.uint64(shift)
        shift += bits
        if shift >= 64:  # the field ends in the next word, or at this one's end
            w = min(w + 1, last)
            word = words[w]
            shift -= 64
            if shift:
                v |= word << np.uint64(bits - shift)
        # int64: `int()` of a uint64 is a uint64 in numba, and `value - 1` then a float64
        value = np.int64(v & ((np.uint64(1) << np.uint64(bits)) - np.uint64(1)))
        if spec[at] == FIELD_SLOT:
            s[spec[at + 1]] = value - 1
        else:
            counts[spec[at + 1]] = value
    players, faces = s[PLAYERS], s[FACES]
    for player in range(players):
        base = hand_base(s, player)
        total = 0
        for card in range(faces):
            total += s[base + card]
        s[HEADER + players + player] = total
    under = under_base(s)
    total = 0
    for card in range(faces):
        total += s[under + card]
    s[UNDER] = total
    write_pile(s, counts)


@compiled
def rename(s: Ints, renamings: Ints, which: int, out: Ints, counts: Ints, mapped: Ints) -> None:
    """`s` with its colours renamed by renaming `which` (symmetry.rename), into `out`
    (`counts`, `mapped`: scratch of one slot per face).

    `renamings` holds, per renaming, the image of every face and then of the four colours."""
    faces = s[FACES]
    width = faces + 4
    base_map = which * width
    for i in range(s.shape[0]):
        out[i] = s[i]
    players = s[PLAYERS]
    for player in range(players):
        base = hand_base(s, player)
        for card in range(faces):
            out[base + renamings[base_map + card]] = s[base + card]
    under = under_base(s)
    for card in range(faces):
        out[under + renamings[base_map + card]] = s[under + card]
    gone = out_of_play_base(s)
    for card in range(faces):
        out[gone + renamings[base_map + card]] = s[gone + card]
    pile_counts(s, counts)
    for card in range(faces):
        mapped[renamings[base_map + card]] = counts[card]
    write_pile(out, mapped)
    if s[TOP] >= 0:
        out[TOP] = renamings[base_map + s[TOP]]
    if s[OLD_TOP] >= 0:
        out[OLD_TOP] = renamings[base_map + s[OLD_TOP]]
    if s[DRAWN] >= 0:
        out[DRAWN] = renamings[base_map + s[DRAWN]]
    if s[SPECIAL] >= 0:
        out[SPECIAL] = renamings[base_map + s[SPECIAL]]
    if s[COLOR] >= 0:
        out[COLOR] = renamings[base_map + faces + s[COLOR]]
    if s[CH_COLOR] >= 0:
        out[CH_COLOR] = renamings[base_map + faces + s[CH_COLOR]]


@compiled
def less(a: Words, b: Words, width: int) -> bool:
    """Words `a` before words `b`, most significant word last (any fixed order will do)."""
    for w in range(width - 1, -1, -1):
        if a[w] != b[w]:
            return a[w] < b[w]
    return False


@compiled
def canonical(
    s: Ints,
    spec: Ints,
    renamings: Ints,
    count: int,
    words: Words,
    images: WordGrid,
    scratch: Ints,
    counts: Ints,
    mapped: Ints,
) -> int:
    """Pack the least renaming of the normalized row `s` into `words`; return the orbit's
    size (distinct images), or a negative `pack` refusal. With fewer than two renamings
    the state is its own canonical form."""
    width = spec[SPEC_WORDS]
    if count <= 1:
        refused = pack(s, spec, counts, words)
        return 1 if refused == 0 else refused
    distinct = 0
    for r in range(count):
        rename(s, renamings, r, scratch, counts, mapped)
        image = images[distinct]
        refused = pack(scratch, spec, counts, image)
        if refused < 0:
            return refused
        seen = False
        for k in range(distinct):
            same = True
            for w in range(width):
                if images[k, w] != image[w]:
                    same = False
                    break
            if same:
                seen = True
                break
        if not seen:
            distinct += 1
    best = 0
    for k in range(1, distinct):
        if less(images[k], images[best], width):
            best = k
    for w in range(width):
        words[w] = images[best, w]
    return distinct


@compiled
def fingerprint(words: Words, width: int) -> int:
    """A 64-bit fingerprint of packed words (a multiply-xorshift mix), never 0: as the
    visited table's signed key, the sign bit is cleared and 0 moved to 1."""
    h = np.uint64(0x9E3779B97F4A7C15)
    for w in range(width):
        h ^= words[w]
        h *= np.uint64(0xBF58476D1CE4E5B9)
        h ^= h >> np.uint64(31)
    h *= np.uint64(0x94D049BB133111EB)
    h ^= h >> np.uint64(29)
    # int64 throughout: a uint64 and the literal 1 unify in numba as a float64, which kept
    # 53 of the 63 bits (the low ten were almost always 0: the visited table's probes
    # started from a twentieth of its slots, and two states were told apart by 53 bits)
    value = int(np.int64(h & np.uint64(0x7FFFFFFFFFFFFFFF)))
    return value if value != 0 else 1


@compiled
def canonical_of(
    M: Ints,
    s: Ints,
    spec: Ints,
    renamings: Ints,
    count: int,
    work: Ints,
    words: Words,
    images: WordGrid,
    scratch: Ints,
    counts: Ints,
    mapped: Ints,
) -> int:
    """The canonical form the explorer keys the row `s` by, into `words`: `s` normalized
    (in `work`, leaving `s` as it is), then `canonical`; its return."""
    for i in range(s.shape[0]):
        work[i] = s[i]
    normalize(M, work, counts)
    return canonical(work, spec, renamings, count, words, images, scratch, counts, mapped)
