"""Engines: what runs the rules in volume, on the reference kernel or compiled.

The reference explorer (`explorer`), random play, replay and simulation drive the pure
kernel of `unospec.model`; `compiled` computes the same thing fast, and `conformance`
checks, state by state, that the two agree.
"""
