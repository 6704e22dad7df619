"""Renderer memory over many boots and many moves: does the page or the browser leak?

Three runs, each in one browser: the same page reloaded N times; N boots each in a
context of its own, closed after it (as the browser tests do); and M moves of
scripted mouse play in one page. After every step it reads the resident memory of
the browser's renderer processes (from /proc, Linux only) and the page's
JavaScript heap, and prints how both grow.

Usage: .venv/bin/python -m bench.memory [--boots 50] [--moves 500]
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
from bench.latency import choose, perform
from tests.browser.conftest import wait_ready

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


def reloads(chromium: Any, base: str, boots: int, renderers: Renderers) -> list[list[float]]:
    context = chromium.new_context(viewport={"width": 1440, "height": 900}, service_workers="block")
    page = context.new_page()
    page.goto(f"{base}#{CODE}")
    wait_ready(page)
    rows = []
    for boot in range(1, boots + 1):
        page.reload()
        wait_ready(page)
        if boot == 1 or boot % 10 == 0:
            count, rss = renderers.memory()
            rows.append([boot, count, rss, heap_mb(page)])
    context.close()
    return rows


def contexts(chromium: Any, base: str, boots: int, renderers: Renderers) -> list[list[float]]:
    rows = []
    for boot in range(1, boots + 1):
        context = chromium.new_context(viewport={"width": 1440, "height": 900}, service_workers="block")
        page = context.new_page()
        page.goto(f"{base}#{CODE}")
        wait_ready(page)
        if boot == 1 or boot % 10 == 0:
            count, rss = renderers.memory()
            rows.append([boot, count, rss, 0.0])
        context.close()
    count, rss = renderers.memory()
    rows.append([boots, count, rss, 0.0])  # after the last context closed
    return rows


def moves(chromium: Any, base: str, count: int, renderers: Renderers) -> list[list[float]]:
    context = chromium.new_context(viewport={"width": 1440, "height": 900}, service_workers="block")
    page = context.new_page()
    page.goto(f"{base}#{CODE}")
    wait_ready(page)
    game = engine.new_game(CODE)
    rng = random.Random(1)
    rows = []
    for played in range(1, count + 1):
        move = choose(game, rng)
        if move is None:
            break
        perform(page, game, move)
        page.wait_for_function("n => document.querySelector('[data-moves]').dataset.moves === String(n)", arg=played)
        game.play(move)
        if played == 1 or played % 100 == 0:
            renderer_count, rss = renderers.memory()
            rows.append([played, renderer_count, rss, heap_mb(page)])
    context.close()
    return rows


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--boots", type=int, default=50)
    parser.add_argument("--moves", type=int, default=500)
    args = parser.parse_args()
    if not Path("/proc/self/status").exists():
        raise SystemExit("This benchmark reads process memory from /proc (Linux).")
    results: dict[str, list[list[float]]] = {}
    with served() as base:
        for name, run, count in (
            ("reloads of one page", reloads, args.boots),
            ("a context per boot, closed", contexts, args.boots),
            ("moves in one page", moves, args.moves),
        ):
            renderers = Renderers()
            with browser() as chromium:
                results[name] = run(chromium, base, count, renderers)
            print(f"\n{name}", flush=True)
            print_table(
                ["step", "renderers", "renderer RSS", "JS heap"],
                [[int(s), int(n), f"{rss:.0f} MB", f"{heap:.1f} MB"] for s, n, rss, heap in results[name]],
            )
            sys.stdout.flush()
    save("memory", results)


if __name__ == "__main__":
    main()
