"""Whole statistics checked: the store's as read back, and an exported file before
it replaces anything (every figure in it must be usable, or nothing is imported).
"""

from __future__ import annotations

import datetime
import json
from dataclasses import dataclass
from typing import Any, Literal

from engine import safejson
from ui.model.daily import MAX_DAILY_CHARS, Records, read_records, records_to_dict
from ui.model.i18n import N_, _, ngettext
from ui.model.stats import (
    MAX_STATS_CHARS,
    MAX_STATS_DEPTH,
    VARIANT_KEYS,
    Problem,
    VariantStats,
    problem_text,
)

__all__ = [
    "EXPORT_KIND",
    "EXPORT_VERSION",
    "MAX_EXPORT_CHARS",
    "ImportReason",
    "ImportRefused",
    "Imported",
    "export_data",
    "export_text",
    "import_refusal_text",
    "merge_export",
    "merge_import",
    "read_export",
    "read_import",
    "read_variants",
]

EXPORT_KIND = "solitaire-statistics"
EXPORT_VERSION = 1
MAX_EXPORT_CHARS = MAX_STATS_CHARS + MAX_DAILY_CHARS
"""An export holds the statistics and the daily deal's results."""


@dataclass(frozen=True, slots=True)
class Imported:
    """What a statistics file holds: the figures of every variant and the daily
    results (None for a file from before the daily deal: the player's stay)."""

    variants: dict[str, Any]
    daily: Records | None = None
    exported: datetime.date | None = None
    """The day the file was exported (None: it does not say)."""


ImportReason = Literal["not_export", "newer", "empty", "damaged", "too_large"]


class ImportRefused(ValueError):
    """A statistics file that is not imported: ``reason`` says why, ``problems`` (for a
    damaged file) what is wrong in it; ``str()`` is stable English."""

    def __init__(self, reason: ImportReason, problems: tuple[Problem, ...] = (), detail: str = "") -> None:
        self.reason: ImportReason = reason
        self.problems = problems
        english = {
            "not_export": "This file is not a solitaire statistics export.",
            "newer": "This file comes from a newer version of the game.",
            "empty": "This statistics file has no statistics in it.",
            "too_large": "This file is far too large to be a statistics export.",
        }
        if reason != "damaged":
            text = english[reason] + (f" {detail}" if detail else "")
        elif len(problems) > 1:
            more = len(problems) - 1
            text = f"This statistics file is damaged: {problems[0]} (and {more} more problem{'s' if more > 1 else ''})."
        else:
            text = f"This statistics file is damaged: {problems[0]}."
        super().__init__(text)


def import_refusal_text(error: ImportRefused) -> str:
    """Why a statistics file was not imported, in the player's language.

    >>> from ui.model.i18n import use_language
    >>> try:
    ...     read_import('{"kind": "solitaire-statistics", "variants": {"KL-D1N": {"played": 3, "won": 9}}}')
    ... except ImportRefused as error:
    ...     _ = use_language("th")
    ...     print(import_refusal_text(error))
    ...     _ = use_language("en")
    ...     print(import_refusal_text(error))
    ไฟล์สถิตินี้เสียหาย: คลอนไดก์ จั่ว 1 ใบ คิดคะแนนแบบปกติ: ชนะมากกว่าจำนวนเกมที่เล่น
    This statistics file is damaged: Klondike, draw 1, Normal scoring: more games won than played.
    """
    plain = {
        "not_export": N_("This file is not a solitaire statistics export."),
        "newer": N_("This file comes from a newer version of the game."),
        "empty": N_("This statistics file has no statistics in it."),
        "too_large": N_("This file is far too large to be a statistics export."),
    }
    if error.reason != "damaged":
        return _(plain[error.reason])
    problems = error.problems
    if len(problems) > 1:
        more = len(problems) - 1
        return ngettext(
            "This statistics file is damaged: {problem} (and {count} more problem).",
            "This statistics file is damaged: {problem} (and {count} more problems).",
            more,
        ).format(problem=problem_text(problems[0]), count=more)
    return _("This statistics file is damaged: {problem}.").format(problem=problem_text(problems[0]))


