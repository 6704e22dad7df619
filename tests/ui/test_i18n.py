"""Three languages: catalogs complete and fresh, the choice of language, refusals
and rules in the player's words (pure Python, CPython)."""

from __future__ import annotations

import re
import shutil
from collections.abc import Iterator
from html.parser import HTMLParser
from pathlib import Path

import pytest

import engine
from engine.cards import SUITS, Card
from engine.moves import REASONS
from engine.spider import Spider
from tests.engine.refusal_examples import MOVE_EXAMPLES
from tests.ui.words import english_words
from tools import catalogs
from ui.model import i18n, rules_view
from ui.model import words as word_module
from ui.model.games import page_of, pages
from ui.model.refusals import code_error_text, refusal_text, rule_anchor
from ui.model.rules import Section, Table, diagram_code, rules_for, rules_tabs, rules_title
from ui.model.words import card_name, game_name, pile_name

GAMES = tuple(engine.VARIANTS)
"""Every game, from the registry."""

ROOT = Path(__file__).resolve().parent.parent.parent
THAI = re.compile("[\u0e00-\u0e7f]")
KHMER = re.compile("[\u1780-\u17ff]")
SCRIPT = {"th": THAI, "km": KHMER}
PLACEHOLDER = re.compile(r"\{[a-z_]+\}")


@pytest.fixture(autouse=True)
def english_afterwards() -> Iterator[None]:
    yield
    i18n.use_language("en")


# ------------------------------------------------------------------ catalogs


def test_catalogs_are_complete_and_up_to_date() -> None:
    assert catalogs.problems() == []


