"""What every test shares: Hypothesis's settings and the markers that sort tests into layers.

Both live here, at the top, so that they hold however the tests are collected: a test
module imported by another (or a whole run) never meets Hypothesis's 200 ms default.
Layers (``python3 tools/test.py --fast`` runs the first):

- unmarked: engine, model, lint and project tests in CPython; no browser, no vendored runtime;
- ``vendored``: needs ``static/vendor/`` (the runtime, fonts and court artwork from npm);
- ``browser``: every test under ``tests/browser/``, marked by its folder (and so ``vendored``).
"""

from __future__ import annotations

import os
from pathlib import Path

import pytest
from hypothesis import HealthCheck, settings

BROWSER_TESTS = Path(__file__).resolve().parent / "browser"

settings.register_profile(
    "solitaire",
    # Timings vary with the machine's load: a rule either holds or it does not.
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
)
settings.register_profile("thorough", parent=settings.get_profile("solitaire"), max_examples=1000)
settings.load_profile(os.environ.get("HYPOTHESIS_PROFILE", "solitaire"))


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    """Every test in tests/browser/ is a browser test, and so needs the vendored runtime."""
    for item in items:
        if BROWSER_TESTS in item.path.parents:
            item.add_marker(pytest.mark.browser)
            item.add_marker(pytest.mark.vendored)
