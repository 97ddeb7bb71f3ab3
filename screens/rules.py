"""Rules: how to play each game, written for people at the table (``ui/<game>/rules.py``)."""

from __future__ import annotations

from ui.games import choice, screens_of

game = choice(key="rules-game")
screens_of(game).rules.draw()
