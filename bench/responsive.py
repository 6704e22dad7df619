"""The page while the solver searches: the longest task on the main thread, and how
soon a dialog opens when the player presses a button meanwhile.

The solver runs in a worker, so the page's own thread should only see the short
tasks of progress messages. This opens a deal the solver cannot decide within a
minute (``tests/browser/test_solver.py``'s ``HARD``), starts a search with the hint
key, then for ``--seconds`` records every long task (over 50 ms, the browser's
Long Tasks API) and opens and closes Settings every two seconds, timing the click
to the dialog being open.

Usage: .venv/bin/python -m bench.responsive [--seconds 30]
"""

from __future__ import annotations

import argparse
import time
from typing import Any

from bench.common import browser, median, print_table, save, served
from tests.browser.conftest import wait_ready
from tests.browser.helpers import panel_state, progress_count, start_long_search
from tests.browser.records import HARD

PROBE = """
window.__tasks = []; window.__lag = [];
new PerformanceObserver(list => {
  for (const entry of list.getEntries()) window.__tasks.push(entry.duration);
}).observe({type: "longtask"});
addEventListener("DOMContentLoaded", () => {
  const button = document.getElementById("btn-settings");
  const dialog = document.getElementById("dlg-settings");
  button.addEventListener("click", e => { window.__click = e.timeStamp; }, true);
  new MutationObserver(() => {
    if (dialog.open) window.__lag.push(performance.now() - window.__click);
  }).observe(dialog, {attributes: true, attributeFilter: ["open"]});
});
"""


def measure(chromium: Any, base: str, seconds: float) -> dict[str, Any]:
    context = chromium.new_context(viewport={"width": 1440, "height": 900}, service_workers="block")
    context.add_init_script(PROBE)
    page = context.new_page()
    page.goto(f"{base}#{HARD}")
    wait_ready(page)
    start_long_search(page)
    first = progress_count(page)
    page.evaluate("window.__tasks = []; window.__lag = []")
    last = first
    started = time.monotonic()
    ended: float | None = None  # seconds into the run when the search ended by itself

    def look() -> None:
        nonlocal last, ended
        last = max(last, progress_count(page))
        if ended is None and panel_state(page) != "searching":
            ended = time.monotonic() - started  # decided, or out of its time

    while time.monotonic() < started + seconds:
        look()
        page.click("#btn-settings")
        page.wait_for_selector("#dlg-settings[open]")
        page.keyboard.press("Escape")
        page.wait_for_selector("#dlg-settings", state="hidden")
        page.wait_for_timeout(2000)
    look()
    result = {
        "seconds": seconds,
        "long_tasks_ms": [float(x) for x in page.evaluate("window.__tasks")],
        "settings_lag_ms": [float(x) for x in page.evaluate("window.__lag")],
        "positions": last - first,
        "still_searching": ended is None,
        "searched_seconds": seconds if ended is None else ended,
    }
    context.close()
    return result


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=30.0)
    args = parser.parse_args()
    with served() as base, browser() as chromium:
        result = measure(chromium, base, args.seconds)
    tasks = result["long_tasks_ms"]
    lag = result["settings_lag_ms"]
    print(f"The page while the solver searches {HARD} ({args.seconds:.0f} s, 1440x900)")
    print_table(
        ["long tasks (>50 ms)", "longest task", "Settings opens (median / max)", "positions searched meanwhile"],
        [
            [
                len(tasks),
                f"{max(tasks):.0f} ms" if tasks else "none",
                f"{median(lag):.1f} / {max(lag):.1f} ms" if lag else "-",
                f"{result['positions']:,}"
                + (
                    "" if result["still_searching"] else f" (the search ended after {result['searched_seconds']:.0f} s)"
                ),
            ]
        ],
    )
    save("responsive", result)


if __name__ == "__main__":
    main()
