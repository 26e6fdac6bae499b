"""Narratives of the search event stream in English, Japanese and Korean.

Two faces over one narrator:

- :func:`event_lines` gives exactly one string per event (``""`` where that event says
  nothing in that language): the contract with the HTML player.
- :func:`narrate` streams :class:`Line` records for the command line: the same sentences,
  grouped into the textbook's steps (a), (b), ... in English and Korean, plus solution and
  summary lines. Colour and layout are left to the CLI.

The English text follows the worked example of Neapolitan's *Foundations of Algorithms*
(the Korean/English textbook seed): 1-based ``<row,col>``, "is promising" / "is
nonpromising", the reason naming one queen - the queen in the same column if there is
one, otherwise the nearest queen on a diagonal. A queen up and to the left is on the
"left diagonal", up and to the right on the "right diagonal". Consecutive backtracks merge
into one sentence naming where the search lands ("Backtrack to root."). A promising square
that was nonpromising the last time it was tried, above the last row, gets the book's
remark "This is the second time we've tried <3,2>.".

The Japanese text follows the slides: ``(1,1)があるので(2,1)には置けない`` listing every
attacking queen, ``(2,3)に置ける 3行目に進む``, one backtrack line per exhausted row,
``解発見!`` followed by the solution's squares. The Korean text uses the Korean textbook's
terms (유망하다 / 유망하지 않다, 백트래킹, 루트 노드).

>>> from nqueens.trace import events
>>> lines = event_lines(list(events(4, until="first")), "en")
>>> [line for line in lines if line][:3]
['<1,1> is promising. { because queen 1 is the first queen positioned }', \
'<2,1> is nonpromising. { because queen 1 is in column 1 }', \
'<2,2> is nonpromising. { because queen 1 is on left diagonal }']
>>> [line for line in event_lines(list(events(4, until="first")), "ja") if line][:2]
['(1,1)に置ける 2行目に進む', '(1,1)があるので(2,1)には置けない']
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Iterable, Iterator, Sequence
from typing import Literal, NamedTuple

from nqueens._validate import check_choice, check_int, check_size, is_sequence, short_repr
from nqueens.errors import InvalidArgumentError
from nqueens.trace import Attack, Event

__all__ = [
    "LANGUAGES",
    "Line",
    "LineKind",
    "event_lines",
    "narrate",
    "narrate_events",
    "step_label",
    "step_labels",
    "summary_line",
]

LineKind = Literal["step", "promising", "nonpromising", "backtrack", "solution", "summary"]


class Line(NamedTuple):
    """One line of a narrative: what it is (for colour), its text, its event (if any)."""

    kind: LineKind
    text: str
    event: Event | None = None


def event_lines(events: Sequence[Event], lang: str = "en", *, n: int | None = None) -> list[str]:
    """One narrative string per event (``""`` where the event is silent in ``lang``).

    ``events`` is a list from :func:`nqueens.trace.events` (or :func:`~nqueens.trace.trace`)
    starting at the beginning of the search. The board size ``n`` is inferred from the
    stream when not given (a solution's length, else the widest column tried: a stream
    that ends without a solution has tried every column of the first row). ``events``
    that are not a sequence of :class:`~nqueens.trace.Event` raise
    :class:`~nqueens.errors.InvalidArgumentError`, an ``n`` that is not a positive integer
    :class:`~nqueens.errors.InvalidSizeError`.
    Cost: O(events * n).

    >>> from nqueens.trace import events
    >>> stream = list(events(1))
    >>> event_lines(stream, "en")
    ['<1,1> is promising. { because queen 1 is the first queen positioned }', '', \
'Solution 1 found: <1,1>.']
    >>> event_lines(stream, "ja")
    ['(1,1)に置ける', '', '解発見! (1,1)']
    """
    check_choice(lang, "language", LANGUAGES)
    events = _check_events(events)
    if n is None:
        n = _infer_size(events)
        if n == 0:
            return []
    return [text for _, text in narrate_events(events, n=n, lang=lang)]


def narrate_events(
    events: Iterable[Event], *, n: int, lang: str = "en"
) -> Iterator[tuple[Event, str]]:
    """Stream ``(event, sentence)`` pairs: :func:`event_lines` lazily, for a board of size n.

    Cost: O(n) per event, one event of look-ahead (to merge consecutive backtracks).
    Bad arguments raise as in :func:`event_lines` (an item that is not an event when it is
    reached: the stream is lazy).

    >>> from nqueens.trace import events
    >>> [text for _, text in narrate_events(events(1), n=1, lang="ko")]
    ['<1,1> 노드는 유망하다. { 1번 퀸이 처음 놓는 퀸이므로 }', '', '해답 1: <1,1>']
    """
    n = check_size(n)
    narrator = _Narrator(_phrases(lang), n)
    if isinstance(events, (str, bytes)) or not isinstance(events, Iterable) or (
            hasattr(events, "__array__") and not is_sequence(events)):
        _check_events(events)
    iterator = iter(events)
    current = _event(next(iterator, None))
    while current is not None:
        following = _event(next(iterator, None))
        yield current, narrator.say(current, following)
        current = following


def narrate(
    events: Iterable[Event], *, n: int, lang: str = "en",
    until: Literal["first", "all"] = "first",
) -> Iterator[Line]:
    """Stream the narrative of ``events`` as :class:`Line` records, lazily.

    English and Korean group the lines into the book's steps: a ``step`` line ("Step (a)")
    opens each; a step begins at the start, after each queen placed above the last row and
    at each (merged) backtrack. A ``solution`` line stands on its own. A ``summary`` line
    ends a search that ran to its end (``until="all"``, or no solution). ``n`` is the
    board size of the stream. Cost: O(n) per event, one event of look-ahead.

    >>> from nqueens.trace import events
    >>> [l.text for l in narrate(events(2, until="all"), n=2, lang="en")][:3]
    ['Step (a)', '<1,1> is promising. { because queen 1 is the first queen positioned }', \
'Step (b)']
    """
    phrases = _phrases(lang)
    stepper = _Stepper()
    solutions = 0
    for current, text in narrate_events(events, n=n, lang=lang):
        if current.kind == "solution":
            solutions += 1
            yield Line("solution", text, current)
        else:
            if phrases.steps and stepper.opens(current):
                yield Line("step", phrases.step(step_label(stepper.count)), current)
            if text:
                yield Line(_kind(current), text, current)
        stepper.seen(current)
    if until == "all" or solutions == 0:
        yield Line("summary", phrases.summary(n, solutions))


def step_label(index: int) -> str:
    """The book's step label for the ``index``-th step (from 0): a .. z, then aa, ab, ...

    Cost: O(log index).

    >>> step_label(0), step_label(10), step_label(26), step_label(27)
    ('a', 'k', 'aa', 'ab')
    """
    label = ""
    index += 1
    while index:
        index, rest = divmod(index - 1, 26)
        label = chr(ord("a") + rest) + label
    return label


def step_labels(events: Sequence[Event]) -> list[str]:
    """The book's step label of each event, as :func:`narrate` groups them in English.

    ``events`` start at the beginning of the search; the grouping does not depend on the
    language (Japanese narrates without steps, but its events fall in the same ones). A
    solution belongs to the step of the square that completed it. ``events`` that are not
    a sequence of :class:`~nqueens.trace.Event` raise
    :class:`~nqueens.errors.InvalidArgumentError`. Cost: O(events).

    >>> from nqueens.trace import events
    >>> labels = step_labels(list(events(4, until="first")))
    >>> labels[0], labels[-1], len(set(labels))
    ('a', 'k', 11)
    """
    stepper = _Stepper()
    labels = []
    for event in _check_events(events):
        if event.kind != "solution":
            stepper.opens(event)
        labels.append(step_label(max(stepper.count, 0)))
        stepper.seen(event)
    return labels


def summary_line(n: int, solutions: int, lang: str = "en") -> str:
    """The line that closes a search run to its end: every node checked, ``solutions`` found.

    The same line :func:`narrate` ends with (its ``summary``). A ``lang`` outside
    :data:`LANGUAGES` raises :class:`~nqueens.errors.UnknownOptionError`, an ``n`` that is
    not a positive integer or ``solutions`` not a count
    :class:`~nqueens.errors.InvalidSizeError`. Cost: O(1).

    >>> summary_line(4, 2, "en"), summary_line(4, 2, "ja")
    ('Every node has been checked: 2 solutions.', '4クイーン問題の解は、この2つだけ')
    """
    n = check_size(n)
    solutions = check_int(solutions, "solutions", low=0)
    return _phrases(lang).summary(n, solutions)


# --- private helpers ---------------------------------------------------------------------

_EVENTS = "a sequence of trace events (from nqueens.trace.events)"


def _check_events(events: object) -> list[Event]:
    """``events`` as a list, or :class:`InvalidArgumentError` unless every item is an Event."""
    if isinstance(events, (str, bytes)) or not isinstance(events, Iterable) or (
            hasattr(events, "__array__") and not is_sequence(events)):
        raise InvalidArgumentError(f"events must be {_EVENTS}, got {short_repr(events)}")
    found = list(events)
    for item in found:
        _event(item)
    return found


def _event(item: object) -> Event | None:
    if item is not None and not isinstance(item, Event):
        raise InvalidArgumentError(f"events must be {_EVENTS}, got the item {short_repr(item)}")
    return item


def _infer_size(events: Sequence[Event]) -> int:
    for event in events:
        if event.kind == "solution":
            return len(event.queens)
    return max((event.col + 1 for event in events), default=0)


def _kind(event: Event) -> LineKind:
    if event.kind == "try":
        return "promising" if event.promising else "nonpromising"
    if event.kind == "backtrack":
        return "backtrack"
    return "solution"


class _Stepper:
    """Decides where the book's steps begin."""

    def __init__(self) -> None:
        self.count = -1
        self.previous: Event | None = None

    def opens(self, event: Event) -> bool:
        prev = self.previous
        if event.kind == "place":
            return False
        opens = (
            prev is None
            or (event.kind == "try" and prev.kind in ("place", "solution"))
            or (event.kind == "backtrack" and prev.kind != "backtrack")
        )
        if opens:
            self.count += 1
        return opens

    def seen(self, event: Event) -> None:
        self.previous = event


