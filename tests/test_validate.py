"""The shared validator at the public faces: every bad integer, size or choice is refused by
the project's own errors (each a ``ValueError``), in one wording, naming the argument.

One wording: ``<name> must be <an integer | a positive integer | a non-negative integer |
an integer from A to B | an integer of at least A | an integer of at most B>, got <value>``
for numbers, and ``unknown <name> '<value>'; choose one of <a, b, c>`` for choices.
"""

from __future__ import annotations

import io
import re
from collections.abc import Callable
from pathlib import Path

import pytest

from nqueens._validate import check_choice, check_int, check_size
from nqueens.errors import InvalidSizeError, NQueensError, UnknownOptionError

NUMBER = re.compile(r"^\w+ must be (an integer|a positive integer|a non-negative integer|"
                    r"an integer from -?\d+ to \d+|an integer of at (least|most) -?\d+), "
                    r"got .+$")
CHOICE = re.compile(r"^unknown \w+ '.*'; choose one of \S.*$")


def _estimate(**kw: object) -> Callable[[], object]:
    from nqueens.analysis.estimate import estimate
    return lambda: estimate(**kw)


def _call(module: str, name: str, *args: object, **kw: object) -> Callable[[], object]:
    def go() -> object:
        import importlib
        return getattr(importlib.import_module(module), name)(*args, **kw)
    return go


NUMBERS = [
    (_call("nqueens.search", "solutions", 8, limit=0),
     "limit must be an integer from 1 to 9223372036854775807, got 0"),
    (_call("nqueens.search", "solutions", 8, limit=2.5),
     "limit must be an integer from 1 to 9223372036854775807, got 2.5"),
    (_call("nqueens.engine.backends", "ThreadBackend", workers="2"),
     "workers must be a positive integer, got '2' (text: pass the number 2, without quotes)"),
    (_call("nqueens.engine.backends", "ThreadBackend", workers=2.5),
     "workers must be a positive integer, got 2.5"),
    (_call("nqueens.engine.run", "run_count", 8, workers=0),
     "workers must be a positive integer, got 0"),
    (_call("nqueens.strategies", "check_strategy_size", 0), "N must be a positive integer, got 0"),
    (_call("nqueens.strategies", "check_strategy_size", "8"),
     "N must be a positive integer, got '8' (text: pass the number 8, without quotes)"),
    (_call("nqueens.strategies", "check_strategy_size", True),
     "N must be a positive integer, got True (a bool, not a number)"),
    (_call("nqueens.completion", "count_completions", 8, [], limit=-1),
     "limit must be an integer from 0 to 9223372036854775807, got -1"),
    (_call("nqueens.completion", "random_instance", 8, 9),
     "k must be an integer from 0 to 8, got 9"),
    (_call("nqueens.completion", "complete", 0, []), "n must be a positive integer, got 0"),
    (_call("nqueens.large.local", "kernel_seed", -1),
     "seed must be a non-negative integer, got -1"),
    (_call("nqueens.large.local", "kernel_seed", 1.0),
     "seed must be a non-negative integer, got 1.0 (a float: pass the integer 1)"),
    (_call("nqueens.large.construct", "construct", 2.0),
     "n must be a positive integer, got 2.0 (a float: pass the integer 2)"),
    (_estimate(n=63), "N must be an integer from 1 to 62, got 63"),
    (_estimate(n=8, trials=1), "trials must be an integer from 2 to 1000000000, got 1"),
    (_estimate(n=8, trials=10, seed=2**32),
     "seed must be an integer from 0 to 4294967295, got 4294967296"),
    (_call("nqueens.analysis.stats", "tree_stats", 19),
     "N must be an integer from 1 to 18, got 19"),
    (_call("nqueens.analysis.stats", "first_solution_tries", 63),
     "N must be an integer from 1 to 62, got 63"),
    (_call("nqueens.analysis.treesize", "count_tries", 4, cap=0),
     "cap must be a positive integer, got 0"),
    (_call("nqueens.analysis.treesize", "trace", 33), "N must be an integer from 1 to 32, got 33"),
    (_call("nqueens.analysis.tree", "pruned_tree", 4, max_nodes=0),
     "max_nodes must be a positive integer, got 0"),
    (_call("nqueens.puzzles.generate", "make", 63), "n must be an integer from 1 to 62, got 63"),
]

