"""Rounds kept by hand (H3, H4): what a scorekeeper writes down, checked and scored by R27.

A real table deals its own cards; a scorebook or an imported history keeps
only what R26–R28 and the stats need. An entry names the bidder (a seat),
the bid, the partners (Card-Based: the players the call made partners; in
Team-wise and Random the bidding side is the bidder's whole team) and the
result: made or failed, or the points the bidding side took, which decide it
(R26). Entries are scored as dealt rounds are (:func:`core.moon3.scoring.round_score`)
and become the same rows for the stats (:mod:`core.moon3.facts`), marked as
kept without cards.

A whole game kept this way has a key: a digest of when it was played and its
rounds, so that the same game is never stored twice (an import of a file
imported before, or of a scorebook's own export, adds nothing). Its list of
players is left out: a CSV knows only the players its rounds mention, and the
same history imported as JSON and as CSV is the same games.
"""

from __future__ import annotations

import csv
import hashlib
import io
import json
from collections.abc import Sequence
from dataclasses import dataclass
from datetime import UTC, datetime, time
from typing import Any

from core import seats
from core.moon3 import facts
from core.moon3.config import BID_STEP, Config, Mode
from core.moon3.scoring import round_score, units

#: A game dated without a time was played in the evening: it stands for 20:00 that day.
EVENING = time(20, 0)


class EntryError(ValueError):
    """An entry the rules refuse; the message says which part and why."""


@dataclass(frozen=True, slots=True)
class Entry:
    """One round as entered: seats are table positions."""

    bidder: int
    bid: int
    #: Card-Based: the bidder's partners (sorted); the team modes keep the bidder's teammates.
    partners: tuple[int, ...]
    made: bool
    #: The points the bidding side took, when the scorekeeper counted them.
    taken: int | None = None

    def to_json(self) -> dict[str, object]:
        out: dict[str, object] = {
            "bidder": self.bidder,
            "bid": self.bid,
            "partners": list(self.partners),
            "made": self.made,
        }
        if self.taken is not None:
            out["taken"] = self.taken
        return out


def _number(value: object, low: int, high: int) -> int | None:
    """``value`` if it is a whole number (not a bool) from ``low`` to ``high``, else ``None``."""
    if isinstance(value, bool) or not isinstance(value, int) or not low <= value <= high:
        return None
    return value


def check_bid(config: Config, bid: object) -> int:
    """R12: a whole multiple of 5 from the table's minimum bid to the deck's total."""
    low, high = config.min_bid, config.max_bid
    amount = _number(bid, low, high)
    if amount is None or amount % BID_STEP:
        raise EntryError(f"the bid must be a multiple of {BID_STEP} from {low} to {high}")
    return amount


def make_entry(
    config: Config,
    bidder: object,
    bid: object,
    partners: Sequence[object] = (),
    made: object = None,
    taken: object = None,
) -> Entry:
    """A checked entry; :class:`EntryError` says what is wrong.

    ``made`` may be left out when ``taken`` is given (R26 decides it); when both
    are given they must agree.
    """
    players = config.players
    seat = _number(bidder, 0, players - 1)
    if seat is None:
        raise EntryError("choose the bidder")
    amount = check_bid(config, bid)
    found = [_number(p, 0, players - 1) for p in partners]
    chosen = tuple(sorted(p for p in found if p is not None))
    if len(chosen) != len(found):
        raise EntryError("partners must be players at this table")
    if len(set(chosen)) != len(chosen):
        raise EntryError("a partner is named twice")
    if seat in chosen:
        raise EntryError("the bidder cannot be their own partner")
    if config.mode is Mode.PARTNERS:
        if len(chosen) > players - 2:
            most = players - 2
            raise EntryError(f"at most {most} partner{'s' * (most != 1)}: someone must defend")
    else:
        team = tuple(sorted(seats.teammates(seat, config.teams)))
        if chosen and chosen != team:
            raise EntryError("in a team game the bidding side is the bidder's whole team")
        chosen = team
    points = None if taken is None else _number(taken, 0, config.max_bid)
    if taken is not None and points is None:
        raise EntryError(f"the points taken must be from 0 to {config.max_bid}")
    if made is not None and not isinstance(made, bool):
        raise EntryError("say whether the bid was made")
    if points is not None:
        reached = points >= amount
        if made is not None and made != reached:
            raise EntryError(
                f"{points} points {'reach' if reached else 'fall short of'} the bid of {amount}, "
                f"so it was {'made' if reached else 'failed'} (R26)"
            )
        made = reached
    if made is None:
        raise EntryError("say whether the bid was made, or the points the bidding side took")
    return Entry(seat, amount, chosen, bool(made), points)


def entry_from_json(config: Config, data: object) -> Entry:
    """An entry from its JSON form (a page's or a stored one), checked."""
    if not isinstance(data, dict):
        raise EntryError("that is not a round")
    partners = data.get("partners", [])
    if not isinstance(partners, list):
        raise EntryError("partners must be a list of players")
    return make_entry(
        config,
        data.get("bidder"),
        data.get("bid"),
        partners,
        data.get("made"),
        data.get("taken"),
    )


