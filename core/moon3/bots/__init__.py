"""Moon 3 of Spades bots: Random, Rules and Expert, each deciding from a player view."""

from __future__ import annotations

from core.bots import RandomBot
from core.moon3.bots.expert import ExpertBot
from core.moon3.bots.rulebot import RulesBot

LEVELS: dict[str, RandomBot | RulesBot | ExpertBot] = {
    "random": RandomBot(),
    "rules": RulesBot(),
    "expert": ExpertBot(),
}


def get(level: str, budget_ms: float | None = None) -> RandomBot | RulesBot | ExpertBot:
    """The bot of a level (the Expert with ``budget_ms`` a decision, if given)."""
    try:
        found = LEVELS[level]
    except KeyError:
        raise KeyError(f"unknown bot level {level!r}; known: {', '.join(LEVELS)}") from None
    if budget_ms is not None and isinstance(found, ExpertBot):
        return found.with_budget(budget_ms)
    return found
