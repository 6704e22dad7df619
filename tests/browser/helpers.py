"""What the browser tests share: playing the table with real pointer events (mouse and
touch), reading what the page shows, asking for hints, and serving the page a changed copy
of its Python code."""

from __future__ import annotations

import gzip
import io
import re
import zipfile
from dataclasses import dataclass
from typing import Any
from urllib.parse import unquote

from playwright.sync_api import Page

from tests.ui.words import NOT_WORDS
from tools import pyfiles
from ui.model.storage import GAME_KEY

IDLE_TIMEOUT_MS = 60_000


ENGLISH_LEFT = """(notWords) => {
    const strip = new RegExp(notWords.source, 'g');
    const visible = el => {
        if (!el || el.closest('[hidden], dialog:not([open])')) return false;
        const style = getComputedStyle(el);
        if (style.display === 'none' || style.visibility === 'hidden') return false;
        const r = el.getBoundingClientRect();
        return r.width > 0 && r.height > 0;
    };
    // Words a translation keeps: language names in themselves, codes, keys, card indices.
    const kept = el => el.closest('[lang="en"], code, kbd, script, style, svg, #code, .card .face');
    const found = [];
    const look = (text, where) => {
        const words = String(text || '').replace(strip, ' ').match(/[A-Za-z]{2,}/g);
        if (words) found.push(where + ': ' + words.join(' ') + ' <- ' + String(text).trim().slice(0, 80));
    };
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
        const el = node.parentElement;
        if (visible(el) && !kept(el)) look(node.textContent, el.tagName.toLowerCase() + (el.id ? '#' + el.id : ''));
    }
    for (const el of document.querySelectorAll('[aria-label], [title], [placeholder], [aria-roledescription]')) {
        if (!visible(el) && !el.matches('.card, .pile') || kept(el)) continue;
        for (const name of ['aria-label', 'title', 'aria-roledescription']) {
            if (el.hasAttribute(name)) look(el.getAttribute(name), name + '@' + (el.id || el.className));
        }
    }
    look(document.title, 'title');
    return found;
}"""


SOLVE_TIMEOUT_MS = 120_000
"""Starting the worker's Python and a search, on a busy machine."""

ANSWERS = "['lost', 'unknown', 'error'].includes(document.getElementById('solver-panel').dataset.state)"
"""The solver's check ended without proving the hint (its panel stays hidden: the state says)."""


@dataclass(frozen=True)
class Box:
    x: float
    y: float
    w: float
    h: float

    @property
    def grab(self) -> tuple[float, float]:
        """A point on the card's top strip, visible even when covered below."""
        return self.x + self.w / 2, self.y + min(6.0, self.h / 4)

    @property
    def center(self) -> tuple[float, float]:
        return self.x + self.w / 2, self.y + self.h / 2


def wait_idle(page: Page) -> None:
    """Wait for the next frames to be drawn, then until no card animation is running (the win's
    cascade aside: it runs until the summary)."""
    page.evaluate("new Promise(done => requestAnimationFrame(() => requestAnimationFrame(done)))")
    page.wait_for_function(
        "document.getAnimations().filter(a => a.playState === 'running' && a.id !== 'cascade' && "
        "!a.effect?.target?.closest?.('.celebration')).length === 0",
        timeout=IDLE_TIMEOUT_MS,
    )


def wait_warm(page: Page) -> None:
    """Wait until the page's start-up work is over: every module it imports soon after
    the first frame imported, every dialog laid out once (``ui/dom/warming.py``)."""
    page.wait_for_function("document.body.dataset.warm === 'done'", timeout=IDLE_TIMEOUT_MS)


def wait_drawn(page: Page) -> None:
    """Wait until the screen is drawn as it will stay: frames drawn, no card animation
    running, the fonts loaded (before a screenshot or a check of what is shown)."""
    wait_idle(page)
    page.wait_for_function("document.fonts.status === 'loaded'")


CASCADE_UNDER_WAY = """() => document.getAnimations().filter(a => a.id === 'cascade').length === 52
    && [...document.querySelectorAll('[data-pile^=f] .card')].filter(card => {
         const r = card.getBoundingClientRect(), f = card.parentElement.getBoundingClientRect();
         return Math.abs(r.left - f.left) > 40 || Math.abs(r.top - f.top) > 40; }).length >= 5"""
