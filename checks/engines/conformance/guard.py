"""An implementation's calls guarded: one that raises, answers with the wrong shape, or
hangs past `--step-timeout` is the implementation's failure at that step (`EngineFailure`),
reported as a difference of kind "crash" or "timeout", never a crash of unospec.

The timeout is SIGALRM's interval timer (`signal.setitimer`) in the main thread: no thread
is started, none left running when a call hangs for good. It is Unix-only; elsewhere, or off
the main thread, `guarded` refuses a timeout (`InputError`).
"""

from __future__ import annotations

import signal
import threading
from collections.abc import Callable
from types import FrameType
from typing import Any

from unospec.model.actions import ACTION_NAMES, Action
from unospec.model.errors import InputError, UnospecError, one_line
from unospec.model.state import GameState

GUARDED = (
    "encode",
    "decode",
    "legal",
    "step",
    "state_broken",
    "play",
    "play_steps",
    "play_steps_from",
    "canonical",
    "step_broken",
    "bookkeeping_corruptions",
    "probe_state",
)
"""The calls guarded (of `Rules` and `MoreRules`, and the compiled engine's `probe_state`)."""


class EngineFailure(UnospecError):
    """An implementation's call that raised or hung: `kind` is "crash" or "timeout", `call`
    the call's name, `said` its one-line summary, `action` the move it was asked about."""

    def __init__(self, kind: str, call: str, said: str, action: Action | None) -> None:
        self.kind, self.call, self.said, self.action = kind, call, one_line(said), action
        super().__init__(self.said)


class _Hung(BaseException):
    """Raised by the alarm inside a call that hangs: a BaseException, so that the
    implementation's own `except Exception` does not swallow it."""


def _alarm(signum: int, frame: FrameType | None) -> None:
    raise _Hung


def guarded(rules: Any, timeout: float | None = None) -> Any:
    """`rules` with its calls guarded (`Guarded`); `timeout` seconds at most per call."""
    if timeout is not None and (
        not hasattr(signal, "setitimer")
        or threading.current_thread() is not threading.main_thread()
    ):
        raise InputError("--step-timeout: needs SIGALRM (Unix), in the main thread")
    return Guarded(rules, timeout)


class Guarded:
    """An implementation whose every call (`GUARDED`) raises only `EngineFailure`; its other
    attributes (`name`, `held_fields`...) are its own. A call it lacks stays missing, so that
    conformance still skips what it does not provide."""

    def __init__(self, rules: Any, timeout: float | None) -> None:
        self._rules, self._timeout = rules, timeout

    def __getattr__(self, name: str) -> Any:
        found = getattr(self._rules, name)
        if name not in GUARDED or not callable(found):
            return found
        return lambda *args: self._call(name, found, args)

    def _call(self, name: str, call: Callable[..., Any], args: tuple[Any, ...]) -> Any:
        action = next((a for a in args if type(a) in ACTION_NAMES), None)
        timeout = self._timeout
        previous = None
        if timeout is not None:
            previous = signal.signal(signal.SIGALRM, _alarm)
            signal.setitimer(signal.ITIMER_REAL, timeout)
        try:
            answer = call(*args)
        except _Hung:
            said = f"{name} did not answer within {timeout:g} s"
            raise EngineFailure("timeout", name, said, action) from None
        except InputError:  # it says what it cannot be held to: the input's fault, one line
            raise
        except Exception as error:  # whatever else the implementation raises is its failure
            raise EngineFailure("crash", name, f"{name} raised {summary(error)}", action) from None
        finally:
            if timeout is not None:
                signal.setitimer(signal.ITIMER_REAL, 0)
                signal.signal(signal.SIGALRM, signal.SIG_DFL if previous is None else previous)
        _check_shape(name, answer, action)
        return answer


def _check_shape(name: str, answer: Any, action: Action | None) -> None:
    """The answers conformance reads the fields of, checked to have them."""
    if name == "step":
        missing = [f for f in ("state", "refused", "broken") if not hasattr(answer, f)]
        if missing:
            found = f"{type(answer).__name__} without {', '.join(missing)}"
            raise EngineFailure("crash", name, f"step returned {found}", action)
    elif name == "decode" and not isinstance(answer, GameState):
        said = f"decode returned {type(answer).__name__}, not a GameState"
        raise EngineFailure("crash", name, said, action)


def summary(error: BaseException) -> str:
    """An exception in one line: its type and its message."""
    text = str(error)
    return one_line(f"{type(error).__name__}: {text}" if text else type(error).__name__)
