"""The filters of every game's Stats page: one expander whose label says what is chosen, the
game's own choices inside it, and the days played.

A day is counted from midnight UTC, as the rounds' times are stored; a range
that holds every day played filters nothing.
"""

from __future__ import annotations

from collections.abc import Sequence
from datetime import UTC, date, datetime, time, timedelta

import streamlit as st
from streamlit.delta_generator import DeltaGenerator


def panel(chosen: Sequence[str]) -> DeltaGenerator:
    """The expander the filters go in, labelled with what is chosen (blanks left out)."""
    label = "Filters" + "".join(f" · {c}" for c in chosen if c)
    return st.expander(label, icon=":material/filter_list:")


def midnight(day: date) -> datetime:
    """The start of ``day``, UTC."""
    return datetime.combine(day, time(), tzinfo=UTC)


def dates(
    span: tuple[datetime, datetime], key: str | None = None
) -> tuple[datetime | None, datetime | None]:
    """The days to count, between the first and the last played (``span``): the moment they
    start and the moment after them, or ``None`` twice while every day played is chosen."""
    first, last = span[0].date(), span[1].date()
    chosen = st.date_input(
        "Dates",
        value=(first, last),
        min_value=first,
        max_value=last,
        format="YYYY-MM-DD",
        key=key,
    )
    days = [d for d in (chosen if isinstance(chosen, tuple) else (chosen,)) if d]
    if days and (days[0] > first or days[-1] < last):
        return midnight(days[0]), midnight(days[-1]) + timedelta(days=1)
    return None, None
