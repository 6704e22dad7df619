"""Fuzzing every reader of data from outside the program: deal codes, links,
saved games, settings, statistics in storage and in imported files. Each one
either succeeds or raises its documented error, and never hangs."""

from __future__ import annotations

import contextlib
import json
import math
from typing import Any

from hypothesis import given, settings
from hypothesis import strategies as st

import engine
from ui.model.hashlink import LinkError, open_link, parse_hash
from ui.model.persist import choose_start, preferences_from
from ui.model.progress import Entry
from ui.model.session import format_clock
from ui.model.stats import VariantStats
from ui.model.stats_import import read_import
from ui.model.storage import GAME_KEY, SAVE_VERSION, SETTINGS_KEY, STATS_KEY, MemoryBackend, SavedGame, Store

QUICK = settings(deadline=10_000, max_examples=150)
"""The limits bound every reader's work (a link's moves, a text's length and nesting), so
each answers well within a second on an idle machine; the deadline is only a guard
against a reader that hangs, loose enough for a machine shared with other work."""

scalars = st.one_of(
    st.none(),
    st.booleans(),
    st.integers(min_value=-(10**30), max_value=10**30),
    st.floats(allow_nan=False, allow_infinity=False),
    st.text(max_size=20),
)
json_values = st.recursive(
    scalars, lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=12), inner, max_size=4)
)
# Text that is JSON-like but often wrong in the ways that once hurt: deep, huge, not finite.
poison = st.sampled_from(["[" * 100_000, "{" * 50_000, "1e999", "-1e999", "NaN", "Infinity", "9" * 400, '"\\ud800"'])
FIGURES = ("played", "won", "current_streak", "best_streak", "best_score", "fastest_win", "win_moves_total", "bankroll")
stats_like = st.dictionaries(
    st.sampled_from(["KL-D1N", "KL-D3V", "SD-S2", "SP-S4", "XX"]),
    st.dictionaries(st.sampled_from([*FIGURES, "recent"]), json_values | st.just(10**300), max_size=6),
    max_size=4,
)


def with_poison(data: Any, spot: str) -> str:
    """JSON text of ``data`` with one value replaced by a poisonous token."""
    text = json.dumps(data)
    return text.replace('"@@"', spot, 1)


@QUICK
@given(
    st.one_of(st.text(max_size=80), st.from_regex(r"#?[A-Za-z]{2}[0-9]{1,6}-[A-Z0-9]{1,4}-[A-Za-z]{5,9}( .{0,8}){0,6}"))
)
def test_links_open_or_raise_link_error(text: str) -> None:
    try:
        link = parse_hash(text)
        game = open_link(text)
    except LinkError:
        return
    assert (link is None) == (game is None)
    if game is not None:
        assert isinstance(game.record(), str)


@QUICK
@given(st.integers(min_value=0, max_value=30_000), st.sampled_from(["s", "zz", "t1>f", "%20"]))
def test_long_links_are_bounded(count: int, token: str) -> None:
    text = "#KL1-D1N-AAAAAAG" + f" {token}" * count
    with contextlib.suppress(LinkError):
        choose_start(text, None)


@QUICK
@given(st.one_of(st.text(max_size=200), json_values.map(json.dumps), poison))
def test_saved_game_text_loads_or_raises_save_error(text: str) -> None:
    try:
        game = engine.from_json(text)
    except engine.SaveError:
        return
    assert engine.from_json(game.to_json()).record() == game.record()


def saved_game_texts() -> st.SearchStrategy[str]:
    game = engine.replay("KL1-D1N-AAAAAAG s t1>f s s")
    real = {"version": SAVE_VERSION, "game": game.to_json(), "record": game.record(), "elapsed": 3.5}
    mutated = st.fixed_dictionaries(
        {},
        optional={
            "version": json_values | st.just(SAVE_VERSION),
            "game": json_values | st.just(real["game"]),
            "record": json_values | st.just(real["record"]),
            "elapsed": json_values | st.just("@@"),
            "counted": json_values,
            "finished": json_values,
        },
    )
    return st.one_of(
        mutated.flatmap(lambda d: poison.map(lambda p: with_poison(d, p))),
        st.text(max_size=100),
        poison,
        st.just(json.dumps(real)),
    )


@QUICK
@given(saved_game_texts(), st.one_of(st.text(max_size=40), json_values.map(json.dumps), poison))
def test_storage_never_raises_and_every_value_read_is_sound(game_text: str, settings_text: str) -> None:
    backend = MemoryBackend({GAME_KEY: game_text, SETTINGS_KEY: settings_text})
    store = Store(backend)
    saved = store.load_game()
    if saved is not None:
        assert isinstance(saved, SavedGame)
        assert math.isfinite(saved.elapsed)
        assert saved.elapsed >= 0
        format_clock(saved.elapsed)
        store.save_game(saved)
    preferences_from(store.load_settings())


@QUICK
@given(st.one_of(stats_like, json_values), poison)
def test_stored_statistics_are_always_sound(variants: Any, spot: str) -> None:
    text = with_poison({"version": SAVE_VERSION, "variants": variants, "x": "@@"}, spot)
    store = Store(MemoryBackend({STATS_KEY: text}))
    for figures in store.load_stats().values():
        stats = VariantStats.from_dict(figures)
        assert 0 <= stats.won <= stats.played
        if stats.fastest_win is not None:
            format_clock(stats.fastest_win)
        assert f"{stats.win_rate:.0%} {stats.average_win_moves} {stats.bankroll}"  # what the dialog shows


@QUICK
@given(
    st.one_of(
        st.text(max_size=200),
        poison,
        stats_like.map(lambda v: json.dumps({"kind": "solitaire-statistics", "variants": v})),
    )
)
def test_imported_files_are_read_whole_or_refused(text: str) -> None:
    try:
        variants = read_import(text)
    except ValueError:
        return
    for figures in variants.values():
        assert VariantStats.read(figures)[1] == []


entry_heads = st.fixed_dictionaries(
    {},
    optional={
        "v": st.just(1) | json_values,
        "id": st.text(max_size=30) | json_values,
        "elapsed": st.floats() | json_values,
        "counted": st.booleans() | json_values,
        "finished": st.booleans() | json_values,
        "opened_at": st.integers() | json_values,
        "replaced": st.text(max_size=30) | json_values,
    },
)


good_heads = st.fixed_dictionaries(
    {
        "v": st.just(1),
        "id": st.from_regex(r"[0-9a-f]{1,30}", fullmatch=True),
        "elapsed": st.floats(min_value=-1, max_value=10.0**9) | st.integers(-5, 10**9),
        "counted": st.booleans(),
        "finished": st.booleans(),
        "opened_at": st.integers(-5, 10**7),
        "replaced": st.just("") | st.from_regex(r"[0-9a-z!]{1,30}", fullmatch=True),
    }
)


@QUICK
@given(
    head=(good_heads | entry_heads).map(json.dumps) | poison | st.text(max_size=60),
    game=st.sampled_from(["", "{}", engine.replay("KL1-D1N-AAAAAAG t1>f").to_json()]) | poison | st.text(max_size=40),
    other=st.none() | json_values,
)
def test_history_states_are_entries_or_ignored(head: str, game: str, other: Any) -> None:
    """A browser-history state may be anything another script of the page put there."""
    for state in (head + "\n" + game, other):
        entry = Entry.from_state(state)
        if entry is None:
            continue
        assert entry.id.isascii()
        assert entry.id.isalnum()
        assert 0 <= entry.elapsed <= 10.0**8
        assert entry.opened_at >= 0
        loaded = entry.load()
        assert loaded is None or isinstance(loaded, engine.Game)
