"""A1 on a phone (390×844): a tapped dimmed card says why, in view of the hand, and the
results box, Next Hand and the scores never overlap."""

from __future__ import annotations

import random
import tempfile
from collections.abc import Iterator

import pytest
from playwright.sync_api import Browser

from core import games
from core.rooms import Rooms
from core.store import Store
from tests.browsing import DIMMED
from tests.servers import streamlit_server
from tests.service_play import play_until_round_ends, tokens_by_position
from tests.test_a1_refusals import at_a_dimmed_piece
from tests.test_browser import SETTLED

PHONE = {"width": 390, "height": 844}


@pytest.fixture(scope="module")
def site() -> Iterator[tuple[str, str]]:
    database = f"sqlite:///{tempfile.mkdtemp(prefix='a1-e2e-')}/rooms.db"
    with streamlit_server(database) as (base, _):
        yield base, database


def test_a1_a_tapped_dimmed_card_says_why_in_view(site: tuple[str, str], browser: Browser) -> None:
    base, database = site
    rooms = Rooms(Store(database))
    code, token, _ = at_a_dimmed_piece(rooms, "spades", seed=3)
    page = browser.new_page(viewport=PHONE)
    page.goto(f"{base}/room?room={code}&seat={token}")
    dimmed = page.locator(DIMMED).first
    dimmed.wait_for(timeout=30_000)
    dimmed.click(position={"x": 8, "y": 16})
    reason = page.locator('[data-testid="stAlert"]').filter(has_text="Spades are not broken")
    reason = reason.or_(page.locator('[data-testid="stAlert"]').filter(has_text="You must follow"))
    reason.first.wait_for(timeout=20_000)
    box = reason.first.bounding_box()
    assert box is not None and box["y"] >= 0 and box["y"] + box["height"] <= PHONE["height"]
    page.close()
    rooms.store.close()


def test_a1_results_next_hand_and_scores_do_not_overlap(
    site: tuple[str, str], browser: Browser
) -> None:
    base, database = site
    rooms = Rooms(Store(database))
    code, host = rooms.create("Asha", games.get("spades").table.quick_settings(4, {}))
    tokens = [host, *(rooms.join(code, name) for name in ("Ben", "Chen", "Dev"))]
    rooms.begin(host)
    play_until_round_ends(rooms, tokens_by_position(rooms, tokens), random.Random(2))
    for size in (PHONE, {"width": 1280, "height": 800}):
        page = browser.new_page(viewport=size)
        page.goto(f"{base}/room?room={code}&seat={host}")
        page.locator(".m3-result").first.wait_for(timeout=30_000)
        page.wait_for_function(SETTLED, timeout=30_000)  # measured once drawn in full
        result = page.locator(".m3-result").first.bounding_box()
        deal = page.get_by_role("button", name="Next Hand").bounding_box()
        scores = page.get_by_text("Scores after").bounding_box()
        assert result and deal and scores
        assert result["y"] + result["height"] <= deal["y"], size
        assert deal["y"] + deal["height"] <= scores["y"], size
        page.close()
    rooms.store.close()


def overlap(a: dict[str, float], b: dict[str, float]) -> bool:
    """Whether two bounding boxes share any area."""
    return (
        a["x"] < b["x"] + b["width"]
        and b["x"] < a["x"] + a["width"]
        and a["y"] < b["y"] + b["height"]
        and b["y"] < a["y"] + a["height"]
    )


def test_a2_the_press_enter_hint_covers_no_step_of_a_number_box(
    site: tuple[str, str], browser: Browser
) -> None:
    base, _ = site
    page = browser.new_page(viewport=PHONE)
    page.goto(f"{base}/create")
    number = page.locator('[data-testid="stNumberInput"]').first
    typed = number.locator("input")
    typed.wait_for(timeout=30_000)
    typed.click()
    typed.press("End")
    page.keyboard.type("5")
    hint = number.get_by_text("Press Enter to apply")
    hint.wait_for(timeout=10_000)
    said = hint.bounding_box()
    assert said is not None
    for part in ("stNumberInputStepUp", "stNumberInputStepDown", "stNumberInputField"):
        box = number.locator(f'[data-testid="{part}"]').bounding_box()
        assert box is not None and not overlap(said, box), part
    page.close()
