"""The Chromium the tests, the benchmarks and the icon maker start, and how.

Debian's Chromium where it is installed (Playwright's own builds cannot be
downloaded on every machine); the same switches everywhere, so a figure or a
picture made by a tool comes from the browser the tests check.
"""

from __future__ import annotations

import os
import shutil

__all__ = ["CHROMIUM_ARGS", "system_chromium"]

CHROMIUM_ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
    # Shared memory in /tmp, not /dev/shm: a container's /dev/shm is often 64 MB, which a few
    # pages with Python running fill, and Chromium's renderer then dies ("Target crashed").
    "--disable-dev-shm-usage",
]


def system_chromium() -> str | None:
    """Debian's Chromium where it exists; elsewhere Playwright's own browser is used."""
    explicit = os.environ.get("CHROMIUM")
    if explicit:
        return explicit
    for name in ("chromium", "chromium-browser"):
        found = shutil.which(name)
        if found:
            return found
    return None