"""The win's cascade is under way: every card has its animation, and some are well on
their way across the table."""


def on_the_site(script: str) -> str:
    """An init script that runs only in the game's own pages: init scripts run in every
    document, the blank one a new tab starts with too, where storage is refused."""
    return f"if (location.protocol.startsWith('http')) {{ {script}; }}"


def open_dialog(page: Page, opener: str, dialog: str) -> None:
    """Open ``dialog`` (a selector) with its toolbar button (``#id``) or its key."""
    if opener.startswith("#"):
        page.click(opener)
    else:
        page.keyboard.press(opener)
    page.wait_for_selector(f"{dialog}[open]")
    wait_idle(page)


def box(page: Page, selector: str) -> Box:
    rect = page.eval_on_selector(
        selector, "e => { const r = e.getBoundingClientRect(); return [r.x, r.y, r.width, r.height]; }"
    )
    return Box(*rect)


def card_selector(card: str, pile: str | None = None) -> str:
    inner = f"[data-card='{card}']"
    return f"[data-pile='{pile}'] {inner}" if pile else inner


def pile_of(page: Page, card: str) -> str | None:
    """The pile id holding the face-up card (None when it is not face up anywhere)."""
    pile: str | None = page.evaluate(
        "card => document.querySelector(`[data-card='${card}']`)?.closest('[data-pile]')?.dataset.pile ?? null", card
    )
    return pile


def cards_in(page: Page, pile: str) -> list[str]:
    """Face-up card names of a pile bottom to top (face-down cards as '#')."""
    names: list[str] = page.evaluate(
        """pile => [...document.querySelectorAll(`[data-pile='${pile}'] .card`)]
            .sort((a, b) => (+a.style.zIndex) - (+b.style.zIndex))
            .map(c => c.dataset.face === 'up' ? c.dataset.card : '#')""",
        pile,
    )
    return names


def top_box(page: Page, pile: str) -> Box:
    """The rectangle of a pile's top card, or of the pile itself when empty."""
    rect = page.evaluate(
        """pile => {
            const el = document.querySelector(`[data-pile='${pile}']`);
            const cards = [...el.querySelectorAll('.card')].sort((a, b) => (+a.style.zIndex) - (+b.style.zIndex));
            const target = cards.length ? cards[cards.length - 1] : el;
            const r = target.getBoundingClientRect();
            return [r.x, r.y, r.width, cards.length ? r.height : r.width * 1.4];
        }""",
        pile,
    )
    return Box(*rect)


def drag(page: Page, card: str, to_pile: str, steps: int = 8, check_targets: list[str] | None = None) -> list[str]:
    """Drag a face-up card (and whatever lies on it) with the mouse onto a pile.

    Returns the piles that were highlighted as accepting while dragging.
    """
    wait_idle(page)
    start = box(page, card_selector(card)).grab
    target = top_box(page, to_pile)
    end = (target.x + target.w / 2, target.y + target.h * 0.45)
    page.mouse.move(*start)
    page.mouse.down()
    page.mouse.move(start[0] + 12, start[1] + 12, steps=2)
    page.mouse.move(*end, steps=steps)
    highlighted: list[str] = page.eval_on_selector_all(".pile.target", "els => els.map(e => e.dataset.pile)")
    page.mouse.up()
    wait_idle(page)
    return highlighted


def drag_to_point(page: Page, card: str, x: float, y: float) -> None:
    wait_idle(page)
    start = box(page, card_selector(card)).grab
    page.mouse.move(*start)
    page.mouse.down()
    page.mouse.move(x, y, steps=8)
    page.mouse.up()
    wait_idle(page)


def click_card(page: Page, card: str) -> None:
    wait_idle(page)
    page.mouse.click(*box(page, card_selector(card)).grab)


def tap_stock(page: Page) -> None:
    moves = page.inner_text("[data-moves]")
    page.mouse.click(*box(page, "[data-pile='s']").center)
    page.wait_for_function(
        "before => document.querySelector('[data-moves]').textContent !== before "
        "|| document.querySelector('[role=status]').textContent !== ''",
        arg=moves,
    )


