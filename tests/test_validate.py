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
    (_call("nqueens.search", "solutions", 8, limit=0), "limit must be a positive integer, got 0"),
    (_call("nqueens.search", "solutions", 8, limit=2.5),
     "limit must be a positive integer, got 2.5"),
    (_call("nqueens.counting", "count", 8, workers="2"),
     "workers must be a positive integer, got '2'"),
    (_call("nqueens.counting", "count", 8, workers=2.5),
     "workers must be a positive integer, got 2.5"),
    (_call("nqueens.engine.run", "run_count", 8, workers=0),
     "workers must be a positive integer, got 0"),
    (_call("nqueens.strategies", "check_size", 0), "N must be a positive integer, got 0"),
    (_call("nqueens.strategies", "check_size", "8"), "N must be a positive integer, got '8'"),
    (_call("nqueens.strategies", "check_size", True), "N must be a positive integer, got True"),
    (_call("nqueens.completion", "count_completions", 8, [], limit=-1),
     "limit must be a non-negative integer, got -1"),
    (_call("nqueens.completion", "random_instance", 8, 9),
     "k must be an integer from 0 to 8, got 9"),
    (_call("nqueens.completion", "complete", 0, []), "n must be a positive integer, got 0"),
    (_call("nqueens.large.local", "kernel_seed", -1),
     "seed must be a non-negative integer, got -1"),
    (_call("nqueens.large.local", "kernel_seed", 1.0),
     "seed must be a non-negative integer, got 1.0"),
    (_call("nqueens.large.construct", "construct", 2.0), "n must be a positive integer, got 2.0"),
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
