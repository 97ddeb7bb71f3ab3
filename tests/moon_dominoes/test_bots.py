"""Three-Player Moon bots: blind to hidden tiles, and sound habits (every game's bots play
whole rounds with legal actions in ``tests/test_bots.py``).

The solver is checked against plain minimax over the engine's own rules; the
Rules and Expert levels against what a player at the table would notice.
"""

from __future__ import annotations

import random

from core import games
from core.moon_dominoes import rules, tiles
from core.moon_dominoes.actions import BIDS, DISCARDS, PASSES, PLAYS, TRUMPS
from core.moon_dominoes.bots import knowledge, players, policy, solver
from core.moon_dominoes.config import Config
from core.moon_dominoes.state import Phase, State
from core.moon_dominoes.view import player_view

#: The Expert held to a few worlds a decision and no clock: repeatable and quick.
EXPERT = players.ExpertBot(budget_ms=10**9, worlds=6)
GAME = games.get("moon_dominoes")


def ids(names: str) -> list[int]:
    return [tiles.ID[name] for name in names.split()]


def hand_at(hands: list[str], widow: str, trump: int, plays: str = "") -> State:
    """A hand seat 0 won with a bid of 4 (the others passed), took the widow, discarded it
    and named ``trump``, then ``plays`` played in turn."""
    state = rules.start(Config(), 0, [ids(h) for h in hands], tiles.ID[widow])
    for action in (BIDS[0][4], PASSES[1], PASSES[2]):
        rules.apply(state, action)
    rules.apply(state, DISCARDS[0][tiles.ID[widow]])
    rules.apply(state, TRUMPS[0][trump])
    for t in ids(plays):
        assert state.to_act is not None
        rules.apply(state, PLAYS[state.to_act][t])
    return state


def random_position(seed: int) -> State:
    """A hand of Rules play stopped at a random turn, in any phase."""
    rng = random.Random(seed)
    bot = players.RulesBot()
    while True:
        state = rules.deal(Config(), seed % 3, rng.getrandbits(32))
        stop = rng.randrange(26)
        while state.to_act is not None and stop:
            rules.apply(state, bot.choose(player_view(state, state.to_act), rng))
            stop -= 1
        if state.to_act is not None:
            return state


# ---------------------------------------------------------------- every level


def test_the_expert_decides_the_same_whatever_the_hidden_tiles() -> None:
    phases = set()
    for seed in range(14):
        state = random_position(seed)
        seat = state.to_act
        assert seat is not None
        view = player_view(state, seat)
        if len(view.legal) == 1:
            continue
        phases.add(view.phase)
        moved = GAME.redeal_unseen(state, seat, random.Random(seed))
        assert player_view(moved, seat) == view
        mine = EXPERT.choose(view, random.Random(seed))
        assert EXPERT.choose(player_view(moved, seat), random.Random(seed)) == mine
    assert {"bidding", "playing"} <= phases


def test_the_expert_sees_only_the_view_at_discard_and_trump() -> None:
    state = rules.deal(Config(), 0, 5)
    for action in (BIDS[0][4], PASSES[1], PASSES[2]):
        rules.apply(state, action)
    for _ in range(2):  # the discard, then the trump
        view = player_view(state, 0)
        moved = GAME.redeal_unseen(state, 0, random.Random(1))
        assert player_view(moved, 0) == view
        action = EXPERT.choose(view, random.Random(2))
        assert EXPERT.choose(player_view(moved, 0), random.Random(2)) == action
        rules.apply(state, action)


# ---------------------------------------------------------------- knowledge


def test_dealt_worlds_fit_the_counts_and_the_suits_shown_out() -> None:
    checked = 0
    for seed in range(30):
        state = random_position(seed)
        view = player_view(state, state.to_act)
        known = knowledge.read(view)
        rng = random.Random(seed)
        for _ in range(20):
            world = knowledge.sample(view, rng)
            assert world[view.seat] == known.hand  # type: ignore[index]
            assert sum(world) == known.hand | known.unseen  # every unseen tile once
            for s in range(3):
                assert world[s].bit_count() == view.hand_counts[s]
                if s != view.seat:
                    assert not world[s] & known.voids[s]
                    checked += bool(known.voids[s])
    assert checked


