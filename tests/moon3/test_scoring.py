"""R27 round scores: a table of hand-checked cases (STYLE item 5)."""

from __future__ import annotations

import pytest

from core.moon3.config import Config
from core.moon3.scoring import round_score

# (players, mode, teams, bidder, partners, bid, made) -> score per team / per seat
CASES = [
    # Team-wise 2v2 (A B A B): made, the bidding team scores the bid ...
    (4, "teams", (0, 1, 0, 1), 0, (2,), 130, True, [130, 0]),
    (4, "teams", (0, 1, 0, 1), 3, (1,), 175, True, [0, 175]),
    # ... failed, the defending team scores it.
    (4, "teams", (0, 1, 0, 1), 0, (2,), 130, False, [0, 130]),
    (4, "teams", (0, 1, 0, 1), 1, (3,), 250, False, [250, 0]),
    # Team-wise 1v1 and 1v3.
    (2, "teams", (0, 1), 1, (), 125, True, [0, 125]),
    (4, "teams", (1, 0, 1, 1), 1, (), 200, False, [0, 200]),
    # Random 3v4, two decks.
    (7, "random", (1, 0, 1, 0, 1, 0, 1), 2, (0, 4, 6), 320, True, [0, 320]),
    (7, "random", (1, 0, 1, 0, 1, 0, 1), 5, (1, 3), 260, False, [0, 260]),
    # Card-Based: made -- bidder +2 x bid, each partner +bid, defenders 0.
    (4, "partners", (), 0, (2,), 150, True, [300, 0, 150, 0]),
    (5, "partners", (), 3, (0, 4), 300, True, [300, 0, 0, 600, 300]),
    # A bidder whose called cards were all in one hand has one partner.
    (5, "partners", (), 1, (2,), 260, True, [0, 520, 260, 0, 0]),
    # Card-Based: failed -- bidder -bid, partners 0, each defender +bid.
    (4, "partners", (), 0, (2,), 150, False, [-150, 150, 0, 150]),
    (7, "partners", (), 6, (0, 1, 2), 275, False, [0, 0, 0, 275, 275, 275, -275]),
    (3, "partners", (), 2, (1,), 125, False, [125, 0, -125]),
]


@pytest.mark.parametrize(
    ("players", "mode", "teams", "bidder", "partners", "bid", "made", "expected"), CASES
)
def test_r27_hand_checked_round_scores(
    players: int,
    mode: str,
    teams: tuple[int, ...],
    bidder: int,
    partners: tuple[int, ...],
    bid: int,
    made: bool,
    expected: list[int],
) -> None:
    config = Config.make(players, mode, teams=teams or None)
    assert round_score(config, bidder, partners, bid, made) == expected
