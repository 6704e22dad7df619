"""Boot time of the game against the floor: a bare page that only boots PyScript on
the same vendored runtime and marks itself ready. Also the bytes a cold boot fetches.

Both pages are served as the players get them: from a site built by
``tools/site.py`` (static files, as on GitHub Pages), with the floor page copied
beside it, not from the development server, which builds some files per request.
The floor boots the runtime exactly as npm ships it, on its full standard library
of sources; the game boots on its own compiled one (``tools/stdlib.py``).
A warm boot of the game is a return visit: the service worker holds the site and
the interpreter snapshot (made on the second visit) is in Cache Storage; the
same without the snapshot is timed too. ``--source-stdlib`` also times the game
on npm's standard library, as it booted before it had its own (the figure the
README's table gives as "before"). ``--faces`` times the first table frame of cold
boots with the court cards' artwork and with every request for it refused (the cards
then keep their plain framed letter), interleaved, and when the last artwork file arrived.

Usage: .venv/bin/python -m bench.boot [--loads 7] [--source-stdlib] [--faces]
"""

from __future__ import annotations

import argparse
import gzip
import shutil
import tempfile
from pathlib import Path
from typing import Any

from bench.common import READY_PROBE, ROOT, browser, median, print_table, save, served
from tools import packing, pyfiles, site, stdlib, vendor

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
SOURCE_STDLIB_MODULE = 'export * from "./pyodide.mjs";\n'
"""Served in place of the game's interpreter module for ``--source-stdlib``: plain
Pyodide, which loads npm's standard library of sources."""


def ready_time(page: Any) -> float:
    page.wait_for_function("window.__readyAt !== undefined", timeout=TIMEOUT_MS)
    return float(page.evaluate("window.__readyAt"))


def source_stdlib(context: Any) -> None:
    """Make the context's game boot on npm's standard library of sources (and not
    download its own, which the page preloads)."""
    context.route(
        lambda url: url.endswith("/" + stdlib.INTERPRETER),
        lambda route: route.fulfill(status=200, content_type="text/javascript", body=SOURCE_STDLIB_MODULE),
    )
    # Answered empty rather than refused: the loading screen downloads it, and a refused download stops the boot.
    context.route(
        lambda url: url.endswith(tuple(f"/{stdlib.ARCHIVE}.{suffix}" for suffix in packing.FORMATS)),
        lambda route: route.fulfill(status=200, body=b""),
    )
    # Plain Pyodide has no fetch of ours to decompress game.zip.gz: PyScript asks for game.zip itself.
    archive = pyfiles.current_archive()
    context.route(
        lambda url: url.endswith("/" + pyfiles.ARCHIVE),
        lambda route: route.fulfill(status=200, content_type="application/zip", body=archive),
    )


def cold_loads(
    chromium: Any,
    url: str,
    loads: int,
    phases: list[dict[str, float]] | None = None,
    setup: Any = None,
) -> tuple[list[float], list[str]]:
    times: list[float] = []
    fetched: list[str] = []
    for _ in range(loads):
        context = chromium.new_context(service_workers="block")
        if setup is not None:
            setup(context)
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


FRAME_PROBE = """
new MutationObserver((_, observer) => {
  if (document.body && document.body.dataset.ready === "true") {
    observer.disconnect();
    // The frame that shows the table: the next animation frame after the page is ready,
    // and its paint (the callback of the frame after it).
    requestAnimationFrame(() => requestAnimationFrame(() => { window.__frameAt = performance.now(); }));
  }
}).observe(document, {attributes: true, subtree: true, attributeFilter: ["data-ready"]});
"""
COURT_ART = "/static/vendor/cards/"


