"""What counts as an English word left in a translated text: deal codes, notation, card
letters and key names do not."""

from __future__ import annotations

import re

# Deal codes, their parts, notation, single letters (card ranks J Q K A, keys D F U H) and
# the names printed on keys are not words to translate.
NOT_WORDS = re.compile(
    r"[A-Z]{2}\d-[A-Z0-9]{1,3}-[A-Z]{7}|\b[A-Z]{1,2}\d?\b|\bt\d+(?::\d+)?>[a-z]\d*|\bw>f\b|\bs\b|\$"
    r"|\b(?:Ctrl|Enter|Escape|Tab|Shift|Home|End|Space|JSON)\b|[\w-]+\.json"
)


LATIN_WORD = re.compile(r"[A-Za-z]{2,}")


def english_words(text: str) -> list[str]:
    return LATIN_WORD.findall(NOT_WORDS.sub(" ", text))