def _named_attacker(attackers: Sequence[Attack]) -> Attack:
    """The queen the book names: same column first, else the nearest on a diagonal."""
    for a in attackers:
        if a.kind == "column":
            return a
    return max(attackers, key=lambda a: a.row)


_ORDINALS = ("first", "second", "third", "fourth", "fifth", "sixth", "seventh", "eighth",
             "ninth", "tenth", "eleventh", "twelfth")


def _ordinal_en(k: int) -> str:
    if k <= len(_ORDINALS):
        return _ORDINALS[k - 1]
    suffix = "th" if 10 <= k % 100 <= 20 else {1: "st", 2: "nd", 3: "rd"}.get(k % 10, "th")
    return f"{k}{suffix}"


_KO_ORDINALS = ("첫", "두", "세", "네", "다섯", "여섯", "일곱", "여덟", "아홉", "열")


class _Phrases(ABC):
    """The sentences of one language: one subclass per language, one method per sentence.

    ``steps``: whether the narrative is grouped into the book's steps (a), (b), ...;
    ``merges_backtracks``: whether consecutive backtracks make one sentence.
    """

    steps = True
    merges_backtracks = True

    def square(self, row: int, col: int) -> str:
        """A 1-based square, ``<2,3>`` as the textbook writes it."""
        return f"<{row + 1},{col + 1}>"

    @abstractmethod
    def step(self, label: str) -> str:
        """The line opening step ``label``."""

    @abstractmethod
    def promising(self, event: Event, n: int, remark: str | None) -> str:
        """A promising square, with the book's remark if any."""

    @abstractmethod
    def first_queen(self) -> str:
        """The remark on the very first queen."""

    @abstractmethod
    def again(self, event: Event, times: int) -> str:
        """The remark on a square found promising after it was nonpromising."""

    @abstractmethod
    def nonpromising(self, event: Event) -> str:
        """A nonpromising square, and why."""

    @abstractmethod
    def backtrack(self, event: Event) -> str:
        """A step back."""

    @abstractmethod
    def solution(self, event: Event) -> str:
        """A solution found."""

    @abstractmethod
    def summary(self, n: int, solutions: int) -> str:
        """The end of a search that ran to its end."""

    def _target(self, event: Event) -> str | None:
        """Where a backtrack lands: the square of the queen now last, ``None`` for the root."""
        if not event.queens:
            return None
        r = len(event.queens) - 1
        return self.square(r, event.queens[r])


