"""A group's history brought in from a file (H4): JSON or CSV, every line checked first.

JSON: a list of games, at the top level or under a key (``"games"``, or the
only key whose value is a list). A game is ``{"date", "players" (optional),
"rounds": [{"leader", "teammates", "points", "result", "taken" (optional)}],
"scores" (optional final totals by name), "decks" (optional), "mode" and
"teams" (optional, for Team-wise and Random)}``; other keys are ignored.
``points`` is the bid. Without ``players``, a game's players are every name
it mentions, in order of first mention.

CSV: one row per round under a header naming ``date``, ``game``, ``leader``,
``teammates`` (separated by ``;``; a name holding ``;`` or ``"`` is quoted as
CSV quotes, as the scorebook's export writes it), ``bid`` and ``made``, and
optionally ``players`` (separated as teammates are); rows with the same date
and game label form one game. Its players are those a row lists, or else the
names it mentions: then a defender who never bid nor was called is missing,
which the preview says. A cell a spreadsheet export guarded with a leading
``'`` (``'-Eve``) is read without it.

Every problem is reported with the file's line (the CSV row; in JSON the line
where the offending round, game, list or object begins) and the field it is
about. Nothing is kept from a file with problems unless the caller asks for
the clean lines only. Each game has a key (:func:`core.moon3.scorebook.game_key`),
so a game already stored is skipped.
"""

from __future__ import annotations

import bisect
import csv
import io
import json
import re
import unicodedata
from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from datetime import UTC, date, datetime, timedelta
from functools import cached_property
from typing import Any
from zoneinfo import ZoneInfo

from core import names as player_names
from core import seats
from core.games import GameFacts, KeptGame
from core.moon3 import facts, scorebook
from core.moon3.config import MAX_PLAYERS, MODE_LABELS, MODE_MIN_PLAYERS, Config, ConfigError, Mode
from core.moon3.scorebook import Entry, EntryError
from core.moon3.scoring import leaders, unit_of

#: The largest file taken in: a year of a big group's evenings is a few hundred kilobytes.
MAX_BYTES = 5_000_000
CSV_COLUMNS = ("date", "game", "leader", "teammates", "bid", "made")
MADE_WORDS = frozenset({"made", "won", "win", "w", "yes", "y", "true", "1"})
FAILED_WORDS = frozenset({"failed", "fail", "lost", "loss", "l", "no", "n", "false", "0"})
#: How deep JSON may nest: a history is five levels deep (games, game, rounds, round,
#: teammates); far deeper is no history, and would exhaust the parser's stack.
MAX_DEPTH = 20
#: How long an evening of games dated with no time lasts, from 20:00.
EVENING_LENGTH = timedelta(hours=3)
#: The days a game may be dated (the Recap's range and more; see :func:`_when`).
FIRST_DAY, LAST_DAY = date(1900, 1, 1), date(2100, 12, 31)
#: The most digits a JSON integer keeps as a number: more is a refused value, never converted.
MAX_DIGITS = 18


@dataclass(frozen=True, slots=True)
class Problem:
    """One bad line: its number in the file and what is wrong."""

    line: int
    message: str

    def __str__(self) -> str:
        return f"line {self.line}: {self.message}"


