"""One example position and move for each reason the engine gives for a refused move:
the engine's tests check each reason by its example, the model's tests word each one."""

from __future__ import annotations

from collections.abc import Callable

import engine
from engine import Game, Move
from engine.moves import STOCK_TAP
from engine.spider import Spiderette
from tests.engine.players import position


def _kl(piles: dict[str, str], code: str = "KL1-D1N-AAAAAAA") -> Callable[[], Game]:
    return lambda: position(piles, code)


def _sd(piles: dict[str, str], code: str = "SD1-S4-AAAAAAA") -> Callable[[], Game]:
    return lambda: Spiderette.from_piles(code, piles)


KL_START = "KL1-D1N-AAAAAAG"  # face up: Ad Jc Kd Tc 9d 3s Ah


MOVE_EXAMPLES: list[tuple[str, Callable[[], Game], Move | str, dict[str, str | int]]] = [
    ("notation", lambda: engine.new_game(KL_START), "zz", {"text": "zz"}),
    ("no_such_pile", lambda: engine.new_game(KL_START), "t9>t1", {"pile": "t9"}),
    ("no_cards", lambda: engine.new_game(KL_START), Move("t1", "t2", 0), {}),
    ("group_from_column_only", lambda: engine.new_game(KL_START), "w:2>t1", {}),
    ("same_pile", _kl({"t1": "Ks"}), "t1>t1", {}),
    ("empty_pile", _kl({"t1": "Ks"}), "t2>t1", {"pile": "t2"}),
    ("face_down", lambda: engine.new_game(KL_START), "t3:2>t5", {"pile": "t3", "up": 1}),
    ("stock_tap_only", lambda: engine.new_game(KL_START), Move("s", "t1"), {}),
    ("not_to_stock", _kl({"t1": "Ks"}), Move("t1", "s"), {}),
    ("stock_empty", _kl({"t1": "Ks"}), STOCK_TAP, {}),
    ("not_to_waste", _kl({"t1": "Ks"}), "t1>w", {}),
    ("waste_top_only", _kl({"w": "Ks Qh"}), Move("w", "t1", 2), {}),
    ("foundation_top_only", _kl({"f1": "As 2s"}), Move("f1", "t1", 2), {}),
    ("foundation_one_card", _kl({"t1": "2s As"}), "t1:2>f", {}),
    ("foundation_ace_first", _kl({"t1": "2s"}), "t1>f", {"card": "2s"}),
    ("foundation_sequence", _kl({"t1": "3h", "f2": "Ah"}), "t1>f", {"card": "3h", "needed": "2h"}),
    ("already_on_foundation", _kl({"f1": "As"}), "f1>f", {"card": "As"}),
    ("empty_needs_king", _kl({"t1": "Qs"}), "t1>t2", {"card": "Qs"}),
    ("build_alternating", _kl({"t1": "8s", "t2": "7c"}), "t2>t1", {"card": "7c", "top": "8s"}),
    ("classic_no_takeback", _kl({"f1": "As"}, "KL1-D1C-AAAAAAA"), "f1>t1", {}),
    ("vegas_one_pass", _kl({"w": "Ks"}, "KL1-D1V-AAAAAAA"), STOCK_TAP, {}),
    ("classic_one_pass", _kl({"w": "Ks"}, "KL1-D1C-AAAAAAA"), STOCK_TAP, {}),
    ("no_foundations", _sd({"t1": "Ks"}), "t1>f", {"pile": "f"}),
    ("group_one_suit", _sd({"t1": "9h 8s"}), "t1:2>t2", {}),
    ("nothing_on_ace", _sd({"t1": "As", "t2": "2s"}), "t2>t1", {"card": "2s", "top": "As"}),
    ("king_needs_empty", _sd({"t1": "Ks", "t2": "Kh"}), "t2>t1", {"card": "Kh", "top": "Ks"}),
    ("build_down", _sd({"t1": "9s", "t2": "7h"}), "t2>t1", {"card": "7h", "top": "9s"}),
    ("fill_before_deal", _sd({"t1": "Ks", "s": "#2s"}), STOCK_TAP, {"pile": "t2"}),
]


def _classic_three_passes() -> Game:
    g = position({"w": "Ks"}, "KL1-D3C-AAAAAAA")
    g._recycles = 2
    return g


MOVE_EXAMPLES.append(("classic_three_passes", _classic_three_passes, STOCK_TAP, {}))
