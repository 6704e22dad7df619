"""Run every test: installs the test tools and the runtime when missing, then pytest.

Usage: python3 tools/test.py [pytest arguments]

Python test tools go into .venv/ (created on first use, refreshed when
requirements-dev.txt changes); the pinned browser runtime comes from npm ci.
Browser tests use the system Chromium (Debian: apt-get install chromium) or,
where there is none, Playwright's own browser.
"""

from __future__ import annotations

import hashlib
import os
import subprocess
import sys
import venv
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from tools import vendor  # noqa: E402 - the path above makes the package importable from anywhere

VENV = ROOT / ".venv"
REQUIREMENTS = ROOT / "requirements-dev.txt"
STAMP = VENV / ".requirements.sha256"


def venv_python() -> Path:
    return VENV / ("Scripts/python.exe" if os.name == "nt" else "bin/python")


def ensure_tools() -> None:
    """Create .venv and install the pinned test tools unless they are already there."""
    digest = hashlib.sha256(REQUIREMENTS.read_bytes()).hexdigest()
    if venv_python().exists() and STAMP.exists() and STAMP.read_text().strip() == digest:
        return
    if not venv_python().exists():
        print("Creating .venv for the test tools ...", flush=True)
        venv.create(VENV, with_pip=True)
    print("Installing the test tools from requirements-dev.txt ...", flush=True)
    subprocess.run(
        [str(venv_python()), "-m", "pip", "install", "--quiet", "--disable-pip-version-check", "-r", str(REQUIREMENTS)],
        check=True,
    )
    STAMP.write_text(digest)


def main() -> int:
    ensure_tools()
    vendor.ensure()
    command = [str(venv_python()), "-m", "pytest", *sys.argv[1:]]
    return subprocess.run(command, cwd=ROOT, check=False).returncode


if __name__ == "__main__":
    sys.exit(main())
