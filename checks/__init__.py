"""Everything that checks an edition: invariants, random play, replay, and the main check."""
