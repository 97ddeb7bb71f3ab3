"""Moon 3 of Spades at a room's table: the game's side of hosting it (SPEC sections 2–4).

The room service keeps the lobby, the seats, the tokens, the clock and the
store; everything a round of this game needs from the room is here, working
on the room it is handed (:class:`core.games.TableRoom`): the Create Room
settings and their checks, Team-wise team places, seating (R8–R10), the
opening bid of each round (R11), the removal of extra cards before the deal
(R5, R6), the deal (R7), each move, the bidding timer's automatic pass
(R14), the end of a round with its score (R26, R27), the end of a game
(R28), ending early and the rematch.

The match across rounds lives in the room document as ``doc["game"]``
(number, config, round-one bidder, totals, rounds played, length, winners,
the last removal); the round in play as its hand record, ``doc["round"]``.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass, replace
from typing import Any, ClassVar

from core import hosting, seats
from core.games import (
    RESULTS,
    Choice,
    Chosen,
    GameEnd,
    GameFacts,
    Hint,
    Option,
    RoundFacts,
    SettingsError,
    TableRoom,
)
from core.hosting import hint_budget, seat_results
from core.moon3 import cards, facts, record, rules
from core.moon3.actions import Action, BadAction
from core.moon3.config import (
    BID_STEP,
    MAX_PLAYERS,
    MODE_LABELS,
    MODE_MIN_PLAYERS,
    Config,
    ConfigError,
    Mode,
    PartnerRule,
    call_count,
    call_counts,
    default_decks,
)
from core.moon3.scoring import (
    GameLength,
    chosen_length,
    game_outcome,
    new_match,
    round_score,
    unit_of,
)
from core.moon3.state import Phase, State
from core.moon3.view import PlayerView

DEFAULT_BID_TIMER = 60  # R14
#: The bidding timer turned off by the host (A5, WCAG 2.2.1): nobody passes automatically.
TIMER_OFF = 0


@dataclass(frozen=True, slots=True)
class RoomSettings:
    """What the host chooses on "Create Room" (SPEC section 2)."""

    game: ClassVar[str] = "moon3"

    mode: str = Mode.TEAMS.value
    players: int = 4
    #: Team-wise: the sizes of team A and team B.
    team_sizes: tuple[int, int] | None = None
    decks: int | None = None
    jokers: bool = False
    min_bid: int | None = None
    target: int | None = None
    rounds: int | None = None
    bid_timer: int = DEFAULT_BID_TIMER
    partner_rule: str = PartnerRule.FIRST.value
    #: Players may ask the Expert for a suggestion (off unless the host turns it on).
    hints: bool = False
    #: H2: teammate cards the Card-Based bidder calls (None: R17's count for the table).
    calls: int | None = None

    def checked(self) -> RoomSettings:
        """The settings with defaults filled in; :class:`SettingsError` if the rules forbid them."""
        try:
            mode = Mode(self.mode)
        except ValueError:
            raise SettingsError("choose Team-wise, Random or Card-Based") from None
        sizes = self.team_sizes
        players = self.players
        if mode is Mode.TEAMS:
            if sizes is None:
                sizes = (players - players // 2, players // 2)
            if len(sizes) != 2 or min(sizes) < 1:
                raise SettingsError("each team needs at least one player")
            players = sum(sizes)
        else:
            sizes = None
        if not MODE_MIN_PLAYERS[mode] <= players <= MAX_PLAYERS:
            raise SettingsError(
                f"this mode takes {MODE_MIN_PLAYERS[mode]} to {MAX_PLAYERS} players, not {players}"
            )
        if self.bid_timer != TIMER_OFF and not 15 <= self.bid_timer <= 120:
            raise SettingsError("the bidding timer is off or runs from 15 to 120 seconds")
        try:
            config = Config.make(
                players,
                mode,
                self.decks,
                self.min_bid,
                self.jokers,
                self.partner_rule,
                calls=self.calls if mode is Mode.PARTNERS else None,
            )
        except ConfigError as exc:
            raise SettingsError(str(exc)) from None
        if self.target is not None and self.rounds is not None:
            raise SettingsError("play to a target score or for a number of rounds, not both")
        if self.target is not None and not 5 <= self.target <= 100_000:
            raise SettingsError("the target score must be positive")
        if self.rounds is not None and not 1 <= self.rounds <= 100:
            raise SettingsError("a game lasts 1 to 100 rounds")
        return replace(
            self,
            mode=mode.value,
            players=players,
            team_sizes=sizes,
            decks=config.decks,
            min_bid=config.min_bid,
            partner_rule=config.partner_rule.value,
            calls=config.calls or None,
        )

    def length(self, config: Config) -> GameLength:
        """R28: the chosen game length, or the mode's default."""
        return chosen_length(config, self.target, self.rounds)

    def to_json(self) -> dict[str, Any]:
        return {
            "mode": self.mode,
            "players": self.players,
            "team_sizes": list(self.team_sizes) if self.team_sizes else None,
            "decks": self.decks,
            "jokers": self.jokers,
            "min_bid": self.min_bid,
            "target": self.target,
            "rounds": self.rounds,
            "bid_timer": self.bid_timer,
            "partner_rule": self.partner_rule,
            "hints": self.hints,
            "calls": self.calls,
        }

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> RoomSettings:
        sizes = data.get("team_sizes")
        return cls(**{**data, "team_sizes": tuple(sizes) if sizes else None})


