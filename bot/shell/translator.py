"""Command names, descriptions and choices translated from the catalogs (:mod:`bot.app.i18n`)."""

from __future__ import annotations

import discord
from discord import app_commands

from bot.app.i18n import DEFAULT_LANGUAGE, catalog, language_of


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
