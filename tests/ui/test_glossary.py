"""The glossary holds the catalogs: no translation uses a word that locale/GLOSSARY.md's
"Words not used" table rules out for its concept, and Khmer sets numbers apart as Khmer
writes them. Each check is also run on a wrong translation, to show it can fail.

Pure Python (CPython): the catalogs are read as the game ships them."""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from html.parser import HTMLParser
from pathlib import Path

import pytest

import engine
from tools import catalogs
from ui.dom.stats_chart import chart_svg
from ui.model import i18n
from ui.model.announce import describe_play, describe_undo, win_text
from ui.model.stats import VariantStats
from ui.model.stats_chart import chart_of, figures

ROOT = Path(__file__).resolve().parent.parent.parent
GLOSSARY = ROOT / "locale" / "GLOSSARY.md"
INDEX = ROOT / "index.html"
LANGUAGES = ("th", "km")


@dataclass(frozen=True)
class Rule:
    """One row of "Words not used": in ``language``, a message whose English says one of
    ``when`` (``*``: every message) must not be translated with any of ``never``."""

    language: str
    concept: str
    when: tuple[str, ...]
    never: tuple[re.Pattern[str], ...]

    def applies(self, english: str) -> bool:
        lowered = english.lower()
        return "*" in self.when or any(phrase.lower() in lowered for phrase in self.when)

    def offences(self, english: str, translation: str) -> list[str]:
        if not self.applies(english):
            return []
        return [pattern.pattern for pattern in self.never if pattern.search(translation)]


def _cells(line: str) -> list[str]:
    # Markdown cells, split on the pipes that are not escaped (a regular expression may hold "\|").
    inner = line.strip().removeprefix("|").removesuffix("|")
    return [cell.strip().replace("\\|", "|") for cell in re.split(r"(?<!\\)\|", inner)]


def _quoted(cell: str) -> tuple[str, ...]:
    return tuple(re.findall(r"`([^`]+)`", cell))


def rules(text: str | None = None) -> list[Rule]:
    """The rows of the glossary's "Words not used" table."""
    text = GLOSSARY.read_text(encoding="utf-8") if text is None else text
    section = text.split("## Words not used", 1)[1].split("\n## ", 1)[0]
    found = []
    for line in section.splitlines():
        if not line.startswith("|"):
            continue
        cells = _cells(line)
        if len(cells) != 5 or cells[0] in ("language", "---"):
            continue
        language, concept, when, never, _instead = cells
        found.append(Rule(language, concept, _quoted(when), tuple(re.compile(word) for word in _quoted(never))))
    return found


def messages(language: str) -> list[tuple[str, str]]:
    """Every message of the language's catalog: (its English, each translation)."""
    found = []
    for message in catalogs._read(language):
        if not message.id:
            continue
        english = message.id if isinstance(message.id, str) else " ".join(message.id)
        strings = [message.string] if isinstance(message.string, str) else list(message.string)
        found += [(english, text) for text in strings]
    return found


def offenders(language: str, catalog: list[tuple[str, str]], rule_list: list[Rule]) -> list[tuple[str, str, str]]:
    found = []
    for rule in rule_list:
        if rule.language != language:
            continue
        for english, text in catalog:
            found += [(rule.concept, word, text) for word in rule.offences(english, text)]
    return found


NUMERIC = "n|count|score|amount|index|number|seconds|positions|of|back|done|total|won|lost|low|high|skipped"
ENDS_IN_A_NUMBER = f"{NUMERIC}|pile|piles"
"""Placeholders whose words can end in a number ("column 5")."""
STARTS_WITH_A_NUMBER = f"{NUMERIC}|card|cards|needed|top"
"""Placeholders whose words can start with one ("7 of hearts")."""
KHMER_LETTER = "[\u1780-\u17d3\u17dd\u17e0-\u17e9\u19e0-\u19ff]"
"""Khmer letters, signs and digits (not the sentence marks ។ ៖ …, which follow a number directly)."""
GLUED = re.compile(
    rf"[0-9]{KHMER_LETTER}|{KHMER_LETTER}[0-9]"
    rf"|\{{(?:{ENDS_IN_A_NUMBER})\}}{KHMER_LETTER}|{KHMER_LETTER}\{{(?:{STARTS_WITH_A_NUMBER})\}}"
)


def glued_numbers(catalog: list[tuple[str, str]]) -> list[tuple[str, str]]:
    """Khmer text where a number, or a placeholder that can hold one, touches a Khmer word."""
    return [(match.group(), text) for _english, text in catalog for match in GLUED.finditer(text)]