def test_a_defender_cannot_see_the_discard_but_the_bidder_knows_it() -> None:
    state = hand_at(
        [
            "6-6 6-5 6-1 5-5 4-4 3-1 2-1",
            "6-4 5-4 5-3 4-3 3-3 2-2 1-1",
            "6-3 6-2 5-2 5-1 4-2 4-1 3-2",
        ],
        "0-0",
        6,
    )
    discard = 1 << tiles.ID["0-0"]
    assert not knowledge.read(player_view(state, 0)).unseen & discard
    defender = knowledge.read(player_view(state, 1))
    assert defender.unseen & discard and defender.counts[knowledge.OUT] == 1


def test_the_rebuilt_table_plays_on_like_the_real_one() -> None:
    for seed in range(12):
        state = random_position(seed + 100)
        seat = state.to_act
        assert seat is not None
        if state.phase is Phase.BIDDING:
            out = 1 << state.widow
        elif state.discard is not None and seat != state.bidder:
            out = 1 << state.discard
        else:
            out = 0
        copy = knowledge.rebuild(player_view(state, seat), [*state.hands, out])
        rng = random.Random(seed)
        while state.to_act is not None:
            assert rules.legal_actions(copy) == rules.legal_actions(state)
            action = rng.choice(rules.legal_actions(state))
            rules.apply(state, action)
            rules.apply(copy, action)
        assert copy.phase is state.phase and copy.taken == state.taken


# ---------------------------------------------------------------- the solver


def minimax(state: State) -> int:
    """The bidder's tricks from here by plain minimax over the engine's own rules."""
    if state.phase is Phase.HAND_OVER:
        return 0
    assert state.bidder is not None
    values = []
    for action in rules.legal_actions(state):
        after = state.clone()
        before = after.taken[state.bidder]
        rules.apply_unchecked(after, action)
        values.append(after.taken[state.bidder] - before + minimax(after))
    return max(values) if state.to_act == state.bidder else min(values)


def endgame(seed: int, tricks_left: int) -> State:
    """A random deal under a random trump played at random to ``tricks_left`` tricks to go,
    perhaps partway into a trick."""
    rng = random.Random(seed)
    state = rules.deal(Config(), seed % 3, seed)
    rules.apply(state, BIDS[seed % 3][4])
    while state.phase is Phase.BIDDING:
        rules.apply(state, rules.legal_actions(state)[0])
    assert state.bidder is not None
    rules.apply(state, DISCARDS[state.bidder][rng.choice(tiles.bits(state.hands[state.bidder]))])
    rules.apply(state, TRUMPS[state.bidder][seed % 9])
    for _ in range(21 - 3 * tricks_left + rng.randrange(3)):
        rules.apply(state, rng.choice(rules.legal_actions(state)))
    return state


def test_the_solver_equals_minimax_on_small_endgames() -> None:
    for seed in range(60):
        state = endgame(seed, 2 + seed % 2)
        exact = minimax(state)
        assert solver.solve(state) == exact
        assert state.trump is not None and state.bidder is not None
        leader = state.leader if state.trick_tiles else state.to_act
        assert leader is not None
        found = solver.Solver(state.hands, state.trump, state.bidder)
        for k in range(5):  # a null window only says which side of k the value lies
            assert (found.value(leader, state.trick_tiles, k - 1, k) >= k) == (exact >= k)


def test_the_solver_values_every_play_as_minimax_does() -> None:
    for seed in range(12):
        state = endgame(1000 + seed, 3)
        seat = state.to_act
        assert seat is not None and state.trump is not None and state.bidder is not None
        leader = state.leader if state.trick_tiles else seat
        found = solver.Solver(state.hands, state.trump, state.bidder)
        for action in rules.legal_actions(state):
            after = state.clone()
            rules.apply_unchecked(after, action)
            won = after.taken[state.bidder] - state.taken[state.bidder]
            assert found.after(seat, action.value, leader, state.trick_tiles) == won + minimax(
                after
            )


