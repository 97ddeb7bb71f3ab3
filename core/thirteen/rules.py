"""The rules of one Thirteen hand: deal, the first play, beating, passing and places (T1–T6).

- T1 deal: the 52 cards shuffled from the hand's seed; thirteen to each
  seat, the rest set aside unseen.
- T2 the holder of the lowest card dealt leads a game's first hand and that
  card is in the first play; later hands, the last hand's winner leads freely.
- T4, T5 each turn: beat the standing play or pass (never on a fresh lead);
  a pass keeps that seat out until the trick resets; when every other seat
  still holding cards has passed, the last to play leads afresh, or if that
  player has gone out, the next seat clockwise still holding cards.
- T6 a seat that plays its last card takes the next place; the hand ends when
  one seat is left holding cards.

:func:`apply` checks an action and raises :class:`IllegalAction` saying why;
:func:`apply_unchecked` trusts its caller (bots, simulation). Legal actions
come in the record order of T7.
"""

from __future__ import annotations

import random
import struct
from collections.abc import Sequence
from functools import lru_cache

from core import seats
from core.thirteen import cards, combos
from core.thirteen.actions import PASS, PASSES, PLAY, Action
from core.thirteen.combos import Combo
from core.thirteen.config import HAND, Config
from core.thirteen.state import Phase, State

PLAYING, HAND_OVER = Phase.PLAYING, Phase.HAND_OVER


class IllegalAction(ValueError):
    """An action the rules refuse; the message says why."""


def shuffle(seed: int) -> list[int]:
    """T1: the deck in the order dealt; the same seed always gives the same order."""
    keys = struct.unpack(f"{cards.COUNT}I", random.Random(seed).randbytes(4 * cards.COUNT))
    return [c for _, c in sorted(zip(keys, range(cards.COUNT), strict=True))]


def deal(
    config: Config,
    seed: int,
    first_leader: int | None = None,
    before: tuple[int, ...] | None = None,
) -> State:
    """T1: thirteen cards to each seat from the shuffle; the rest are set aside."""
    order = shuffle(seed)
    hands = tuple(cards.mask_of(order[HAND * s : HAND * s + HAND]) for s in range(config.players))
    return State(config, hands, first_leader, before or (0,) * config.players, seed)


def start(
    config: Config,
    hands: list[list[int]],
    first_leader: int | None = None,
    before: tuple[int, ...] | None = None,
    seed: int = 0,
) -> State:
    """A hand about to be played, from given hands (a record's)."""
    masks = tuple(cards.mask_of(hand) for hand in hands)
    return State(config, masks, first_leader, before or (0,) * config.players, seed)


# ---------------------------------------------------------------- what may be done


def first_play(state: State) -> bool:
    """Whether the next play is a game's very first, which must hold the lowest card (T2)."""
    return state.opening and not state.history


def playable(state: State, seat: int) -> tuple[combos.Play, ...]:
    """Every play ``seat`` could make now (T2, T4), in T7 order, without the pass."""
    standing = state.standing
    if standing is not None:
        return combos.beating(state.hands[seat], standing)
    if first_play(state):
        return _holding(state.hands[seat], state.lowest)
    return combos.plays(state.hands[seat])


@lru_cache(maxsize=combos.CACHE)
def _holding(hand: int, card: int) -> tuple[combos.Play, ...]:
    return tuple(item for item in combos.plays(hand) if card in item[0])


@lru_cache(maxsize=combos.CACHE)
def _actions(seat: int, hand: int, standing: Combo | None, lowest: int) -> tuple[Action, ...]:
    if standing is not None:
        found = combos.beating(hand, standing)
        return (PASSES[seat], *(Action(seat, PLAY, p) for p, _ in found))
    found = _holding(hand, lowest) if lowest >= 0 else combos.plays(hand)
    return tuple(Action(seat, PLAY, p) for p, _ in found)


def legal_actions(state: State) -> Sequence[Action]:
    """The seat to act's actions in T7 order: the pass (unless leading), then every play."""
    seat = state.to_act
    if state.phase is not PLAYING or seat is None:
        return ()
    lowest = state.lowest if first_play(state) else -1
    return _actions(seat, state.hands[seat], state.standing, lowest)


# ---------------------------------------------------------------- doing it


