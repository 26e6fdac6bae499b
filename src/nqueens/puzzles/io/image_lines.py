"""Where the board is on a screenshot: its grid lines, found among everything else drawn.

Grid lines and walls are thin ridges: pixels darker (or, on some dark themes, lighter) than
the pixels a few steps away on *both* sides, which the edges of an app bar, a margin or a
coloured cell are not. Rows (and columns) where such ridge pixels run a long way, with
small gaps bridged (dashed grid lines, JPEG noise, a player's crosses), are line candidates;
lines sharing one extent make a family. A board is a family of row lines and a family of
column lines that frame each other - the row lines run from the first column line to the
last, the column lines from the first row line to the last - evenly spaced, as many across
as down, spanning a square. Lines of the same extent outside that frame (the box of "How to
play" text under the board, a button row) are left out; of several boards, the largest wins.
An outer frame that does not stand out from the background is inferred one square out.

Cost: O(pixels x ridge widths) for the ridges, then O(lines^2) to pair the families.

>>> rgb = np.full((260, 200, 3), 250, np.float32)
>>> for i in range(6):
...     rgb[20 + 32 * i, 20:181] = rgb[20:181, 20 + 32 * i] = 40
>>> rgb[230, 20:181] = 40   # a line under the board, as long as its rows
>>> lattice = find_lattice(rgb)
>>> lattice.n, lattice.xs[:2], lattice.ys[-1]
(5, (20.0, 52.0), 180.0)
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from nqueens.errors import PuzzleImportError

__all__ = ["RIDGE_MIN", "Lattice", "find_lattice", "luminance"]

RIDGE_MIN = 14.0
"""How much darker (or lighter) than both sides, on 0-255, a pixel is to count as line."""
_WHAT = "the picture"
_NO_BOARD = ("no board found in the picture: {why}; crop or zoom so that the whole board, "
             "with its outer border, is in the picture")


@dataclass(frozen=True)
class Lattice:
    """The board found: `xs` and `ys` the n + 1 column and row line positions (pixels)."""

    xs: tuple[float, ...]
    ys: tuple[float, ...]
    polarity: str  # "dark" lines on lighter cells, or "light" lines on darker ones

    @property
    def n(self) -> int:
        return len(self.xs) - 1

    def scaled(self, factor: float, dx: float = 0.0, dy: float = 0.0) -> Lattice:
        """The same lattice in a picture scaled by `factor` and shifted. Cost: O(n).

        >>> Lattice((0.0, 10.0), (0.0, 10.0), "dark").scaled(2.0, dx=5.0).xs
        (5.0, 25.0)
        """
        return Lattice(tuple(x * factor + dx for x in self.xs),
                       tuple(y * factor + dy for y in self.ys), self.polarity)


def luminance(rgb: np.ndarray) -> np.ndarray:
    """Grey levels 0-255 (Rec. 601 weights). Cost: O(pixels).

    >>> [round(float(v), 1) for v in luminance(np.array([[[255, 255, 255], [255, 0, 0]]]))[0]]
    [255.0, 76.2]
    """
    out: np.ndarray = rgb.astype(np.float32) @ np.array([0.299, 0.587, 0.114], np.float32)
    return out


def find_lattice(rgb: np.ndarray) -> Lattice:
    """The board's grid lines, or `PuzzleImportError` saying why not.

    `rgb` is an H x W x 3 array of 0-255 values. Cost: O(pixels x ridge widths).

    >>> rgb = np.full((200, 200, 3), 255.0, np.float32)
    >>> for i in range(6):
    ...     rgb[20 + 32 * i: 22 + 32 * i, 20:182] = 0.0   # 6 row lines
    ...     rgb[20:182, 20 + 32 * i: 22 + 32 * i] = 0.0   # 6 column lines
    >>> find_lattice(rgb).n
    5
    >>> find_lattice(np.full((200, 200, 3), 255.0, np.float32))
    Traceback (most recent call last):
    ...
    nqueens.errors.PuzzleImportError: no board found in the picture: no grid lines found; \
