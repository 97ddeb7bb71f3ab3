"""Player names: cleaned to one line of visible text, unique by look, bot names kept for bots."""

from __future__ import annotations

import pytest

from core import names
from core.moon3.table import RoomSettings
from core.rooms import Refused, Rooms


@pytest.mark.parametrize(
    ("typed", "shown"),
    [
        ("  Asha  ", "Asha"),
        ("Ａｓｈａ", "Asha"),  # full-width letters are plain letters
        ("Ben\u200b\u202e", "Ben"),  # zero-width and right-to-left override go
        ("Chen\x00", "Chen"),
        ("Dev\tand\nEli", "Dev and Eli"),
        ("Fay \U0001d41f", "Fay f"),  # a styled letter is the letter
    ],
)
def test_a_name_is_one_line_of_visible_text(typed: str, shown: str) -> None:
    assert names.clean(typed) == shown


@pytest.mark.parametrize("typed", ["", "   ", "\u200b\u200d", "\ud800", 42, None, ["Asha"]])
def test_a_name_needs_visible_text(typed: object) -> None:
    with pytest.raises(names.BadName):
        names.clean(typed)


def test_a_name_is_at_most_the_limit() -> None:
    assert names.clean("a" * names.LIMIT) == "a" * names.LIMIT
    with pytest.raises(names.BadName, match="at most"):
        names.clean("a" * (names.LIMIT + 1))


@pytest.mark.parametrize(
    "lookalike",
    [
        "\u0410lice",  # Cyrillic capital A
        "Ａｌｉｃｅ",  # full-width
        "ALICE",
        "AIice",  # capital i for l
        "A\u217cice",  # small roman numeral fifty
        "Al\u0456ce",  # Cyrillic i
    ],
)
def test_names_that_look_alike_clash(lookalike: str) -> None:
    assert names.clashes(names.clean(lookalike), ["Alice"]) == "Alice"


@pytest.mark.parametrize("other", ["Alicia", "Bob", "Alice B", "Ali"])
def test_different_names_do_not_clash(other: str) -> None:
    assert names.clashes(other, ["Alice"]) is None


@pytest.mark.parametrize(
    "typed", ["Bot 1", "bot 12", "BOT3", "B0t 2", "Ｂｏｔ　４", "Bot  5", "Ada Bot", "wren  B0T"]
)
def test_bot_names_are_reserved(typed: str) -> None:
    assert names.is_bot_name(names.clean(typed))


@pytest.mark.parametrize("typed", ["Bot", "Botany", "Robot 1", "Bot x", "Abbot 2", "Ada Talbot"])
def test_other_names_with_bot_in_them_are_free(typed: str) -> None:
    assert not names.is_bot_name(typed)


def test_joining_with_a_lookalike_of_a_seated_name_is_refused(rooms: Rooms) -> None:
    code, _ = rooms.create("Alice", RoomSettings(mode="partners", players=4))
    for lookalike in ("\u0410lice", "Ａｌｉｃｅ", "alice"):
        with pytest.raises(Refused, match="already called Alice"):
            rooms.join(code, lookalike)
    assert [s.name for s in rooms.watch(code).seats] == ["Alice"]


def test_a_human_may_not_take_a_bot_name(rooms: Rooms) -> None:
    with pytest.raises(Refused, match="bot's name"):
        rooms.create("Bot 1", RoomSettings(mode="partners", players=4))
    code, host = rooms.create("Asha", RoomSettings(mode="partners", players=4))
    with pytest.raises(Refused, match="bot's name"):
        rooms.join(code, "bot 2")
    rooms.add_bot(host)
    with pytest.raises(Refused, match="bot's name"):
        rooms.join(code, "Zoe b0t")
    rooms.add_bot(host)
    assert [s.name for s in rooms.watch(code).seats] == ["Asha", "Ben Bot", "Cleo Bot"]


def test_a_joined_name_is_stored_clean(rooms: Rooms) -> None:
    code, _ = rooms.create("Asha", RoomSettings(mode="partners", players=4))
    rooms.join(code, "  Ｂｅｎ\u200b ")
    assert [s.name for s in rooms.watch(code).seats] == ["Asha", "Ben"]


def test_checking_many_names_for_look_alikes_reduces_each_name_once(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    reduced: list[str] = []
    keys = names.keys.__wrapped__

    def counted(name: str) -> tuple[str, str]:
        reduced.append(name)
        return keys(name)

    monkeypatch.setattr(names, "keys", counted)
    seen = names.LookAlikes()
    taken = [seen.take(f"Player {n}") for n in range(2_000)]
    assert taken == [None] * 2_000 and len(reduced) == 2_000
    assert seen.take("PLAYER 7") == "Player 7"
    assert seen.take("\u0420layer 9") == "Player 9"  # Cyrillic capital Er


def test_a_name_typed_over_ten_times_the_limit_is_refused_before_cleaning() -> None:
    with pytest.raises(names.BadName, match="at most"):
        names.clean(" " * names.RAW_LIMIT + "Asha")