def faces_loads(chromium: Any, url: str, loads: int, root: Path) -> dict[str, list[float]]:
    """Cold boots with and without the court artwork, interleaved: the first table frame,
    and when the last artwork file arrived (with it) and its bytes (raw)."""
    found: dict[str, list[float]] = {"with": [], "without": [], "art_done": [], "art_bytes": []}
    for _ in range(loads):
        for art in (True, False):
            context = chromium.new_context(service_workers="block")
            context.add_init_script(READY_PROBE)
            context.add_init_script(FRAME_PROBE)
            if not art:
                context.route(lambda u: COURT_ART in u, lambda route: route.abort())
            page = context.new_page()
            arrived: list[Any] = []
            page.on("requestfinished", lambda r, arrived=arrived: arrived.append(r) if COURT_ART in r.url else None)
            page.goto(url)
            page.wait_for_function("window.__frameAt !== undefined", timeout=TIMEOUT_MS)
            found["with" if art else "without"].append(float(page.evaluate("window.__frameAt")))
            if art:
                page.wait_for_timeout(1500)  # the artwork of the face-up court cards, fetched after the frame
                origin = float(page.evaluate("performance.timeOrigin"))
                ends = [r.timing["startTime"] + r.timing["responseEnd"] - origin for r in arrived]
                found["art_done"].append(max(ends, default=float("nan")))
                paths = {r.url.split(COURT_ART, 1)[1].split("?")[0] for r in arrived}
                size = sum((root / "static/vendor/cards" / name).stat().st_size for name in paths)
                found["art_bytes"].append(float(size))
            context.close()
    return found


def faces_report(found: dict[str, list[float]]) -> None:
    with_art, without = median(found["with"]), median(found["without"])
    print("First table frame of a cold boot, with and without the court artwork (median)")
    print_table(
        ["court artwork", "first table frame", "last artwork file arrived"],
        [
            ["fetched", f"{with_art:.0f} ms", f"{median(found['art_done']):.0f} ms"],
            ["refused", f"{without:.0f} ms", "-"],
        ],
    )
    print(
        f"Difference {with_art - without:+.0f} ms ({with_art / without:.2f}x); "
        f"artwork fetched {median(found['art_bytes']) / 1e3:.0f} KB"
    )


def phase_rows(phases: list[dict[str, float]]) -> list[list[str]]:
    """Median length of each stage of the game's cold boots."""
    rows = []
    for label, start, end in PHASES:
        spans = [p[end] - p[start] for p in phases if start in p and end in p]
        rows.append([label, f"{median(spans):.0f} ms" if spans else "-"])
    return rows


SNAPSHOT_KEYS = "async () => (await (await caches.open('pyodide-snapshots')).keys()).map(r => r.url)"


def no_snapshot(context: Any) -> None:
    """Keep the game from ever making its interpreter snapshot: the worker that
    would make it only says it is done (the service worker pre-caches that too)."""
    context.route(
        lambda url: url.endswith("/pyodide-snapshot.mjs"),
        lambda route: route.fulfill(status=200, content_type="text/javascript", body="postMessage({ done: true });"),
    )


