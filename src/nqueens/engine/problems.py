"""The counts besides Q(n) that the engine runs: symmetric solutions and the variants.

A `Problem` tells the engine loop (`nqueens.engine.run.run_engine`) what to
count in place of Q(n)'s start constellations: its subproblems (plain tuples of ints, in a
fixed order, each naming everything its answer depends on: see
`nqueens.engine.problem_tasks`), their keys and the method name the ledger records,
the rule every answer row must follow, and how the rows add up. Everything else - the
backends (threads, an executor, Dask), the ledger and its resume, progress, Ctrl-C - is the
loop's, the same as for Q(n).

* `Symmetric` - the solutions a quarter turn (`"rot90"`, OEIS A033148; classes
  A260318) or a half turn (`"rot180"`, A032522) maps to themselves, by a search over the
  orbits of queens (a quarter or half of them chosen, the rest follow);
* `VariantTotal` - the placements of a `Variant` (torus,
  superqueens, N x M, K queens), one piece of its first two rows per subproblem;
* `VariantClasses` - the same with the classes under the variant's group (`unique`):
  each subproblem enumerates its piece's placements and tests each for being the least
  of its images, as the in-process count does.

>>> p = Symmetric(12, "rot90")
>>> p.method, len(p.items()), p.items()[0]
('symmetric-rot90', 16, (-1, 1, 2, 1, 4, -1, -1))
>>> from_method("variant-toroidal-7-7", 7)
VariantTotal(variant=Variant(n=7, kind='toroidal', width=7, queens=7))
"""

from __future__ import annotations

import hashlib
import math
import random
import time
from collections.abc import Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING

from nqueens._validate import check_choice, check_int
from nqueens.engine.problem_base import Problem
from nqueens.engine.problem_tasks import (
    CLASSES,
    KIND_CODES,
    ROT90,
    ROT180,
    TAG,
    VARIANT,
    count_batch,
)
from nqueens.errors import EngineError, InvalidSizeError, LedgerError

if TYPE_CHECKING:
    from nqueens.engine.task import Row

__all__ = [
    "MAX_SYMMETRIC_N",
    "SYMMETRIES",
    "Problem",
    "Symmetric",
    "VariantClasses",
    "VariantTotal",
    "from_method",
    "problem_hash",
    "sample_estimate",
]

SYMMETRIES = ("rot90", "rot180")
"""The symmetries a count can ask its solutions to have: the quarter and the half turn."""
MAX_SYMMETRIC_N = 62
"""The largest board a symmetric count takes (a row is one 64-bit mask)."""
SAMPLE_SECONDS = 0.5
"""How long `sample_estimate` counts random subproblems to foresee the whole."""
_NODE_FIT = {"rot90": (-4.208820, 0.5524653, 0.00154112, -1.201946),
             "rot180": (-2.499792, 0.6286909, 0.01142142, -0.875401)}
"""`Symmetric.foreseen_nodes`' fit: (a, b, c, d) of log(nodes) = a + b n + c n^2 + d odd."""



