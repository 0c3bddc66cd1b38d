"""Properties: the named invariants every reachable state and every step must keep."""