def _players(chosen: Chosen) -> int:
    """The table size the form holds so far (Team-wise: both teams)."""
    if chosen.get("mode") == Mode.TEAMS.value:
        return int(chosen.get("team_a", 2)) + int(chosen.get("team_b", 2))
    return int(chosen.get("players", 4))


def _max_bid(chosen: Chosen) -> int:
    """R12: the deck's total of points, the highest bid."""
    return cards.POINTS_PER_DECK * int(chosen.get("decks", 1))


def _teams(chosen: Chosen) -> bool:
    return chosen.get("mode") == Mode.TEAMS.value


def _mode_note(chosen: Chosen) -> str:
    players = _players(chosen)
    if chosen.get("mode") == Mode.RANDOM.value:
        return (
            f"The system draws teams of {players // 2} and {players - players // 2} at the start."
        )
    return "The bid winner calls teammate cards each round; their holders stay hidden."


def _teams_note(chosen: Chosen) -> str:
    players = _players(chosen)
    if players > MAX_PLAYERS:
        return f"At most {MAX_PLAYERS} players in all; these teams need {players}."
    return f"{players} players in all."


#: Create Room for Moon 3 of Spades (SPEC section 2), each option after the ones it follows.
OPTIONS = (
    Option(
        "mode",
        "Game mode",
        "choice",
        Mode.TEAMS.value,
        tuple((mode.value, label) for mode, label in MODE_LABELS.items()),
    ),
    Option("team_a", "Players in team A", "number", 2, low=1, high=MAX_PLAYERS - 1, shown=_teams),
    Option(
        "team_b",
        "Players in team B",
        "number",
        2,
        low=1,
        high=MAX_PLAYERS - 1,
        shown=_teams,
        note=_teams_note,
    ),
    Option(
        "players",
        "Number of players",
        "slider",
        4,
        low=MODE_MIN_PLAYERS[Mode.RANDOM],
        high=MAX_PLAYERS,
        shown=lambda chosen: not _teams(chosen),
        note=_mode_note,
    ),
    Option(
        "decks",
        "Card sets",
        "choice",
        lambda chosen: default_decks(min(_players(chosen), MAX_PLAYERS)),
        ((1, "1 Deck"), (2, "2 Decks")),
    ),
    Option("jokers", "Add Trump Cards (one joker per deck, above every trump)", "toggle", False),
    Option(
        "min_bid",
        "Minimum bid",
        "number",
        lambda chosen: _max_bid(chosen) // 2,
        low=BID_STEP,
        high=_max_bid,
        step=BID_STEP,
    ),
    Option(
        "partner_rule",
        "Partner rule",
        "choice",
        PartnerRule.FIRST.value,
        (
            (PartnerRule.FIRST.value, "First Matching Card Played"),
            (PartnerRule.LAST.value, "Last Matching Card Played"),
        ),
        help="With two decks a called card exists twice: which of its players becomes partner.",
        shown=lambda chosen: chosen.get("mode") == Mode.PARTNERS.value and chosen["decks"] == 2,
    ),
    Option(
        "calls",
        "Teammate cards the bidder calls",
        "choice",
        lambda chosen: call_count(_players(chosen)),
        lambda chosen: tuple(
            (n, f"{n} card{'s' * (n != 1)}") for n in call_counts(_players(chosen))
        ),
        help="A house rule (H2): 1, 2 or 3, at most the players less two. The default "
        "follows the table: 1 for 3–4 players, 2 for 5–6, 3 from 7.",
        shown=lambda chosen: chosen.get("mode") == Mode.PARTNERS.value,
    ),
    Option(
        "length",
        "Game length",
        "choice",
        lambda chosen: "rounds" if chosen.get("mode") == Mode.PARTNERS.value else "target",
        (("target", "Target score"), ("rounds", "Number of rounds")),
    ),
    Option(
        "target",
        "First to",
        "number",
        _max_bid,
        low=BID_STEP,
        high=100_000,
        step=BID_STEP,
        shown=lambda chosen: chosen["length"] == "target",
    ),
    Option(
        "rounds",
        "Rounds",
        "number",
        lambda chosen: min(_players(chosen), MAX_PLAYERS),
        low=1,
        high=100,
        shown=lambda chosen: chosen["length"] == "rounds",
    ),
    Option(
        "bid_timer",
        "Time to bid before passing automatically",
        "choice",
        DEFAULT_BID_TIMER,
        choices=(
            (TIMER_OFF, "Off"),
            *((seconds, f"{seconds} s") for seconds in (15, 30, 45, 60, 90, 120)),
        ),
    ),
    Option(
        "hints",
        "Allow hints",
        "toggle",
        False,
        help="Players get a Suggest button: what the Expert bot would do, and while bidding "
        "the points their hand can expect to capture under each trump.",
    ),
)