# ------------------------------------------------------------------ the table


def test_the_glossary_rules_out_the_words_it_names() -> None:
    table = rules()
    concepts = {(rule.language, rule.concept) for rule in table}
    assert {("th", "score"), ("th", "position"), ("th", "draw"), ("th", "Vegas amount")} <= concepts
    assert {("km", "suit"), ("km", "a game"), ("km", "column, row, run"), ("km", "hint"), ("km", "King")} <= concepts
    assert {("th", "passive"), ("km", "passive"), ("th", "a run leaves the table")} <= concepts
    assert {("th", "at move {n}"), ("km", "move (the verb)"), ("km", "a count of cards")} <= concepts
    assert all(rule.language in LANGUAGES and rule.when and rule.never for rule in table)


@pytest.mark.parametrize("language", LANGUAGES)
def test_no_message_uses_a_word_the_glossary_rules_out(language: str) -> None:
    assert offenders(language, messages(language), rules()) == []


def test_khmer_sets_numbers_apart() -> None:
    assert glued_numbers(messages("km")) == []


# ------------------------------------------------ Vegas amounts are money

AMOUNTS = ("score", "win-score")
"""The page's elements that show the game's score: a Vegas amount in Vegas."""
POINTS_ONLY = "points-word"
"""The class of a label the page hides in Vegas (static/css/table.css, body[data-vegas])."""


@dataclass
class _Node:
    """One element of the page: its tag, attributes, parent, children and own text."""

    tag: str
    attrs: dict[str, str]
    parent: _Node | None = None
    children: list[_Node] = field(default_factory=list)
    text: list[str] = field(default_factory=list)

    def walk(self) -> list[_Node]:
        return [self] + [below for child in self.children for below in child.walk()]

    def words(self) -> str:
        return " ".join(" ".join(part for below in self.walk() for part in below.text).split())

    def classes(self) -> list[str]:
        return self.attrs.get("class", "").split()


class _Tree(HTMLParser):
    """The page's elements as a tree of ``_Node``."""

    VOID = ("area", "base", "br", "col", "embed", "hr", "img", "input", "link", "meta", "source", "track", "wbr")

    def __init__(self) -> None:
        super().__init__()
        self.root = _Node("", {})
        self.open = self.root

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        node = _Node(tag, {name: value or "" for name, value in attrs}, self.open)
        self.open.children.append(node)
        if tag not in self.VOID:
            self.open = node

    def handle_endtag(self, tag: str) -> None:
        node: _Node | None = self.open
        while node is not None and node.parent is not None and node.tag != tag:
            node = node.parent
        if node is not None and node.parent is not None:
            self.open = node.parent

    def handle_data(self, data: str) -> None:
        self.open.text.append(data)


def vegas_labels(html: str) -> dict[str, list[str]]:
    """The English words (``data-i18n``) shown beside each of ``AMOUNTS`` in a Vegas game:
    those inside the element that holds it (the header's ``.stat``, the summary's
    ``div``), less any the page hides in Vegas (``points-word``, or inside one)."""
    tree = _Tree()
    tree.feed(html)
    found = {}
    for node in tree.root.walk():
        holder = node.parent
        if node.attrs.get("id") not in AMOUNTS or holder is None:
            continue
        labels = []
        for below in holder.walk():
            hidden: bool = False
            up: _Node | None = below  # hidden in Vegas: it, or an element around it below the holder
            while up is not None and up is not holder:
                hidden = hidden or POINTS_ONLY in up.classes()
                up = up.parent
            if "data-i18n" in below.attrs and not hidden:
                labels.append(below.words())
        found[node.attrs["id"]] = labels
    return found


def vegas_texts(language: str) -> list[str]:
    """Every text the game shows or says with a Vegas amount, in ``language``: the
    labels beside the header's and the win summary's figure, the spoken change of
    amount after a move and its undo, the win line, the statistics' rows that hold
    dollars and the titles of the chart's bars."""
    i18n.use_language(language)
    try:
        labels = vegas_labels(INDEX.read_text(encoding="utf-8"))
        texts = [i18n._(text) for key in AMOUNTS for text in labels[key]]
        game = engine.new_game("KL1-D1V-AAAAAAG")
        texts.append(describe_play(game, game.play("t1>f")))  # +$5
        texts.append(describe_undo(game, game.undo()))
        texts.append(win_text(game))
        stats = VariantStats(played=2, won=1, best_score=208, bankroll=156, recent=[[1, 208], [0, -52]])
        texts += [f"{label} {value}" for label, value in figures("KL-D1V", stats) if "$" in value]
        texts += re.findall(r"<rect[^>]*><title>([^<]*)</title>", chart_svg(chart_of(stats.recent, money=True)))
        return texts
    finally:
        i18n.use_language("en")


