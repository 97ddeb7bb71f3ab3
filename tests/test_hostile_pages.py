"""Every page with hostile names and URL parameters: no link, image, heading or tag from them.

Players here are called ``[x](http://e)``, ``![x](http://e/x.png)``, ``# h``,
``<a href="//e.com">x</a>`` and ``=1+1``, and in other rooms bare links such as
``http://x.y``, ``www.x.y`` and ``a@b.cd``; the URL carries the same, NUL and
20,000 characters. Each page runs without an exception, and the Markdown of
every element it draws is rendered as GitHub-flavoured Markdown (tests/gfm.py:
raw HTML on and bare links found, as Streamlit does) and searched for links,
images, headings and tags that user text could have made. Charts must show
the names as text, CSV cells must not start a formula.
"""

from __future__ import annotations

import json
import random
import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from streamlit.testing.v1 import AppTest

from core.moon3.table import RoomSettings
from core.rooms import Rooms
from core.store import Store
from core.store.moon3 import stats
from tests import gfm
from tests.apptests import page as opened
from tests.apptests import pages_on, readable
from tests.service_play import play_until_round_ends
from ui import charts

ROOT = Path(__file__).resolve().parents[1]
NAMES = ["[x](http://e)", "![x](http://e/x.png)", "# h", '<a href="//e.com">x</a>', "=1+1"]
#: Names GitHub's Markdown would turn into links even as plain text (bare links).
LINKS = ["http://x.y", "www.x.y", "x.y/z", "a@b.cd", "**b** [e](http://ev.il)"]
URL_VALUES = [*NAMES, "\x00", "Q" * 20_000, "\u202eABCDEF", "%00", "javascript:alert(1)"]
#: What user text must never become: a link, an image, a heading, a tag of its own.
MADE = re.compile(
    r'<a\b[^>]*href=|<img\b[^>]*src="?[^">]*x\.png|<h[1-6]\b[^>]*>\s*[hy]\s*</h|<script|<iframe'
)


