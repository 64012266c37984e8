"""Charts: pure functions from figures to an SVG string, like the board pictures.

A horizontal bar chart of shares (0 to 1): one bar per row with its value
written beside it, the 95% interval drawn as a whisker over the bar's end, and
where the literature publishes a figure, a marker at that figure. And small
column charts of shares, drawn alike so that several stand side by side (the
best scores of each rule set), with the highest column's value written over it. Colours come
from the site's CSS (``docs_src/assets/golf.css``: ``.golf-chart``), which uses
the theme's colour variables, so the chart follows light and dark mode. The
chart has a ``<title>`` and a ``<desc>`` (its text alternative in the page's
language); the page puts the same figures in a table next to it.

>>> svg = bar_chart(
...     [Bar("Easy", 0.93, 0.92, 0.94, 0.93), Bar("Classic", 0.45, 0.44, 0.46)],
...     title="Winnable deals", desc="...", value_label=lambda v: f"{v:.0%}",
...     marker_label="published", ident="shares",
... )
>>> svg.count('class="bar"'), svg.count('class="published"'), 'role="img"' in svg
(2, 2, True)
"""

from __future__ import annotations

import math
import xml.etree.ElementTree as ET
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

from markupsafe import Markup

from generator.i18n.words import (
    CHART_BAR,
    CHART_BEST_AXIS,
    CHART_BEST_BAR,
    CHART_BEST_DEALS,
    CHART_BEST_DESC,
    CHART_BEST_TITLE,
    CHART_PUBLISHED,
    CHART_PUBLISHED_FOR,
    CHART_TITLE,
    Words,
)
from generator.site.mdtext import Text
from generator.site.numbers import Numbers
from generator.site.pictures import spaced

WIDTH = 360
"""The width of the bar chart: about a phone's (358 CSS px of text at 390 px), so that its text
reads at its own size there, 13-14 px (issue 47: at 700 wide it was about 6 px)."""
GAP = 10
VALUE_W = 56
"""Room right of the longest bar for its share ("100.0%")."""
PLOT_W = WIDTH - 2 * GAP - VALUE_W
LABEL_H = 17
"""Each row's label stands over its bar, from the bar's start."""
BAR_H = 16
ROW_H = LABEL_H + BAR_H + 12
TOP = 6
AXIS_H = 28
LEGEND_H = 26
TICKS = (0.0, 0.25, 0.5, 0.75, 1.0)


@dataclass(frozen=True)
class Bar:
    """One row of a bar chart: a share (0..1), its interval and a published figure, if any."""

    label: str
    value: float
    low: float
    high: float
    marker: float | None = None


def _x(share: float) -> float:
    return GAP + share * PLOT_W


def _text(parent: ET.Element, text: str, x: float, y: float, cls: str, anchor: str) -> None:
    element = ET.SubElement(
        parent,
        "text",
        {"x": f"{x:.1f}", "y": f"{y:.1f}", "class": cls, "text-anchor": anchor},
    )
    element.text = text


