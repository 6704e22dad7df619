"""Start-up's choice of game: the history entry, the link, the saved game, a fresh deal."""

from __future__ import annotations

import pytest

import engine
from tests.ui.saving import CODE
from ui.model.i18n import use_language
from ui.model.progress import Entry
from ui.model.startup import FRIENDLY_CANDIDATES, choose_game, friendly_deal, low_cards_buried
from ui.model.storage import SavedGame

OTHER = "KL1-D3V-AAAAAAB"


@pytest.fixture(autouse=True)
def english() -> None:
    use_language("en")


def saved_game(record: str = f"{CODE} s t1>f", **fields: object) -> SavedGame:
    return SavedGame(engine.replay(record), 5.0, game_id="saved1", **fields)  # type: ignore[arg-type]


def test_nothing_at_all_deals_a_random_game_of_the_first_game() -> None:
    start = choose_game(None, None, "")
    assert start.game.settings.game == next(iter(engine.VARIANTS))
    assert start.game.moves == 0
    assert (start.resumed, start.message, start.ask, start.abandoned) == (None, "", False, None)


def test_a_new_players_first_game_is_the_friendly_proven_deal() -> None:
    from engine.winnable_seeds import seeds_for

    start = choose_game(None, None, "", first_visit=True)
    game = start.game
    assert game.code == friendly_deal()
    assert (game.moves, start.resumed, start.message, start.ask) == (0, None, "", False)
    prefix = engine.option_set_of(game.settings).prefix
    candidates = seeds_for(prefix)[:FRIENDLY_CANDIDATES]
    assert game.settings.seed in candidates, "a deal the solver proved winnable, shipped with the page"
    fewest = min(low_cards_buried(engine.new_game(engine.format_code(game.settings.with_seed(s)))) for s in candidates)
    assert low_cards_buried(game) == fewest
    assert choose_game(None, None, "", first_visit=True).game.code == game.code, "always the same deal"
    result = engine.solve(game, seconds=20)
    assert result.status == "winnable"
    assert sum(1 for move in result.moves if move != "s") <= 90, "won in few card moves"


def test_a_returning_player_without_a_save_gets_a_random_deal_and_a_save_beats_the_friendly_deal() -> None:
    codes = {choose_game(None, None, "").game.code for _ in range(3)}
    assert codes != {friendly_deal()}
    saved = saved_game()
    assert choose_game(saved, None, "", first_visit=True).game is saved.game


def test_low_cards_buried_counts_face_down_cards_on_aces_and_twos() -> None:
    game = engine.new_game("KL1-D1N-AAAAAAG")
    columns = [game.pile(f"t{n}") for n in range(1, 8)]
    expected = sum(
        sum(1 for above in column[i + 1 :] if not above.face_up)
        for column in columns
        for i, card in enumerate(column)
        if card.rank <= 2
    )
    assert low_cards_buried(game) == expected


def test_no_link_resumes_the_saved_game() -> None:
    saved = saved_game()
    start = choose_game(saved, None, "")
    assert start.game is saved.game
    assert start.resumed is saved
    assert (start.message, start.ask, start.abandoned) == ("", False, None)


@pytest.mark.parametrize("hash_text", [f"#{CODE}", f"#{CODE}%20s%20t1%3Ef"])
def test_a_link_to_the_saved_game_resumes_it(hash_text: str) -> None:
    saved = saved_game()
    assert choose_game(saved, None, hash_text).resumed is saved


def test_a_link_opens_its_deal_and_leaves_a_finished_or_unplayed_save_to_be_counted() -> None:
    saved = saved_game(CODE)  # not played: nothing is lost by leaving it
    start = choose_game(saved, None, f"#{OTHER}")
    assert start.game.code == OTHER
    assert start.resumed is not None
    assert start.resumed.game is start.game
    assert start.resumed.opened_at == 0
    assert start.abandoned is saved
    assert (start.message, start.ask) == ("", False)


def test_a_link_to_another_game_never_replaces_an_unfinished_save_without_asking() -> None:
    saved = saved_game()
    start = choose_game(saved, None, f"#{OTHER}")
    assert start.resumed is saved
    assert start.ask
    assert start.abandoned is None


def test_a_record_link_opens_at_its_move_and_says_so() -> None:
    start = choose_game(None, None, f"#{OTHER}%20s%20s")
    assert start.game.record() == f"{OTHER} s s"
    assert start.resumed is not None
    assert start.resumed.opened_at == 2
    assert start.message == "Opened a Klondike game at move 2."


def test_a_bad_link_keeps_the_saved_game_and_says_why() -> None:
    saved = saved_game()
    start = choose_game(saved, None, "#nonsense")
    assert start.resumed is saved
    assert start.message.endswith("Your saved game goes on.")
    assert start.abandoned is None


def test_a_bad_record_without_a_save_deals_its_game_at_random_and_says_why() -> None:
    start = choose_game(None, None, "#SP1-S1-AAAAAAB%20t9%3Et1")
    assert start.game.settings.game == "SP"
    assert start.game.moves == 0
    assert start.resumed is None
    assert start.message.endswith("A new random game was dealt instead.")


def test_unreadable_input_deals_a_fresh_game_and_changes_nothing() -> None:
    start = choose_game(None, "not an entry", "#%%%")
    assert start.game.moves == 0
    assert start.message
    assert start.abandoned is None


def test_this_tabs_history_entry_comes_first() -> None:
    saved = saved_game()
    mine = engine.replay(f"{OTHER} s")
    entry = Entry.of(mine, "entry1", elapsed=9.0, revision=1)
    start = choose_game(saved, entry.to_state(), f"#{CODE}")
    assert start.game.record() == mine.record()
    assert start.resumed is not None
    assert start.resumed.elapsed == 9.0
    assert start.abandoned is saved  # the saved game the entry does not name is counted


def test_the_saved_copy_of_the_entrys_game_wins_when_not_older() -> None:
    saved = saved_game(revision=3)
    entry = Entry.of(engine.replay(CODE), "saved1", revision=2)
    start = choose_game(saved, entry.to_state(), "")
    assert start.resumed is saved
    assert start.abandoned is None
    newer = Entry.of(engine.replay(f"{CODE} s t1>f s"), "saved1", revision=4)
    start = choose_game(saved, newer.to_state(), "")
    assert start.game.record() == f"{CODE} s t1>f s"
    assert start.abandoned is None


def test_a_damaged_history_entry_is_passed_over() -> None:
    saved = saved_game()
    broken = Entry("saved2", "{not json", revision=1).to_state()
    assert choose_game(saved, broken, "").resumed is saved
