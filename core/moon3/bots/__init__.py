"""Moon 3 of Spades bots: Random, Rules and Expert, each deciding from a player view."""

from __future__ import annotations

from core.bots import Levels
from core.moon3.bots.expert import ExpertBot
from core.moon3.bots.rulebot import RulesBot

#: The bot of a level (the Expert with ``budget_ms`` a decision, if given).
get = Levels(RulesBot(), ExpertBot())
