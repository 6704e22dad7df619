"""Checks on the repository itself: the page's file list, lint, no foreign URLs."""

from __future__ import annotations

import re
import subprocess
import sys
import tomllib
from pathlib import Path

from tools import pyfiles

ROOT = Path(__file__).resolve().parent.parent


def test_pyscript_files_list_matches_the_python_files_on_disk() -> None:
    config = tomllib.loads((ROOT / "pyscript.toml").read_text(encoding="utf-8"))
    listed = sorted(config["files"])
    on_disk = sorted(f"./{name}" for name in pyfiles.python_files())
    assert listed == on_disk, "run: python3 tools/pyfiles.py --write"
    for source, target in config["files"].items():
        assert source == target, "files keep their paths in the browser"


def test_pyscript_uses_the_vendored_runtime_and_no_packages() -> None:
    config = tomllib.loads((ROOT / "pyscript.toml").read_text(encoding="utf-8"))
    assert config["interpreter"] == "./static/vendor/pyodide/pyodide.mjs"
    assert "packages" not in config


def test_no_file_of_the_page_names_another_origin() -> None:
    pattern = re.compile(r"https?://")
    allowed = re.compile(r"http://www\.w3\.org/2000/svg")  # an XML namespace, never fetched
    offenders = []
    sources = [ROOT / "index.html", ROOT / "pyscript.toml"]
    for folder in ("ui", "engine", "static"):
        for path in (ROOT / folder).rglob("*"):
            if "vendor" in path.parts or path.suffix not in {".html", ".toml", ".py", ".css", ".js", ".json", ".svg"}:
                continue
            sources.append(path)
    for path in sources:
        for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
            if pattern.search(allowed.sub("", line)):
                offenders.append(f"{path.relative_to(ROOT)}:{number}: {line.strip()}")
    assert offenders == []


def test_ruff_finds_nothing() -> None:
    result = subprocess.run(
        [sys.executable, "-m", "ruff", "check", "."], cwd=ROOT, capture_output=True, text=True, check=False
    )
    assert result.returncode == 0, result.stdout + result.stderr


def test_ruff_format_is_clean() -> None:
    result = subprocess.run(
        [sys.executable, "-m", "ruff", "format", "--check", "."], cwd=ROOT, capture_output=True, text=True, check=False
    )
    assert result.returncode == 0, result.stdout + result.stderr


def test_engine_and_pure_ui_modules_pass_strict_type_checks() -> None:
    # The files are listed in pyproject.toml ([tool.mypy]): the engine and the UI modules
    # that do not touch the browser (those import pyscript, which has no type stubs).
    result = subprocess.run([sys.executable, "-m", "mypy"], cwd=ROOT, capture_output=True, text=True, check=False)
    assert result.returncode == 0, result.stdout + result.stderr
