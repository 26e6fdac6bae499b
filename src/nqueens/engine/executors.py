"""Where subproblems run: in this process (threads), or on a Dask cluster.

Every one is a `concurrent.futures.Executor`, so `nqueens.engine.run` has one
loop for all. Locally the runner uses a `concurrent.futures.ThreadPoolExecutor`:
the kernels release the GIL, so threads count in parallel with no process to spawn, no
main guard, nothing left behind when the caller dies. (The spawn process pool this module
used to offer is gone: slow to start (two workers slower than one below n = 17;
docs/performance.md, "Decisions"), needed a main guard and left orphans.) A Dask cluster is
reached with `Client(address).get_executor()`; dask is imported only here, only when
asked for. Deciding what to run and recording answers is the runner's business.
"""

from __future__ import annotations

import concurrent.futures as cf
import contextlib
import os
import queue
import re
from collections.abc import Callable, Iterator
from typing import Any, TypeVar

from nqueens._signals import WAIT_STEP_SECONDS, HeldSignals
from nqueens.errors import (
    DaskUnavailableError,
    InvalidArgumentError,
    OutputPathError,
    SchedulerAddressError,
    SchedulerError,
    install_line,
)

__all__ = [
    "NEEDS_DASK",
    "SCHEDULER_ENV",
    "DaskUnavailableError",
    "FinishedFutures",
    "InlineExecutor",
    "SchedulerAddressError",
    "SchedulerError",
    "cpu_count",
    "dask_executor",
    "map_on_threads",
    "parse_address",
    "quiet_dask",
]

NEEDS_DASK = f"a Dask scheduler needs dask.distributed: {install_line('dask')}"
"""The one line a Dask feature prints when dask.distributed is not installed."""

T = TypeVar("T")
R = TypeVar("R")

SCHEDULER_ENV = "DASK_SCHEDULER_ADDRESS"
"""The environment variable naming a Dask scheduler when `--scheduler` is not given."""


class FinishedFutures:
    """Futures handed over as they finish: what `concurrent.futures.wait` does, safe
    under Ctrl-C.

    `wait` takes every future's lock in a Python loop; a Ctrl-C between two of those
    acquisitions leaves locks held, and the worker that then finishes such a future hangs
    for ever (seen: a count that never exited). Here each future puts itself on a
    `queue.SimpleQueue` when done (C code, no lock held by the waiting thread), and
    `take` waits on that queue.

    >>> finished = FinishedFutures()
    >>> fut = finished.watch(InlineExecutor().submit(pow, 2, 5))
    >>> [f.result() for f in finished.take(timeout=1.0)], finished.take(timeout=0.01)
    ([32], [])
    """

    def __init__(self) -> None:
        self._done: queue.SimpleQueue[cf.Future[Any]] = queue.SimpleQueue()

    def watch(self, future: cf.Future[Any]) -> cf.Future[Any]:
        """Hand `future` over once it finishes (at once if it has); return it.

        Cost: O(1).

        >>> pending: cf.Future[int] = cf.Future()
        >>> finished = FinishedFutures()
        >>> finished.watch(pending) is pending, finished.take(timeout=0.01)
        (True, [])
        >>> pending.set_result(7)
        >>> [f.result() for f in finished.take(timeout=0.01)]
        [7]
        """
        future.add_done_callback(self._done.put)
        return future

    def take(self, timeout: float) -> list[cf.Future[Any]]:
        """The watched futures finished since the last call, all of them.

        Waits up to `timeout` seconds for the first; `[]` when none finished in that
        time. Cost: O(taken).

        >>> finished = FinishedFutures()
        >>> for x in (1, 2):
        ...     _ = finished.watch(InlineExecutor().submit(abs, -x))
        >>> sorted(f.result() for f in finished.take(timeout=0.01))
        [1, 2]
        """
        try:
            taken = [self._done.get(timeout=timeout)]
        except queue.Empty:
            return []
        while True:
            try:
                taken.append(self._done.get_nowait())
            except queue.Empty:
                return taken

    def each(self, count: int, held: HeldSignals) -> Iterator[cf.Future[Any]]:
        """The next `count` watched futures, as they finish.

        Waits in steps of `WAIT_STEP_SECONDS`; a Ctrl-C that
        `held` noted goes up between two steps (never inside a future's lock).
        Cost: O(count).

        >>> finished = FinishedFutures()
        >>> for x in (1, 2):
        ...     _ = finished.watch(InlineExecutor().submit(abs, -x))
        >>> with HeldSignals() as held:
        ...     sorted(f.result() for f in finished.each(2, held))
        [1, 2]
        """
        while count > 0:
            for fut in self.take(timeout=WAIT_STEP_SECONDS):
                count -= 1
                yield fut
            held.deliver()


