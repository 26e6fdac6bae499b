"""Narratives of the search event stream in English, Japanese and Korean.

Two faces over one narrator:

- `event_lines` gives exactly one string per event (`""` where that event says
  nothing in that language): the contract with the HTML player.
- `narrate` streams `Line` records for the command line: the same sentences,
  grouped into the textbook's steps (a), (b), ... in English and Korean, plus solution and
  summary lines. Colour and layout are left to the CLI.

The English text follows the worked example of Neapolitan's *Foundations of Algorithms*
(the Korean/English textbook seed): 1-based `<row,col>`, "is promising" / "is
nonpromising", the reason naming one queen - the queen in the same column if there is
one, otherwise the nearest queen on a diagonal. A queen up and to the left is on the
"left diagonal", up and to the right on the "right diagonal". Consecutive backtracks merge
into one sentence naming where the search lands ("Backtrack to root."). A promising square
that was nonpromising the last time it was tried, above the last row, gets the book's
remark "This is the second time we've tried <3,2>.".

The Japanese text follows the slides: `(1,1)があるので(2,1)には置けない` listing every
attacking queen, `(2,3)に置ける 3行目に進む`, one backtrack line per exhausted row,
`解発見!` followed by the solution's squares. The Korean text uses the Korean textbook's
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

from collections.abc import Iterable, Iterator, Sequence
from typing import Literal, NamedTuple

from nqueens._validate import check_choice, check_int, check_size, is_sequence, short_repr
from nqueens.errors import InvalidArgumentError
from nqueens.trace import Event
from nqueens.words import LANGUAGES, words
from nqueens.words._phrases import Phrases

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
    """One narrative string per event (`""` where the event is silent in `lang`).

    `events` is a list from `nqueens.trace.events` (or `trace`)
    starting at the beginning of the search. The board size `n` is inferred from the
    stream when not given (a solution's length, else the widest column tried: a stream
    that ends without a solution has tried every column of the first row). `events`
    that are not a sequence of `Event` raise
    `InvalidArgumentError`, an `n` that is not a positive integer
    `InvalidSizeError`.
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
    """Stream `(event, sentence)` pairs: `event_lines` lazily, for a board of size n.

    Cost: O(n) per event, one event of look-ahead (to merge consecutive backtracks).
    Bad arguments raise as in `event_lines` (an item that is not an event when it is
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
    """Stream the narrative of `events` as `Line` records, lazily.

    English and Korean group the lines into the book's steps: a `step` line ("Step (a)")
    opens each; a step begins at the start, after each queen placed above the last row and
    at each (merged) backtrack. A `solution` line stands on its own. A `summary` line
    ends a search that ran to its end (`until="all"`, or no solution). `n` is the
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
    """The book's step label for the `index`-th step (from 0): a .. z, then aa, ab, ...

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
    """The book's step label of each event, as `narrate` groups them in English.

    `events` start at the beginning of the search; the grouping does not depend on the
    language (Japanese narrates without steps, but its events fall in the same ones). A
    solution belongs to the step of the square that completed it. `events` that are not
    a sequence of `Event` raise
    `InvalidArgumentError`. Cost: O(events).

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
    """The line that closes a search run to its end: every node checked, `solutions` found.

    The same line `narrate` ends with (its `summary`). A `lang` outside
    `LANGUAGES` raises `UnknownOptionError`, an `n` that is
    not a positive integer or `solutions` not a count
    `InvalidSizeError`. Cost: O(1).

    >>> summary_line(4, 2, "en"), summary_line(4, 2, "ja")
    ('Every node has been checked: 2 solutions.', '4クイーン問題の解は、この2つだけ')
    """
    n = check_size(n)
    solutions = check_int(solutions, "solutions", low=0)
    return _phrases(lang).summary(n, solutions)


# --- private helpers ---------------------------------------------------------------------

_EVENTS = "a sequence of trace events (from nqueens.trace.events)"


def _check_events(events: object) -> list[Event]:
    """`events` as a list, or `InvalidArgumentError` unless every item is an Event."""
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


def _phrases(lang: str) -> Phrases:
    check_choice(lang, "language", LANGUAGES)
    return words(lang).Narration()


class _Narrator:
    """Turns events into sentences, remembering what the book's remarks need."""

    def __init__(self, phrases: Phrases, n: int) -> None:
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
