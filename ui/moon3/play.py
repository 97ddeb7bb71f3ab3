"""Moon 3 of Spades' controls at the table: the hand, bidding, teammate call, trump, removal.

The room page draws the felt and hands the rest of the table to :func:`play`:
the player's cards (legal ones tap to play), the decision at hand (an amount
and Bid, or Pass; cards to call; a suit for trump; the cards to remove so
the deck divides), the Suggest button where hints are on, and the last
trick and the round's bids on request.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable
from functools import partial
from typing import Any

import streamlit as st

from core import seats
from core.moon3 import cards
from core.moon3.config import MODE_LABELS, Mode, call_count
from core.moon3.table import TIMER_OFF
from core.rooms import CHOOSING, RoomError, RoomView
from ui import escape, look, numbers
from ui import hand as hand_row
from ui.moon3 import faces
from ui.moon3.table import headline, settings_of
from ui.turn import Turn, hint_button, hint_text

#: The controls' style, drawn once at the top of the room page (not in the table's flow).
CSS = """
<style>
/* Trump: four labelled suit buttons in one row. */
.st-key-m3-trumps { display: grid !important; grid-template-columns: repeat(4, 1fr); gap: 0.4rem; }
.st-key-m3-trumps > div { width: auto !important; min-width: 0; }
div[class*="st-key-trump-"] button { width: 100%; height: 3.6rem; background: #fffdf7;
  border: 1px solid #cfc7b2; box-shadow: 0 2px 5px rgba(0,0,0,0.2); }
div[class*="st-key-trump-"] button p { font: 700 1.05rem/1.15 Georgia, serif; white-space: pre-line;
  color: var(--m3-suit); }
@media (max-width: 640px) { div[class*="st-key-trump-"] button p { font-size: 0.86rem; } }
.st-key-trump-S { --m3-suit: var(--m3-suit-S, #111); }
.st-key-trump-H { --m3-suit: var(--m3-suit-H, #c8102e); }
.st-key-trump-C { --m3-suit: var(--m3-suit-C, #1b7a2f); }
.st-key-trump-D { --m3-suit: var(--m3-suit-D, #8a6d00); }
/* Picking cards (call, removal): one row a suit, every rank a tap. */
div[class*="st-key-m3-suit-"] { display: grid !important; gap: 0.22rem;
  grid-template-columns: 1.3rem repeat(var(--m3-ranks, 13), minmax(0, 1fr)); align-items: center; }
div[class*="st-key-m3-suit-"] > div { width: auto !important; min-width: 0; }
div[class*="st-key-m3-suit-"] p { margin: 0; }
.st-key-m3-picks { gap: 0.25rem !important; max-width: 44rem; }
.m3-suit-head { font: 700 1.15rem/1 Georgia, serif; text-align: center; }
/* Bidding: amount, Bid, Pass (and Suggest) in one row. */
.st-key-m3-bid { align-items: flex-end; flex-wrap: nowrap !important; }
.st-key-m3-bid [data-testid="stNumberInput"] { min-width: 7.5rem; }</style>
"""
CSS += faces.CSS


def play(view: RoomView, turn: Turn) -> None:
    """Everything under the felt while the round runs (card removal included)."""
    if view.status == CHOOSING:
        removal(view, turn)
        return
    hand(view, turn)
    controls(view, turn)
    bids_this_round(view)


def describe_hint(hint: Any) -> str:
    """The Expert's suggestion in words, with the points a bidder could expect under each trump."""
    text = f"Suggestion: {describe(hint.action)}."
    if hint.estimates is not None:
        guesses = " · ".join(
            f"{symbol} {points}"
            for symbol, points in zip(cards.SUIT_SYMBOLS, hint.estimates, strict=True)
        )
        text += f" As bidder your side could expect about: {guesses} points."
    return text


#: The player's cards, always the same faces; on their turn to play, legal ones tap to play
#: and the rest, dimmed, say why not.
hand = hand_row.playable(
    faces.button_label, faces.card_key, lambda action: int(action.value), cards.NAME.__getitem__
)


def describe(action: Any) -> str:
    """An action in words, for a hint."""
    if action.kind == "bid":
        return f"bid {action.value}"
    if action.kind == "pass":
        return "pass"
    if action.kind == "call":
        return "call " + " ".join(cards.label(c) for c in action.value)
    if action.kind == "trump":
        suit: int = action.value
        return f"choose {cards.SUIT_SYMBOLS[suit]} {cards.SUIT_NAMES[suit]} as trump"
    return f"play {cards.label(action.value)}"


def _bid(turn: Turn, amount: numbers.Number) -> None:
    """Bid the amount in the box as it is when Bid is pressed (a number typed just before
    included); nothing when it is out of range, which the redrawn box then says."""
    if amount.fits and amount.value is not None:
        turn.move({"type": "bid", "amount": amount.value})()


def controls(view: RoomView, turn: Turn) -> None:
    """The decision at hand for this player: bid, call, trump; playing is tapping a card."""
    table_view = view.table
    if table_view is None or view.me is None or turn.token is None or not table_view.my_turn:
        return
    if table_view.phase == "bidding":
        amounts = [int(str(a.value)) for a in table_view.legal if a.kind == "bid"]
        amount = None
        with st.container(horizontal=True, key="m3-bid", gap="small"):
            if amounts:
                amount = numbers.field(
                    "Your bid",
                    amounts[0],
                    amounts[-1],
                    key=f"bid-{view.version}",
                    value=amounts[0],
                    step=5,
                    button="Bid",
                    say=False,
                    width=130,
                    label_visibility="collapsed",
                )
                st.button(
                    "Bid",
                    type="primary",
                    disabled=not amount.fits,
                    on_click=turn.tap,
                    args=(partial(_bid, turn, amount),),
                )
            fold = turn.move({"type": "pass"})
            st.button("Pass", on_click=turn.tap, args=(fold,))
            hint_button(view, turn, describe_hint)
        if amount is not None:
            amount.say_range()  # under the row: on a phone the box is too narrow for it
    elif table_view.phase == "calling":
        callable_ids = list(getattr(table_view.legal, "callable", ()))
        count = table_view.call_count
        picker(
            "call",
            f"Select Teammate Card: call {count}; whoever holds one joins your side",
            [(c, 1) for c in callable_ids],
            count,
            [],
            "Call",
            lambda picked: turn.move(
                {"type": "call", "cards": [cards.NAME[c] for c, _ in picked]}
            )(),
            view.version,
        )
        hint_button(view, turn, describe_hint)
    elif table_view.phase == "trump":
        st.markdown("**Select Trump** · any trump beats every card of the other suits")
        with st.container(key="m3-trumps", horizontal=True):
            for suit, symbol in zip(cards.SUITS, cards.SUIT_SYMBOLS, strict=True):
                name = cards.SUIT_NAMES[cards.SUITS.index(suit)].title()
                choose = turn.move({"type": "trump", "suit": suit})
                st.button(
                    f"{symbol}\n{name}", key=f"trump-{suit}", on_click=turn.tap, args=(choose,)
                )
        hint_button(view, turn, describe_hint)
    elif table_view.phase == "playing":
        hint_button(view, turn, describe_hint)
    hint_text(view)


def _toggle(key: str, option: tuple[int, int], count: int) -> None:
    picked: list[tuple[int, int]] = st.session_state.setdefault(key, [])
    if option in picked:
        picked.remove(option)
    elif len(picked) < count:
        picked.append(option)


@st.fragment
def picker(
    kind: str,
    prompt: str,
    options: list[tuple[int, int]],
    count: int,
    default: list[tuple[int, int]],
    label: str,
    submit: Callable[[list[tuple[int, int]]], Any],
    version: int,
) -> None:
    """Cards to pick by tapping, one row a suit; ``label`` submits exactly ``count`` of them.

    An option is (card, copy): with two decks each copy of a card is its own tap.
    A tap reruns only this fragment; the submit reruns the page.
    """
    key = f"picked-{kind}-{version}"
    if key not in st.session_state:
        st.session_state[key] = list(default)
    picked: list[tuple[int, int]] = st.session_state[key]
    title, _, more = prompt.partition(": ")
    first, _, why = more.partition(", ")
    st.markdown(f"**{escape.markdown(title)}** · {escape.markdown(first)}")
    by_suit: dict[int, list[tuple[int, int]]] = {}
    for option in options:
        suit = len(cards.SUITS) if option[0] == cards.JOKER else cards.SUIT[option[0]]
        by_suit.setdefault(suit, []).append(option)
    widest = max((len(row) for row in by_suit.values()), default=13)
    st.markdown(
        f"<style>.st-key-m3-picks {{ --m3-ranks: {max(widest, 7)}; }}</style>",
        unsafe_allow_html=True,
    )
    with st.container(key="m3-picks"):
        for suit, row in sorted(by_suit.items()):
            symbol = look.KEY_SUIT[suit]
            with st.container(horizontal=True, key=f"m3-suit-{symbol}", gap=None):
                head = "★" if suit == len(cards.SUITS) else cards.SUIT_SYMBOLS[suit]
                colour = (
                    cards.JOKER_COLOUR if suit == len(cards.SUITS) else cards.SUIT_COLOURS[suit]
                )
                st.markdown(
                    f'<div class="m3-suit-head" style="color:{colour}">{head}</div>',
                    unsafe_allow_html=True,
                )
                for c, copy in row:
                    on = (c, copy) in picked
                    rank = faces.button_label(c).split(" ")[0]
                    st.button(
                        rank,
                        key=f"{faces.card_key('pick', c, copy)}-{'on' if on else 'off'}",
                        on_click=_toggle,
                        args=(key, (c, copy), count),
                        disabled=not on and len(picked) >= count,
                    )
    names = " ".join(cards.label(c) for c, _ in picked) or "none yet"
    with st.container(horizontal=True, vertical_alignment="center"):
        ready = len(picked) == count
        if st.button(label, type="primary", disabled=not ready, key=f"submit-{kind}"):
            try:
                submit(list(picked))
            except RoomError as exc:
                st.session_state["flash"] = str(exc)
            st.rerun()
        reason = f" {why.capitalize()}." if why else ""
        st.caption(f"Picked {len(picked)} of {count}: {names}.{reason}")


def bids_this_round(view: RoomView) -> None:
    """The bids of the round, on request (the last trick is the felt's, A3)."""
    table_view = view.table
    assert table_view is not None
    names = view.names
    if table_view.auction:
        with st.expander("Bids this round"):
            st.markdown(
                " → ".join(
                    f"{escape.markdown(names[s])} {'pass' if a is None else a}"
                    for s, a in table_view.auction
                )
            )


def removal(view: RoomView, turn: Turn) -> None:
    """The chooser picks the cards to remove (R5); everyone else sees the felt."""
    choice = view.choice
    mine = choice is not None and view.me is not None and view.me.position == choice.chooser
    if choice is None or not mine or turn.token is None:
        return
    # With two decks each card has two copies, and both may go: one option per copy.
    copies = Counter(choice.options)
    options = [(c, k) for c in sorted(copies) for k in range(1, copies[c] + 1)]
    seen: Counter[int] = Counter()
    default = []
    for c in choice.default:
        seen[c] += 1
        default.append((c, seen[c]))
    count = choice.count
    picker(
        "removal",
        f"Select Cards to Remove: {count} worth no points, so the deck divides evenly",
        options,
        count,
        default,
        "Confirm Selection",
        lambda picked: turn.rooms.choose(
            turn.token, [cards.NAME[c] for c, _ in picked], view.version
        ),
        view.version,
    )


# ---------------------------------------------------------------- lobby and results

#: What a round is called at this game's table.
ROUND = "round"


def summary(settings: Any) -> str:
    """The room's settings in one line, under the lobby's title."""
    mode = MODE_LABELS[Mode(settings.mode)]
    sizes = f" ({settings.team_sizes[0]} v {settings.team_sizes[1]})" if settings.team_sizes else ""
    return (
        f"{mode}{sizes} · {settings.players} players · "
        f"{settings.decks} deck{'s' if settings.decks != 1 else ''}"
        + (" · Trump Cards" if settings.jokers else "")
        + f" · minimum bid {settings.min_bid}"
        + _calls(settings)
        + (" · no bidding timer" if settings.bid_timer == TIMER_OFF else "")
    )


def _calls(settings: Any) -> str:
    """Card-Based: how many teammate cards the bidder calls (H2's house rule, or R17's)."""
    if settings.mode != Mode.PARTNERS:
        return ""
    count = settings.calls or call_count(settings.players)
    return f" · {count} teammate card{'s' * (count != 1)} called"


def _team_counts(view: RoomView) -> list[int]:
    return [sum(1 for s in view.seats if s.team == t) for t in (0, 1)]


def join_teams(view: RoomView) -> list[tuple[int, str]]:
    """The teams a newcomer may join, labelled with how full they are (Team-wise only)."""
    sizes = settings_of(view).team_sizes
    if settings_of(view).mode != Mode.TEAMS or not sizes:
        return []
    counts = _team_counts(view)
    return [(t, f"Team {'AB'[t]} ({counts[t]}/{sizes[t]})") for t in (0, 1) if counts[t] < sizes[t]]


def team_switch(view: RoomView) -> tuple[int, str] | None:
    """The other team, when a seated player may move there (it has a free place)."""
    sizes = settings_of(view).team_sizes
    if settings_of(view).mode != Mode.TEAMS or view.me is None or view.me.team is None or not sizes:
        return None
    other = seats.other_team(view.me.team)
    if _team_counts(view)[other] >= sizes[other]:
        return None
    return other, f"Switch to team {'AB'[other]}"


def compact(view: RoomView) -> bool:
    """A smaller felt while the decision needs the room (removing or calling cards)."""
    return view.status == CHOOSING or (view.table is not None and view.table.phase == "calling")


def units(view: RoomView) -> list[str]:
    """Who scores: the two teams, or each player in Card-Based."""
    return list(view.names) if settings_of(view).mode == Mode.PARTNERS else ["Team A", "Team B"]


def results(view: RoomView) -> None:
    """The last round in a box: who made or failed what, who scored, who took Kali Tidi."""
    said = headline(view)
    if said is None:
        return
    kali = f"<p>Kali Tidi (3♠): {escape.html(said.kali)}</p>" if said.kali else ""
    body = f"<p>{escape.html(said.detail)}</p>{kali}"
    st.markdown(
        look.result_html(said.title, body, "" if said.made else "m3-failed"),
        unsafe_allow_html=True,
    )
