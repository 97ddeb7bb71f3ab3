"""How to play Thirteen, for players (SPEC section 10, T1–T6).

Every example on the page is named by the engine: each combination's words
come from :func:`core.thirteen.combos.describe`, and each "beats" or "does
not beat" is asked of :func:`core.thirteen.combos.beats` as the page is
drawn, so the page and the game cannot drift apart. The numbers (players,
cards each, game lengths) come from the engine's config.
"""

from __future__ import annotations

from collections.abc import Sequence

import streamlit as st

from core.thirteen import cards, combos
from core.thirteen.config import DEFAULT_HANDS, HAND, MAX_PLAYERS, MIN_PLAYERS
from core.thirteen.table import LENGTHS
from ui import look
from ui.thirteen.table import face

STYLE = """
<style>
.thr-row { display: flex; flex-wrap: wrap; gap: 0.3rem; align-items: center;
  margin: 0.2rem 0 0.9rem; }
.thr-examples { display: grid; gap: 0.5rem 0.8rem; margin: 0.3rem 0 1rem;
  grid-template-columns: repeat(auto-fill, minmax(10.5rem, 1fr)); }
.thr-examples.thr-wide { grid-template-columns: repeat(auto-fill, minmax(19rem, 1fr)); }
.thr-ex { background: #f7f5ef; border: 1px solid #e3ddcc; border-radius: 10px;
  padding: 0.45rem 0.55rem; min-width: 0; }
.thr-ex.thr-no { background: #fbf1f1; border-color: #efcfcf; }
/* A play's cards overlap, their corners showing, so a long one stays on one line. */
.thr-cards { display: inline-flex; flex-wrap: nowrap; align-items: center; }
.thr-cards .m3-card + .m3-card { margin-left: calc(var(--m3-small-w) * -0.32); }
.thr-say { font-size: 0.85rem; margin-top: 0.3rem; line-height: 1.3; }
.thr-vs { display: flex; flex-wrap: wrap; gap: 0.3rem 0.5rem; align-items: center; }
.thr-word { font-size: 0.8rem; font-weight: 700; color: #1f6f43; }
.thr-no .thr-word { color: #c8102e; }
@media (max-width: 640px) {
  .thr-row { gap: 0; }
  .thr-row .m3-card + .m3-card { margin-left: calc(var(--m3-small-w) * -0.3); }
  .thr-cards .m3-card + .m3-card { margin-left: calc(var(--m3-small-w) * -0.4); }
  .thr-examples.thr-wide { grid-template-columns: 1fr; }
}
</style>
"""

PLACE_WORDS = ("1st", "2nd", "3rd", "4th")


def _play(text: str) -> tuple[int, ...]:
    """Card names separated by spaces ("9S 9H"), as a play: ascending ids."""
    return tuple(sorted(cards.parse(name) for name in text.split()))


def _faces(play: Sequence[int]) -> str:
    return "".join(face(c) for c in play)


def _labels(play: Sequence[int]) -> str:
    return " ".join(cards.label(c) for c in play)


def _what(play: tuple[int, ...]) -> str:
    combo = combos.classify(play)
    return combos.describe(combo) if combo is not None else "no combination"


def _combo(play: tuple[int, ...]) -> combos.Combo:
    combo = combos.classify(play)
    assert combo is not None, _labels(play)
    return combo


def _examples(boxes: Sequence[str], wide: bool = False) -> None:
    kind = "thr-examples thr-wide" if wide else "thr-examples"
    st.markdown(f'<div class="{kind}">{"".join(boxes)}</div>', unsafe_allow_html=True)


def _shown(text: str, note: str = "") -> str:
    """A play face up with what the engine calls it (or that it is none)."""
    play = _play(text)
    combo = combos.classify(play)
    said = f"<b>{_what(play)}</b>" if combo is not None else "<b>not a combination</b>"
    kind = "thr-ex" if combo is not None else "thr-ex thr-no"
    return (
        f'<div class="{kind}"><div class="thr-cards">{_faces(play)}</div>'
        f'<div class="thr-say">{said}{" — " + note if note else ""}</div></div>'
    )


def _versus(higher: str, lower: str, note: str = "") -> str:
    """Two plays side by side: whether the first beats the second, as the engine says."""
    play, standing = _play(higher), _play(lower)
    wins = combos.beats(_combo(play), _combo(standing))
    word = "beats" if wins else "does not beat"
    first, second = _what(play), _what(standing)
    if first == second:  # the same words: name the top cards that decide
        first += f" to {cards.label(play[-1])}"
        second += f" to {cards.label(standing[-1])}"
    said = f"<b>{first}</b> {word} <b>{second}</b>"
    return (
        f'<div class="thr-ex{"" if wins else " thr-no"}"><div class="thr-vs">'
        f'<span class="thr-cards">{_faces(play)}</span><span class="thr-word">{word}</span>'
        f'<span class="thr-cards">{_faces(standing)}</span></div>'
        f'<div class="thr-say">{said}{" — " + note if note else ""}</div></div>'
    )


def _row(play: Sequence[int]) -> None:
    st.markdown(f'<div class="thr-row">{_faces(play)}</div>', unsafe_allow_html=True)


def _points_table() -> str:
    """T6: n−1 points for 1st down to 0 for last, per table size."""
    rows: list[list[object]] = [
        [f"{n} players", *(n - 1 - place if place < n else "–" for place in range(MAX_PLAYERS))]
        for n in range(MAX_PLAYERS, MIN_PLAYERS - 1, -1)
    ]
    return look.table_html(["Points", *PLACE_WORDS], rows)


