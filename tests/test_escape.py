"""User text shown as text: Markdown, HTML, chart labels and CSV cells built from hostile names.

Markdown is rendered here as Streamlit's GitHub-flavoured Markdown would
(tests/gfm.py: bare links found in the decoded text, raw HTML on) to look at
the HTML a browser would get.
"""

from __future__ import annotations

import html
import re

import pytest
from hypothesis import given
from hypothesis import strategies as st

from tests import gfm
from ui import charts, escape

HOSTILE = [
    "[click](https://example.com)",
    "![x](http://host/x.png)",
    "# heading",
    '<a href="//example.com">x</a>',
    "<img src=x onerror=alert(1)>",
    "www.example.com",
    "mail@example.com",
    "http://example.com",
    ":red[alarm] :material/home: :smile:",
    "$x^2$",
    "**bold** _it_ `code` ~~s~~",
    "| a | b |",
    "> quote",
    "1. list",
    "=1+1",
    "a\n\n# b",
    "<script>alert(1)</script>",
    "http://x.y",
    "www.x.y",
    "x.y/z",
    "a@b.cd",
    "**b** [e](http://ev.il)",
    "example.com/z",
    "mailto:a@b.cd",
    "xmpp:a@b.cd",
    "HTTPS://EXAMPLE.COM",
    "//example.com",
]
MARKUP = re.compile(r"<(a|img|h[1-6]|script|strong|em|code|del|table|blockquote|ol|ul)\b")


def rendered(markdown: str) -> str:
    return gfm.render(markdown)


def text_of(rendered_html: str) -> str:
    """What a reader sees: the text without tags, and without the invisible word joiners."""
    return html.unescape(re.sub(r"<[^>]+>", "", rendered_html)).replace("\u2060", "").strip()


@pytest.mark.parametrize("name", HOSTILE)
def test_user_text_in_markdown_renders_as_that_text(name: str) -> None:
    out = rendered(f"Waiting for {escape.markdown(name)} to play.")
    assert not MARKUP.search(out), out
    one_line = name.replace("\n", " ")  # a line break would end the paragraph: it is a space
    assert text_of(out) == f"Waiting for {one_line} to play."


@pytest.mark.parametrize("name", HOSTILE)
def test_user_text_in_html_stays_text_inside_the_tags(name: str) -> None:
    out = rendered(f'<div class="m3-seat"><b>{escape.html(name)}</b> · 13 cards</div>')
    assert not MARKUP.search(out.replace("<b>", "")), out
    assert f"<b>{escape.html(name)}</b>" in out


@given(st.text())
def test_no_text_at_all_makes_markup(name: str) -> None:
    for out in (rendered(escape.markdown(name)), rendered(f"<p>{escape.html(name)}</p>")):
        assert not MARKUP.search(out)


def test_chart_labels_show_tags_as_text() -> None:
    fig = charts.count_rows(['<a href="//example.com">x</a>', "$x$"], [3, 1])
    labels = list(fig.data[0].y)
    assert labels == ['&lt;a href="//example.com"&gt;x&lt;/a&gt;', "&#36;x&#36;"]


@pytest.mark.parametrize("cell", ["=1+1", "+1", "-2+3", "@SUM(A1)", "\tx", "\rx"])
def test_csv_cells_that_start_like_a_formula_are_neutralised(cell: str) -> None:
    out = charts.csv_text(["Player", "Score"], [[cell, 5]])
    assert out.splitlines()[1].startswith(("'", "\"'"))


def test_csv_keeps_numbers_and_plain_names() -> None:
    out = charts.csv_text(["Player", "Score"], [["Asha", -5], ["Ben", 10]])
    assert out == "Player,Score\nAsha,-5\nBen,10\n"


def test_a_link_in_an_attribute_a_script_reads_stays_that_link() -> None:
    link = 'https://moon.example/room?room=K7QX2M&seat=a"b'
    out = rendered(f'<div data-url="{escape.attribute(link)}">Share</div>')
    assert 'data-url="https://moon.example/room?room=K7QX2M&amp;seat=a&quot;b"' in out
    assert html.unescape(escape.attribute(link)) == link
