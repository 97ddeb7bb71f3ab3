"""Three-Player Moon's controls at the table: the auction, the widow, trump, the tiles, results.

The room page draws the felt and hands the rest to :func:`play`: the
player's tiles as real dominoes (the trump marked on every trump in hand;
on the player's turn the legal ones tap to play, and the others, dimmed, tap
to hear why not), the auction as big
buttons (pass, then every bid still open), the discard chosen by tapping
one of the eight tiles, trump chosen with its effect in one line, and the
Suggest button where hints are on.

A hand tile's widget key is ``md-tile-<tile>-<place>`` (``md-tile-6-4-3``), or
``dim-<tile>-<place>`` (``dim-6-4-3``) for a tile the player may not play now:
it draws dimmed and a tap sends its play for the rules to refuse with their reason.
"""

from __future__ import annotations

from typing import Any

import streamlit as st

from core.moon_dominoes import tiles
from core.moon_dominoes.config import HAND, MOON, TARGET
from core.moon_dominoes.view import PlayerView
from core.pieces import dominoes
from core.rooms import RoomView
from ui import escape, look
from ui.felt import name_of
from ui.moon_dominoes import tiles as faces
from ui.moon_dominoes.table import tile_html, trump_arg, trump_text
from ui.turn import Turn, show_flash, under_the_felt

#: What a round is called at this game's table.
ROUND = "hand"
#: The trump picker's widget key (the hand marks the trump being weighed).
PICK = "md-trump-pick"

_CSS = (
    "<style>"
    + faces.TILE_CSS
    + """
.md-tile { display: inline-block; width: var(--md-tw); height: var(--md-th);
  vertical-align: middle; line-height: 0; }
.md-tile.md-small { width: var(--md-small-w); height: var(--md-small-h); }
.md-tile svg { width: 100%; height: 100%; display: block; }
.md-widow { display: flex; flex-direction: column; align-items: center; gap: 0.1rem;
  font-size: 0.75rem; }
.st-key-md-hand { gap: 0.25rem !important; flex-wrap: wrap; justify-content: center; }
.st-key-md-hand > div { width: auto !important; min-width: 0; flex: none; }
.st-key-md-hand-wait button:disabled { opacity: 1 !important; }
.st-key-md-bids { display: grid !important; gap: 0.3rem;
  grid-template-columns: repeat(6, minmax(0, 1fr)); }
.st-key-md-bids > div { width: auto !important; min-width: 0; }
.st-key-md-bids button { width: 100%; min-height: 2.6rem; font-weight: 700; }
.md-result p { margin: 0.15rem 0; }
.md-trick { display: inline-flex; gap: 0.2rem; align-items: center; margin-right: 0.6rem; }
</style>
"""
)
#: The controls' style, drawn once at the top of the room page: one HTML block for Markdown, so
#: no blank line may break it.
CSS = "\n".join(line for line in _CSS.splitlines() if line.strip())


def _shown_trump(table: PlayerView) -> int | None:
    """The trump the hand marks: the named one, or the one the bidder is weighing."""
    if table.trump is not None:
        return table.trump
    if table.phase == "trump" and table.my_turn:
        picked = st.session_state.get(PICK)
        return picked if isinstance(picked, int) and 0 <= picked < len(tiles.TRUMPS) else None
    return None


def hand(view: RoomView, turn: Turn) -> None:
    """The player's tiles; on their turn to discard or play, the ones they may pick tap."""
    table: PlayerView | None = view.table
    if table is None or view.me is None or turn.token is None or not table.hand:
        return
    live = table.my_turn and table.phase in ("discard", "playing")
    kind = "discard" if table.phase == "discard" else "play"
    legal = {a.value for a in table.legal} if live else set()
    trump = _shown_trump(table)
    keys = {
        f"{'dim' if live and t not in legal else 'md-tile'}-{tiles.NAME[t]}-{i}": tiles.NAME[t]
        for i, t in enumerate(table.hand)
    }
    st.markdown(
        f"<style>{faces.button_css(keys, trump_arg(trump))}</style>", unsafe_allow_html=True
    )
    if table.phase == "discard" and table.my_turn and table.widow is not None:
        st.markdown(
            f"You took the widow, **{tiles.NAME[table.widow]}**. Tap the tile to **discard** "
            "face down: nobody sees it and it counts for nothing (it may be the widow)."
        )
    # Only while the player picks a tile are the others dimmed (they still tap, for the rules
    # to say why not); the rest of the time the whole hand shows plain.
    with (
        st.container(key="md-hand-live" if live else "md-hand-wait"),
        st.container(horizontal=True, key="md-hand", gap=None),
    ):
        for (key, name), t in zip(keys.items(), table.hand, strict=True):
            # The label is hidden (the button shows the tile): a screen reader says it in words.
            said = dominoes.words(*tiles.ENDS[t])
            label = said + (", trump" if trump is not None and tiles.is_trump(t, trump) else "")
            tap = turn.move({"type": kind, "tile": name}) if live else None
            st.button(
                label,
                key=key,
                disabled=tap is None,
                on_click=turn.tap if tap is not None else None,
                args=(tap,) if tap is not None else None,
            )
    show_flash()


