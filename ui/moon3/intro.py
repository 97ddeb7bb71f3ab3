"""Moon 3 of Spades on the home page: what it is, how a round goes, what the cards are worth.

The card faces are plain HTML and CSS so that they look like real cards on a
phone without any front-end build; names, colours and points come from
``core.moon3.cards`` so that this page can never disagree with the rules engine.
"""

from __future__ import annotations

import streamlit as st

from core.games import FLAGSHIP
from core.moon3 import cards
from ui import escape, look
from ui.moon3 import faces

#: The sample hand on the home page: Kali Tidi, the five honours, a five and a
#: 3 that is not a spade, so worth nothing. Eight cards make two even rows on a phone.
SHOWCASE = ("3S", "AH", "KC", "QD", "JS", "TH", "5D", "3H")

STEPS = (
    (
        "Bid",
        "Take turns bidding, in steps of 5, how many points your side will "
        "capture, or pass. The highest bid wins the auction.",
    ),
    (
        "Call teammates",
        "In Card-Based mode the winner names teammate cards. Whoever holds "
        "them is secretly on the bidder's side until the card is played.",
    ),
    (
        "Pick trump",
        "The bid winner chooses the trump suit: any trump beats every card of the other suits.",
    ),
    (
        "Play tricks",
        "Follow suit if you can. The highest trump, or else the highest card "
        "of the suit led, takes the trick and every point in it.",
    ),
    (
        "Score",
        "If the bidder's side captured at least its bid, it made it; if not, the defenders "
        "take the round.",
    ),
)

STYLE = """
<style>
.m3-hero {
  background: radial-gradient(ellipse at 30% 20%, #2f8f5b 0%, #1f6f43 45%, #134a2c 100%);
  color: #fdfbf3; border-radius: 18px; padding: 1.6rem 1.8rem 1.4rem;
  box-shadow: inset 0 0 0 3px rgba(255,255,255,0.08), 0 6px 18px rgba(0,0,0,0.18);
  margin-bottom: 1.2rem;
}
.m3-hero h1 { color: #fdfbf3; font-size: 2.3rem; margin: 0 0 0.2rem; padding: 0; }
.m3-hero .m3-tagline { color: #f3d77a; font-weight: 600; margin: 0 0 0.8rem; }
.m3-hero p { font-size: 1.05rem; line-height: 1.55; max-width: 60rem; margin: 0; }
.m3-steps { display: grid; grid-template-columns: repeat(auto-fit, minmax(9rem, 1fr));
  gap: 0.75rem; margin: 0.4rem 0 1.2rem !important; padding: 0 !important; list-style: none; }
.m3-steps li.m3-step { margin: 0; padding: 0.75rem 0.9rem 0.85rem !important; }
.m3-step { background: #ffffff; border-radius: 12px; padding: 0.8rem 0.9rem;
  border-top: 4px solid #1f6f43; box-shadow: 0 2px 6px rgba(0,0,0,0.08); }
.m3-step b { display: block; color: #1f6f43; margin-bottom: 0.25rem; }
.m3-step .m3-num { display: inline-flex; align-items: center; justify-content: center;
  width: 1.5rem; height: 1.5rem; border-radius: 50%; background: #1f6f43; color: #fff;
  font-size: 0.85rem; font-weight: 700; margin-right: 0.4rem; }
.m3-step span.m3-text { font-size: 0.93rem; line-height: 1.4; }
.m3-felt { background: radial-gradient(ellipse at center, #2a8554 0%, #1f6f43 60%, #165634 100%);
  border-radius: 18px; padding: 1.1rem 0.8rem 0.9rem; margin: 0.4rem 0 0.6rem;
  box-shadow: inset 0 0 24px rgba(0,0,0,0.35); }
.m3-row { display: flex; flex-wrap: wrap; justify-content: center; gap: 0.9rem 0.7rem; }
.m3-slot { display: flex; flex-direction: column; align-items: center; width: 5.4rem; }
.m3-slot .m3-card { width: 5.4rem; height: 7.6rem; }
.m3-slot .m3-pip { font-size: 2.9rem; }
.m3-caption { margin-top: 0.45rem; color: #fdfbf3; font-size: 0.8rem; text-align: center;
  line-height: 1.2; }
.m3-caption b { display: block; color: #f3d77a; }
.m3-felt p.m3-note { text-align: center; color: #fdfbf3; font-size: 0.9rem;
  line-height: 1.45; margin: 1rem 0.4rem 0 !important; }
@media (max-width: 640px) {
  .m3-hero { padding: 1.1rem 1.1rem 1rem; }
  .m3-hero h1 { font-size: 1.8rem; }
  .m3-hero p { font-size: 0.98rem; }
  .m3-steps { grid-template-columns: 1fr; gap: 0.6rem; }
  .m3-row { gap: 0.8rem 0.5rem; }
  .m3-slot { width: 4.3rem; }
  .m3-slot .m3-card { width: 4.3rem; height: 6.1rem; }
  .m3-slot .m3-pip { font-size: 2.3rem; }
}
</style>
"""


