"""Which of a booklet's ambiguities matter: every recorded reading's alternatives played,
and whether choosing one changes the game (`unospec readings`).

For each interpretation an edition records, and each alternative it lists, the edition is
built under that alternative (`alternatives.under`: by the data the file gives it, or the
parameter that decides the reading) and held to the edition as written, at each scale of a
list in turn (`micro`, then two colours) until one tells them apart:

- **unsafe**: the alternative's edition breaks an invariant, or reaches a state the game
  cannot end from, in the exploration at the scale (its trace is the explorer's);
- **changes**: a run tells the two apart (`diff`'s joint search: the shortest such run),
  and random games measure by how much, as `stats` does: game length and points per hand,
  each with its 95% interval, for both, and the difference with its own;
- **equivalent**: the search covered every state at the scale and found none;
- **undecided**: the search stopped at its bound first, or play at the scale cannot test
  the parameter (a next hand's leader, when no next hand is dealt: `diff`'s `scaled_away`);
  random games at full size still measure it, as for a change (a deck's counts, which a
  small scale sets alike, show there);
- **not-playable** / **invalid**: no edition to play (`alternatives.Unplayable`).

The verdicts are `verdicts.readings`' (it runs the compiled engine); `report` holds its
typed data, which the command line reads without loading the engine.
"""