def settings_from_form(chosen: Chosen) -> RoomSettings:
    """The settings the Create Room form holds (its values by option name)."""
    teams = _teams(chosen)
    return RoomSettings(
        mode=str(chosen["mode"]),
        players=_players(chosen),
        team_sizes=(int(chosen["team_a"]), int(chosen["team_b"])) if teams else None,
        decks=int(chosen["decks"]),
        jokers=bool(chosen["jokers"]),
        min_bid=int(chosen["min_bid"]),
        target=int(chosen["target"]) if chosen["length"] == "target" else None,
        rounds=int(chosen["rounds"]) if chosen["length"] == "rounds" else None,
        bid_timer=int(chosen["bid_timer"]),
        partner_rule=str(chosen.get("partner_rule", PartnerRule.FIRST.value)),
        hints=bool(chosen["hints"]),
        calls=int(chosen["calls"]) if "calls" in chosen else None,
    )


#: Quick game's own choice for this game (the form is shared by every game: say which).
QUICK_OPTIONS = (
    Option(
        "mode",
        "Moon 3 of Spades mode",
        "choice",
        Mode.TEAMS.value,
        tuple((mode.value, label) for mode, label in MODE_LABELS.items()),
    ),
)


def quick_settings(players: int, chosen: Chosen) -> RoomSettings:
    """A quick game's table: the mode chosen, the Expert's hints on (the host is the only human)."""
    return RoomSettings(mode=str(chosen["mode"]), players=players, hints=True)


def settings_from_json(data: dict[str, Any]) -> RoomSettings:
    return RoomSettings.from_json(data)