def draw() -> None:
    """The rules page of Thirteen."""
    st.markdown(look.CSS + STYLE, unsafe_allow_html=True)
    st.title("Rules of Thirteen")
    st.markdown(
        f"A shedding game (Tiến lên) for **{MIN_PLAYERS} to {MAX_PLAYERS} players**: be the "
        f"first to play out all {HAND} of your cards. Players take turns beating the play on "
        "the table with the same kind of combination, a little higher, or passing."
    )

    st.header("The deal and the order of cards")
    st.markdown(
        f"One deck, **{HAND} cards each**; with {MIN_PLAYERS} or {MAX_PLAYERS - 1} players "
        "the rest are set aside unseen. The ranks run from **3, the lowest, up to A, then 2, "
        "the highest**:"
    )
    _row([cards.INDEX[r + "S"] for r in cards.RANKS])
    st.markdown(
        "Within a rank the suits go **♠ ♣ ♦ ♥**, low to high. A card's order is its rank "
        "first, then its suit: 3♠ is the lowest card of all and 2♥ the highest."
    )
    _row(_play("7S 7C 7D 7H"))

    st.header("Who starts")
    lowest = cards.label(0)
    st.markdown(
        f"In a game's first hand the player holding the **lowest card dealt** (usually "
        f"{lowest}) leads, and that first play must contain it. In each later hand the winner "
        "of the hand before leads, and may lead anything."
    )

    st.header("Combinations")
    st.markdown(
        "You may lead, and beat, any of these. A **sequence** is three or more consecutive "
        "ranks in any suits; a **double sequence** three or more consecutive pairs. Neither "
        "may contain a 2, and they do not wrap round: 3 is low, A is high."
    )
    _examples(
        [
            _shown("8D"),
            _shown("9S 9H"),
            _shown("QC QD QH"),
            _shown("6S 6C 6D 6H", "four of a kind, also called a quad"),
            _shown("4D 5S 6H 7C", "a sequence"),
            _shown("8S 8D 9C 9H TS TC", "a double sequence"),
        ]
    )
    st.markdown("And these are not combinations:")
    _examples(
        [
            _shown("KS AD 2C", "a sequence may not contain a 2"),
            _shown("AH 2S 3D", "no wrapping from A round to 3"),
            _shown("5S 5C 6D 6H", "a double sequence needs three pairs or more"),
        ]
    )

    st.header("Beating a play")
    st.markdown(
        "A play beats the one on the table when it is the **same combination with the same "
        "number of cards** and a **higher top card** — compared by rank, then by suit."
    )
    _examples(
        [
            _versus("JC", "9H"),
            _versus("9C 9H", "9S 9D", "same rank: the top card's suit decides, ♥ over ♦"),
            _versus("5S 6S 7D", "4H 5D 6C"),
            _versus("5H 6D 7C", "5S 6S 7D", "7♣ is lower than 7♦"),
            _versus("4S 5S 6D 7C", "5H 6D 7H", "a longer sequence is another combination"),
            _versus("KS KC", "AH", "a pair never beats a single"),
        ],
        wide=True,
    )

    st.subheader("Bombs: beating 2s")
    st.markdown(
        "2s are the highest cards, but a **bomb** beats them even though it is another kind "
        "of combination:\n\n"
        "- a **single 2**: by a **quad**, or a **double sequence of three pairs**;\n"
        "- a **pair of 2s**: by a **double sequence of four pairs**;\n"
        "- **three 2s**: by a **double sequence of five pairs**.\n\n"
        "A bomb is then beaten only by a higher combination of its own kind and length."
    )
    _examples(
        [
            _versus("3S 3C 3D 3H", "2H"),
            _versus("4S 4C 5D 5H 6S 6C", "2H"),
            _versus("5S 5C 6S 6C 7D 7H 8S 8H", "2S 2D"),
            _versus("6S 6C 7S 7C 8D 8H 9S 9C TD TH", "2S 2C 2D"),
            _versus("3S 3C 3D 3H", "2S 2D", "a quad is a bomb on a single 2 only"),
            _versus("9S 9C 9D 9H", "3S 3C 3D 3H", "a higher quad beats the quad"),
        ],
        wide=True,
    )

    st.header("Passing")
    st.markdown(
        "On your turn, beat the play on the table or **pass**. You may pass even when you "
        "could beat it — but not when you lead. **A player who passes is out until the trick "
        "is over**: they cannot come back in on a later turn of the same trick.\n\n"
        "When everyone else has passed, the last player to play **leads afresh**, anything "
        "they like. If that player has just gone out, the next player clockwise who still "
        "holds cards leads."
    )

    st.header("Places and points")
    st.markdown(
        "The first to play out every card **places first**; the others play on for the next "
        "places until one player is left holding cards, who is last. Each hand scores "
        "**one point fewer than the number of players for 1st**, down to **0 for last**:"
    )
    st.markdown(_points_table(), unsafe_allow_html=True)
    lengths = ", ".join(str(n) for n in LENGTHS[:-1]) + f" or {LENGTHS[-1]}"
    st.markdown(
        f"A game is a number of hands the host sets — {lengths}; **{DEFAULT_HANDS}** unless "
        "the host says otherwise. After the last hand the **highest total wins**; players "
        "tied on the highest total share the win."
    )