def card_slot(c: int) -> str:
    """A card with a caption under it saying what it is worth (and naming Kali Tidi)."""
    title = "<b>Kali Tidi</b>" if c == cards.KALI_TIDI else ""
    return (
        f'<div class="m3-slot">{faces.card_face(c)}'
        f'<div class="m3-caption">{title}{cards.POINTS[c]} points</div></div>'
    )


def steps_html() -> str:
    """The five steps of a round as numbered tiles."""
    tiles = "".join(
        f'<li class="m3-step"><b><span class="m3-num">{n}</span>{escape.html(head)}</b>'
        f'<span class="m3-text">{escape.html(body)}</span></li>'
        for n, (head, body) in enumerate(STEPS, start=1)
    )
    return f'<ol class="m3-steps">{tiles}</ol>'


#: The home page's line on the game (every game has one: ``ui.games.Showcase``).
LINE = (
    "Bid for the points your side will capture, pick trump, and fight for the 3 of spades, "
    "Kali Tidi, worth 30 points on its own."
)


def pieces() -> str:
    """Kali Tidi and the honours, as the home page's picture of the game."""
    return "".join(faces.card_face(cards.parse(n), small=True) for n in ("3S", "AH", "KC", "5D"))


def hero() -> None:
    """The welcome: the game in a paragraph."""
    st.markdown(look.CSS + STYLE, unsafe_allow_html=True)
    st.markdown(
        '<div class="m3-hero"><h1>♠ Moon 3 of Spades</h1>'
        '<p class="m3-tagline">The bidding game where one card is worth 30 points.</p>'
        "<p>Friends open a link, sit down at a felt table and play Moon 3 of Spades: bid for "
        "the points your side will capture, choose trump, and fight over every trick for "
        "the 3 of spades, <b>Kali Tidi</b>, worth 30 points on its own. It plays on phones "
        "and laptops alike with nothing to install, bots fill any empty seat, and every "
        "round is kept so you can look back at who bids boldly and who keeps catching "
        "Kali Tidi.</p></div>",
        unsafe_allow_html=True,
    )


def more() -> None:
    """Below the doors: a round in five steps and the cards' values."""
    st.subheader("How a round goes")
    st.markdown(steps_html(), unsafe_allow_html=True)

    st.subheader("What the cards are worth")
    showcase = "".join(card_slot(cards.parse(n)) for n in SHOWCASE)
    total = cards.POINTS_PER_DECK
    st.markdown(
        f'<div class="m3-felt"><div class="m3-row">{showcase}</div>'
        f'<p class="m3-note">Every ace, king, queen, jack and 10 is worth '
        f"{cards.POINTS[cards.parse('AS')]}, every 5 is worth {cards.POINTS[cards.parse('5S')]}, "
        f"and the rest nothing. A deck holds {total} points in all.</p></div>",
        unsafe_allow_html=True,
    )

    st.page_link(
        "screens/rules.py",
        label="Read the full rules",
        icon=":material/menu_book:",
        query_params={"game": FLAGSHIP},
    )
