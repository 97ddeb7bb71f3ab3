"""Spades bots with nil and blind nil on: duplicate matches, and how their nils fare.

``python -m core tournament --game spades`` plays every deal from zero at a
table with nil on and blind nil off, so blind nil (S4: only for a side 100
or more behind) never comes up there. This bench plays the same duplicate
match — every deal twice, each level holding each partnership once — at a
partnership table with nil and blind nil on, each deal starting from scores
and bags drawn as a game might stand (scores −100 to 450, bags 0 to 9, from
the deal's seed), so that half the deals let the trailing side bid blind nil
and some sides stand close to their 10 bags. Both plays of a deal start
from the same scores, the levels' sides swapped.

It reports, for each level: the score a hand (S6, the bags carried in
counted), its nil and blind nil bids and how many it kept, and the
opponents' nils it faced and how many it busted; and the difference a deal
pair (A − B) with its 95% interval.

A level is ``random``, ``rules`` or ``expert`` (this tree's bots), or
``old:rules`` / ``old:expert``: the bots of another checkout of the project
(``--old DIR``, e.g. ``git worktree add /tmp/old-bots <commit>``), loaded
from its ``core/spades/bots`` under another package name and run on this
tree's engine — so a match measures the bots alone.

    python -m bench.spades_nil --a rules --b random --pairs 400 --workers 2
    python -m bench.spades_nil --a rules --b old:rules --old /tmp/old-bots --pairs 400
    python -m bench.spades_nil --a expert --b rules --budget-ms 20 --pairs 400 --workers 2
"""

from __future__ import annotations

import argparse
import json
import random
import sys
import types
from collections import Counter
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from core import bots
from core.spades import record, rules
from core.spades.bots import players
from core.spades.config import Config
from core.spades.state import State
from core.spades.view import player_view
from core.tournament import interval, played

OLD_PACKAGE = "spades_bots_old"
CONFIG = Config.make(4, nil=True, blind_nil=True)
#: The figures counted for each level (see :func:`tally`).
COUNTS = (
    "hands",
    "nils",
    "nils_made",
    "blind_nils",
    "blind_nils_made",
    "faced",
    "busted",
    "faced_blind",
    "busted_blind",
)

_old: dict[str, types.ModuleType] = {}


def load_old(directory: str) -> types.ModuleType:
    """The ``players`` module of the Spades bots in checkout ``directory``, loaded once
    under :data:`OLD_PACKAGE` (its imports of its own modules pointed there)."""
    if directory in _old:
        return _old[directory]
    source = Path(directory) / "core" / "spades" / "bots"
    package = types.ModuleType(OLD_PACKAGE)
    package.__path__ = [str(source)]
    sys.modules[OLD_PACKAGE] = package
    for name in ("knowledge", "policy", "players"):
        path = source / f"{name}.py"
        text = path.read_text().replace(
            "from core.spades.bots import", f"from {OLD_PACKAGE} import"
        )
        module = types.ModuleType(f"{OLD_PACKAGE}.{name}")
        module.__file__ = str(path)
        sys.modules[module.__name__] = module
        exec(compile(text, str(path), "exec"), module.__dict__)
        setattr(package, name, module)
    _old[directory] = package.players
    return package.players


def bot(level: str, budget_ms: float | None, old: str | None) -> bots.Bot:
    """The bot a level names (``old:`` ones from the checkout ``old``)."""
    if level.startswith("old:"):
        if old is None:
            raise SystemExit("an old: level needs --old DIR")
        found: bots.Bot = load_old(old).get(level.removeprefix("old:"), budget_ms)
        return found
    return players.get(level, budget_ms)


@dataclass(frozen=True)
class Setup:
    levels: tuple[str, str]
    seed: int
    budget_ms: float | None
    old: str | None


def before_of(rng: random.Random) -> tuple[tuple[int, int], ...]:
    """Scores and bags as a game might stand before a hand."""
    return tuple((10 * rng.randint(-10, 45), rng.randint(0, 9)) for _ in CONFIG.sides)


