"""Plotly figures and CSV text for the Stats pages, from each game's figures
(``core/<game>/figures.py``)."""

from __future__ import annotations

import csv
import io
from collections.abc import Sequence

import plotly.graph_objects as go

from ui import escape

GREEN = "#1f6f43"
RED = "#c8102e"
GOLD = "#b8860b"
BLUE = "#3a6fb0"

#: Plotly's own toolbar is more than a phone needs.
CONFIG = {"displayModeBar": False, "responsive": True}


def csv_text(header: Sequence[str], rows: Sequence[Sequence[object]]) -> str:
    """A table as CSV (the download under each chart); no cell reads as a formula."""
    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\n")
    writer.writerows(escape.csv_rows([header, *rows]))
    return out.getvalue()


def _labels(labels: Sequence[str]) -> list[str]:
    """Category labels (names among them) as plain text in Plotly."""
    return [escape.chart(label) for label in labels]


def _layout(fig: go.Figure, height: int, **axes: object) -> go.Figure:
    fig.update_layout(
        height=height,
        margin={"l": 8, "r": 8, "t": 8, "b": 8},
        showlegend=False,
        bargap=0.25,
        dragmode=False,
        **axes,
    )
    return fig


def _rates(
    labels: Sequence[str], rates: Sequence[float], counts: Sequence[str], across: bool
) -> go.Bar:
    """Success rates as bars, each labelled with its percentage and its count; ``across``
    lays them horizontally, the labels down the side."""
    names, values = _labels(labels), [r * 100 for r in rates]
    # Plotly's hover names the axes: the label's axis, then the rate's.
    label, rate = ("y", "x") if across else ("x", "y")
    return go.Bar(
        x=values if across else names,
        y=names if across else values,
        orientation="h" if across else None,
        text=[f"{r:.0%}" for r in rates],
        textposition="auto" if across else "outside",
        customdata=list(counts),
        hovertemplate="%{" + label + "}: %{" + rate + ":.0f}% (%{customdata})<extra></extra>",
        marker_color=GREEN,
    )


def rate_bars(labels: Sequence[str], rates: Sequence[float], counts: Sequence[str]) -> go.Figure:
    """Success rates as vertical bars, each labelled with its percentage and its count."""
    return _layout(
        go.Figure(_rates(labels, rates, counts, across=False)),
        300,
        yaxis={"range": [0, 112], "ticksuffix": "%", "fixedrange": True},
        xaxis={"type": "category", "fixedrange": True},
    )


def rate_rows(labels: Sequence[str], rates: Sequence[float], counts: Sequence[str]) -> go.Figure:
    """Success rates as horizontal bars: long labels (names, tables) read on a phone."""
    return _layout(
        go.Figure(_rates(labels, rates, counts, across=True)),
        max(160, 34 * len(labels) + 40),
        xaxis={"range": [0, 100], "ticksuffix": "%", "fixedrange": True},
        yaxis={"type": "category", "autorange": "reversed", "fixedrange": True},
    )


def margin_bars(buckets: Sequence[int], counts: Sequence[int], width: int) -> go.Figure:
    """Counts of how far results fell from a target, by bucket of ``width``: at or above it
    green, below it red."""
    fig = go.Figure(
        go.Bar(
            x=[b + width / 2 for b in buckets],
            y=list(counts),
            width=width * 0.9,
            marker_color=[GREEN if b >= 0 else RED for b in buckets],
            customdata=[
                [f"{b} to {b + width - 1}", "round" if n == 1 else "rounds"]
                for b, n in zip(buckets, counts, strict=True)
            ],
            hovertemplate="%{customdata[0]} points: %{y} %{customdata[1]}<extra></extra>",
        )
    )
    fig.add_vline(x=0, line_color="#444", line_dash="dot")
    return _layout(
        fig,
        280,
        xaxis={"title": "points won less the bid", "fixedrange": True, "zeroline": False},
        yaxis={"title": "rounds", "fixedrange": True},
    )


def count_rows(labels: Sequence[str], counts: Sequence[int], colour: str = GOLD) -> go.Figure:
    """Counts per name as horizontal bars, largest first."""
    fig = go.Figure(
        go.Bar(
            y=_labels(labels),
            x=list(counts),
            orientation="h",
            text=[str(c) for c in counts],
            textposition="auto",
            marker_color=colour,
            hovertemplate="%{y}: %{x}<extra></extra>",
        )
    )
    return _layout(
        fig,
        max(160, 34 * len(labels) + 40),
        xaxis={"fixedrange": True},
        yaxis={"type": "category", "autorange": "reversed", "fixedrange": True},
    )


def stacked_columns(
    labels: Sequence[str], series: Sequence[tuple[str, Sequence[int], str]], x_title: str
) -> go.Figure:
    """Stacked vertical bars, one colour per series, with a legend."""
    fig = go.Figure(
        [
            go.Bar(
                x=_labels(labels),
                y=list(values),
                name=name,
                marker_color=colour,
                hovertemplate=f"{x_title} %{{x}}: %{{y}} ({name})<extra></extra>",
            )
            for name, values, colour in series
        ]
    )
    fig = _layout(
        fig,
        300,
        barmode="stack",
        xaxis={"title": x_title, "type": "category", "fixedrange": True},
        yaxis={"fixedrange": True},
    )
    fig.update_layout(
        showlegend=True,
        legend={"orientation": "h", "y": 1.02, "yanchor": "bottom", "x": 0},
        margin={"t": 30},
    )
    return fig


def split_rows(labels: Sequence[str], won: Sequence[int], lost: Sequence[int]) -> go.Figure:
    """Rounds per pair or trio as horizontal bars, split into won (green) and lost (red)."""
    totals = [w + lost_ for w, lost_ in zip(won, lost, strict=True)]
    hover = [f"{w} won of {t} ({w / t:.0%})" if t else "" for w, t in zip(won, totals, strict=True)]
    fig = go.Figure(
        [
            go.Bar(
                y=_labels(labels),
                x=list(values),
                name=name,
                orientation="h",
                marker_color=colour,
                text=[str(v) if v else "" for v in values],
                textposition="inside",
                insidetextanchor="middle",
                textangle=0,
                textfont={"size": 12},
                constraintext="none",
                customdata=hover,
                hovertemplate="%{y}: %{customdata}<extra></extra>",
            )
            for name, values, colour in (("Won", won, GREEN), ("Lost", lost, RED))
        ]
    )
    fig = _layout(
        fig,
        max(150, 30 * len(labels) + 60),
        barmode="stack",
        xaxis={"fixedrange": True, "title": "rounds together"},
        yaxis={"type": "category", "autorange": "reversed", "fixedrange": True},
    )
    fig.update_layout(
        showlegend=True,
        legend={
            "orientation": "h",
            "y": 1.02,
            "yanchor": "bottom",
            "x": 0,
            "traceorder": "normal",
        },
        margin={"t": 30},
    )
    return fig