def settings_for(config: Config) -> RoomSettings:
    """Room settings that deal rounds of ``config`` (to open a room for any table and option)."""
    teams = config.team_seats() if config.teams else None
    return RoomSettings(
        mode=config.mode.value,
        players=config.players,
        team_sizes=(len(teams[0]), len(teams[1])) if teams else None,
        decks=config.decks,
        jokers=config.jokers,
        min_bid=config.min_bid,
        partner_rule=config.partner_rule.value,
        calls=config.calls or None,
    )


# ---------------------------------------------------------------- the lobby


def lobby_team(settings: RoomSettings, teams: list[int | None], wanted: int | None) -> int | None:
    """The team a newcomer takes: a team with a free place (Team-wise); none otherwise (R9, R10).

    ``teams`` are the teams of the seats taken so far.
    """
    if settings.mode != Mode.TEAMS:
        return None
    assert settings.team_sizes is not None
    counts = [teams.count(t) for t in (0, 1)]
    free = [t for t in (0, 1) if counts[t] < settings.team_sizes[t]]
    if wanted is None:
        if not free:
            raise SettingsError("this room is full")
        room_left = [settings.team_sizes[t] - counts[t] for t in (0, 1)]
        return 0 if room_left[0] >= room_left[1] else 1
    if wanted not in (0, 1):
        raise SettingsError("pick team A or team B")
    if wanted not in free:
        raise SettingsError(f"team {'AB'[wanted]} is full")
    return wanted


# ---------------------------------------------------------------- a game and its rounds


def begin(room: TableRoom, host_id: int | None) -> None:
    """Seat everyone (R8–R10), open the game's first round (R11)."""
    settings = RoomSettings.from_json(room.doc["settings"])
    rng = random.Random(f"{room.doc['seed']}:seating")
    members = sorted(room.seats, key=lambda s: s.join_order)
    mode = Mode(settings.mode)
    host = next(s for s in members if s.id == host_id)
    if mode is Mode.TEAMS:
        seating = seats.alternate(
            [s for s in members if s.team == 0], [s for s in members if s.team == 1]
        )
    elif mode is Mode.RANDOM:
        seating = seats.draw_teams(members, rng)
    else:
        seating = [(host, -1)] + [(s, -1) for s in members if s is not host]
    for position, (seat, team) in enumerate(seating):
        seat.position = position
        seat.team = team if team >= 0 else None
    assert host.position is not None
    round_one = seats.draw_seat(settings.players, rng) if mode is Mode.RANDOM else host.position
    labels = [team for _, team in seating] if mode is not Mode.PARTNERS else None
    config = Config.make(
        settings.players,
        mode,
        settings.decks,
        settings.min_bid,
        settings.jokers,
        settings.partner_rule,
        labels,
        settings.calls,
    )
    room.doc["game"] = new_game(room, config, round_one, 1)
    start_round(room)


def new_game(room: TableRoom, config: Config, round_one: int, number: int) -> dict[str, Any]:
    settings = RoomSettings.from_json(room.doc["settings"])
    length = settings.length(config)
    return {**new_match(config, length, number), "round_one": round_one, "last_removed": None}


def game_config(room: TableRoom) -> Config:
    data = room.doc["game"]["config"]
    teams = data.get("teams")
    labels = None
    if teams:
        labels = [0] * data["players"]
        for seat in teams[1]:
            labels[seat] = 1
    return Config.make(
        data["players"],
        data["mode"],
        data["decks"],
        data["min_bid"],
        data["jokers"],
        data["partner_rule"],
        labels,
        data.get("calls"),
    )


def start_round(room: TableRoom) -> None:
    """Removal first if the deck does not divide (R5, R6), else deal (R7)."""
    config = game_config(room)
    room.doc["round"] = None
    room.set_state(None)
    room.doc["requests"] = {}
    room.doc["since"] = room.now
    room.changed = True
    choice = REMOVAL.needed(room)
    if choice is not None:
        room.ask(choice)
        return
    deal(room, config, [])