def read_variants(variants: object) -> tuple[dict[str, Any], list[Problem]]:
    """Stored statistics of every variant, checked: the figures that can be kept,
    and what was wrong (unknown variants are dropped as a problem)."""
    if not isinstance(variants, dict):
        return {}, [Problem("not_variants")]
    kept: dict[str, Any] = {}
    problems: list[Problem] = []
    for key, value in variants.items():
        if key not in VARIANT_KEYS:
            problems.append(Problem("unknown_variant", values=(str(key)[:20],)))
            continue
        stats, wrong = VariantStats.read(value, key)
        kept[key] = stats.to_dict()
        problems += wrong
    return kept, problems


def merge_import(data: object) -> dict[str, Any]:
    """Statistics read from an exported file, checked as a whole; raises
    ``ImportRefused`` (with the first thing wrong) unless every figure in it is usable."""
    if not isinstance(data, dict) or data.get("kind") != EXPORT_KIND:
        raise ImportRefused("not_export")
    version = data.get("version", EXPORT_VERSION)
    if type(version) is not int or version < 1:
        raise ImportRefused("not_export")  # 0.5, "2", true: no version of the game writes these
    if version > EXPORT_VERSION:
        raise ImportRefused("newer")
    variants = data.get("variants")
    if not isinstance(variants, dict):
        raise ImportRefused("empty")
    kept, problems = read_variants(variants)
    if problems:
        raise ImportRefused("damaged", tuple(problems))
    return kept


def merge_export(data: object, today: datetime.date | None = None) -> Imported:
    """The statistics and daily results of an exported file, each checked whole
    (a day as the store checks it: ``today`` bounds the days); raises
    ``ImportRefused`` unless every figure and every day in it is usable."""
    variants = merge_import(data)
    assert isinstance(data, dict)  # merge_import refuses anything else
    exported = _exported_day(data.get("exported"))
    if "daily" not in data:
        return Imported(variants, None, exported)
    daily, wrong = read_records(data["daily"], today)
    if wrong:
        raise ImportRefused("damaged", (Problem("daily_results"),))
    return Imported(variants, daily, exported)


def _exported_day(value: object) -> datetime.date | None:
    """The day of an export's time (ISO), or None when the file has none that can be read:
    only said to the player, so an unreadable one does not refuse the file.

    >>> _exported_day("2026-12-07T01:15:00+00:00"), _exported_day("yesterday"), _exported_day(7)
    (datetime.date(2026, 12, 7), None, None)
    """
    if not isinstance(value, str) or len(value) > 40:
        return None
    try:
        return datetime.datetime.fromisoformat(value).date()
    except ValueError:
        return None


def read_export(text: str, today: datetime.date | None = None) -> Imported:
    """What an exported file's text holds; raises ``ImportRefused`` (a ValueError),
    before anything is changed, when the file is not a complete, sound export."""
    try:
        data = safejson.loads(text, max_chars=MAX_EXPORT_CHARS, max_depth=MAX_STATS_DEPTH, lenient=True)
    except safejson.JSONLimitError as error:
        if len(text) > MAX_EXPORT_CHARS:
            raise ImportRefused("too_large") from None
        raise ImportRefused("not_export", detail=str(error)) from None
    return merge_export(data, today)


def read_import(text: str) -> dict[str, Any]:
    """The statistics of an exported file's text (``read_export`` without its daily results)."""
    return read_export(text).variants


def export_data(variants: dict[str, Any], exported: str, daily: Records | None = None) -> dict[str, Any]:
    """The exported file's contents: the statistics of every variant, the daily
    deal's results, and when (ISO time)."""
    return {
        "kind": EXPORT_KIND,
        "version": EXPORT_VERSION,
        "exported": exported,
        "variants": variants,
        "daily": records_to_dict(daily or {}),
    }


def export_text(variants: dict[str, Any], exported: str, daily: Records | None = None) -> str:
    """The exported file's text: compact, so that the largest record an import reads
    back is the largest the store holds (indented, six years of every game's days
    came to 613,000 characters: a file the import refused as too large)."""
    return json.dumps(export_data(variants, exported, daily), separators=(",", ":"))