@dataclass
class Game:
    """One game read from the file, with its rounds and what is wrong with it."""

    line: int
    #: When it was played, as written: with its offset if it had one, else the time written
    #: (a date alone is its evening, games of one evening an hour apart); ``None`` when its
    #: date is bad (the game is then broken).
    when: datetime | None
    config: Config | None
    names: list[str]
    entries: list[Entry] = field(default_factory=list)
    #: The file line of each entry.
    lines: list[int] = field(default_factory=list)
    #: Rounds refused (their problems are in the history's list).
    bad_rounds: int = 0
    #: A problem with the game itself (date, players, decks, mode, teams): none of it is kept.
    broken: bool = False
    #: A game already stored, or the same as an earlier game of this file.
    duplicate: str = ""
    #: The time zone its day is counted in, and its time there (on the clock of the wall).
    zone: str = "UTC"
    local: datetime | None = None
    #: Its players are only the names its rounds mention: the file does not list them.
    unlisted: bool = False

    @property
    def note(self) -> str:
        """What the preview says beside the game's status."""
        if self.unlisted:
            return (
                "players not listed: a player who never bid nor was called is missing, "
                "and the totals cannot be checked"
            )
        return ""

    @property
    def day(self) -> str:
        """Its day in :attr:`zone`."""
        return self.local.date().isoformat() if self.local is not None else "bad date"

    @cached_property
    def key(self) -> str:
        """What identifies the game (asked once its reading is done): when and its rounds."""
        assert self.when is not None
        return scorebook.game_key(self.when, self.names, self.entries)

    @property
    def status(self) -> str:
        """What an import does with the game."""
        if self.broken or not self.entries:
            return "not imported: see its lines"
        if self.duplicate:
            return f"skipped: {self.duplicate}"
        if self.bad_rounds:
            return f"{self.bad_rounds} bad round{'s' * (self.bad_rounds > 1)}"
        return "ready"

    def describe(self) -> str:
        mode = MODE_LABELS[self.config.mode] if self.config is not None else "?"
        players = len(self.names)
        head = f"line {self.line}: {self.day}, {mode}, {players} player{'s' * (players != 1)}, "
        head += f"{len(self.entries)} round{'s' * (len(self.entries) != 1)}"
        note = f"; {self.note}" if self.note else ""
        if self.config is None or self.broken or not self.entries:
            return f"{head} ({self.status}){note}"
        scores = ", ".join(f"{n} {t}" for n, t in zip(self.names, self.totals(), strict=True))
        return f"{head}: {scores} ({self.status}){note}"

    def totals(self) -> list[int]:
        """R27 totals per player (in the team modes, each player's team's)."""
        assert self.config is not None
        units = scorebook.totals(self.config, self.entries)
        return [units[unit_of(self.config, s)] for s in range(len(self.names))]

    def kept(self, source: str = facts.IMPORTED) -> KeptGame:
        """What the store writes for this game: each round's facts and the game's result."""
        config, given, local = self.config, self.when, self.local
        assert config is not None and given is not None and local is not None and self.entries
        # Filed at its time on the wall where it was played (in the store's UTC form): the
        # stats and the Recap count days by the time a round is filed at, so the game counts
        # on the day its players played it. Its rounds follow a millisecond apart.
        filed = local.replace(tzinfo=UTC)
        meta = {"date": given.isoformat(), "zone": self.zone, "local": local.isoformat()}
        units = scorebook.totals(config, self.entries)
        winners = list(leaders(units))
        rounds = []
        for number, (entry, line) in enumerate(zip(self.entries, self.lines, strict=True), 1):
            outcome = scorebook.outcome(config, entry, source)
            doc = {
                "game": "moon3",
                "source": source,
                "config": config.to_json(),
                "names": self.names,
                "entry": entry.to_json(),
                "meta": {"round": number, "line": line, **meta},
            }
            finished = filed + timedelta(milliseconds=number)
            rounds.append((facts.round_facts(outcome, self.names), doc, finished))
        seats = [
            {
                "seat": seat,
                "name": self.names[seat],
                "won": unit_of(config, seat) in winners,
                "total": units[unit_of(config, seat)],
            }
            for seat in range(config.players)
        ]
        return KeptGame(
            key=self.key,
            source=source,
            names=list(self.names),
            rounds=rounds,
            facts=GameFacts(config.mode.value, seats),
            totals=units,
            winners=winners,
            finished=filed + timedelta(milliseconds=len(self.entries)),
        )


@dataclass
class History:
    """A file read and checked: its games, its problems, and what importing it would add."""

    format: str
    #: The time zone the games' days are counted in.
    zone: str = "UTC"
    #: How many games have no date (they are refused unless a date is chosen for them).
    undated: int = 0
    games: list[Game] = field(default_factory=list)
    problems: list[Problem] = field(default_factory=list)

    @property
    def clean(self) -> bool:
        return not self.problems

    def keepable(self, clean_only: bool = False) -> list[Game]:
        """The games an import stores: all of them from a clean file; with ``clean_only``, the
        clean rounds of every game whose own fields are sound; never a duplicate."""
        if self.problems and not clean_only:
            return []
        return [g for g in self.games if not g.broken and g.entries and not g.duplicate]

    def preview(self) -> list[str]:
        """One line per game: date, table, rounds, R27 totals, and whether it would be stored."""
        return [game.describe() for game in self.games]

    def mark_stored(self, stored: Mapping[str, Sequence[str]]) -> None:
        """Skip the games already in the store and repeats within the file (the same time and
        rounds), saying when the other game lists other players: a CSV names only the
        players its rounds mention, the same history in JSON may name them all."""
        seen: dict[str, Game] = {}
        for game in self.games:
            if game.broken or not game.entries:
                continue
            key = game.key
            if key in stored:
                game.duplicate = "already stored" + _other_players(game.names, stored[key])
            elif key in seen:
                first = seen[key]
                game.duplicate = f"the same as the game on line {first.line}" + _other_players(
                    game.names, first.names
                )
            else:
                seen[key] = game


def _other_players(mine: Sequence[str], theirs: Sequence[str]) -> str:
    """What a preview says of a game that matches another but for the players listed."""
    if sorted(mine) == sorted(theirs):
        return ""
    return f", which lists other players ({_short(', '.join(theirs), 60)})"


