"""JSON from outside is read within limits: nothing it holds can crash Python."""

from __future__ import annotations

import contextlib

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from engine.safejson import JSONLimitError, loads, nesting_depth


@pytest.mark.parametrize("text", ["[" * 100_000, "{" * 100_000, '{"a":' * 50_000, "[" * 5 + "]" * 5])
def test_deep_nesting_is_refused_before_parsing(text: str) -> None:
    with pytest.raises(JSONLimitError, match="nested"):
        loads(text, max_chars=10**6, max_depth=4)


@pytest.mark.parametrize("text", ["1e999", "-1e999", "[1E400]", "NaN", "Infinity", "-Infinity", "1" * 400])
def test_numbers_that_are_not_finite_or_are_huge_are_refused(text: str) -> None:
    with pytest.raises(JSONLimitError):
        loads(text, max_chars=1000, max_depth=2)


def test_long_text_is_refused_by_its_length() -> None:
    with pytest.raises(JSONLimitError, match="too large"):
        loads('"' + "a" * 1000 + '"', max_chars=1000, max_depth=2)


def test_brackets_inside_text_are_not_nesting() -> None:
    assert nesting_depth('["[[[[", "\\"]]]{{{"]') == 1
    assert loads('{"a": "[[[[[[", "b": [1.5, -2, true, null]}', max_chars=100, max_depth=2) == {
        "a": "[[[[[[",
        "b": [1.5, -2, True, None],
    }


@settings(deadline=10_000)  # a guard against hanging, not a timing
@given(st.one_of(st.text(max_size=300), st.text(alphabet='[]{}",:\\0123456789eE.-+ truefalsn', max_size=2000)))
def test_any_text_parses_or_raises_the_documented_error(text: str) -> None:
    with contextlib.suppress(JSONLimitError):
        loads(text, max_chars=1500, max_depth=3)