CHOICES = [
    (_call("nqueens.strategies", "check_strategy", "fast"),
     "unknown strategy 'fast'; choose one of promising, arrays, bitmask"),
    (_call("nqueens.large", "find", 8, method="magic"),
     "unknown method 'magic'; choose one of construct, local"),
    (_call("nqueens.analysis.treesize", "trace_size", 4, until="last"),
     "unknown until 'last'; choose one of first, all"),
    (lambda: list(_call("nqueens.trace", "events", 4, until="last")()),
     "unknown until 'last'; choose one of first, all"),
    (_call("nqueens.puzzles.generate", "make", 5, kind="sudoku"),
     "unknown kind 'sudoku'; choose one of regions, completion"),
    (_call("nqueens.narrate", "event_lines", [], "fr"),
     "unknown language 'fr'; choose one of en, ja, ko"),
    (_call("nqueens.large.output", "write_solution", [0], io.BytesIO(), fmt="xml"),
     "unknown fmt 'xml'; choose one of cols, npy"),
    (_call("nqueens.render.plot", "stats_plot", [], io.BytesIO(), fmt="gif"),
     "unknown fmt 'gif'; choose one of svg, png"),
]


CASES = [(call, InvalidSizeError, NUMBER, message) for call, message in NUMBERS] + [
    (call, UnknownOptionError, CHOICE, message) for call, message in CHOICES]


@pytest.mark.parametrize(("call", "error", "wording", "message"), CASES)
def test_bad_input_is_refused_in_one_wording(call: Callable[[], object], error: type[Exception],
                                             wording: re.Pattern[str], message: str) -> None:
    with pytest.raises(error) as err:
        call()
    assert str(err.value) == message
    assert wording.match(message)


def test_the_step_and_puzzle_pages_refuse_an_unknown_language() -> None:
    from nqueens.puzzles.logic import explain, summary_text
    from nqueens.puzzles.model import completion_puzzle
    from nqueens.render.puzzle_play import play_data

    p = completion_puzzle(4, [(0, 1)])
    for call in (lambda: summary_text(explain(p), "fr"), lambda: play_data(p, lang="fr")):
        with pytest.raises(UnknownOptionError) as err:
            call()
        assert str(err.value) == "unknown language 'fr'; choose one of en, ja, ko"


@pytest.mark.parametrize("value", [True, False, 2.0, "3", None, 3 + 0j])
def test_check_int_refuses_what_is_not_an_int(value: object) -> None:
    with pytest.raises(InvalidSizeError, match=r"^k must be an integer, got "):
        check_int(value, "k")


def test_check_int_bounds_and_the_errors_are_value_errors() -> None:
    import numpy as np

    assert check_int(0, "k", low=0, high=0) == 0
    # numpy integers are integers; they come back as Python ints (numpy's wrap at 2**63)
    assert type(check_int(np.int64(5), "k", low=1)) is int
    assert check_int(np.uint64(2**64 - 1), "k") == 2**64 - 1
    with pytest.raises(InvalidSizeError, match=r"^k must be a positive integer, got 0$"):
        check_int(np.int64(0), "k", low=1)
    for not_an_int in (np.float64(5.0), np.bool_(True), np.array(5)):
        with pytest.raises(InvalidSizeError):
            check_int(not_an_int, "k")
    for low, high, bad, text in ((1, None, 0, "a positive integer"),
                                 (0, None, -1, "a non-negative integer"),
                                 (5, None, 4, "an integer of at least 5"),
                                 (None, 3, 4, "an integer of at most 3"),
                                 (4, 6, 7, "an integer from 4 to 6")):
        with pytest.raises(NQueensError) as err:
            check_int(bad, "k", low=low, high=high)
        assert str(err.value) == f"k must be {text}, got {bad}"
        assert NUMBER.match(f"k must be {text}, got {bad}")
    assert issubclass(InvalidSizeError, ValueError)
    assert check_size(62, largest=62) == 62
    assert check_choice("b", "x", "abc") == "b"


# -- every bad input at the library's face is the project's own error, named ----------
#
# Each row: (what, call, the error's class name, the start of its message). The calls import
# lazily, so that a broken import fails its rows, not the module.

Row = tuple[str, Callable[[], object], str, str]


def _puzzle() -> object:
    from nqueens.puzzles import parse_puzzle
    return parse_puzzle("AABBB\nAABBB\nCCDDD\nCEEED\nCEEED\n")


