"""The exceptions the toolkit raises, in three families: bad input, a missing optional
package, and work that could not finish.

Every error a person can cause is a `NQueensError` (a `ValueError`) with a
message that says what to change; the CLI prints it as one line and exits 2. An optional
package that a requested feature needs and that is not installed (dask, numba-cuda, CuPy,
cairosvg, matplotlib) is a `MissingDependencyError` (an `ImportError`) whose
message carries the `pip install` line; the CLI prints it as one line and exits 2. A
failure at run time that no change of input would fix (a disk full, a scheduler lost, a
batch that keeps failing) is a `NQueensRuntimeError` (a `RuntimeError`); the CLI
prints it as one line and exits 3. Library messages name arguments, not command-line flags.

>>> issubclass(DaskUnavailableError, ImportError), issubclass(LedgerBusyError, RuntimeError)
(True, True)
"""

from __future__ import annotations

__all__ = [
    "DISTRIBUTION",
    "ConflictingOptionsError",
    "DaskUnavailableError",
    "DiskFullError",
    "EngineError",
    "GPUPackageError",
    "GPUUnavailableError",
    "ImageSupportMissingError",
    "ImageTooLargeError",
    "InvalidArgumentError",
    "InvalidBoardError",
    "InvalidSizeError",
    "LedgerBusyError",
    "LedgerError",
    "LedgerKeyError",
    "LedgerRowsError",
    "LedgerWarning",
    "MissingDependencyError",
    "MissingFontWarning",
    "NQueensError",
    "NQueensRuntimeError",
    "OutputPathError",
    "ParseError",
    "PieceStopped",
    "PlayerInputError",
    "PuzzleFormatError",
    "PuzzleImportError",
    "RenderError",
    "SchedulerAddressError",
    "SchedulerError",
    "SearchTimeout",
    "Stopped",
    "TooManyPlacements",
    "TreeTooLargeError",
    "UnknownOptionError",
    "UsageError",
    "WriteFailedError",
    "install_line",
    "with_cli_hint",
]

DISTRIBUTION = "nqueens-toolkit"
"""The toolkit's name on the package index; the import name and the command are `nqueens`."""


def install_line(extra: str) -> str:
    """The `pip install` line that adds the optional extra `extra`. Cost: O(1).

    >>> install_line("image")
    'pip install "nqueens-toolkit[image]"'
    """
    return f'pip install "{DISTRIBUTION}[{extra}]"'


class NQueensError(ValueError):
    """Base class of every input error raised by nqueens."""


class InvalidSizeError(NQueensError):
    """A board size that is not a positive integer, or too large for the method asked for."""


class UnknownOptionError(NQueensError):
    """A strategy, format, language or method name that does not exist."""


class ParseError(NQueensError):
    """Text that cannot be read as a board, a column list or a solution file."""


class PuzzleFormatError(ParseError):
    """A puzzle text or puzzle arguments that do not describe a valid puzzle."""


class InvalidBoardError(NQueensError):
    """A placement that is not a solution where a solution is required."""


class InvalidArgumentError(NQueensError):
    """An argument of the wrong kind: a flag that is not True or False, a callback that
    cannot be called, a file name that is not a path, an object that is not the record
    (a puzzle, a step, a trace event, an executor) the function works on."""


class ConflictingOptionsError(NQueensError):
    """Options that cannot be used together, such as a pure strategy with a ledger."""


class OutputPathError(NQueensError):
    """An output path that cannot be written (missing folder, no permission, a directory)."""


class UsageError(NQueensError):
    """Bad command-line usage: the message is printed as one line, exit status 2."""


class PlayerInputError(NQueensError):
    """Events and lines that cannot make a player page (mismatched lengths, no events)."""


class ImageTooLargeError(NQueensError):
    """A picture too large to rasterise (cairo's limit or the memory)."""


class TreeTooLargeError(InvalidSizeError):
    """A tree with more nodes than the bound the caller allowed.

    `nodes` is the node count (root included); `exact` says whether it is exact or a
    Monte Carlo estimate (whole searches above n = 16).
    """

    def __init__(self, message: str, *, n: int, until: str, nodes: int, exact: bool,
                 max_nodes: int) -> None:
        super().__init__(message)
        self.n = n
        self.until = until
        self.nodes = nodes
        self.exact = exact
        self.max_nodes = max_nodes


