"""Spades' controls at the table: the bid buttons, the hand, the hand's results and the lobby words.

The room page draws the felt and hands the rest to :func:`play`: the bid as
big buttons (Nil where it is played, blind nil while a side trails by 100,
the cards face down until then), the player's cards (legal ones tap to
play) and the Suggest button where hints are on.
"""

from __future__ import annotations

from typing import Any

import streamlit as st

from core.pieces import cards
from core.rooms import RoomView
from core.spades.scoring import Term, terms
from core.spades.view import PlayerView
from ui import escape, look
from ui import hand as hand_row
from ui.felt import name_of
from ui.spades.table import bid_text, side_label
from ui.turn import Turn, under_the_felt

#: What a round is called at this game's table.
ROUND = "hand"

#: The bid buttons' style, drawn once at the top of the room page.
CSS = """
<style>
.st-key-m3-spades-bids { display: grid !important; gap: 0.3rem;
  grid-template-columns: repeat(7, minmax(0, 1fr)); }
.st-key-m3-spades-bids > div { width: auto !important; min-width: 0; }
.st-key-m3-spades-bids button { width: 100%; min-height: 2.6rem; font-weight: 700; }
@media (max-width: 640px) { .st-key-m3-spades-bids { grid-template-columns: repeat(5, 1fr); } }
</style>
"""


def controls(view: RoomView, turn: Turn) -> None:
    """The bid buttons on the player's turn to bid (blind nil first where it is allowed)."""
    table: PlayerView | None = view.table
    if table is None or not table.my_turn or table.phase != "bidding":
        return
    if table.hand_hidden:
        st.markdown(
            "**Your cards are face down**: your side trails by 100 or more, so you may bid "
            "**blind nil** (±200) before looking. Any other bid turns them up."
        )
    with st.container(key="m3-spades-bids", horizontal=True):
        for action in table.legal:
            label = (
                "Blind nil" if action.blind else ("Nil" if action.value == 0 else str(action.value))
            )
            st.button(
                label,
                key=f"bid-{'blind' if action.blind else action.value}",
                type="primary" if action.blind else "secondary",
                on_click=turn.tap,
                args=(turn.send(action),),
            )


#: The player's cards; on their turn to play, the legal ones tap to play and the rest say why not.
hand = hand_row.playable(
    look.piece_label, look.piece_key, lambda action: int(action.value), cards.NAME.__getitem__
)


def said(view: RoomView, term: Term) -> str:
    """One part of a side's score in the game's terms: "Chen's nil fails (−100)"."""
    who = " and ".join(name_of(view, s) for s in term.seats)
    points = f"{term.points:+d}".replace("-", "−")
    if term.kind == "nil":
        nil = "blind nil" if term.blind else "nil"
        return f"{who}'s {nil} {'makes' if term.made else 'fails'} ({points})"
    if term.kind == "bags":
        return f"{who}'s {term.took} trick{'s' * (term.took != 1)} count as bags ({points})"
    several = len(term.seats) > 1
    if not term.made:
        return f"{who} {'are' if several else 'is'} set, {term.took} of {term.bid} ({points})"
    over = term.took - term.bid
    bags = f", {over} bag{'s' * (over != 1)}" if over > 0 else ""
    return f"{who} {'make' if several else 'makes'} {term.took} of {term.bid} ({points}{bags})"


def results(view: RoomView) -> None:
    """The hand's result per side, each part of its score in the game's terms (each nil, the
    contract, bags), then the running totals."""
    last = view.last_round
    table: PlayerView | None = view.table
    if last is None or table is None:
        return
    parts = terms(table.config, last["bids"], last["blind"], last["tricks"])
    rows = []
    for side, members in enumerate(table.sides):
        label = side_label(table, side) or name_of(view, members[0])
        bid = " + ".join(bid_text(last["bids"][s], last["blind"][s]) or "–" for s in members)
        shown = [said(view, term) for term in parts[side]]
        penalty = last["score"][side] - sum(term.points for term in parts[side])
        if penalty:
            shown.append(f"bags reach 10 ({penalty:+d})".replace("-", "−"))
        rows.append(
            f"<p><b>{escape.html(label)}</b> ({escape.html(bid)}): "
            f"{escape.html('; '.join(shown) or 'nothing scored')} → "
            f"<b>{last['score'][side]:+d}</b> · bags {last['bags'][side]} · total "
            f"<b>{last['totals'][side]}</b></p>"
        )
    score = last["score"]
    best = max(range(len(score)), key=lambda s: score[s])
    title = f"Hand {last['round']}"
    if score.count(score[best]) == 1:
        title += f": the best hand to {side_label(table, best) or name_of(view, best)}"
    st.markdown(look.result_html(title, "".join(rows)), unsafe_allow_html=True)


def describe_hint(hint: Any) -> str:
    """The Expert's suggestion in words."""
    action = hint.action
    if action.kind == "bid":
        said = (
            "blind nil" if action.blind else ("nil" if action.value == 0 else f"bid {action.value}")
        )
        return f"Suggestion: {said}."
    return f"Suggestion: play {cards.label(action.value)}."


#: Everything under the felt while a hand runs.
play = under_the_felt(hand, controls, describe_hint)


def summary(settings: Any) -> str:
    """The room's settings in one line, under the lobby's title."""
    form = "partners opposite" if settings.partnership else "every player for themselves"
    extras = [
        name
        for name, on in (
            ("jokers", settings.jokers),
            ("nil", settings.nil),
            ("blind nil", settings.blind_nil),
            ("bags", settings.bags),
            ("mercy at −200", settings.mercy),
        )
        if on
    ]
    return f"Spades · {settings.players} players, {form} · to {settings.target}" + (
        " · " + ", ".join(extras) if extras else ""
    )


def units(view: RoomView) -> list[str]:
    """Who scores: the two partnerships, or each player."""
    table: PlayerView | None = view.table
    if table is not None and table.partnership:
        return ["Side A", "Side B"]
    return list(view.names)
