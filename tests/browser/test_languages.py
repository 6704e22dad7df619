"""The catalogs travel in the game's archive and speak in the browser's Python."""

from __future__ import annotations

from collections.abc import Callable

import pytest
from playwright.sync_api import BrowserContext, Page

from tests.browser.conftest import Traffic
from tests.browser.helpers import GAME_ARCHIVE, on_the_site

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
from ui.model.i18n import _, current_language, use_language
from ui.model.refusals import refusal_text, rule_anchor
from ui.model.rules import rules_for
from ui.dom.catalogs import catalog_fetched

for language in ("th", "km"):
    assert await catalog_fetched(language), language
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
        "km", "គំនរសល់", "គោលដៅ", "មានតែ K ទេដែលអាចដាក់ក្នុងជួរឈរទទេ។",
        "en", "Stock", "Goal", "Only a King can go to an empty column.",
        "kl-empty",
    ]  # fmt: skip


def loading_screen(new_context: Callable[..., BrowserContext], site_url: str, **options: object) -> Page:
    context = new_context(**options)
    page = context.new_page()
    page.route("**/pyodide.asm.wasm.*", lambda route: None)  # hold Python back: only the HTML speaks
    page.goto(site_url)
    return page


@pytest.mark.parametrize(
    ("locale", "lang", "title", "first_step"),
    [
        ("th-TH", "th", "โซลิแทร์", "กำลังดาวน์โหลดเกม"),
        ("km-KH", "km", "សូលីទែរ", "កំពុងទាញយកល្បែង"),
        ("fr-FR", "en", "Solitaire", "Downloading the game"),
    ],
)
def test_the_loading_screen_speaks_the_browsers_language(
    new_context: Callable[..., BrowserContext], site_url: str, locale: str, lang: str, title: str, first_step: str
) -> None:
    page = loading_screen(new_context, site_url, locale=locale)
    assert page.evaluate("document.documentElement.lang") == lang
    assert page.title() == title
    assert page.inner_text(".boot-title") == title
    assert page.inner_text(".boot-steps li[data-step='runtime']") == first_step
    # A player's words: what the game is doing, not the software it runs on.
    steps = page.inner_text(".boot-steps")
    assert not any(word in steps for word in ("Python", "runtime", "ไพทอน", "ផៃថុន")), steps
    assert page.get_attribute("#boot", "aria-label") == {"th": "กำลังโหลด", "km": "កំពុងផ្ទុក", "en": "Loading"}[lang]
    manifest = page.get_attribute("link[rel='manifest']", "href")
    assert manifest == ("./static/manifest.webmanifest" if lang == "en" else f"./static/manifest.{lang}.webmanifest")
    assert page.request.get(site_url + manifest.removeprefix("./")).json()["short_name"] == title


def test_a_remembered_choice_beats_the_browsers_language(
    new_context: Callable[..., BrowserContext], site_url: str
) -> None:
    context = new_context(locale="th-TH")
    context.add_init_script(on_the_site("localStorage.setItem('solitaire.language', 'km')"))
    page = context.new_page()
    page.route("**/pyodide.asm.wasm", lambda route: None)
    page.goto(site_url)
    assert page.evaluate("document.documentElement.lang") == "km"
    assert page.inner_text(".boot-title") == "សូលីទែរ"
    # The page can change language again: the English is remembered.
    page.evaluate("window.solitaireBoot.setLanguage('en')")
    assert page.inner_text(".boot-steps li[data-step='python']") == "Starting the game"
    page.evaluate("window.solitaireBoot.setLanguage('th')")
    assert page.inner_text(".boot-steps li[data-step='python']") == "กำลังเริ่มเกม"
    assert page.title() == "โซลิแทร์"


def test_the_loading_error_speaks_khmer(
    new_context: Callable[..., BrowserContext], site_url: str, traffic: Traffic
) -> None:
    traffic.expect_error(r"status of 404|Could not load .*/game\.zip")
    page = new_context(locale="km").new_page()
    page.route(GAME_ARCHIVE, lambda route: route.fulfill(status=404, body="not found"))
    page.goto(site_url)
    page.wait_for_function("document.body.dataset.ready === 'error'", timeout=60_000)
    assert page.inner_text(".boot-error h2") == "ល្បែងមិនអាចចាប់ផ្ដើមបានទេ"
    assert page.inner_text(".boot-retry") == "សាកម្ដងទៀត"
    assert "game.zip" in page.inner_text(".boot-error-text")


def test_the_settings_language_control_switches_and_is_remembered(open_game: Callable[..., Page]) -> None:
    page = open_game("#KL1-D1N-AAAAAAG", width=360, height=640)
    page.evaluate("window.heard = []; addEventListener('solitaire:language', e => window.heard.push(e.detail))")
    page.click("#btn-settings")
    assert page.is_checked("#set-language input[value='en']")
    names = page.eval_on_selector_all("#set-language span", "els => els.map(e => [e.lang, e.textContent])")
    assert names == [["en", "English"], ["th", "ไทย"], ["km", "ខ្មែរ"]]
    page.check("#set-language input[value='th']")
    assert page.evaluate("document.documentElement.lang") == "th"
    assert page.title() == "โซลิแทร์"
    assert page.inner_text("#settings-title") == "ตั้งค่า"
    assert page.inner_text("#btn-undo span") == "ย้อนกลับ"
    assert page.get_attribute("#btn-undo", "aria-label") == "ย้อนกลับ"
    assert page.evaluate("localStorage.getItem('solitaire.language')") == "th"
    assert page.evaluate("window.heard") == ["th"]
    page.check("#set-language input[value='km']")
    assert page.inner_text("#settings-title") == "ការកំណត់"
    assert page.evaluate("window.heard") == ["th", "km"]
    page.reload()
    page.wait_for_function("document.body.dataset.ready === 'true'", timeout=60_000)
    assert page.evaluate("document.documentElement.lang") == "km"
    assert page.inner_text("#btn-new span") == "ល្បែងថ្មី"
    assert page.is_checked("#set-language input[value='km']")


def test_the_rules_dialog_opens_from_its_button_and_its_links_stay_in_it(open_game: Callable[..., Page]) -> None:
    page = open_game("#SD1-S4-AAAAAAH")
    page.click("#btn-rules")
    page.wait_for_selector("#dlg-rules[open]")
    assert page.evaluate("document.activeElement.id") == "rules-title"
    assert page.is_checked("#rules-game input[value='SD']")  # the rules of the game being played
    assert page.locator("#rules-body .diagram .card[data-face='up']").count() == 7
    page.click("#rules-body a[href='#sp-scoring']")
    assert page.evaluate("location.hash") == "#SD1-S4-AAAAAAH"  # the deal stays
    assert page.evaluate("document.activeElement.closest('section').id") == "sp-scoring"
    assert page.is_visible("#dlg-rules[open]")
    page.keyboard.press("Escape")
    assert not page.is_visible("#dlg-rules[open]")
    assert page.get_attribute("[data-code]", "data-code") == "SD1-S4-AAAAAAH"