class _Textbook(_Phrases):
    """A language that tells the search as the textbook does: a sentence a square, with the
    book's remark in braces, and one attacker named for a nonpromising square (the queen in
    the same column, else the nearest on a diagonal)."""

    def promising(self, event: Event, n: int, remark: str | None) -> str:
        base = self.is_promising(self.square(event.row, event.col))
        return f"{base} {{ {remark} }}" if remark else base

    def nonpromising(self, event: Event) -> str:
        a = _named_attacker(event.attackers)
        queen = a.row + 1
        why = (self.in_column(queen, a.col + 1) if a.kind == "column"
               else self.on_diagonal(queen, left=a.kind == "diagonal"))
        return f"{self.is_nonpromising(self.square(event.row, event.col))} {{ {why} }}"

    @abstractmethod
    def is_promising(self, square: str) -> str:
        """The sentence for a promising ``square`` (already written out)."""

    @abstractmethod
    def is_nonpromising(self, square: str) -> str:
        """The sentence for a nonpromising ``square``, before its reason."""

    @abstractmethod
    def in_column(self, queen: int, col: int) -> str:
        """The reason: queen ``queen`` (1-based) stands in column ``col`` (1-based)."""

    @abstractmethod
    def on_diagonal(self, queen: int, *, left: bool) -> str:
        """The reason: queen ``queen`` (1-based) is on the square's left or right diagonal."""


