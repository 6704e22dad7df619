"""Thai and Khmer faces come from our own files, and only when the page shows those scripts."""

from __future__ import annotations

from collections.abc import Callable

from playwright.sync_api import Page, Request

from tests.browser.helpers import wait_warm


def test_fonts_load_only_for_thai_and_khmer_text(open_game: Callable[..., Page]) -> None:
    page = open_game("#KL1-D1N-AAAAAAG")
    fonts: list[str] = []

    def seen(request: Request) -> None:
        if "/vendor/fonts/" in request.url:
            fonts.append(request.url.rsplit("/", 1)[-1])

    page.on("request", seen)
    page.reload()
    page.wait_for_function("document.body.dataset.ready === 'true'", timeout=60_000)
    # Start-up's unseen layout of every dialog (Settings names the languages in their
    # own scripts) is over before the page's downloads are counted.
    wait_warm(page)
    page.evaluate("document.fonts.ready")
    assert fonts == [], "an English page downloaded Thai or Khmer fonts"

    page.evaluate(
        """async () => {
            for (const [text, weight] of [["กองจั่ว", 400], ["គំនរសល់", 700]]) {
                const span = document.createElement("span");
                span.textContent = text;
                span.style.fontWeight = weight;
                span.className = "font-probe";
                document.body.append(span);
            }
            await document.fonts.ready;
        }"""
    )
    page.wait_for_function(
        "document.fonts.check('400 16px \"Noto Sans Thai\"', 'ก')"
        " && document.fonts.check('700 16px \"Noto Sans Khmer\"', 'ក')"
    )
    loaded = page.evaluate(
        "[...document.fonts].filter(f => f.status === 'loaded')"
        ".map(f => f.family.replaceAll('\"', '') + ' ' + f.weight)"
    )
    assert "Noto Sans Thai 400" in loaded
    assert "Noto Sans Khmer 700" in loaded
    assert sorted(fonts) == ["noto-sans-khmer-khmer-700-normal.woff2", "noto-sans-thai-thai-400-normal.woff2"]
    used = page.evaluate("getComputedStyle(document.querySelector('.font-probe')).fontFamily")
    assert used.startswith('"Noto Sans Thai", "Noto Sans Khmer"')
