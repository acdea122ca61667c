"""ALT"""

from __future__ import annotations

from typing import Final

ALT_COLOURS: Final = {"en": ("orange", "blue"), "fr": ("orange", "bleus")}
"""Colour words as the alt text uses them (in French they agree with « pions »)."""
MARKS: Final = ("ring", "diamond")
"""The marking inlaid in each seat's pieces, so the seats differ in shape as well as colour."""
ALT_MAX: Final = 1000
ALT_NAME_MAX: Final = 40


def alt_names(names: tuple[str, str]) -> tuple[str, str]:
    """The names as the alt text gives them: cut to ``ALT_NAME_MAX`` characters."""
    a, b = (n if len(n) <= ALT_NAME_MAX else n[: ALT_NAME_MAX - 1] + "…" for n in names)
    return a, b


def alt_fit(text: str) -> str:
    return text if len(text) <= ALT_MAX else text[: ALT_MAX - 1] + "…"
