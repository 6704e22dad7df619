"""A memory snapshot of the interpreter, against starting it, on the game's standard library.

Pyodide 314 can save the interpreter's memory after start-up (private options
``_makeSnapshot`` / ``_loadSnapshot`` and ``makeMemorySnapshot``) and start the
next time from it. A snapshot can hold no reference to a page object that it
cannot find again by a path from ``globalThis``, so it can only be made before
PyScript and the game run: what it can save is Python's own start and the
standard-library imports. This benchmark times exactly that, in one browser
context (HTTP cache and Cache Storage warm, as on a return visit): start Pyodide
and import the modules of ``tools/stdlib-imports.txt``, against reading a
snapshot from Cache Storage and starting from it (the page is
``bench/snapshot/index.html``). Then the whole game's warm boot to ``data-ready``,
as it is against with its interpreter module swapped (by a route) for one that
starts from that snapshot.

Usage: .venv/bin/python -m bench.snapshot [--loads 7]
"""

from __future__ import annotations

import argparse
import json
from typing import Any

from bench.common import READY_PROBE, browser, median, print_table, save, served
from tools import stdlib

PAGE = "bench/snapshot/index.html"
GAME = "index.html#KL1-D1N-AAAAAAG"
TIMEOUT_MS = 120_000
RESTORING_MODULE = """
import { loadPyodide as loadGame, version } from "./INTERPRETER?real";
export { version };
export async function loadPyodide(options = {}) {
  const hit = await (await caches.open("snapshot-bench")).match("/__snapshot/" + version);
  const bytes = new Uint8Array(await hit.arrayBuffer());
  const pyodide = await loadGame({ ...options, _loadSnapshot: bytes });
  pyodide.runPython("import random; random.seed()");
  return pyodide;
}
""".replace("INTERPRETER", stdlib.INTERPRETER)


def game_boot(page: Any, base: str) -> float:
    page.goto("about:blank")  # a new document each time: the same URL with a hash would not reload
    page.goto(base + GAME)
    page.wait_for_function("window.__readyAt !== undefined", timeout=TIMEOUT_MS)
    return float(page.evaluate("window.__readyAt"))


def load(page: Any, base: str, mode: str) -> dict[str, Any]:
    page.goto(f"{base}{PAGE}?mode={mode}")
    page.wait_for_function("document.body.dataset.result !== undefined", timeout=TIMEOUT_MS)
    result: dict[str, Any] = json.loads(page.evaluate("document.body.dataset.result"))
    if "error" in result:
        raise SystemExit(f"{mode} failed: {result['error']}")
    return result


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--loads", type=int, default=7)
    args = parser.parse_args()
    with served() as base, browser() as chromium:
        context = chromium.new_context()
        page = context.new_page()
        load(page, base, "plain")  # fills the HTTP cache
        made = load(page, base, "make")
        plain: list[dict[str, Any]] = []
        restored: list[dict[str, Any]] = []
        for _ in range(args.loads):  # interleaved: the machine's load hits both alike
            plain.append(load(page, base, "plain"))
            restored.append(load(page, base, "restore"))
        context.close()

        # The whole game, warm (HTTP cache), as it is and started from the snapshot.
        context = chromium.new_context(service_workers="block")
        context.add_init_script(READY_PROBE)
        page = context.new_page()
        load(page, base, "make")
        game_boot(page, base)
        as_is: list[float] = []
        from_snapshot: list[float] = []
        restoring = [False]
        context.route(
            lambda url: restoring[0] and url.endswith("/" + stdlib.INTERPRETER),
            lambda route: route.fulfill(status=200, content_type="text/javascript", body=RESTORING_MODULE),
        )
        for _ in range(args.loads):
            restoring[0] = False
            as_is.append(game_boot(page, base))
            restoring[0] = True
            from_snapshot.append(game_boot(page, base))
        context.close()
    start = median([r["ready_ms"] for r in plain])
    snap = median([r["ready_ms"] for r in restored])
    read = median([r["read_ms"] for r in restored])
    print(f"Interpreter started and {plain[0]['modules']} modules imported, median of {args.loads} warm loads")
    print_table(
        ["start", "time", "ratio"],
        [
            ["from scratch (compiled standard library)", f"{start:.0f} ms", "1.00x"],
            ["from the snapshot in Cache Storage", f"{snap:.0f} ms", f"{snap / start:.2f}x"],
            ["  of which reading the snapshot", f"{read:.0f} ms", ""],
        ],
    )
    print(f"\nSnapshot: {made['bytes'] / 1e6:.1f} MB, made in {made['make_ms']:.0f} ms after the first start")
    print(f"\nThe game's warm boot (HTTP cache) to data-ready, median of {args.loads} loads")
    game, restored_game = median(as_is), median(from_snapshot)
    print_table(
        ["boot", "time", "ratio"],
        [
            ["as shipped", f"{game:.0f} ms", "1.00x"],
            ["interpreter from the snapshot", f"{restored_game:.0f} ms", f"{restored_game / game:.2f}x"],
        ],
    )
    save(
        "snapshot",
        {
            "loads": args.loads,
            "plain": plain,
            "restored": restored,
            "made": made,
            "game_warm_ms": as_is,
            "game_warm_from_snapshot_ms": from_snapshot,
        },
    )


if __name__ == "__main__":
    main()
