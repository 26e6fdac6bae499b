"""No code from the cluster runs in the client: what a Dask client here may deserialise.

Dask moves results as msgpack when they are plain data and as pickle otherwise, and it
unpickles some things whatever the client asks (an erred task's exception and traceback,
objects a peer marks as pickled). Unpickling runs code of the sender's choosing, so while a
fleet count (or a fleet verification) is connected, `no_pickle` replaces the one
function Dask unpickles with (`distributed.protocol.pickle.loads`) by a refusal, and the
client is made with `SERIALIZERS` (msgpack only): a pickled result is refused before
a byte of it is loaded, and is reported as the answer of a misbehaving worker
(`is_refusal`). The client still pickles what it sends (the function a worker runs):
that is our code going out, never theirs coming in.

>>> SERIALIZERS
['msgpack']
>>> is_refusal(TypeError(REFUSED)), is_refusal(ValueError("no"))
(True, False)
"""

from __future__ import annotations

import contextlib
import threading
from collections.abc import Iterator
from typing import Any

__all__ = ["REFUSED", "SERIALIZERS", "is_refusal", "no_pickle", "plain_reason"]

SERIALIZERS = ["msgpack"]
"""The (de)serializers of every Dask client nqueens makes."""
REFUSED = "refused pickled data from the Dask cluster (it would run the sender's code here)"
"""The error a refused unpickling raises inside Dask's receiving code."""

_lock = threading.Lock()
_depth = [0]
_saved: list[Any] = []


def _refuse(*args: object, **kwargs: object) -> Any:
    raise TypeError(REFUSED)


@contextlib.contextmanager
def no_pickle() -> Iterator[None]:
    """While inside, this process's Dask unpickles nothing (re-entrant; process-wide).

    Cost: O(1).

    >>> import pytest; _ = pytest.importorskip("distributed")
    >>> import distributed.protocol.pickle as p
    >>> with no_pickle():
    ...     p.loads(p.dumps(1))
    Traceback (most recent call last):
    ...
    TypeError: refused pickled data from the Dask cluster (it would run the sender's code here)
    >>> p.loads(p.dumps(1))
    1
    """
    import distributed.protocol.pickle as dask_pickle

    with _lock:
        if _depth[0] == 0:
            _saved.append(dask_pickle.loads)
            dask_pickle.loads = _refuse
        _depth[0] += 1
    try:
        yield
    finally:
        with _lock:
            _depth[0] -= 1
            if _depth[0] == 0:
                dask_pickle.loads = _saved.pop()


def is_refusal(err: BaseException) -> bool:
    """Whether `err` is Dask failing to load an answer that came pickled.

    Cost: O(len(str(err))).

    >>> is_refusal(TypeError("Data serialized with pickle but only able to deserialize "
    ...                      "data with ['msgpack']"))
    True
    """
    text = str(err)
    return REFUSED in text or "only able to deserialize data with" in text or (
        isinstance(err.args[0] if err.args else None, (bytes, bytearray)))


def plain_reason(err: BaseException, limit: int = 160) -> str:
    """A worker's error as one short printable line (never its bytes, never a traceback).

    Cost: O(limit).

    >>> plain_reason(Exception(b"\\x80\\x04payload")), plain_reason(ValueError("a\\nb"))
    ('an error sent pickled (refused unread)', 'ValueError: a b')
    """
    if is_refusal(err):
        return "an error sent pickled (refused unread)"
    text = " ".join(str(err).split())[:limit]
    text = "".join(ch if ch.isprintable() else "?" for ch in text)
    return f"{type(err).__name__}: {text}" if text else type(err).__name__
