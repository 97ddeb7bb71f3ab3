"""The Rules bot's tables give what counting card by card gives."""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Sequence

import pytest

from core.moon3 import cards, rules
from core.moon3.bots import knowledge, rulebot
from core.moon3.cards import KALI_TIDI
from core.moon3.config import Config
from core.moon3.rules import EFF_SUIT, KEYS
from core.moon3.state import Phase
from core.moon3.view import player_view


def counted_value(hand: Sequence[int], trump: int, players: int, decks: int, jokers: bool) -> float:
    """A hand's value under ``trump`` by its definition, every card against the deck."""
    deck = Counter(cards.deck(decks, jokers))
    mine = Counter(hand)
    by_suit: dict[int, list[int]] = {}
    for c in hand:
        by_suit.setdefault(EFF_SUIT[trump][c], []).append(c)
    tricks = 0.0
    for suit, held in by_suit.items():
        keys = KEYS[trump][suit]
        held.sort(key=lambda c: -keys[c])
        for i, c in enumerate(held):
            higher_out = sum(
                n - mine[x]
                for x, n in deck.items()
                if EFF_SUIT[trump][x] == suit and keys[x] > keys[c]
            )
            if suit == trump:
                tricks += 1.0 if higher_out <= i else max(0.2, 0.75 - 0.2 * (higher_out - i))
            elif i < 2 and higher_out <= i:
                tricks += max(0.4, 0.9 - 0.06 * (players - 4) - 0.25 * i)
            elif i == 0 and higher_out == 1:
                tricks += 0.3
    per_trick = cards.POINTS_PER_DECK * decks / max(1, len(hand))
    return tricks * per_trick + (15.0 if KALI_TIDI in hand else 0.0)


@pytest.mark.parametrize(("decks", "jokers"), [(1, False), (1, True), (2, False), (2, True)])
def test_a_hands_values_are_those_counted_card_by_card(decks: int, jokers: bool) -> None:
    rng = random.Random(decks * 10 + jokers)
    deck = cards.deck(decks, jokers)
    for _ in range(400):
        hand = rng.sample(deck, rng.randrange(1, 30))
        if rng.random() < 0.7:
            hand.sort()
        players = rng.randrange(3, 11)
        want = tuple(counted_value(hand, t, players, decks, jokers) for t in range(4))
        assert rulebot._values(tuple(hand), players, decks, jokers) == want
        assert tuple(rulebot.hand_value(hand, t, players, decks, jokers) for t in range(4)) == want


@pytest.mark.parametrize(
    "config", [Config.make(4), Config.make(7, "partners", 2, None, True, "last", calls=2)], ids=str
)
def test_unseen_cards_above_and_beaters_are_those_counted(config: Config) -> None:
    rng = random.Random(config.players)
    for deal in range(5):
        state = rules.deal(config, deal % config.players, rng.getrandbits(32))
        while state.to_act is not None:
            if state.phase is Phase.PLAYING:
                view = player_view(state, state.to_act)
                k = knowledge.from_view(view)
                eff = EFF_SUIT[k.trump]
                for c in cards.ALL_IDS:
                    keys = KEYS[k.trump][eff[c]]
                    above = sum(
                        n for x, n in k.unseen.items() if eff[x] == eff[c] and keys[x] > keys[c]
                    )
                    assert k.higher_unseen(c) == above
                for led in range(4):
                    keys = KEYS[k.trump][led]
                    for best in range(-1, 102):
                        beat = sum(
                            n for x, n in k.unseen.items() if keys[x] >= best and keys[x] > 0
                        )
                        assert k.beaters(best, led) == beat
            legal = rules.legal_actions(state)
            rules.apply(state, legal[rng.randrange(len(legal))])
