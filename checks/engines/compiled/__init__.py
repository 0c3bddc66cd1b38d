"""The compiled engine: the rules in array form, for volume (exploration and simulation).

The reference (`TurnFlow` and the pure kernel in `unospec.model`) says what the rules mean;
this package computes the same thing fast. Its structure comes from the reference's tables
(`tables`); its agreement with the reference is checked state by state (`checks.conformance`).
"""
