"""Deal codes, the SplitMix64 shuffle and the deal (DESIGN.md section 4)."""

from __future__ import annotations

import random
from collections import Counter

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import engine
from engine.codes import (
    MAX_SEED,
    CodeError,
    DealCode,
    SplitMix64,
    deal,
    format_code,
    make_deck,
    parse_code,
    random_code,
    seed_letters,
    shuffle,
)
from engine.klondike import Klondike


def faces(layout: engine.codes.Deal) -> str:
    return " ".join(str(column[-1]) for column in layout.columns)


# ------------------------------------------------------------------ golden


def test_golden_klondike_deal() -> None:
    g = engine.new_game("KL1-D1N-AAAAAAG")
    assert " ".join(str(g.top(f"t{i}")) for i in range(1, 8)) == "Ad Jc Kd Tc 9d 3s Ah"
    drawn = []
    for _ in range(5):
        g.play("s")
        drawn.append(str(g.top("w")))
    assert drawn == ["Qh", "Jh", "As", "Qc", "2s"]


def test_golden_shared_shuffle_and_deal_spiderette_four_suits() -> None:
    code = parse_code("SD1-S4-AAAAAAH")
    assert code.seed == 7
    layout = deal(code)
    assert faces(layout) == "4h 6h Jc 7c 3s 8h As"
    assert [len(c) for c in layout.columns] == [1, 2, 3, 4, 5, 6, 7]
    assert len(layout.stock) == 24


def test_splitmix64_reference_outputs() -> None:
    # Published first outputs of SplitMix64 seeded with 0 and with 1234567.
    rng = SplitMix64(0)
    assert [rng.next() for _ in range(3)] == [0xE220A8397B1DCDAF, 0x6E789E6AA1B965F4, 0x06C45D188009454F]
    rng = SplitMix64(1234567)
    assert [rng.next() for _ in range(2)] == [6457827717110365317, 3203168211198807973]


class _Scripted(SplitMix64):
    def __init__(self, outputs: list[int]) -> None:
        super().__init__(0)
        self.outputs = outputs

    def next(self) -> int:
        return self.outputs.pop(0)


def test_below_rejects_the_biased_tail() -> None:
    # 2**64 mod 3 == 1, so exactly one value (2**64 - 1) is rejected for n = 3.
    assert _Scripted([2**64 - 1, 5]).below(3) == 2
    assert _Scripted([2**64 - 2]).below(3) == (2**64 - 2) % 3
    # For n = 10 the tail is the last 2**64 mod 10 = 6 values.
    assert _Scripted([2**64 - 6, 2**64 - 7]).below(10) == (2**64 - 7) % 10
    with pytest.raises(ValueError, match="positive"):
        SplitMix64(1).below(0)


def test_shuffle_is_fisher_yates_from_the_end() -> None:
    items = list(range(52))
    rng = SplitMix64(42)
    expected = list(items)
    for i in range(len(expected) - 1, 0, -1):
        j = rng.below(i + 1)
        expected[i], expected[j] = expected[j], expected[i]
    assert shuffle(items, 42) == expected
    assert shuffle(items, SplitMix64(42)) == expected
    assert items == list(range(52))  # the input is left alone


def test_deal_goes_row_by_row_from_index_zero() -> None:
    code = parse_code("KL1-D3V-AAAAAAG")
    cards = shuffle(make_deck("KL"), code.seed)
    layout = deal(code)
    index = 0
    for row in range(7):
        for col in range(row, 7):
            placed = layout.columns[col][row]
            assert (placed.rank, placed.suit) == (cards[index].rank, cards[index].suit)
            assert placed.face_up == (row == col)
            index += 1
    # The stock is listed bottom to top: its last card is the first drawn.
    assert [(c.rank, c.suit) for c in reversed(layout.stock)] == [(c.rank, c.suit) for c in cards[28:]]
    assert not any(c.face_up for c in layout.stock)


def test_same_seed_other_options_same_deal() -> None:
    layouts = {repr(deal(parse_code(f"KL1-{o}-AAAAAAG"))) for o in ("D1N", "D3N", "D1V", "D3V", "D1C", "D3C")}
    assert len(layouts) == 1