crop or zoom so that the whole board, with its outer border, is in the picture
    """
    grey = luminance(rgb)
    reach = int(np.clip(round(min(grey.shape) / 60), 3, 10))
    reasons: list[str] = []
    for polarity in ("dark", "light"):
        sign = 1.0 if polarity == "dark" else -1.0
        signed = sign * grey
        either = _ridges(signed, reach)                              # lines along the rows
        np.maximum(either, _ridges(signed.T, reach).T, out=either)   # ... the columns
        del signed  # a wall crossing a line does not break it
        shortest = max(30, min(grey.shape) // 14)
        rows = _line_candidates(either, shortest, min(grey.shape))
        cols = _line_candidates(either.T, shortest, min(grey.shape))
        lattice, why = _pair(rows, cols, polarity)
        if lattice is not None:
            return lattice  # dark lines first: light ones are looked for only without them
        if why:
            reasons.append(why)
    detail = reasons[0] if reasons else "no grid lines found"
    raise PuzzleImportError(_NO_BOARD.format(why=detail))


def _ridges(grey: np.ndarray, reach: int) -> np.ndarray:
    """How much darker each pixel is than the pixels w above and w below, best w <= reach."""
    out = np.zeros_like(grey)
    for w in range(1, reach + 1):
        sides = np.minimum(grey[:-2 * w], grey[2 * w:])
        np.subtract(sides, grey[w:-w], out=sides)
        np.maximum(out[w:-w], sides, out=out[w:-w])
    return out


@dataclass(frozen=True)
class _Line:
    at: float     # centre across the line
    start: float  # extent along it
    end: float
    width: int    # thickness in pixels


def _line_candidates(ridge: np.ndarray, shortest: int, gap_from: int) -> list[_Line]:
    """Runs of ridge pixels at least `shortest` long along each row, bridged over small
    gaps, grouped into lines.

    Each row also counts the ridge pixels of the two rows either side, so that a thin line
    and the thicker walls drawn on it read as one line.
    """
    core = ridge >= RIDGE_MIN
    mask = core.copy()
    for shift in (1, 2):
        mask[shift:] |= core[:-shift]
        mask[:-shift] |= core[shift:]
    gap = max(6, gap_from // 60)
    # bridge gaps: a pixel is on when ridge pixels lie within gap on both sides of it
    width = mask.shape[1]
    csum = np.zeros((mask.shape[0], width + 1), np.int16 if width < 32767 else np.int32)
    np.cumsum(mask, axis=1, out=csum[:, 1:])
    del core, mask
    idx = np.arange(width)
    bridged = (csum[:, idx + 1] - csum[:, np.maximum(idx - gap, 0)]) > 0
    bridged &= (csum[:, np.minimum(idx + gap, width - 1) + 1] - csum[:, idx]) > 0
    del csum
    padded = np.zeros((bridged.shape[0], bridged.shape[1] + 2), np.int8)
    padded[:, 1:-1] = bridged
    d = np.diff(padded, axis=1)
    sr, sc = np.nonzero(d == 1)
    _, ec = np.nonzero(d == -1)
    long_ = (ec - sc) >= shortest
    runs = sorted(zip(sr[long_].tolist(), sc[long_].tolist(), ec[long_].tolist(),
                      strict=True))
    return _group(runs)


def _group(runs: list[tuple[int, int, int]]) -> list[_Line]:
    """Runs on neighbouring rows with the same extent, as one line each."""
    open_: list[list[tuple[int, int, int]]] = []
    done: list[list[tuple[int, int, int]]] = []
    for run in runs:
        y, s, e = run
        for group in open_:
            gy, gs, ge = group[-1]
            tol = max(3.0, (ge - gs) / 60)
            if y - gy <= 1 and abs(s - gs) <= tol and abs(e - ge) <= tol:
                group.append(run)
                break
        else:
            open_.append([run])
        still: list[list[tuple[int, int, int]]] = []
        for group in open_:
            (still if y - group[-1][0] <= 1 else done).append(group)
        open_ = still
    done.extend(open_)
    lines = []
    for group in done:
        ys = [g[0] for g in group]
        lines.append(_Line(float(np.mean(ys)), float(np.median([g[1] for g in group])),
                           float(np.median([g[2] for g in group])), len(group)))
    return lines


@dataclass(frozen=True)
class _Family:
    start: float
    end: float
    at: tuple[float, ...]
    widths: tuple[int, ...]


def _families(lines: list[_Line]) -> list[_Family]:
    """Lines sharing one extent (within 5% of its length, for frames rounded or blurred at
    the corners), longest first; at least three lines each."""
    groups: list[list[_Line]] = []
    for line in sorted(lines, key=lambda ln: -(ln.end - ln.start)):
        for fam in groups:
            tol = max(4.0, 0.05 * (fam[0].end - fam[0].start))
            if abs(fam[0].start - line.start) <= tol and abs(fam[0].end - line.end) <= tol:
                fam.append(line)
                break
        else:
            groups.append([line])
    out = []
    for fam in groups:
        if len(fam) >= 3:
            fam.sort(key=lambda ln: ln.at)
            out.append(_Family(float(np.median([ln.start for ln in fam])),
                               float(np.median([ln.end for ln in fam])),
                               tuple(ln.at for ln in fam), tuple(ln.width for ln in fam)))
    return out


def _even(at: list[float], widths: list[int], lo: float, hi: float
          ) -> list[tuple[float, ...]]:
    """The ways the lines `at` (those between `lo` and `hi`, the other direction's
    extent) make n + 1 evenly spaced positions from about `lo` to about `hi` (text
    beside the board may lengthen the other lines a little), an outer one inferred where it
    is missing (a frame the same colour as the background)."""
    span = hi - lo
    tol = 0.02 * span + 3
    inside = [(a, w) for a, w in zip(at, widths, strict=True) if lo - tol <= a <= hi + tol]
    if len(inside) < 3:
        return []
    pos, thickest = _merge_close([a for a, _ in inside], [w for _, w in inside])
    if len(pos) < 3:
        return []
    step = float(np.median(np.diff(pos)))
    if step < 4 or thickest > 0.4 * step:
        return []
    found = []
    for first, last in ((pos[0], pos[-1]), (pos[0] - step, pos[-1]), (pos[0], pos[-1] + step),
                        (pos[0] - step, pos[-1] + step)):
        width = last - first
        n = round(width / step)
        slack = 0.35 * step + 2
        if n < 3 or first < lo - slack or last > hi + slack or width < span - 2 * slack:
            continue
        cell = width / n
        expected = [first + i * cell for i in range(n + 1)]
        near = [min(abs(a - e) for a in pos) for e in expected[1:-1]]
        extra = [a for a in pos if min(abs(a - e) for e in expected) > 0.2 * cell]
        missing = sum(1 for d in near if d > 0.2 * cell)  # a line a player's mark broke
        if missing <= max(1, n // 4) and not extra:
            # each line where it was seen (screens round cells unevenly), else where due
            found.append(tuple(min(pos, key=lambda a, e=e: abs(a - e))
                               if min(abs(a - e) for a in pos) <= 0.2 * cell else e
                               for e in expected))
    return found


def _covering(lines: list[_Line], start: float, end: float) -> tuple[list[float], list[int]]:
    """Positions and widths of the lines running from about `start` to about `end`,
    or a little further (bridged into a button or text beside the board)."""
    tol = 0.05 * (end - start) + 4
    found = sorted((ln.at, ln.width) for ln in lines
                   if ln.start <= start + tol and ln.end >= end - tol
                   and ln.end - ln.start <= 1.25 * (end - start) + 2 * tol)
    return [a for a, _ in found], [w for _, w in found]


def _frames(xs: tuple[float, ...], ys: tuple[float, ...], h: _Family, v: _Family) -> bool:
    """Whether the row lines (family `h`, at `ys`) and the column lines (`v`, at
    `xs`) frame one square: each family runs from about the other's first line to its
    last, and the board is as wide as it is high."""
    cell = (xs[-1] - xs[0]) / (len(xs) - 1)
    near = 0.6 * cell + 2
    return (abs((xs[-1] - xs[0]) - (ys[-1] - ys[0])) <= 0.2 * cell + 2
            and abs(h.start - xs[0]) <= near and abs(h.end - xs[-1]) <= near
            and abs(v.start - ys[0]) <= near and abs(v.end - ys[-1]) <= near)


def _merge_close(at: list[float], widths: list[int]) -> tuple[list[float], int]:
    """Lines much closer together than the grid's spacing (a wall drawn as two strokes, a
    line broken by JPEG noise) as one each, at the middle of their span; and the thickest
    line's width. The spacing is the median of the gaps over half the widest."""
    gaps = np.diff(at)
    if not len(gaps):
        return at, max(widths)
    wide = gaps[gaps > 0.5 * gaps.max()]
    close = 0.35 * float(np.median(wide))
    merged: list[list[float]] = [[at[0] - widths[0] / 2, at[0] + widths[0] / 2]]
    thickest = widths[0]
    for a, w, gap in zip(at[1:], widths[1:], gaps, strict=True):
        if gap < close:
            merged[-1][1] = a + w / 2
        else:
            merged.append([a - w / 2, a + w / 2])
        thickest = max(thickest, round(merged[-1][1] - merged[-1][0]))
    return [(lo + hi) / 2 for lo, hi in merged], thickest


def _pair(rows: list[_Line], cols: list[_Line], polarity: str) -> tuple[Lattice | None, str]:
    """Row lines and column lines that frame one square board; the largest such board."""
    if not rows or not cols:
        return None, ""
    hs = _families(rows)
    vs = _families(cols)
    if not hs or not vs:
        return None, "no evenly spaced grid lines"
    best: Lattice | None = None
    mismatch = ""
    for h in hs:
        for v in vs:
            side_x, side_y = h.end - h.start, v.end - v.start
            if min(side_x, side_y) < 0.8 * max(side_x, side_y):
                continue  # not a square
            for ys in _even(*_covering(rows, h.start, h.end), v.start, v.end):
                for xs in _even(*_covering(cols, v.start, v.end), h.start, h.end):
                    if len(xs) != len(ys):
                        mismatch = f"the grid has {len(xs) - 1} columns but {len(ys) - 1} rows"
                        continue
                    if _frames(xs, ys, h, v) and (best is None or
                                                  xs[-1] - xs[0] > best.xs[-1] - best.xs[0]):
                        best = Lattice(xs, ys, polarity)
    if best is None:
        return None, mismatch or "no square grid of evenly spaced lines"
    return best, ""
