"""Thai and Khmer lines break only between words: in every dialog, the toolbar and the
status line, upright and sideways on a phone, no line of text breaks inside a word,
whether the browser's own segmenter (``Intl.Segmenter``) finds it or it is one of the
words the game keeps whole (``locale/GLOSSARY.md``: words that dictionary does not know,
and game terms it splits in two, กอง|ฐาน, ឈុត|ពេញ); nor between a number and the word
after it ("13 ใบ"); nor does a deal code break at its hyphens. No paragraph leaves a
short word (มา, ទេ។) alone on a line, and no label takes three lines. Beside a
two-line tab label, a one-line one keeps its text centred in a tab of the same height."""

from __future__ import annotations

from collections.abc import Callable

import pytest
from playwright.sync_api import BrowserContext, Page

from tests.browser.conftest import wait_ready
from tests.browser.helpers import (
    ANOTHER_TAB_SAVES,
    DIALOGS,
    RULES_FAMILIES,
    open_dialog,
    play_last_move,
    wait_drawn,
    wait_idle,
)
from tests.browser.records import near_win
from tools.catalogs import whole_words
from ui.model.games import pages
from ui.model.rules import rules_tabs

pytestmark = pytest.mark.browser

LINKED = "KL1-D1N-AAAAAAB"
"""The deal of the link asked about over the game under way."""
DEAL_CODES = [*{page.diagram_code for page in pages()}, LINKED]
"""The deal codes the dialogs show (the rules' pictures, the link question), besides the
table's own: each stays on one line, as a word does."""

BROKEN_WORDS = """(words) => {
    const language = document.documentElement.lang;
    const wordsOf = new Intl.Segmenter(language, {granularity: 'word'});
    const graphemesOf = new Intl.Segmenter(language, {granularity: 'grapheme'});
    const skipped = 'svg, .sr-only, [hidden], option, select, code, kbd, input';
    const isBlock = el => !getComputedStyle(el).display.startsWith('inline');
    const blockOf = el => { while (!isBlock(el)) el = el.parentElement; return el; };
    const blocks = new Set();
    for (const dialog of document.querySelectorAll('dialog[open], .bar, #status')) {
        const walker = document.createTreeWalker(dialog, NodeFilter.SHOW_TEXT);
        for (let node = walker.nextNode(); node; node = walker.nextNode()) {
            if (node.data.trim() && !node.parentElement.closest(skipped)) blocks.add(blockOf(node.parentElement));
        }
    }
    const broken = [];
    for (const block of blocks) {
        // The block's own text, its inline elements' included, as one string.
        const pieces = [];
        let text = '';
        const walker = document.createTreeWalker(block, NodeFilter.SHOW_TEXT);
        for (let node = walker.nextNode(); node; node = walker.nextNode()) {
            if (node.parentElement.closest(skipped) || blockOf(node.parentElement) !== block) continue;
            pieces.push({node, start: text.length});
            text += node.data;
        }
        const between = new Set([...wordsOf.segment(text)].map(part => part.index));
        // A number and the word after it ("13 ใบ", "52 សន្លឹក") stay on one line.
        const numbers = /[0-9](?:[0-9.,]*[0-9])?[ \u00a0]+(?=[A-Za-z\u0e00-\u0e7f\u1780-\u17ff])/g;
        for (const number of text.matchAll(numbers)) {
            const end = number.index + number[0].length;
            for (let inside = number.index + 1; inside <= end; inside++) between.delete(inside);
        }
        for (const word of words) {
            for (let at = text.indexOf(word); at >= 0; at = text.indexOf(word, at + word.length)) {
                for (let inside = at + 1; inside < at + word.length; inside++) between.delete(inside);
                between.add(at);
                between.add(at + word.length);
            }
        }
        let lineBottom = null;
        const lines = [''];
        const where = (block.closest('dialog') || block.closest('.bar, #status')).id || 'toolbar';
        const range = document.createRange();
        for (const {index, segment} of graphemesOf.segment(text)) {
            const piece = pieces.findLast(p => p.start <= index);
            const offset = index - piece.start;
            range.setStart(piece.node, offset);
            range.setEnd(piece.node, Math.min(piece.node.length, offset + segment.length));
            const box = range.getClientRects()[0];
            if (!box || box.width === 0 || !segment.trim()) {
                lines[lines.length - 1] += segment;
                continue;
            }
            if (lineBottom !== null && box.top >= lineBottom - 2) {
                lines.push('');
                if (!between.has(index)) {
                    broken.push(`${where}: "${text.slice(Math.max(0, index - 12), index)}|`
                        + `${text.slice(index, index + 12)}"`);
                }
            }
            lines[lines.length - 1] += segment;
            lineBottom = box.bottom;
        }
        // Nor is a paragraph's short word left alone on a line, nor a label (a short text) set on three.
        const paragraph = text.trim().length > 40;
        const lone = lines.find(line => paragraph && lines.length > 1 && [...line.trim()].length <= 3);
        if (lone !== undefined && /[\u0e00-\u0e7f\u1780-\u17ff]/.test(lone)) {
            broken.push(`${where}: "${lone.trim()}" alone on a line of "${text.trim().slice(0, 40)}"`);
        }
        if (lines.length > 2 && !paragraph) {
            broken.push(`${where}: "${text.trim()}" on ${lines.length} lines`);
        }
    }
    return broken;
}"""


