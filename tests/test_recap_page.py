"""H5's Recap: one card per player of a date range from the URL, most rounds first, each with its
PNG, and a link that opens it again; hostile URL values and names are shown as text."""

from __future__ import annotations

import io
import re
from collections.abc import Iterator
from datetime import UTC, date, datetime
from pathlib import Path

import pytest
from markdown_it import MarkdownIt
from PIL import Image
from streamlit.testing.v1 import AppTest

from core.store import Store
from core.store.moon3 import stats
from tests.apptests import page, pages_on
from tests.test_stats_page import EXPECTED, MARKUP, evening_files, import_files
from ui import escape
from ui.moon3 import recap

RENDER = MarkdownIt("gfm-like", {"html": True})


@pytest.fixture(scope="module")
def evening(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    """The hand-worked evening (2025) and the markup game (2024), imported."""
    with pages_on(f"sqlite:///{tmp_path_factory.mktemp('recap') / 'recap.db'}") as url:
        import_files(url, *evening_files())
        yield url


def opened(**query: str) -> AppTest:
    at = page("recap", **query).run()
    assert not at.exception, at.exception
    return at


def names_on_cards(at: AppTest) -> list[str]:
    html = "\n".join(m.value for m in at.markdown)
    return re.findall(r'<div class="m3-recap-name">(.*?)</div>', html)


def card_of(at: AppTest, name: str) -> str:
    return next(m.value for m in at.markdown if f'm3-recap-name">{escape.html(name)}<' in m.value)


def test_h5_the_recap_of_the_latest_year_has_one_card_per_player_most_rounds_first(
    evening: str,
) -> None:
    at = opened()
    players = EXPECTED["whole_file"]["players"]
    # 2025 holds the whole evening: most rounds first, then by name.
    order = sorted(players, key=lambda n: (-players[n]["rounds"], n))
    assert names_on_cards(at) == [escape.html(n) for n in order]
    assert [s.value for s in at.subheader] == ["2025 at the table"]
    dev = card_of(at, "Dev")
    assert escape.html("Played 27 rounds, won 10 (37%)") in dev
    assert escape.html("Bid 5 times, made 3") in dev
    assert escape.html("Called as a teammate 6 times, won 2") in dev
    assert len([d for d in at.get("download_button") if d.label == "Download PNG"]) == len(order)


def test_h5_the_recap_honours_from_and_to_in_the_url(evening: str) -> None:
    # 21 March 2025: game 2 alone, of Ben, Chen, Farid and Gita.
    at = opened(**{"from": "2025-03-21", "to": "2025-03-21"})
    assert sorted(names_on_cards(at)) == ["Ben", "Chen", "Farid", "Gita"]
    assert [s.value for s in at.subheader] == ["21 Mar 2025 – 21 Mar 2025 at the table"]
    may = EXPECTED["may_2025"]
    at = opened(**{"from": may["from"], "to": may["to"]})
    dev = may["players"]["Dev"]
    played = f"Played {dev['rounds']} rounds, won {dev['won']} ({dev['won'] / dev['rounds']:.0%})"
    assert escape.html(played) in card_of(at, "Dev")


@pytest.mark.parametrize(
    "query",
    [
        {"from": "<script>alert(1)</script>"},
        {"to": "2025-13-45"},
        {"from": "2025-12-01", "to": "2025-01-01"},
        {"from": "2025-1-1"},
        {"from": " 2025-01-01"},
        {"from": "0001-01-01"},
        {"to": "[x](http://e)" + "Q" * 5_000},
        {"from": "\x00"},
    ],
)
def test_h5_hostile_dates_in_the_url_say_so_and_show_the_default_year(
    evening: str, query: dict[str, str]
) -> None:
    at = opened(**query)
    assert len(at.warning) == 1
    warning = at.warning[0].value
    assert "Showing 2025 instead" in warning
    rendered = RENDER.render(warning)
    assert "<script" not in rendered and "<a " not in rendered
    assert len(names_on_cards(at)) == len(EXPECTED["whole_file"]["players"])


def test_h5_changing_the_dates_updates_the_url(evening: str) -> None:
    at = opened()
    at.date_input(key="recap-from").set_value(date(2025, 5, 1)).run()
    assert not at.exception
    assert at.query_params["from"] == "2025-05-01"
    assert at.query_params["to"] == "2025-12-31"
    assert [s.value for s in at.subheader] == ["1 May 2025 – 31 Dec 2025 at the table"]


def test_h5_the_recap_link_opens_the_same_range(evening: str) -> None:
    at = opened(**{"from": "2025-05-01", "to": "2025-05-31"})
    shared = "\n".join(str(h.proto.body) for h in at.get("html"))
    assert "Copy recap link" in shared
    assert escape.attribute("/recap?from=2025-05-01&to=2025-05-31") in shared


def test_h5_a_cards_png_is_a_valid_image_of_the_card_size(evening: str) -> None:
    store = Store(evening)
    try:
        cards = stats.recap(
            store,
            stats.Filters(since=datetime(2025, 1, 1, tzinfo=UTC)),
        )
    finally:
        store.close()
    for card in cards[:2]:
        png = recap.card_png(recap.told(card), "2025")
        with Image.open(io.BytesIO(png)) as image:
            assert image.format == "PNG"
            assert image.size == recap.PNG_SIZE
            image.verify()


def test_h5_a_name_made_of_markup_is_text_on_the_recap_and_in_its_picture(evening: str) -> None:
    at = opened(**{"from": "2024-01-01", "to": "2024-12-31"})
    assert escape.html(MARKUP) in names_on_cards(at)
    rendered = RENDER.render("\n".join(m.value for m in at.markdown))
    assert "<b>y</b>" not in rendered and "<strong>x</strong>" not in rendered
    told = recap.Told(MARKUP, "3 rounds", ("Favourite partner: " + MARKUP,))
    with Image.open(io.BytesIO(recap.card_png(told, "2024"))) as image:
        assert image.size == recap.PNG_SIZE


def test_h5_an_empty_range_points_to_the_stats_page(evening: str) -> None:
    at = opened(**{"from": "2031-01-01", "to": "2031-12-31"})
    assert not names_on_cards(at)
    assert any("No round was played then" in i.value for i in at.info)
    assert any(link.label == "Open Stats" for link in at.get("page_link"))


@pytest.mark.parametrize(("game", "said"), [("spades", "has no recap yet"), ("<b>x", "no game")])
def test_h5_a_game_without_a_recap_says_so(evening: str, game: str, said: str) -> None:
    at = opened(game=game)
    assert any(said in i.value for i in at.info)
    assert "<b>" not in RENDER.render("\n".join(i.value for i in at.info))


def test_h5_the_default_range_is_the_latest_rounds_year_or_the_last_365_days() -> None:
    today = date(2026, 3, 5)
    assert recap.default_span(None, today) == recap.Span(date(2025, 3, 6), today)
    latest = datetime(2025, 5, 31, 12, tzinfo=UTC)
    assert recap.default_span(latest, today) == recap.Span(date(2025, 1, 1), date(2025, 12, 31))


def test_h5_a_cards_png_is_drawn_with_pillows_own_font_without_system_fonts(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    monkeypatch.setattr(recap, "FONTS", tmp_path)
    card = recap.Told(MARKUP, "1 bidding · 0 as teammate · 0 defending", ("Played 1 round",))
    with Image.open(io.BytesIO(recap.card_png(card, "2025"))) as image:
        assert image.size == recap.PNG_SIZE