def status(page: Page) -> str:
    """The status line's words (without its "Why?" button), once the frames already asked
    for are drawn: the status line is written in the next animation frame after a message,
    so a read in the same task as the action would see the one before."""
    text = page.evaluate(
        "new Promise(done => requestAnimationFrame(() => requestAnimationFrame(() => {"
        " const s = document.querySelector('[role=status]'); const t = s.querySelector('span');"
        " done(t ? t.textContent : s.textContent); })))"
    )
    return str(text).strip()


def moves(page: Page) -> int:
    return int(page.get_attribute("[data-moves]", "data-moves") or "0")


def score(page: Page) -> str:
    return page.get_attribute("[data-score]", "data-score") or ""


def wait_moves(page: Page, count: int) -> None:
    """Wait until the header shows ``count`` moves and the work the page leaves for just
    after a move is done: the game's history entry is written in a task of its own
    (``ui/dom/history.py``), queued by the move before the header is drawn, so a task
    queued now runs after it. A Back taken before it would find the entry as it was."""
    page.wait_for_function("n => document.querySelector('[data-moves]').dataset.moves === String(n)", arg=count)
    page.evaluate("new Promise(done => setTimeout(done, 0))")


def wait_status(page: Page, text: str) -> None:
    page.wait_for_function("text => document.querySelector('[role=status]').textContent.includes(text)", arg=text)


def wait_dialogs_closed(page: Page) -> None:
    """Wait until no dialog is open and a closed one's history entry has been taken back
    (the page marks the body with ``data-history`` until then): a link followed before
    would be taken for that entry's going (Back over a dialog closes it)."""
    page.wait_for_function("!document.querySelector('dialog[open]') && !document.body.dataset.history")


def follow_link(page: Page, hash_text: str, moves: int | None = None) -> None:
    """Set the address's hash to a deal or record, as a followed link does, and open it:
    over a game with moves the page asks first, and this answers "Open the link".
    ``moves``: the record's move count, waited for too (a record of the deal already
    on the table has the same code)."""
    code = unquote(hash_text.lstrip("#")).split()[0].upper()
    opened = (
        "([code, moves]) => document.querySelector('[data-code]').dataset.code === code"
        " && (moves === null || document.querySelector('[data-moves]').dataset.moves === String(moves))"
    )
    # A dialog just closed takes its history entry back first (Back over a dialog closes it).
    page.wait_for_function("!document.body.dataset.history")
    page.evaluate("h => { location.hash = h; }", hash_text)
    page.wait_for_function(
        f"([code, moves]) => document.querySelector('#dlg-link[open]') || ({opened})([code, moves])",
        arg=[code, moves],
    )
    if page.is_visible("#dlg-link[open]"):
        page.click("#link-open")
        page.wait_for_function(opened, arg=[code, moves])


def card_at(page: Page, pile: str, index: int) -> Box:
    """The rectangle of the card at ``index`` (0 = bottom) of a pile."""
    rect = page.evaluate(
        """([pile, index]) => {
            const cards = [...document.querySelectorAll(`[data-pile='${pile}'] .card`)]
                .sort((a, b) => (+a.style.zIndex) - (+b.style.zIndex));
            const r = cards[index].getBoundingClientRect();
            return [r.x, r.y, r.width, r.height];
        }""",
        [pile, index],
    )
    return Box(*rect)


def drag_from(page: Page, start: tuple[float, float], to_pile: str) -> None:
    """Drag whatever lies at ``start`` onto a pile with the mouse."""
    wait_idle(page)
    target = top_box(page, to_pile)
    end = (target.x + target.w / 2, target.y + target.h * 0.45)
    page.mouse.move(*start)
    page.mouse.down()
    page.mouse.move(start[0] + 12, start[1] + 12, steps=2)
    page.mouse.move(*end, steps=8)
    page.mouse.up()
    wait_idle(page)


GAME_ARCHIVE = "**/game.zip.gz"
"""The game's archive as Chromium downloads it (gzip: its DecompressionStream has no brotli),
as a route's pattern."""


