"""How to play Three-Player Moon, for players (SPEC section 9, M1–M7).

The numbers (players, tiles, hand size, bids, target) come from the engine's
config, and every ranking and score shown is worked out by the engine's own
tables (:mod:`core.moon_dominoes.tiles`, :mod:`core.moon_dominoes.scoring`),
so the page and the game cannot drift apart.
"""

from __future__ import annotations

from collections.abc import Sequence

import streamlit as st

from core.moon_dominoes import scoring, tiles
from core.moon_dominoes.config import BIDS, HAND, MOON, PLAYERS, TARGET
from ui.moon_dominoes import tiles as faces
from ui.moon_dominoes.table import trump_arg, trump_text

STYLE = """
<style>
.mdr-row { display: flex; flex-wrap: wrap; gap: 0.3rem; align-items: flex-end;
  margin: 0.2rem 0 0.9rem; }
.mdr-t { display: inline-block; width: 2.1rem; height: 4.2rem; line-height: 0; flex: none; }
.mdr-t svg { width: 100%; height: 100%; display: block; }
.mdr-t.mdr-mark { outline: 3px solid #c8102e; outline-offset: 2px; border-radius: 5px; }
</style>
"""

#: The tile of the worked example, and the trump it is worked in.
EXAMPLE = "5-3"
#: The number trump shown as an example.
NUMBER_TRUMP = 5


def _ranked(tiles_mask: int, trump: int, suit: int) -> list[int]:
    """The tiles of a mask, strongest first in a trick led in ``suit`` under ``trump``."""
    power = tiles.POWER[trump][suit]
    return sorted(tiles.bits(tiles_mask), key=lambda t: (-power[t], t))


def _row(shown: Sequence[int], trump: int | None = None, mark: int | None = None) -> None:
    """Tiles in a row, highest first, the one the text speaks of outlined."""
    cells = " ".join(
        f'<span class="mdr-t{" mdr-mark" if t == mark else ""}">'
        f"{faces.svg(tiles.NAME[t], trump_arg(trump))}</span>"
        for t in shown
    )
    st.markdown(f'<div class="mdr-row">{cells}</div>', unsafe_allow_html=True)


def _names(shown: Sequence[int]) -> str:
    return ", ".join(tiles.NAME[t] for t in shown)


def _bids() -> str:
    return ", ".join(str(b) for b in BIDS[:-1]) + f" or {BIDS[-1]}"


def _signed(points: int) -> str:
    return f"{points:+d}".replace("-", "−")


def _score_example(bid: int, taken: tuple[int, ...]) -> str:
    """A hand scored by the engine (the bidder is the first seat), in words."""
    done = scoring.hand_score(0, bid, taken, (0,) * PLAYERS)
    defenders = " and ".join(_signed(done.score[s]) for s in range(1, PLAYERS))
    result = "made" if done.made else "set"
    return (
        f"Bid {bid} and take {taken[0]} tricks: **{result}**, the bidder scores "
        f"**{_signed(done.score[0])}**; the defenders took {taken[1]} and {taken[2]}, and "
        f"score {defenders}"
    )


