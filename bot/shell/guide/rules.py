"""The rules in short (``/game rules``) and Ursuppe's genes (``/game genes``): ephemeral texts from the catalogs."""

from __future__ import annotations

from typing import Any

import discord

from bot.app.i18n import language_of, t
from bot.app.matches import MatchService
from bot.shell.parameters import parse_variant
from games import GAMES, find_game
from games.ursuppe.genes import BY_ID, GENES, effect, name


async def show_rules(service: MatchService, interaction: discord.Interaction, variant: str | None) -> None:
    """A rule set explained in our own words: ``variant`` (``game`` or ``game:rules``), else this channel's."""
    lang = language_of(interaction.locale)
    if variant is not None:
        game_id, options = parse_variant(variant)
    else:
        match = await service.current(interaction.channel_id or 0)
        if match is None:
            game_id, options = GAMES[0].id, GAMES[0].option_defaults()
        else:
            game_id, options = match.game.id, dict(match.options)
    info = find_game(game_id)
    rules = options.get("rules") or info.option_defaults().get("rules", "")
    key = f"rules.{info.id}.{rules}" if rules else f"rules.{info.id}"
    embed = discord.Embed(
        title=t(lang, f"{key}.title"), description=t(lang, f"{key}.text")[:4096], colour=discord.Colour.gold()
    )
    await interaction.response.send_message(embed=embed, ephemeral=True)


async def show_genes(interaction: discord.Interaction) -> None:
    """Every Ursuppe gene with its price, mutation points and effect, in the reader's language."""
    lang = language_of(interaction.locale)
    lines = []
    for gene in GENES:
        needs = ""
        if gene.superior:
            needs = " " + t(
                lang, "genes.requires", genes=" / ".join(name(g, lang) for g in _genes_named(gene.requires))
            )
        lines.append(
            t(lang, "genes.line", name=name(gene, lang), price=gene.price, mp=gene.mp, effect=effect(gene, lang))
            + needs
        )
    embed = discord.Embed(
        title=t(lang, "genes.title"), description="\n".join(lines)[:4096], colour=discord.Colour.green()
    )
    embed.set_footer(text=t(lang, "genes.footer"))
    await interaction.response.send_message(embed=embed, ephemeral=True)


def _genes_named(ids: tuple[str, ...]) -> list[Any]:
    return [BY_ID[i] for i in ids]
