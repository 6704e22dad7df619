"""Whole games played from the keyboard, as (keys, what the status line says) steps: the model's
keyboard tests run them in CPython, the browser's on the page."""

from __future__ import annotations

# The keyboard sequences the browser tests play too: (keys, what the status line says).
KLONDIKE_CODE = "KL1-D1N-AAAAAAG"


KLONDIKE_KEYS = [
    (("d",), "Drew Queen of hearts."),
    (("1", "f"), "Ace of diamonds to the diamonds foundation. Column 1 is empty. Score 10."),
    (("7", "f"), "Ace of hearts to the hearts foundation. 4 of diamonds turned up. Score 25."),
    (("6", "Enter"), "Picked up 3 of spades. Choose a pile and press Enter. It fits on column 7."),
    (("ArrowRight", "Enter"), "3 of spades onto 4 of diamonds. King of clubs turned up. Score 30."),
    (
        ("ArrowUp", "ArrowUp", "Home", "ArrowRight", "Enter"),
        "Picked up Queen of hearts. Choose a pile and press Enter. It fits on column 6.",
    ),
    (("6", "Enter"), "Queen of hearts onto King of clubs. Score 35."),
    (
        ("ArrowUp", "Enter"),
        "Picked up King of clubs and 1 card. Choose a pile and press Enter. It fits on column 1.",
    ),
    (("1", "Enter"), "King of clubs and 1 card to empty column 1. 5 of hearts turned up. Score 40."),
    (("2", "Enter"), "Picked up Jack of clubs. Choose a pile and press Enter. It fits on column 1."),
    (
        ("3", "Enter"),
        "The Jack of clubs can't go on the King of diamonds: build down in alternating colours, one rank lower "
        "(a red 7 on a black 8). Still holding Jack of clubs.",
    ),
    (("Escape",), "Put down: nothing moved."),
    (("u",), "Undone: King of clubs and 1 card are back on column 6. Score 35."),
    (("ArrowUp", "ArrowUp", "Home", "Enter"), "Drew Jack of hearts."),
    (("u",), "Undone: Jack of hearts is back in the stock."),
]


SPIDERETTE_CODE = "SD1-S2-AAAAABC"


SPIDERETTE_KEYS = [
    (("2", "Enter"), "Picked up Ace of spades. Choose a pile and press Enter. It fits on column 3."),
    (("3", "Enter"), "Ace of spades onto 2 of spades. 5 of spades turned up. Score 499."),
    (
        ("3", "ArrowUp", "Enter"),
        "Picked up 2 of spades and 1 card. Choose a pile and press Enter. It fits on column 4.",
    ),
    (("4", "Enter"), "2 of spades and 1 card onto 3 of spades. 2 of spades turned up. Score 498."),
    (("6", "Enter"), "Picked up 6 of hearts. Choose a pile and press Enter. It fits on column 5."),
    (("5", "Enter"), "6 of hearts onto 7 of hearts. Jack of hearts turned up. Score 497."),
    (("1", "Enter"), "Picked up Queen of spades. Choose a pile and press Enter. No pile takes it now."),
    (("7", "Enter"), "A card goes onto a card one rank higher. Still holding Queen of spades."),
    (("Escape",), "Put down: nothing moved."),
    (
        ("d",),
        "Dealt a row of 7: 9 of hearts, 4 of spades, 10 of hearts, 9 of hearts, King of spades, 5 of spades, "
        "6 of spades. 3 deals left. Score 496.",
    ),
    (("4", "ArrowUp", "ArrowUp", "Enter"), "Only a run of one suit moves as a group."),
    (("u",), "Undone: the deal is back in the stock. Score 497."),
    (("1", "ArrowUp", "Enter"), "Dealt a row of 7: 9 of hearts, 4 of spades, 10 of hearts, 9 of hearts, "
     "King of spades, 5 of spades, 6 of spades. 3 deals left. Score 496."),
    (("u",), "Undone: the deal is back in the stock. Score 497."),
]  # fmt: skip


SPIDER_CODE = "SP1-S4-AAAAAAB"


SPIDER_KEYS = [
    (("0", "Enter"), "Picked up 3 of clubs. Choose a pile and press Enter. It fits on column 4."),
    (("4", "Enter"), "3 of clubs onto 4 of clubs. 6 of hearts turned up. Score 499."),
    (
        ("4", "ArrowUp", "Enter"),
        "Picked up 4 of clubs and 1 card. Choose a pile and press Enter. It fits on column 7 or column 8.",
    ),
    (("7", "Enter"), "4 of clubs and 1 card onto 5 of clubs. King of spades turned up. Score 498."),
    (("9", "Enter"), "Picked up 2 of hearts. Choose a pile and press Enter. It fits on column 7."),
    (("1", "Enter"), "A card goes onto a card one rank higher. Still holding 2 of hearts."),
    (("Escape",), "Put down: nothing moved."),
    (("ArrowUp", "Enter"), None),
    (("u",), "Undone: the deal is back in the stock. Score 498."),
    (("9", "Enter", "7", "Enter"), "2 of hearts onto 3 of clubs. Ace of clubs turned up. Score 497."),
    (("u",), "Undone: 2 of hearts is back on column 9. Score 498."),
]