SCORE_WORDS = {"en": re.compile(r"\bscore|\bpoints?\b", re.IGNORECASE)}
"""English words for points; Thai's and Khmer's are the glossary's (Vegas amount: never …)."""
MONEY_WORDS = {
    "en": re.compile(r"\$|\bamount\b", re.IGNORECASE),
    "th": re.compile("ยอดเงิน|เงินสะสม"),
    "km": re.compile("ប្រាក់"),
}
"""The glossary's words for money (Vegas amount, bankroll; Khmer ចំនួនប្រាក់, or ប្រាក់ alone): one in every such text."""


def called_a_score(language: str, texts: list[str]) -> list[str]:
    """The texts that call a Vegas amount a score, or show it without the money word."""
    if language in SCORE_WORDS:
        scores = {text for text in texts if SCORE_WORDS[language].search(text)}
    else:
        scores = {text for _c, _w, text in offenders(language, [("$", text) for text in texts], rules())}
    return [text for text in texts if text in scores or not MONEY_WORDS[language].search(text)]


def test_the_page_labels_both_figures_for_vegas() -> None:
    labels = vegas_labels(INDEX.read_text(encoding="utf-8"))
    assert labels == {"score": ["Amount"], "win-score": ["Amount"]}


@pytest.mark.parametrize("language", ["en", *LANGUAGES])
def test_a_vegas_amount_is_never_called_a_score(language: str) -> None:
    texts = vegas_texts(language)
    assert len(texts) == 9, texts
    assert called_a_score(language, texts) == []


# ------------------------------------------------- the checks can fail


@pytest.mark.parametrize(
    ("language", "english", "wrong"),
    [
        ("th", "Score {score}.", "แต้ม {score}"),
        ("th", "You won! {amount} in {n} moves.", "คุณชนะ! ได้ {amount} คะแนน ใน {n} ตา"),
        ("th", "{game}, draw {n}, {scoring}", "{game} เปิดทีละ {n} ใบ {scoring}"),
        ("th", "{game}, draw {n}, {scoring}", "{game} จั่ว {n} ใบ แบบ{scoring}"),
        ("km", "{game}, draw {n}, {scoring}", "{game} ដក {n} សន្លឹក បែប{scoring}"),
        ("th", "Undo to the last winnable position", "ย้อนกลับไปยังตำแหน่งล่าสุดที่ยังชนะได้"),
        ("th", "Back to the {game} game {code} at move {n}.", "กลับมาที่เกม{game} {code} ที่ตาเดินที่ {n}"),
        ("th", "Move {index} ({token}): {rule}", "ตาเดินที่ {index} ({token}): {rule}"),
        ("km", "4 suits", "4 ប្រភេទ"),
        ("km", "Winnable deals only", "តែការចែកដែលអាចឈ្នះបាន"),
        ("km", "Playing", "របៀបលេង"),
        ("km", "Hint", "ជំនួយ"),
        ("km", "Only a King can go to an empty column.", "មានតែ K (ស្ដេច) ទេដែលអាចដាក់ក្នុងជួរឈរទទេ។"),
        ("km", "Hint: tap the stock to deal a row.", "ជំនួយ៖ ប៉ះគំនរសល់ ដើម្បីចែកមួយជួរ។"),
        ("km", "This move keeps the game winnable.", "ការដើរនេះនៅតែអាចឲ្យល្បែងឈ្នះបាន។"),
        ("km", "Face-down cards can't be moved.", "មិនអាចផ្លាស់សន្លឹកផ្កាប់បានទេ។"),
        ("km", "Moving groups", "ការផ្លាស់ជាក្រុម"),
        ("km", "When a column ends in the 13 cards of one suit…", "ពេលជួរឈរបញ្ចប់ដោយសន្លឹក 13 ទឹកតែមួយ"),
        ("km", "{n} cards face down", "សន្លឹក {n} ផ្កាប់"),
        ("th", "A run is complete and removed: {suit}.", "ชุดเรียง{suit}ครบ เก็บออกแล้ว"),
        ("th", "Each completed run removed", "ชุดเรียงที่เก็บออกแต่ละชุด"),
        ("th", "Only the first visit takes this long: the game is saved…", "เกมจะถูกเก็บไว้ในเครื่องนี้"),
        ("km", "Only the first visit takes this long: the game is saved…", "ល្បែងត្រូវបានរក្សាទុកនៅលើឧបករណ៍នេះ"),
    ],
)
def test_a_ruled_out_word_is_found(language: str, english: str, wrong: str) -> None:
    assert offenders(language, [(english, wrong)], rules()) != []


