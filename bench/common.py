"""Shared pieces of the benchmarks: a browser, a server, a table printer, results."""

from __future__ import annotations

import json
import statistics
import sys
import threading
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from functools import partial
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
RESULTS = ROOT / "bench" / "results"
sys.path.insert(0, str(ROOT))

from tools import vendor  # noqa: E402
from tools.chromium import CHROMIUM_ARGS, system_chromium  # noqa: E402
from tools.devserver import LOOPBACK_NAMES, GameRequestHandler, GameServer, serve_in_background  # noqa: E402

# Records the moment the page marks itself ready, relative to navigation start.
READY_PROBE = """
new MutationObserver((_, observer) => {
  if (document.body && document.body.dataset.ready === "true") {
    window.__readyAt = performance.now();
    observer.disconnect();
  }
}).observe(document, {attributes: true, subtree: true, attributeFilter: ["data-ready"]});
"""


@contextmanager
def browser() -> Iterator[Any]:
    from playwright.sync_api import sync_playwright

    with sync_playwright() as playwright:
        executable = system_chromium()
        instance = playwright.chromium.launch(args=CHROMIUM_ARGS, executable_path=executable)
        try:
            yield instance
        finally:
            instance.close()


@contextmanager
def served(root: Path = ROOT) -> Iterator[str]:
    vendor.ensure()
    server, url = serve_in_background(root)
    try:
        yield url
    finally:
        server.shutdown()


def serve(
    root: Path, handler: type[GameRequestHandler], server_class: type[GameServer] = GameServer
) -> tuple[GameServer, str]:
    """A built site in ``root`` served by ``handler`` on a free loopback port: the server and its address."""
    server = server_class(("127.0.0.1", 0), partial(handler, directory=str(root)))
    server.quiet, server.site_only, server.hosts = True, False, LOOPBACK_NAMES
    threading.Thread(target=server.serve_forever, daemon=True).start()
    return server, f"http://127.0.0.1:{server.server_address[1]}/"


def percentile(values: Sequence[float], fraction: float) -> float:
    ordered = sorted(values)
    if not ordered:
        return float("nan")
    index = min(len(ordered) - 1, max(0, round(fraction * (len(ordered) - 1))))
    return ordered[index]


def median(values: Sequence[float]) -> float:
    return statistics.median(values) if values else float("nan")


def print_table(headers: Sequence[str], rows: Sequence[Sequence[object]]) -> None:
    cells = [[str(h) for h in headers], *[[str(c) for c in row] for row in rows]]
    widths = [max(len(row[i]) for row in cells) for i in range(len(headers))]
    for index, row in enumerate(cells):
        print("  ".join(cell.ljust(widths[i]) for i, cell in enumerate(row)))
        if index == 0:
            print("  ".join("-" * w for w in widths))


def save(name: str, data: dict[str, Any]) -> Path:
    RESULTS.mkdir(parents=True, exist_ok=True)
    path = RESULTS / f"{name}.json"
    path.write_text(json.dumps(data, indent=2), encoding="utf-8")
    print(f"\nWrote {path.relative_to(ROOT)}")
    return path
