"""Card faces: index, pip layouts, aces, court artwork."""

from __future__ import annotations

import re
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest

from engine.cards import Card
from tools import site, vendor
from ui.model import faces
from ui.model.faces import ART_FILES, ART_SIZE, ART_VIEWBOX, PIPS, ROWS, art_file, art_url, face_html, label

ROOT = Path(__file__).resolve().parent.parent.parent
RANKS = ["A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K"]
PIP = re.compile(r'<svg class="pip x(\d) y(\d+)( flip)?"[^>]*><use href="#suit-(\w)">')


@pytest.mark.parametrize("rank", range(1, 14))
@pytest.mark.parametrize("suit", "shdc")
def test_every_face_shows_its_index_and_picture(rank: int, suit: str) -> None:
    html = face_html(Card(rank, suit))
    text = RANKS[rank - 1]
    # The index (rank over suit) opens the face, the suit beside it follows.
    assert re.match(
        rf'<span class="idx"><b class="rank( ten)?">{text}</b><svg class="suit"[^>]*><use href="#suit-{suit}">', html
    )
    assert '<span class="cs"><svg class="suit"' in html
    assert set(re.findall(r"#suit-(\w)", html)) == {suit}
    if rank > 10:
        assert '<span class="court">' in html
        assert f'href="./static/vendor/cards/{text}{suit.upper()}.svg"' in html
        assert f'data-r="{text}"' in html, "the simple panel under the artwork shows the letter"
        assert not PIP.findall(html)
    else:
        assert "court" not in html
        assert len(PIP.findall(html)) == rank


def test_ten_is_the_only_rank_marked_for_narrowing() -> None:
    narrowed = [rank for rank in range(1, 14) if 'class="rank ten"' in face_html(Card(rank, "h"))]
    assert narrowed == [10]


@pytest.mark.parametrize("rank", range(1, 11))
def test_pip_layouts_are_the_standard_ones(rank: int) -> None:
    layout = PIPS[rank]
    assert len(layout) == rank
    assert len(set(layout)) == rank, "no two pips share a place"
    if rank == 7:
        # The one lopsided layout: an 8 without its lower middle pip.
        assert set(layout) == set(PIPS[8]) - {(1, ROWS - 3)}
    else:
        # A printed card looks the same turned upside down: every pip has a partner there.
        assert {(2 - column, ROWS - row) for column, row in layout} == set(layout)
    if rank >= 4:
        assert {(0, 0), (2, 0), (0, ROWS), (2, ROWS)} <= set(layout), "four corner pips"
    else:
        assert {column for column, _ in layout} == {1}, "one middle column"
    # Columns of 4 rows (9 and 10) and of 3 rows (6 to 8) are evenly spaced.
    sides = sorted({row for column, row in layout if column == 0})
    if rank in (9, 10):
        assert sides == [0, 4, 8, 12]
    if rank in (6, 7, 8):
        assert sides == [0, 6, 12]


@pytest.mark.parametrize("rank", range(2, 11))
def test_the_lower_half_is_upside_down(rank: int) -> None:
    for column, row, flip, _ in PIP.findall(face_html(Card(rank, "s"))):
        assert bool(flip) == (int(row) > ROWS // 2), (rank, column, row)


def pip_sizes() -> tuple[tuple[float, float], tuple[float, float]]:
    """The pip size the stylesheet gives (share of the field's width, of its height):
    for most cards, and for the one-column 2 and 3."""
    css = (ROOT / "static" / "css" / "table.css").read_text(encoding="utf-8")
    pattern = r"\n(?:\.pip|\.pips\.n2 \.pip, \.pips\.n3 \.pip) \{\s*--p: min\((\d+)cqw, (\d+)cqh\)"
    found = [(float(w) / 100, float(h) / 100) for w, h in re.findall(pattern, css)]
    assert len(found) == 2, found
    return found[0], found[1]


@pytest.mark.parametrize("rank", range(2, 11))
def test_pips_never_crowd_each_other(rank: int) -> None:
    """In the field as the stylesheet sizes it (rows at twelfths of the height left after
    one pip, columns at the edges and the middle), no two pips overlap."""
    usual, one_column = pip_sizes()
    size_w, size_h = one_column if rank < 4 else usual
    boxes = [(column * (1 - size_w) / 2, row * (1 - size_h) / ROWS) for column, row in PIPS[rank]]
    for i, (x1, y1) in enumerate(boxes):
        for x2, y2 in boxes[i + 1 :]:
            apart = abs(x1 - x2) >= size_w - 1e-9 or abs(y1 - y2) >= size_h - 1e-9
            assert apart, ((x1, y1), (x2, y2))


def test_an_ace_has_one_large_suit() -> None:
    html = face_html(Card(1, "d"))
    assert '<span class="pips ace">' in html
    assert PIP.findall(html) == [("1", "6", "", "d")]


def test_art_files_are_those_the_vendoring_copies() -> None:
    assert set(ART_FILES) == set(vendor.CARD_ART)
    assert {art_file(Card(rank, suit)) for rank in (11, 12, 13) for suit in "shdc"} == set(ART_FILES)
    with pytest.raises(ValueError, match="10 of clubs has no court artwork"):
        art_file(Card(10, "c"))


@pytest.mark.vendored
def test_court_artwork_is_vendored_with_its_licence_and_precached() -> None:
    vendor.ensure()
    precache = site.site_files()
    for name in (*ART_FILES, *vendor.CARD_NOTICES):
        path = ROOT / "static" / "vendor" / "cards" / name
        assert path.is_file(), name
        assert f"static/vendor/cards/{name}" in precache
    assert "LESSER GENERAL PUBLIC LICENSE" in (ROOT / "static/vendor/cards/COPYING.LESSER.txt").read_text("utf-8")
    assert "Chris Aguilar" in (ROOT / "static/vendor/cards/readme.txt").read_text("utf-8")


@pytest.mark.vendored
@pytest.mark.parametrize("name", ART_FILES)
def test_the_frame_shown_fits_every_artwork_file(name: str) -> None:
    """The view box crops each file to its framed picture: the files must have the card size it assumes."""
    root = ET.parse(ROOT / "static" / "vendor" / "cards" / name).getroot()
    width, height = float(root.get("width", "0")), float(root.get("height", "0"))
    assert width == pytest.approx(ART_SIZE[0], abs=0.01)
    assert height == pytest.approx(ART_SIZE[1], abs=0.01)
    x, y, w, h = (float(part) for part in ART_VIEWBOX.split())
    assert x > 0
    assert y > 0
    assert x + w < width
    assert y + h < height


@pytest.mark.vendored
def test_art_url_is_relative_to_the_page() -> None:
    url = art_url(Card(13, "h"))
    assert url == "./static/vendor/cards/KH.svg"
    assert (ROOT / url).is_file()
    assert faces.ART_FOLDER.startswith("./")


def test_labels() -> None:
    assert label(Card(1, "d")) == "Ace of diamonds"
    assert label(Card(10, "c")) == "10 of clubs"
    assert label(Card(12, "s")) == "Queen of spades"