def test_correct_is_not_a_thai_passive() -> None:
    assert offenders("th", [("The deal code is not valid.", "รหัสเกมไม่ถูกต้อง")], rules()) == []


def test_the_right_forms_are_not_ruled_out() -> None:
    # "a good move" (ตาเดินที่ดี), "move" said in full (ផ្លាស់ទី), a count (13 សន្លឹក) and an ordinal (សន្លឹកទី 11).
    thai = [("Hint (H): a good move", "คำใบ้ (H): ตาเดินที่ดี"), ("Move {index}", "ตาที่ {index}")]
    assert offenders("th", thai, rules()) == []
    right = [("Face-down cards can't be moved.", "មិនអាចផ្លាស់ទីសន្លឹកផ្កាប់បានទេ។")]
    right += [("…the 13 cards… from the 11th", "ដោយ 13 សន្លឹកទឹកតែមួយ ចាប់ពីសន្លឹកទី 11")]
    assert offenders("km", right, rules()) == []


def test_a_vegas_amount_under_a_score_label_is_found() -> None:
    # The page's words before Vegas had its own: "Score" beside "+$208", in the header and the summary.
    page = '<span class="stat"><span class="stat-label" data-i18n>Score</span> <output id="score">0</output></span>'
    page += '<dl><div><dt data-i18n>Score</dt><dd id="win-score"></dd></div></dl>'
    assert vegas_labels(page) == {"score": ["Score"], "win-score": ["Score"]}
    assert called_a_score("en", ["Score +$208", "Won, score 208", "Score -$47."]) == [
        "Score +$208",
        "Won, score 208",
        "Score -$47.",
    ]
    assert called_a_score("th", ["คะแนน +$208", "ชนะ คะแนน 208", "+$208"]) == ["คะแนน +$208", "ชนะ คะแนน 208", "+$208"]
    assert called_a_score("km", ["ពិន្ទុ +$208", "ចំនួនប្រាក់ +$208"]) == ["ពិន្ទុ +$208"]
    assert called_a_score("th", ["ยอดเงิน +$208", "ชนะ ยอดเงิน +$208"]) == []


def test_a_glued_khmer_number_is_found() -> None:
    assert glued_numbers([("", "បានត្រឡប់ក្រោយ៖ {cards} នៅលើ{pile}វិញ។")]) != []
    assert glued_numbers([("", "ជួរឈរទី 5វិញ")]) != []
    assert glued_numbers([("", "ដាក់លើ{card}។")]) != []
    assert glued_numbers([("", "ជួរឈរទី 5 វិញ។ {pile}៖ {contents} ទៅ{pile}")]) == []


def test_the_rules_read_escaped_pipes_in_a_cell() -> None:
    text = "## Words not used\n\n| language | concept | when | never | instead |\n|---|---|---|---|---|\n"
    text += "| km | x | `*` | `ជួរ(?!ឈរ\\|ដេក)` | y |\n"
    (rule,) = rules(text)
    assert rule.never[0].pattern == "ជួរ(?!ឈរ|ដេក)"
    assert rule.offences("row", "ជួរខាងលើ")
    assert not rule.offences("row", "ជួរដេកខាងលើ ជួរឈរ")


@pytest.mark.parametrize(("language", "quoted"), [("th", "“{}”"), ("km", "«{}»")])
def test_a_button_named_in_a_sentence_reads_as_the_button_does(language: str, quoted: str) -> None:
    """A sentence that asks for Undo quotes the word the toolbar's button shows."""
    try:
        assert i18n.use_language(language)
        button = i18n.pgettext("toolbar", "Undo")
        sentence = i18n._("Undo brings back the game you left.")
    finally:
        i18n.use_language("en")
    assert quoted.format(button) in sentence, (button, sentence)


def test_every_translated_language_keeps_its_game_words_whole() -> None:
    """The table of words kept whole reads as one cell a language (a word written after
    the row's closing bar once emptied both lists), and holds the new games' names."""
    kept = catalogs.whole_words()
    for language in ("th", "km"):
        assert len(kept[language]) > 10, language
    assert "ไตรพีคส์" in kept["th"]
    assert "พีระมิด" in kept["th"]
    assert "ពីរ៉ាមីត" in kept["km"]
