"""Spades scoring (SPEC S6, S7): one hand's score per side, bags carried, and the game's end.

S6, per side (a partnership, or one player): the contract is the sum of its
non-nil bids, its tricks those of its non-nil players (plus a failed nil
bidder's under ``failed_nil = "partner"``). With a contract, made (tricks ≥
contract) scores 10 × contract plus 1 a trick over, each over-trick a bag;
set scores −10 × contract (0 with the set penalty off). Each nil scores +100
if its bidder took no trick, else −100; blind nil ±200. Under
``failed_nil = "bags"`` a failed nil bidder's tricks are the side's
over-tricks: 1 point and one bag each (a lone failed nil with 2 tricks:
−100 + 2 = −98). Bags carry across hands; each time they reach 10 the side loses
100 and keeps the rest (15 bags: −100 and 5 left).

S7: a side at or over the target wins; several, the highest; an exact tie
for the highest plays on. With the mercy rule a side at −200 or below ends
the game, and the highest total wins.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from core.spades.config import MERCY_AT, Config

NIL_POINTS, BLIND_NIL_POINTS, BAG_LIMIT, BAG_PENALTY = 100, 200, 10, 100


@dataclass(frozen=True, slots=True)
class HandScore:
    """One hand's result per side: the change, the bags after it and the totals after it."""

    score: tuple[int, ...]
    bags: tuple[int, ...]
    totals: tuple[int, ...]


def hand_score(
    config: Config,
    bids: Sequence[int],
    blind: Sequence[bool],
    taken: Sequence[int],
    before: Sequence[tuple[int, int]],
) -> HandScore:
    """S6 for every side, from each seat's bid, blind flag and tricks taken."""
    scores, bags_after, totals = [], [], []
    for side, members in enumerate(config.sides):
        score = 0
        bags = 0
        contract = sum(bids[s] for s in members if bids[s] > 0)
        tricks = sum(taken[s] for s in members if bids[s] > 0)
        for s in members:
            if bids[s] != 0:
                continue
            worth = BLIND_NIL_POINTS if blind[s] else NIL_POINTS
            score += worth if taken[s] == 0 else -worth
            if taken[s] and config.failed_nil == "partner":
                tricks += taken[s]
            elif taken[s] and config.failed_nil == "bags":
                score += taken[s]
                bags += taken[s]
        if contract > 0:
            if tricks >= contract:
                over = tricks - contract
                score += 10 * contract + over
                bags += over
            elif config.set_penalty:
                score -= 10 * contract
        carried = before[side][1]
        if config.bags:
            carried += bags
            while carried >= BAG_LIMIT:
                score -= BAG_PENALTY
                carried -= BAG_LIMIT
        scores.append(score)
        bags_after.append(carried)
        totals.append(before[side][0] + score)
    return HandScore(tuple(scores), tuple(bags_after), tuple(totals))


def winner(config: Config, totals: Sequence[int]) -> int | None:
    """S7: the side that wins after a hand, or ``None`` while the game goes on."""
    best = max(totals)
    ended = any(t >= config.target for t in totals) or (
        config.mercy and any(t <= MERCY_AT for t in totals)
    )
    if not ended or list(totals).count(best) > 1:
        return None
    return list(totals).index(best)


@dataclass(frozen=True, slots=True)
class Term:
    """One part of a side's hand score (S6), for the results to say in the game's terms.

    ``kind`` is ``"nil"`` (one nil bidder: ``seats`` is theirs, ``blind`` if blind),
    ``"bags"`` (a failed nil bidder's tricks counted as over-tricks) or ``"contract"``
    (the side's non-nil bidders, ``bid`` and ``took`` their sum, ``made`` or set).
    """

    kind: str
    seats: tuple[int, ...]
    points: int
    made: bool
    bid: int = 0
    took: int = 0
    blind: bool = False


def terms(
    config: Config, bids: Sequence[int], blind: Sequence[bool], taken: Sequence[int]
) -> list[list[Term]]:
    """S6 for every side as its parts: each nil, a failed nil's bags, the contract. Their
    points add up to the side's hand score before any penalty for bags reaching 10."""
    sides = []
    for members in config.sides:
        parts = []
        bidders = tuple(s for s in members if bids[s] > 0)
        tricks = sum(taken[s] for s in bidders)
        for s in members:
            if bids[s] != 0:
                continue
            worth = BLIND_NIL_POINTS if blind[s] else NIL_POINTS
            made = taken[s] == 0
            parts.append(Term("nil", (s,), worth if made else -worth, made, blind=blind[s]))
            if not made and config.failed_nil == "partner":
                tricks += taken[s]
            elif not made and config.failed_nil == "bags":
                parts.append(Term("bags", (s,), taken[s], False, took=taken[s]))
        contract = sum(bids[s] for s in bidders)
        if contract > 0:
            made = tricks >= contract
            points = 10 * contract + tricks - contract if made else -10 * contract
            points = points if made or config.set_penalty else 0
            parts.append(Term("contract", bidders, points, made, contract, tricks))
        sides.append(parts)
    return sides
