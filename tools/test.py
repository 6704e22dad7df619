"""Run the tests, in layers: installs the test tools and the runtime when missing.

Usage:
  python3 tools/test.py            every test: the fast layer, then the rest
  python3 tools/test.py --fast     the fast layer only: lint, format, types, then the
                                   engine, model and project tests in CPython (no
                                   vendored runtime, no browser)
  python3 tools/test.py ARGS ...   pytest with these arguments (after vendoring)

The fast layer runs first so that a lint or type error fails in seconds, before a
browser starts. The rest are the tests marked ``vendored`` (they read the runtime
vendored from npm), ``browser`` (every test under tests/browser/) and ``heavy``
(minutes of processor time, such as following hints over many deals): see
tests/conftest.py. Both pytest layers spread their tests over the machine's cores
(pytest-xdist, a test file per worker, so a file's browser and page fixtures stay
together).

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
import time
import venv
from collections.abc import Sequence
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from tools import vendor  # noqa: E402 - the path above makes the package importable from anywhere

VENV = ROOT / ".venv"
REQUIREMENTS = ROOT / "requirements-dev.txt"
STAMP = VENV / ".requirements.sha256"

FAST = "not browser and not vendored and not heavy"
REST = "browser or vendored or heavy"
CHECKS: tuple[tuple[str, ...], ...] = (
    ("ruff", "check", "."),
    ("ruff", "format", "--check", "."),
    # pyproject.toml ([tool.mypy]) names the whole repository; the browser's modules
    # (pyscript, js, pyodide) are typed by the stubs in stubs/.
    ("mypy",),
)


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


def workers() -> list[str]:
    """pytest-xdist's options: one worker per core, a test file per worker at a time."""
    return ["-n", os.environ.get("SOLITAIRE_TEST_WORKERS", "auto"), "--dist", "loadfile"]


def run(step: str, command: Sequence[str]) -> int:
    """Run one step of a layer, saying what it is and how long it took."""
    print(f"\n=== {step}: {' '.join(command)}", flush=True)
    start = time.monotonic()
    code = subprocess.run([str(venv_python()), "-m", *command], cwd=ROOT, check=False).returncode
    print(f"=== {step}: {'passed' if code == 0 else 'FAILED'} in {time.monotonic() - start:.0f} s", flush=True)
    return code


def fast_layer() -> int:
    for check in CHECKS:
        code = run(check[0], check)
        if code:
            return code
    return run("fast tests", ["pytest", "-m", FAST, *workers()])


def main(arguments: Sequence[str]) -> int:
    ensure_tools()
    if list(arguments) == ["--fast"]:
        return fast_layer()
    vendor.ensure()
    if arguments:
        return run("pytest", ["pytest", *arguments])
    start = time.monotonic()
    code = fast_layer() or run("browser and vendored tests", ["pytest", "-m", REST, *workers()])
    print(f"\n=== every test: {'passed' if code == 0 else 'FAILED'} in {time.monotonic() - start:.0f} s", flush=True)
    return code


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
