"""How to play Spades, for players (SPEC section 8, S1–S7).

Deal sizes and removed cards are read from the engine's own config so that
the page and the game cannot drift apart.
"""

from __future__ import annotations

import streamlit as st

from core.pieces import cards
from core.spades.config import MAX_PLAYERS, MIN_PLAYERS, Config


def _deal_rows() -> list[dict[str, object]]:
    rows: list[dict[str, object]] = []
    for players in range(MIN_PLAYERS, MAX_PLAYERS + 1):
        for jokers in (False, True):
            config = Config.make(players, partnership=players == 4, jokers=jokers)
            removed = ", ".join(cards.label(c) for c in config.removed) or "nothing"
            rows.append(
                {
                    "Players": players,
                    "Jokers": "with" if jokers else "without",
                    "Cards each": config.hand_size,
                    "Taken out (shown to all)": removed,
                }
            )
    return rows


def draw() -> None:
    """The rules page of Spades."""
    st.title("Rules of Spades")
    st.markdown(
        "A trick-taking game where **spades are always trump**. Each hand every player "
        "says how many tricks they will take; a side that takes at least its bid scores "
        "ten a trick, one that falls short loses as much. First side to the target wins."
    )
    st.header("Players and sides")
    st.markdown(
        f"{MIN_PLAYERS} to {MAX_PLAYERS} players. At 4 the usual game is **partners**: "
        "partners sit opposite (seats 1 and 3 against 2 and 4) and score together. "
        "At 3 and 5, or at 4 when the host turns partners off, everyone plays for themselves."
    )
    st.header("The deal")
    st.markdown(
        "One 52-card deck, with the Big and Little Jokers added when the host chooses. "
        "Cards are taken out so that everyone gets the same number:"
    )
    st.table(_deal_rows(), hide_index=True, border="horizontal", width="content")
    st.markdown(
        "The first dealer is the first seat; the deal moves one seat clockwise each hand. "
        "The player on the dealer's left bids first and leads the first trick."
    )
    st.header("Bidding")
    st.markdown(
        "One round, clockwise: everyone bids once, from 1 trick to a whole hand. "
        "There is no passing and no limit on a side's total.\n\n"
        "- **Nil** (bid 0, where the host allows it): you promise to take no trick at all: "
        "+100 if you manage it, −100 if you take any.\n"
        "- **Blind nil** (where allowed): a player whose side trails by 100 or more may bid "
        "nil before looking at their cards, for +200 or −200. Their cards stay face down "
        "until they have bid."
    )
    st.header("Play")
    st.markdown(
        "Follow the suit led if you can; otherwise play anything. Spades (and the jokers: "
        "Big Joker above Little Joker above the ace of spades) beat every other suit. "
        "The highest spade takes the trick, else the highest card of the suit led; "
        "the winner leads the next.\n\n"
        "You may not lead a spade until spades are **broken**, that is until a spade or "
        "joker has been played to an earlier trick, unless you hold nothing but spades."
    )
    st.header("Scoring a hand")
    st.markdown(
        "A side's contract is the sum of its players' bids (nil bids apart):\n\n"
        "- **Made** (tricks ≥ contract): 10 points a trick bid, plus 1 for each extra trick "
        "(a **bag**). Bid 5 and take 6: 51.\n"
        "- **Set** (fewer tricks): minus 10 a trick bid (or nothing, if the host turned the "
        "set penalty off).\n"
        "- **Bags**: every time a side's bags reach 10 it loses 100, and the bags over 10 "
        "carry on (15 bags: +15 − 100 = −85).\n"
        "- **A failed nil's tricks**, as the host chooses: they count for nobody, they count "
        "as the side's over-tricks (1 point and a bag each), or they help the partner's bid."
    )
    st.header("Winning")
    st.markdown(
        "After a hand, a side at or over the target (500, or 200 for a short game) wins; if "
        "several are, the highest; an exact tie plays another hand. With the **mercy** rule "
        "a side at −200 or below ends the game and loses."
    )