class InlineExecutor(cf.Executor):
    """Runs each call at `submit` time in this process: the one-worker executor.

    >>> InlineExecutor().submit(pow, 2, 10).result()
    1024
    """

    def submit(self, fn: Callable[..., Any], /, *args: Any, **kwargs: Any) -> cf.Future[Any]:
        """Run `fn(*args, **kwargs)` now; return a finished future (holding its error, if any).

        Cost: O(1) besides the call itself.

        >>> InlineExecutor().submit(int, "12").result()
        12
        >>> InlineExecutor().submit(int, "x").exception()
        ValueError("invalid literal for int() with base 10: 'x'")
        """
        future: cf.Future[Any] = cf.Future()
        try:
            future.set_result(fn(*args, **kwargs))
        except BaseException as err:  # handed to the caller through the future
            if isinstance(err, KeyboardInterrupt):
                raise
            future.set_exception(err)
        return future


def cpu_count() -> int:
    """The cores this process may use (at least 1).

    Cost: O(cores) per call.

    >>> cpu_count() == max(1, len(os.sched_getaffinity(0)))
    True
    """
    try:
        return max(1, len(os.sched_getaffinity(0)))
    except AttributeError:  # pragma: no cover - not Linux
        return max(1, os.cpu_count() or 1)


_SUPPORTED_SCHEMES = ("tcp", "tls")
_HOST = re.compile(r"^(\[[0-9A-Fa-f:.]+\]|[A-Za-z0-9]([A-Za-z0-9.-]{0,252}[A-Za-z0-9])?)$")


def map_on_threads(fn: Callable[[T], R], args: list[T], threads: int, name: str) -> list[R]:
    """`[fn(a) for a in args]`, computed on `threads` threads at once, in order.

    For compiled kernels that release the GIL. On Ctrl-C (or an error) the calls not yet
    started are dropped and the running ones end on their own, so each call should take
    well under a second. `name` prefixes the threads' names.
    Cost: O(the calls), shared out over the threads.

    >>> map_on_threads(abs, [-3, 1, -2], 2, "demo")
    [3, 1, 2]
    """
    if threads <= 1 or len(args) <= 1:
        return [fn(a) for a in args]
    pool = cf.ThreadPoolExecutor(min(threads, len(args)), thread_name_prefix=name)
    finished = FinishedFutures()
    with HeldSignals() as held:  # no Ctrl-C inside a future's lock: a worker would hang
        try:
            futures = [finished.watch(pool.submit(fn, a)) for a in args]
            for fut in finished.each(len(futures), held):
                fut.result()  # the first error goes up at once
            return [fut.result() for fut in futures]
        finally:
            pool.shutdown(wait=False, cancel_futures=True)


def parse_address(address: str) -> str:
    """The scheduler address as `tcp://` or `tls://host:port`, or SchedulerAddressError.

    `tls://` is Dask's TLS, with the certificates its configuration names.
    Cost: O(len(address)) per call.

    >>> parse_address("10.0.0.5:8786"), parse_address("tcp://[::1]:8786")
    ('tcp://10.0.0.5:8786', 'tcp://[::1]:8786')
    >>> parse_address("TLS://h:8786")
    'tls://h:8786'
    >>> parse_address("udp://10.0.0.5:8786")
    Traceback (most recent call last):
    ...
    nqueens.errors.SchedulerAddressError: scheduler address 'udp://10.0.0.5:8786': \
the udp:// protocol is not supported (use tcp://HOST:PORT or tls://HOST:PORT)
    """
    if not isinstance(address, str):
        raise SchedulerAddressError(f"{address!r} is not a scheduler address "
                                    "(expected tcp://HOST:PORT)")
    text = address.strip()
    scheme, sep, rest = text.partition("://")
    if not sep:
        scheme, rest = "tcp", text
    scheme = scheme.lower()
    if scheme not in _SUPPORTED_SCHEMES:
        if re.fullmatch(r"[a-z][a-z0-9+.-]*", scheme):
            raise SchedulerAddressError(
                f"scheduler address {address!r}: the {scheme}:// protocol is not supported "
                "(use tcp://HOST:PORT or tls://HOST:PORT)"
            )
        raise SchedulerAddressError(f"{address!r} is not a scheduler address "
                                    "(expected tcp://HOST:PORT)")
    host, colon, port = rest.rpartition(":")
    if not colon or not _HOST.match(host) or not port.isdigit() or not 0 < int(port) < 65536:
        raise SchedulerAddressError(f"{address!r} is not a scheduler address "
                                    "(expected tcp://HOST:PORT, a port from 1 to 65535)")
    return f"{scheme}://{host}:{int(port)}"