def test_decks() -> None:
    assert [str(c) for c in make_deck("KL")[:14]] == [f"{r}s" for r in "A23456789TJQK"] + ["Ah"]
    assert Counter(c.suit for c in make_deck("SD", 1)) == {"s": 52}
    assert Counter(c.suit for c in make_deck("SD", 2)) == {"s": 26, "h": 26}
    assert [c.suit for c in make_deck("SD", 2)[::13]] == ["s", "s", "h", "h"]
    assert Counter(c.suit for c in make_deck("SP", 4)) == {"s": 26, "h": 26, "d": 26, "c": 26}
    assert len(make_deck("SP", 1)) == 104
    assert not any(c.face_up for c in make_deck("KL"))


def test_spider_deal_shape() -> None:
    layout = deal(parse_code("SP1-S4-AAAAAAH"))
    assert [len(c) for c in layout.columns] == [6, 6, 6, 6, 5, 5, 5, 5, 5, 5]
    assert len(layout.stock) == 50
    for column in layout.columns:
        assert column[-1].face_up
        assert not any(c.face_up for c in column[:-1])
    cards = shuffle(make_deck("SP", 4), 7)
    # Row by row: the first ten cards are the bottom card of each column.
    assert [(c.rank, c.suit) for c in cards[:10]] == [(col[0].rank, col[0].suit) for col in layout.columns]
    assert [(c.rank, c.suit) for c in cards[50:54]] == [(col[5].rank, col[5].suit) for col in layout.columns[:4]]


# ----------------------------------------------------------------- parsing


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("KL1-D1N-AAAAAAG", DealCode("KL", 1, "N", 4, 6)),
        ("kl1-d3v-aaaaaba", DealCode("KL", 3, "V", 4, 26)),
        ("Kl1-D1c-ZZZZZZZ", DealCode("KL", 1, "C", 4, MAX_SEED)),
        ("  KL1-D3C-BAAAAAA ", DealCode("KL", 3, "C", 4, 26**6)),
        ("SD1-S4-AAAAAAH", DealCode("SD", suits=4, seed=7)),
        ("sd1-s1-aaaaabd", DealCode("SD", suits=1, seed=29)),
        ("SP1-S2-AAAAAAA", DealCode("SP", suits=2, seed=0)),
    ],
)
def test_parse_code(text: str, expected: DealCode) -> None:
    code = parse_code(text)
    assert code == expected
    assert format_code(code) == text.strip().upper()
    assert str(code) == text.strip().upper()


@pytest.mark.parametrize(
    ("text", "words"),
    [
        ("", "Bad deal code"),
        ("KL1-D1N", "Bad deal code"),
        ("KL1-D1N-AAAAAA", "7 letters"),
        ("KL1-D1N-AAAAAAAA", "7 letters"),
        ("KL1-D1N-AAAAAA1", "Bad deal code"),
        ("KL2-D1N-AAAAAAG", "format version 2"),
        ("XX1-D1N-AAAAAAG", "Unknown game"),
        ("KL1-D2N-AAAAAAG", "Klondike expects"),
        ("KL1-D1X-AAAAAAG", "Klondike expects"),
        ("KL1-S4-AAAAAAG", "Klondike expects"),
        ("SD1-S3-AAAAAAG", "expects S1, S2 or S4"),
        ("SP1-D1N-AAAAAAG", "expects S1, S2 or S4"),
        ("KL1_D1N_AAAAAAG", "Bad deal code"),
    ],
)
def test_bad_codes(text: str, words: str) -> None:
    with pytest.raises(CodeError, match=words) as info:
        parse_code(text)
    assert isinstance(info.value, ValueError)
    with pytest.raises(CodeError):
        engine.new_game(text)


def test_code_error_for_non_text() -> None:
    with pytest.raises(CodeError):
        parse_code(None)  # type: ignore[arg-type]


def test_deal_code_values_are_checked() -> None:
    with pytest.raises(CodeError):
        DealCode("KL", 2)
    with pytest.raises(CodeError):
        DealCode("KL", suits=2)
    with pytest.raises(CodeError):
        DealCode("SD", suits=3)
    with pytest.raises(CodeError):
        DealCode("SD", draw=3)
    with pytest.raises(CodeError):
        DealCode(seed=MAX_SEED + 1)
    with pytest.raises(CodeError):
        DealCode(seed=-1)


def test_seed_letters() -> None:
    assert seed_letters(0) == "AAAAAAA"
    assert seed_letters(6) == "AAAAAAG"
    assert seed_letters(29) == "AAAAABD"
    assert seed_letters(MAX_SEED) == "ZZZZZZZ"


