"""Boot time of the game against the floor: a bare page that only boots PyScript on
the same vendored runtime and marks itself ready. Also the bytes a cold boot fetches.

Both pages are served as the players get them: from a site built by
``tools/site.py`` (static files, as on GitHub Pages), with the floor page copied
beside it, not from the development server, which builds some files per request.

Usage: .venv/bin/python -m bench.boot [--loads 5]
"""

from __future__ import annotations

import argparse
import gzip
import shutil
import tempfile
from pathlib import Path
from typing import Any

from bench.common import READY_PROBE, ROOT, browser, median, print_table, save, served
from tools import site

GAME = "index.html#KL1-D1N-AAAAAAG"
PHASES_PROBE = """
window.__phases = {};
addEventListener("py:progress", (event) => {
  const name = String(event.detail);
  if (!(name in window.__phases)) window.__phases[name] = performance.now();
});
let bootObject;
Object.defineProperty(window, "solitaireBoot", {
  configurable: true,
  get() { return bootObject; },
  set(value) {
    const step = value.step;
    value.step = (name) => { window.__phases["step " + name] = performance.now(); return step(name); };
    bootObject = value;
  },
});
"""
"""Records when PyScript reports each stage, and when the game's Python starts
(``ui/main.py`` calls ``solitaireBoot.step("game")`` first thing)."""
PHASES = (
    ("runtime loaded", "Loading interpreter", "Loaded interpreter"),
    ("our files unpacked", "Loading files", "Loaded files"),
    ("until main.py runs", "Loaded files", "step game"),
    ("imports and first frame", "step game", "ready"),
)
FLOOR = "bench/floor/index.html"
TIMEOUT_MS = 120_000


def ready_time(page: Any) -> float:
    page.wait_for_function("window.__readyAt !== undefined", timeout=TIMEOUT_MS)
    return float(page.evaluate("window.__readyAt"))


def cold_loads(
    chromium: Any, url: str, loads: int, phases: list[dict[str, float]] | None = None
) -> tuple[list[float], list[str]]:
    times: list[float] = []
    fetched: list[str] = []
    for _ in range(loads):
        context = chromium.new_context(service_workers="block")
        context.add_init_script(READY_PROBE)
        if phases is not None:
            context.add_init_script(PHASES_PROBE)
        page = context.new_page()
        urls: list[str] = []
        page.on("requestfinished", lambda request, urls=urls: urls.append(request.url))
        page.goto(url)
        times.append(ready_time(page))
        if phases is not None:
            phases.append({**page.evaluate("window.__phases"), "ready": times[-1]})
        fetched = urls
        context.close()
    return times, fetched


def phase_rows(phases: list[dict[str, float]]) -> list[list[str]]:
    """Median length of each stage of the game's cold boots."""
    rows = []
    for label, start, end in PHASES:
        spans = [p[end] - p[start] for p in phases if start in p and end in p]
        rows.append([label, f"{median(spans):.0f} ms" if spans else "-"])
    return rows


def warm_loads(chromium: Any, url: str, loads: int, service_worker: bool) -> list[float]:
    context = chromium.new_context(service_workers="allow" if service_worker else "block")
    context.add_init_script(READY_PROBE)
    page = context.new_page()
    page.goto(url)
    ready_time(page)
    if service_worker:
        page.wait_for_function("navigator.serviceWorker.controller !== null", timeout=TIMEOUT_MS)
    times = []
    for _ in range(loads):
        page.reload()
        times.append(ready_time(page))
    context.close()
    return times


def transfer(base: str, urls: list[str], root: Path) -> dict[str, int]:
    """Bytes of each file fetched, split into the vendored runtime and our own files,
    raw and gzip-compressed (what a static host such as GitHub Pages sends)."""
    totals = {"runtime_raw": 0, "runtime_gzip": 0, "own_raw": 0, "own_gzip": 0}
    for url in sorted(set(urls)):
        path = url.removeprefix(base).split("#")[0].split("?")[0] or "index.html"
        if not (root / path).is_file():
            continue
        data = (root / path).read_bytes()
        kind = "runtime" if path.startswith("static/vendor/") else "own"
        totals[f"{kind}_raw"] += len(data)
        totals[f"{kind}_gzip"] += len(gzip.compress(data, 9))
    return totals


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--loads", type=int, default=5)
    args = parser.parse_args()
    built = Path(tempfile.mkdtemp(prefix="solitaire-site-"))
    site.build(built)
    shutil.copytree(ROOT / "bench" / "floor", built / "bench" / "floor")
    with served(built) as base, browser() as chromium:
        floor_cold, _ = cold_loads(chromium, base + FLOOR, args.loads)
        phases: list[dict[str, float]] = []
        game_cold, game_files = cold_loads(chromium, base + GAME, args.loads, phases)
        floor_warm = warm_loads(chromium, base + FLOOR, args.loads, service_worker=False)
        game_warm = warm_loads(chromium, base + GAME, args.loads, service_worker=True)
        bytes_ = transfer(base, game_files, built)
    shutil.rmtree(built, ignore_errors=True)

    rows = []
    results: dict[str, Any] = {"loads": args.loads}
    for label, game, floor in (("cold", game_cold, floor_cold), ("warm", game_warm, floor_warm)):
        ratio = median(game) / median(floor)
        rows.append([label, f"{median(floor):.0f} ms", f"{median(game):.0f} ms", f"{ratio:.2f}x"])
        results[label] = {"floor_ms": floor, "game_ms": game, "ratio_of_medians": ratio}
    print(f"Boot to data-ready, median of {args.loads} loads (warm game: service worker; warm floor: HTTP cache)")
    print_table(["boot", "floor", "game", "game/floor"], rows)
    print()
    print("Bytes fetched by a cold boot of the game")
    print_table(
        ["files", "raw", "gzip -9"],
        [
            [
                "runtime (static/vendor)",
                f"{bytes_['runtime_raw'] / 1e6:.2f} MB",
                f"{bytes_['runtime_gzip'] / 1e6:.2f} MB",
            ],
            ["own files", f"{bytes_['own_raw'] / 1e3:.1f} KB", f"{bytes_['own_gzip'] / 1e3:.1f} KB"],
        ],
    )
    results["transfer_bytes"] = bytes_
    print()
    print("Where the game's cold boot goes (median)")
    print_table(["stage", "time"], phase_rows(phases))
    results["cold_phases_ms"] = phases
    save("boot", results)


if __name__ == "__main__":
    main()
