"""The translation catalogs travel one language at a time (ui/dom/catalogs.py): an English
visit downloads none, a Thai or Khmer one only its own, before the table is drawn; another
is fetched when the player chooses it in Settings, once; one that cannot be had changes
nothing and says so."""

from __future__ import annotations

from collections.abc import Callable

from playwright.sync_api import BrowserContext, Page, Route

from tests.browser.conftest import Traffic, wait_ready
from tests.browser.helpers import wait_idle
from ui.model.i18n import LANGUAGES, in_language

CATALOG = "/locale/{}/LC_MESSAGES/game.mo.gz"
"""A catalog as Chromium downloads it (gzip)."""
STOCK = "document.querySelector(\"[data-pile='s']\").getAttribute('aria-label')"
"""Words the game writes itself (the stock's name), not the page's HTML."""


def catalog_requests(context: BrowserContext) -> list[str]:
    """The paths of the catalogs the context's pages ask for, as they go."""
    asked: list[str] = []
    context.on("request", lambda request: asked.append(request.url) if "/locale/" in request.url else None)
    return asked


def paths(urls: list[str], site_url: str) -> list[str]:
    return [url.removeprefix(site_url.rstrip("/")) for url in urls]


def choose(page: Page, language: str) -> None:
    """The Settings control, as a player uses it."""
    if not page.is_visible("#dlg-settings[open]"):
        page.click("#btn-settings")
        page.wait_for_selector("#dlg-settings[open]")
        wait_idle(page)
    # A click, not check(): a choice that cannot be had is undone at once (the control goes
    # back), and check() would fail on a control that no longer shows the new choice.
    page.click(f"#set-language input[value='{language}']")


def opened(
    new_context: Callable[..., BrowserContext], site_url: str, locale: str = "en-US"
) -> tuple[BrowserContext, Page, list[str]]:
    """The game's table in a browser of ``locale``, and the catalogs its pages ask for."""
    context = new_context(locale=locale)
    asked = catalog_requests(context)
    page = context.new_page()
    page.goto(site_url + "#KL1-D1N-AAAAAAG")
    wait_ready(page)
    return context, page, asked


def speaks(page: Page, language: str) -> None:
    page.wait_for_function("lang => document.body.dataset.speaks === lang", arg=language)


def test_an_english_visit_downloads_no_catalog(new_context: Callable[..., BrowserContext], site_url: str) -> None:
    _context, page, asked = opened(new_context, site_url)
    assert page.evaluate("document.body.dataset.speaks") == "en"
    assert in_language("en", "Stock") in page.evaluate(STOCK)
    assert asked == []


def test_a_thai_visit_downloads_the_thai_catalog_only_and_speaks_thai_from_the_first_frame(
    new_context: Callable[..., BrowserContext], site_url: str
) -> None:
    _context, page, asked = opened(new_context, site_url, locale="th-TH")
    assert page.evaluate("document.body.dataset.speaks") == "th"
    assert in_language("th", "Stock") in page.evaluate(STOCK)
    assert paths(asked, site_url) == [CATALOG.format("th")]


def test_a_language_chosen_in_settings_is_fetched_once_then_spoken(
    new_context: Callable[..., BrowserContext], site_url: str
) -> None:
    _context, page, asked = opened(new_context, site_url)
    choose(page, "km")
    speaks(page, "km")
    assert in_language("km", "Stock") in page.evaluate(STOCK)
    choose(page, "en")
    speaks(page, "en")
    choose(page, "km")  # its catalog is here already
    speaks(page, "km")
    assert paths(asked, site_url) == [CATALOG.format("km")]
    assert page.evaluate("localStorage.getItem('solitaire.language')") == "km"


def test_a_catalog_that_cannot_be_had_changes_nothing_and_says_so(
    new_context: Callable[..., BrowserContext], site_url: str, traffic: Traffic
) -> None:
    traffic.expect_error(r"status of 404")
    context, page, _asked = opened(new_context, site_url)
    context.route("**/locale/km/**", lambda route: route.fulfill(status=404, body="Not found"))
    choose(page, "km")
    said = f"Could not download {LANGUAGES['km']}. Check your connection, then choose it again."
    page.wait_for_function("text => document.getElementById('status').textContent.includes(text)", arg=said)
    # Said under the control too (the status line is behind the open dialog).
    assert page.inner_text("#language-msg") == said
    # Back in English: the page's HTML, the control, the game's words and the stored choice (none).
    assert page.evaluate("document.documentElement.lang") == "en"
    assert page.is_checked("#set-language input[value='en']")
    assert page.evaluate("document.body.dataset.speaks") == "en"
    assert in_language("en", "Stock") in page.evaluate(STOCK)
    assert page.evaluate("localStorage.getItem('solitaire.language')") is None
    # With the connection back, the same choice works.
    context.unroute("**/locale/km/**")
    choose(page, "km")
    speaks(page, "km")
    assert page.inner_text("#language-msg") == ""
    assert page.evaluate("document.documentElement.lang") == "km"
    assert page.evaluate("localStorage.getItem('solitaire.language')") == "km"


def agrees(page: Page) -> str:
    """The one language the page shows (its HTML, the control, the game's words), or a failure."""
    shown = page.evaluate(
        "[document.documentElement.lang, document.querySelector('#set-language input:checked').value,"
        " document.body.dataset.speaks]"
    )
    assert len(set(shown)) == 1, f"the page, the control and the game's words disagree: {shown}"
    return str(shown[0])


def test_of_two_quick_choices_the_later_one_counts_whichever_download_ends_first(
    new_context: Callable[..., BrowserContext], site_url: str
) -> None:
    context, page, _asked = opened(new_context, site_url)
    held: list[Route] = []
    context.route("**/locale/th/**", lambda route: held.append(route))  # Thai's download is held back
    choose(page, "th")
    page.wait_for_function("() => document.documentElement.lang === 'th'")
    choose(page, "km")  # chosen while Thai's download is out
    speaks(page, "km")
    assert held, "Thai's catalog was never asked for"
    held[0].continue_()  # Thai's download ends last, and well: the later choice still counts
    page.wait_for_function(
        "() => performance.getEntriesByType('resource').some((entry) => entry.name.includes('/locale/th/'))"
    )
    wait_idle(page)
    assert agrees(page) == "km"
    assert page.evaluate("localStorage.getItem('solitaire.language')") == "km"


def test_a_choice_made_again_while_its_download_fails_ends_in_the_language_before(
    new_context: Callable[..., BrowserContext], site_url: str, traffic: Traffic
) -> None:
    traffic.expect_error(r"status of 404")
    context, page, _asked = opened(new_context, site_url)
    held: list[Route] = []
    context.route("**/locale/th/**", lambda route: held.append(route))
    choose(page, "th")
    page.wait_for_function("() => document.documentElement.lang === 'th'")
    choose(page, "en")
    speaks(page, "en")
    choose(page, "th")  # again, while the first download is still out: it waits for the same one
    page.wait_for_function("() => document.documentElement.lang === 'th'")
    assert len(held) == 1, "Thai's catalog was asked for twice"
    held[0].fulfill(status=404, body="Not found")
    said = f"Could not download {LANGUAGES['th']}. Check your connection, then choose it again."
    page.wait_for_function("text => document.getElementById('language-msg').textContent === text", arg=said)
    assert agrees(page) == "en"
    assert page.evaluate("localStorage.getItem('solitaire.language')") == "en"  # English, chosen in between
