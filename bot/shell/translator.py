"""Command names, descriptions and choices translated from the catalogs (:mod:`bot.app.i18n`)."""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from typing import Any

import discord
from discord import app_commands
from discord.app_commands import locale_str

from bot.app.i18n import DEFAULT_LANGUAGE, catalog, language_of


def ls(text: str, key: str) -> app_commands.locale_str:
    """A command string with its catalog key, for :class:`CatalogTranslator`."""
    return app_commands.locale_str(text, key=key)


def labelled(
    field: str, labels: Mapping[str, str], keys: Iterable[str] | None = None
) -> list[app_commands.Choice[str]]:
    """One choice per key of ``labels`` (or of ``keys``, in their order): its English label, catalog key
    ``choice.<field>.<key>``, value the key."""
    chosen = labels if keys is None else keys
    return [app_commands.Choice(name=ls(labels[k], f"choice.{field}.{k}"), value=k) for k in chosen]


def command(
    name: str, description: str, *, key: str | None = None, described: str | None = None
) -> Callable[[Callable[..., Any]], app_commands.Command[Any, ..., Any]]:
    """A slash command named and described with their catalog keys: ``cmd.<key>.name`` and
    ``cmd.<described>.desc`` (both ``key`` and ``described`` default to ``name``'s key)."""
    key = key or name
    return app_commands.command(
        name=ls(name, f"cmd.{key}.name"), description=ls(description, f"cmd.{described or key}.desc")
    )


def opt(
    name: str, description: str, *, key: str | None = None, described: str | None = None
) -> tuple[locale_str, locale_str]:
    """A command option's name and description with their catalog keys: ``opt.<key>.name`` and
    ``opt.<described>.desc`` (both ``key`` and ``described`` default to ``name``'s key)."""
    key = key or name
    return ls(name, f"opt.{key}.name"), ls(description, f"opt.{described or key}.desc")


def options(**table: tuple[locale_str, locale_str]) -> Callable[[Callable[..., Any]], Callable[..., Any]]:
    """Name and describe a command's options from one table of :func:`opt`."""
    names = {param: name for param, (name, _) in table.items()}
    descriptions = {param: description for param, (_, description) in table.items()}

    def decorate(callback: Callable[..., Any]) -> Callable[..., Any]:
        return app_commands.rename(**names)(app_commands.describe(**descriptions)(callback))

    return decorate


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
