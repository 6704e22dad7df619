"""axe-core, run on the page by the tests (never loaded by the page itself)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from playwright.sync_api import Page

ROOT = Path(__file__).resolve().parent.parent.parent
AXE = ROOT / "node_modules" / "axe-core" / "axe.min.js"


def axe_violations(page: Page, context: str = "document") -> list[dict[str, Any]]:
    """Run axe-core on the page (every rule of its default set) and return the violations."""
    if not page.evaluate("typeof window.axe !== 'undefined'"):
        # Evaluated, not added as a <script> element: the page's Content-Security-Policy
        # refuses inline scripts (it allows eval, which the Python runtime needs).
        page.evaluate("source => (0, eval)(source)", AXE.read_text(encoding="utf-8"))
    violations: list[dict[str, Any]] = page.evaluate(
        f"""async () => {{
            const result = await axe.run({context}, {{resultTypes: ['violations']}});
            return result.violations.map(v => ({{
                id: v.id, impact: v.impact, help: v.help,
                nodes: v.nodes.map(n => n.target.join(' ') + ' :: ' + n.failureSummary),
            }}));
        }}"""
    )
    return violations


def assert_clean(page: Page, where: str, context: str = "document") -> None:
    violations = axe_violations(page, context)
    assert violations == [], f"{where}: " + "\n".join(
        f"{v['id']} ({v['impact']}): {v['help']}\n    " + "\n    ".join(v["nodes"][:6]) for v in violations
    )
