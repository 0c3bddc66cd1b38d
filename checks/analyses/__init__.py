"""Analyses: conclusions about an edition (proofs, lint) or about two editions (diff)."""
