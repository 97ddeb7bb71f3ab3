"""Every game's hand replay draws that game's own faces with their styles, wherever it appears
(A9): drawn alone, with no page's styles around it, every card or tile it shows is styled."""

from __future__ import annotations

import argparse
import re
from html.parser import HTMLParser
from pathlib import Path

import pytest
from streamlit.testing.v1 import AppTest

from core import games, simulate


def _drawn(database: str, game: str) -> None:
    """The replay of the game's stored hands (Moon 3 of Spades': of its history's rounds), and
    nothing else."""
    import importlib

    from core.moon3.figures import Filters
    from core.stats import Stats
    from core.store import Store
    from ui import replay

    part = importlib.import_module(f"ui.{game}.stats").REPLAY
    stats = Stats(Store(database))
    if game == "moon3":
        played = stats.history_games(game, Filters())
        lines = [r for g in played for r in stats.history_rounds(game, g.room_code, g.game_number)]
    else:
        lines = stats.hands(game)
    replay.replay(stats, part, lines, str, key="replayed")


class Faces(HTMLParser):
    """The classes of each face (an element with ``role="img"``) and of the element it sits in."""

    def __init__(self) -> None:
        super().__init__()
        self.open: list[list[str]] = []
        self.faces: list[set[str]] = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        found = dict(attrs)
        classes = (found.get("class") or "").split()
        if found.get("role") == "img":
            self.faces.append({*classes, *(self.open[-1] if self.open else [])})
        if tag not in ("br", "img", "input", "path", "circle", "rect", "line"):
            self.open.append(classes)

    def handle_endtag(self, tag: str) -> None:
        if self.open and tag not in ("br", "img", "input", "path", "circle", "rect", "line"):
            self.open.pop()


@pytest.mark.parametrize("game", games.names())
def test_a9_a_replay_drawn_alone_styles_every_face_it_shows(tmp_path: Path, game: str) -> None:
    database = f"sqlite:///{tmp_path / 'replay.db'}"
    parser = argparse.ArgumentParser()
    simulate.add_arguments(parser, game)
    args = ["--game", game, "--store", database, "--bot", "random", "--rounds", "1"]
    assert simulate.run(parser.parse_args(args)) == 0
    at = AppTest.from_function(_drawn, args=(database, game), default_timeout=60).run()
    assert not at.exception
    shown = "".join(m.value for m in at.markdown)
    styles = " ".join(re.findall(r"<style>(.*?)</style>", shown, re.S))
    faces = Faces()
    faces.feed(re.sub(r"<style>.*?</style>", "", shown, flags=re.S))
    assert faces.faces, "the replay shows no card or tile"
    unstyled = [f for f in faces.faces if not any(f".{c}" in styles for c in f)]
    assert unstyled == []
