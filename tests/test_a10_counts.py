"""Counts agree in number on every game's Stats page (A10): a store of one round of each game
says "1 round", "1 hand", "1 time", never "1 rounds"."""

from __future__ import annotations

import argparse
import os
import re
from collections.abc import Iterator
from pathlib import Path

import pytest
from streamlit.testing.v1 import AppTest

from core import games, simulate
from tests.test_stats_page import ROOT, _restore, _use
from ui import figures

#: A count of one with a plural noun: "1 rounds", "1 of 1 bids".
ONE_MANY = re.compile(
    r"(?<![\d.,])1 (?:of 1 )?(rounds|hands|times|games|bids|tricks|bombs|captures|players|"
    r"contracts|wins|plays|moves|nils)\b"
)


@pytest.fixture(scope="module")
def one_each(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    """A store holding one bot-played round of every game."""
    before = os.environ.get("DATABASE_URL")
    url = f"sqlite:///{Path(tmp_path_factory.mktemp('one')) / 'one.db'}"
    for game in games.names():
        parser = argparse.ArgumentParser()
        simulate.add_arguments(parser, game)
        args = ["--game", game, "--store", url, "--bot", "random", "--rounds", "1"]
        assert simulate.run(parser.parse_args(args)) == 0
    _use(url)
    yield url
    _restore(before)


def _said(at: AppTest) -> str:
    """Every word of the page: its text, captions, alerts, and each figure's help."""
    parts = [
        str(e.value) for kind in ("markdown", "caption", "info", "warning") for e in at.get(kind)
    ]
    parts += [str(m.proto.help) for m in at.metric]
    parts += [str(w.proto.help) for kind in ("selectbox", "slider") for w in at.get(kind)]
    return "\n".join(parts)


@pytest.mark.parametrize("game", games.names())
def test_a10_one_of_anything_is_said_in_the_singular(one_each: str, game: str) -> None:
    at = AppTest.from_file(str(ROOT / "app.py"), default_timeout=60)
    at.switch_page("screens/stats.py").run()
    at.radio(key="stats-game").set_value(game).run()
    assert not at.exception
    assert ONE_MANY.findall(_said(at)) == []


def test_a10_a_share_counts_its_whole_in_number() -> None:
    assert figures.share("Bids made", 1, 1, "bid").help == "1 of 1 bid"
    assert figures.share("Bids made", 2, 3, "bid", " of 150+").help == "2 of 3 bids of 150+"
