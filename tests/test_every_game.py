"""One random-play test for every registered game (STYLE item 9), through the protocol only.

For each game, hypothesis picks one of the game's sample configs (every
table size and option) and a seed; the round is dealt and played to the end
by uniform legal choices through the registry. At every step:

- there are legal actions exactly while a seat is to act; they are that
  seat's, unique, in the order the game's section of the SPEC gives (the
  game's ``action_order``), and each one applies;
- every piece is where it was or has moved, never lost or made: the places
  together hold the game's ``full_set`` of the config;
- no hidden piece leaks: a seat's view, and a spectator's, is the same after
  the pieces that seat may not see are dealt again among their places
  (``redeal_unseen``, each place keeping its count), and only the seat to act
  has legal actions in view: the seat to act, one other seat and a spectator
  at every step, every seat every few steps and at the end;
- every few steps and at the end, ``clone`` equals a deep copy field by
  field, and playing on clones leaves the original as that copy.

At a random step and at the end the round's record, through JSON, replays to
the very same state (every field) and, through ``python -m core replay``'s
path, to the same description; at the end what the game shares out (points,
tricks, places) adds up. A game's own rules in play are checked by
``tests/<game>/invariants.py`` where it has one, on the same rounds.
"""

from __future__ import annotations

import copy
import importlib
import importlib.util
import json
import random
from collections import Counter
from collections.abc import Callable
from itertools import islice, pairwise
from types import ModuleType
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from core import games, records

#: A Card-Based call is offered as thousands of combinations, listed lazily: the checks of
#: order, uniqueness and legality read this many of a phase's legal actions.
READ = 300
#: Every this many steps, and at the end, a clone is held to a deep copy and every seat's view
#: is checked; in between the seat to act's, one other seat's and a spectator's (the costly
#: checks would otherwise make big tables play far fewer rounds in the same time).
EVERY = 2
#: Rounds per game: each game's sample configs are drawn from, so a game with more tables
#: plays more rounds.
ROUNDS = {"least": 40, "per_config": 2, "most": 220}
#: A game's rounds are shared among tests of at most this many, each drawing from its own
#: share of the configs, so that the run spreads them over its workers.
SHARE = 40


def fields(state: object) -> dict[str, Any]:
    """Every field of a state: the slots of its class and its parents', and its ``__dict__``;
    not the slots it names as ``CACHES`` (what it remembers of itself, no part of the round)."""
    caches = getattr(type(state), "CACHES", ())
    names = [
        n for cls in type(state).__mro__ for n in getattr(cls, "__slots__", ()) if n not in caches
    ]
    return {n: getattr(state, n) for n in [*names, *getattr(state, "__dict__", {})]}


def check_clone(game: games.Game, state: object) -> Callable[[], None]:
    """A clone equals a deep copy field by field; returns the check that ``state`` is still
    that copy (playing on clones must not change it)."""
    deep = copy.deepcopy(state)
    assert fields(game.clone(state)) == fields(deep)
    return lambda: assert_same(state, deep)


def assert_same(state: object, kept: object) -> None:
    assert fields(state) == fields(kept), "playing on a clone changed the original"


def check_pieces(game: games.Game, config: object, state: object) -> dict[str, int]:
    """Every piece is somewhere, once; returns how many each place holds."""
    where = game.pieces(state)
    every: Counter[object] = Counter()
    for held in where.values():
        every.update(held)
    assert every == game.full_set(config)
    return {place: held.total() for place, held in where.items()}


def check_views(
    game: games.Game,
    state: object,
    legal: object,
    counts: dict[str, int],
    seats: list[int | None],
    rng: random.Random,
) -> None:
    seat_to_act = game.to_act(state)
    for seat in seats:
        view = game.player_view(state, seat)
        if seat is not None and seat == seat_to_act:
            assert view.legal == legal
        else:
            assert not view.legal
        other = game.redeal_unseen(state, seat, rng)
        assert {place: held.total() for place, held in game.pieces(other).items()} == counts
        assert game.player_view(other, seat) == view, f"seat {seat} sees a hidden piece"


def check_record(game: games.Game, state: object) -> None:
    data = json.loads(json.dumps(game.dump_record(state)))
    assert data["game"] == game.name
    assert fields(game.replay_state(data)) == fields(state)
    assert records.replay(data) == game.describe(state)


def check_legal(game: games.Game, state: object, legal: Any) -> None:
    seat = game.to_act(state)
    assert (seat is None) == (len(legal) == 0)
    read = list(islice(legal, READ))
    assert all(action.seat == seat for action in read)
    keys = [game.action_order(action) for action in read]
    assert all(a < b for a, b in pairwise(keys)), "legal actions out of order or repeated"
    for action in read:
        game.apply(game.clone(state), action)


def rules_in_play(name: str) -> ModuleType | None:
    """The game's own checks of its rules in play (``tests/<game>/invariants.py``), if any."""
    module = f"tests.{name}.invariants"
    try:
        return importlib.import_module(module)
    except ModuleNotFoundError as exc:
        if exc.name not in (f"tests.{name}", module):
            raise
        return None


def optional(module: ModuleType | None, name: str) -> Callable[..., None]:
    return getattr(module, name, None) or (lambda *_: None)


def rounds_of(name: str) -> int:
    configs = len(games.get(name).sample_configs())
    return min(ROUNDS["most"], max(ROUNDS["least"], ROUNDS["per_config"] * configs))


SHARES = [
    (name, share, shares)
    for name in games.names()
    for shares in [-(-rounds_of(name) // SHARE)]
    for share in range(shares)
]


@pytest.mark.parametrize(
    ("name", "share", "shares"), SHARES, ids=[f"{n}-{i + 1}of{k}" for n, i, k in SHARES]
)
def test_every_game_plays_random_rounds_keeping_every_invariant(
    name: str, share: int, shares: int
) -> None:
    game = games.get(name)
    configs = list(game.sample_configs())[share::shares]
    assert configs
    own = rules_in_play(name)
    check_step, check_end = optional(own, "check_step"), optional(own, "check_end")
    rounds = -(-rounds_of(name) // shares)

    @settings(max_examples=rounds, deadline=None, suppress_health_check=[HealthCheck.too_slow])
    @given(st.sampled_from(configs), st.integers(0, 2**32 - 1))
    def play(config: object, seed: int) -> None:
        state = game.deal(config, seed % game.seats_of(config), seed)
        rng = random.Random(seed)
        checkpoint = rng.randrange(60)
        players = game.seats_of(config)
        for step in range(5000):
            legal = game.legal_actions(state)
            thorough = step % EVERY == 0 or not legal
            unchanged = check_clone(game, state) if thorough else None
            check_legal(game, state, legal)
            if unchanged:
                unchanged()
            counts = check_pieces(game, config, state)
            some = [game.to_act(state), rng.randrange(players), None]
            check_views(
                game, state, legal, counts, [*range(players), None] if thorough else some, rng
            )
            if step == checkpoint:
                check_record(game, state)
            if not legal:
                break
            action = legal[int(rng.random() * len(legal))]
            before = game.clone(state)
            game.apply(state, action)
            check_step(before, action, state, rng)
        else:
            pytest.fail("the round never ended")
        check_record(game, state)
        shared, total = game.points_shared(state)
        assert len(shared) == game.seats_of(config) and sum(shared) == total
        check_end(state)

    play()