class _English(_Textbook):
    """Neapolitan's worked example, word for word."""

    def step(self, label: str) -> str:
        return f"Step ({label})"

    def is_promising(self, square: str) -> str:
        return f"{square} is promising."

    def is_nonpromising(self, square: str) -> str:
        return f"{square} is nonpromising."

    def in_column(self, queen: int, col: int) -> str:
        return f"because queen {queen} is in column {col}"

    def on_diagonal(self, queen: int, *, left: bool) -> str:
        return f"because queen {queen} is on {'left' if left else 'right'} diagonal"

    def first_queen(self) -> str:
        return "because queen 1 is the first queen positioned"

    def again(self, event: Event, times: int) -> str:
        sq = self.square(event.row, event.col)
        return f"This is the {_ordinal_en(times)} time we\u2019ve tried {sq}."

    def backtrack(self, event: Event) -> str:
        return f"Backtrack to {self._target(event) or 'root'}."

    def solution(self, event: Event) -> str:
        squares = ", ".join(self.square(r, c) for r, c in enumerate(event.queens))
        return f"Solution {event.index} found: {squares}."

    def summary(self, n: int, solutions: int) -> str:
        found = {0: "no solution", 1: "1 solution"}.get(solutions, f"{solutions} solutions")
        return f"Every node has been checked: {found}."