def score(config: Config, entry: Entry) -> list[int]:
    """R27: what each unit (team, or player in Card-Based) scores for the round."""
    return round_score(config, entry.bidder, entry.partners, entry.bid, entry.made)


def totals(config: Config, entries: Sequence[Entry]) -> list[int]:
    """The running totals after these rounds (R27)."""
    running = [0] * units(config)
    for entry in entries:
        running = [t + s for t, s in zip(running, score(config, entry), strict=True)]
    return running


def outcome(config: Config, entry: Entry, source: str) -> facts.Outcome:
    """The round as the stats see it: no cards, so no card points and no Kali Tidi."""
    return facts.Outcome(
        config=config,
        bidder=entry.bidder,
        bid=entry.bid,
        partners=entry.partners,
        made=entry.made,
        bidding_points=entry.taken,
        defending_points=None if entry.taken is None else config.max_bid - entry.taken,
        source=source,
    )


def join_names(names: Sequence[str]) -> str:
    """Names in one CSV cell, separated by ``;``: a name holding ``;`` or ``"`` is quoted as CSV
    quotes, so that :func:`split_names` gives back every name as it was."""
    cell = io.StringIO()
    csv.writer(cell, delimiter=";", lineterminator="").writerow(names)
    return cell.getvalue()


def split_names(cell: str) -> list[str]:
    """The names of a cell written by :func:`join_names`, or typed (``Asha; Ben``)."""
    if '"' not in cell and "\n" not in cell and "\r" not in cell:  # nothing quoted: a split
        return [name.strip() for name in cell.split(";") if name.strip()]
    rows = csv.reader(io.StringIO(cell), delimiter=";", skipinitialspace=True)
    return [name.strip() for row in rows for name in row if name.strip()]


def key_time(moment: datetime) -> datetime:
    """When a game was played, as its key holds it: the time written when it was written
    without an offset (a date alone is its evening, :data:`EVENING`), the UTC time when it
    was written with one; whatever time zone an import counts days in."""
    if moment.tzinfo is None:
        return moment
    return moment.astimezone(UTC).replace(tzinfo=None)


def game_key(when: datetime, names: Sequence[str], entries: Sequence[Entry]) -> str:
    """The digest that identifies a kept game: when it was played (:func:`key_time`) and its
    rounds, by the names of the players in them."""
    body = {
        "when": key_time(when).isoformat(timespec="seconds"),
        "rounds": [
            [names[e.bidder], sorted(names[p] for p in e.partners), e.bid, e.made] for e in entries
        ],
    }
    return hashlib.sha256(json.dumps(body, sort_keys=True).encode()).hexdigest()


def stored_key(rounds: Sequence[tuple[dict[str, Any], datetime]]) -> str | None:
    """A stored game's key worked out from its stored rounds (each round's document and the
    time it was stored), for a game stored under an older shape of key; ``None`` if the
    documents do not say.

    An imported round's document keeps the game's time; a scorebook round's does not, and
    its game stands for the evening of the day its first round was stored, as the export
    of a scorebook game from then says.
    """
    try:
        first, stored = rounds[0]
        names = first["names"]
        entries = [
            Entry(e["bidder"], e["bid"], tuple(e["partners"]), e["made"])
            for e in (doc["entry"] for doc, _ in rounds)
        ]
        given = first["meta"].get("date")
        when = (
            datetime.fromisoformat(given)
            if given is not None
            else datetime.combine(stored.date(), EVENING)
        )
        return game_key(when, names, entries)
    except (LookupError, TypeError, ValueError, AttributeError):
        return None


def export_game(
    when: str, config: Config, names: Sequence[str], entries: Sequence[Entry]
) -> dict[str, object]:
    """One game in the import format (H4), so that it can be imported elsewhere unchanged;
    ``when`` is its time as the key holds it (an ISO time, or a date for its evening)."""
    game: dict[str, object] = {"date": when, "players": list(names)}
    if config.mode is not Mode.PARTNERS:
        game["mode"] = config.mode.value
        game["teams"] = [[names[s] for s in team] for team in config.team_seats()]
    game["decks"] = config.decks
    rounds = []
    for e in entries:
        row: dict[str, object] = {
            "leader": names[e.bidder],
            "teammates": [names[p] for p in e.partners],
            "points": e.bid,
            "result": "made" if e.made else "failed",
        }
        if e.taken is not None:
            row["taken"] = e.taken
        rounds.append(row)
    game["rounds"] = rounds
    final = totals(config, entries)
    if config.mode is Mode.PARTNERS:
        game["scores"] = {names[s]: final[s] for s in range(config.players)}
    else:
        game["scores"] = {names[s]: final[config.teams[s]] for s in range(config.players)}
    return game