class _Reader:
    """Checks one file's games, collecting problems with their lines."""

    def __init__(self, history: History, undated: date | None) -> None:
        self.history = history
        #: The date given for the games that have none.
        self.undated = undated
        #: Each date text met, read or refused: a CSV repeats a game's date on every row.
        self.dates: dict[str, datetime | ValueError] = {}
        #: Each text met as a name, cleaned or refused: a history names the same few
        #: players over and over.
        self.cleaned: dict[str, str | player_names.BadName] = {}

    def problem(self, line: int, message: str) -> None:
        self.history.problems.append(Problem(line, message))

    def too_many(self, listed: Sequence[object], line: int) -> bool:
        """Whether a list of players is longer than any table (a problem then): it is refused
        before each name is cleaned and compared."""
        if len(listed) <= MAX_PLAYERS:
            return False
        self.problem(
            line,
            f"players: a game takes at most {MAX_PLAYERS} players, this one lists {len(listed):,}",
        )
        return True

    def when(self, value: object, line: int) -> datetime | None:
        """A game's time (:func:`_when`); with none given, the evening of the date chosen for
        the games without one. ``None`` (and a problem) if it has neither, or a bad one."""
        if _undated(value):
            if self.undated is None:
                self.problem(
                    line, "date: missing; give it as YYYY-MM-DD, or a date for the undated games"
                )
                return None
            value = self.undated.isoformat()
        found = self.dates.get(value) if isinstance(value, str) else None
        if found is None:
            try:
                found = _when(value)
            except ValueError as exc:
                found = exc
            if isinstance(value, str):
                self.dates[value] = found
        if isinstance(found, ValueError):
            self.problem(line, f"date: {found}")
            return None
        return found

    def clean(self, value: object) -> str | player_names.BadName:
        """The name as it will be shown, or why it is refused."""
        if not isinstance(value, str):
            return player_names.BadName("a name is text")
        found = self.cleaned.get(value)
        if found is None:
            try:
                found = player_names.clean(value)
            except player_names.BadName as exc:
                found = exc
            self.cleaned[value] = found
        return found

    def quiet_name(self, value: object) -> str | None:
        """The name, or ``None`` if it is refused (its problem is reported where it is used)."""
        found = self.clean(value)
        return found if isinstance(found, str) else None

    def name(self, value: object, line: int, what: str) -> str | None:
        found = self.clean(value)
        if isinstance(found, str):
            return found
        shown = value if isinstance(value, str) else _shown(value)
        self.problem(line, f"{what}: {str(found).rstrip('.')} ({_short(shown)})")
        return None

    def game(
        self,
        line: int,
        when: datetime | None,
        players: list[str] | None,
        players_line: int,
        rounds: Sequence[tuple[int, dict[str, Any]]],
        options: dict[str, Any],
        broken: bool = False,
    ) -> Game:
        """Check one game's players and rounds; ``rounds`` are (line, raw round) pairs.

        ``broken`` says the game's own fields were refused already: its rounds are still
        checked (so every bad line is reported) but none of it is kept.
        """
        mode = Mode(options.get("mode", Mode.PARTNERS))
        broken = broken or when is None
        names = list(players) if players is not None else []
        # Every name the game mentions, in order of first mention, with the line that
        # first mentions it.
        mentioned: dict[str, int] = {}
        if players is None:
            for round_line, raw in rounds:
                for value in [raw.get("leader"), *_list(raw.get("teammates"))]:
                    clean = self.quiet_name(value)
                    if clean is not None:
                        mentioned.setdefault(clean, round_line)
            for clean in options.get("score_names", []):
                mentioned.setdefault(clean, options.get("scores_line", line))
            names = list(mentioned)
        config = None
        lowest = MODE_MIN_PLAYERS[mode]
        # The count first: a game of thousands of names is refused before they are compared.
        if len(names) <= MAX_PLAYERS and not self.distinct(names, players_line, mentioned):
            broken = True
        if not lowest <= len(names) <= MAX_PLAYERS:
            self.problem(
                players_line,
                f"players: a {MODE_LABELS[mode]} game takes {lowest} to {MAX_PLAYERS} players, "
                f"this one has {len(names)}",
            )
            broken = True
        elif not options.get("unchecked"):
            labels = options.get("labels")
            try:
                config = Config.make(
                    len(names),
                    mode,
                    options.get("decks"),
                    min_bid=5,
                    teams=labels(names) if labels is not None else None,
                )
            except ConfigError as exc:
                self.problem(line, f"game: {exc}")
                broken = True
        game = Game(line, when, config, names, broken=broken)
        game.unlisted = players is None and not options.get("score_names")
        for round_line, raw in rounds:
            entry = self.round(round_line, raw, names, config) if config is not None else None
            if entry is None:
                game.bad_rounds += 1
            else:
                game.entries.append(entry)
                game.lines.append(round_line)
        if not rounds and not options.get("rounds_refused"):
            self.problem(line, "rounds: a game needs at least one round")
        game.broken = game.broken or not rounds
        self.history.games.append(game)
        return game

    def distinct(self, names: list[str], line: int, mentioned: dict[str, int]) -> bool:
        """No name twice, none like another; a problem at the line that names it otherwise."""
        seen = player_names.LookAlikes()
        for index, name in enumerate(names):
            where = mentioned.get(name, line)
            if name in names[:index]:
                self.problem(where, f"players: {_short(name)} is named twice")
                return False
            other = seen.take(name)
            if other is not None:
                self.problem(where, f"players: {_short(name)} looks like {_short(other)}")
                return False
        return True

    def round(
        self, line: int, raw: dict[str, Any], names: list[str], config: Config | None
    ) -> Entry | None:
        """One round checked against its game; ``None`` (and a problem) if it is bad."""
        assert config is not None
        leader = self.name(raw.get("leader"), line, "leader") if "leader" in raw else None
        if "leader" not in raw:
            self.problem(line, "leader: the bidder is missing")
            return None
        if leader is None:
            return None
        if leader not in names:
            self.problem(line, f"leader: {_short(leader)} is not one of the game's players")
            return None
        mates = raw.get("teammates", [])
        if not isinstance(mates, list):
            self.problem(line, "teammates: give a list of names")
            return None
        partners = []
        for value in mates:
            mate = self.name(value, line, "teammates")
            if mate is None:
                return None
            if mate not in names:
                self.problem(line, f"teammates: {_short(mate)} is not one of the game's players")
                return None
            partners.append(names.index(mate))
        bid = raw.get("points")
        if "points" not in raw:
            self.problem(line, "points: the bid is missing")
            return None
        if (
            not isinstance(bid, int)
            or isinstance(bid, bool)
            or bid % 5
            or not 5 <= bid <= config.max_bid
        ):
            self.problem(
                line,
                f"points: the bid must be a whole multiple of 5 from 5 to {config.max_bid} "
                f"({config.decks} deck{'s' * (config.decks > 1)}), not {_short(_shown(bid))}",
            )
            return None
        made = _made(raw["result"]) if "result" in raw else None
        if "result" in raw and made is None:
            self.problem(line, f"result: say made or failed, not {_short(_shown(raw['result']))}")
            return None
        taken = raw.get("taken")
        if taken is not None and (not _is_int(taken) or not 0 <= taken <= config.max_bid):
            self.problem(line, f"taken: the points taken run from 0 to {config.max_bid}")
            return None
        if made is None and taken is None:
            self.problem(line, "result: say whether the bid was made")
            return None
        if config.mode is not Mode.PARTNERS:
            team = set(seats.teammates(names.index(leader), config.teams))
            if set(partners) != team or len(partners) != len(team):
                others = ", ".join(names[s] for s in sorted(team)) or "nobody"
                self.problem(line, f"teammates: {_short(leader)}'s team is {_short(others)}")
                return None
        try:
            return scorebook.make_entry(config, names.index(leader), bid, partners, made, taken)
        except EntryError as exc:
            self.problem(line, f"{_field_of(str(exc))}: {exc}")
            return None

    def scores(self, game: Game, given: object, line: int) -> None:
        """A game's final totals, as given, against R27's."""
        if not isinstance(given, dict):
            self.problem(line, "scores: give the final totals by name")
            return
        if game.broken or game.config is None:
            return
        computed = dict(zip(game.names, game.totals(), strict=True))
        for raw_name, total in given.items():
            name = self.quiet_name(raw_name)
            if name is None or name not in computed:
                self.problem(line, f"scores: {_short(str(raw_name))} is not one of the players")
            elif not _is_int(total) and not isinstance(total, _LongNumber):
                self.problem(line, f"scores: {_short(name)}'s total is not a whole number")
            elif game.bad_rounds == 0 and total != computed[name]:
                self.problem(
                    line,
                    f"scores: {_short(name)}'s total by R27 is {computed[name]}, "
                    f"the file says {_short(_shown(total))}",
                )