def test_random_code() -> None:
    rng = random.Random(5)
    codes = {random_code(rng=rng) for _ in range(20)}
    assert len(codes) == 20
    for code in codes:
        assert code.startswith("KL1-D1N-")
        assert format_code(parse_code(code)) == code
    assert random_code("KL", 3, "v").startswith("KL1-D3V-")
    assert random_code("KL", 1, "C").startswith("KL1-D1C-")
    assert random_code("sd", suits=2).startswith("SD1-S2-")
    assert random_code("SP", suits=1).startswith("SP1-S1-")
    assert random_code("KL", rng=random.Random(9)) == random_code("KL", rng=random.Random(9))
    with pytest.raises(CodeError):
        random_code("XX")
    with pytest.raises(CodeError):
        random_code("KL", draw=2)


def test_new_game_dispatches_on_the_prefix() -> None:
    g = engine.new_game("kl1-d3v-aaaaaag")
    assert isinstance(g, Klondike)
    assert g.code == "KL1-D3V-AAAAAAG"
    assert g.settings == DealCode("KL", 3, "V", 4, 6)
    with pytest.raises(CodeError, match="not a Klondike deal code"):
        Klondike("SD1-S4-AAAAAAH")


def test_a_game_without_an_engine_is_a_clear_code_error(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(engine.game, "_GAMES", {"KL": Klondike})
    for code, game in (("SD1-S4-AAAAAAH", "SD"), ("SP1-S1-AAAAAAA", "SP")):
        with pytest.raises(CodeError, match=f"^Unknown game '{game}': expected one of KL\\.$") as raised:
            engine.new_game(code)
        assert raised.value.reason == "unknown_game"
        with pytest.raises(CodeError, match="Unknown game"):
            engine.replay(code + " s")


def test_every_klondike_deal_has_the_right_shape() -> None:
    for seed in range(0, MAX_SEED, MAX_SEED // 40):
        g = engine.new_game(format_code(DealCode(seed=seed)))
        cards = [c for pid in g.pile_ids for c in g.pile(pid)]
        assert sorted((c.suit, c.rank) for c in cards) == sorted((c.suit, c.rank) for c in make_deck("KL"))
        assert sum(c.face_up for c in cards) == 7
        assert len(g.pile("s")) == 24
        assert not g.pile("w")


def test_new_game_needs_a_code() -> None:
    for junk in (None, 7, b"KL1-D1N-AAAAAAG"):
        with pytest.raises(CodeError, match="must be text"):
            engine.new_game(junk)  # type: ignore[arg-type]
    with pytest.raises(CodeError, match="must be text"):
        Klondike(None)  # type: ignore[arg-type]
    assert engine.new_game(DealCode(seed=6)).code == "KL1-D1N-AAAAAAG"


# ------------------------------------------------------- text from outside


@pytest.mark.parametrize(
    "text",
    [
        "KL" + "1" * 5000 + "-D1N-AAAAAAG",  # past Python's digit limit for int()
        "KL" + "0" * 4000 + "1-D1N-AAAAAAG",
        "KL\u0661-D1N-AAAAAAG",  # an Arabic-Indic digit one
        "KL1-D\u0661N-AAAAAAG",
        "KL1-D1N-AAAAAA\u0131",  # the dotless i, which upper() turns into I
        "\u017fD1-S4-AAAAAAH",  # the long s, which upper() turns into S
        "KL1-D1N-" + "A" * 10_000,
        "",
        "KL1--",
    ],
)
def test_every_bad_shape_of_code_raises_code_error(text: str) -> None:
    with pytest.raises(CodeError):
        parse_code(text)


@settings(deadline=10_000)  # a guard against hanging, not a timing
@given(
    st.one_of(
        st.text(max_size=60),
        st.from_regex(
            r"[A-Za-z]{2}[0-9\u0660-\u0669]{1,30}-[A-Za-z0-9]{0,5}-[A-Za-z\u0131\u017f]{0,9}", fullmatch=True
        ),
    )
)
def test_any_text_is_a_code_or_a_code_error(text: str) -> None:
    try:
        code = parse_code(text)
    except CodeError:
        return
    assert parse_code(format_code(code)) == code
    assert text.strip().isascii()