def archive_with(name: str, text: str) -> bytes:
    """The game's Python archive as Chromium downloads it (``game.zip.gz``: ``GAME_ARCHIVE``
    routes it) with the module ``name`` replaced by the source ``text`` (its byte code left
    out, so the page's Python compiles ``text``)."""
    source = zipfile.ZipFile(io.BytesIO(pyfiles.archive()))
    shipped = pyfiles.shipped_name(name)
    assert shipped in source.namelist(), shipped
    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w") as target:
        for entry in source.namelist():
            if entry != shipped:
                target.writestr(entry, source.read(entry))
        target.writestr(name, text)
    return gzip.compress(buffer.getvalue())


def play_with_mouse(page: Page, game: Any, move: Any) -> None:
    """Play ``move`` (an engine move of ``game``, the position the page shows) with the
    mouse, as a player would: a click on the stock, else a drag of the moving cards."""
    wait_idle(page)  # where cards are, not where an animation has them
    if move.is_stock_tap:
        page.mouse.click(*box(page, "[data-pile='s']").center)
        return
    source = game.pile(move.src)
    target = move.dst
    if target == "f":
        target = "f" + str("shdc".index(source[-move.count].suit) + 1)
    size = len(cards_in(page, move.src))
    drag_from(page, card_at(page, move.src, size - move.count).grab, target)


def play_last_move(page: Page, last: str, keep_summary: bool = False) -> None:
    """Play the winning move ``last`` with the mouse; a key skips the cascade to the win
    summary, which another closes unless ``keep_summary``."""
    source, target = last.split(">")
    pile, _, count = source.partition(":")
    size = len(cards_in(page, pile))
    drag_from(page, card_at(page, pile, size - int(count or 1)).grab, target)
    page.wait_for_function("document.body.dataset.won === 'true'")
    page.keyboard.press("Escape")  # a key skips the cascade
    page.wait_for_selector("#dlg-win[open]")
    if keep_summary:
        wait_idle(page)
    else:
        page.keyboard.press("Escape")  # the win summary


FRAME_PROBLEMS = """(selector) => {
    const dialog = document.querySelector(selector);
    const problems = [];
    const reachable = (el, what) => {
        const r = el.getBoundingClientRect();
        if (r.width === 0 || r.height === 0) return problems.push(`${what}: not shown`);
        if (r.left < 0 || r.top < 0 || r.right > innerWidth || r.bottom > innerHeight)
            return problems.push(`${what}: outside the screen (${Math.round(r.top)} to ${Math.round(r.bottom)} px)`);
        const hit = document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2);
        if (!hit || !el.contains(hit))
            problems.push(`${what}: covered by ${hit ? hit.outerHTML.slice(0, 60) : 'nothing'}`);
    };
    const close = dialog.querySelector('.dialog-close');
    if (close) reachable(close, 'close control');
    else if (selector !== '#dlg-elsewhere') problems.push('no close control');
    for (const button of dialog.querySelectorAll('.actions .btn')) {
        // A button only for a mouse and keyboard (.by-mouse) is left out on a touch screen.
        const elsewhere = button.matches('.by-mouse, .by-touch') && getComputedStyle(button).display === 'none';
        if (!button.closest('[hidden]') && !elsewhere) reachable(button, `button "${button.textContent.trim()}"`);
    }
    const body = dialog.querySelector('.dialog-body');
    if (!body) problems.push('no body between the title and the buttons');
    else if (!['auto', 'scroll'].includes(getComputedStyle(body).overflowY)) problems.push('the body does not scroll');
    return problems.map(problem => `${selector}: ${problem}`);
}"""


def frame_problems(page: Page, dialog: str) -> list[str]:
    """What keeps a player from closing the open ``dialog`` on this screen: its close
    control or a button off the screen or covered, no scrolling body between them."""
    found: list[str] = page.evaluate(FRAME_PROBLEMS, dialog)
    return found