def _short(text: str, limit: int = 30) -> str:
    """An excerpt of ``text`` for a message: one line, at most ``limit`` characters, its
    invisible characters (NUL, controls, lone surrogates) in Python's backslash escapes, so
    that a message shows what is there and can be written out as UTF-8."""
    one = _escaped(" ".join(str(text)[: limit * 4].split()))
    return one if len(one) <= limit and len(text) <= limit * 4 else one[: limit - 1] + "…"


def _escaped(text: str) -> str:
    if text.isprintable():
        return text
    return "".join(
        ch.encode("unicode_escape").decode("ascii") if unicodedata.category(ch)[0] == "C" else ch
        for ch in text
    )


def _shown(value: object) -> str:
    """A value from the file as JSON writes it (a long number as its digits), for a message."""
    if isinstance(value, _LongNumber):
        return value.digits
    return json.dumps(value, ensure_ascii=False, default=str)


def _list(value: object) -> list[object]:
    return value if isinstance(value, list) else []


def _is_int(value: object) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def _made(value: object) -> bool | None:
    if isinstance(value, bool):
        return value
    if isinstance(value, int):
        return {1: True, 0: False}.get(value)
    if isinstance(value, str):
        word = value.strip().lower()
        if word in MADE_WORDS:
            return True
        if word in FAILED_WORDS:
            return False
    return None


