"""What the felt says about a Moon 3 of Spades round, built from one player's room view.

Seats get their team (Team-wise, Random) or role (Card-Based: bidder, and
partners once the rules reveal them), cards left, points and tricks taken,
and while bidding what they last said. The corners hold the game's running
score and the round's facts (trump, bid, called cards, points still out).
The narration says what just happened, from public facts only: the last
bid or pass, the last card played and what it did (Kali Tidi in a trick,
a partner revealed, a trick won).

Everything returned as HTML has its user text escaped; plain strings are
escaped by whoever shows them.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass
from functools import partial
from typing import Any, cast

from core.moon3 import cards
from core.moon3.config import Mode
from core.moon3.table import RoomSettings
from core.moon3.view import PlayerView, TrickView
from core.rooms import CHOOSING, PLAYING, RoomView
from ui import escape, felt
from ui.felt import Now, name_of
from ui.moon3 import faces

WHAT = {
    "bidding": "bid or pass",
    "calling": "call teammate cards",
    "trump": "choose trump",
    "playing": "play a card",
}


def settings_of(view: RoomView) -> RoomSettings:
    """The room's own settings: a Moon 3 of Spades room's view carries its ``RoomSettings``
    (the contract types them as every game's)."""
    return cast(RoomSettings, view.settings)


def _tag(table: PlayerView | None, view: RoomView, seat: int) -> tuple[str, str]:
    if table is not None and table.teams:
        team = table.teams[seat]
        return "AB"[team], "ab"[team]
    if table is None:
        info = next((s for s in view.seats if s.position == seat), None)
        if info is not None and info.team is not None:
            return "AB"[info.team], "ab"[info.team]
        return "", ""
    if table.bidder == seat:
        return "bidder", "bid"
    if seat in table.partners:
        return "partner", "partner"
    return "", ""


def _note(table: PlayerView, seat: int) -> str:
    if table.phase == "bidding":
        said = [amount for s, amount in table.auction if s == seat]
        if said:
            return "passed" if said[-1] is None else f"bid {said[-1]}"
        if seat == table.first_bidder:
            return "opens the bidding"
        return ""
    if table.bidder == seat and table.bid is not None:
        return f"bid {table.bid}"
    return ""


def _played(view: RoomView, table: PlayerView) -> felt.Laid[TrickView]:
    """The trick laid out in front of the seats (:func:`ui.felt.laid`)."""
    return felt.laid(view, table.trick, table.last_trick, lambda shown: shown.cards)


def places(view: RoomView) -> list[felt.Place]:
    """Every seat of the table in seat order, as the felt draws them."""
    table = view.table

    def about(seat: int) -> felt.Place:
        tag, kind = _tag(table, view, seat)
        if table is not None:
            line = (
                f"{table.hand_counts[seat]}\u00a0cards · {table.tricks_taken[seat]}\u00a0tr · "
                f"{table.points[seat]}\u00a0pts"
            )
            return felt.Place("", tag, kind, line, _note(table, seat), table.to_act == seat)
        turn = view.choice is not None and view.choice.chooser == seat
        return felt.Place("", tag, kind, note="removes cards" if turn else "", turn=turn)

    if table is None:
        return felt.seated(view, about)
    return felt.seated_at_trick(
        view,
        about,
        _played(view, table),
        lambda shown: shown.cards,
        partial(faces.card_face, small=True),
    )


def corners(view: RoomView) -> tuple[str, str, str, str]:
    """The felt's corners: running score, trump and bid, called cards, points of the round."""
    return _score(view), _bid(view), _called(view), _points(view)


def _score(view: RoomView) -> str:
    """The game's running score: both teams, or the two leaders in Card-Based."""
    if not view.totals:
        return ""
    if settings_of(view).mode != Mode.PARTNERS.value:
        a, b = view.totals[:2]
        return f"A <b>{a}</b> · B <b>{b}</b><br>{escape.html(view.length)}"
    # The round being played, or at the results the one just finished.
    running = view.status in (PLAYING, CHOOSING)
    played = f"Round <b>{view.rounds_played + running}</b>"
    if view.length_rounds is not None:
        played += f" of {view.length_rounds}"
    elif view.target is not None:
        played += f" · to {view.target}"
    if not any(view.totals):
        return played
    leader = max(range(len(view.totals)), key=lambda s: view.totals[s])
    return f"Leader {escape.html(name_of(view, leader))} <b>{view.totals[leader]}</b><br>{played}"


def _bid(view: RoomView) -> str:
    table = view.table
    if table is None:
        return ""
    facts = []
    if table.trump is not None:
        facts.append(
            f"<b>{cards.SUIT_SYMBOLS[table.trump]} {cards.SUIT_NAMES[table.trump]}</b> trump"
        )
    if table.bid is not None and table.bidder is not None:
        facts.append(f"Bid <b>{table.bid}</b> {escape.html(name_of(view, table.bidder))}")
    elif table.high_bid is not None and table.high_bidder is not None:
        facts.append(
            f"High <b>{table.high_bid}</b> {escape.html(name_of(view, table.high_bidder))}"
        )
    return "<br>".join(facts)


def _called(view: RoomView) -> str:
    table = view.table
    if table is None or not table.called:
        return ""
    return "Called<br><b>" + " ".join(cards.label(c) for c in table.called) + "</b>"


def _points(view: RoomView) -> str:
    table = view.table
    if table is None or not table.bidding_side or table.phase not in ("playing", "round_over"):
        return ""
    return f"Bidders <b>{table.side_points[0]}</b><br>Still out <b>{table.points_out}</b>"


def centre_html(view: RoomView) -> str:
    table = view.table
    if table is None:
        return ""
    play = _played(view, table)

    def about(trick: TrickView | None, won: bool) -> str:
        if trick is None:
            return f"Trick {len(table.tricks) + 1}" if table.phase == "playing" else ""
        return f"Trick {felt.trick_number(len(table.tricks), won)}<br>{trick.points} pts"

    return felt.swap(about(play.last, True), about(play.trick, play.won), play.hold)


def _side_of(table: PlayerView, view: RoomView, seat: int) -> str:
    if table.teams:
        return f"team {'AB'[table.teams[seat]]}"
    if seat in table.bidding_side and (seat == table.bidder or seat in table.partners):
        return "the bidding side"
    return f"{name_of(view, seat)}'s side"


def everyone_passed(table: PlayerView) -> bool:
    """R13: the auction ended with every player passing (the opener then plays the minimum)."""
    return bool(table.auction) and all(amount is None for _, amount in table.auction)


def narration(view: RoomView) -> str:
    """What just happened, in one plain sentence (names unescaped)."""
    table = view.table
    if table is None:
        return ""
    if table.phase == "bidding":
        if not table.auction:
            return f"{name_of(view, table.first_bidder)} opens the bidding."
        seat, amount = table.auction[-1]
        return f"{name_of(view, seat)} {'passed' if amount is None else f'bid {amount}'}."
    if table.phase in ("calling", "trump"):
        won = (
            f"Everyone passed, so {name_of(view, table.bidder)}, who opened the bidding, "
            f"takes it at the minimum of {table.bid}"
            if everyone_passed(table)
            else f"{name_of(view, table.bidder)} won the bidding at {table.bid}"
        )
        if table.phase == "trump" and table.called:
            called = " ".join(cards.label(c) for c in table.called)
            return f"{won} and called {called}."
        return f"{won}."
    trick, _ = (table.trick, False) if table.trick.cards else (table.last_trick, True)
    if trick is None or not trick.cards:
        if table.trump is not None:
            return (
                f"{name_of(view, table.bidder)} chose {cards.SUIT_SYMBOLS[table.trump]} "
                f"{cards.SUIT_NAMES[table.trump]} as trump."
            )
        return ""
    seat, card = trick.seats[-1], trick.cards[-1]
    said = f"{name_of(view, seat)} played the {cards.label(card)}"
    if table.called and card in table.called and seat in table.partners:
        said += f" — {name_of(view, seat)} is revealed as partner"
    complete = not table.trick.cards
    if complete and trick.winner is not None:
        winner = name_of(view, trick.winner)
        if cards.KALI_TIDI in trick.cards:
            said += f" — Kali Tidi goes to {_side_of(table, view, trick.winner)}"
        said += f" — {winner} takes the trick ({trick.points} pts)"
    elif card == cards.KALI_TIDI:
        said += " — Kali Tidi is in this trick"
    return said + "."


def now(view: RoomView, at: float | None = None) -> Now:
    """What the table is waiting for (names escaped in ``text``)."""
    if view.choice is not None:
        chooser = name_of(view, view.choice.chooser)
        mine = view.me is not None and view.me.position == view.choice.chooser
        count = view.choice.count
        text = (
            f"<b>Your turn:</b> remove {count} card{'s' * (count != 1)} before the deal"
            if mine
            else f"Waiting for <b>{escape.html(chooser)}</b> to remove {count} "
            f"card{'s' * (count != 1)}"
        )
        return Now(text, mine, None)
    table = view.table
    if table is None or table.to_act is None:
        return Now("", False, None)
    what = WHAT.get(table.phase, "")
    if table.phase == "calling":
        what = f"call {table.call_count} teammate card{'s' * (table.call_count != 1)}"
    return felt.waiting_on(
        view, table.to_act, what, at, mine=table.my_turn, timed="passes automatically"
    )


# ---------------------------------------------------------------- results


@dataclass(frozen=True, slots=True)
class Headline:
    """A finished round in words: who made or failed what, who scores, who took Kali Tidi."""

    title: str
    detail: str
    made: bool
    kali: str


def _names(view: RoomView, seats: list[int]) -> str:
    shown = [name_of(view, s) for s in seats]
    if len(shown) <= 1:
        return "".join(shown)
    return ", ".join(shown[:-1]) + " and " + shown[-1]


def headline(view: RoomView) -> Headline | None:
    """The last round's result (plain text: escape it where it is shown)."""
    last = view.last_round
    if last is None:
        return None
    bidding = list(last["bidding_side"])
    defending = [s for s in range(len(view.names)) if s not in bidding]
    took, bid = last["side_points"][0], last["bid"]
    made = bool(last["made"])
    side = _names(view, bidding)
    verb = "make" if len(bidding) > 1 else "makes"
    if made:
        title = f"{side} {verb} {took} with a bid of {bid}"
    else:
        title = f"{side} take{'s' * (len(bidding) == 1)} {took} of {bid} — the bid fails"
    score = list(last["score"])
    if settings_of(view).mode == Mode.PARTNERS.value:
        detail = _each_role(view, last, made)
    else:
        winners = _names(view, bidding if made else defending)
        team = "AB"[score.index(max(score))] if any(score) else ""
        who = f"{winners} (team {team})" if made else f"The defenders, {winners} (team {team}),"
        detail = f"{who} score the bid ({_signed(max(score))})"
    if view.table is not None and everyone_passed(view.table):
        detail = (
            f"Everyone passed, so {name_of(view, last['bidder'])}, who opened the bidding, "
            f"played it at the minimum of {bid}. {detail}"
        )
    return Headline(title, detail, made, _kali_tidi(view, last["kali_tidi"]))


def _signed(points: int) -> str:
    """Points won or lost, signed as the results print them: "+150", "−150"."""
    return f"{points:+d}".replace("-", "−")


def _each_role(view: RoomView, last: dict[str, Any], made: bool) -> str:
    """R27 Card-Based: each player's score by their part in the round (bidder, partner,
    defender)."""
    score, bidder = last["score"], last["bidder"]
    partners = [s for s in last["partners"] if s != bidder]
    defenders = [s for s in range(len(score)) if s != bidder and s not in partners]
    bidding = name_of(view, bidder)
    if made:
        said = [f"{bidding}, the bidder, scores twice the bid ({_signed(score[bidder])})"]
        said += [f"{name_of(view, s)}, partner, the bid ({_signed(score[s])})" for s in partners]
        said.append("the defenders nothing")
    else:
        said = [f"{bidding}, the bidder, loses the bid ({_signed(score[bidder])})"]
        if defenders:
            each = " each" if len(defenders) > 1 else ""
            said.append(
                f"defending, {_names(view, defenders)} "
                f"score{'s' * (len(defenders) == 1)} the bid ({_signed(last['bid'])}{each})"
            )
        if partners:
            said.append(f"{_names(view, partners)}, partner{'s' * (len(partners) > 1)}, nothing")
    return "; ".join(said) + "."


def _kali_tidi(view: RoomView, captures: list[dict[str, int]]) -> str:
    """Who took Kali Tidi and in which trick; both copies in one trick are said once."""
    taken = Counter((k["seat"], k["trick"]) for k in captures)
    return ", ".join(
        f"{name_of(view, seat)} took both in trick {trick}"
        if count > 1
        else f"{name_of(view, seat)} (trick {trick})"
        for (seat, trick), count in taken.items()
    )
