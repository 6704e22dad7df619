"""Screenshots of the table to look at: at 360x640, 640x360, 768x1024, 1440x900 and
1920x1080, a fresh table, the longest Klondike and Spider columns the records of
``tests/browser/test_screens.py`` reach, a drag in progress and the win's cascade
mid-way (25 pictures), written into a folder outside the repository.

Usage: python3 tools/screens.py [--out /tmp/shots] [--large] [extra pytest arguments]

``--large`` takes them with the large-card setting on. The folder is emptied of earlier
pictures first. It runs the screenshot test (which also checks that every table fits).
"""

from __future__ import annotations

import argparse
import os
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--out", type=Path, default=Path("/tmp/shots"), help="folder for the pictures")
    parser.add_argument("--large", action="store_true", help="with the large-card setting on")
    args, rest = parser.parse_known_args()
    out = args.out.resolve()
    if out == ROOT or ROOT in out.parents:
        parser.error(f"{out} is inside the repository: choose a folder outside it")
    out.mkdir(parents=True, exist_ok=True)
    for old in out.glob("*.png"):
        old.unlink()
    env = {**os.environ, "SOLITAIRE_SCREENSHOTS": str(out), "SOLITAIRE_EVIDENCE": "1"}
    if args.large:
        env["SOLITAIRE_LARGE_CARDS"] = "1"
    command = [sys.executable, str(ROOT / "tools" / "test.py"), "tests/browser/test_screens.py", "-q", *rest]
    code = subprocess.run(command, cwd=ROOT, env=env, check=False).returncode
    shots = sorted(out.glob("*.png"))
    print(f"{len(shots)} screenshots in {out}")
    return code


if __name__ == "__main__":
    sys.exit(main())