def _field_of(message: str) -> str:
    """The field an entry's refusal is about, as the file names it."""
    if "partner" in message or "team" in message or "defend" in message:
        return "teammates"
    if "points taken" in message or "R26" in message:
        return "taken"
    if "bid" in message:
        return "points"
    return "round"


def _undated(value: object) -> bool:
    """Whether a game's date is missing (left out, null or blank), not merely bad."""
    return value is None or (isinstance(value, str) and not value.strip())


def _when(value: object) -> datetime:
    """A game's time as written: from ``YYYY-MM-DD`` its evening, from a full ISO time that
    time (with its offset if it has one); :class:`ValueError` saying what is wrong otherwise.

    Only days from :data:`FIRST_DAY` to :data:`LAST_DAY`: a game is filed at its time in the
    time zone of the import, and both databases hold times only well inside the calendar's
    ends.
    """
    text = value.strip() if isinstance(value, str) else ""
    try:
        if len(text) == 10:
            moment = datetime.combine(date.fromisoformat(text), scorebook.EVENING)
        elif len(text) > 10 and text[4] == "-":
            moment = datetime.fromisoformat(text.replace("Z", "+00:00"))
        else:
            raise ValueError
    except ValueError:
        raise ValueError("give the date as YYYY-MM-DD") from None
    if not FIRST_DAY <= moment.date() <= LAST_DAY:
        raise ValueError(
            f"give a date from {FIRST_DAY.isoformat()} to {LAST_DAY.isoformat()}, "
            f"not {_short(text)}"
        )
    return moment


# ---------------------------------------------------------------- JSON


class _LongNumber:
    """A JSON integer too long to be a score or a bid: kept as its digits, never converted
    (Python refuses to convert more than 4,300 digits, and no bid has more than a few)."""

    def __init__(self, digits: str) -> None:
        self.digits = digits

    def __str__(self) -> str:
        return self.digits


def _integer(text: str) -> int | _LongNumber:
    return int(text) if len(text) <= MAX_DIGITS else _LongNumber(text)


class _Source:
    """The text of a JSON file, with the lines its offsets fall on."""

    def __init__(self, text: str) -> None:
        self.text = text
        self.breaks = [found.start() for found in re.finditer("\n", text)]

    def line_of(self, offset: int) -> int:
        return bisect.bisect_left(self.breaks, offset) + 1


class _Located(dict[str, Any]):
    """A JSON object that knows the line it begins on."""

    line = 1


class _LocatedList(list[Any]):
    """A JSON array that knows where it begins, and finds where each of its items does."""

    line = 1

    def __init__(self, items: Iterable[Any], source: _Source, start: int) -> None:
        super().__init__(items)
        self.source, self.start = source, start
        self.line = source.line_of(start)
        self.starts: list[int] | None = None

    def line_of(self, index: int) -> int:
        """The line where item ``index`` begins (worked out for every item on first asking:
        only a problem with an item asks)."""
        if self.starts is None:
            text, self.starts = self.source.text, []
            offset = self.start + 1
            for _ in self:
                offset = _after_spaces(text, offset)
                self.starts.append(offset)
                offset = _after_spaces(text, _value_end(text, offset)) + 1  # past the comma
        return self.source.line_of(self.starts[index])


class _Pairs(list[tuple[str, Any]]):
    """A JSON object's pairs as parsed, in order, a repeated key included."""


#: A JSON string (so that brackets inside one are not counted), or a bracket.
_STRING_OR_BRACKET = re.compile(r'"[^"\\]*(?:\\.[^"\\]*)*"|[][{}]')


#: A JSON scalar: a string, or a number or literal up to what ends it.
_SCALAR = re.compile(r'"[^"\\]*(?:\\.[^"\\]*)*"|[^,\]}\s]+')


def _after_spaces(text: str, offset: int) -> int:
    """Where JSON's whitespace (space, tab, line feed, carriage return) from ``offset`` ends."""
    while offset < len(text) and text[offset] in " \t\n\r":
        offset += 1
    return offset