def _completion_puzzle() -> object:
    from nqueens.puzzles import completion_puzzle
    return completion_puzzle(4, [(0, 1)])


def _step() -> object:
    from nqueens.puzzles.logic import Step
    return Step("single", place=(0, 1), units=(("row", 0),))


def _in(module: str, name: str, *args: object, **kw: object) -> Callable[[], object]:
    """A call of ``module.name``; an argument that is one of the private makers above
    (``_puzzle``, ...) is made when the call runs."""
    def go() -> object:
        import importlib
        real = [a() if callable(a) and getattr(a, "__name__", "").startswith("_") else a
                for a in args]
        return getattr(importlib.import_module(module), name)(*real, **kw)
    return go


def _solution(method: str, value: object) -> Callable[[], object]:
    def go() -> object:
        from nqueens.board import Solution
        return getattr(Solution, method)(value)
    return go


def _drain(module: str, name: str, *args: object) -> Callable[[], object]:
    """A call of a lazy ``module.name`` run to its end (its checks run at the first next)."""
    call = _in(module, name, *args)
    return lambda: list(call())  # type: ignore[call-overload]


SIZE = "must be a positive integer, got "
BOARD = "must hold (row, col) pairs of integers, got "
PAIRS = "must be an iterable of (row, col) pairs, got "
PUZZLE = ("p must be a Puzzle (read one with parse_puzzle, or build one with region_puzzle or "
          "completion_puzzle), got ")
ENGINE_N = "N must be an integer from 1 to 31, got "
SECONDS = "must be a positive number of seconds"
TARGET = f"target_seconds {SECONDS}"
PATH = "must be a file name (a str or an os.PathLike), got "
FLAG = "must be True or False, got "
CALLBACK = "must be a callable or None, got "
EXECUTOR = "executor must be a concurrent.futures.Executor or None, got "
COMP, PZ = "nqueens.completion", "nqueens.puzzles"


def _completion_rows() -> list[Row]:
    rows: list[Row] = []
    # completion sizes that are not integers (were TypeError: '<=' not supported)
    for v in (None, "8", [8], b"8"):
        for fn in ("complete", "completions", "count_completions"):
            rows.append((f"{fn}({v!r})", _in(COMP, fn, v, []), "InvalidSizeError",
                         f"n {SIZE}{v!r}"))
    # the count's limit goes to an int64 kernel (was OverflowError)
    for v in (2**64, -1, 1.5):
        rows.append((f"count_completions(limit={v!r})",
                     _in(COMP, "count_completions", 8, [], limit=v), "InvalidSizeError",
                     f"limit must be an integer from 0 to {2**63 - 1}, got {v!r}"))
    # squares and texts of the wrong kind (were TypeError / AttributeError)
    for v in (None, 5, b"xx"):
        rows += [
            (f"complete(8, {v!r})", _in(COMP, "complete", 8, v), "InvalidBoardError",
             f"queens {PAIRS}{v!r}"),
            (f"complete(8, [], blocked={v!r})", _in(COMP, "complete", 8, [], blocked=v),
             "InvalidBoardError", f"blocked {PAIRS}{v!r}"),
            (f"allowed_masks(4, {v!r})", _in(COMP, "allowed_masks", 4, v),
             "InvalidBoardError", f"queens {PAIRS}{v!r}"),
        ]
    # a str is the command line's 1-based text (issue 32): one that is not squares
    rows += [
        ("complete(8, 'QQ')", _in(COMP, "complete", 8, "QQ"), "ParseError",
         "cannot read 'QQ' as a square: expected ROW,COL like 2,5 (1-based)"),
        ("complete(8, [], blocked='QQ')", _in(COMP, "complete", 8, [], blocked="QQ"),
         "ParseError", "cannot read 'QQ' as a square"),
    ]
    for v in (None, 5, b"1,1"):
        rows += [
            (f"parse_squares({v!r})", _in(COMP, "parse_squares", v), "ParseError",
             f"text must be a str, got {v!r}"),
            (f"parse_board({v!r})", _in(COMP, "parse_board", v), "ParseError",
             f"text must be a str, got {v!r}"),
        ]
    rows += [
        ("random_instance(seed='x')", _in(COMP, "random_instance", 8, 2, seed="x"),
         "InvalidSizeError", "seed must be a non-negative integer, got 'x'"),
        ("complete(seed=-1)", _in(COMP, "complete", 8, [], seed=-1),
         "InvalidSizeError", "seed must be a non-negative integer, got -1"),
    ]
    # squares that are not pairs of integers were rounded into other squares
    for placed, shown in (([(1.5, 2)], "(1.5, 2)"), ([("1", "2")], "('1', '2')"),
                          ([(True, 2)], "(True, 2)"), ({0: 1.5}, "(0, 1.5)"),
                          ([(0, 1, 2)], "(0, 1, 2)"), ([{0, 1}], "{0, 1}")):
        for fn in ("complete", "count_completions", "completions"):
            rows.append((f"{fn}(8, {placed!r})", _in(COMP, fn, 8, placed),
                         "InvalidBoardError", f"queens {BOARD}{shown}"))
    rows.append(("complete(blocked=[(0.5, 1)])",
                 _in(COMP, "complete", 8, [], blocked=[(0.5, 1)]),
                 "InvalidBoardError", f"blocked {BOARD}(0.5, 1)"))
    return rows