def test_a_bidder_holding_every_trump_and_the_top_double_takes_all_seven() -> None:
    state = hand_at(
        [
            "6-6 6-5 6-4 6-3 6-2 6-1 5-5",
            "5-4 5-3 4-4 4-3 3-3 2-2 1-1",
            "5-2 5-1 4-2 4-1 3-2 3-1 2-1",
        ],
        "0-0",
        6,
    )
    assert solver.solve(state) == 7


# ---------------------------------------------------------------- the Rules habits


def test_rules_bidder_leads_its_top_trump_to_draw_the_others() -> None:
    state = hand_at(
        [
            "6-6 6-5 6-1 5-5 4-4 3-1 2-1",
            "6-4 5-4 5-3 4-3 3-3 2-2 1-1",
            "6-3 6-2 5-2 5-1 4-2 4-1 3-2",
        ],
        "0-0",
        6,
    )
    assert policy.choose(player_view(state, 0)) == PLAYS[0][tiles.ID["6-6"]]


def test_rules_takes_a_lost_trick_with_its_cheapest_winning_trump() -> None:
    # The bidder's 5-5 holds the trick; seat 2 has no 5 and trumps 6-4 6-3 6-2 6-1.
    state = hand_at(
        [
            "5-5 6-6 4-4 3-3 2-2 1-1 4-3",
            "5-4 5-3 5-2 5-1 6-5 4-2 3-2",
            "6-4 6-1 4-1 3-1 2-1 6-2 6-3",
        ],
        "0-0",
        6,
        "5-5 5-1",
    )
    assert policy.choose(player_view(state, 2)) == PLAYS[2][tiles.ID["6-1"]]


def test_rules_ducks_its_weakest_tile_under_a_partner_who_holds_the_trick() -> None:
    seen = 0
    for seed in range(80):
        rng = random.Random(seed)
        state = rules.deal(Config(), seed % 3, seed)
        while state.to_act is not None:
            view = player_view(state, state.to_act)
            action = policy.choose(view)
            trick = view.trick
            if (
                view.phase == "playing"
                and len(trick.tiles) == 2
                and len(view.legal) > 1
                and view.seat != view.bidder
                and trick.winner not in (view.bidder, view.seat)
            ):
                assert view.trump is not None
                weakest = policy.weakest(sum(1 << a.value for a in view.legal), view.trump)
                assert action == PLAYS[view.seat][weakest]  # type: ignore[index]
                seen += 1
            rules.apply(state, action if rng.random() < 0.9 else rng.choice(view.legal))
    assert seen > 10


def test_rules_discards_its_weakest_non_trump_and_names_its_long_number() -> None:
    state = rules.start(
        Config(),
        0,
        [
            ids(h)
            for h in (
                "3-3 6-3 5-3 4-3 3-2 3-1 2-1",
                "6-6 5-5 4-4 6-5 6-4 5-4 2-2",
                "6-2 6-1 5-2 5-1 4-2 4-1 1-1",
            )
        ],
        tiles.ID["0-0"],
    )
    for action in (BIDS[0][5], PASSES[1], PASSES[2]):
        rules.apply(state, action)
    # The 0-0 is the only blank: led once the trumps are out, nobody can beat it.
    assert policy.choose(player_view(state, 0)) == DISCARDS[0][tiles.ID["2-1"]]
    rules.apply(state, DISCARDS[0][tiles.ID["2-1"]])
    assert policy.choose(player_view(state, 0)) == TRUMPS[0][3]


def test_rules_names_doubles_with_a_hand_of_doubles() -> None:
    hand = sum(1 << t for t in ids("6-6 5-5 4-4 3-3 2-2 6-1 5-2"))
    assert policy.best_trump(hand)[0] == tiles.DOUBLES


def test_rules_bids_a_strong_hand_and_passes_a_weak_one() -> None:
    strong = rules.start(
        Config(),
        0,
        [
            ids(h)
            for h in (
                "6-6 6-5 6-4 6-3 5-5 4-4 2-1",
                "6-2 5-4 5-3 4-3 3-3 2-2 1-1",
                "6-1 5-2 5-1 4-2 4-1 3-2 3-1",
            )
        ],
        tiles.ID["0-0"],
    )
    assert policy.choose(player_view(strong, 0)).kind == "bid"
    rules.apply(strong, PASSES[0])
    assert policy.choose(player_view(strong, 1)) == PASSES[1]