@pytest.fixture
def scratch(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """A copy of the sources and catalogs for the checks to find fault with."""
    shutil.copytree(ROOT / "ui", tmp_path / "ui", ignore=shutil.ignore_patterns("__pycache__"))
    shutil.copytree(ROOT / "locale", tmp_path / "locale")
    (tmp_path / "static").mkdir()
    for name in ["index.html", *catalogs.PAGE_SOURCES, catalogs.WORDS_JS, "static/manifest.th.webmanifest"]:
        shutil.copyfile(ROOT / name, tmp_path / name)
    shutil.copyfile(ROOT / "static/manifest.km.webmanifest", tmp_path / "static/manifest.km.webmanifest")
    monkeypatch.setattr(catalogs, "ROOT", tmp_path)
    monkeypatch.setattr(catalogs, "LOCALE", tmp_path / "locale")
    assert catalogs.problems() == []
    return tmp_path


def test_a_new_message_makes_the_catalogs_stale(scratch: Path) -> None:
    (scratch / "ui" / "extra.py").write_text('from ui.model.i18n import _\n\nWORDS = _("A brand new sentence.")\n')
    found = catalogs.problems()
    assert any("th/LC_MESSAGES/game.po is out of date" in line for line in found)
    assert any("km/LC_MESSAGES/game.po is out of date" in line for line in found)
    catalogs.update()
    assert catalogs.untranslated("th") == ["A brand new sentence."]
    assert any("no translation for 'A brand new sentence.'" in line for line in catalogs.problems())


def test_a_missing_translation_or_stale_mo_is_found(scratch: Path) -> None:
    po = scratch / "locale" / "km" / "LC_MESSAGES" / "game.po"
    text = po.read_text(encoding="utf-8")
    po.write_text(text.replace('msgstr "សូលីទែរ"', 'msgstr ""', 1), encoding="utf-8")
    found = catalogs.problems()
    assert "locale/km/LC_MESSAGES/game.po: no translation for 'Solitaire'" in found
    stale = "is not made from the .po files: run python3 tools/catalogs.py compile"
    assert f"locale/km/LC_MESSAGES/game.mo {stale}" in found
    assert any(line.startswith("static/words.js is not made") for line in found)
    assert any(line.startswith("static/manifest.km.webmanifest is not made") for line in found)
    assert not any("manifest.th" in line for line in found)


def test_the_pages_words_are_extracted_from_the_html(scratch: Path) -> None:
    page = scratch / "index.html"
    text = page.read_text(encoding="utf-8")
    page.write_text(
        text.replace("<body>", '<body><p data-i18n="bar">A  new\n label</p><b data-i18n-attrs="title" title="Tip">', 1),
        encoding="utf-8",
    )
    catalogs.update()
    assert set(catalogs.untranslated("th")) == {"A new label", "Tip"}
    assert catalogs._read("th").get("A new label", context="bar") is not None


def translations(language: str) -> list[tuple[str, str]]:
    pairs = []
    for message in catalogs._read(language):
        if not message.id:
            continue
        ids = [message.id] if isinstance(message.id, str) else list(message.id)
        strings = [message.string] if isinstance(message.string, str) else list(message.string)
        pairs += [(ids[-1] if len(ids) > 1 else ids[0], s) for s in strings]
    return pairs


@pytest.mark.parametrize("language", ["th", "km"])
def test_translations_keep_placeholders_and_are_written_in_their_script(language: str) -> None:
    other = KHMER if language == "th" else THAI
    pairs = translations(language)
    assert len(pairs) > 100
    for english, text in pairs:
        assert sorted(PLACEHOLDER.findall(text)) == sorted(set(PLACEHOLDER.findall(english))), (english, text)
        assert not other.search(text), (english, text)
        words_left = english_words(PLACEHOLDER.sub(" ", text))
        assert words_left == [], (english, text)
        rest = PLACEHOLDER.sub("", text).strip()
        if english_words(PLACEHOLDER.sub(" ", english)) and rest not in ("", "J", "Q", "K"):
            assert SCRIPT[language].search(rest), (english, text)


def test_the_site_carries_each_compiled_catalog_on_its_own_and_the_archive_none() -> None:
    from tools import pyfiles, site

    packed = site.packed_files()
    for language in ("th", "km"):
        name = i18n.catalog_file(language).relative_to(i18n.LOCALE_DIR.parent).as_posix()
        assert {packed[f"{name}.gz"], packed[f"{name}.br"]} == {name}
    assert not [name for name in packed.values() if name.endswith(".po")]
    assert not [name for name in pyfiles.python_files() if not name.endswith(".py")]


# ------------------------------------------------------------- the language


@pytest.mark.parametrize(
    ("stored", "preferred", "chosen"),
    [
        (None, ["th-TH", "en-US"], "th"),
        (None, ["km"], "km"),
        (None, ["en-GB", "th"], "en"),
        (None, ["fr-FR", "de"], "en"),
        (None, ["fr-FR", "km-KH"], "km"),
        (None, [], "en"),
        ("km", ["th"], "km"),
        ("th", [], "th"),
        ("xx", ["km_KH"], "km"),
        ("", ["TH"], "th"),
    ],
)
def test_choice_of_language(stored: str | None, preferred: list[str], chosen: str) -> None:
    assert i18n.choose_language(stored, preferred) == chosen


class BrokenStorage:
    def getItem(self, key: str) -> str | None:
        raise RuntimeError("storage is disabled")

    def setItem(self, key: str, value: str) -> None:
        raise RuntimeError("quota exceeded")


def test_the_choice_is_remembered_and_storage_trouble_changes_nothing() -> None:
    from ui.model.storage import MemoryBackend

    store = MemoryBackend()
    assert i18n.remembered_language(store) is None
    assert i18n.remember_language(store, "km")
    assert store.getItem(i18n.LANGUAGE_KEY) == "km"
    assert i18n.remembered_language(store) == "km"
    assert i18n.choose_language(i18n.remembered_language(store), ["th"]) == "km"
    assert not i18n.remember_language(store, "fr")
    assert i18n.remembered_language(store) == "km"
    store.setItem(i18n.LANGUAGE_KEY, "tampered")
    assert i18n.remembered_language(store) is None
    broken = BrokenStorage()
    assert i18n.remembered_language(broken) is None
    assert not i18n.remember_language(broken, "th")


def test_each_language_is_named_in_itself() -> None:
    assert i18n.LANGUAGES == {"en": "English", "th": "ไทย", "km": "ខ្មែរ"}


def test_changing_language_tells_listeners_once() -> None:
    heard: list[str] = []
    stop = i18n.on_language_change(heard.append)
    try:
        assert i18n.use_language("th")
        assert i18n.use_language("th")  # no change, no news
        assert i18n.use_language("km")
        assert not i18n.use_language("fr")
        assert i18n.current_language() == "km"
    finally:
        stop()
    i18n.use_language("en")
    assert heard == ["th", "km"]


def test_gettext_follows_the_language() -> None:
    assert (i18n._("Waste"), i18n.document_title()) == ("Waste", "Solitaire")
    i18n.use_language("th")
    assert (i18n._("Waste"), i18n.document_title()) == ("กองพัก", "โซลิแทร์")
    i18n.use_language("km")
    assert (i18n._("Waste"), i18n.document_title()) == ("គំនរបើក", "សូលីទែរ")
    one = "Only face-up cards can be moved: {pile} has {n} face-up card."
    many = "Only face-up cards can be moved: {pile} has {n} face-up cards."
    assert i18n.ngettext(one, many, 2).format(pile="X", n=2).endswith("X មានសន្លឹកបើក 2 សន្លឹក។")
    i18n.use_language("en")
    assert i18n.ngettext(one, many, 1).endswith("{n} face-up card.")
    assert i18n.ngettext(one, many, 2).endswith("{n} face-up cards.")


def test_a_missing_catalog_leaves_the_language_as_it_was(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(i18n, "LOCALE_DIR", tmp_path)
    monkeypatch.setattr(i18n, "_catalogs", {})
    assert not i18n.use_language("th")
    assert i18n.current_language() == "en"


# ------------------------------------------------------------------- words


@pytest.mark.parametrize("language", ["en", "th", "km"])
def test_every_card_has_its_own_name(language: str) -> None:
    i18n.use_language(language)
    names = {card_name(Card(rank, suit)) for suit in SUITS for rank in range(1, 14)}
    assert len(names) == 52
    piles = {pile_name(pid) for pid in ("s", "w", "f1", "f2", "f3", "f4", *(f"t{i}" for i in range(1, 11)))}
    assert len(piles) == 16
    assert len({game_name(g) for g in GAMES}) == len(GAMES)


def test_kept_card_names_follow_every_change_of_language() -> None:
    cards = [Card(rank, suit) for suit in SUITS for rank in range(1, 14)]
    for language in ("en", "th", "km", "th", "en"):
        i18n.use_language(language)
        for card in cards:
            kept = card_name(card)
            assert kept == word_module._card_name(card)
            assert card_name(card) is kept  # made once per language
            assert i18n.current(kept)


def test_english_card_names_are_the_engines() -> None:
    for suit in SUITS:
        for rank in range(1, 14):
            assert card_name(Card(rank, suit)) == Card(rank, suit).name


# ---------------------------------------------------------------- refusals


def test_every_reason_has_a_rule_section_in_the_games_that_refuse_with_it() -> None:
    assert set(REASONS) <= {reason for page in pages() for reason in page.anchors}
    for page in pages():
        game = page.game
        sections = {section.anchor for section in rules_for(game)}
        assert set(page.anchors.values()) <= sections, game
        assert rule_anchor(game, None) in sections


EXAMPLES = [(reason, make, move) for reason, make, move, _ in MOVE_EXAMPLES]


@pytest.mark.parametrize(("reason", "make", "move"), EXAMPLES, ids=[e[0] for e in EXAMPLES])
def test_each_refusal_in_each_language(reason: str, make: object, move: object) -> None:
    game = make()  # type: ignore[operator]
    error = game.refusal_error(move)
    prefix = game.settings.game
    anchors = page_of(prefix).anchors
    assert reason in anchors, f"{reason} is refused in {prefix} but has no rule section there"
    english = refusal_text(prefix, error)
    worded_anew = ("notation", "no_such_pile", "empty_pile", "face_down", "no_foundations", "stock_tap_only")
    if reason not in (*worded_anew, "already_on_foundation"):
        assert english == str(error)  # the engine's own rule, word for word
    for language in ("th", "km"):
        i18n.use_language(language)
        text = refusal_text(prefix, error)
        assert SCRIPT[language].search(text), text
        assert english_words(text) == [], text
    i18n.use_language("en")


def test_deal_code_errors_in_each_language() -> None:
    errors = []
    for code in ("hello", "KL2-D1N-AAAAAAG", "XX1-D1N-AAAAAAG", "KL1-D2N-AAAAAAG", "KL1-D1N-AAAAAG"):
        with pytest.raises(engine.CodeError) as info:
            engine.parse_code(code)
        errors.append(info.value)
    with pytest.raises(engine.CodeError) as wrong:
        Spider("SD1-S1-AAAAAAA")
    errors.append(wrong.value)
    english = [code_error_text(e) for e in errors]
    assert len(set(english)) == 6
    for language in ("th", "km"):
        i18n.use_language(language)
        for error, words in zip(errors, english, strict=True):
            text = code_error_text(error)
            assert text != words
            assert SCRIPT[language].search(text)
            assert english_words(text) == [], text


# ------------------------------------------------------------------- rules


def all_text(sections: tuple[Section, ...]) -> list[str]:
    texts = []
    for section in sections:
        texts.append(section.title)
        for block in section.blocks:
            if isinstance(block, Table):
                texts += [*block.head, *(cell for row in block.rows for cell in row)]
            elif isinstance(block, tuple):
                texts += list(block)
            else:
                texts.append(block)
    return texts


@pytest.mark.parametrize("game", GAMES)
def test_rules_have_unique_anchors_and_the_worked_examples(game: str) -> None:
    sections = rules_for(game)
    anchors = [s.anchor for s in sections]
    assert len(anchors) == len(set(anchors))
    assert all(re.fullmatch(r"[a-z]+-[a-z]+", a) for a in anchors)
    for language in ("en", "th", "km"):
        i18n.use_language(language)
        text = " ".join(all_text(rules_for(game)))
        for figure in page_of(game).figures:
            assert figure in text, (language, figure)
        assert diagram_code(game) in text


def test_each_set_of_rules_has_anchors_of_its_own() -> None:
    """Two tabs never share an anchor: a Why? link opens the one section it names."""
    anchors = [section.anchor for game, _label in rules_tabs() for section in rules_for(game)]
    assert len(anchors) == len(set(anchors))


@pytest.mark.parametrize("language", ["th", "km"])
@pytest.mark.parametrize("game", [game for game, _label in rules_tabs()])
def test_rules_are_fully_translated(language: str, game: str) -> None:
    english = all_text(rules_for(game))
    i18n.use_language(language)
    texts = all_text(rules_for(game))
    assert len(texts) == len(english)
    for before, after in zip(english, texts, strict=True):
        assert english_words(after) == [], after
        if english_words(before):
            assert after != before
    assert english_words(rules_title(game)) == []


def test_rules_cover_what_the_issue_lists() -> None:
    kl = {s.anchor for s in rules_for("KL")}
    sp = {s.anchor for s in rules_for("SP")}
    assert {"kl-goal", "kl-deal", "kl-columns", "kl-empty", "kl-foundations", "kl-stock", "kl-classic"} <= kl
    assert {"kl-scoring", "kl-vegas", "kl-controls", "kl-undo"} <= kl
    assert {"sp-goal", "sp-deal", "sp-columns", "sp-groups", "sp-empty", "sp-stock", "sp-runs"} <= sp
    assert {"sp-scoring", "sp-controls", "sp-undo"} <= sp
    fc = {s.anchor for s in rules_for("FC")}
    assert {"fc-goal", "fc-deal", "fc-columns", "fc-runs", "fc-cells", "fc-foundations"} <= fc
    assert {"fc-auto", "fc-controls", "fc-undo"} <= fc


# ----------------------------------------------------------------- glossary

CHECKED_TERMS = (
    "stock", "waste", "foundation", "column", "deal code", "completed run",
    "spades", "hearts", "diamonds", "clubs", "Ace", "Klondike", "Spiderette", "Spider",
    "free cell", "FreeCell",
)  # fmt: skip


def glossary() -> dict[str, dict[str, str]]:
    rows = {}
    for line in (ROOT / "locale" / "GLOSSARY.md").read_text(encoding="utf-8").splitlines():
        cells = [cell.strip() for cell in line.strip().strip("|").split("|")]
        if len(cells) == 4 and cells[0] not in ("term", "---"):
            rows[cells[0]] = {"en": cells[1], "th": cells[2], "km": cells[3]}
    return rows


def test_the_glossary_names_the_issues_thai_terms() -> None:
    rows = glossary()
    thai = {term: rows[term]["th"] for term in ("stock", "waste", "foundation", "column", "deal code", "completed run")}
    assert thai == {
        "stock": "กองจั่ว",
        "waste": "กองพัก",
        "foundation": "กองฐาน",
        "column": "คอลัมน์",
        "deal code": "รหัสเกม",
        "completed run": "ชุดเรียง",
    }


@pytest.mark.parametrize("language", ["th", "km"])
def test_every_message_uses_the_glossary_terms(language: str) -> None:
    rows = glossary()
    assert set(CHECKED_TERMS) <= set(rows)
    offenders = []
    for message in catalogs._read(language):
        if not message.id:
            continue
        english = message.id if isinstance(message.id, str) else message.id[0]
        strings = [message.string] if isinstance(message.string, str) else list(message.string)
        for term in CHECKED_TERMS:
            pattern = rf"\b{term}s?\b" if term[0].islower() else rf"\b{term}\b"
            flags = re.IGNORECASE if term[0].islower() else 0
            if re.search(pattern, english, flags):
                word = rows[term][language].split(" (")[0]
                offenders += [(term, english, text) for text in strings if word not in text]
    assert offenders == []


# ------------------------------------------------------------ rules markup


class _Text(HTMLParser):
    def __init__(self) -> None:
        super().__init__()
        self.text: list[str] = []
        self.ids: list[str] = []
        self.labels: list[str] = []
        self.links: list[str] = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        values = dict(attrs)
        if values.get("id"):
            self.ids.append(str(values["id"]))
        if values.get("aria-label"):
            self.labels.append(str(values["aria-label"]))
        if tag == "a":
            self.links.append(str(values.get("href")))

    def handle_data(self, data: str) -> None:
        self.text.append(data)


@pytest.mark.parametrize("language", ["en", "th", "km"])
@pytest.mark.parametrize("game", GAMES)
def test_rules_markup_links_every_section_and_speaks_the_language(language: str, game: str) -> None:
    i18n.use_language(language)
    parser = _Text()
    parser.feed(rules_view.rules_html(game))
    anchors = [section.anchor for section in rules_for(game)]
    assert parser.links == [f"#{anchor}" for anchor in anchors]
    assert set(anchors) <= set(parser.ids)
    assert len(parser.ids) == len(set(parser.ids))
    text = " ".join(parser.text + parser.labels)
    if language != "en":
        assert english_words(text) == [], english_words(text)
    assert diagram_code(game) in text


def test_rules_markup_escapes_text(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(rules_view, "rules_for", lambda game: (Section("kl-goal", "<b>&", ("a<i>",)),))
    html = rules_view.rules_html("KL")
    assert "&lt;b&gt;&amp;" in html
    assert "a&lt;i&gt;" in html
    assert "<b>&" not in html


def test_the_deal_picture_is_the_real_deal() -> None:
    html = rules_view.deal_diagram_html("KL1-D1N-AAAAAAG", "cap")
    shown = re.findall(r'data-face="up" data-suit="(\w)"', html)
    game = engine.new_game("KL1-D1N-AAAAAAG")
    assert shown == [game.pile(f"t{i}")[-1].suit for i in range(1, 8)]
    assert 'aria-labelledby="cap"' in html
    assert "Ace of diamonds, Jack of clubs, King of diamonds" in html
    spider = rules_view.deal_diagram_html("SD1-S4-AAAAAAH", "cap")
    assert spider.count('data-face="up"') == 7
    assert spider.count('class="slot"') == 0
    freecell = rules_view.deal_diagram_html("FC1-F4-1", "cap")
    game = engine.new_game("FC1-F4-1")
    shown = re.findall(r'data-face="up" data-suit="(\w)"', freecell)
    assert shown == [card.suit for i in range(1, 9) for card in game.pile(f"t{i}")]
    assert 'data-face="down"' not in freecell
    # The top row: four empty free cells at the left, then the four foundations.
    top = freecell.split('<div class="diagram-top">', 1)[1].split('<div class="diagram-columns">', 1)[0]
    assert re.findall(r'class="slot ?([a-z ]*)"', top) == ["cell"] * 4 + ["foundations", "", "", ""]
    assert "Every card is face up" in freecell
    assert rules_view.deal_diagram_html("FC1-F2-1", "cap").count('class="slot cell"') == 2
    # The picture of FC1-F4-1 is not drawn for a longer code that starts with it.
    html = rules_view.rules_html("FC")
    assert html.count('class="diagram"') == 1


# ------------------------------------------------------- words written again


def test_messages_made_in_one_language_are_written_again_in_another() -> None:
    from ui.model.announce import describe_play
    from ui.model.i18n import again, joined, ngettext, pgettext

    game = engine.new_game("KL1-D1N-AAAAAAG")
    i18n.use_language("en")
    action = game.play("t1>f")
    said = describe_play(game, action)
    error = game.refusal_error("t2>t1")
    assert error is not None
    refused = refusal_text("KL", error)
    counted = ngettext("{n} card", "{n} cards", 3).format(n=3)
    listed = joined(" ", [pgettext("list", ", ").join([i18n._("Stock"), i18n._("Waste")]), "KL1-D1N-AAAAAAG"])
    plain = "Not made by gettext"
    assert english_words(said)
    assert english_words(refused)
    for language in ("th", "km"):
        i18n.use_language(language)
        for text in (said, refused, counted, listed):
            worded = again(text)
            assert worded != text
            assert english_words(worded) == [], worded
        assert again(plain) == plain
        assert "KL1-D1N-AAAAAAG" in again(listed)
    i18n.use_language("en")
    assert [again(t) for t in (said, refused, counted, listed)] == [said, refused, counted, listed]


def test_words_made_before_a_change_of_language_are_worded_again_when_used() -> None:
    from ui.model.i18n import joined

    i18n.use_language("en")
    pile = i18n._("Stock")
    later_list = joined(", ", [pile, i18n._("Waste")])
    i18n.use_language("th")
    try:
        said = i18n._("{pile} is empty.").format(pile=pile)
        listed = i18n.pgettext("list", ", ").join([pile, later_list])
        assert said == "กองจั่ว ว่างอยู่"
        assert english_words(said) == [], said
        assert english_words(listed) == [], listed
        # Made now with the current words, they are what making them afresh gives.
        assert said == i18n._("{pile} is empty.").format(pile=i18n._("Stock"))
    finally:
        i18n.use_language("en")


def test_counted_messages_are_extracted_with_their_plural_and_translated_in_one_form() -> None:
    """Thai and Khmer have one plural form (nplurals=1): each counted message has
    exactly one translation, which the catalogs give for every count."""
    template = catalogs.template()
    singular = "This statistics file is damaged: {problem} (and {count} more problem)."
    plural = "This statistics file is damaged: {problem} (and {count} more problems)."
    found = template.get(singular)
    assert found is not None
    assert found.id == (singular, plural)
    for language in ("th", "km"):
        catalog = catalogs._read(language)
        assert catalog.num_plurals == 1
        for message in catalog:
            if message.id and not isinstance(message.id, str):
                assert len(message.string) == 1, message.id
        translation = i18n._catalog(language)
        assert translation.ngettext(singular, plural, 1) == translation.ngettext(singular, plural, 5)
        assert translation.ngettext(singular, plural, 1) not in (singular, plural)
