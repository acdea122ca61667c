"""Reply texts in English and French (the catalogs; the shell's translator turns them into command names).

Catalogs are flat JSON files in ``bot/app/locales/``: ``<lang>.json`` and the files of ``<lang>/``
(one per area, e.g. ``en/ur.json``), read together; a key defined twice is an error. English is complete;
other languages may omit keys, which then fall back to English. Texts use ``str.format`` fields:
``{name}``.
"""

from __future__ import annotations

import json
import re
import string
from functools import cache
from pathlib import Path
from typing import Any, Final

LOCALES_DIR: Final = Path(__file__).resolve().parent / "locales"
LANGUAGES: Final = ("en", "fr")
DEFAULT_LANGUAGE: Final = "en"


@cache
def catalog(lang: str) -> dict[str, str]:
    """The catalog of ``lang`` (read once): its main file and its area files.

    Raises:
        ValueError: a key is defined in two files.
    """
    files = [LOCALES_DIR / f"{lang}.json", *sorted((LOCALES_DIR / lang).glob("*.json"))]
    merged: dict[str, str] = {}
    for path in files:
        if not path.exists():
            continue
        part = json.loads(path.read_text(encoding="utf-8"))
        twice = sorted(set(part) & set(merged))
        if twice:
            raise ValueError(f"{path.name} defines again: {', '.join(twice[:5])}")
        merged.update(part)
    return merged


def language_of(locale: object) -> str:
    """Our language for a Discord locale (a ``discord.Locale`` or its value): French for ``fr``, English
    otherwise."""
    value = str(getattr(locale, "value", locale) or "")
    base = value.split("-")[0].lower()
    return base if base in LANGUAGES else DEFAULT_LANGUAGE


ELIDING: Final = frozenset("aeiouyhàâäéèêëîïôöùûüÿœæ")
"""First letters before which French writes ``d'`` for ``de``: vowels, and ``h`` taken as mute (names)."""
_MARKUP: Final = "\\*_~`|[(<"
"""Markdown and escapes a name may open with, skipped to find its first letter."""


def de(name: str, wrap: str = "") -> str:
    """French ``de`` before ``name``: ``d'alice``, ``d'Ultima-Tek``, ``de Bob`` (elided before a vowel or a mute
    h); ``wrap`` (``**``) goes around the name only: ``d'**alice**``."""
    first = name.lstrip(_MARKUP)[:1].lower()
    article = "d'" if first in ELIDING else "de "
    return f"{article}{wrap}{name}{wrap}"


class _Formatter(string.Formatter):
    """``str.format`` plus plurals: ``{count:p:cube|cubes}`` gives the singular or plural word for the
    value of ``count`` by the rule of the language (the number itself is written apart: ``{count}``); and
    French elision: ``{name:de}`` writes ``de Bob`` or ``d'alice``, ``{name:de:**}`` ``d'**alice**``."""

    def __init__(self, lang: str) -> None:
        super().__init__()
        self.lang = lang

    def format_field(self, value: Any, format_spec: str) -> Any:
        """The plural word for a ``p:`` spec, else the usual formatting."""
        if format_spec.startswith("p:"):
            forms = format_spec[2:].split("|")
            try:
                number = float(value)
            except (TypeError, ValueError):
                return forms[-1]
            return forms[0] if plural_form(self.lang, number) == "one" else forms[-1]
        if format_spec == "de" or format_spec.startswith("de:"):
            return de(str(value), format_spec[3:])
        return super().format_field(value, format_spec)


class _Lenient(dict[str, Any]):
    def __missing__(self, key: str) -> str:
        return "{" + key + "}"


FRENCH_SPACE: Final = re.compile(r" (?=[:;!?»])|(?<=«) ")
"""An ordinary space French writes before ``: ; ! ?`` and ``»`` and after ``«``: a phone may break the line there
and start the next one with a lone colon (the phone tours of issue 39)."""
NO_BREAK_SPACE: Final = "\u00a0"


@cache
def french_spacing(text: str) -> str:
    """``text`` with a no-break space where French puts a space before high punctuation or inside guillemets,
    so that the punctuation stays on the line of the word it follows."""
    return FRENCH_SPACE.sub(NO_BREAK_SPACE, text)


def t(lang: str, key: str, /, **params: Any) -> str:
    """The text ``key`` in ``lang`` (falling back to English, then to the key itself), formatted; French keeps
    its high punctuation on the line of the word before it (:func:`french_spacing`)."""
    text = catalog(lang).get(key) or catalog(DEFAULT_LANGUAGE).get(key) or key
    if lang == "fr":
        text = french_spacing(text)
    return _Formatter(lang).vformat(text, (), _Lenient(params))


def plural_form(lang: str, count: float) -> str:
    """``one`` or ``other``: English says "1 cube, 0 cubes, 1.5 points", French "1 cube, 0 cube, 1,5 point"
    (below 2 is singular)."""
    if lang == "fr":
        return "one" if abs(count) < 2 else "other"
    return "one" if abs(count) == 1 else "other"


def tn(lang: str, key: str, count: int, /, **params: Any) -> str:
    """The text ``key`` for ``count`` things: ``key.one`` or ``key.other`` by the language's plural rule
    (falling back to ``key``), formatted with ``count`` and ``params``."""
    specific = f"{key}.{plural_form(lang, count)}"
    return t(lang, specific if has(lang, specific) else key, count=count, **params)


def has(lang: str, key: str) -> bool:
    """True when ``key`` exists in ``lang``'s catalog or in English."""
    return key in catalog(lang) or key in catalog(DEFAULT_LANGUAGE)