def _engine_rows() -> list[Row]:
    import numpy as np

    run, cnt, verify = "nqueens.engine.run", "nqueens.counting", "nqueens.engine.verify"
    rows: list[Row] = []
    # run_count's size: refused, not counted as 0 or 1, not a TypingError (the sizes
    # that hung are in test_what_used_to_hang_is_refused_at_once, in a child process)
    for v in (0, -1, False, True, None, "8", 8.0, float("nan"), np.array(8)):
        rows.append((f"run_count({v!r})", _in(run, "run_count", v, workers=1),
                     "InvalidSizeError", f"{ENGINE_N}{v!r}"))
    rows += [
        ("estimate_count(0)", _in(run, "estimate_count", 0), "InvalidSizeError",
         f"{ENGINE_N}0"),
        ("trivial_counts(None)", _in("nqueens.engine.split", "trivial_counts", None),
         "InvalidSizeError", f"{ENGINE_N}None"),
    ]
    # run_count's options
    for kw, error, message in (
        ({"target_seconds": "x"}, "InvalidSizeError", f"{TARGET}, got 'x'"),
        ({"target_seconds": float("nan")}, "InvalidSizeError", f"{TARGET}, got nan"),
        ({"target_seconds": float("inf")}, "InvalidSizeError", f"{TARGET}, got inf"),
        ({"target_seconds": 0}, "InvalidSizeError", f"{TARGET}, got 0"),
        ({"task": 1}, "InvalidArgumentError", f"task {CALLBACK}1"),
        ({"progress": "p"}, "InvalidArgumentError", f"progress {CALLBACK}'p'"),
        ({"on_estimate": 3}, "InvalidArgumentError", f"on_estimate {CALLBACK}3"),
        ({"ledger": 5}, "InvalidArgumentError", f"ledger {PATH}5"),
        ({"ledger": b"/no/dir/l.sqlite"}, "InvalidArgumentError",
         f"ledger {PATH}b'/no/dir/l.sqlite'"),
        ({"executor": "pool"}, "InvalidArgumentError", f"{EXECUTOR}'pool'"),
        ({"repair": "yes"}, "InvalidArgumentError", f"repair {FLAG}'yes'"),
        ({"wait": 1}, "InvalidArgumentError", f"wait {FLAG}1"),
        ({"estimate": "no"}, "InvalidArgumentError", f"estimate {FLAG}'no'"),
    ):
        rows.append((f"run_count(8, {kw})", _in(run, "run_count", 8, **kw), error, message))
    # a ledger holds N up to 28: a count of 29 with one would write a file no one reads back
    rows.append(("run_count(29, ledger=...)", _in(run, "run_count", 29, ledger="l29.sqlite"),
                 "InvalidSizeError", "a ledger holds N = 1..28"))
    # count's options
    for kw, error, message in (
        ({"ledger": 123}, "InvalidArgumentError", f"ledger {PATH}123"),
        ({"backend": "gpu"}, "InvalidArgumentError", "backend must be a nqueens.engine."),
        ({"unique": "no"}, "InvalidArgumentError", f"unique {FLAG}'no'"),
        ({"unique": 1}, "InvalidArgumentError", f"unique {FLAG}1"),
        ({"progress": 1}, "InvalidArgumentError", f"progress {CALLBACK}1"),
        ({"repair": None}, "InvalidArgumentError", f"repair {FLAG}None"),
    ):
        rows.append((f"count(8, {kw})", _in(cnt, "count", 8, **kw), error, message))
    # the backends' options, checked when a backend is made
    back = "nqueens.engine.backends"
    for name, args, kw, error, message in (
        ("DaskBackend", ("tcp://h:1",), {"log": 5}, "InvalidArgumentError", f"log {PATH}5"),
        ("DaskBackend", (123,), {}, "SchedulerAddressError", "123 is not a scheduler address"),
        ("ExecutorBackend", ("x",), {}, "InvalidArgumentError", f"{EXECUTOR}'x'"),
        ("ThreadBackend", (), {"task": 1}, "InvalidArgumentError", f"task {CALLBACK}1"),
        ("ThreadBackend", (), {"batch_seconds": 0}, "InvalidSizeError",
         f"batch_seconds {SECONDS}"),
        ("GPUBackend", (), {"workers": 0}, "InvalidSizeError",
         "workers must be a positive integer, got 0"),
        ("DaskBackend", ("tcp://h:1",), {"gpu": 1}, "InvalidArgumentError", f"gpu {FLAG}1"),
        ("DaskBackend", ("tcp://h:1",), {"timeout": -1}, "InvalidSizeError",
         f"timeout {SECONDS}"),
        ("DaskBackend", ("tcp://h:1",), {"timeout": float("nan")}, "InvalidSizeError",
         f"timeout {SECONDS}"),
        ("DaskBackend", ("tcp://h:1",), {"timeout": "5"}, "InvalidSizeError",
         f"timeout {SECONDS}"),
    ):
        home = "nqueens.engine.fleet" if name == "DaskBackend" else back
        rows.append((f"{name}{args}, {kw})", _in(home, name, *args, **kw), error, message))
    # the ledger check, the engine's other public face
    for v in (None, 5, b"xx"):
        rows.append((f"verify_ledger({v!r})", _in(verify, "verify_ledger", v),
                     "InvalidArgumentError", f"path {PATH}{v!r}"))
    rows += [
        ("verify_ledger(everything='yes')",
         _in(verify, "verify_ledger", "x.sqlite", everything="yes"),
         "InvalidArgumentError", f"everything {FLAG}'yes'"),
        ("sample_size('8')", _in(verify, "sample_size", "8"), "InvalidSizeError",
         "done must be a non-negative integer, got '8'"),
    ]
    return rows


