"""The catalogs travel in the game's archive and speak in the browser's Python."""

from __future__ import annotations

from collections.abc import Callable

import pytest
from playwright.sync_api import BrowserContext

pytestmark = pytest.mark.browser

PLUGINS = '"!error", "!py-editor", "!py-terminal", "!py-game", "!donkey", "!codemirror", "!deprecations-manager"'
PROBE = (
    """<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>probe</title>
<mpy-config>plugins = ["""
    + PLUGINS
    + """]</mpy-config>
<script type="module" src="./static/vendor/pyscript/core.js"></script>
</head><body>
<script type="py" config="./pyscript.toml">
import engine
from pyscript import document
from ui.i18n import _, current_language, use_language
from ui.refusals import refusal_text, rule_anchor
from ui.rules import rules_for

game = engine.new_game("KL1-D1N-AAAAAAG")
game.play("t1>f")
error = game.refusal_error("t2>t1")
found = []
for language in ("th", "km", "en"):
    use_language(language)
    found += [current_language(), _("Stock"), rules_for("KL")[0].title, refusal_text("KL", error)]
found.append(rule_anchor("KL", error.reason))
document.body.dataset.result = "|".join(found)
</script>
</body></html>"""
)


def test_gettext_reads_the_catalogs_in_pyodide(new_context: Callable[..., BrowserContext], site_url: str) -> None:
    page = new_context().new_page()
    page.route("**/language-probe.html", lambda route: route.fulfill(body=PROBE, content_type="text/html"))
    page.goto(site_url + "language-probe.html")
    page.wait_for_function("document.body.dataset.result", timeout=60_000)
    result = page.evaluate("document.body.dataset.result").split("|")
    assert result == [
        "th", "กองจั่ว", "เป้าหมาย", "คอลัมน์ว่างรับได้เฉพาะคิง",
        "km", "គំនរសល់", "គោលដៅ", "មានតែ K (ស្ដេច) ទេដែលអាចដាក់ក្នុងជួរឈរទទេ។",
        "en", "Stock", "Goal", "Only a King can go to an empty column.",
        "kl-empty",
    ]  # fmt: skip