def effect(trump: int, hand: tuple[int, ...]) -> str:
    """What a trump choice does, in one line, with how many of its trumps the hand holds."""
    held = sum(tiles.is_trump(t, trump) for t in hand)
    mine = f" — you hold {held}"
    if trump == tiles.DOUBLES:
        return (
            "The seven doubles are trumps, 6-6 highest; a double never follows its number"
            f" and a mixed tile never follows a double led{mine}."
        )
    if trump == tiles.NO_TRUMP:
        return (
            "No trumps: a tile led names its higher end (a double its own number); the "
            "highest tile of that number wins, the double on top."
        )
    n = trump
    return (
        f"Every tile with a {'blank' if n == 0 else n} is a trump, {n}-{n} highest, then by "
        f"the other end; the rest follow their numbers{mine}."
    )


def _auction(table: PlayerView, turn: Turn) -> None:
    st.caption(
        f"Bid the tricks you will take out of {HAND} with the widow and your trump, or "
        f"{MOON} for all seven (a made {MOON} wins the game at once)."
    )
    with st.container(key="md-bids", horizontal=True):
        for action in table.legal:
            label = "Pass" if action.kind == "pass" else str(action.value)
            st.button(
                label,
                key=f"md-bid-{action.value}",
                type="secondary" if action.kind == "pass" else "primary",
                on_click=turn.tap,
                args=(turn.send(action),),
            )


def _trump_choice(table: PlayerView, turn: Turn) -> None:
    picked = st.radio(
        "Name trump",
        list(tiles.TRUMPS),
        format_func=lambda t: trump_text(t).capitalize() if t >= tiles.DOUBLES else str(t),
        horizontal=True,
        key=PICK,
        index=None,
    )
    if picked is None:
        st.caption("Pick a number, Doubles or No trump: your tiles show the trumps it makes.")
        return
    st.markdown(escape.markdown(effect(picked, table.hand)))
    naming = next(a for a in table.legal if a.kind == "trump" and a.value == picked)
    st.button(
        f"Name {trump_text(picked)} as trump",
        key="md-name-trump",
        type="primary",
        on_click=turn.tap,
        args=(turn.send(naming),),
    )


def controls(view: RoomView, turn: Turn) -> None:
    """The auction's buttons or the trump choice, on the player's turn."""
    table: PlayerView | None = view.table
    if table is None or not table.my_turn:
        return
    if table.phase == "bidding":
        _auction(table, turn)
    elif table.phase == "trump":
        _trump_choice(table, turn)


def results(view: RoomView) -> None:
    """The hand's result: the bid, the trump, the tricks, made or set, and the scores."""
    last = view.last_round
    table: PlayerView | None = view.table
    if last is None or table is None or last.get("bidder") is None:
        return
    bidder = last["bidder"]
    bid = last["bid"]
    trump = tiles.parse_trump(last["trump"])
    verdict = "made it" if last["made"] else "was set"
    title = f"Hand {last['round']}: {name_of(view, bidder)} {verdict}"
    took = last["tricks"][bidder]
    if last["made"]:
        extra = " (extra tricks score nothing)" if took > bid else ""
        terms = f"made the bid: scores it{extra}"
    else:
        terms = "set: loses the bid"
    rows = [
        f"<p><b>{escape.html(name_of(view, bidder))}</b> bid {bid}"
        f"{' (all seven)' if bid == MOON else ''} with {escape.html(trump_text(trump))} as trump"
        f" and took {took} of {HAND if bid == MOON else bid}, {terms} → "
        f"<b>{last['score'][bidder]:+d}</b></p>"
    ]
    for seat in range(len(last["tricks"])):
        if seat != bidder:
            count = last["tricks"][seat]
            rows.append(
                f"<p>{escape.html(name_of(view, seat))} took {count} trick{'s' * (count != 1)}, "
                f"1 point a trick → <b>{last['score'][seat]:+d}</b></p>"
            )
    tricks = "".join(
        '<span class="md-trick">'
        + "".join(tile_html(t, table.trump) for t in trick.tiles)
        + f" {escape.html(name_of(view, trick.winner)[:8])}</span>"
        for trick in table.tricks
    )
    seven = f"<details><summary>The seven tricks</summary>{tricks}</details>"
    st.markdown(look.result_html(title, "".join(rows) + seven, "md-result"), unsafe_allow_html=True)


def describe_hint(hint: Any) -> str:
    """The Expert's suggestion in words (while bidding, its chances under each trump)."""
    action = hint.action
    if action.kind == "pass":
        said = "pass"
    elif action.kind == "bid":
        said = f"bid {action.value}"
    elif action.kind == "trump":
        said = f"name {trump_text(action.value)} as trump"
    elif action.kind == "discard":
        said = f"discard {tiles.NAME[action.value]}"
    else:
        said = f"play {tiles.NAME[action.value]}"
    text = f"Suggestion: {said}."
    if hint.estimates:
        best = sorted(range(len(hint.estimates)), key=lambda t: -hint.estimates[t])[:3]
        chances = ", ".join(f"{trump_text(t)} {hint.estimates[t]}%" for t in best)
        text += f" Chance to make it with the best trumps: {chances}."
    return text


#: Everything under the felt while a hand runs.
play = under_the_felt(hand, controls, describe_hint)


def summary(settings: Any) -> str:
    """The room's settings in one line, under the lobby's title."""
    hints = " · hints on" if settings.hints else ""
    return f"Three-Player Moon · 3 players, dominoes, first to {TARGET}{hints}"


def units(view: RoomView) -> list[str]:
    """Who scores: each player."""
    return list(view.names)
