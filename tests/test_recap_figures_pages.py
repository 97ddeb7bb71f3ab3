"""The Recap and the Partnerships tab show the figures of ``tests/test_recap_figures.py`` (its
hand-counted January and February; then a guest who came once in March and a bot that
played eight rounds in April) and state the minimum a ranking needs (H5, A10)."""

from __future__ import annotations

import json
from collections.abc import Iterator

import pytest
from streamlit.testing.v1 import AppTest

from tests.apptests import page, pages_on
from tests.test_recap_figures import FOUR, HISTORY
from tests.test_stats_page import import_files
from ui import escape

#: Gus plays one round in March: a guest beside the four who played six.
GUEST_GAME = {
    "date": "2025-03-05",
    "players": [*FOUR, "Gus"],
    "rounds": [{"leader": "Gus", "teammates": ["Ann"], "points": 150, "result": "made"}],
}
#: A bot plays more rounds than anyone, in April: still its card comes last, apart.
BOT_GAME = {
    "date": "2025-04-05",
    "players": ["Ann", "Bo", "Cy", "Bot 1"],
    "rounds": [
        {"leader": "Bot 1", "teammates": ["Bo"], "points": 150, "result": "made"} for _ in range(8)
    ],
}
JANUARY = {"from": "2025-01-01", "to": "2025-01-31"}


@pytest.fixture(scope="module")
def kept(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    history = {"games": [*HISTORY["games"], GUEST_GAME, BOT_GAME]}
    url = f"sqlite:///{tmp_path_factory.mktemp('recap-figures') / 'kept.db'}"
    with pages_on(url):
        import_files(url, ("history.json", json.dumps(history).encode()))
        yield url


def opened(name: str, **query: str) -> AppTest:
    at = page(name, **query).run()
    assert not at.exception, at.exception
    return at


def card_of(at: AppTest, name: str) -> str:
    return next(m.value for m in at.markdown if f'm3-recap-name">{escape.html(name)}<' in m.value)


def captions(at: AppTest) -> str:
    return "\n".join(c.value for c in at.caption)


def test_recap_cards_tell_calls_lead_big_bids_partner_nemesis_and_top_three(kept: str) -> None:
    ann = card_of(opened("recap", **JANUARY), "Ann")
    for line in (
        "Top of the running score after 1 of 4 rounds (25%)",
        "Big bids (200+): 1 of 2 (50%)",
        "Calls Bo most: 2 times in 2 Card-Based bids",
        "Favourite partner: Bo (2 rounds together, 1 won)",
        "Preferred partner: Cy (1 round together, 1 won)",
        "Nemesis: Cy (lost 1 of 3 rounds against them)",
        "Top 3 in 1 of 1 Card-Based game",
    ):
        assert escape.html(line) in ann, line


def test_a10_the_recap_states_the_minimum_for_a_best_partner(kept: str) -> None:
    said = captions(opened("recap", **JANUARY))
    assert "at least 3 rounds together" in said
    assert "**Nemesis**: the opponent they lost the most rounds to" in said
    assert "**Top 3**: by the final totals of a Card-Based game" in said


def test_recap_guests_then_bots_come_after_the_regulars(kept: str) -> None:
    at = opened("recap")
    assert [s.value for s in at.subheader] == ["2025 at the table", "Guests", "Bots"]
    names = [m.value for m in at.markdown if 'm3-recap-name">' in m.value]
    assert ['m3-recap-name">Gus<' in n for n in names[-2:]] == [True, False]
    assert 'm3-recap-name">Bot 1<' in names[-1]


def test_recap_partnerships_show_whom_each_bidder_calls(kept: str) -> None:
    at = opened("stats")
    html = "\n".join(str(m.value) for m in at.markdown)
    # Ann's bids called Bo twice of two (January); February's team is no call.
    assert '<td>Ann</td><td>Bo</td><td class="m3-num">2</td><td class="m3-num">2</td>' in html
    assert "<td>Ann</td><td>Cy</td>" not in html
    # Di's nemesis is Ann: opposite sides in January's four rounds (three lost), February's
    # two (both lost) and March's one (lost to Gus and Ann).
    assert f"<td>{escape.html('Ann (6 of 7)')}</td>" in html


def test_a10_partnerships_state_the_minimum_a_ranking_needs(kept: str) -> None:
    said = captions(opened("stats"))
    assert "Ranked: pairs and trios with at least 3 rounds together." in said
