"""The Thai and Khmer fonts: vendored from their npm packages, declared per script,
in every text font stack, and pre-cached for offline play."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from tools import site, vendor

pytestmark = pytest.mark.vendored  # reads the runtime, fonts and artwork in static/vendor/

ROOT = Path(__file__).resolve().parent.parent
FONTS_CSS = ROOT / "static" / "css" / "fonts.css"


def faces() -> list[dict[str, str]]:
    found = []
    for body in re.findall(r"@font-face\s*{([^}]*)}", FONTS_CSS.read_text(encoding="utf-8")):
        props = {
            key.strip(): value.strip() for key, value in (line.split(":", 1) for line in body.split(";") if ":" in line)
        }
        found.append(props)
    return found


def test_each_face_is_a_vendored_file_limited_to_its_script() -> None:
    declared = faces()
    assert len(declared) == len(vendor.FONTS) * len(vendor.FONT_WEIGHTS)
    vendored = {path.name for path in vendor._font_files()}
    for face in declared:
        url = re.fullmatch(r'url\("\.\./vendor/fonts/([^"]+)"\) format\("woff2"\)', face["src"])
        assert url is not None, face["src"]
        assert url.group(1) in vendored
        package = next(p for p in vendor.FONTS if url.group(1).startswith(p))
        subsets = json.loads((ROOT / "node_modules" / "@fontsource" / package / "unicode.json").read_text())
        assert face["unicode-range"].replace(" ", "") == subsets[vendor.FONTS[package]]
        assert "U+0000" not in face["unicode-range"]  # never Latin: English pages fetch no font
        assert face["font-display"] == "swap"
        assert int(face["font-weight"]) in vendor.FONT_WEIGHTS


def test_fonts_are_vendored_with_their_licence_and_pinned() -> None:
    vendor.ensure()
    for dest, source in vendor._font_files().items():
        assert dest.read_bytes() == source.read_bytes()
    assert any(dest.name.endswith("LICENSE.txt") for dest in vendor._font_files())
    package = json.loads((ROOT / "package.json").read_text())
    for name in vendor.FONTS:
        assert re.fullmatch(r"\d+\.\d+\.\d+", package["dependencies"][f"@fontsource/{name}"])


def test_every_text_font_stack_starts_with_the_two_faces() -> None:
    stacks = [
        re.search(r"--ui-font:([^;]+);", (ROOT / "static/css/table.css").read_text()).group(1),  # type: ignore[union-attr]
        re.search(r"font-family:([^;]+);", (ROOT / "static/css/boot.css").read_text()).group(1),  # type: ignore[union-attr]
    ]
    for stack in stacks:
        assert stack.strip().startswith('"Noto Sans Thai", "Noto Sans Khmer",')
    assert '<link rel="stylesheet" href="./static/css/fonts.css">' in (ROOT / "index.html").read_text()


def test_the_service_worker_precaches_the_fonts() -> None:
    files = site.site_files()
    assert "static/css/fonts.css" in files
    for dest in vendor._font_files():
        assert dest.relative_to(ROOT).as_posix() in files
