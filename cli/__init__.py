"""unospec: a formal, executable specification of the UNO editions, and a checker for them.

The public API, by concept:

- editions as data: `load_edition`, `builtin_names` (`unospec.editions`)
- the rules kernel: `initial_state`, `legal_actions`, `apply` (`unospec.model.kernel`)
- the turn flow: `TurnFlow` (`unospec.model.machine`)
- checks: `check_editions` (`unospec.checks.jobs.main_check`), `explore`
  (`unospec.checks.engines.explorer`), `replay` (`unospec.checks.engines.replay`), `diff`
  (`unospec.checks.analyses.diff`)
"""

from __future__ import annotations

__version__ = "0.1.0"