class _Japanese(_Phrases):
    """The slides: every attacker listed, one backtrack line per exhausted row, no steps."""

    steps = False
    merges_backtracks = False

    def square(self, row: int, col: int) -> str:
        """A 1-based square, ``(2,3)`` as the slides write it."""
        return f"({row + 1},{col + 1})"

    def step(self, label: str) -> str:
        return ""

    def promising(self, event: Event, n: int, remark: str | None) -> str:
        sq = self.square(event.row, event.col)
        return f"{sq}に置ける" if event.row + 1 == n else f"{sq}に置ける {event.row + 2}行目に進む"

    def first_queen(self) -> str:
        return ""

    def again(self, event: Event, times: int) -> str:
        return ""

    def nonpromising(self, event: Event) -> str:
        names = [self.square(a.row, a.col) for a in event.attackers]
        who = "と".join(names) if len(names) <= 2 else ",".join(names)
        return f"{who}があるので{self.square(event.row, event.col)}には置けない"

    def backtrack(self, event: Event) -> str:
        return (f"{event.row + 1}行目は全てダメだったので、"
                f"バックトラック({event.row}行目に戻る)する")

    def solution(self, event: Event) -> str:
        squares = ",".join(self.square(r, c) for r, c in enumerate(event.queens))
        return f"解発見! {squares}"

    def summary(self, n: int, solutions: int) -> str:
        size = f"{n}クイーン問題"
        if solutions == 0:
            return f"{size}には解がない"
        amount = f"{solutions}つ" if solutions < 10 else f"{solutions}個"
        return f"{size}の解は、この{amount}だけ"


class _Korean(_Textbook):
    """The Korean textbook's terms (유망하다 / 유망하지 않다, 백트래킹, 루트 노드)."""

    def step(self, label: str) -> str:
        return f"단계 ({label})"

    def is_promising(self, square: str) -> str:
        return f"{square} 노드는 유망하다."

    def is_nonpromising(self, square: str) -> str:
        return f"{square} 노드는 유망하지 않다."

    def in_column(self, queen: int, col: int) -> str:
        return f"{queen}번 퀸이 {col}열에 있으므로"

    def on_diagonal(self, queen: int, *, left: bool) -> str:
        return f"{queen}번 퀸이 {'왼쪽' if left else '오른쪽'} 대각선에 있으므로"

    def first_queen(self) -> str:
        return "1번 퀸이 처음 놓는 퀸이므로"

    def again(self, event: Event, times: int) -> str:
        word = f"{_KO_ORDINALS[times - 1]} 번째" if times <= len(_KO_ORDINALS) else f"{times}번째"
        return f"{self.square(event.row, event.col)} 노드를 검사하는 것은 이번이 {word}이다."

    def backtrack(self, event: Event) -> str:
        return f"{self._target(event) or '루트'} 노드로 백트래킹한다."

    def solution(self, event: Event) -> str:
        squares = ", ".join(self.square(r, c) for r, c in enumerate(event.queens))
        return f"해답 {event.index}: {squares}"

    def summary(self, n: int, solutions: int) -> str:
        found = "해답이 없다" if solutions == 0 else f"해답 {solutions}개"
        return f"모든 노드를 검사했다: {found}."


_PHRASES: dict[str, type[_Phrases]] = {"en": _English, "ja": _Japanese, "ko": _Korean}

LANGUAGES: tuple[str, ...] = tuple(_PHRASES)
"""The narrative languages, English first (the default): one phrase class each."""


def _phrases(lang: str) -> _Phrases:
    check_choice(lang, "language", LANGUAGES)
    return _PHRASES[lang]()


class _Narrator:
    """Turns events into sentences, remembering what the book's remarks need."""

    def __init__(self, phrases: _Phrases, n: int) -> None:
        self.phrases = phrases
        self.n = n
        self.tries: dict[tuple[int, int], int] = {}
        self.last_verdict: dict[tuple[int, int], bool] = {}
        self.started = False

    def say(self, event: Event, following: Event | None) -> str:
        p = self.phrases
        if event.kind == "try":
            first = not self.started
            self.started = True
            square = event.square
            times = self.tries.get(square, 0) + 1
            before = self.last_verdict.get(square)
            self.tries[square] = times
            self.last_verdict[square] = bool(event.promising)
            if not event.promising:
                return p.nonpromising(event)
            remark = None
            if first and event.row == 0:
                remark = p.first_queen()
            elif before is False and event.row + 1 < self.n:
                remark = p.again(event, times)
            return p.promising(event, self.n, remark)
        if event.kind == "backtrack":
            if p.merges_backtracks and following is not None and following.kind == "backtrack":
                return ""
            return p.backtrack(event)
        if event.kind == "solution":
            return p.solution(event)
        return ""