def _value_end(text: str, offset: int) -> int:
    """Where the JSON value that begins at ``offset`` of text that parsed ends."""
    if text[offset] not in "[{":
        scalar = _SCALAR.match(text, offset)
        return scalar.end() if scalar else offset + 1
    depth = 0
    for token in _STRING_OR_BRACKET.finditer(text, offset):
        mark = token.group()
        if mark == "[" or mark == "{":
            depth += 1
        elif mark == "]" or mark == "}":
            depth -= 1
            if not depth:
                return token.end()
    return len(text)


def _brackets(text: str) -> tuple[int | None, list[int]]:
    """Where each object and array opens, in the order they close; or, first, the offset of
    the first bracket nested deeper than :data:`MAX_DEPTH`.

    The text's strings must be closed up to where the scan ends (an unclosed one would be
    scanned again from each of its quotes).
    """
    opened: list[int] = []
    closed: list[int] = []
    for token in _STRING_OR_BRACKET.finditer(text):
        mark = token.group()
        if mark == "[" or mark == "{":
            opened.append(token.start())
            if len(opened) > MAX_DEPTH:
                return token.start(), closed
        elif mark == "]" or mark == "}":
            closed.append(opened.pop())
    return None, closed


def _with_lines(parsed: Any, source: _Source, opens: Iterator[int]) -> Any:
    """The parsed JSON (objects as :class:`_Pairs`), each object and array remembering the
    line where it begins.

    ``opens`` holds where each object and array opens, in the order they close. A
    value's objects and arrays close in the order a walk that visits each one after
    its items meets them, so that walk pairs each with its place in the text.
    """

    def located(value: list[Any]) -> Any:
        """An object (its pairs) or array, with what it holds; a list of thousands of
        scalars is common (names, scores), so they are left as they are without a call."""
        if isinstance(value, _Pairs):
            found = _Located(
                [(key, located(item) if isinstance(item, list) else item) for key, item in value]
            )
            found.line = source.line_of(next(opens))
            return found
        items = [located(item) if isinstance(item, list) else item for item in value]
        return _LocatedList(items, source, next(opens))

    return located(parsed) if isinstance(parsed, list) else parsed


def _line(value: object, default: int) -> int:
    return int(getattr(value, "line", default))


def _item_line(items: object, index: int) -> int:
    """The line where an item of a JSON array begins."""
    return items.line_of(index) if isinstance(items, _LocatedList) else 1


def _read_json(text: str, history: History, undated: date | None) -> None:
    reader = _Reader(history, undated)
    try:
        # The C parser, before the bracket scan (which expects closed strings).
        parsed = json.loads(text, parse_int=_integer, object_pairs_hook=_Pairs)
    except json.JSONDecodeError as exc:
        reader.problem(exc.lineno, f"JSON: the file is not valid JSON ({exc.msg})")
        return
    except RecursionError:
        parsed = None  # nested far too deep: the scan below finds where
    source = _Source(text)
    deep, opens = _brackets(text)
    if deep is not None:
        message = f"JSON: nested more than {MAX_DEPTH} deep; a history has a few levels"
        reader.problem(source.line_of(deep), message)
        return
    data = _with_lines(parsed, source, iter(opens))
    games = data
    if isinstance(data, dict):
        lists = [k for k, v in data.items() if isinstance(v, list)]
        key = (
            "games"
            if isinstance(data.get("games"), list)
            else (lists[0] if len(lists) == 1 else None)
        )
        if key is None:
            reader.problem(_line(data, 1), 'JSON: no list of games (put them under "games")')
            return
        games = data[key]
    if not isinstance(games, list):
        reader.problem(_line(data, 1), "JSON: the file holds no list of games")
        return
    if not games:
        reader.problem(_line(games, 1), "JSON: the list of games is empty")
    for index, raw in enumerate(games):
        if not isinstance(raw, dict):
            reader.problem(_item_line(games, index), "game: each game is an object with rounds")
            continue
        _json_game(reader, raw)