def deal(room: TableRoom, config: Config, removed: list[int]) -> None:
    """Deal the round (R7), opened by R11's first bidder, without the cards removed."""
    game = room.doc["game"]
    seed = hosting.deal_seed(room)
    first = seats.first_bidder(game["round_one"], game["rounds"], config.players)
    state = rules.deal(config, first, seed, removed)
    hosting.open_round(room, state, config.players, record.dump)


class Removal:
    """R5–R6, Moon 3 of Spades' choice before a deal: when the deck does not divide, the
    chooser (the host; in Random mode a player drawn anew each round) removes that many
    0-point cards, the previous round's choice (else the lowest such cards) preselected."""

    #: Rooms saved before choices were the platform's named this one after what it is.
    earlier = "removal"

    def needed(self, room: TableRoom) -> Choice | None:
        config = game_config(room)
        if not config.removal_count:
            return None
        if config.mode is Mode.RANDOM:
            rng = random.Random(f"{room.doc['seed']}:chooser:{room.doc['round_number']}")
            chooser = seats.draw_seat(config.players, rng)
        else:
            host = room.host()
            chooser = host.position if host and host.position is not None else 0
        previous = room.doc["game"]["last_removed"]
        default = [cards.parse(c) for c in previous] if previous else rules.default_removal(config)
        return Choice(chooser, tuple(cards.names(default)))

    def options(self, room: TableRoom) -> tuple[int, ...]:
        """Every card the chooser may remove (0-point cards, never a joker), with copies."""
        return tuple(rules.removable_cards(game_config(room)))

    def default(self, room: TableRoom) -> tuple[int, ...]:
        return tuple(cards.parse(c) for c in room.doc["choice"]["default"])

    def choose(self, room: TableRoom, picked: Sequence[str]) -> None:
        """The chooser's cards leave the deck, then the deal."""
        config = game_config(room)
        try:
            ids = [cards.parse(c) for c in picked]
            rules.check_removed(config, ids)
        except (cards.UnknownCard, rules.BadRound) as exc:
            raise SettingsError(str(exc)) from None
        room.doc["game"]["last_removed"] = cards.names(sorted(ids))
        deal(room, config, ids)


REMOVAL = Removal()


#: A round's moves at the table (the hosting base's); an automatic pass is marked (R14).
MOVES: hosting.Moves[State, Action] = hosting.Moves(
    record, rules, Action, lambda state: state.phase is Phase.ROUND_OVER
)
restore = MOVES.restore
parse = MOVES.parse
took = MOVES.took


#: Moon 3 of Spades' rows for the stats (``core/store/moon3/tables.py``), of this version:
#: a finished round stored with older rows gets them again from its record
#: (``core.store.history.backfill``).
FACTS_TABLES = ("moon3_round", "round_seat", "kali_capture", "round_group")
FACTS_VERSION = facts.FACTS_VERSION


def round_facts(state: State, names: Sequence[str]) -> RoundFacts:
    """The round's facts for the store: once it is over, every row of :mod:`core.moon3.facts`;
    before (an abandoned round), its table alone."""
    if state.phase is Phase.ROUND_OVER:
        return facts.round_facts(facts.dealt(state), names)
    config = state.config
    return RoundFacts(config.mode.value, config.players, config.jokers)


def game_facts(
    config: Config, names: Sequence[str], totals: Sequence[int], winners: Sequence[int]
) -> GameFacts:
    """Each seat's result in a finished game: every member of a winning team wins."""
    units = [unit_of(config, seat) for seat in range(config.players)]
    return seat_results(config.mode.value, names, totals, winners, units)


