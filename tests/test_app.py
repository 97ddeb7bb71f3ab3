"""App tests: every screen loads and shows players what it promises.

Pages are loaded through ``app.py`` as a browser would reach them, because the
home page links to the rules page and such links resolve only once
``st.navigation`` has registered the pages. The rules page has no links, so it
is also loaded on its own.
"""

from __future__ import annotations

import re
from pathlib import Path

import pandas as pd
import pytest
from streamlit.testing.v1 import AppTest

ROOT = Path(__file__).resolve().parents[1]
TIMEOUT = 30


def app() -> AppTest:
    """The whole app, routed from its entry point."""
    return AppTest.from_file(str(ROOT / "app.py"), default_timeout=TIMEOUT)


def page_html(at: AppTest) -> str:
    """All Markdown and HTML the current page rendered, as one string."""
    return "\n".join(str(m.value) for m in at.markdown)


def worth_html(at: AppTest) -> str:
    """The home page's "What the cards are worth": its cards and their note."""
    return next(str(m.value) for m in at.markdown if "A deck holds" in str(m.value))


def card_html(html: str, name: str) -> str:
    """The HTML of the card face with the given card name, up to its caption."""
    faces = [part.split('class="m3-caption"')[0] for part in html.split('class="m3-card"')]
    found = [face for face in faces if f'data-card="{name}"' in face]
    assert len(found) == 1, f"expected one card {name} on the page, found {len(found)}"
    return found[0]


def table(at: AppTest, alt: str) -> pd.DataFrame:
    """The table a screen reader announces as ``alt``."""
    found = [t.value for t in at.table if t.proto.alt == alt]
    assert len(found) == 1, f"expected one table {alt!r}, found {len(found)}"
    return found[0]


def deal(at: AppTest, decks: str) -> pd.DataFrame:
    """Cards each and cards removed per table size, e.g. for "1 deck"."""
    return table(at, f"Deal with {decks}").set_index("Players")


@pytest.fixture
def home() -> AppTest:
    at = app().run()
    assert not at.exception
    return at


@pytest.fixture(params=["direct", "routed"])
def rules(request: pytest.FixtureRequest) -> AppTest:
    """The rules page, loaded on its own and through the app's navigation."""
    if request.param == "direct":
        at = AppTest.from_file(str(ROOT / "screens" / "rules.py"), default_timeout=TIMEOUT).run()
    else:
        at = app().run()
        at.switch_page("screens/rules.py").run()
    assert not at.exception
    return at


def test_app_opens_on_the_home_page(home: AppTest) -> None:
    html = page_html(home)
    assert "Moon 3 of Spades" in html
    assert "How a round goes" in [h.value for h in home.subheader]
    assert not [t.value for t in home.title if "Rules" in t.value]


def test_home_shows_kali_tidi_as_a_3_of_spades_worth_30(home: AppTest) -> None:
    face = card_html(worth_html(home), "3S")
    assert 'aria-label="Three of spades, 30 points"' in face
    assert re.search(r'class="m3-badge[^"]*">30</span>', face)
    assert "--m3-suit:var(--m3-suit-S, #111111)" in face


def test_home_card_badges_show_only_points_that_count(home: AppTest) -> None:
    html = worth_html(home)
    assert re.search(r'class="m3-badge">10</span>', card_html(html, "TH"))
    assert re.search(r'class="m3-badge">5</span>', card_html(html, "5D"))
    assert "m3-badge" not in card_html(html, "3H")


def test_home_shows_the_five_steps_of_a_round(home: AppTest) -> None:
    html = page_html(home)
    for step in ("Bid", "Call teammates", "Pick trump", "Play tricks", "Score"):
        assert f"{step}</b>" in html
    assert html.count('class="m3-step"') == 5


def test_home_links_to_the_rules(home: AppTest) -> None:
    links = [link for link in home.get("page_link") if link.value == "Read the full rules"]
    assert len(links) == 1 and links[0].proto.page == "rules"


def test_rules_deal_table_gives_13_cards_each_to_4_players_with_one_deck(rules: AppTest) -> None:
    one_deck = deal(rules, "1 deck")
    assert (one_deck.loc[4, "Cards each"], one_deck.loc[4, "Removed"]) == (13, 0)


def test_rules_deal_tables_remove_the_leftover_cards(rules: AppTest) -> None:
    one_deck, two_decks = deal(rules, "1 deck"), deal(rules, "2 decks")
    assert (one_deck.loc[3, "Cards each"], one_deck.loc[3, "Removed"]) == (17, 1)
    assert (two_decks.loc[7, "Cards each"], two_decks.loc[7, "Removed"]) == (14, 6)
    # R5 corrects the seed's 16: 17 each uses 102 of 104 cards.
    assert (two_decks.loc[6, "Cards each"], two_decks.loc[6, "Removed"]) == (17, 2)
    assert list(one_deck.index) == list(range(2, 13))  # H1: two to twelve players
    # H1's two-deck deals for big tables: 8p 13, 9p 11 (5 out), 10p 10 (4), 11p 9 (5), 12p 8 (8).
    big = {n: (two_decks.loc[n, "Cards each"], two_decks.loc[n, "Removed"]) for n in range(8, 13)}
    assert big == {8: (13, 0), 9: (11, 5), 10: (10, 4), 11: (9, 5), 12: (8, 8)}


def test_rules_points_table_values_kali_tidi_at_30(rules: AppTest) -> None:
    points = table(rules, "Points of every card").set_index("Card")["Points"]
    assert points["3♠ — Kali Tidi"] == 30
    assert points["Every A, K, Q, J, 10"] == 10
    assert points["Every 5"] == 5


def test_rules_card_based_example_doubles_a_made_bid_for_the_bidder(rules: AppTest) -> None:
    html = page_html(rules)
    assert "if it is made, the bidder scores +300, the partner +150" in html
    assert "if it fails, the bidder scores -150, the partner 0 and each defender +150" in html


def test_rules_teammate_cards_grow_with_the_table(rules: AppTest) -> None:
    calls = table(rules, "Teammate cards to call").set_index("Players")["Cards to call"]
    assert calls.to_dict() == {3: 1, 4: 1, 5: 2, 6: 2, 7: 3, 8: 3, 9: 3, 10: 3, 11: 3, 12: 3}


def test_rules_cover_every_section_a_player_needs(rules: AppTest) -> None:
    headers = {h.value for h in rules.header}
    assert headers >= {
        "Cards and points",
        "Deck and deal",
        "Teams",
        "Bidding",
        "Teammate cards",
        "Trump",
        "Playing the tricks",
        "Made or failed",
        "Scoring",
        "End of the game",
    }
    assert "60 seconds" in page_html(rules)


def test_database_url_from_streamlit_secrets_when_the_environment_has_none(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Community Cloud hands settings over as secrets: a room lands in that database."""
    from sqlmodel import select

    from core.store import Seat, Store
    from ui import session

    monkeypatch.delenv("DATABASE_URL", raising=False)
    url = f"sqlite:///{tmp_path / 'from-secrets.db'}"
    session.rooms.clear()  # type: ignore[attr-defined]
    try:
        at = app()
        at.secrets["DATABASE_URL"] = url
        at.switch_page("screens/create.py")
        at.run()
        at.text_input[0].input("Secret Sam").run()
        next(b for b in at.button if b.label == "Create Room").click().run()
        assert not at.exception
    finally:
        session.rooms.clear()  # type: ignore[attr-defined]
    store = Store(url)
    with store.read() as db:
        names = [s.name for s in db.exec(select(Seat))]
    store.close()
    assert names == ["Secret Sam"]
