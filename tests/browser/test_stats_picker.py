"""The Statistics dialog on a phone, in Thai and Khmer: the picker's lists show every
choice whole (a Thai "Klondike, draw 1, Normal scoring" was cut off at 360 px), and
the chart of recent results has its caption, the ends of its axis and a legend."""

from __future__ import annotations

import json
from collections.abc import Callable

import pytest
from playwright.sync_api import BrowserContext, Page

from tests.browser.axe import assert_clean
from tests.browser.conftest import screenshot, wait_ready
from tests.browser.helpers import english_left, on_the_site, open_dialog
from tests.browser.records import RECENT_RESULTS
from ui.model.i18n import use_language
from ui.model.stats_chart import chart_of

LANGUAGES = {"th": "th-TH", "km": "km-KH"}
STATS_KEY = "solitaire.v1.stats"

CUT = """() => [...document.querySelectorAll('#stats-picker select')]
    .filter(select => select.offsetParent !== null)
    .flatMap(select => {
        // The list as wide as its longest choice wants, beside the one shown.
        const whole = select.cloneNode(true);
        whole.style.cssText = 'position:absolute;visibility:hidden;width:auto;max-width:none;flex:none';
        select.parentElement.appendChild(whole);
        const wanted = whole.getBoundingClientRect().width;
        whole.remove();
        const shown = select.getBoundingClientRect().width;
        return shown + 0.5 < wanted ? [`${select.name}: ${Math.round(shown)} < ${Math.round(wanted)}`] : [];
    })"""


def choose(page: Page, name: str, value: str) -> None:
    page.select_option(f"#stats-picker select[name={name}]", value)


@pytest.mark.parametrize("language", list(LANGUAGES))
def test_the_stats_picker_shows_every_choice_whole_and_the_chart_says_what_it_shows(
    new_context: Callable[..., BrowserContext], site_url: str, language: str
) -> None:
    context = new_context(viewport={"width": 360, "height": 640}, locale=LANGUAGES[language], has_touch=True)
    context.add_init_script(
        on_the_site(f"localStorage.setItem('{STATS_KEY}', {json.dumps(json.dumps(RECENT_RESULTS))})")
    )
    page = context.new_page()
    page.goto(site_url + "#KL1-D1N-AAAAAAG")
    wait_ready(page)
    open_dialog(page, "#btn-stats", "#dlg-stats")
    picked = (
        "() => [...document.querySelectorAll('#stats-picker select')].filter(s => s.offsetParent).map(s => s.value)"
    )
    assert page.evaluate(picked) == ["KL", "1", "N"], "the game on the table's variant"
    assert page.evaluate(CUT) == []
    screenshot(page, f"stats-picker-{language}-360x640-klondike")
    for game in page.eval_on_selector_all("#stats-picker select[name=game] option", "os => os.map(o => o.value)"):
        choose(page, "game", game)
        assert page.evaluate(CUT) == [], game
    # The near win's variant has recent results: the chart, with its words.
    choose(page, "game", "SD")
    choose(page, "suits", "1")
    page.wait_for_selector("#stats-chart figcaption")
    try:
        use_language(language)
        chart = chart_of(RECENT_RESULTS["variants"]["SD-S1"]["recent"])  # type: ignore[index]
        words = (chart.label, chart.earlier, chart.latest, chart.won, chart.lost)
    finally:
        use_language("en")
    assert page.inner_text("#stats-chart figcaption") == words[0]
    assert page.inner_text("#stats-chart .stats-axis").split("\n") == list(words[1:3])
    assert page.inner_text("#stats-chart .stats-legend").split("\n") == list(words[3:])
    assert page.locator("#stats-chart svg rect").count() == 6
    for part in (".stats-axis", ".stats-legend", "figcaption"):
        assert page.is_visible(f"#stats-chart {part}")
    screenshot(page, f"stats-picker-{language}-360x640-chart")
    assert english_left(page) == []
    assert_clean(page, "#dlg-stats")
    # Another variant without finished games says so.
    choose(page, "game", "FC")
    page.wait_for_function("!document.querySelector('#stats-chart figcaption')")