@pytest.fixture(scope="module")
def database(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    """Rooms seated with hostile names: one in its lobby, one after a round, stored for Stats."""
    with pages_on(f"sqlite:///{tmp_path_factory.mktemp('hostile') / 'rooms.db'}") as url:
        yield url


@pytest.fixture(scope="module")
def tables(database: str) -> dict[str, Any]:
    rooms = Rooms(Store(database))
    lobby, lobby_host = rooms.create(NAMES[0], RoomSettings(mode="teams", players=6))
    for name in NAMES[1:3]:
        rooms.join(lobby, name)
    played, host = rooms.create(NAMES[0], RoomSettings(mode="partners", players=5, decks=1))
    tokens = [host, *(rooms.join(played, name) for name in NAMES[1:])]
    rooms.begin(host)
    end = play_until_round_ends(rooms, tokens, random.Random(7))
    assert end.status in ("results", "over")
    links, links_host = rooms.create(LINKS[0], RoomSettings(mode="partners", players=5, decks=1))
    for name in LINKS[1:]:
        rooms.join(links, name)
    linked, host = rooms.create(LINKS[0], RoomSettings(mode="partners", players=5, decks=1))
    linked_tokens = [host, *(rooms.join(linked, name) for name in LINKS[1:])]
    rooms.begin(host)
    end = play_until_round_ends(rooms, linked_tokens, random.Random(8))
    assert end.status in ("results", "over")
    rooms.store.close()
    return {
        "lobby": (lobby, lobby_host),
        "played": (played, tokens),
        "links": (links, links_host),
        "linked": (linked, linked_tokens),
    }


def page(name: str, **query: str) -> AppTest:
    return opened(name, **query).run()


def markdown_of(at: AppTest) -> list[str]:
    """The Markdown source of everything on the page that Streamlit renders as Markdown."""
    sources: list[str] = []
    for kind in ("markdown", "caption", "error", "warning", "info", "success", "toast"):
        sources += [str(e.value) for e in at.get(kind)]
    for kind in ("title", "header", "subheader"):
        sources += [str(e.value) for e in at.get(kind)]
    sources += [f"{m.label}\n\n{m.value}" for m in at.metric]
    sources += [str(e.label) for e in at.expander]
    sources += [str(e.label) for e in at.button]
    sources += [str(e.label) for e in at.get("tab")]
    return sources


def check_page(at: AppTest) -> str:
    """No exception, no traceback, and no markup made from user text; returns the HTML."""
    assert not at.exception, at.exception
    html = "\n".join(gfm.render(source) for source in markdown_of(at))
    found = MADE.search(html)
    assert found is None, html[max(0, found.start() - 200) : found.end() + 200]
    assert "Traceback" not in html
    return html


def shown(html: str) -> str:
    """The text a reader sees in ``html``: no tags, references decoded, no word joiners."""
    return readable(re.sub(r"<[^>]+>", "", html))


@pytest.mark.parametrize("value", URL_VALUES)
def test_the_room_page_shows_any_room_parameter_as_text(database: str, value: str) -> None:
    at = page("room", room=value)
    html = check_page(at)
    assert "There is no room" in html


@pytest.mark.parametrize("value", URL_VALUES)
def test_the_room_page_shows_any_seat_parameter_as_text(
    database: str, tables: dict[str, Any], value: str
) -> None:
    code, _ = tables["lobby"]
    at = page("room", room=code, seat=value)
    html = check_page(at)
    assert "not valid any more" in html


def test_the_lobby_shows_hostile_names_as_text(tables: dict[str, Any]) -> None:
    code, host = tables["lobby"]
    for at in (page("room", room=code), page("room", room=code, seat=host)):
        html = check_page(at)
        assert "Invite your friends" in html
        assert "[x](http://e)" in shown(html)


def test_the_lobby_shows_names_that_look_like_links_as_text(tables: dict[str, Any]) -> None:
    code, host = tables["links"]
    for at in (page("room", room=code), page("room", room=code, seat=host)):
        text = shown(check_page(at))
        for name in LINKS:
            assert name in text


@pytest.mark.parametrize("room", ["played", "linked"])
def test_the_table_and_results_show_hostile_names_as_text(
    tables: dict[str, Any], room: str
) -> None:
    code, tokens = tables[room]
    for at in (page("room", room=code), page("room", room=code, seat=tokens[0])):
        html = check_page(at)
        assert "Scores" in html


def test_joining_with_a_hostile_name_shows_it_as_text(tables: dict[str, Any]) -> None:
    code, _ = tables["lobby"]
    at = page("room", room=code)
    at.text_input[0].input('<a href="//e.com">y</a>')
    next(b for b in at.button if b.label == "Join").click().run()
    check_page(at)


def test_refusals_that_repeat_a_name_show_it_as_text(tables: dict[str, Any]) -> None:
    code, _ = tables["lobby"]
    at = page("room", room=code)
    at.text_input[0].input(NAMES[1])  # already seated: the refusal names the seated player
    next(b for b in at.button if b.label == "Join").click().run()
    html = check_page(at)
    assert "already called" in html


@pytest.mark.parametrize("name", [NAMES[0], NAMES[3], "x" * 20_000, "\x00"])
def test_create_room_and_quick_game_refuse_or_show_names_as_text(database: str, name: str) -> None:
    at = page("create")
    at.text_input[0].input(name)
    next(b for b in at.button if b.label == "Create Room").click().run()
    check_page(at)
    at = page("home")
    at.text_input(key="quick-name").input(name)
    at.button[-1].click().run()
    check_page(at)


def test_stats_show_hostile_names_as_text(tables: dict[str, Any]) -> None:
    at = page("stats")
    html = check_page(at)
    assert "Rounds played" in html
    bidding = next(str(c.value) for c in at.caption if str(c.value).startswith("Bidding: "))
    assert all(name in shown(gfm.render(bidding)) for name in LINKS), bidding
    specs = [json.loads(chart.proto.spec) for chart in at.get("plotly_chart")]
    assert specs, "the Stats page draws charts"
    labels = json.dumps(
        [trace.get("y", []) + trace.get("x", []) for s in specs for trace in s["data"]]
    )
    assert "<a href" not in labels
    assert "&lt;a href" in labels
    # The History tab: the game list, the round table and the replay of a round.
    check_page(at)


def test_stats_csv_neutralises_formula_names(tables: dict[str, Any], database: str) -> None:
    store = Store(database)
    board = stats.overview(store, stats.Filters()).leaderboard
    store.close()
    out = charts.csv_text(["Player", "Score"], [[s.name, s.score] for s in board])
    lines = out.splitlines()
    assert "'=1+1" in out
    assert not any(line.startswith(("=", "+", "-", "@")) for line in lines)


def test_a_page_that_fails_shows_a_reference_not_a_traceback(
    database: str, monkeypatch: pytest.MonkeyPatch, caplog: pytest.LogCaptureFixture
) -> None:
    from ui import look

    def broken(*_: object, **__: object) -> str:
        raise RuntimeError("secret server detail")

    monkeypatch.setattr(look, "piece_face", broken)
    with caplog.at_level("ERROR", logger="moon3"):
        at = page("home")
    assert not at.exception
    message = " ".join(str(e.value) for e in at.error)
    reference = re.search(r"reference ([0-9A-F]{6})", message)
    assert reference is not None and "secret server detail" not in message
    assert reference.group(1) in caplog.text and "secret server detail" in caplog.text


def test_streamlit_never_shows_error_details() -> None:
    import tomllib

    config = tomllib.loads((ROOT / ".streamlit" / "config.toml").read_text())
    assert config["client"]["showErrorDetails"] == "none"
