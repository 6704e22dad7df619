"""WCAG 2.2 AA contrast of the colours the stylesheets define: text at least 4.5:1,
the focus ring and other UI parts at least 3:1 (axe-core checks the rendered page too)."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

CSS = Path(__file__).resolve().parent.parent.parent / "static" / "css"


def colours(table: str = "") -> dict[str, str]:
    """The colour properties in force: those of ``:root`` and, for a table colour, those of
    its ``body[data-table=...]`` rule over them."""
    found: dict[str, str] = {}
    themed: dict[str, str] = {}
    for name in ("boot.css", "table.css"):
        text = (CSS / name).read_text(encoding="utf-8")
        for selector, body in re.findall(r"([^{}]+)\{([^{}]*)\}", text):
            pairs = re.findall(r"--([\w-]+):\s*(#[0-9a-fA-F]{6})\s*;", body)
            if ":root" in selector and "[data-table" not in selector:
                found.update(pairs)
            elif table and f'[data-table="{table}"]' in selector:
                themed.update(pairs)
    return {**found, **themed}


TABLES = re.findall(r'\n\[data-table="(\w+)"\] \{', (CSS / "table.css").read_text(encoding="utf-8"))


def luminance(hex_colour: str) -> float:
    channels = [int(hex_colour[i : i + 2], 16) / 255 for i in (1, 3, 5)]
    linear = [c / 12.92 if c <= 0.04045 else ((c + 0.055) / 1.055) ** 2.4 for c in channels]
    return 0.2126 * linear[0] + 0.7152 * linear[1] + 0.0722 * linear[2]


def ratio(a: str, b: str) -> float:
    la, lb = sorted((luminance(a), luminance(b)), reverse=True)
    return (la + 0.05) / (lb + 0.05)


C = colours()
TEXT = [
    ("red-suit", "card-face"),
    ("black-suit", "card-face"),
    ("club-green", "card-face"),
    ("diamond-blue", "card-face"),
    ("ink", "felt"),
]
UI = [
    ("focus-ring", "felt"),
    ("focus-ring", "felt-dark"),
    ("focus-edge", "card-face"),
    ("focus-ring", "focus-edge"),
    ("held", "card-face"),
    ("hint", "felt"),
    ("hint", "felt-dark"),
    ("hint-edge", "card-face"),
    ("hint", "hint-edge"),
]


@pytest.mark.parametrize("table", ["", *TABLES])
@pytest.mark.parametrize(("fg", "bg"), TEXT)
def test_text_colours_meet_aa(fg: str, bg: str, table: str) -> None:
    colour = colours(table)
    assert ratio(colour[fg], colour[bg]) >= 4.5


@pytest.mark.parametrize("table", ["", *TABLES])
@pytest.mark.parametrize(("fg", "bg"), UI)
def test_focus_and_marks_meet_three_to_one(fg: str, bg: str, table: str) -> None:
    colour = colours(table)
    assert ratio(colour[fg], colour[bg]) >= 3.0


def test_there_are_three_table_colours_besides_the_green_one_and_each_sets_its_felt() -> None:
    assert set(TABLES) >= {"blue", "red", "contrast"}
    for table in TABLES:
        assert colours(table)["felt"] != colours()["felt"], table


def test_the_high_contrast_table_is_high_contrast() -> None:
    colour = colours("contrast")
    assert ratio(colour["ink"], colour["felt"]) >= 15
    assert ratio(colour["card-face"], colour["felt"]) >= 15


def test_the_dialog_focus_ring_stands_out_on_the_dialog() -> None:
    assert ratio(C["focus-light"], "#fbfaf6") >= 3.0
