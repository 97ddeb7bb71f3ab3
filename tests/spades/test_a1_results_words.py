"""A1 in Spades: the results say each part of a side's score in the game's terms (S6)."""

from __future__ import annotations

from types import SimpleNamespace
from typing import Any

from core.spades.config import Config
from core.spades.scoring import hand_score, terms
from ui.spades.play import said

#: Partners opposite: Asha (0) with Chen (2), Ben (1) with Dev (3).
TABLE: Any = SimpleNamespace(names=["Asha", "Ben", "Chen", "Dev"])


def words(
    config: Config, bids: list[int], taken: list[int], blind: list[bool] | None = None
) -> list[str]:
    """Each side's score, part by part, as the results say it."""
    parts = terms(config, bids, blind or [False] * 4, taken)
    return ["; ".join(said(TABLE, term) for term in side) for side in parts]


def test_a1_a_failed_nil_fails_and_the_partner_makes_their_own_bid() -> None:
    side = words(Config.make(4), [4, 3, 0, 3], [4, 3, 2, 4])[0]
    assert side == "Chen's nil fails (−100); Asha makes 4 of 4 (+40)"


def test_a1_a_nil_bidders_tricks_do_not_make_the_partners_contract() -> None:
    side = words(Config.make(4), [5, 3, 0, 3], [4, 3, 2, 4])[0]
    assert side == "Chen's nil fails (−100); Asha is set, 4 of 5 (−50)"


def test_a1_a_made_nil_says_so() -> None:
    side = words(Config.make(4), [4, 3, 0, 3], [6, 3, 0, 4])[0]
    assert side == "Chen's nil makes (+100); Asha makes 6 of 4 (+42, 2 bags)"


def test_a1_a_blind_nil_is_worth_200() -> None:
    config = Config.make(4, blind_nil=True)
    side = words(config, [4, 3, 0, 3], [4, 3, 2, 4], [False, False, True, False])[0]
    assert side.startswith("Chen's blind nil fails (−200)")


def test_a1_failed_nil_tricks_as_bags_are_said_apart() -> None:
    side = words(Config.make(4, failed_nil="bags"), [4, 3, 0, 3], [4, 3, 2, 4])[0]
    assert (
        side
        == "Chen's nil fails (−100); Chen's 2 tricks count as bags (+2); Asha makes 4 of 4 (+40)"
    )


def test_a1_a_set_partnership_is_set_together() -> None:
    side = words(Config.make(4), [4, 4, 3, 5], [4, 3, 2, 4])[1]
    assert side == "Ben and Dev are set, 7 of 9 (−90)"


def test_a1_the_parts_add_up_to_the_hand_score() -> None:
    config = Config.make(4, failed_nil="bags")
    bids, taken = [4, 3, 0, 3], [4, 3, 2, 4]
    parts = terms(config, bids, [False] * 4, taken)
    done = hand_score(config, bids, [False] * 4, taken, [(0, 0), (0, 0)])
    assert [sum(t.points for t in side) for side in parts] == list(done.score)
