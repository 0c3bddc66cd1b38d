"""Everything that checks an edition, in four roles, each a sub-package.

Imports point down this list, never up (the import-linter contract in pyproject.toml):

- `jobs`: the main check, baselines and the workload planner: they run the others;
- `analyses`: the proofs (Z3), lint and diff: conclusions about an edition or a pair;
- `engines`: what runs the rules in volume: the reference explorer, simulation, replay,
  and the compiled engine (`engines.compiled`) with its conformance check;
- `properties`: the invariants every reachable state and step must keep.
"""