def _search_rows() -> list[Row]:
    # islice's own ValueError for a limit past sys.maxsize
    return [(f"solutions(limit={v!r})", _in("nqueens.search", "solutions", 8, limit=v),
             "InvalidSizeError", f"limit must be an integer from 1 to {2**63 - 1}, got {v!r}")
            for v in (2**64, 0, 1.5)]


def _puzzle_rows() -> list[Row]:
    import numpy as np

    rows: list[Row] = []
    # the puzzle count's limit + 1 goes to an int64 kernel (was a numba TypingError)
    for v in (2**64, 2**63 - 1, -1, 1.5, "2"):
        rows.append((f"puzzles.count(limit={v!r})", _in(PZ, "count", _puzzle, limit=v),
                     "InvalidSizeError",
                     f"limit must be an integer from 0 to {2**63 - 2}, got {v!r}"))
    # a batch of 0 solutions looped forever; refused when the call is made
    for v in (0, -1, 2**64, 2.0):
        rows.append((f"puzzles.solutions(batch={v!r})",
                     _in(PZ, "solutions", _puzzle, batch=v), "InvalidSizeError",
                     f"batch must be an integer from 1 to 65536, got {v!r}"))
    # wrong types (were AttributeError / TypeError)
    for v in (None, 5, b"xx"):
        rows.append((f"parse_puzzle({v!r})", _in(PZ, "parse_puzzle", v),
                     "PuzzleFormatError", f"text must be a str, got {v!r}"))
    for v in (None, 5, b"xx", "QQ"):
        rows += [
            (f"region_puzzle({v!r})", _in(PZ, "region_puzzle", v), "PuzzleFormatError",
             "grid must be a sequence of rows"),
            (f"completion_puzzle(4, {v!r})", _in(PZ, "completion_puzzle", 4, v),
             "PuzzleFormatError", f"givens {PAIRS}{v!r}"),
            (f"completion_puzzle(4, blocked={v!r})",
             _in(PZ, "completion_puzzle", 4, blocked=v), "PuzzleFormatError",
             f"blocked {PAIRS}{v!r}"),
            (f"first_violation(p, {v!r})", _in(PZ, "first_violation", _puzzle, v),
             "InvalidBoardError", f"solution must be a sequence of integer columns, got {v!r}"),
            (f"first_violation({v!r}, cols)", _in(PZ, "first_violation", v, (0, 1)),
             "InvalidArgumentError", f"{PUZZLE}{v!r}"),
            (f"step_text({v!r}, ...)", _in(PZ, "step_text", v, "en", _puzzle),
             "InvalidArgumentError", f"step must be a Step (from explain), got {v!r}"),
            (f"step_text(step, 'en', {v!r})", _in(PZ, "step_text", _step, "en", v),
             "InvalidArgumentError", f"{PUZZLE}{v!r}"),
            (f"summary_text({v!r})", _in("nqueens.puzzles.logic", "summary_text", v, "en"),
             "InvalidArgumentError", "e must be an Explanation (from explain), got "),
        ]
        for fn in ("solve", "count", "is_unique", "explain", "solutions"):
            rows.append((f"puzzles.{fn}({v!r})", _in(PZ, fn, v), "InvalidArgumentError",
                         f"{PUZZLE}{v!r}"))
    rows += [
        ("region_puzzle([b'AB', b'AB'])", _in(PZ, "region_puzzle", [b"AB", b"AB"]),
         "PuzzleFormatError", "grid must be a sequence of rows (strings of region letters or "
         "sequences of region numbers), got the row b'AB'"),
        ("region_puzzle(np.array(8))", _in(PZ, "region_puzzle", np.array(8)),
         "PuzzleFormatError", "grid must be a sequence of rows"),
        ("make(attempts='x')", _in(PZ, "make", 6, attempts="x"), "InvalidSizeError",
         "attempts must be a positive integer, got 'x'"),
        ("make(logic_only='no')", _in(PZ, "make", 6, logic_only="no"),
         "InvalidArgumentError", f"logic_only {FLAG}'no'"),
    ]
    # accepted silently
    rows += [
        ("completion_puzzle(4, [(0.5, 1)])", _in(PZ, "completion_puzzle", 4, [(0.5, 1)]),
         "PuzzleFormatError", f"givens {BOARD}(0.5, 1)"),
        ("completion_puzzle(4, blocked=[('0', 1)])",
         _in(PZ, "completion_puzzle", 4, blocked=[("0", 1)]),
         "PuzzleFormatError", f"blocked {BOARD}('0', 1)"),
    ]
    for grid, label in (([[None]], "None"), ([[5]], "5"), ([[-1]], "-1"), ([[True]], "True"),
                        ([[0.0]], "0.0"), ([[0, 2], [1, 1]], "2")):
        rows.append((f"region_puzzle({grid!r})", _in(PZ, "region_puzzle", grid),
                     "PuzzleFormatError", f"square <1,{2 if label == '2' else 1}>: {label} is "
                     "not a region: give a letter (A-Z, a-z, 0-9) or a region number from 0 "
                     f"to {len(grid) - 1}"))
    for v in ("x", 6, -1, 2.0):
        rows.append((f"explain(max_grade={v!r})",
                     _in(PZ, "explain", _completion_puzzle, max_grade=v), "InvalidSizeError",
                     f"max_grade must be an integer from 0 to 5, got {v!r}"))
    for v in (-1, "x", 1.5):
        rows.append((f"make(seed={v!r})", _in(PZ, "make", 6, seed=v), "InvalidSizeError",
                     f"seed must be a non-negative integer, got {v!r}"))
    # inputs that no attempt can satisfy are refused, not reported as a failed search
    for v in (0, "trivial", "0"):
        rows.append((f"make(grade={v!r})", _in(PZ, "make", 6, grade=v),
                     "UnknownOptionError", "grade must be 1-5 or one of easy, medium, hard, "
                     f"expert, search, got {v!r}: a trivial puzzle (grade 0) has every queen "
                     "given"))
    for v in (0, -1):
        rows.append((f"make(attempts={v})", _in(PZ, "make", 6, attempts=v),
                     "InvalidSizeError", f"attempts must be a positive integer, got {v}"))
    return rows