def draw() -> None:
    """The rules page of Three-Player Moon."""
    st.markdown(STYLE, unsafe_allow_html=True)
    st.title("Rules of Three-Player Moon")
    st.markdown(
        f"A trick-taking game with dominoes for exactly **{PLAYERS} players**. Each hand one "
        f"player wins the auction by promising to take a number of the {HAND} tricks, takes "
        f"the spare tile and names trump; the other two try to stop them. The first to "
        f"**{TARGET} points** wins."
    )

    st.header("The tiles")
    st.markdown(
        f"A double-six set without the tiles that have a blank, except the double blank: "
        f"**{tiles.COUNT} tiles**. Each player gets {HAND}; the last tile is the **widow**, "
        "left face down. A tile is named high end first: 6-4, 0-0."
    )
    _row(range(tiles.COUNT))

    st.header("Bidding")
    st.markdown(
        f"The first bidder of a game is drawn at random; each hand the first bid moves one "
        f"seat clockwise. Going round once, each player either **passes** or **bids** more "
        f"than the bid before: **{_bids()}** — the tricks they promise to take. "
        f"{MOON} means all {HAND} tricks and ends the auction at once.\n\n"
        "If all three pass, the tiles are shuffled and dealt again, and the next player "
        "opens the auction."
    )

    st.header("The widow, the discard and trump")
    st.markdown(
        f"The winner of the auction takes the widow into hand, then **discards** one of the "
        f"{HAND + 1} tiles face down (it may be the widow). Nobody sees it and it counts for "
        f"nothing. Then they **name trump**: a number from 0 to 6, **doubles**, or "
        f"**no trump**."
    )
    st.subheader("Suits")
    five_three = tiles.ID[EXAMPLE]
    led_as = tiles.SUIT_OF[tiles.NO_TRUMP][five_three]
    st.markdown(
        "Every number from 0 to 6 is a suit. A tile that is not a trump belongs, when it is "
        "**led**, to the suit of its **higher end**; a double names its own number. Within a "
        "suit the double is highest, then the others by their other end. A tile that is not "
        "a trump may **follow** a number when either of its ends shows it, so a mixed tile "
        "can follow either of its two numbers."
    )
    st.markdown(
        f"**Worked example: {EXAMPLE} with no trump.** Led, {EXAMPLE} names the "
        f"**{trump_text(led_as)}** (its higher end), and ranks among them, highest first:"
    )
    fives = tiles.FOLLOW[tiles.NO_TRUMP][led_as]
    _row(_ranked(fives, tiles.NO_TRUMP, led_as), mark=five_three)
    low = tiles.ENDS[five_three][1]
    threes = _ranked(tiles.FOLLOW[tiles.NO_TRUMP][low], tiles.NO_TRUMP, low)
    beaten = threes[threes.index(five_three) + 1 :]
    st.markdown(
        f"When a **{low}** is led, {EXAMPLE} may follow it too, and then counts as a {low} "
        f"ranked by its other end: it beats {_names(beaten)}."
    )
    _row(threes, mark=five_three)
    st.markdown(
        f"So {EXAMPLE} follows a {led_as} led and a {low} led alike; when anything else is "
        f"led it cannot win the trick."
    )

    st.subheader("What each trump does")
    number = _ranked(tiles.TRUMP_MASK[NUMBER_TRUMP], NUMBER_TRUMP, tiles.TRUMP_SUIT)
    st.markdown(
        f"- **A number** (say {trump_text(NUMBER_TRUMP)}): every tile bearing it is a trump "
        f"and belongs to no other suit. Trumps rank double first, then by their other end: "
        f"{_names(number)}. With {trump_text(NUMBER_TRUMP)} trump, {EXAMPLE} is a trump and "
        f"can no longer follow the {low}s."
    )
    _row(number, NUMBER_TRUMP, mark=five_three)
    doubles = _ranked(tiles.TRUMP_MASK[tiles.DOUBLES], tiles.DOUBLES, tiles.TRUMP_SUIT)
    st.markdown(
        f"- **Doubles**: the {len(doubles)} doubles are the trump suit, "
        f"{tiles.NAME[doubles[0]]} highest down to {tiles.NAME[doubles[-1]]}. They leave "
        "their numbers: a double follows no number, and a mixed tile never follows a "
        "double led (a double led is a trump)."
    )
    _row(doubles, tiles.DOUBLES)
    st.markdown(
        "- **No trump**: there are no trumps; each double is the highest tile of its number, "
        "as in the example above."
    )

    st.header("Play")
    st.markdown(
        f"The bidder leads the first trick; the winner of each trick leads the next. You must "
        f"follow the suit led if you can; if a trump is led, play a trump if you can; "
        f"otherwise play anything. The highest trump takes the trick, else the highest tile "
        f"of the suit led. All {HAND} tricks are played."
    )

    st.header("Scoring a hand")
    st.markdown(
        f"- **Made** (the bidder took at least the tricks bid; {MOON} needs all {HAND}): the "
        f"bidder scores the bid. Extra tricks score nothing.\n"
        f"- **Set**: the bidder loses the bid.\n"
        f"- Either way each **defender scores 1 a trick**.\n"
        f"- A made {MOON} **wins the game at once**; a set {MOON} costs {MOON}.\n\n"
        f"For example:\n\n- {_score_example(BIDS[1], (5, 1, 1))}.\n"
        f"- {_score_example(BIDS[2], (4, 2, 1))}."
    )

    st.header("Winning")
    st.markdown(
        f"When a player has **{TARGET} or more** after a hand, the highest score wins. If "
        f"two share the highest, play goes on, hand by hand, until one player leads alone."
    )