def quiet_dask(log: str | os.PathLike[str] | None = None) -> None:
    """Send dask's and distributed's log records (tracebacks included) to `log`, or nowhere.

    Process-wide and idempotent: nothing of theirs reaches stderr afterwards. A `log` that
    cannot be written raises `OutputPathError` before any logger changes.
    Cost: O(loggers) per call.

    >>> import tempfile
    >>> with tempfile.TemporaryDirectory() as d:
    ...     try:
    ...         quiet_dask(d)   # a directory is no log file
    ...     except OutputPathError as err:
    ...         print(type(err).__name__, "Is a directory" in str(err))
    OutputPathError True
    """
    import logging
    import warnings

    handler: logging.Handler
    if log is None:
        handler = logging.NullHandler()
    else:
        try:
            handler = logging.FileHandler(os.fspath(log), encoding="utf-8")
        except OSError as err:
            raise OutputPathError(f"cannot write the Dask log {os.fspath(log)!r}: "
                                  f"{err.strerror or err}") from None
        handler.setFormatter(logging.Formatter("%(asctime)s %(name)s %(levelname)s %(message)s"))
    roots = ("distributed", "dask", "tornado", "asyncio", "bokeh")
    names = [name for name in list(logging.root.manager.loggerDict)
             if name.split(".")[0] in roots]
    for name in {*roots, *names}:
        logger = logging.getLogger(name)
        for old in list(logger.handlers):
            logger.removeHandler(old)
        if name in roots:
            logger.addHandler(handler)
            logger.propagate = False
        else:
            logger.propagate = True  # up to its root's handler, and no further
    warnings.filterwarnings("ignore", module=r"(distributed|dask|tornado)(\.|$)")


class _WatchedExecutor(cf.Executor):
    """A Dask client's executor whose futures fail with `SchedulerError` once the
    scheduler stops answering for `lost_after` seconds (killed, frozen, unreachable), or
    answers with no worker for that long while work is out (every worker died: Dask would
    hold the work until one comes, and the count would wait for ever)."""

    def __init__(self, client: Any, address: str, lost_after: float) -> None:
        import threading
        import weakref

        self._client = client
        self._inner = client.get_executor(pure=False)
        self._address = address
        self._lost_after = lost_after
        self._futures: weakref.WeakSet[cf.Future[Any]] = weakref.WeakSet()
        self._lost: SchedulerError | None = None
        self._stop = threading.Event()
        self._thread = threading.Thread(target=self._watch, name="nqueens-dask-watch",
                                        daemon=True)
        self._thread.start()

    def submit(self, fn: Callable[..., Any], /, *args: Any, **kwargs: Any) -> cf.Future[Any]:
        if self._lost is not None:
            raise self._lost
        inner: cf.Future[Any] = self._inner.submit(fn, *args, **kwargs)
        outer: cf.Future[Any] = cf.Future()
        outer.set_running_or_notify_cancel()
        inner.add_done_callback(lambda f: self._copy_outcome(f, outer))
        self._futures.add(outer)
        return outer

    def shutdown(self, wait: bool = True, *, cancel_futures: bool = False) -> None:
        self._stop.set()

    def _watch(self) -> None:
        import time

        interval = max(0.2, min(2.0, self._lost_after / 4))
        last_ok = last_worker = time.monotonic()
        while not self._stop.wait(interval):
            try:
                identity = self._client.sync(self._client.scheduler.identity,
                                             callback_timeout=self._lost_after)
                last_ok = time.monotonic()
            except Exception:  # any failure to answer counts as silence
                identity = None
            if identity is not None:
                waiting = any(not f.done() for f in list(self._futures))
                if identity.get("workers") or not waiting:
                    last_worker = last_ok
                elif last_ok - last_worker >= self._lost_after:
                    self._fail(f"the Dask scheduler at {self._address} has had no worker "
                               f"for {self._lost_after:g} s")
                    return
                continue
            if time.monotonic() - last_ok >= self._lost_after or self._client.status in (
                    "closed", "closing"):
                self._fail(f"lost the Dask scheduler at {self._address}: no answer for "
                           f"{self._lost_after:g} s")
                return

    def _copy_outcome(self, inner: cf.Future[Any], outer: cf.Future[Any]) -> None:
        """Hand `inner`'s outcome to `outer` unless the watchdog failed `outer` first.

        Dask cancels every future when the scheduler goes away: that is a lost scheduler.
        """
        with contextlib.suppress(cf.InvalidStateError):
            if inner.cancelled():
                outer.set_exception(SchedulerError(
                    f"lost the Dask scheduler at {self._address}: the connection closed; "
                    "a count with a ledger resumes from it"
                ))
            elif inner.exception() is not None:
                outer.set_exception(inner.exception())
            else:
                outer.set_result(inner.result())

    def _fail(self, why: str) -> None:
        self._lost = SchedulerError(f"{why}; a count with a ledger resumes from it")
        for fut in list(self._futures):
            with contextlib.suppress(cf.InvalidStateError):
                if not fut.done():
                    fut.set_exception(self._lost)


