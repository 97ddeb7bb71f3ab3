"""User text made safe for each place a page shows it: Markdown, HTML, charts and CSV.

Names, room codes and anything read from a URL or an upload are shown as the
text they are, never as markup. Streamlit renders Markdown almost everywhere
(``st.markdown``, ``st.caption``, alerts, toasts, metrics, labels), and the
felt is HTML handed to ``st.markdown`` — which parses Markdown around it too.
So both helpers turn every ASCII punctuation mark into a numeric character
reference: the browser shows the same character, but no Markdown construct
(links, images, headings, emphasis, Streamlit's ``:directives:``, ``$`` maths)
and no HTML tag can start from it. GitHub's Markdown then looks for bare links
in the decoded text (``http://``, ``www.``, ``a@b.cd``), so ``.``, ``:``, ``@``
and ``/`` also get an invisible word joiner (U+2060) on each side: the text
reads the same, and no address can be found in it. Line breaks become spaces
(a blank line would end an HTML block), and control characters and lone
surrogates go.
"""

from __future__ import annotations

import html as _html
import re
import string
from collections.abc import Iterable, Sequence

#: Where a bare link's scheme, domain or address is split; a word joiner shows nothing.
_JOINED = ".:@/"
_REFERENCES = {
    ord(ch): f"\u2060&#{ord(ch)};\u2060" if ch in _JOINED else f"&#{ord(ch)};"
    for ch in string.punctuation
}
_SPACES = {ord(ch): " " for ch in "\t\n\r\v\f\x85\u2028\u2029"}
_INVISIBLE = re.compile("[\x00-\x08\x0e-\x1f\x7f\ud800-\udfff]")
#: What a spreadsheet would read as the start of a formula (OWASP's list).
_FORMULA_START = ("=", "+", "-", "@", "\t", "\r")


def _plain(text: object) -> str:
    return _INVISIBLE.sub("", str(text)).translate(_SPACES)


def markdown(text: object) -> str:
    """``text`` for any Streamlit call that renders Markdown: shown as written."""
    return _plain(text).translate(_REFERENCES)


def html(text: object) -> str:
    """``text`` inside HTML given to ``st.markdown(..., unsafe_allow_html=True)``.

    The same references as :func:`markdown`, since Streamlit parses Markdown
    around and between the tags; safe inside quoted attributes as well.
    """
    return _plain(text).translate(_REFERENCES)


def attribute(text: object) -> str:
    """``text`` as the quoted value of an attribute a script reads (``data-url``), exactly.

    No Markdown parses inside a tag, and a link to share must stay that link, so
    this is plain HTML escaping: no references beyond it and no word joiners.
    """
    return _html.escape(_plain(text), quote=True)


def chart(text: object) -> str:
    """``text`` as a Plotly label or hover text: Plotly reads ``<a>``, ``<br>`` and ``$…$``."""
    return _html.escape(_plain(text), quote=False).replace("$", "&#36;")


def csv_cell(value: object) -> object:
    """A CSV cell a spreadsheet will not run: text that starts like a formula gets a ``'``."""
    if isinstance(value, str) and value.startswith(_FORMULA_START):
        return "'" + value
    return value


def csv_rows(rows: Iterable[Sequence[object]]) -> list[list[object]]:
    """Every cell of ``rows`` through :func:`csv_cell`."""
    return [[csv_cell(v) for v in row] for row in rows]