class MissingFontWarning(UserWarning):
    """A PNG with Japanese or Korean text drawn where no installed font has its glyphs
    (a warning, not an error: the picture is still drawn)."""


class LedgerWarning(UserWarning):
    """A ledger taken up with a caveat: an unsealed (format 2) ledger whose rows are all
    counted again, and the rows that recount contradicted (the CLI shows it as one line)."""


class MissingDependencyError(ImportError):
    """An optional package (or the C library under it) that a requested feature needs; the
    message carries the `pip install` line (the CLI prints it and exits 2)."""


class ImageSupportMissingError(MissingDependencyError):
    """Pillow, which reading a screenshot needs, is not installed (the message says how).

    Both a missing dependency (exit 2) and an `ImportError`, so `except ImportError`
    catches it as it catches any absent package."""


class PuzzleImportError(ParseError):
    """A puzzle source that cannot be read: a broken URL or SBN string, a picture with no
    board in it or one read with too little confidence, a grid that is no puzzle."""


class NQueensRuntimeError(RuntimeError):
    """Base class of failures at run time: the input was fine, the work could not finish."""


class DiskFullError(NQueensRuntimeError):
    """A write that failed for want of room: a full disk (ENOSPC) or a file-size limit (EFBIG)."""


class RenderError(NQueensRuntimeError):
    """A renderer that could not run (matplotlib's drawing backend would not start)."""


class WriteFailedError(NQueensRuntimeError):
    """A write that failed midway for another reason than room (a short write, EIO)."""


# --- the counting engine's -------------------------------------------------------------


class EngineError(NQueensRuntimeError):
    """A count that could not finish: a batch kept failing or the executor broke."""


class LedgerError(NQueensError):
    """A ledger file that cannot be used: not a ledger, damaged, or made for another job."""


class LedgerKeyError(LedgerError):
    """The ledger key (the seal's secret) is missing, unreadable or malformed."""


class LedgerRowsError(LedgerError):
    """Rows of a ledger that fail their check; `bad` lists their indexes."""

    cli_hint = "rerun the count with --repair to recount just those"

    def __init__(self, message: str, bad: list[int]) -> None:
        super().__init__(message)
        self.bad = bad


class LedgerBusyError(NQueensRuntimeError):
    """Another count holds the ledger."""

    cli_hint = "rerun with --wait to wait for it"


class Stopped(NQueensRuntimeError):
    """A batch told to stop (its `stop` flag set between two kernel slices): the count is
    ending early, by Ctrl-C or by an error elsewhere; what the batch finished is kept."""


class SearchTimeout(NQueensRuntimeError):
    """A search reached its time limit (`timeout=`) without an answer: the answer is
    unknown, not negative. `seconds` is the limit, `nodes` the work done."""

    def __init__(self, message: str, *, seconds: float = 0.0, nodes: int = 0) -> None:
        super().__init__(message)
        self.seconds = seconds
        self.nodes = nodes


class PieceStopped(Exception):
    """Raised inside a piece of a parallel variant count whose run was stopped (caught by
    `nqueens.variants._parallel`; never seen by the caller)."""


class TooManyPlacements(Exception):
    """Raised inside the explainer's k-star shape check when a unit's placements are too
    many to go through (`nqueens.puzzles.placements.PLACEMENT_NODES`; caught there, never
    seen by the caller)."""


class SchedulerError(NQueensRuntimeError):
    """A Dask scheduler that cannot be reached, or that has no workers."""


class SchedulerAddressError(NQueensError):
    """A scheduler address that is malformed or uses an unsupported protocol."""


class DaskUnavailableError(MissingDependencyError):
    """A Dask cluster was asked for but dask.distributed is not installed."""


class GPUPackageError(MissingDependencyError):
    """A GPU count was asked for where numba-cuda (or, for the CUDA C kernel, CuPy) is not
    installed."""


class GPUUnavailableError(NQueensError):
    """A GPU count was asked for where no CUDA GPU is present."""


def with_cli_hint(err: BaseException, hint: str) -> BaseException:
    """`err` with `hint`, the command line's advice, which the CLI adds to its message.

    Library messages name no flag; the hint names the flags and commands. Cost: O(1).

    >>> with_cli_hint(EngineError("no majority"), "run nqueens ledger verify --all").cli_hint
    'run nqueens ledger verify --all'
    """
    err.cli_hint = hint  # type: ignore[attr-defined]
    return err
