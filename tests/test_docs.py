"""docs/RULES.md stays the rules the engine plays: every refusal reason listed, the
worked examples true, and README pointing at it. README stays a short page for players
and newcomers, and every relative link in it and in docs/ points to a file that exists."""

from __future__ import annotations

import re
from pathlib import Path

import engine
from engine.codes import CODE_REASONS
from engine.game import all_reasons
from engine.klondike import Klondike
from engine.moves import REASONS
from tests.engine.players import play_greedy

ROOT = Path(__file__).resolve().parent.parent
RULES = (ROOT / "docs" / "RULES.md").read_text(encoding="utf-8")
README = ROOT / "README.md"
README_LIMIT = 12_288
"""README's largest size in bytes: the player's page; the notes belong in docs/."""

LINK = re.compile(r"\]\(([^)\s]+)\)")
"""An inline Markdown link's target: ``[text](target)``."""


def links(path: Path) -> list[str]:
    """The targets of a Markdown file's inline links, outside code blocks and code spans."""
    text = re.sub(r"^```.*?^```", "", path.read_text(encoding="utf-8"), flags=re.MULTILINE | re.DOTALL)
    text = re.sub(r"`[^`\n]*`", "", text)
    return LINK.findall(text)


def relative(target: str) -> str:
    """The file part of a relative link (its anchor dropped); empty for a web address
    or a link to an anchor of the same page."""
    if re.match(r"[a-z][a-z0-9+.-]*:", target, flags=re.IGNORECASE):
        return ""
    return target.split("#", 1)[0]


def test_readme_links_to_the_rules() -> None:
    assert "[docs/RULES.md](docs/RULES.md)" in README.read_text(encoding="utf-8")


def test_readme_stays_short() -> None:
    size = len(README.read_bytes())
    assert size <= README_LIMIT, f"README.md is {size} bytes, over {README_LIMIT}: move the detail into docs/"


def test_readme_starts_with_play_and_the_two_commands() -> None:
    first = "\n".join(README.read_text(encoding="utf-8").splitlines()[:40])
    for text in ("python3 tools/serve.py", "python3 tools/test.py", "Play"):
        assert text in first, f"README's first 40 lines lack {text!r}"


def test_every_document_readme_links_exists() -> None:
    linked = [relative(target) for target in links(README)]
    documents = [target for target in linked if target.startswith("docs/") and target.endswith(".md")]
    assert "docs/RULES.md" in documents
    for target in documents:
        assert (ROOT / target).is_file(), f"README links {target}, which does not exist"


def test_every_relative_link_points_to_a_file() -> None:
    pages = [README, *sorted((ROOT / "docs").glob("*.md"))]
    missing = [
        f"{page.relative_to(ROOT)}: {target}"
        for page in pages
        for target in links(page)
        if relative(target) and not (page.parent / relative(target)).exists()
    ]
    assert not missing, "links to files that do not exist: " + ", ".join(missing)


def test_every_refusal_reason_is_documented_once() -> None:
    listed = re.findall(r"^\| `([a-z_]+)` \|", RULES, flags=re.MULTILINE)
    assert sorted(listed) == sorted(all_reasons())
    assert set(REASONS) <= set(listed)
    for reason in CODE_REASONS:
        assert f"`{reason}`" in RULES


def test_the_klondike_worked_example_is_what_the_engine_scores() -> None:
    game = engine.new_game("KL1-D1N-AAAAAAC")
    assert isinstance(game, Klondike)
    assert play_greedy(game)
    from_waste = sum(1 for move in game.played if move.src == "w" and move.dst.startswith("t"))
    assert (from_waste, game.recycles, game.score) == (15, 1, 600)
    assert "625 + 15 × 5 − 100 = **600**" in RULES


def test_the_vegas_and_spider_figures() -> None:
    assert engine.new_game("KL1-D1V-AAAAAAG").score_text == "-$52"
    assert engine.format_dollars(-52 + 52 * 5) == "+$208"
    assert "**+$208**" in RULES
    assert engine.new_game("SD1-S1-AAAAAAA").score == 500
    assert "500 − 53 + 400 = **847**" in RULES


def test_the_klondike_rules_do_not_deny_finish() -> None:
    # Finish, and Finish automatically, play the end of a game for the player: the
    # bullet describing them must not also say that the game never plays by itself.
    klondike = RULES.split("## Spiderette and Spider", 1)[0]
    flat = " ".join(klondike.split()).lower()
    assert "**finish automatically**" in flat
    for denial in ("never finishes itself", "no card ever moves to a foundation by itself"):
        assert denial not in flat, f"RULES.md says {denial!r} beside Finish automatically"
