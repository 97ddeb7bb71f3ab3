"""What a message may repeat of something a player sent: escaped, and short.

Refusals name what was wrong ("unknown card A\\x00S"), and what was sent may
hold anything: NUL and other control characters, lone surrogates (which
cannot even be encoded as UTF-8, so a page, a CSV or a terminal would fail on
them), right-to-left overrides, text of any length. :func:`echo` shows each
such character the way Python writes it (``\\x00``, ``\\ud800``,
``\\u202e``) and cuts the text after a few characters, so every game's
messages read the same and never carry the raw character.
"""

from __future__ import annotations

#: The most characters of a sent value that a message repeats.
SHOWN = 24


def escaped(text: str) -> str:
    """``text`` with every character that does not print written as its escape."""
    if text.isprintable():
        return text
    return "".join(ch if ch.isprintable() else repr(ch)[1:-1] for ch in text)


def echo(value: object, limit: int = SHOWN) -> str:
    """A sent value fit to repeat in a message: escaped, cut after ``limit`` characters.

    Text is shown as itself; a number, a flag or nothing as JSON would write
    it (a number too long to write is named as such); anything else by its kind.
    """
    if isinstance(value, str):
        cut = value if len(value) <= limit else value[: limit - 1] + "…"
        return escaped(cut)
    if value is None or isinstance(value, bool):
        return {None: "null", True: "true", False: "false"}[value]
    if isinstance(value, int):
        if value.bit_length() > 3 * limit:
            return "a number too long to repeat"
        return echo(str(value), limit)
    if isinstance(value, float):
        return echo(repr(value), limit)
    return f"(a {type(value).__name__})"
