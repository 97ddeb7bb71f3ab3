"""Player names: how a typed name is cleaned, and when two names are "the same".

A name is shown to everyone at the table, in stats and in exports, so it is
kept to one line of plain, visible text: Unicode NFKC (full-width and styled
letters become plain ones), no control, format or unassigned characters, runs
of spaces folded to one, at most :data:`LIMIT` characters.

Two names clash when they would look alike: both are reduced to a *key* by
case folding and Unicode's confusable mappings (UTS #39, through the
``confusable_homoglyphs`` data), so Cyrillic "Аlice" clashes with "Alice" and
"AIice" (capital i) does too. A bot is called by a first name and "Bot" ("Ada Bot",
"Ben Bot"...: :func:`bot_name`), each at a table with an initial of its own, as the
felt shows seats by their initials; nobody else may take a name ending in "Bot", nor
"Bot 1", "Bot 2"... (the bots' names before), however it is spelt.
"""

from __future__ import annotations

import unicodedata
from collections.abc import Iterable
from functools import cache, lru_cache

from confusable_homoglyphs import confusables  # type: ignore[import-untyped]

LIMIT = 24
#: The longest text taken as a name before cleaning (spaces and invisible characters go).
RAW_LIMIT = 10 * LIMIT


class BadName(ValueError):
    """A name that cannot be used; the message says why, for the player."""


def clean(name: object) -> str:
    """The name as it will be shown, or :class:`BadName`."""
    if not isinstance(name, str):
        raise BadName("a name is text")
    if len(name) > RAW_LIMIT:  # refused before the work of cleaning it
        raise BadName(f"names are at most {LIMIT} characters")
    text = unicodedata.normalize("NFKC", name)
    if not text.isprintable():  # printable text has no invisible character and no space but " "
        # Tabs and line breaks become spaces; other invisible characters go.
        text = "".join(
            " " if ch.isspace() else ch
            for ch in text
            if ch.isspace() or unicodedata.category(ch)[0] != "C"
        )
    text = " ".join(text.split())
    if not text:
        raise BadName("please enter a name")
    if len(text) > LIMIT:
        raise BadName(f"names are at most {LIMIT} characters")
    return text


@cache
def _prototype(ch: str) -> str:
    """The character ``ch`` is commonly mistaken for, itself if none (UTS #39 skeleton)."""
    data: dict[str, list[dict[str, str]]] = confusables.confusables_data
    found = data.get(ch)
    if not found or len(found) != 1:
        return ch  # a prototype lists everything mistaken for it
    other = found[0]["c"].strip("\u200e\u200f")
    back = data.get(other) or []
    if ch not in {entry["c"].strip("\u200e\u200f") for entry in back}:
        return ch
    if len(back) == 1:  # each lists only the other: pick one of the pair for both
        return min(ch, other)
    return other


def _skeleton(text: str) -> str:
    return "".join(_prototype(ch) for ch in text)


def _fold(text: str) -> str:
    return " ".join(unicodedata.normalize("NFKC", text).casefold().split())


@lru_cache(maxsize=1 << 14)
def keys(name: str) -> tuple[str, str]:
    """What ``name`` looks like, ignoring case: two names clash when either key is equal.

    Case folding and look-alikes pull two ways ("ALICE" is "Alice", "AIice" with a
    capital i is "Alice" too, but folded first it reads "aiice"), hence two keys.
    """
    plain = unicodedata.normalize("NFKC", name)
    return _fold(_skeleton(_fold(plain))), _fold(_skeleton(plain))


_BOT = keys("Bot")[0]
_DIGITS = frozenset("".join(keys(str(d))[0] for d in range(10)))


#: The bots' first names, one for each initial, so that bots at a table never share one.
BOT_FIRST_NAMES = (
    "Ada", "Ben", "Cleo", "Dex", "Eve", "Finn", "Gus", "Hana", "Ivo", "Juno", "Kai", "Lea",
    "Milo", "Nia", "Otto", "Pia", "Quinn", "Rex", "Sol", "Tess", "Uma", "Vic", "Wren", "Xena",
    "Yuri", "Zoe",
)  # fmt: skip


def is_bot_name(name: str) -> bool:
    """True for "Ada Bot" and any name whose last word looks like "Bot" ("ada b0t"), and for
    "Bot 3" and anything that looks like it ("bot3", "B0T 1")."""
    folded = keys(name)[0]
    if folded.endswith(" " + _BOT):
        return True
    if not folded.startswith(_BOT):
        return False
    rest = folded[len(_BOT) :].strip()
    return bool(rest) and all(ch in _DIGITS for ch in rest)


def bot_name(seated: Iterable[str]) -> str:
    """The name of a bot joining a table where ``seated`` sit: one no one there is called
    (nor anything like it), with an initial no one there has where one is left."""
    names = list(seated)
    taken = LookAlikes(names)
    initials = {keys(name[:1])[0] for name in names}
    free = [f"{first} Bot" for first in BOT_FIRST_NAMES if taken.find(f"{first} Bot") is None]
    return next((n for n in free if keys(n[:1])[0] not in initials), free[0])


class LookAlikes:
    """Names kept by what they look like, to find the one a new name would be mistaken for.

    Each name is reduced to its :func:`keys` once and filed under them, so checking
    many names against each other costs one look-up per name, not one comparison per
    pair (an imported game may list thousands).
    """

    def __init__(self, taken: Iterable[str] = ()) -> None:
        #: For each of the two keys: key -> (order added, name), the first name with it.
        self._filed: tuple[dict[str, tuple[int, str]], dict[str, tuple[int, str]]] = ({}, {})
        self._added = 0
        for name in taken:
            self.add(name)

    def add(self, name: str) -> None:
        self._file(name, keys(name))

    def find(self, name: str) -> str | None:
        """The earliest name kept that ``name`` would be mistaken for, if any."""
        return self._find(keys(name))

    def take(self, name: str) -> str | None:
        """Keep ``name`` unless it would be mistaken for a name kept already: that name then."""
        mine = keys(name)
        other = self._find(mine)
        if other is None:
            self._file(name, mine)
        return other

    def _find(self, mine: tuple[str, str]) -> str | None:
        found = [filed[key] for filed, key in zip(self._filed, mine, strict=True) if key in filed]
        return min(found)[1] if found else None

    def _file(self, name: str, mine: tuple[str, str]) -> None:
        for filed, key in zip(self._filed, mine, strict=True):
            filed.setdefault(key, (self._added, name))
        self._added += 1


def clashes(name: str, taken: Iterable[str]) -> str | None:
    """The name in ``taken`` that ``name`` would be mistaken for, if any."""
    return LookAlikes(taken).find(name)


def checked(name: object, taken: list[str] | tuple[str, ...] = ()) -> str:
    """A name cleaned for a table where ``taken`` sit; :class:`BadName` if it is a bot's or
    looks like one of theirs."""
    clean_name = clean(name)
    if is_bot_name(clean_name):
        raise BadName(f"{clean_name} is a bot's name; pick another name")
    other = clashes(clean_name, taken)
    if other is not None:
        raise BadName(f"someone here is already called {other}; pick another name")
    return clean_name
