"""Markdown rendered as Streamlit's GitHub-flavoured Markdown would: to read the HTML it makes.

markdown-it with raw HTML on (as ``unsafe_allow_html``), tables, strikethrough
and bare-link detection (linkify). Streamlit's remark-gfm looks for bare links
in the text *after* character references are decoded, so here the decoded
text is joined before linkify runs and every text is looked at, not only
text whose source already looks like a link. linkify-it also finds bare
domains (``example.com/z``) that GitHub leaves alone: stricter, never laxer.
"""

from __future__ import annotations

from markdown_it import MarkdownIt
from markdown_it.rules_core import text_join


def _renderer() -> MarkdownIt:
    md = MarkdownIt("gfm-like", {"html": True})
    md.core.ruler.disable("text_join")
    md.core.ruler.before("linkify", "text_join_before_linkify", text_join)
    assert md.linkify is not None, "markdown-it-py[linkify] finds bare links"
    md.linkify.pretest = lambda _text: True  # the source holds references, the text does not
    return md


_RENDER = _renderer()


def render(markdown: str) -> str:
    """The HTML ``markdown`` becomes."""
    return str(_RENDER.render(markdown))
