"""A10 on Moon 3 of Spades' Stats page: counts agree in number ("1 time in 1 round")."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
import streamlit as st

from core.__main__ import main as command_line
from tests.apptests import page, pages_on, readable


@pytest.fixture(scope="module")
def one_round(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    """A store of one bot-played round of Moon 3 of Spades."""
    url = f"sqlite:///{tmp_path_factory.mktemp('words') / 'rooms.db'}"
    argv = ["simulate", "--game", "moon3", "--store", url, "--rounds", "1"]
    argv += ["--names", "Asha,Bo,Cy,Di"]
    assert command_line(argv) == 0
    with pages_on(url):
        st.cache_data.clear()
        yield url


def test_a10_one_capture_in_one_round_is_said_in_the_singular(one_round: str) -> None:
    at = page("stats").run()
    assert not at.exception
    said = readable(" ".join(str(c.value) for c in at.caption))
    assert "has captured Kali Tidi most: 1 time in 1 round." in said
    assert "1 times" not in said and "1 rounds" not in said
    explained = readable(" ".join(str(m.proto.help) for m in at.get("metric")))
    assert "1 capture in 1 round" in explained