def bar_chart(
    bars: Sequence[Bar],
    *,
    title: str,
    desc: str,
    value_label: Callable[[float], str],
    marker_label: str = "",
    ident: str = "",
) -> str:
    """The chart as an SVG picture; ``value_label`` writes a share (``26.3%``)."""
    markers = any(bar.marker is not None for bar in bars)
    plot_h = len(bars) * ROW_H
    height = TOP + plot_h + AXIS_H + (LEGEND_H if markers and marker_label else 0) + GAP
    svg = _chart_svg(WIDTH, height, "golf-chart", ident, title, desc)

    axis = ET.SubElement(svg, "g", {"class": "axis"})
    for tick in TICKS:
        x = _x(tick)
        ET.SubElement(
            axis,
            "line",
            {
                "x1": f"{x:.1f}",
                "x2": f"{x:.1f}",
                "y1": str(TOP),
                "y2": str(TOP + plot_h),
                "class": "grid",
            },
        )
        # the first tick's words start at its line: centred, they would leave the picture
        _text(
            axis,
            value_label(tick),
            x,
            TOP + plot_h + 18,
            "tick",
            "start" if tick == 0 else "middle",
        )

    for number, bar in enumerate(bars):
        top = TOP + number * ROW_H + LABEL_H + 4
        middle = top + BAR_H / 2
        row = ET.SubElement(svg, "g", {"class": f"row row-{number + 1}"})
        _text(row, bar.label, _x(0), top - 6, "label", "start")
        ET.SubElement(
            row,
            "rect",
            {
                "x": f"{_x(0):.1f}",
                "y": f"{top:.1f}",
                "width": f"{bar.value * PLOT_W:.1f}",
                "height": str(BAR_H),
                "class": "bar",
            },
        )
        low, high = _x(bar.low), _x(bar.high)
        ET.SubElement(
            row,
            "path",
            {
                "d": (
                    f"M{low:.1f} {top - 3:.1f}V{top + BAR_H + 3:.1f}"
                    f"M{low:.1f} {middle:.1f}H{high:.1f}"
                    f"M{high:.1f} {top - 3:.1f}V{top + BAR_H + 3:.1f}"
                ),
                "class": "interval",
            },
        )
        if bar.marker is not None:
            ET.SubElement(
                row, "path", {"d": _diamond(_x(bar.marker), middle), "class": "published"}
            )
        end = max(bar.high, bar.value, bar.marker if bar.marker is not None else 0.0)
        _text(row, value_label(bar.value), _x(end) + 10, middle + 5, "value", "start")

    if markers and marker_label:
        legend = ET.SubElement(svg, "g", {"class": "legend"})
        y = TOP + plot_h + AXIS_H + LEGEND_H / 2
        ET.SubElement(legend, "path", {"d": _diamond(_x(0) + 6, y), "class": "published"})
        _text(legend, marker_label, _x(0) + 18, y + 5, "label", "start")
    return ET.tostring(spaced(svg), encoding="unicode")


COLUMN_W = 360
"""The width of a column chart: about a phone's, so that its text reads at its own size."""
COLUMN_LEFT = 42
"""Room for the value axis's labels, left of the columns."""
COLUMN_RIGHT = 6
COLUMN_HEADING_Y = 17
COLUMN_SUB_Y = 36
COLUMN_TOP = 62
"""The top of the plot: room for the heading and for the value written over the highest column."""
COLUMN_PLOT_H = 110
COLUMN_AXIS_H = 48
"""Below the plot: the columns' labels and the axis's own."""


@dataclass(frozen=True)
class Column:
    """One column of a column chart: its label under the axis and its share (0..1)."""

    label: str
    value: float
    tick: bool = True
    """Whether its label is written under the axis (some are left out when they crowd)."""


