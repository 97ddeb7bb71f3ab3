"""Plain Tricks' Rules and Stats pages; its Stats through the shared scaffolding."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

import streamlit as st

from core.figures import HandLine
from core.stats import Stats
from tests.example import rules
from ui import figures, look, replay


class Rules:
    def draw(self) -> None:
        st.markdown(rules.__doc__ or "")


def _loaded(data: Any) -> replay.Hand:
    rec = rules.load(data)
    state = rules.start_record(rec)
    steps = [state.clone()]
    for raw in rec.actions:
        rules.apply(state, rules.Action.from_json(raw))
        steps.append(state.clone())

    def draw(step: int, names: list[str]) -> None:
        shown = steps[step]
        for seat, name in enumerate(names):
            faces = "".join(look.piece_face(c, small=True) for c in shown.hands[seat])
            st.markdown(f"{name}: {faces}", unsafe_allow_html=True)

    return replay.Hand(steps=len(steps) - 1, seats=rec.config.players, draw=draw)


REPLAY = replay.Replay(
    rules.NAME, "plain-tricks", replay.moves("a card played"), _loaded, look.CSS + look.REPLAY_CSS
)


@dataclass(frozen=True)
class Figures:
    def draw(self, stats: Stats) -> None:
        found = stats.overview(rules.NAME)
        figures.headline(
            "pt-headline",
            [
                figures.Metric("Hands played", str(found.hands)),
                figures.Metric("Games finished", str(found.games)),
            ],
        )
        figures.table(
            ["Player", "Games", "Won"], [list(p) for p in found.players], "plain-tricks.csv"
        )
        lines: list[HandLine] = stats.hands(rules.NAME)
        replay.replay(stats, REPLAY, lines, lambda line: f"hand {line.round_number}", key="pt")


RULES = Rules()
STATS = Figures()
