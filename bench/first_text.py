"""The loading screen's first words on a phone's first visit, and what it says while Python starts.

Chromium as a mid-range phone (CPU 4x slower, 360x640, touch) on Fast 3G (1.6 Mbps,
150 ms), cold (empty cache, no service worker), against the built site served without
compression, in each language (the player's choice remembered, as after a visit to
Settings). For each load:

- first paint: the first contentful paint;
- first words: the first frame (``requestAnimationFrame``) whose loading screen is laid
  out with its title in the player's language, in a font that has arrived (Thai and Khmer:
  the page's own Noto font, which this machine has no other of; a phone would show its
  own first, so this is the worst case);
- downloaded: when the screen showed every megabyte received;
- says "Starting": when the step after the download became the active one;
- playable: when the table was.

Usage: .venv/bin/python -m bench.first_text [--loads 3] [--languages en,th,km]
"""

from __future__ import annotations

import argparse
import shutil
import tempfile
from pathlib import Path
from typing import Any

from bench.common import READY_PROBE, browser, median, print_table, save, serve
from bench.network import PHONE, throttle
from tools import site
from tools.devserver import GameRequestHandler

GAME = "index.html#KL1-D1N-AAAAAAG"
TIMEOUT_MS = 600_000
TITLES = {"en": "Solitaire", "th": "โซลิแทร์", "km": "សូលីទែរ"}
FONTS = {"th": "Noto Sans Thai", "km": "Noto Sans Khmer"}
PROBE = """
(() => {
  const language = %(language)r;
  const title = %(title)r;
  const font = %(font)r;
  try { localStorage.setItem("solitaire.language", language); } catch (error) {}
  window.__firstText = {};
  const seen = window.__firstText;
  function look(now) {
    const element = document.querySelector(".boot-title");
    if (element && seen.words === undefined && element.getClientRects().length &&
        element.textContent.trim() === title && (!font || document.fonts.check("16px '" + font + "'", title))) {
      seen.words = performance.now();
    }
    const amount = document.querySelector(".boot-amount");
    const figures = amount && !amount.hidden ? amount.textContent.match(/[0-9]+[.][0-9]/g) : null;
    if (seen.downloaded === undefined && figures && figures.length === 2 && figures[0] === figures[1]) {
      seen.downloaded = performance.now();
    }
    const active = document.querySelector(".boot-steps .active");
    if (seen.starting === undefined && active && active.dataset.step === "python") seen.starting = performance.now();
    if (!document.body || document.body.dataset.ready !== "true") requestAnimationFrame(look);
  }
  requestAnimationFrame(look);
  // When the page changed the step, whether or not a frame showed it then.
  new MutationObserver(() => {
    const active = document.querySelector(".boot-steps .active");
    if (seen.startingDom === undefined && active && active.dataset.step === "python") {
      seen.startingDom = performance.now();
    }
    const amount = document.querySelector(".boot-amount");
    const figures = amount && !amount.hidden ? amount.textContent.match(/[0-9]+[.][0-9]/g) : null;
    if (seen.downloadedDom === undefined && figures && figures.length === 2 && figures[0] === figures[1]) {
      seen.downloadedDom = performance.now();
    }
  }).observe(document, { subtree: true, childList: true, characterData: true, attributes: true });
})();
"""


def load(chromium: Any, url: str, language: str) -> dict[str, float]:
    context = chromium.new_context(service_workers="block", **PHONE)
    context.add_init_script(READY_PROBE)
    context.add_init_script(PROBE % {"language": language, "title": TITLES[language], "font": FONTS.get(language, "")})
    page = context.new_page()
    throttle(context, page, "Fast 3G")
    page.goto(url, wait_until="commit")
    page.wait_for_function("window.__readyAt !== undefined", timeout=TIMEOUT_MS)
    found = page.evaluate(
        """({
          paint: performance.getEntriesByName('first-contentful-paint')[0]?.startTime,
          ready: window.__readyAt,
          ...window.__firstText,
        })"""
    )
    context.close()
    nan = float("nan")
    return {
        "paint_ms": float(found.get("paint") or nan),
        "words_ms": float(found.get("words") or nan),
        "downloaded_ms": float(found.get("downloaded") or nan),
        "starting_ms": float(found.get("starting") or nan),
        "downloaded_dom_ms": float(found.get("downloadedDom") or nan),
        "starting_dom_ms": float(found.get("startingDom") or nan),
        "playable_ms": float(found.get("ready") or nan),
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--loads", type=int, default=3)
    parser.add_argument("--languages", default="en,th,km")
    args = parser.parse_args()
    languages = args.languages.split(",")
    root = Path(tempfile.mkdtemp(prefix="solitaire-first-text-"))
    found: dict[str, list[dict[str, float]]] = {language: [] for language in languages}
    try:
        site.build(root / "site")
        server, base = serve(root / "site", GameRequestHandler)
        try:
            with browser() as chromium:
                for _ in range(args.loads):
                    for language in languages:
                        found[language].append(load(chromium, base + GAME, language))
                        print(f"  {language}: {found[language][-1]}", flush=True)
        finally:
            server.shutdown()
    finally:
        shutil.rmtree(root, ignore_errors=True)
    rows = []
    summary: dict[str, Any] = {"loads": args.loads, "raw": found, "median": {}}
    for language in languages:
        loads = found[language]
        middle = {key: median([run[key] for run in loads]) for key in loads[0]}
        summary["median"][language] = middle
        stand = middle["starting_ms"] - middle["downloaded_ms"]
        rows.append(
            [language]
            + [f"{middle[key] / 1000:.1f} s" for key in ("paint_ms", "words_ms", "downloaded_ms", "starting_ms")]
            + [f"{stand / 1000:+.1f} s", f"{middle['playable_ms'] / 1000:.1f} s"]
        )
    print(f"\nThe loading screen on a first visit, Fast 3G and CPU 4x slower, median of {args.loads}")
    print_table(
        ["language", "first paint", "first words", "downloaded", 'says "Starting"', "after download", "playable"],
        rows,
    )
    save("first_text", summary)


if __name__ == "__main__":
    main()