def _json_game(reader: _Reader, raw: dict[str, Any]) -> None:
    line = _line(raw, 1)
    reader.history.undated += _undated(raw.get("date"))
    when = reader.when(raw.get("date"), line)
    broken = when is None
    options: dict[str, Any] = {}
    mode_text = raw.get("mode", Mode.PARTNERS.value)
    if mode_text not in [m.value for m in Mode]:
        reader.problem(line, "mode: use partners, teams or random")
        broken = True
        mode_text = Mode.PARTNERS.value
    options["mode"] = Mode(mode_text)
    if "decks" in raw:
        if raw["decks"] not in (1, 2) or isinstance(raw["decks"], bool):
            reader.problem(line, "decks: 1 or 2")
            broken = True
        else:
            options["decks"] = raw["decks"]
    players = None
    players_line = line
    if "players" in raw:
        listed = raw["players"]
        players_line = _line(listed, line)
        if not isinstance(listed, list) or not listed:
            reader.problem(players_line, "players: give a list of names")
            return
        if reader.too_many(listed, players_line):
            return
        else:
            cleaned = [reader.name(v, players_line, "players") for v in listed]
            if any(c is None for c in cleaned):
                broken = True
            players = [c for c in cleaned if c is not None]
    if options["mode"] is not Mode.PARTNERS:
        teams = _json_teams(reader, raw, line, players)
        if teams is None:  # without its teams no round of the game can be checked
            options["unchecked"] = broken = True
        else:
            if players is None:
                players = teams[0] + teams[1]
            options["labels"] = _labels(teams)
    scores = raw.get("scores")
    if isinstance(scores, dict):
        options["score_names"] = [n for n in map(reader.quiet_name, scores) if n is not None]
    rounds_value = raw.get("rounds")
    rounds: list[tuple[int, dict[str, Any]]] = []
    if "rounds" in raw and not isinstance(rounds_value, list):
        reader.problem(line, "rounds: give a list of rounds")
        options["rounds_refused"] = broken = True
    for index, item in enumerate(_list(rounds_value)):
        if isinstance(item, dict):
            rounds.append((_line(item, line), item))
        else:
            reader.problem(_item_line(rounds_value, index), "round: each round is an object")
    if "scores" in raw:
        options["scores_line"] = _line(scores, line)
    game = reader.game(line, when, players, players_line, rounds, options, broken)
    if "scores" in raw:
        reader.scores(game, scores, _line(scores, line))


def _json_teams(
    reader: _Reader, raw: dict[str, Any], line: int, players: list[str] | None
) -> list[list[str]] | None:
    teams = raw.get("teams")
    where = _line(teams, line)
    if (
        not isinstance(teams, list)
        or len(teams) != 2
        or not all(isinstance(t, list) and t for t in teams)
    ):
        reader.problem(where, "teams: a team game lists its two teams of names")
        return None
    found: list[list[str]] = []
    for team in teams:
        cleaned = [reader.name(v, where, "teams") for v in team]
        if any(c is None for c in cleaned):
            return None
        found.append([c for c in cleaned if c is not None])
    everyone = found[0] + found[1]
    if len(set(everyone)) != len(everyone):
        reader.problem(where, "teams: a player is on both teams, or twice on one")
        return None
    if players is not None and sorted(players) != sorted(everyone):
        reader.problem(where, "teams: the teams must hold exactly the game's players")
        return None
    return found


def _labels(teams: list[list[str]]) -> Callable[[list[str]], list[int]]:
    """Each player's team label, for the players in the game's order."""
    return lambda names: [0 if n in teams[0] else 1 for n in names]


# ---------------------------------------------------------------- CSV


#: The mark a spreadsheet export puts before a cell that would start like a formula (this
#: app's downloads do): ``'=x`` was written for ``=x``.
_GUARD = re.compile("'(?=[=+\\-@\t\r])")


def _unguarded(cell: str) -> str:
    return _GUARD.sub("", cell, count=1) if cell.startswith("'") else cell


def _csv_rows(text: str, reader: _Reader) -> Iterator[tuple[int, list[str]]]:
    """Each row with the line it begins on; a row the CSV reader refuses (a cell over its
    limit) is a problem, and the lines after it are not read."""
    rows = csv.reader(io.StringIO(text))
    while True:
        line = rows.line_num + 1
        try:
            values = next(rows)
        except StopIteration:
            return
        except csv.Error:
            reader.problem(
                line,
                f"row: a cell over {csv.field_size_limit():,} characters; "
                "the lines after it are not read",
            )
            return
        yield line, values


