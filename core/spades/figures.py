"""Spades' Stats figures as plain values: what the store's queries fill in
(``core/store/spades/stats.py``) and the Stats page lays out.

Bid accuracy counts non-nil bids taken exactly, over (bags) or under; nils and
blind nils are counted apart; a contract is a side's bids added up in a hand.
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class Player:
    """One player's line on the Spades leaderboard."""

    name: str
    hands: int
    bids: int
    exact: int
    over: int
    under: int
    nils: int
    nils_made: int
    contracts: int
    contracts_made: int
    score: int


@dataclass(frozen=True)
class Overview:
    """Every figure of the Stats page."""

    hands: int
    bids: int
    exact: int
    over: int
    under: int
    nils: int
    nils_made: int
    blind_nils: int
    blind_nils_made: int
    contracts: int
    contracts_made: int
    bags: int
    side_hands: int
    leaderboard: list[Player]
