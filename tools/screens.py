"""Screenshots of the table to look at: at 360x640, 640x360, 768x1024, 1440x900 and
1920x1080, a fresh table, the longest Klondike and Spider columns the records of
``tests/browser/test_screens.py`` reach, a drag in progress and the win's cascade
mid-way (25 pictures), written into a folder outside the repository.

Usage: python3 tools/screens.py [--out /tmp/shots] [--large | --dialogs] [extra pytest arguments]

``--large`` takes them with the large-card setting on. ``--dialogs`` takes every screen
and dialog instead (the table, New game, Settings, Stats with its chart, How to play's
tabs and their deal pictures, Keys, the link question, the win summary, the "another
tab" cover) in English, Thai and Khmer at 360x640, 640x360 and 1440x900 (108 pictures,
``dialogs-<language>-<size>-<screen>.png``). The folder is emptied of earlier pictures
first. It runs the screenshot test (``tests/browser/test_screens.py``, which also checks
that every table fits; ``test_dialog_screens.py``, which checks that every dialog keeps
its close control and buttons on screen and its text inside its boxes).
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
    choice = parser.add_mutually_exclusive_group()
    choice.add_argument("--large", action="store_true", help="with the large-card setting on")
    choice.add_argument("--dialogs", action="store_true", help="every screen and dialog, in each language")
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
    test = "tests/browser/test_screens.py"
    if args.dialogs:
        env["SOLITAIRE_DIALOG_SCREENS"] = "all"
        test = "tests/browser/test_dialog_screens.py"
    command = [sys.executable, str(ROOT / "tools" / "test.py"), test, "-q", *rest]
    code = subprocess.run(command, cwd=ROOT, env=env, check=False).returncode
    shots = sorted(out.glob("*.png"))
    print(f"{len(shots)} screenshots in {out}")
    return code


if __name__ == "__main__":
    sys.exit(main())