def _board_and_trace_rows() -> list[Row]:
    import numpy as np

    rows: list[Row] = []
    # wrong types (were TypeError / AttributeError)
    for v in (None, 5, b"xx"):
        rows += [
            (f"verify_file({v!r})", _in("nqueens.large.verify", "verify_file", v),
             "InvalidArgumentError", f"path {PATH}{v!r}"),
            (f"from_text({v!r})", _solution("from_text", v), "ParseError",
             f"text must be a str, got {v!r}"),
        ]
    for v in (None, 5, b"xx", "QQ"):
        rows += [
            (f"from_grid({v!r})", _solution("from_grid", v), "ParseError",
             "grid must be a sequence of rows of 'Q' and '#' (strings or lists of strings), "
             f"got {v!r}"),
            (f"from_cols({v!r})", _solution("from_cols", v), "InvalidBoardError",
             f"cols must be a sequence of integer columns, got {v!r}"),
            (f"event_lines({v!r})", _in("nqueens.narrate", "event_lines", v),
             "InvalidArgumentError", "events must be a sequence of trace events"),
        ]
    rows += [
        ("event_lines(np.array(8))", _in("nqueens.narrate", "event_lines", np.array(8)),
         "InvalidArgumentError", "events must be a sequence of trace events"),
        ("event_lines([1])", _in("nqueens.narrate", "event_lines", [1]),
         "InvalidArgumentError", "events must be a sequence of trace events (from "
         "nqueens.trace.events), got the item 1"),
        ("is_solution(np.array(8))", _in("nqueens.board", "is_solution", np.array(8)),
         "InvalidBoardError", "placement must be a sequence of integer columns"),
        ("tree_stats(progress=1)",
         _in("nqueens.analysis.stats", "tree_stats", 4, progress=1),
         "InvalidArgumentError", f"progress {CALLBACK}1"),
        ("first_solution_tries(progress='x')",
         _in("nqueens.analysis.stats", "first_solution_tries", 4, progress="x"),
         "InvalidArgumentError", f"progress {CALLBACK}'x'"),
        ("estimate(progress=1)",
         _in("nqueens.analysis.estimate", "estimate", 6, trials=10, seed=1, progress=1),
         "InvalidArgumentError", f"progress {CALLBACK}1"),
        ("events(0)", _drain("nqueens.trace", "events", 0), "InvalidSizeError",
         "N must be a positive integer, got 0"),
    ]
    return rows