def wait_for_snapshot(page: Any) -> None:
    """A second visit makes the snapshot in a worker once the page is playable."""
    for _ in range(TIMEOUT_MS // 500):
        keys = page.evaluate(SNAPSHOT_KEYS)
        if any("/failed-" in key for key in keys):
            raise SystemExit("The game could not make its interpreter snapshot.")
        if any("/snapshot-" in key for key in keys):
            return
        page.wait_for_timeout(500)
    raise SystemExit("No interpreter snapshot was made.")


def warm_loads(
    chromium: Any, url: str, loads: int, service_worker: bool, setup: Any = None, snapshot: bool = False
) -> list[float]:
    context = chromium.new_context(service_workers="allow" if service_worker else "block")
    if setup is not None:
        setup(context)
    context.add_init_script(READY_PROBE)
    page = context.new_page()
    page.goto(url)
    ready_time(page)
    if service_worker:
        page.wait_for_function("navigator.serviceWorker.controller !== null", timeout=TIMEOUT_MS)
    if snapshot:
        page.reload()
        ready_time(page)
        wait_for_snapshot(page)
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
    parser.add_argument("--loads", type=int, default=7)
    parser.add_argument(
        "--source-stdlib", action="store_true", help="also time the game on npm's standard library of sources"
    )
    parser.add_argument(
        "--faces", action="store_true", help="only time the first table frame with and without the court artwork"
    )
    args = parser.parse_args()
    if args.faces:
        built = Path(tempfile.mkdtemp(prefix="solitaire-site-"))
        site.build(built)
        with served(built) as base, browser() as chromium:
            found = faces_loads(chromium, base + GAME, args.loads, built)
        shutil.rmtree(built, ignore_errors=True)
        faces_report(found)
        save("boot_faces", {"loads": args.loads, **found})
        return
    built = Path(tempfile.mkdtemp(prefix="solitaire-site-"))
    site.build(built)
    shutil.copytree(ROOT / "bench" / "floor", built / "bench" / "floor")
    for floor_file in vendor.NOT_PUBLISHED:  # the floor's runtime is npm's, whole
        shutil.copyfile(floor_file, built / floor_file.relative_to(ROOT))
    before: dict[str, list[float]] = {}
    with served(built) as base, browser() as chromium:
        floor_cold, _ = cold_loads(chromium, base + FLOOR, args.loads)
        phases: list[dict[str, float]] = []
        game_cold, game_files = cold_loads(chromium, base + GAME, args.loads, phases)
        if args.source_stdlib:
            before["cold"], before_files = cold_loads(chromium, base + GAME, args.loads, setup=source_stdlib)
        floor_warm = warm_loads(chromium, base + FLOOR, args.loads, service_worker=False)
        game_warm = warm_loads(chromium, base + GAME, args.loads, service_worker=True, snapshot=True)
        warm_without_snapshot = warm_loads(chromium, base + GAME, args.loads, service_worker=True, setup=no_snapshot)
        if args.source_stdlib:
            # The service worker does not pre-cache npm's standard library: HTTP cache, like the floor.
            before["warm"] = warm_loads(chromium, base + GAME, args.loads, service_worker=False, setup=source_stdlib)
        bytes_ = transfer(base, game_files, built)
        if args.source_stdlib:
            bytes_before = transfer(base, before_files, built)
    shutil.rmtree(built, ignore_errors=True)

    rows = []
    results: dict[str, Any] = {"loads": args.loads}
    for label, game, floor in (("cold", game_cold, floor_cold), ("warm", game_warm, floor_warm)):
        ratio = median(game) / median(floor)
        row = [label, f"{median(floor):.0f} ms", f"{median(game):.0f} ms", f"{ratio:.2f}x"]
        results[label] = {"floor_ms": floor, "game_ms": game, "ratio_of_medians": ratio}
        if before:
            old = before[label]
            row += [f"{median(old):.0f} ms", f"{median(old) / median(floor):.2f}x"]
            results[label] |= {"source_stdlib_ms": old, "source_stdlib_ratio": median(old) / median(floor)}
        rows.append(row)
    no_snap = median(warm_without_snapshot) / median(floor_warm)
    results["warm"] |= {"without_snapshot_ms": warm_without_snapshot, "without_snapshot_ratio": no_snap}
    print(
        f"Boot to data-ready, median of {args.loads} loads (warm game: service worker and interpreter snapshot;"
        " warm floor: HTTP cache)"
    )
    headers = ["boot", "floor", "game", "game/floor"]
    if before:
        headers += ["game, source stdlib", "its /floor"]
    print_table(headers, rows)
    without = median(warm_without_snapshot)
    print(f"Warm game without its interpreter snapshot: {without:.0f} ms, {no_snap:.2f}x the floor")
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
            *(
                [
                    [
                        "runtime, source stdlib",
                        f"{bytes_before['runtime_raw'] / 1e6:.2f} MB",
                        f"{bytes_before['runtime_gzip'] / 1e6:.2f} MB",
                    ]
                ]
                if before
                else []
            ),
        ],
    )
    results["transfer_bytes"] = bytes_
    if before:
        results["transfer_bytes_source_stdlib"] = bytes_before
    print()
    print("Where the game's cold boot goes (median)")
    print_table(["stage", "time"], phase_rows(phases))
    results["cold_phases_ms"] = phases
    save("boot", results)


if __name__ == "__main__":
    main()
