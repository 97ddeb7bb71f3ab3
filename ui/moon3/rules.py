"""How to play Moon 3 of Spades, for players (SPEC section 3, R1–R28).

The text is written for people at the table. Every number that the engine
also knows (points, deal sizes, removals, bid limits, cards to call, scores)
is read from ``core`` so that the page and the game cannot drift apart.
"""

from __future__ import annotations

import streamlit as st

from core.moon3 import cards
from core.moon3.config import (
    MAX_PLAYERS,
    MIN_PLAYERS,
    MODE_LABELS,
    MODE_MIN_PLAYERS,
    Config,
    Mode,
    call_count,
    default_decks,
)
from core.moon3.scoring import default_length, round_score

DECKS = (1, 2)
#: Card-Based needs at least three players (R10); so do Random teams (R9).
MIN_SIDED_PLAYERS = MODE_MIN_PLAYERS[Mode.PARTNERS]


def config_for(players: int, decks: int) -> Config:
    """A default round for a table size: Card-Based where allowed, else Team-wise."""
    mode = Mode.PARTNERS if players >= MIN_SIDED_PLAYERS else Mode.TEAMS
    return Config.make(players, mode, decks)


def _table(rows: list[dict[str, object]], alt: str, wide: bool = False) -> None:
    """A table of the rules, ruled across only, as wide as its content (or the page)."""
    st.table(
        rows, hide_index=True, border="horizontal", alt=alt, width="stretch" if wide else "content"
    )


def deal_rows(decks: int) -> list[dict[str, object]]:
    """R5: cards each and cards removed for every table size with this many decks."""
    configs = [config_for(n, decks) for n in range(MIN_PLAYERS, MAX_PLAYERS + 1)]
    return [
        {"Players": c.players, "Cards each": c.hand_size, "Removed": c.removal_count}
        for c in configs
    ]


def deck_words(decks: int) -> str:
    """The words "1 deck" or "2 decks"."""
    return f"{decks} deck" if decks == 1 else f"{decks} decks"


def usual_decks() -> str:
    """Which table sizes play with one deck and which with two, unless the host says otherwise."""
    parts = []
    for decks in DECKS:
        sizes = [n for n in range(MIN_PLAYERS, MAX_PLAYERS + 1) if default_decks(n) == decks]
        parts.append(f"{deck_words(decks)} for {sizes[0]}–{sizes[-1]} players")
    return " and ".join(parts)


def rank_text(rank: str) -> str:
    """A rank letter as players write it ("T" is the 10)."""
    return "10" if rank == "T" else rank


def points_rows() -> list[dict[str, object]]:
    """R1: what each kind of card is worth, read from the engine's table."""
    honours = ", ".join(rank_text(r) for r in "AKQJT")
    blanks = ", ".join(rank_text(r) for r in cards.RANKS if cards.POINTS[cards.card(r, "H")] == 0)
    return [
        {"Card": "3♠ — Kali Tidi", "Points": cards.POINTS[cards.KALI_TIDI]},
        {"Card": f"Every {honours}", "Points": cards.POINTS[cards.parse("AH")]},
        {"Card": "Every 5", "Points": cards.POINTS[cards.parse("5H")]},
        {
            "Card": f"Every other card: {blanks} (so 3♥, 3♣ and 3♦ too)",
            "Points": cards.POINTS[cards.parse("3H")],
        },
        {
            "Card": "Trump Card (joker), when the host adds them",
            "Points": cards.POINTS[cards.JOKER],
        },
    ]


def call_rows() -> list[dict[str, object]]:
    """R17: teammate cards the Card-Based bidder calls per table size."""
    return [
        {"Players": players, "Cards to call": call_count(players)}
        for players in range(MIN_SIDED_PLAYERS, MAX_PLAYERS + 1)
    ]


def card_based_example(bid: int) -> str:
    """R27 for Card-Based on a worked example, with the scores worked out by the engine."""
    config = Config.make(5, Mode.PARTNERS)
    bidder, partner, defender = 0, 2, 1
    made = round_score(config, bidder, [partner], bid, made=True)
    failed = round_score(config, bidder, [partner], bid, made=False)
    return (
        f"For example, a bid of {bid} with one partner: if it is made, the bidder scores "
        f"{made[bidder]:+d}, the partner {made[partner]:+d} and each defender {made[defender]}; "
        f"if it fails, the bidder scores {failed[bidder]:+d}, the partner {failed[partner]} "
        f"and each defender {failed[defender]:+d}."
    )