def column_chart(
    columns: Sequence[Column],
    *,
    heading: str,
    subheading: str,
    title: str,
    desc: str,
    axis_label: str,
    value_label: Callable[[float], str],
    top: float,
    tick_label: Callable[[float], str] | None = None,
    ident: str = "",
) -> str:
    """A small column chart of shares, from 0 to ``top`` (one of several drawn alike).

    The columns stand in the given order, left to right, with a grid line at
    every quarter; the highest one has its value written over it (the text
    alternative, ``desc``, gives them all). ``heading`` and ``subheading`` are
    written over the plot; ``value_label`` writes a share (``41.3%``), and
    ``tick_label`` the grid lines' shares (``25%``; ``value_label`` if not given).
    """
    tick_label = tick_label or value_label
    if top <= 0 or any(not 0 <= c.value <= top for c in columns):
        raise ValueError(f"the shares must lie from 0 to {top}")
    height = COLUMN_TOP + COLUMN_PLOT_H + COLUMN_AXIS_H
    base = COLUMN_TOP + COLUMN_PLOT_H
    svg = _chart_svg(COLUMN_W, height, "golf-chart golf-column-chart", ident, title, desc)
    _text(svg, heading, 0, COLUMN_HEADING_Y, "heading", "start")
    _text(svg, subheading, 0, COLUMN_SUB_Y, "subheading", "start")

    def y(share: float) -> float:
        return base - share / top * COLUMN_PLOT_H

    right = COLUMN_W - COLUMN_RIGHT
    axis = ET.SubElement(svg, "g", {"class": "axis"})
    steps = round(top / 0.25) if abs(top / 0.25 - round(top / 0.25)) < 1e-9 else 1
    for step in range(steps + 1):
        share = top * step / steps
        ET.SubElement(
            axis,
            "line",
            {
                "x1": str(COLUMN_LEFT),
                "x2": str(right),
                "y1": f"{y(share):.1f}",
                "y2": f"{y(share):.1f}",
                "class": "baseline" if step == 0 else "grid",
            },
        )
        _text(axis, tick_label(share), COLUMN_LEFT - 6, y(share) + 4, "tick", "end")
    _text(axis, axis_label, (COLUMN_LEFT + right) / 2, base + 40, "axis-label", "middle")

    pitch = (right - COLUMN_LEFT) / max(len(columns), 1)
    width = pitch * 0.7
    highest = max(range(len(columns)), key=lambda i: columns[i].value, default=None)
    for number, column in enumerate(columns):
        x = COLUMN_LEFT + number * pitch + (pitch - width) / 2
        group = ET.SubElement(svg, "g", {"class": f"column column-{number + 1}"})
        ET.SubElement(
            group,
            "rect",
            {
                "x": f"{x:.1f}",
                "y": f"{y(column.value):.1f}",
                "width": f"{width:.1f}",
                "height": f"{base - y(column.value):.1f}",
                "class": "bar highest" if number == highest else "bar",
            },
        )
        if column.tick:
            _text(group, column.label, x + width / 2, base + 17, "tick", "middle")
        if number == highest:
            # over its column, reaching left from the column's right edge in the right half
            end = number >= len(columns) / 2
            at = x + width if end else x
            _text(
                group,
                value_label(column.value),
                at,
                y(column.value) - 6,
                "value",
                "end" if end else "start",
            )
    return ET.tostring(spaced(svg), encoding="unicode")


def _diamond(x: float, y: float, r: float = 6) -> str:
    return f"M{x:.1f} {y - r:.1f}L{x + r:.1f} {y:.1f}L{x:.1f} {y + r:.1f}L{x - r:.1f} {y:.1f}Z"


