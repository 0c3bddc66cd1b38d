"""The families of findings, one module each: a generic check over any edition (never by
its name).

Findings come from the edition's data read by the model, from the Z3 proofs, from what the
kernel does in a probe, and from which transitions exploration and random play fired; an
interpretation that an edition file records is reported in the family it belongs to
(`recorded`). The helpers more than one family uses are in `shared`.
"""
