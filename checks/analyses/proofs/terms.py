"""Z3 terms made in one call of Z3's C API, for the queries that make hundreds of them.

`z3.And` coerces and checks each argument in Python, about 0.3 ms for eleven (measured): the
payouts table's rows (`challenge.payouts_query`), one conjunction each, paid most of their
time there. The term made is the same node as `z3.And`'s, so every query, and every model
Z3 finds for it, is unchanged.
"""

from __future__ import annotations

from collections.abc import Sequence

import z3


def conjunction(terms: Sequence[z3.BoolRef]) -> z3.BoolRef:
    """`z3.And(*terms)` for terms that are Z3 booleans already, all of one context.

    >>> x = z3.Int("x")
    >>> conjunction([x >= 0, x < 3]).eq(z3.And(x >= 0, x < 3))
    True
    """
    if not terms:
        raise ValueError("conjunction: expected at least one term (got none)")
    context = terms[0].ctx
    asts = (z3.Ast * len(terms))(*(term.as_ast() for term in terms))
    return z3.BoolRef(z3.Z3_mk_and(context.ref(), len(terms), asts), context)