def _read_csv(text: str, history: History, undated: date | None) -> None:
    reader = _Reader(history, undated)
    undated_games: set[str] = set()  # the game labels of the rows without a date
    header: list[str] | None = None
    header_line = 1
    # Each game's rows: (line, round, time, players named in the row).
    games: dict[tuple[str, str], list[tuple[int, dict[str, Any], datetime, list[str]]]] = {}
    for line, values in _csv_rows(text, reader):
        if not any(v.strip() for v in values):
            continue
        if header is None:
            header = [v.strip().lower() for v in values]
            header_line = line
            missing = [c for c in CSV_COLUMNS if c not in header]
            if missing:
                reader.problem(line, f"header: missing column{'s' * (len(missing) > 1)} "
                               + ", ".join(missing))  # fmt: skip
                return
            continue
        if len(values) != len(header):
            reader.problem(
                line,
                f"row: {len(values)} value{'s' * (len(values) != 1)} where the header names "
                f"{len(header)} columns",
            )
            continue
        cell = {name: _unguarded(value.strip()) for name, value in zip(header, values, strict=True)}
        if _undated(cell["date"]):
            undated_games.add(cell["game"])
        when = reader.when(cell["date"], line)
        if when is None:
            continue
        raw: dict[str, Any] = {"leader": cell["leader"]}
        raw["teammates"] = scorebook.split_names(cell["teammates"])
        bid = cell["bid"]
        # ASCII digits only ("²" is a digit to str.isdigit, not to int), and not too many.
        raw["points"] = (
            int(bid) if bid.isascii() and bid.isdigit() and len(bid) <= MAX_DIGITS else bid
        )
        raw["result"] = cell["made"]
        listed = scorebook.split_names(cell.get("players", ""))
        # The rows without a date are games of their own, whatever date they are given.
        key = (cell["date"] and when.date().isoformat(), cell["game"])
        games.setdefault(key, []).append((line, raw, when, listed))
    history.undated = len(undated_games)
    if header is None:
        reader.problem(header_line, "header: the file is empty")
        return
    for rows in games.values():
        first_line, _, when, _ = rows[0]
        players, players_line, broken = _csv_players(reader, rows)
        rounds = [(line, raw) for line, raw, _, _ in rows]
        reader.game(first_line, when, players, players_line, rounds, {}, broken)


def _csv_players(
    reader: _Reader, rows: list[tuple[int, dict[str, Any], datetime, list[str]]]
) -> tuple[list[str] | None, int, bool]:
    """A CSV game's players, from the first of its rows that names them (the ``players``
    column), with that row's line and whether they are refused; ``None`` if no row does."""
    naming = [(line, listed) for line, _, _, listed in rows if listed]
    if not naming:
        return None, rows[0][0], False
    line, listed = naming[0]
    broken = False
    for other, names in naming[1:]:
        if names != listed:
            reader.problem(other, f"players: not the players of line {line}")
            broken = True
    if reader.too_many(listed, line):
        return None, line, True
    cleaned = [reader.name(name, line, "players") for name in listed]
    players = [name for name in cleaned if name is not None]
    return players, line, broken or len(players) < len(cleaned)


def _csv_bid_field(problem: Problem) -> Problem:
    """CSV names the bid ``bid`` where JSON says ``points``; the result ``made``."""
    message = problem.message
    for json_name, csv_name in (("points:", "bid:"), ("result:", "made:")):
        if message.startswith(json_name):
            message = csv_name + message[len(json_name) :]
    return Problem(problem.line, message)


# ---------------------------------------------------------------- reading a file


def read_history(
    data: bytes, filename: str = "", zone: str = "UTC", undated: date | None = None
) -> History:
    """Read and check a history file (JSON or CSV, told by its name or its first character),
    counting its games' days in the time zone ``zone`` (a name from the tz database); a
    game without a date is an evening of ``undated`` when it is given (refused otherwise)."""
    if len(data) > MAX_BYTES:
        history = History("unknown", zone)
        history.problems.append(Problem(1, f"file: at most {MAX_BYTES // 1_000_000} MB"))
        return history
    try:
        text = data.decode("utf-8-sig")
    except UnicodeDecodeError as exc:
        history = History("unknown", zone)
        line = data[: exc.start].count(b"\n") + 1
        history.problems.append(Problem(line, "file: not UTF-8 text"))
        return history
    lower = filename.lower()
    is_json = lower.endswith(".json") or (
        not lower.endswith(".csv") and text.lstrip()[:1] in ("[", "{")
    )
    history = History("json" if is_json else "csv", zone)
    if is_json:
        _read_json(text, history, undated)
    else:
        _read_csv(text, history, undated)
        history.problems = [_csv_bid_field(p) for p in history.problems]
    history.problems.sort(key=lambda p: p.line)
    _place(history.games, zone)
    return history


def _place(games: list[Game], zone: str) -> None:
    """Each game's time on the wall in ``zone``. A time written with an offset is that moment
    there; one written without, the time written. The games of one evening (dated with no
    time) stand for 20:00, 21:00… in their key, in file order, and are filed between 20:00
    and 23:00 there, so that however many there are they stay on their day."""
    place = ZoneInfo(zone)
    evenings: dict[date, list[Game]] = {}
    for game in games:
        game.zone = zone
        if game.when is None:
            continue
        if game.when.tzinfo is not None:
            game.local = game.when.astimezone(place).replace(tzinfo=None)
        elif game.when.time() == scorebook.EVENING:
            evenings.setdefault(game.when.date(), []).append(game)
        else:
            game.local = game.when
    for evening in evenings.values():
        step = min(timedelta(hours=1), EVENING_LENGTH / len(evening))
        for count, game in enumerate(evening):
            assert game.when is not None
            game.local = game.when + count * step
            game.when += timedelta(hours=count)