ROWS = [
    *_completion_rows(),
    *_engine_rows(),
    *_search_rows(),
    *_puzzle_rows(),
    *_board_and_trace_rows(),
]


@pytest.mark.parametrize(("call", "error", "message"), [pytest.param(c, e, m, id=w)
                                                        for w, c, e, m in ROWS])
def test_bad_library_input_is_refused_by_name(call: Callable[[], object], error: str,
                                                message: str) -> None:
    """Each bad call raises the named NQueensError subclass, with a one-line message that
    names the argument; never a TypeError, AttributeError, OverflowError or numba error."""
    with pytest.raises(NQueensError) as err:
        call()
    assert type(err.value).__name__ == error, err.value
    text = str(err.value)
    assert text.startswith(message), text
    assert "\n" not in text


def test_bad_engine_options_are_refused_before_any_work(tmp_path: Path) -> None:
    """A count with a bad option neither runs a batch nor creates its ledger."""
    from nqueens.engine.run import run_count

    calls: list[object] = []

    def task(*args: object, **kw: object) -> list[tuple[int, int, int, int]]:
        calls.append(args)
        return []

    ledger = tmp_path / "count.sqlite"
    for bad in ({"target_seconds": float("nan")}, {"progress": "p"}, {"repair": "no"},
                {"executor": object()}):
        with pytest.raises(NQueensError):
            run_count(12, ledger=ledger, task=task, **bad)  # type: ignore[arg-type]
        assert calls == [] and not ledger.exists(), bad


def test_the_largest_limits_are_accepted() -> None:
    """The top of each documented limit range still answers (the checks are not too tight)."""
    from nqueens.completion import count_completions
    from nqueens.puzzles import count, parse_puzzle
    from nqueens.search import solutions

    assert len(list(solutions(4, limit=2**63 - 1))) == 2
    assert count_completions(8, [], limit=2**63 - 1) == 92
    walled = [(1, c) for c in range(25)]  # the constrained search (n > 24): none, at once
    assert count_completions(25, [(0, 0)], blocked=walled, limit=2**63 - 1) == 0
    p = parse_puzzle("AABBB\nAABBB\nCCDDD\nCEEED\nCEEED\n")
    assert count(p, limit=2**63 - 2).count == 7


