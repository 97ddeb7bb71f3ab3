"""Small builders for hand-made rounds in tests."""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from core.moon3 import cards, rules
from core.moon3.actions import Action
from core.moon3.config import Config
from core.moon3.state import State


def ids(text: str) -> list[int]:
    """Card ids from space-separated names: ``"AS KS 3S"``."""
    return [cards.parse(t) for t in text.split()]


def round_with(
    config: Config,
    fixed: Mapping[int, str] | None = None,
    first_bidder: int = 0,
    removed: str | None = None,
) -> State:
    """A round whose listed seats hold the given cards; every other card fills
    the remaining places seat by seat in display order."""
    fixed = fixed or {}
    gone = ids(removed) if removed is not None else rules.default_removal(config)
    pool = cards.deck(config.decks, config.jokers)
    for c in gone:
        pool.remove(c)
    hands: list[list[int]] = [[] for _ in range(config.players)]
    for seat, text in fixed.items():
        for c in ids(text):
            pool.remove(c)
            hands[seat].append(c)
    for seat in range(config.players):
        while len(hands[seat]) < config.hand_size:
            hands[seat].append(pool.pop(0))
    return rules.new_round(config, first_bidder, hands, gone)


def act(state: State, *moves: str) -> State:
    """Apply compact actions (``"0 bid 130"``, ``"1 pass"``, ``"0 play AS"``) in order."""
    for move in moves:
        rules.apply(state, Action.parse(move))
    return state


def pass_all(state: State, seats: Sequence[int]) -> State:
    """Every listed seat passes, in order."""
    return act(state, *(f"{s} pass" for s in seats))