def broken_words(page: Page, language: str) -> list[str]:
    """The lines of the open dialogs that break inside a word, a kept word or a deal code."""
    code = page.get_attribute("[data-code]", "data-code") or ""
    found: list[str] = page.evaluate(BROKEN_WORDS, [*whole_words()[language], *DEAL_CODES, code])
    return found


@pytest.mark.parametrize("language", ["th", "km"])
@pytest.mark.parametrize(("width", "height"), [(360, 640), (640, 360)])
def test_no_line_breaks_inside_a_word(
    new_context: Callable[..., BrowserContext], site_url: str, language: str, width: int, height: int
) -> None:
    link, last = near_win()
    locale = {"th": "th-TH", "km": "km-KH"}[language]
    context = new_context(viewport={"width": width, "height": height}, locale=locale)
    page = context.new_page()
    page.goto(site_url + link)
    wait_ready(page)
    wait_idle(page)
    broken: list[str] = []
    for opener, dialog in (*DIALOGS, ("#btn-stats", "#dlg-stats")):
        open_dialog(page, opener, dialog)
        broken += broken_words(page, language)
        page.keyboard.press("Escape")
    open_dialog(page, "#btn-rules", "#dlg-rules")
    for family, anchors in RULES_FAMILIES:
        page.check(f"#rules-game input[value='{family}']")
        page.wait_for_selector(f"#rules-body section[id^='{anchors}']")
        wait_idle(page)
        broken += broken_words(page, language)
    page.keyboard.press("Escape")
    page.evaluate("hash => { location.hash = hash; }", "#" + LINKED)
    page.wait_for_selector("#dlg-link[open]")
    wait_idle(page)
    broken += broken_words(page, language)
    page.click("#link-keep")
    play_last_move(page, last, keep_summary=True)
    broken += broken_words(page, language)
    page.keyboard.press("Escape")
    page.evaluate(ANOTHER_TAB_SAVES)
    page.wait_for_selector("#dlg-elsewhere[open]")
    wait_idle(page)
    broken += broken_words(page, language)
    assert broken == []


TAB_LABELS = """() => [...document.querySelectorAll('#rules-game label > span')].map(span => {
    const range = document.createRange();
    range.selectNodeContents(span);
    const lines = [...range.getClientRects()].filter(r => r.width > 0);
    const box = span.getBoundingClientRect();
    const top = Math.min(...lines.map(r => r.top)), bottom = Math.max(...lines.map(r => r.bottom));
    const left = Math.min(...lines.map(r => r.left)), right = Math.max(...lines.map(r => r.right));
    return {text: span.textContent, height: box.height, row: Math.round(box.top),
            lines: new Set(lines.map(r => Math.round(r.top))).size,
            offset: (top + bottom) / 2 - (box.top + box.bottom) / 2,
            margin: Math.min(left - box.left, box.right - right)};
})"""
"""Each How to play tab's label: its box's height, its text's lines, how far the text's
middle lies from the box's middle and how close its text comes to the box's sides (px)."""


@pytest.mark.parametrize("language", ["th", "km"])
def test_the_rules_tabs_centre_their_labels_on_a_phone(
    new_context: Callable[..., BrowserContext], site_url: str, language: str
) -> None:
    locale = {"th": "th-TH", "km": "km-KH"}[language]
    context = new_context(viewport={"width": 360, "height": 640}, locale=locale)
    page = context.new_page()
    page.goto(site_url + "#KL1-D1N-AAAAAAG")
    wait_ready(page)
    wait_idle(page)
    open_dialog(page, "#btn-rules", "#dlg-rules")
    wait_drawn(page)  # the font's own line heights
    labels = page.evaluate(TAB_LABELS)
    assert len(labels) == len(rules_tabs()), labels  # one tab per set of rules (Spiderette and Spider share one)
    assert max(label["lines"] for label in labels) == 2, f"one label takes two lines at 360 px: {labels}"
    for label in labels:
        # The tabs of one row are as tall as each other.
        row = [other for other in labels if other["row"] == label["row"]]
        assert label["height"] == pytest.approx(row[0]["height"], abs=0.5), labels
    for label in labels:
        assert abs(label["offset"]) <= 2, f"{label['text']}: its text is not vertically centred ({labels})"
        assert label["margin"] >= 6, f"{label['text']}: its text runs up to the tab's border ({labels})"