def suit_key() -> str:
    """The four suits in their table colours (R4)."""
    return " ".join(
        f'<span style="color:{colour};font-weight:700">{symbol} {name}</span>'
        for symbol, name, colour in zip(
            cards.SUIT_SYMBOLS, cards.SUIT_NAMES, cards.SUIT_COLOURS, strict=True
        )
    )


def draw() -> None:
    """The rules page of Moon 3 of Spades."""
    one_deck = Config.make(4, Mode.TEAMS, 1)
    two_decks = Config.make(4, Mode.TEAMS, 2)
    with_joker = Config.make(4, Mode.PARTNERS, 1, jokers=True)
    team_target = default_length(one_deck).target
    team_target_two = default_length(two_decks).target
    players_range = f"{MIN_PLAYERS}–{MAX_PLAYERS}"
    sided_range = f"{MIN_SIDED_PLAYERS}–{MAX_PLAYERS}"
    teams_label = MODE_LABELS[Mode.TEAMS]
    random_label = MODE_LABELS[Mode.RANDOM]
    card_label = MODE_LABELS[Mode.PARTNERS]

    st.title("Rules of Moon 3 of Spades")
    st.markdown(
        f"A trick-taking game for {players_range} players. Win the auction, choose trump, "
        "and capture at least as many points as you bid, with your side. One card matters "
        f"more than any other: the 3 of spades, **Kali Tidi**, worth "
        f"{cards.POINTS[cards.KALI_TIDI]} points on its own."
    )

    st.header("Cards and points")
    _table(points_rows(), "Points of every card")
    st.markdown(
        f"One deck holds **{one_deck.max_bid} points** in all, "
        f"two decks **{two_decks.max_bid}**.\n\n"
        "Within a suit the cards rank, from high to low: "
        f"**{' '.join(rank_text(r) for r in cards.RANKS)}**. The 3♠ ranks as an ordinary 3: "
        "its worth lies in its points, not its power.\n\n"
        f"On this table the suits are {suit_key()}.",
        unsafe_allow_html=True,
    )
    st.subheader("Trump Cards (jokers)")
    st.markdown(
        "The host may add Trump Cards when creating the room, one per deck. A Trump Card is "
        f"worth {cards.POINTS[cards.JOKER]} points, counts as a card of the trump suit, and "
        "beats every other card. If two are played to the same trick, the later one wins."
    )

    st.header("Deck and deal")
    st.markdown(
        "Everyone receives the same number of cards: the deck is divided as evenly as "
        "possible, and the cards left over are taken out before the deal. Rooms play with "
        f"one or two full decks of 52 cards: usually {usual_decks()}."
    )
    for column, decks in zip(st.columns(len(DECKS)), DECKS, strict=True):
        with column:
            st.markdown(f"**With {deck_words(decks)}**")
            _table(deal_rows(decks), f"Deal with {deck_words(decks)}", wide=True)
    st.markdown(
        f"Trump Cards count as part of the deck: with {with_joker.players} players, one deck "
        f"and its Trump Card there are {with_joker.deck_size} cards, so each player gets "
        f"{with_joker.hand_size} and {with_joker.removal_count} is removed."
    )
    st.subheader("Removing extra cards")
    st.markdown(
        "When cards must come out, the host chooses which before every round's shuffle (in "
        f"{random_label} mode, a player drawn at random each round chooses instead). Only "
        "cards worth 0 points may be removed, and never a Trump Card, so the deck's point "
        "total stays whole. Last round's choice is offered again, so one click confirms it. "
        "Everyone sees which cards were removed."
    )

    st.header("Teams")
    _table(
        [
            {
                "Mode": teams_label,
                "Players": players_range,
                "Who plays with whom": "The host sets two team sizes "
                "(1 v 1, 2 v 2, 1 v 3, 3 v 4, …) "
                "and each player picks a team in the lobby. Teams stay together all game.",
            },
            {
                "Mode": random_label,
                "Players": sided_range,
                "Who plays with whom": "The game draws two teams, as equal as possible, when it "
                "begins. Teams stay together all game.",
            },
            {
                "Mode": card_label,
                "Players": sided_range,
                "Who plays with whom": "No fixed teams. Each round the bid winner calls teammate "
                "cards; whoever holds them joins the bidder, everyone else defends. "
                "Scores are kept per player.",
            },
        ],
        "Team modes",
        wide=True,
    )
    st.markdown(
        f"In {teams_label} and {random_label} mode the two teams sit alternately around the "
        "table as far as their sizes allow."
    )

    st.header("Bidding")
    st.markdown(
        f"""
    - Bidding goes clockwise. In the first round the host opens ({random_label} mode: a
      player drawn at random); each later round the opening bid moves one seat clockwise.
    - A bid is a number of points your side promises to capture. Bids go in steps of 5 and
      each must be higher than the last, from the minimum bid (usually {one_deck.min_bid}
      with one deck and {two_decks.min_bid} with two; the host may change it) up to
      everything in the deck: {one_deck.max_bid} with one deck, {two_decks.max_bid} with two.
    - Once you pass you are out of the auction for that round.
    - The auction ends when a bid stands and everyone else has passed: that player wins it.
      Bidding the maximum wins at once.
    - If all the others pass before anyone has bid, the last player still chooses: a bid
      wins straight away, and a pass means the whole table passed, so the round's first
      bidder takes the contract at the minimum bid.
    - Each turn has a timer, 60 seconds unless the host set another time (15 to 120
      seconds) or turned it off. A player who lets it run out passes automatically, and the
      round's record marks that pass as automatic.
    """
    )

    st.header("Teammate cards")
    st.markdown(
        f"Only in **{card_label}** mode. Before choosing trump, the bid winner names cards; "
        "whoever holds them is on the bidder's side for this round. How many, by default:"
    )
    _table(call_rows(), "Teammate cards to call")
    st.markdown(
        """
    - **House rule**: the host may choose 1, 2 or 3 teammate cards instead, at most the
      number of players less two (many big tables call three, some only one).
    - You may call any card outside your own hand. With two decks you may hold one copy of
      a called card, but not both. Cards removed before the deal cannot be called, and the
      called cards must all be different.
    - Everyone sees which cards were called; nobody learns who holds them until they are
      played.
    - With one deck, whoever plays a called card becomes a partner, and the whole table
      knows it at that moment.
    - With two decks the host picks a rule when creating the room:
      - **First Matching Card Played** (the usual rule): the first player other than the
        bidder to play a copy becomes the partner, announced as it is played.
      - **Last Matching Card Played**: the last such player becomes the partner. This is
        announced only once every copy has been played, the bidder's too; announcing earlier
        would tell everyone that the bidder holds the other copy.
    - A copy played by the bidder counts for nobody. If one player holds several called
      cards, the bidder simply has fewer partners.
    """
    )

    st.header("Trump")
    st.markdown(
        "The bid winner picks the trump suit: ♠, ♥, ♣ or ♦. "
        f"In {card_label} mode this comes after calling teammate cards."
    )

    st.header("Playing the tricks")
    st.markdown(
        """
    - The bid winner leads the first trick; whoever wins a trick leads the next.
    - If you hold a card of the suit that was led, you must play one. If you do not, you may
      play any card, a trump included. Trump Cards belong to the trump suit, so a Trump Card
      led asks for trump.
    - If any trump was played, the highest trump wins the trick; otherwise the highest card
      of the suit led wins. A Trump Card beats everything, and of two Trump Cards the later
      one wins.
    - With two decks, when two identical cards tie for the win, the one played later wins.
    - The winner takes the trick's cards and their points for their side.
    """
    )

    st.header("Made or failed")
    st.markdown(
        "When all cards are played, the bidder's side counts its points. With at least the bid "
        "it **made** the bid; with less it **failed**, and the defenders win the round."
    )

    st.header("Scoring")
    st.subheader(f"{teams_label} and {random_label}")
    st.markdown(
        "If the bid is made, the bidding team scores the bid. If it fails, the defending "
        "team scores the bid instead."
    )
    st.subheader(card_label)
    st.markdown("Each player keeps their own score.")
    _table(
        [
            {"Player": "Bidder", "Bid made": "+2 × bid", "Bid failed": "−bid"},
            {"Player": "Each partner", "Bid made": "+bid", "Bid failed": "0"},
            {"Player": "Each defender", "Bid made": "0", "Bid failed": "+bid"},
        ],
        "Card-Based scores",
    )
    st.markdown(card_based_example(150))

    st.header("End of the game")
    st.markdown(
        f"""
    - The host chooses the game's length when creating the room: first to a target score,
      or a set number of rounds.
    - Unless the host changes it, {teams_label} and {random_label} play until a team reaches
      {team_target} with one deck or {team_target_two} with two. {card_label} plays one round per
      player, so everyone opens the bidding once.
    - When the rounds run out, or several reach the target in the same round, the highest
      total wins; a tie shares the win.
    - The host may end the game after any round: whoever leads wins, marked "ended early".
    """
    )