def tally(state: State, side: int) -> Counter[str]:
    """One play's nil figures for the level holding ``side``."""
    counts: Counter[str] = Counter(hands=1)
    for seat in range(CONFIG.players):
        if state.bids[seat] != 0:
            continue
        kept = state.taken[seat] == 0
        if CONFIG.side_of[seat] == side:
            kind = "blind_nils" if state.blind[seat] else "nils"
            counts[kind] += 1
            counts[f"{kind}_made"] += kept
        else:
            blind = "_blind" if state.blind[seat] else ""
            counts[f"faced{blind}"] += 1
            counts[f"busted{blind}"] += not kept
    return counts


def play_pair(setup: Setup, index: int) -> tuple[float, float, Counter[str], Counter[str]]:
    """Deal ``index`` played both ways round: each level's score a hand, and nil figures."""
    seed = random.Random(f"{setup.seed}/{index}").getrandbits(32)
    before = before_of(random.Random(seed))
    dealer = index % CONFIG.players
    scores = [0.0, 0.0]
    counts: list[Counter[str]] = [Counter(), Counter()]
    for a_side in (0, 1):
        owner = [0 if CONFIG.side_of[s] == a_side else 1 for s in range(CONFIG.players)]
        seated = [bot(setup.levels[level], setup.budget_ms, setup.old) for level in owner]
        state = rules.deal(CONFIG, dealer, seed, before)
        rng = random.Random(seed ^ 0x5EED)
        while (seat := state.to_act) is not None:
            rules.apply_unchecked(state, seated[seat].choose(player_view(state, seat), rng))
        done = record.result(state)
        assert done is not None
        for level, side in ((0, a_side), (1, 1 - a_side)):
            scores[level] += done.score[side] / 2
            counts[level] += tally(state, side)
    return scores[0], scores[1], counts[0], counts[1]


def summary(
    setup: Setup, results: list[tuple[float, float, Counter[str], Counter[str]]]
) -> dict[str, Any]:
    mean, half = interval([a - b for a, b, _, _ in results])

    def level(index: int) -> dict[str, Any]:
        counts: Counter[str] = Counter()
        for result in results:
            counts += result[2 + index]
        score = sum(r[index] for r in results) / max(1, len(results))
        return {"level": setup.levels[index], "score_per_hand": round(score, 2)} | {
            name: counts[name] for name in COUNTS
        }

    return {
        "pairs": len(results),
        "difference_per_pair": round(mean, 2),
        "ci95": [round(mean - half, 2), round(mean + half, 2)],
        "a": level(0),
        "b": level(1),
    }


def percent(part: int, whole: int) -> str:
    return f"{100 * part / whole:.0f}%" if whole else "-"


def lines(result: dict[str, Any]) -> list[str]:
    out = [f"{result['pairs']} deal pairs, Spades 4 players partnership, nil and blind nil on"]
    for side in (result["a"], result["b"]):
        out.append(
            f"  {side['level']:<10} score/hand {side['score_per_hand']:>7}"
            f"  nils {side['nils']:>4} kept {percent(side['nils_made'], side['nils']):>4}"
            f"  blind nils {side['blind_nils']:>4}"
            f" kept {percent(side['blind_nils_made'], side['blind_nils']):>4}"
            f"  busted: opponents' nils {side['busted']}/{side['faced']}"
            f" ({percent(side['busted'], side['faced'])}),"
            f" blind nils {side['busted_blind']}/{side['faced_blind']}"
            f" ({percent(side['busted_blind'], side['faced_blind'])})"
        )
    low, high = result["ci95"]
    a, b = result["a"]["level"], result["b"]["level"]
    out.append(
        f"  {a} − {b}: {result['difference_per_pair']:+} a deal pair, 95% [{low:+}, {high:+}]"
    )
    return out


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    levels = ["random", "rules", "expert", "old:rules", "old:expert"]
    parser.add_argument("--a", default="rules", choices=levels)
    parser.add_argument("--b", default="random", choices=levels)
    parser.add_argument("--pairs", type=int, default=400)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--workers", type=int, default=1)
    parser.add_argument("--budget-ms", type=float, help="the Expert's budget a decision")
    parser.add_argument("--old", help="a checkout whose core/spades/bots the old: levels use")
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args(argv)
    old = str(Path(args.old).resolve()) if args.old else None
    setup = Setup((args.a, args.b), args.seed, args.budget_ms, old)
    results = list(played(play_pair, ((setup, i) for i in range(args.pairs)), args.workers))
    result = summary(setup, results)
    print(json.dumps(result) if args.json else "\n".join(lines(result)))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