def test_is_solution_of_nothing_is_false() -> None:
    """An empty placement is no board (it was a 'solution')."""
    from nqueens.board import is_solution

    assert is_solution([]) is False
    assert is_solution((), n=0) is False
    assert is_solution([0]) is True


def test_numpy_integers_are_sizes_everywhere() -> None:
    """Numpy integers are accepted as sizes (and counts, limits, seeds) and the answers
    are the same as for Python ints."""
    import numpy as np

    import nqueens
    from nqueens.analysis.stats import tree_stats
    from nqueens.completion import complete, count_completions, random_instance
    from nqueens.engine.run import run_count
    from nqueens.large import find
    from nqueens.puzzles import completion_puzzle, count, make, region_puzzle

    i8 = np.int64(8)
    assert nqueens.count(i8) == 92
    counts = nqueens.count(np.int32(8), unique=True)
    assert counts == (8, 92, 12) and type(counts.n) is int
    assert [s.to_compact() for s in nqueens.solutions(np.int16(4))] == ["2 4 1 3", "3 1 4 2"]
    assert len(list(nqueens.solutions(6, limit=np.int64(2)))) == 2
    assert nqueens.first_solution(np.uint8(4)) == nqueens.first_solution(4)
    assert run_count(i8, workers=np.int64(1)).total == 92
    assert complete(i8, [(0, 0)]) == complete(8, [(0, 0)])
    assert count_completions(i8, [(np.int64(0), np.int64(0))], limit=np.int64(10)) == 4
    assert random_instance(i8, np.int64(2), seed=np.int64(1)) == random_instance(8, 2, seed=1)
    assert tree_stats(np.int64(6)) == tree_stats(6)
    assert find(i8).tolist() == find(8).tolist()
    p = completion_puzzle(np.int64(4), [(np.int64(0), np.int64(1))])
    assert p == completion_puzzle(4, [(0, 1)]) and type(p.n) is int
    assert count(p, limit=np.int64(1)).count == 1
    assert make(np.int64(6), seed=np.int64(1)) == make(6, seed=1)
    grid = np.array([[0, 1, 1], [0, 2, 1], [2, 2, 1]])
    assert region_puzzle(grid) == region_puzzle(["ABB", "ACB", "CCB"])


# Calls that hung (or counted for ever), each with the line its refusal prints.
HANG_CASES = [
    ("run_count(2**64)", f"InvalidSizeError N must be an integer from 1 to 31, got {2**64}"),
    ("run_count(10**30)", f"InvalidSizeError N must be an integer from 1 to 31, got {10**30}"),
    ("run_count(32)", "InvalidSizeError N must be an integer from 1 to 31, got 32"),
    ("split(2**64)", f"InvalidSizeError N must be an integer from 1 to 31, got {2**64}"),
    ("list(solutions(p, batch=0))",
     "InvalidSizeError batch must be an integer from 1 to 65536, got 0"),
    ("list(events(-1))", "InvalidSizeError N must be a positive integer, got -1"),
    ("list(events('8'))",
     "InvalidSizeError N must be a positive integer, got '8' "
     "(text: pass the number 8, without quotes)"),
    ("list(events(None))", "InvalidSizeError N must be a positive integer, got None"),
]

HANG_SCRIPT = """
import sys
from nqueens.errors import NQueensError
from nqueens.engine.run import run_count
from nqueens.engine.split import split
from nqueens.puzzles import parse_puzzle, solutions
from nqueens.trace import events
p = parse_puzzle("AABBB\\nAABBB\\nCCDDD\\nCEEED\\nCEEED\\n")
for call in sys.argv[1:]:
    try:
        eval(call)
    except NQueensError as err:
        print(type(err).__name__, err, flush=True)
    else:
        print("ANSWERED", call, flush=True)
"""


def test_what_used_to_hang_is_refused_at_once() -> None:
    """Engine sizes past the kernels' limit, a batch of 0 and trace sizes that are not
    positive integers looped (or counted for ever); in a child process with a deadline,
    each is now refused."""
    import os
    import subprocess
    import sys

    from conftest import SRC

    env = {**os.environ, "PYTHONPATH": str(SRC)}
    done = subprocess.run([sys.executable, "-c", HANG_SCRIPT, *(c for c, _ in HANG_CASES)],
                          env=env, text=True, capture_output=True, timeout=120)
    assert done.returncode == 0, done.stderr
    assert done.stdout.splitlines() == [line for _, line in HANG_CASES]
