"""Render the app icon (static/icons/icon.svg) to the PNG sizes installers want.

The PNGs are committed; run this again after changing the SVG:
  .venv/bin/python tools/icons.py
"""

from __future__ import annotations

import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from playwright.sync_api import sync_playwright  # noqa: E402 - dev-only dependency

from tools.chromium import CHROMIUM_ARGS, system_chromium  # noqa: E402

ICONS = ROOT / "static" / "icons"
SIZES = (192, 512)


def main() -> None:
    svg = (ICONS / "icon.svg").read_text(encoding="utf-8")
    with sync_playwright() as playwright:
        executable = system_chromium()
        browser = playwright.chromium.launch(args=CHROMIUM_ARGS, executable_path=executable)
        for size in SIZES:
            page = browser.new_page(viewport={"width": size, "height": size})
            page.set_content(
                f"<style>html,body{{margin:0}}svg{{width:{size}px;height:{size}px;display:block}}</style>{svg}"
            )
            page.screenshot(path=str(ICONS / f"icon-{size}.png"), omit_background=True)
            page.close()
        browser.close()
    print("Wrote", ", ".join(f"icon-{size}.png" for size in SIZES))


if __name__ == "__main__":
    main()