def finish_round(room: TableRoom) -> GameEnd | None:
    """Score a finished round (R26, R27) and say if the game ends with it (R28)."""
    state = room.state()
    config = state.config
    game = room.doc["game"]
    assert state.bidder is not None and state.bid is not None
    made = bool(rules.made(state))
    sides = rules.side_points(state)
    score = round_score(config, state.bidder, state.partners, state.bid, made)
    game["totals"] = [t + s for t, s in zip(game["totals"], score, strict=True)]
    game["rounds"] += 1
    room.doc["last_round"] = {
        "round": game["rounds"],
        "bidder": state.bidder,
        "bid": state.bid,
        "trump": cards.SUITS[state.trump] if state.trump is not None else None,
        "called": cards.names(state.called or ()),
        "partners": list(state.partners),
        "bidding_side": rules.bidding_side(state),
        "made": made,
        "side_points": [sides["bidding"], sides["defending"]],
        "points": list(state.points),
        "kali_tidi": [{"seat": s, "trick": t} for s, t in facts.captures(state)],
        "score": score,
    }
    length = GameLength(target=game["target"], rounds=game["length_rounds"])
    outcome = game_outcome(game["totals"], game["rounds"], length)
    room.doc["since"] = room.now
    if outcome.over:
        return close(room, GameEnd(list(outcome.winners)))
    room.status = RESULTS
    return None


close = hosting.close


def end_early(room: TableRoom) -> GameEnd:
    """R28: the host ends the game between rounds; the leaders win, marked ended early."""
    totals = room.doc["game"]["totals"]
    best = max(totals)
    return close(room, GameEnd([i for i, t in enumerate(totals) if t == best], ended_early=True))


def rematch(room: TableRoom, host_position: int) -> None:
    """A new game with the same seats and teams; R11's round-1 rule applies again."""
    config = game_config(room)
    number = room.doc["game"]["number"] + 1
    if config.mode is Mode.RANDOM:
        rng = random.Random(f"{room.doc['seed']}:round_one:{number}")
        round_one = seats.draw_seat(config.players, rng)
    else:
        round_one = host_position if config.mode is Mode.TEAMS else 0
    room.doc["game"] = new_game(room, config, round_one, number)
    start_round(room)


class BiddingTimer:
    """R14, Moon 3 of Spades' timed move: a human who does not bid or pass in time passes."""

    def seconds(self, room: TableRoom) -> float | None:
        """The seconds a human has to bid, while bidding, unless the host turned it off."""
        if room.state().phase is not Phase.BIDDING:
            return None
        seconds = RoomSettings.from_json(room.doc["settings"]).bid_timer
        return None if seconds == TIMER_OFF else float(seconds)

    def timeout_action(self, room: TableRoom) -> Action:
        return rules.timeout_action(room.state())


BIDDING_TIMER = BiddingTimer()


class TeamsInLobby:
    """R8: in Team-wise mode each joiner picks a team with a free place."""

    def chosen(self, settings: RoomSettings) -> bool:
        return settings.mode == Mode.TEAMS.value

    def team_for(
        self, settings: RoomSettings, taken: list[int | None], wanted: int | None
    ) -> int | None:
        return lobby_team(settings, taken, wanted)


LOBBY_TEAMS = TeamsInLobby()


def length_text(game: dict[str, Any]) -> str:
    """The game's length in words ("first to 250 points", "5 rounds")."""
    return GameLength(target=game["target"], rounds=game["length_rounds"]).describe()


def hint(view: PlayerView, rng: random.Random, deadline: float) -> Hint:
    """The Expert's advice: while bidding, its bid and the points the side may expect per
    trump; otherwise its move."""
    from core.moon3 import bots  # the Expert's search, loaded when a hint is asked
    from core.moon3.bots import expert

    if view.phase != "bidding":
        return Hint(bots.get("expert", hint_budget(deadline)).choose(view, rng))
    values = expert.estimates(view, rng, deadline)
    return Hint(expert.bid_from(view, values), tuple(round(v) for v in values))


#: What a move refused by the rules raises, for the room to turn into its own refusal.
REFUSED: tuple[type[Exception], ...] = (BadAction, rules.IllegalAction, SettingsError)
