"""Reply texts in English and French, and the translator for command names and descriptions.

Catalogs are flat JSON files in ``bot/locales/`` (``en.json`` is complete; other languages may omit
keys, which then fall back to English). Texts use ``str.format`` fields: ``{name}``.
"""

from __future__ import annotations

import json
import string
from functools import cache
from pathlib import Path
from typing import Any, Final

import discord
from discord import app_commands

LOCALES_DIR: Final = Path(__file__).resolve().parent / "locales"
LANGUAGES: Final = ("en", "fr")
DEFAULT_LANGUAGE: Final = "en"


@cache
def catalog(lang: str) -> dict[str, str]:
    """The catalog of ``lang`` (read once)."""
    return dict(json.loads((LOCALES_DIR / f"{lang}.json").read_text(encoding="utf-8")))


def language_of(locale: discord.Locale | str | None) -> str:
    """Our language for a Discord locale: French for ``fr``, English otherwise."""
    value = locale.value if isinstance(locale, discord.Locale) else (locale or "")
    base = value.split("-")[0].lower()
    return base if base in LANGUAGES else DEFAULT_LANGUAGE


class _Lenient(dict[str, Any]):
    def __missing__(self, key: str) -> str:
        return "{" + key + "}"


def t(lang: str, key: str, /, **params: Any) -> str:
    """The text ``key`` in ``lang`` (falling back to English, then to the key itself), formatted."""
    text = catalog(lang).get(key) or catalog(DEFAULT_LANGUAGE).get(key) or key
    return string.Formatter().vformat(text, (), _Lenient(params))


def has(lang: str, key: str) -> bool:
    """True when ``key`` exists in ``lang``'s catalog or in English."""
    return key in catalog(lang) or key in catalog(DEFAULT_LANGUAGE)


def ls(text: str, key: str) -> app_commands.locale_str:
    """A command string with its catalog key, for :class:`CatalogTranslator`."""
    return app_commands.locale_str(text, key=key)


class CatalogTranslator(app_commands.Translator):
    """Translates command names, descriptions and choice names from the catalogs."""

    async def translate(
        self,
        string: app_commands.locale_str,
        locale: discord.Locale,
        context: app_commands.TranslationContextTypes,
    ) -> str | None:
        """The catalog text for ``string``'s key in ``locale``, or None to keep the default."""
        key = string.extras.get("key")
        lang = language_of(locale)
        if key is None or lang == DEFAULT_LANGUAGE:
            return None
        return catalog(lang).get(key)