ANOTHER_TAB_SAVES = f"""() => {{
    const save = JSON.parse(localStorage.getItem('{GAME_KEY}'));
    save.owner = 'abcdef012345';
    localStorage.setItem('{GAME_KEY}', JSON.stringify(save));
    dispatchEvent(new StorageEvent('storage', {{key: '{GAME_KEY}', storageArea: localStorage}}));
}}"""
"""What this tab hears when another tab of the game saves its game (a tab never hears
its own writes, so the event is sent here by hand)."""


def english_left(page: Page) -> list[str]:
    found: list[str] = page.evaluate(f"({ENGLISH_LEFT})(new RegExp({NOT_WORDS.pattern!r}))")
    return found


def stats_rows(page: Page) -> dict[str, str]:
    """The open Stats dialog's figures: each row's heading to its value."""
    rows: list[tuple[str, str]] = page.eval_on_selector_all(
        "#stats-table tr",
        "rows => rows.map(r => [r.querySelector('th').textContent, r.querySelector('td').textContent])",
    )
    return dict(rows)


def panel_state(page: Page) -> str:
    return str(page.evaluate("document.getElementById('solver-panel').dataset.state"))


STAGE_AFTER = (
    "before => { const stage = document.body.dataset.hintStage ?? '';"
    " return stage && (stage !== before || stage === 'move') ? stage : null; }"
)
"""The hint's stage once a press of H (made at ``before``) has shown it."""


def press_hint(page: Page) -> str:
    """Press H, and on until the whole move is on show (``data-hint-stage``: a first
    press shows the pile to look at, a second the cards, a third the whole move; a stock
    tap is whole at once); return the move shown (``data-hint``). At a whole move, it
    shows the next one."""
    page.keyboard.press("h")
    return whole_hint(page)


def whole_hint(page: Page) -> str:
    """Press H until the hint on show is the whole move (not at all when it is); return it."""
    for _ in range(3):
        before = page.wait_for_function(STAGE_AFTER, arg="").json_value()
        if before == "move":
            break
        page.keyboard.press("h")
        page.wait_for_function(STAGE_AFTER, arg=before)
    return str(page.evaluate("document.body.dataset.hint"))


def ask_hint(page: Page) -> str:
    """Press H, wait for the solver's word on the hint (so that its move no longer
    changes), press on to the whole move, and return the hinted move once proven, or
    ``verdict:`` and the check's answer (lost, unknown, error)."""
    page.keyboard.press("h")
    page.wait_for_function(
        f"() => document.body.dataset.hintVerdict === 'proven' || {ANSWERS}",
        timeout=SOLVE_TIMEOUT_MS,
    )
    whole_hint(page)
    return str(
        page.evaluate(
            f"{ANSWERS} ? 'verdict:' + document.getElementById('solver-panel').dataset.state"
            " : document.body.dataset.hint"
        )
    )


def progress_count(page: Page) -> int:
    text = str(page.evaluate("document.getElementById('solver-progress').textContent"))
    found = re.search(r"([\d,]+) positions", text)
    return int(found.group(1).replace(",", "")) if found else -1


def start_long_search(page: Page) -> None:
    page.keyboard.press("h")
    page.wait_for_function(
        "() => document.getElementById('solver-panel').dataset.state === 'searching' && "
        "/[1-9][\\d,]* positions/.test(document.getElementById('solver-progress').textContent)",
        timeout=SOLVE_TIMEOUT_MS,
    )


def _rules_families() -> tuple[tuple[str, str], ...]:
    from ui.model.rules import rules_for, rules_tabs

    return tuple((game, rules_for(game)[0].anchor.partition("-")[0] + "-") for game, _label in rules_tabs())


RULES_FAMILIES = _rules_families()
"""How to play's tabs, from the registry: each tab's game and the start of its sections'
anchors (``("KL", "kl-")`` …)."""

LOCALES = {"en": "en-US", "th": "th-TH", "km": "km-KH"}
"""The browser locale each of the game's languages is tested under."""

DIALOGS = (
    ("#btn-new", "#dlg-new"),
    ("#btn-settings", "#dlg-settings"),
    ("#btn-daily", "#dlg-daily"),
    ("?", "#dlg-help"),
)
"""The dialogs a test walks in turn, each its opener (a button, or ``?`` for the keys) and
its dialog; the statistics and the rules, which a walk reads more closely, are not here."""