# ---------------------------------------------------------------- the Expert


SURE = ["6-6 6-5 6-4 6-3 6-2 6-1 5-5", "5-4 5-3 4-4 4-3 3-3 2-2 1-1", "5-2 5-1 4-2 4-1 3-2 3-1 2-1"]


def test_the_expert_bids_21_with_all_seven_tricks_sure() -> None:
    state = rules.start(Config(), 0, [ids(h) for h in SURE], tiles.ID["0-0"])
    action, chances = players.estimates(player_view(state, 0), random.Random(1), 150)
    assert action == BIDS[0][21]
    assert chances[6] == 100 and len(chances) == 9
    assert EXPERT.choose(player_view(state, 0), random.Random(1)) == BIDS[0][21]


def test_the_expert_passes_a_hand_of_low_scattered_tiles() -> None:
    hands = [
        "6-6 6-5 6-4 6-3 5-5 5-2 5-1",
        "6-1 6-2 5-3 5-4 4-1 3-2 2-1",
        "4-4 4-3 4-2 3-3 3-1 2-2 1-1",
    ]
    state = rules.start(Config(), 1, [ids(h) for h in hands], tiles.ID["0-0"])
    action, chances = players.estimates(player_view(state, 1), random.Random(1), 150)
    assert action == PASSES[1] and max(chances) < 30
    assert all(0 <= c <= 100 for c in chances)
    assert EXPERT.choose(player_view(state, 1), random.Random(1)) == PASSES[1]


def test_the_expert_names_the_number_it_holds_all_of() -> None:
    state = rules.start(
        Config(),
        0,
        [
            ids(h)
            for h in (
                "3-3 6-3 5-3 4-3 3-2 3-1 2-1",
                "6-6 5-5 4-4 6-5 6-4 5-4 2-2",
                "6-2 6-1 5-2 5-1 4-2 4-1 1-1",
            )
        ],
        tiles.ID["0-0"],
    )
    for action in (BIDS[0][6], PASSES[1], PASSES[2]):
        rules.apply(state, action)
    discard = EXPERT.choose(player_view(state, 0), random.Random(3))
    assert discard.kind == "discard" and not tiles.is_trump(discard.value, 3)
    rules.apply(state, discard)
    assert EXPERT.choose(player_view(state, 0), random.Random(3)) == TRUMPS[0][3]


def test_the_expert_bidder_cashes_out_a_hand_it_can_read() -> None:
    # Holding every trump and the 5-5, any order of play takes all seven: the Expert
    # bidder never lets a trick go.
    state = hand_at(SURE, "0-0", 6)
    rng = random.Random(4)
    rules_bot = players.RulesBot()
    while state.to_act is not None:
        bot = EXPERT if state.to_act == 0 else rules_bot
        rules.apply(state, bot.choose(player_view(state, state.to_act), rng))
    assert state.taken[0] == 7


def test_the_expert_defender_ruffs_to_set_the_bid() -> None:
    # Seat 0 bid 4 and holds three tricks with two to go; it leads the 5-5. Seat 2, out of
    # fives, ruffs with the 6-1 and takes the last trick with the 3-3: set. Ducking the
    # 3-3 would hand the bidder its fourth trick, whatever the unseen tiles.
    state = hand_at(
        [
            "6-6 6-5 4-4 2-1 5-1 5-5 1-1",
            "6-3 5-4 5-2 4-3 3-2 5-3 2-2",
            "6-4 6-2 4-2 4-1 3-1 6-1 3-3",
        ],
        "0-0",
        6,
        "6-6 6-3 6-2  2-1 5-2 4-2  4-3 4-1 4-4  5-1 5-4 3-1  2-2 6-4 6-5  5-5 5-3",
    )
    assert state.taken[0] == 3 and state.to_act == 2
    assert EXPERT.choose(player_view(state, 2), random.Random(5)) == PLAYS[2][tiles.ID["6-1"]]
