"""Renderer memory over many boots and many moves: does the page or the browser leak?

Four runs, each in one browser: the same page reloaded N times; N boots each in a
context of its own, closed after it (as the browser tests do); M moves of scripted
mouse play in one page, with a refused move every 5th step and an undo every 10th;
and H hints asked and played (the solver's worker is one more interpreter). Every
10th step it reads the resident memory of the browser's renderer processes (from
/proc, Linux only) and the page's JavaScript heap; then it collects the page's
garbage (Python's and the browser's) and reads again, with what the page holds
(``tests/browser/memory_probe.py``): Python callbacks handed to the browser, event
listeners, nodes, documents, Python objects and the interpreter's WebAssembly
memory. Growth before the collection that the collection takes back is garbage not
yet collected; growth after it is a leak.

Usage: .venv/bin/python -m bench.memory [--boots 50] [--moves 500] [--hints 50]
"""

from __future__ import annotations

import argparse
import os
import random
import sys
from pathlib import Path
from typing import Any

import engine
from bench.common import browser, print_table, save, served
from bench.latency import choose
from tests.browser import memory_probe
from tests.browser.conftest import wait_ready
from tests.browser.helpers import drag, play_with_mouse, wait_moves

CODE = "KL1-D1N-AAAAAAB"


def _processes() -> dict[int, tuple[int, str]]:
    """Every process: pid -> (parent pid, command line)."""
    found: dict[int, tuple[int, str]] = {}
    for entry in Path("/proc").iterdir():
        if not entry.name.isdigit():
            continue
        try:
            stat = (entry / "stat").read_text()
            cmdline = (entry / "cmdline").read_bytes().replace(b"\0", b" ").decode(errors="replace")
        except OSError:
            continue
        parent = int(stat.rsplit(")", 1)[1].split()[1])
        found[int(entry.name)] = (parent, cmdline)
    return found


def _rss_mb(pid: int) -> float:
    try:
        for line in Path(f"/proc/{pid}/status").read_text().splitlines():
            if line.startswith("VmRSS:"):
                return int(line.split()[1]) / 1024
    except OSError:
        pass
    return 0.0


class Renderers:
    """The renderer processes of the browser this program launched (its descendants:
    other browsers on the machine are not counted)."""

    def memory(self) -> tuple[int, float]:
        """How many renderers there are and their resident memory in MB."""
        processes = _processes()
        children: dict[int, list[int]] = {}
        for pid, (parent, _) in processes.items():
            children.setdefault(parent, []).append(pid)
        ours, stack = set(), [os.getpid()]
        while stack:
            for child in children.get(stack.pop(), []):
                ours.add(child)
                stack.append(child)
        renderers = [pid for pid in ours if "--type=renderer" in processes[pid][1]]
        return len(renderers), sum(_rss_mb(pid) for pid in renderers)


def heap_mb(page: Any) -> float:
    """The page's JavaScript heap in use (WebAssembly memory is outside it: the
    renderer's resident memory shows that)."""
    session = page.context.new_cdp_session(page)
    try:
        session.send("Performance.enable")
        metrics = {m["name"]: m["value"] for m in session.send("Performance.getMetrics")["metrics"]}
        return float(metrics.get("JSHeapUsedSize", 0.0)) / 2**20
    finally:
        session.detach()


HEADERS = [
    "step",
    "renderers",
    "RSS",
    "JS heap",
    "RSS after GC",
    "JS heap after GC",
    "wasm",
    "documents",
    "proxies",
    "listeners",
    "nodes",
    "Python objects",
]


def _row(step: int, page: Any, renderers: Renderers) -> list[float]:
    count, rss = renderers.memory()
    heap = heap_mb(page)
    held = memory_probe.counts(page)  # collects the garbage first
    _, collected = renderers.memory()
    return [
        step,
        count,
        rss,
        heap,
        collected,
        held["js_heap_mb"],
        held["wasm_mb"],
        held["documents"],
        held["proxies"],
        held["listeners"],
        held["nodes"],
        held["python_objects"],
    ]


def _opened(chromium: Any, base: str) -> tuple[Any, Any]:
    """A new context with the memory probe, its page ready on the benchmark's deal."""
    context = chromium.new_context(viewport={"width": 1440, "height": 900}, service_workers="block")
    memory_probe.install(context)
    page = context.new_page()
    page.goto(f"{base}#{CODE}")
    wait_ready(page)
    return context, page


