"""Node keys by minimal motion, with Spider's identical cards."""

from __future__ import annotations

from ui.model.card_keys import KeyAssigner


def test_unchanged_cards_keep_their_keys() -> None:
    keys = KeyAssigner()
    first = keys.assign([("t1", 0, "As"), ("t1", 1, "Kh"), ("t2", 0, "Qc")])
    assert keys.assign([("t1", 0, "As"), ("t1", 1, "Kh"), ("t2", 0, "Qc")]) == first
    assert keys.removed == []


def test_a_moved_card_keeps_its_node() -> None:
    keys = KeyAssigner()
    a, k, q = keys.assign([("t1", 0, "As"), ("t1", 1, "Kh"), ("t2", 0, "Qc")])
    after = keys.assign([("t1", 0, "As"), ("t1", 1, "Kh"), ("t1", 2, "Qc")])
    assert after == [a, k, q]


def test_identical_cards_move_the_least() -> None:
    # One suit: four 5s of spades. Moving the 5 on t3 to t1 must move t3's node,
    # not swap nodes with the 5s that stay where they are.
    keys = KeyAssigner()
    before = [("t1", 0, "6s"), ("t2", 0, "5s"), ("t3", 0, "9s"), ("t3", 1, "5s"), ("t4", 0, "5s")]
    k = keys.assign(before)
    after = [("t1", 0, "6s"), ("t1", 1, "5s"), ("t2", 0, "5s"), ("t3", 0, "9s"), ("t4", 0, "5s")]
    got = keys.assign(after)
    assert got == [k[0], k[3], k[1], k[2], k[4]]
    assert keys.removed == []


def test_a_run_flying_to_its_slot_keeps_its_nodes() -> None:
    keys = KeyAssigner()
    run = [f"{r}s" for r in "KQJT98765432A"]
    column = [("t4", i, card) for i, card in enumerate(run)]
    others = [("t1", 0, "As"), ("t2", 0, "Ks")]
    k = keys.assign(others + column)
    slot = [("r1", i, card) for i, card in enumerate(reversed(run))]
    got = keys.assign(others + slot)
    assert got[:2] == k[:2]
    assert sorted(got[2:]) == sorted(k[2:])
    # Each run card is matched to the node of the same card.
    by_card = {card: key for (_pid, _index, card), key in zip(column, k[2:], strict=True)}
    for (_pid, _index, card), key in zip(slot, got[2:], strict=True):
        assert by_card[card] == key


def test_new_cards_get_fresh_keys_and_gone_ones_are_reported() -> None:
    keys = KeyAssigner()
    k = keys.assign([("t1", 0, "As"), ("t2", 0, "Kh")])
    got = keys.assign([("t1", 0, "As"), ("t2", 0, "Qd")])
    assert got[0] == k[0]
    assert got[1] not in k
    assert keys.removed == [k[1]]


def test_reset_gives_a_new_deal_fresh_nodes() -> None:
    keys = KeyAssigner()
    k = keys.assign([("t1", 0, "As"), ("t2", 0, "Kh")])
    keys.reset()
    got = keys.assign([("t1", 0, "As")])
    assert got[0] not in k
    assert sorted(keys.removed) == sorted(k), "the old deal's nodes are all reported gone"
    assert keys.assign([("t1", 0, "As")]) == got
    assert keys.removed == []