@dataclass(frozen=True)
class Symmetric(Problem):
    """The solutions of size `n` the quarter (`"rot90"`) or half (`"rot180"`) turn
    keeps, with their classes under the square's 8 symmetries.

    Cost of the count: O(nodes of the orbit search), roughly the fourth (quarter turn) or
    square (half turn) root of the plain search's.
    """

    n: int
    symmetry: str = "rot90"

    def __post_init__(self) -> None:
        check_int(self.n, "N", low=1, high=MAX_SYMMETRIC_N)
        check_choice(self.symmetry, "symmetry", SYMMETRIES)

    @property
    def method(self) -> str:  # type: ignore[override]
        return f"symmetric-{self.symmetry}"

    @property
    def code(self) -> int:
        return ROT90 if self.symmetry == "rot90" else ROT180

    def items(self) -> list[tuple[int, ...]]:
        """One subproblem per choice of the first orbits (the first one in the left half).

        Cost: O(the choices), at most about n^3.

        None where the quarter turn keeps no solution: it moves the queens in orbits of four
        (the centre queen of an odd board alone), so n = 2, 3 mod 4 have none.

        >>> len(Symmetric(8, "rot180").items()), len(Symmetric(34, "rot90").items())
        (3, 0)
        """
        if self.n == 1 or (self.symmetry == "rot90" and self.n % 4 in (2, 3)):
            return []
        depth = 1 if self.n < 10 else 2 if self.n < 20 else 3
        out = []
        for cols in _prefixes(self.n, self.symmetry == "rot90", depth):
            out.append((TAG, self.code, len(cols), *cols, *[-1] * (4 - len(cols))))
        return out

    def key(self, item: Sequence[int]) -> str:
        """A subproblem's name in the ledger: the columns of its first orbits. Cost: O(1).

        >>> p = Symmetric(8, "rot180")
        >>> p.key(p.items()[0])
        '1'
        """
        return ",".join(str(int(c)) for c in item[3:3 + int(item[2])])

    def foreseen_nodes(self) -> float:
        """The orbit placements the count's search tries, foreseen from the measured growth.

        `exp(a + b n + c n^2 + d [n off the class])`: a least-squares fit to the kernel's
        node counts of `benchmarks/counting/bench_symmetric.py` (rot90 n = 20-36 and
        rot180 n = 14-22, each within 7%; one offset per residue class, the classes with
        a centre queen needing fewer). Used for the cost stated first, with a rate timed
        on the machine. Cost: O(1).

        >>> f"{Symmetric(36).foreseen_nodes():.3g}", Symmetric(34).foreseen_nodes()
        ('4.75e+07', 0.0)
        """
        if not self.items():
            return 0.0
        a, b, c, d = _NODE_FIT[self.symmetry]
        n, period = self.n, 4 if self.symmetry == "rot90" else 2
        return math.exp(a + b * n + c * n * n + d * (n % period != 0))

    def trivial(self) -> tuple[int, int]:
        """`(total, unique)` counted by no subproblem: N = 1's lone queen. Cost: O(1).

        >>> Symmetric(1, "rot90").trivial(), Symmetric(8, "rot90").trivial()
        ((1, 1), (0, 0))
        """
        # n = 1: the lone queen is every symmetry's (no subproblem: the mirror pairs none)
        return (1, 2 if self.symmetry == "rot180" else 1) if self.n == 1 else (0, 0)

    def check(self, rows: Sequence[Row]) -> str | None:
        """Why a row breaks the symmetry's arithmetic, or None. Cost: O(len(rows)).

        >>> Symmetric(12, "rot90").check([(8, 4, 0, 0)]) is None
        True
        >>> Symmetric(12, "rot90").check([(8, 3, 0, 0)])
        'a quarter-turn row has total 8 and 3 classes (need twice)'
        """
        for t, u, _, _ in rows:
            if self.symmetry == "rot90" and t != 2 * u:
                return f"a quarter-turn row has total {t} and {u} classes (need twice)"
            if self.symmetry == "rot180" and (t % 2 or not t // 2 <= u <= t):
                return f"a half-turn row has total {t} and {u} (need t even, t/2 <= u <= t)"
        return None

    def result(self, total: int, unique: int) -> tuple[int, int]:
        t, u = self.trivial()
        if self.symmetry == "rot90":
            return t + total, u + unique
        if (u + unique) % 2:
            raise EngineError("the half-turn classes are not whole: a row is wrong")
        return t + total, (u + unique) // 2

    def flags(self) -> str:
        """The options of `nqueens count N` that ask for this count. Cost: O(1).

        >>> Symmetric(12, "rot180").flags()
        '--symmetric rot180'
        """
        return f"--symmetric {self.symmetry}"


@dataclass(frozen=True)
class VariantTotal(Problem):
    """The placements of a variant (its total; the classes are counted in process only)."""

    variant: object
    classes = False

    @property
    def n(self) -> int:  # type: ignore[override]
        return int(self.variant.n)  # type: ignore[attr-defined]

    @property
    def method(self) -> str:  # type: ignore[override]
        v = self.variant
        return f"variant-{v.kind}-{v.width}-{v.queens}"  # type: ignore[attr-defined]

    def items(self) -> list[tuple[int, ...]]:
        """One subproblem per piece of the first two rows (`variants.search.pieces`).

        Cost: O(the pieces), about n^2.

        >>> from nqueens.variants import Variant
        >>> len(VariantTotal(Variant(6, "toroidal")).items()) > 1
        True
        """
        from nqueens.variants.search import pieces

        v = self.variant
        if v.queens == 0:  # type: ignore[attr-defined]
            return []
        code = KIND_CODES[v.kind]  # type: ignore[attr-defined]
        return [(TAG, VARIANT, code, v.width, v.queens, w, a0, a1)  # type: ignore[attr-defined]
                for w, a0, a1 in pieces(v)]

    def trivial(self) -> tuple[int, int]:
        """`(total, unique)` counted by no subproblem: the empty board of K = 0. Cost: O(1).

        >>> from nqueens.variants import Variant
        >>> VariantTotal(Variant(6, "toroidal")).trivial()
        (0, 0)
        """
        return (1, 1) if self.variant.queens == 0 else (0, 0)  # type: ignore[attr-defined]

    def check(self, rows: Sequence[Row]) -> str | None:
        """Why a row is not a variant's (its two totals differ), or None. Cost: O(len(rows)).

        >>> from nqueens.variants import Variant
        >>> VariantTotal(Variant(6, "toroidal")).check([(3, 4, 0, 0)])
        'a variant row has two different totals (3, 4)'
        """
        for t, u, _, _ in rows:
            if t != u:
                return f"a variant row has two different totals ({t}, {u})"
        return None

    def flags(self) -> str:
        """The options of `nqueens count N` that ask for this count. Cost: O(1).

        >>> from nqueens.variants import Variant
        >>> VariantTotal(Variant(8, "superqueens", width=10)).flags()
        '--variant superqueens --width 10'
        """
        v = self.variant
        words = []
        if v.kind != "classic":  # type: ignore[attr-defined]
            words.append(f"--variant {v.kind}")  # type: ignore[attr-defined]
        if v.width != v.n:  # type: ignore[attr-defined]
            words.append(f"--width {v.width}")  # type: ignore[attr-defined]
        if v.queens != v.n:  # type: ignore[attr-defined]
            words.append(f"--queens {v.queens}")  # type: ignore[attr-defined]
        return " ".join(words) or "--variant classic"


@dataclass(frozen=True)
class VariantClasses(VariantTotal):
    """The placements of a variant and their classes under its group (`Variant.group`).

    Cost of the count: O(the placements enumerated times the group's size), as
    `nqueens.variants.count(variant, unique=True)`.
    """

    classes = True

    @property
    def method(self) -> str:  # type: ignore[override]
        return super().method + "-classes"

    def items(self) -> list[tuple[int, ...]]:
        """One subproblem per piece of `variants.search.class_pieces`. Cost: O(n^2).

        >>> from nqueens.variants import Variant
        >>> VariantClasses(Variant(7, "toroidal")).items()[1]
        (-1, 4, 1, 7, 7, 7, 1, 2, 3)
        """
        from nqueens.variants.search import class_pieces

        v = self.variant
        if v.queens == 0:  # type: ignore[attr-defined]
            return []
        code = KIND_CODES[v.kind]  # type: ignore[attr-defined]
        return [(TAG, CLASSES, code, v.width, v.queens, f, a0, a1, g)  # type: ignore[attr-defined]
                for f, g, a0, a1 in class_pieces(v)]

    def check(self, rows: Sequence[Row]) -> str | None:
        """Why a row's classes cannot be its placements' (more of them), or None.

        Cost: O(len(rows)).

        >>> from nqueens.variants import Variant
        >>> VariantClasses(Variant(6)).check([(3, 4, 0, 0)])
        'a variant row has more classes (4) than placements (3)'
        """
        for t, u, _, _ in rows:
            if not 0 <= u <= t:
                return f"a variant row has more classes ({u}) than placements ({t})"
        return None

    def flags(self) -> str:
        """The options of `nqueens count N` that ask for this count. Cost: O(1).

        >>> from nqueens.variants import Variant
        >>> VariantClasses(Variant(8, "toroidal")).flags()
        '--variant toroidal --unique'
        """
        return super().flags() + " --unique"


def problem_hash(problem: Problem, items: Sequence[Sequence[int]]) -> str:
    """A SHA-256 over the method, n and every subproblem, in order (the ledger's split hash).

    Cost: O(len(items)).

    >>> p = Symmetric(8, "rot180")
    >>> problem_hash(p, p.items()) == problem_hash(p, p.items()[1:])
    False
    """
    h = hashlib.sha256(f"nqueens {problem.method} v{problem.version} n={problem.n}\n".encode())
    for item in items:
        h.update((",".join(str(int(v)) for v in item) + "\n").encode())
    return h.hexdigest()


def from_method(method: str, n: int) -> Problem:
    """The problem a ledger's method names, for its `n`; `LedgerError` if none.

    Cost: O(1).

    >>> from_method("symmetric-rot180", 9)
    Symmetric(n=9, symmetry='rot180')
    >>> from_method("variant-superqueens-9-9-classes", 9).method
    'variant-superqueens-9-9-classes'
    """
    from nqueens.variants import Variant

    parts = method.split("-")
    try:
        if parts[0] == "symmetric" and len(parts) == 2:
            return Symmetric(n, parts[1])
        if method == "tree-nodes":
            from nqueens.engine.problem_tree import TreeNodes

            return TreeNodes(n)
        if parts[0] == "variant" and len(parts) in (4, 5) and parts[4:] in ([], ["classes"]):
            kind = VariantClasses if len(parts) == 5 else VariantTotal
            return kind(Variant(n, parts[1], width=int(parts[2]),  # type: ignore[arg-type]
                                queens=int(parts[3])))
    except (ValueError, InvalidSizeError):
        pass
    raise LedgerError(f"no count of this nqueens is called {method!r}")


def sample_estimate(problem: Problem, items: Sequence[tuple[int, ...]], pending: list[int],
                    workers: int, keep: dict[int, Row]) -> tuple[float, float, float]:
    """`(solutions, nodes, seconds)` foreseen for the `pending` subproblems.

    Counts random pending subproblems in this thread for about `SAMPLE_SECONDS`
    (their rows go into `keep`: finished work, not thrown away) and scales up by the
    number pending, the seconds shared over `workers`. Where the problem foresees its
    nodes (`Problem.foreseen_nodes`: the symmetric counts' measured growth) the seconds
    are those nodes at the sample's rate instead: subproblems differ in size by orders of
    magnitude, the rate per node much less. A statement of the cost, not a promise.
    Cost: O(the subproblems counted in about `SAMPLE_SECONDS`).

    A problem with a `Problem.calibration` counts none of its own subproblems: the small
    count is timed instead, and its foreseen nodes are the answer's first two numbers.

    >>> p = Symmetric(12, "rot90")
    >>> keep: dict = {}
    >>> solutions, _, _ = sample_estimate(p, p.items(), list(range(len(p.items()))), 1, keep)
    >>> solutions >= 0 and all(i < len(p.items()) for i in keep)
    True
    """
    small = problem.calibration()
    if small is not None and items:
        sub = small.items()
        count_batch(small.n, sub[:1])  # loads (or compiles) the kernel
        start = time.perf_counter()
        work = sum(row[2] for row in count_batch(small.n, sub))
        rate = work / max(time.perf_counter() - start, 1e-9)
        foreseen = (problem.foreseen_nodes() or 0.0) * len(pending) / len(items)
        return foreseen, foreseen, foreseen / rate / max(1, workers)
    order = list(pending)
    random.Random(problem.n).shuffle(order)
    warm = (0, 0, 0, 0)
    if order:  # the first one untimed: it loads (or compiles) the kernel
        i = order.pop()
        keep[i] = warm = count_batch(problem.n, [items[i]])[0]
    start = time.perf_counter()
    timed = solutions = nodes = 0
    for i in order:
        if time.perf_counter() - start >= SAMPLE_SECONDS:
            break
        row = count_batch(problem.n, [items[i]])[0]
        keep[i] = row
        solutions += row[0]
        nodes += row[2]
        timed += 1
    seconds = time.perf_counter() - start
    if not timed:
        return float(warm[0]), float(warm[2]), 0.0
    scale = len(order) / timed
    foreseen = problem.foreseen_nodes()
    if foreseen is None or not nodes or not items:
        return (solutions * scale + warm[0], nodes * scale + warm[2],
                seconds * (scale - 1) / max(1, workers))
    share = foreseen * len(pending) / len(items)   # the pending ones' part, by number
    left = max(0.0, share - nodes - warm[2])
    return solutions * scale + warm[0], share, left / (nodes / seconds) / max(1, workers)


def _prefixes(n: int, quarter: bool, depth: int) -> list[list[int]]:
    """The columns of the first `depth` orbits that clash with nothing (the first orbit's
    queen in row 0, left half), each orbit in the first empty row."""
    last = n - 1
    out: list[list[int]] = []

    def orbit(r: int, c: int) -> list[tuple[int, int]]:
        if quarter:
            return [(r, c), (c, last - r), (last - r, last - c), (last - c, r)]
        return [(r, c), (last - r, last - c)]

    def go(fixed: dict[int, int], cols: list[int]) -> None:
        free = [r for r in range(n) if r not in fixed]
        if len(cols) == depth or not free:
            out.append(cols)
            return
        for c in range(n // 2) if not cols else range(n):
            new = dict(fixed)
            for rr, cc in orbit(free[0], c):
                if rr in new or any(cc == c2 or abs(cc - c2) == abs(rr - r2)
                                    for r2, c2 in new.items()):
                    break
                new[rr] = cc
            else:
                go(new, [*cols, c])

    go({n // 2: n // 2} if n % 2 else {}, [])
    return out
