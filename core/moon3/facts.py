"""What a finished round of Moon 3 of Spades leaves for the stats, dealt or kept by hand.

A round dealt at a table knows its cards; a round entered in the scorebook
(H3) or imported (H4) knows only its bidder, bid, sides and result. Both
become the same rows, so every figure that needs no cards counts them all:

- ``moon3_round``: the round's own row (bid, trump, calls, result…);
- ``round_seat``: one row per seat (role, won, card points, R27 score, 3♠);
- ``kali_capture``: one row per 3♠ captured (dealt rounds only);
- ``round_group``: one row per pair and per trio of players together on one
  side (H5). A side is the bidder with their partners in every mode; in
  Team-wise and Random the defending team is a side too (its players are a
  partnership there). Card-Based defenders are just everyone else: no side.
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from dataclasses import dataclass
from itertools import combinations
from typing import Any

from core.games import RoundFacts
from core.moon3 import cards, rules
from core.moon3.config import Config, Mode
from core.moon3.scoring import round_score, unit_of
from core.moon3.state import State

#: Raised whenever the rows of a round change shape: stored rounds of an older version get
#: their rows again from their records (``core.store.history.backfill``).
FACTS_VERSION = 3
BIDDER, PARTNER, DEFENDER = "bidder", "partner", "defender"
#: How rounds are kept: dealt at a table, entered in a scorebook, or imported.
DEALT, SCOREBOOK, IMPORTED = "table", "scorebook", "import"
#: The largest group whose rounds together are counted (pairs and trios, H5).
GROUP_SIZES = (2, 3)


@dataclass(frozen=True, slots=True)
class Outcome:
    """A finished round as the stats see it, whether its cards are known or not."""

    config: Config
    bidder: int
    bid: int
    #: The bidder's partners: called teammates in Card-Based, the bidder's team otherwise.
    partners: tuple[int, ...]
    made: bool
    #: Points the bidding side and the defenders captured; ``None`` when nobody counted.
    bidding_points: int | None = None
    defending_points: int | None = None
    #: Card points per seat, and (seat, trick) of every 3♠ captured: dealt rounds only.
    points: tuple[int, ...] | None = None
    captures: tuple[tuple[int, int], ...] = ()
    trump: str | None = None
    called: tuple[str, ...] = ()
    source: str = DEALT

    @property
    def side(self) -> tuple[int, ...]:
        """The bidding side, sorted."""
        return tuple(sorted({self.bidder, *self.partners}))

    def sides(self) -> list[tuple[tuple[int, ...], bool]]:
        """Each side that is a partnership, with whether it won the round."""
        found = [(self.side, self.made)]
        if self.config.mode is not Mode.PARTNERS:
            defenders = tuple(s for s in range(self.config.players) if s not in self.side)
            found.append((defenders, not self.made))
        return found


def captures(state: State) -> list[tuple[int, int]]:
    """(seat, trick number from 1) of every 3♠ captured so far in a dealt round."""
    return [
        (winner, number)
        for number, ((_, played), winner) in enumerate(
            zip(state.tricks, state.trick_winners, strict=False), start=1
        )
        for card in played
        if card == cards.KALI_TIDI
    ]


def dealt(state: State) -> Outcome:
    """A finished round dealt at a table, as the stats see it."""
    assert state.bidder is not None and state.bid is not None
    sides = rules.side_points(state)
    return Outcome(
        config=state.config,
        bidder=state.bidder,
        bid=state.bid,
        partners=tuple(state.partners),
        made=bool(rules.made(state)),
        bidding_points=sides["bidding"],
        defending_points=sides["defending"],
        points=tuple(state.points),
        captures=tuple(captures(state)),
        trump=cards.SUITS[state.trump] if state.trump is not None else None,
        called=tuple(cards.names(state.called or ())),
    )


def groups(outcome: Outcome, names: Sequence[str]) -> list[dict[str, Any]]:
    """H5: every pair and trio together on one side, names in order, and whether it won."""
    rows = []
    for members, won in outcome.sides():
        ordered = sorted(names[s] for s in members)
        for size in GROUP_SIZES:
            for combo in combinations(ordered, size):
                third = combo[2] if size == 3 else ""
                rows.append(
                    {"size": size, "first": combo[0], "second": combo[1], "third": third,
                     "won": won}
                )  # fmt: skip
    return rows


def round_facts(outcome: Outcome, names: Sequence[str]) -> RoundFacts:
    """The rows a finished round leaves (see the module's docstring)."""
    config = outcome.config
    side = set(outcome.side)
    score = round_score(config, outcome.bidder, outcome.partners, outcome.bid, outcome.made)
    own: dict[str, Any] = {
        "players": config.players,
        "mode": config.mode.value,
        "source": outcome.source,
        "decks": config.decks,
        "bidder": outcome.bidder,
        "bidder_name": names[outcome.bidder],
        "bid": outcome.bid,
        "trump": outcome.trump,
        "called": json.dumps(list(outcome.called)),
        "partners": json.dumps(list(outcome.partners)),
        "made": outcome.made,
        "bidding_points": outcome.bidding_points or 0,
        "defending_points": outcome.defending_points or 0,
        "points_known": outcome.bidding_points is not None,
        "kali_tidi": json.dumps([{"seat": s, "trick": t} for s, t in outcome.captures]),
        "kali_ours": sum(1 for s, _ in outcome.captures if s in side),
        "kali_theirs": sum(1 for s, _ in outcome.captures if s not in side),
    }
    seats = [
        {
            "seat": seat,
            "name": names[seat],
            "role": BIDDER if seat == outcome.bidder else PARTNER if seat in side else DEFENDER,
            "won": (seat in side) == outcome.made,
            "points": outcome.points[seat] if outcome.points is not None else 0,
            "score": score[unit_of(config, seat)],
            "kali": sum(1 for s, _ in outcome.captures if s == seat),
            "dealt": outcome.source == DEALT,
        }
        for seat in range(config.players)
    ]
    kali = [
        {"seat": s, "name": names[s], "trick": t, "bidding_side": s in side}
        for s, t in outcome.captures
    ]
    rows = {
        "moon3_round": [own],
        "round_seat": seats,
        "kali_capture": kali,
        "round_group": groups(outcome, names),
    }
    return RoundFacts(
        config.mode.value,
        config.players,
        config.jokers,
        rows,
        version=FACTS_VERSION,
        source=outcome.source,
    )
