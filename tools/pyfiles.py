"""Generate the [files] table of pyscript.toml from the Python files on disk.

PyScript copies exactly the files listed there into the browser, so a module
missing from the list breaks the page at run time. tests/test_project.py checks
the list; this script rewrites it.

Usage: python3 tools/pyfiles.py [--write]
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
CONFIG = ROOT / "pyscript.toml"
PACKAGES = ("engine", "ui")
MARKER = "[files]"
WORKER_ONLY = ("ui/solver_worker.py",)
"""Scripts a worker loads as its own ``src`` when it starts: the page never fetches
them, so nothing of the solver's worker is downloaded before it is needed."""


def python_files() -> list[str]:
    """Every Python file the page needs, as paths relative to the repository."""
    files: list[str] = []
    for package in PACKAGES:
        for path in sorted((ROOT / package).rglob("*.py")):
            name = path.relative_to(ROOT).as_posix()
            if "__pycache__" not in path.parts and name not in WORKER_ONLY:
                files.append(name)
    return files


def files_table() -> str:
    lines = [MARKER]
    lines += [f'"./{name}" = "./{name}"' for name in python_files()]
    return "\n".join(lines) + "\n"


def rewrite(text: str) -> str:
    head, sep, _ = text.partition(MARKER)
    if not sep:
        raise SystemExit("pyscript.toml has no [files] table")
    return head + files_table()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--write", action="store_true", help="rewrite pyscript.toml in place")
    args = parser.parse_args()
    current = CONFIG.read_text(encoding="utf-8")
    wanted = rewrite(current)
    if args.write:
        CONFIG.write_text(wanted, encoding="utf-8")
        print("pyscript.toml [files] updated.")
    elif wanted != current:
        print("pyscript.toml [files] is out of date: run python3 tools/pyfiles.py --write")
        sys.exit(1)


if __name__ == "__main__":
    main()
