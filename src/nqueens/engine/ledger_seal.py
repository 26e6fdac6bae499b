"""The ledger's seal: a keyed MAC (HMAC-SHA-256) over every row, with a key kept outside it.

A SHA-256 digest stops accidents; anyone who reads `docs/ledger.md` can recompute one. The
seal is an HMAC under a secret key that lives outside the ledger: by default
`$XDG_CONFIG_HOME/nqueens/ledger.key` (else `~/.config/nqueens/ledger.key`), or the file
named by the environment variable `NQUEENS_LEDGER_KEY` (for clusters and tests). A count
creates the key on first use (32 random bytes, written as hex, mode 0600); reading commands
never create one. A key file others can read or write, or in a folder others can write to,
is refused, as is one that is not a regular file (a FIFO is never waited on). A ledger
records the key's id (a short hash of the key, not the key), so a ledger sealed by another
key is refused naming the key it needs.

>>> key = bytes(32)
>>> seal(key, "abc") == hmac.new(key, b"abc", hashlib.sha256).hexdigest()
True
>>> key_id(key) == hashlib.sha256(b"nqueens ledger key id\\n" + key).hexdigest()[:16]
True
"""

from __future__ import annotations

import contextlib
import errno
import hashlib
import hmac
import os
import secrets

from nqueens.errors import DiskFullError, LedgerError, LedgerKeyError

__all__ = ["ENV", "key_id", "key_path", "load_key", "seal"]

ENV = "NQUEENS_LEDGER_KEY"
"""The environment variable naming the key file (overrides the config directory)."""


def key_path() -> str:
    """The key file's name: `$NQUEENS_LEDGER_KEY`, else the user's config directory.

    Cost: O(1).

    >>> os.path.basename(key_path()) if ENV not in os.environ else "ledger.key"
    'ledger.key'
    """
    named = os.environ.get(ENV)
    if named:
        return os.path.abspath(os.path.expanduser(named))
    base = os.environ.get("XDG_CONFIG_HOME") or os.path.join(os.path.expanduser("~"),
                                                               ".config")
    return os.path.join(base, "nqueens", "ledger.key")


def key_id(key: bytes) -> str:
    """A short public name of `key` (16 hex digits of a SHA-256): names it, reveals nothing.

    Cost: O(1).

    >>> len(key_id(b"k" * 32))
    16
    """
    return hashlib.sha256(b"nqueens ledger key id\n" + key).hexdigest()[:16]


def seal(key: bytes, text: str) -> str:
    """HMAC-SHA-256 of `text` under `key`, as 64 hex digits.

    Cost: O(len(text)).

    >>> seal(b"k", "x") == seal(b"k", "x") != seal(b"K", "x")
    True
    """
    return hmac.new(key, text.encode(), hashlib.sha256).hexdigest()


def load_key(*, create: bool) -> bytes:
    """The ledger key, read from `key_path`; with `create`, made there if absent.

    A missing key (without `create`) or an unreadable or malformed key file raises
    `LedgerKeyError` (exit 2) naming the file.
    Cost: O(1): one small file read (and on first use one write and an fsync).

    >>> import tempfile
    >>> before = os.environ.get(ENV)
    >>> with tempfile.TemporaryDirectory() as d:
    ...     os.environ[ENV] = os.path.join(d, "k")
    ...     made = load_key(create=True)
    ...     again = load_key(create=False)
    ...     mode = oct(os.stat(os.path.join(d, "k")).st_mode & 0o777)
    >>> if before is None: del os.environ[ENV]
    ... else: os.environ[ENV] = before
    >>> made == again, len(made), mode
    (True, 32, '0o600')
    """
    path = key_path()
    if create and not os.path.lexists(path):
        _create(path)
    text = _read_private(path)
    try:
        key = bytes.fromhex(text.decode("ascii").strip())
    except (UnicodeDecodeError, ValueError):
        key = b""
    if len(key) < 16:
        raise LedgerKeyError(f"{path!r} is not a ledger key (expected 64 hex digits)")
    return key