@contextlib.contextmanager
def dask_executor(
    address: str,
    *,
    timeout: float = 5.0,
    lost_after: float = 30.0,
    log: str | os.PathLike[str] | None = None,
) -> Iterator[tuple[cf.Executor, int]]:
    """Connect to the Dask scheduler at `address`; yield `(executor, worker threads)`.

    A malformed or unsupported address raises `SchedulerAddressError` before any
    connection; a scheduler that cannot be reached within `timeout` seconds or has no
    workers raises `SchedulerError`; one that stops answering for `lost_after`
    seconds while work is out fails that work with `SchedulerError`.
    `DaskUnavailableError` when dask.distributed is not installed. Dask's own log
    goes to the file `log`, or nowhere; never to stderr.
    Cost: O(1) calls to the scheduler to connect, plus one identity call per watch interval.

    >>> with dask_executor("10.0.0.5:8786:1"):
    ...     pass
    Traceback (most recent call last):
    ...
    nqueens.errors.SchedulerAddressError: '10.0.0.5:8786:1' is not a scheduler \
address (expected tcp://HOST:PORT, a port from 1 to 65535)
    >>> with dask_executor("10.0.0.5:8786", timeout=0):
    ...     pass
    Traceback (most recent call last):
    ...
    nqueens.errors.InvalidArgumentError: timeout and lost_after must be positive numbers of seconds
    """
    url = parse_address(address)
    if not timeout > 0 or not lost_after > 0:
        raise InvalidArgumentError("timeout and lost_after must be positive numbers of seconds")
    try:
        import distributed  # noqa: F401  (configures its loggers on import)
    except ImportError:
        raise DaskUnavailableError(NEEDS_DASK) from None
    quiet_dask(log)
    from nqueens.engine.wire import no_pickle

    with no_pickle():
        yield from _on_client(url, timeout, lost_after)


def _on_client(url: str, timeout: float,
               lost_after: float) -> Iterator[tuple[cf.Executor, int]]:
    client = _connect(url, timeout)
    executor: _WatchedExecutor | None = None
    try:
        try:
            client.wait_for_workers(1, timeout=timeout)
        except (TimeoutError, OSError):
            raise SchedulerError(f"the Dask scheduler at {url} has no workers") from None
        info = client.scheduler_info()
        threads = sum(w.get("nthreads", 1) for w in info["workers"].values())
        executor = _WatchedExecutor(client, url, lost_after)
        yield executor, max(1, threads)
    finally:
        if executor is not None:
            executor.shutdown()
        _close_soon(client, timeout)


def _connect(url: str, timeout: float) -> Any:
    """A Dask client for the scheduler at `url`, or `SchedulerError` within about
    `timeout` seconds. Dask's own timeout covers the TCP connection only: a service that
    accepts it and never answers (a web server) held `Client()` for ever, and one that
    answers with something else made Dask allocate exabytes. So the client is made in a
    helper thread, and given up on (the thread dies with the process) when it is late."""
    import threading

    from distributed import Client

    from nqueens.engine.wire import SERIALIZERS

    made: dict[str, Any] = {}

    def connect() -> None:
        try:
            made["client"] = Client(url, timeout=timeout, set_as_default=False,
                                    serializers=SERIALIZERS, deserializers=SERIALIZERS)
        except BaseException as err:  # handed to the caller below
            made["error"] = err

    helper = threading.Thread(target=connect, name="nqueens-dask-connect", daemon=True)
    helper.start()
    helper.join(timeout + 2.0)
    err = made.get("error")
    if "client" in made:
        return made["client"]
    if isinstance(err, (OSError, TimeoutError, ValueError)):
        reason = str(err).splitlines()[0] if str(err) else type(err).__name__
        raise SchedulerError(f"cannot reach the Dask scheduler at {url}: {reason}")
    if err is None:
        raise SchedulerError(f"cannot reach the Dask scheduler at {url}: something there "
                             f"took the connection but gave no Dask answer in {timeout:g} s")
    raise SchedulerError(f"cannot reach the Dask scheduler at {url}: the service there does "
                         f"not speak Dask's protocol ({type(err).__name__})")


def _close_soon(client: Any, timeout: float) -> None:
    """Close `client` without waiting more than `timeout` seconds for a silent scheduler."""
    import threading

    def close() -> None:
        with contextlib.suppress(Exception):
            client.close(timeout=timeout)

    closer = threading.Thread(target=close, name="nqueens-dask-close", daemon=True)
    closer.start()
    closer.join(timeout + 1)