def apply(state: State, action: Action) -> None:
    """Check ``action`` against the rules, then apply it; :class:`IllegalAction` says why."""
    if state.phase is not PLAYING:
        raise IllegalAction("The hand is over")
    if action.seat != state.to_act:
        if not 0 <= action.seat < state.config.players:
            raise IllegalAction(f"There is no seat {action.seat}")
        if state.passed >> action.seat & 1:
            raise IllegalAction("You passed: you are out until the trick ends")
        if not state.hands[action.seat]:
            raise IllegalAction("You have played out every card")
        raise IllegalAction("It is not your turn")
    if action.kind == PASS:
        if state.standing is None:
            raise IllegalAction("You lead: you must play, there is nothing to pass on")
    else:
        _check_play(state, action)
    apply_unchecked(state, action)


def _check_play(state: State, action: Action) -> None:
    held = state.hands[action.seat]
    for card in action.cards:
        if not held >> card & 1:
            raise IllegalAction(f"You don't hold {cards.label(card)}")
    combo = combos.classify(action.cards)
    if combo is None:
        raise IllegalAction(f"Not a combination: {' '.join(cards.label(c) for c in action.cards)}")
    if first_play(state) and state.lowest not in action.cards:
        lowest = cards.label(state.lowest)
        raise IllegalAction(f"{lowest} must start: your first play must include it")
    standing = state.standing
    if standing is not None and not combos.beats(combo, standing):
        said, beaten = combos.describe(combo), combos.describe(standing)
        raise IllegalAction(f"Your {said} does not beat the {beaten}")


def apply_unchecked(state: State, action: Action) -> None:
    """Apply an action known to be legal."""
    seat = action.seat
    state.history.append(action)
    players = state.config.players
    if action.kind == PASS:
        state.passed |= 1 << seat
        state.trick.append((seat, ()))
    else:
        played = action.cards
        combo = combos.classify(played)
        assert combo is not None
        standing = state.standing
        if standing is not None:
            bomb = combos.is_bomb_over(combo, standing) or state.bomb_standing
        else:
            bomb = False
        if bomb:
            state.bombs[seat] += 1
        state.bomb_standing = bomb
        state.standing = combo
        state.standing_cards = played
        state.standing_seat = seat
        state.trick.append((seat, played))
        gone = cards.mask_of(played)
        state.hands[seat] &= ~gone
        state.played |= gone
        if not state.hands[seat]:
            state.places.append(seat)
            holding = [s for s in range(players) if state.hands[s]]
            if len(holding) == 1:
                _finish(state, holding[0])
                return
    _advance(state, seat)


def _advance(state: State, seat: int) -> None:
    """T5: the next seat clockwise still holding cards and not passed; or a fresh lead."""
    players = state.config.players
    hands, passed = state.hands, state.passed
    for nxt in seats.CLOCKWISE[players][seats.next_seat(seat, players)]:
        if nxt == state.standing_seat:
            if hands[nxt]:
                _reset(state, nxt)
                return
        elif hands[nxt] and not passed >> nxt & 1:
            state.to_act = nxt
            return
    # The last to play has gone out and everyone else has passed.
    for nxt in seats.CLOCKWISE[players][seats.next_seat(state.standing_seat, players)]:
        if hands[nxt]:
            _reset(state, nxt)
            return


def _reset(state: State, leader: int) -> None:
    state.standing = None
    state.standing_cards = ()
    state.standing_seat = -1
    state.bomb_standing = False
    state.passed = 0
    state.previous = state.trick
    state.trick = []
    state.tricks += 1
    state.to_act = leader


def _finish(state: State, last: int) -> None:
    state.places.append(last)
    state.phase = HAND_OVER
    state.to_act = None
    state.standing = None
    state.standing_cards = ()
    state.standing_seat = -1
    state.bomb_standing = False
    state.passed = 0


def score(state: State) -> list[int] | None:
    """T6: n−1 points for the first out down to 0 for the last; None until the hand is over."""
    if state.phase is not HAND_OVER:
        return None
    players = state.config.players
    out = [0] * players
    for place, seat in enumerate(state.places):
        out[seat] = players - 1 - place
    return out


def action_order(action: Action) -> tuple[int, int, tuple[int, ...]]:
    """The key that sorts legal actions into the T7 order: the pass, then plays by length,
    then by their cards' places in the card order, first card first."""
    if action.kind == PASS:
        return (0, 0, ())
    return (1, len(action.cards), action.cards)