def statistics_helpers(words: Words, locale: str) -> dict[str, Callable[..., object]]:
    """The statistics page's helpers for one language: numbers, rule set names, the chart.

    Each returns text that the page escapes (:class:`~generator.site.mdtext.Text`),
    and the chart :class:`~markupsafe.Markup` made by ElementTree.
    """
    numbers = Numbers(locale, words.separator("range"))

    def share_chart(shares: Sequence[Any], ident: str, level: int) -> Markup:
        """The shares as a bar chart; ``level`` is their intervals' confidence level (95)."""
        bars = [
            Bar(
                words.rule_set(s.rule_set),
                s.share,
                s.low,
                s.high,
                s.published.percent / 100 if s.published else None,
            )
            for s in shares
        ]
        parts = [
            words.t.gettext(CHART_BAR)
            % {
                "rules": bar.label,
                "share": numbers.percent(bar.value),
                "interval": numbers.interval(bar.low, bar.high),
                "level": level,
            }
            for bar in bars
        ]
        parts += [
            words.t.gettext(CHART_PUBLISHED_FOR)
            % {
                "rules": words.rule_set(s.rule_set),
                "percent": numbers.whole_percent(s.published.percent),
            }
            for s in shares
            if s.published is not None
        ]
        svg = bar_chart(
            bars,
            title=words.t.gettext(CHART_TITLE),
            # A text alternative is read, not laid out: no-break spaces (26,3 %) become spaces.
            desc=words.parts(parts).replace("\xa0", " "),
            value_label=numbers.percent,
            marker_label=words.t.gettext(CHART_PUBLISHED),
            ident=ident,
        )
        return Markup(f'<figure class="golf-figure golf-chart-figure">{svg}</figure>')

    def best_charts(best: Sequence[Any], ident: str) -> Markup:
        """One small column chart per rule set of the best scores of the deals it cannot
        win (:class:`~generator.pages.statistics.BestScores`), from 0 points on the left
        to the best score on the right, all on the same scale."""
        scores = sorted({c.score for b in best for c in b.scores})
        highest = max((c.share for b in best for c in b.scores), default=0.0)
        top = max(1, math.ceil(highest * 4)) / 4
        figures = []
        for number, b in enumerate(best, start=1):
            shares = b.shares
            rules = words.rule_set(b.rule_set)
            bars = words.join(
                "parts",
                (
                    words.t.gettext(CHART_BEST_BAR)
                    % {"score": numbers.number(c.score), "share": numbers.percent(c.share)}
                    for c in b.scores
                ),
            )
            desc = words.t.ngettext(*CHART_BEST_DESC, b.unwinnable) % {
                "count": numbers.number(b.unwinnable),
                "scores": bars,
            }
            svg = column_chart(
                [
                    # every third score is written under the axis, from the best one down
                    Column(
                        numbers.number(score),
                        shares.get(score, 0.0),
                        (len(scores) - 1 - i) % 3 == 0,
                    )
                    for i, score in enumerate(scores)
                ],
                heading=rules,
                subheading=words.t.ngettext(*CHART_BEST_DEALS, b.unwinnable)
                % {"count": numbers.number(b.unwinnable)},
                title=words.t.gettext(CHART_BEST_TITLE) % {"rules": rules},
                # A text alternative is read, not laid out: no-break spaces (26,3 %) become spaces.
                desc=desc.replace("\xa0", " "),
                axis_label=words.t.gettext(CHART_BEST_AXIS),
                value_label=numbers.percent,
                tick_label=lambda share: numbers.whole_percent(round(share * 100)),
                top=top,
                ident=f"{ident}-{number}",
            )
            figures.append(f'<figure class="golf-figure golf-chart-figure">{svg}</figure>')
        return Markup(f'<div class="golf-chart-grid">{"".join(figures)}</div>')

    def text(helper: Callable[..., str]) -> Callable[..., Text]:
        return lambda *args: Text(helper(*args))

    return {
        "number": text(numbers.number),
        "percent": text(numbers.percent),
        "whole_percent": text(numbers.whole_percent),
        "interval": text(numbers.interval),
        "points": text(numbers.points),
        "tenths": text(numbers.tenths),
        "date": text(numbers.date),
        "span": text(numbers.span),
        "solver_name": text(words.solver),
        "rule_set_name": text(words.rule_set),
        "text": Text,
        "share_chart": share_chart,
        "best_charts": best_charts,
    }


def _chart_svg(
    width: float, height: float, classes: str, ident: str | None, title: str, desc: str
) -> ET.Element:
    """A chart's ``<svg>`` with its ``<title>`` and ``<desc>`` (its text alternative, named by
    ``aria-labelledby`` and ``aria-describedby`` when the chart has an id: a screen reader says
    the title, then the description, apart)."""
    svg = ET.Element(
        "svg",
        {
            "xmlns": "http://www.w3.org/2000/svg",
            "viewBox": f"0 0 {width} {height}",
            "class": classes,
            "role": "img",
        },
    )
    if ident:
        svg.set("id", ident)
        svg.set("aria-labelledby", f"{ident}-title")
        svg.set("aria-describedby", f"{ident}-desc")
    title_el = ET.SubElement(svg, "title", {"id": f"{ident}-title"} if ident else {})
    title_el.text = title
    desc_el = ET.SubElement(svg, "desc", {"id": f"{ident}-desc"} if ident else {})
    desc_el.text = desc
    return svg
