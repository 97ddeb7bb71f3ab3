"""Views built as a round moves on (``State.memo``) are the views built from scratch.

The reference here rebuilds every field from the whole state at each step, as a
view first did; the engine's views extend what they read before. They must agree at
every step, for every seat and a spectator, whether views are asked at every step or
now and then, on a round and on clones of it played on differently.
"""

from __future__ import annotations

import copy
import random
from typing import Any

import pytest

from core import seats
from core.moon3 import rules
from core.moon3.actions import BID, PASS
from core.moon3.bots import knowledge
from core.moon3.cards import POINTS
from core.moon3.config import Config
from core.moon3.state import Phase, State
from core.moon3.view import PlayerView, TrickView, player_view

CONFIGS = [
    Config.make(4),
    Config.make(3, "partners"),
    Config.make(5, "random", jokers=True),
    Config.make(6, "partners", 2, calls=3),
    Config.make(7, "partners", 2, None, True, "last", calls=2),
    Config.make(7, "partners", 2, None, False, "first", calls=1),
    Config.make(8, "teams", 2, jokers=True),
]


def rebuilt(state: State, seat: int | None) -> dict[str, Any]:
    """Every field of ``seat``'s view, worked out from the whole state."""
    cfg = state.config
    bidding = sorted([state.bidder, *state.partners]) if state.bidder is not None else []
    defending = seats.others(bidding, cfg.players) if state.bidder is not None else []
    side = (sum(state.points[s] for s in bidding), sum(state.points[s] for s in defending))
    taken = [0] * cfg.players
    for w in state.trick_winners:
        taken[w] += 1
    over = state.phase is Phase.ROUND_OVER
    return {
        "seat": seat,
        "players": cfg.players,
        "decks": cfg.decks,
        "mode": cfg.mode.value,
        "min_bid": cfg.min_bid,
        "max_bid": cfg.max_bid,
        "jokers": cfg.jokers,
        "partner_rule": cfg.partner_rule.value,
        "call_count": cfg.call_count,
        "teams": cfg.teams,
        "phase": state.phase.label,
        "to_act": state.to_act,
        "first_bidder": state.first_bidder,
        "hand": tuple(state.hands[seat]) if seat is not None else (),
        "hand_counts": tuple(len(h) for h in state.hands),
        "removed": state.removed,
        "auction": tuple(
            (a.seat, a.value if isinstance(a.value, int) else None)
            for a in state.history
            if a.kind in (BID, PASS)
        ),
        "passed": tuple(state.passed),
        "high_bid": state.high_bid,
        "high_bidder": state.high_bidder,
        "bidder": state.bidder,
        "bid": state.bid,
        "called": state.called,
        "trump": state.trump,
        "partners": tuple(state.partners),
        "bidding_side": tuple(bidding),
        "defending_side": tuple(defending),
        "trick": TrickView(
            tuple(state.trick_seats),
            tuple(state.trick_cards),
            state.best_seat if state.trick_cards else None,
            sum(POINTS[c] for c in state.trick_cards),
        ),
        "tricks": tuple(
            TrickView(s, c, w, sum(POINTS[x] for x in c))
            for (s, c), w in zip(state.tricks, state.trick_winners, strict=True)
        ),
        "tricks_taken": tuple(taken),
        "points": tuple(state.points),
        "side_points": side,
        "points_out": cfg.max_bid - sum(state.points),
        "kali_tidi": tuple(sorted(state.kali)),
        "made": side[0] >= state.bid if over and state.bid is not None else None,
        "legal": rules.legal_actions(state) if seat is not None and seat == state.to_act else (),
    }


def same(view: PlayerView, state: State, seat: int | None) -> None:
    want = rebuilt(state, seat)
    got = view._asdict()
    assert list(got) == list(want)
    for name, value in want.items():
        assert got[name] == value, (name, state)
    assert view.my_turn == (seat is not None and seat == state.to_act)
    assert view.last_trick == (want["tricks"][-1] if want["tricks"] else None)


def frozen(value: object) -> bool:
    """Made of tuples, numbers, text and ``None`` only: nothing that could change."""
    if isinstance(value, tuple):
        return all(frozen(v) for v in value)
    return value is None or isinstance(value, int | str)


def play(state: State, rng: random.Random) -> None:
    legal = rules.legal_actions(state)
    rules.apply(state, legal[rng.randrange(len(legal))])


@pytest.mark.parametrize("config", CONFIGS, ids=str)
def test_every_views_of_every_step_are_those_built_from_scratch(config: Config) -> None:
    rng = random.Random(config.players * 100 + config.decks)
    for deal in range(6):
        state = rules.deal(config, deal % config.players, rng.getrandbits(32))
        kept: list[tuple[PlayerView, PlayerView, State]] = []
        while state.to_act is not None:
            for seat in (None, *range(config.players)):
                same(player_view(state, seat), state, seat)
            view = player_view(state, state.to_act)
            if rng.random() < 0.1:
                kept.append((view, copy.deepcopy(view), state.clone()))
            play(state, rng)
        same(player_view(state, None), state, None)
        for view, twin, then in kept:
            assert view == twin  # a view kept while the round moved on did not change
            assert all(frozen(v) for name, v in view._asdict().items() if name != "legal")
            same(player_view(then, view.seat), then, view.seat)


@pytest.mark.parametrize("config", CONFIGS, ids=str)
def test_views_asked_now_and_then_and_on_clones_are_exact(config: Config) -> None:
    rng = random.Random(config.players * 7 + config.decks)
    for deal in range(6):
        state = rules.deal(config, deal % config.players, rng.getrandbits(32))
        clones: list[State] = []
        while state.to_act is not None:
            if rng.random() < 0.3:
                seat = rng.choice([None, *range(config.players)])
                same(player_view(state, seat), state, seat)
            if rng.random() < 0.1:
                clones.append(state.clone())
            play(state, rng)
        same(player_view(state, 0), state, 0)
        # Each clone plays on its own way from where it was taken, sharing the memo.
        for twin in clones:
            before = twin.clone()
            while twin.to_act is not None:
                if rng.random() < 0.5:
                    same(player_view(twin, twin.to_act), twin, twin.to_act)
                play(twin, rng)
            same(player_view(twin, None), twin, None)
            same(player_view(before, None), before, None)


@pytest.mark.parametrize("config", CONFIGS[:5], ids=str)
def test_a_seats_knowledge_from_its_view_is_the_knowledge_read_from_the_state(
    config: Config,
) -> None:
    rng = random.Random(config.players)
    for deal in range(4):
        state = rules.deal(config, deal % config.players, rng.getrandbits(32))
        while state.to_act is not None:
            if state.phase is Phase.PLAYING:
                seat = state.to_act
                view = player_view(state, seat)
                plays = [a.value for a in view.legal]
                assert knowledge.from_view(view) == knowledge.from_state(state, seat, plays)  # type: ignore[arg-type]
            play(state, rng)
