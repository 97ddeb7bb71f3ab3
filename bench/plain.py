"""A plain Spades engine, the yardstick the game engines are measured against (``make bench``).

Written the straightforward way on purpose: a mutable round, cards as integers
(``suit * 13 + rank``, spades the suit 3, rank 12 the ace), the legal actions
listed and the chosen one applied without being checked again. Four players,
partners across, bids of 0 (nil) to 13, spades may not be led until broken
unless the hand holds nothing else; a made contract scores ten a trick bid and
one a trick over, a set one loses ten a trick bid, a nil wins or loses 100.
"""

from __future__ import annotations

import random

PLAYERS = 4
TRICKS = 13
SPADES = 3
#: What a bid action is: a number of tricks (0 is nil); a play is a card, offset past the bids.
BIDS = 14
PLAY = 100


class Round:
    """One deal of Spades, mutated in place by :meth:`apply`."""

    __slots__ = ("bids", "broken", "hands", "led", "to_act", "took", "trick", "tricks_played")

    def __init__(self, seed: int, dealer: int = 0) -> None:
        deck = list(range(52))
        random.Random(seed).shuffle(deck)
        self.hands = [deck[i * TRICKS : (i + 1) * TRICKS] for i in range(PLAYERS)]
        self.bids: list[int] = []
        self.took = [0] * PLAYERS
        self.trick: list[tuple[int, int]] = []
        self.led = -1
        self.broken = False
        self.tricks_played = 0
        self.to_act = (dealer + 1) % PLAYERS

    def legal_actions(self) -> list[int]:
        """Every action of the seat to act; empty once the round is over."""
        if self.tricks_played == TRICKS:
            return []
        if len(self.bids) < PLAYERS:
            return list(range(BIDS))
        hand = self.hands[self.to_act]
        if self.trick:
            follow = [c for c in hand if c // 13 == self.led]
            cards = follow or hand
        elif self.broken:
            cards = hand
        else:
            cards = [c for c in hand if c // 13 != SPADES] or hand
        return [PLAY + c for c in cards]

    def apply(self, action: int) -> None:
        """Apply a legal action, unchecked."""
        seat = self.to_act
        if action < PLAY:
            self.bids.append(action)
            self.to_act = (seat + 1) % PLAYERS
            return
        card = action - PLAY
        self.hands[seat].remove(card)
        if not self.trick:
            self.led = card // 13
        if card // 13 == SPADES:
            self.broken = True
        self.trick.append((seat, card))
        if len(self.trick) < PLAYERS:
            self.to_act = (seat + 1) % PLAYERS
            return
        winner = self.trick_winner()
        self.took[winner] += 1
        self.trick = []
        self.tricks_played += 1
        self.to_act = winner

    def trick_winner(self) -> int:
        """The seat whose card takes the trick: the highest spade, else the highest led card."""
        best_seat, best = self.trick[0]
        for seat, card in self.trick[1:]:
            if card // 13 == best // 13:
                if card > best:
                    best_seat, best = seat, card
            elif card // 13 == SPADES:
                best_seat, best = seat, card
        return best_seat

    def score(self) -> tuple[int, int]:
        """Each side's score for the deal (seats 0 and 2, then 1 and 3)."""
        scores = []
        for side in (0, 1):
            seats = (side, side + 2)
            total = 0
            contract = sum(self.bids[s] for s in seats if self.bids[s])
            taken = sum(self.took[s] for s in seats if self.bids[s])
            for s in seats:
                if self.bids[s] == 0:
                    total += 100 if self.took[s] == 0 else -100
            if contract:
                total += 10 * contract + taken - contract if taken >= contract else -10 * contract
            scores.append(total)
        return scores[0], scores[1]
