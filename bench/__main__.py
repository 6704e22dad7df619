"""Every performance benchmark in one run, then the budgets they are held to.

Runs bench.boot, bench.latency and bench.engine one after another (each prints its
own table and writes bench/results/<name>.json), then reads those results and
prints each budget beside the figure measured. The solver's figures take about 45
minutes: add ``--solver`` to run bench.solver as well.

Usage: .venv/bin/python -m bench [--quick] [--solver]
"""

from __future__ import annotations

import argparse
import json
import subprocess
import sys
from typing import Any

from bench.common import RESULTS, ROOT, percentile, print_table

BUDGETS = (
    ("cold boot, game / floor", 0.65, "x"),
    ("warm boot, game / floor", 0.55, "x"),
    ("move latency p95 (worst game)", 16.0, "ms"),
    ("tap to foundation latency p95", 16.0, "ms"),
    ("longest task during play", 50.0, "ms"),
    ("own files on the wire (raw)", 300.0, "KB"),
)


def run(module: str, *args: str) -> None:
    print(f"\n$ python -m {module} {' '.join(args)}", flush=True)
    subprocess.run([sys.executable, "-m", module, *args], cwd=ROOT, check=True)


def load(name: str) -> dict[str, Any]:
    data: dict[str, Any] = json.loads((RESULTS / f"{name}.json").read_text(encoding="utf-8"))
    return data


def figures() -> list[float]:
    """The measured figure of each budget, in the order of ``BUDGETS``."""
    boot = load("boot")
    latency = load("latency")
    drags = [series for series in latency.values() if series.get("series") != "taps"]
    taps = [series for series in latency.values() if series.get("series") == "taps"]
    return [
        boot["cold"]["ratio_of_medians"],
        boot["warm"]["ratio_of_medians"],
        max(percentile(deal["latency_ms"], 0.95) for deal in drags),
        max((percentile(series["latency_ms"], 0.95) for series in taps), default=float("nan")),
        max(deal["longest_task_ms"] for deal in latency.values()),
        boot["transfer_bytes"]["own_raw"] / 1000,
    ]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="3 loads and 50 moves instead of 7 and 200")
    parser.add_argument("--solver", action="store_true", help="also run the solver's figures (about 45 minutes)")
    args = parser.parse_args()
    run("bench.boot", "--loads", "3" if args.quick else "7")
    run("bench.latency", "--moves", "50" if args.quick else "200", "--taps", "30" if args.quick else "100")
    run("bench.engine")
    if args.solver:
        run("bench.solver", "--jobs", "2")
    rows = []
    for (label, budget, unit), figure in zip(BUDGETS, figures(), strict=True):
        rows.append([label, f"{budget:g} {unit}", f"{figure:.2f} {unit}", "met" if figure <= budget else "NOT MET"])
    print("\nBudgets")
    print_table(["measure", "budget", "measured", ""], rows)


if __name__ == "__main__":
    main()