def reloads(chromium: Any, base: str, boots: int, renderers: Renderers) -> list[list[float]]:
    context, page = _opened(chromium, base)
    rows = [_row(0, page, renderers)]
    for boot in range(1, boots + 1):
        page.reload()
        wait_ready(page)
        if boot == 1 or boot % 10 == 0:
            rows.append(_row(boot, page, renderers))
    context.close()
    return rows


def contexts(chromium: Any, base: str, boots: int, renderers: Renderers) -> list[list[float]]:
    rows = []
    for boot in range(1, boots + 1):
        context, _page = _opened(chromium, base)
        if boot == 1 or boot % 10 == 0:
            count, rss = renderers.memory()
            rows.append([boot, count, rss])
        context.close()
    count, rss = renderers.memory()
    rows.append([boots, count, rss])  # after the last context closed
    return rows


def moves(chromium: Any, base: str, count: int, renderers: Renderers) -> list[list[float]]:
    context, page = _opened(chromium, base)
    game = engine.new_game(CODE)
    rng = random.Random(1)
    rows = [_row(0, page, renderers)]
    for step in range(1, count + 1):
        refusal = memory_probe.refusal(game) if step % 5 == 0 else None
        if refusal is not None:
            drag(page, *refusal)
        if step % 10 == 0 and game.can_undo:
            game.undo()
            page.keyboard.press("u")
        else:
            move = choose(game, rng)
            if move is None:
                break
            play_with_mouse(page, game, move)
            game.play(move)
        wait_moves(page, game.moves)
        if step == 1 or step % 100 == 0:
            rows.append(_row(step, page, renderers))
    context.close()
    return rows


def hints(chromium: Any, base: str, count: int, renderers: Renderers) -> list[list[float]]:
    """Ask for a hint and play it, ``count`` times: the solver's worker (a second
    interpreter in the page's renderer) is started once and kept."""
    context, page = _opened(chromium, base)
    game = engine.new_game(CODE)
    rows = [_row(0, page, renderers)]
    for step in range(1, count + 1):
        page.keyboard.press("h")
        page.wait_for_function(
            "() => document.body.dataset.hint || "
            "['lost', 'unknown', 'error'].includes(document.getElementById('solver-panel').dataset.state)",
            timeout=120_000,
        )
        hinted = page.evaluate("document.body.dataset.hint || null")
        if hinted is None or game.won:
            break
        move = engine.parse_move(str(hinted))
        play_with_mouse(page, game, move)
        game.play(move)
        wait_moves(page, game.moves)
        if step == 1 or step % 10 == 0:
            rows.append(_row(step, page, renderers))
    context.close()
    return rows


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--boots", type=int, default=50)
    parser.add_argument("--moves", type=int, default=500)
    parser.add_argument("--hints", type=int, default=50)
    args = parser.parse_args()
    if not Path("/proc/self/status").exists():
        raise SystemExit("This benchmark reads process memory from /proc (Linux).")
    results: dict[str, list[list[float]]] = {}
    with served() as base:
        for name, run, count in (
            ("reloads of one page", reloads, args.boots),
            ("a context per boot, closed", contexts, args.boots),
            ("moves in one page (a refusal every 5th, an undo every 10th)", moves, args.moves),
            ("hints asked and played in one page", hints, args.hints),
        ):
            renderers = Renderers()
            with browser() as chromium:
                results[name] = run(chromium, base, count, renderers)
            print(f"\n{name}", flush=True)
            if run is contexts:
                print_table(
                    ["boot", "renderers", "RSS"], [[int(s), int(n), f"{rss:.0f} MB"] for s, n, rss in results[name]]
                )
            else:
                print_table(HEADERS, [_cells(row) for row in results[name]])
            sys.stdout.flush()
    save("memory", results)


def _cells(row: list[float]) -> list[str]:
    step, count, rss, heap, collected, heap_after, wasm, documents, proxies, listeners, nodes, objects = row
    return [
        str(int(step)),
        str(int(count)),
        f"{rss:.0f} MB",
        f"{heap:.1f} MB",
        f"{collected:.0f} MB",
        f"{heap_after:.1f} MB",
        f"{wasm:.0f} MB",
        str(int(documents)),
        str(int(proxies)),
        str(int(listeners)),
        str(int(nodes)),
        str(int(objects)),
    ]


if __name__ == "__main__":
    main()