def _read_private(path: str) -> bytes:
    """The first 4096 bytes of the key file `path`, once it is known to be ours alone.

    Opened without blocking (a FIFO is refused, never waited on) and checked on the open
    descriptor itself: a regular file, owned by this user (or root), that no one else can
    read or write, in a folder no one else can write to (unless sticky, as /tmp). Whoever
    can read the key can seal a forged ledger, and whoever can replace it can have the
    next count seal under theirs, so such a key is refused (as ssh refuses a private key
    that others can read), never used and never silently replaced.
    Cost: O(1): an open, two `stat` calls and one small read."""
    import stat

    try:
        fd = os.open(path, os.O_RDONLY | os.O_NONBLOCK | os.O_NOCTTY)
    except FileNotFoundError:
        raise LedgerKeyError(
            f"no ledger key at {path!r}: a ledger is sealed with the key that made it; "
            f"set {ENV} to its key file"
        ) from None
    except OSError as err:
        raise LedgerKeyError(f"cannot read the ledger key {path!r}: "
                             f"{err.strerror or err}") from None
    try:
        st = os.fstat(fd)
        if not stat.S_ISREG(st.st_mode):
            raise LedgerKeyError(f"the ledger key {path!r} is {_what(st.st_mode)}, not a "
                                 "regular file; set " + ENV + " to the key file itself")
        _refuse_shared(path, st)
        try:
            return os.read(fd, 4096)
        except OSError as err:
            raise LedgerKeyError(f"cannot read the ledger key {path!r}: "
                                 f"{err.strerror or err}") from None
    finally:
        os.close(fd)


def _what(mode: int) -> str:
    import stat

    return ("a directory" if stat.S_ISDIR(mode) else "a FIFO (a named pipe)"
            if stat.S_ISFIFO(mode) else "a socket" if stat.S_ISSOCK(mode)
            else "a device" if stat.S_ISCHR(mode) or stat.S_ISBLK(mode) else "something")


def _refuse_shared(path: str, st: os.stat_result) -> None:
    """Refuse a key file (`st`, from its open descriptor) that is not this user's alone."""
    import stat

    mine = st.st_uid in (os.geteuid(), 0)
    if not mine or st.st_mode & 0o077:
        whose = "" if mine else f", owned by user {st.st_uid}"
        raise LedgerKeyError(
            f"the ledger key {path!r} is open to others (mode {st.st_mode & 0o777:04o}"
            f"{whose}): anyone who can read it can seal a forged ledger; if no one else can "
            f"have read or changed it, make it yours alone (chmod 600 {path}), else move it "
            "away (a count makes a new key; ledgers sealed by the old one must be counted "
            "again)"
        )
    folder = os.path.dirname(path) or "."
    try:
        dst = os.stat(folder)
    except OSError:
        return
    if dst.st_mode & (stat.S_IWGRP | stat.S_IWOTH) and not dst.st_mode & stat.S_ISVTX:
        raise LedgerKeyError(
            f"the ledger key {path!r} lies in a folder others can write to (mode "
            f"{dst.st_mode & 0o777:04o}): anyone who can write there can replace the key; "
            f"keep it in a folder of yours alone (chmod 700 {folder})"
        )


def _create(path: str) -> None:
    """Write a fresh key to `path` atomically (a temp file linked into place, never over an
    existing key: two counts starting at once end with one key)."""
    folder = os.path.dirname(path)
    tmp = f"{path}.{os.getpid()}.tmp"
    made = not os.path.isdir(folder)
    try:
        os.makedirs(folder, mode=0o700, exist_ok=True)
        fd = os.open(tmp, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
        try:
            try:
                os.write(fd, (secrets.token_bytes(32).hex() + "\n").encode())
                os.fsync(fd)
            finally:
                os.close(fd)
            with contextlib.suppress(FileExistsError):
                os.link(tmp, path)  # another count made it first: use theirs
        finally:
            with contextlib.suppress(OSError):
                os.unlink(tmp)
    except OSError as err:
        if made:  # the folder this call made, left empty: nothing half-made stays
            with contextlib.suppress(OSError):
                os.rmdir(folder)
        if err.errno in (errno.ENOSPC, errno.EDQUOT, errno.EFBIG):
            raise DiskFullError(f"cannot create the ledger key {path!r}: "
                                f"{err.strerror or err}") from None
        raise LedgerKeyError(f"cannot create the ledger key {path!r}: "
                             f"{err.strerror or err}") from None


def check_key_id(name: str, wanted: str, key: bytes) -> None:
    """Refuse the ledger `name` sealed by key `wanted` when `key` is another.

    Cost: O(1): one key id.

    >>> check_key_id("l.sqlite", key_id(bytes(32)), bytes(32))
    """
    if wanted != key_id(key):
        raise LedgerError(
            f"{name!r} is sealed by ledger key {wanted}, not by the key at {key_path()!r} "
            f"(key {key_id(key)}); set {ENV} to the file of key {wanted}"
        )
