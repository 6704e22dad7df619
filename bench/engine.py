"""Engine throughput in CPython and in Pyodide (headless Chromium), side by side.

Usage: .venv/bin/python -m bench.engine [--seconds 1.0]
"""

from __future__ import annotations

import argparse
import json
import platform
from typing import Any

from bench import throughput
from bench.common import ROOT, browser, print_table, save, served
from tools import pyfiles

PAGE_DIR = ROOT / "bench" / "pyodide"
CONFIG = PAGE_DIR / "bench.toml"  # generated: the engine's file list changes as it grows


def write_config() -> None:
    lines = [
        'interpreter = "../../static/vendor/pyodide/pyodide.mjs"',
        'plugins = ["!error", "!py-editor", "!py-terminal", "!py-game", "!donkey", "!codemirror"]',
        "[files]",
    ]
    names = [name for name in pyfiles.python_files() if name.startswith("engine/")]
    names += ["bench/__init__.py", "bench/throughput.py"]
    lines += [f'"../../{name}" = "./{name}"' for name in names]
    CONFIG.write_text("\n".join(lines) + "\n", encoding="utf-8")


def in_pyodide(seconds: float) -> dict[str, Any]:
    write_config()
    with served() as base, browser() as chromium:
        page = chromium.new_page()
        page.goto(f"{base}bench/pyodide/index.html?seconds={seconds}")
        page.wait_for_function("document.body.dataset.result !== undefined", timeout=300_000)
        result: dict[str, Any] = json.loads(page.evaluate("document.body.dataset.result"))
        return result


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=1.0, help="time per measurement")
    args = parser.parse_args()
    cpython = throughput.run_all(args.seconds)
    pyodide = in_pyodide(args.seconds)
    if "error" in pyodide:
        raise SystemExit(f"Pyodide run failed: {pyodide['error']}")
    rows = []
    for code in cpython:
        c, p = cpython[code], pyodide.get(code, {})
        rows.append(
            [
                code,
                f"{c['legal_moves_per_s']:,.0f}",
                f"{p.get('legal_moves_per_s', float('nan')):,.0f}",
                f"{c['play_undo_per_s']:,.0f}",
                f"{p.get('play_undo_per_s', float('nan')):,.0f}",
                f"{c['rank_moves_per_s']:,.0f}",
                f"{p.get('rank_moves_per_s', float('nan')):,.0f}",
            ]
        )
    print(f"Engine throughput on random playouts ({args.seconds:g} s per figure, CPython {platform.python_version()})")
    headers = ["deal", "legal_moves/s CPython", "Pyodide", "play+undo/s CPython", "Pyodide"]
    print_table([*headers, "hint ranking/s CPython", "Pyodide"], rows)
    save("engine", {"seconds": args.seconds, "cpython": cpython, "pyodide": pyodide})


if __name__ == "__main__":
    main()
