"""Where every tile of a hand lies, what a seat cannot see of it, and where the tricks went.

The places are each seat's hand, the tricks (finished and in progress), the
widow until the bidder takes it (face down for everyone, M1), and the
bidder's discard (seen by the bidder alone, M3). A spectator sees no tile in
a hand. Tests use these to check that no tile is lost or made, and that a
view does not change when the tiles its seat cannot see are dealt again
among their places.
"""

from __future__ import annotations

import random
from collections import Counter

from core.moon_dominoes import tiles
from core.moon_dominoes.config import HAND, PLAYERS, Config
from core.moon_dominoes.state import Phase, State


def full_set(config: Config) -> Counter[int]:
    """The 22 tiles (M1)."""
    return Counter(range(tiles.COUNT))


def _widow_apart(state: State) -> bool:
    """Whether the widow still lies face down: nobody has taken it (M2, M3)."""
    return state.phase is Phase.BIDDING or state.phase is Phase.REDEAL


def pieces(state: State) -> dict[str, Counter[int]]:
    """Each place's tiles: every seat's hand, the tiles played, the widow, the discard."""
    places = {f"hand {seat}": Counter(tiles.bits(hand)) for seat, hand in enumerate(state.hands)}
    played = Counter(t for _, trick in state.tricks for t in trick)
    played.update(state.trick_tiles)
    places["played"] = played
    places["widow"] = Counter([state.widow] if _widow_apart(state) else [])
    places["discard"] = Counter([] if state.discard is None else [state.discard])
    return places


def redeal_unseen(state: State, seat: int | None, rng: random.Random) -> State:
    """A copy of ``state`` with the tiles ``seat`` cannot see (the other hands, the widow
    while it lies apart, the discard unless ``seat`` is the bidder) dealt again among those
    places, each keeping its count. The deal on record and which tile was the widow follow
    the tiles."""
    hidden = [s for s in range(PLAYERS) if s != seat]
    pool = [t for s in hidden for t in tiles.bits(state.hands[s])]
    if _widow_apart(state):
        pool.append(state.widow)
    if state.discard is not None and seat != state.bidder:
        pool.append(state.discard)
    moved = dict(zip(pool, rng.sample(pool, len(pool)), strict=True))
    copy = state.clone()

    def remap(mask: int) -> int:
        return sum(1 << moved.get(t, t) for t in tiles.bits(mask))

    for s in hidden:
        copy.hands[s] = remap(state.hands[s])
    copy.dealt = tuple(remap(mask) for mask in state.dealt)
    copy.widow = moved.get(state.widow, state.widow)
    if state.discard is not None:
        copy.discard = moved.get(state.discard, state.discard)
    return copy


def points_shared(state: State) -> tuple[list[int], int]:
    """The tricks each seat took, and what they add up to once the hand is over: all seven,
    or none after a deal everyone passed (M2, M5)."""
    return list(state.taken), 0 if state.phase is Phase.REDEAL else HAND
