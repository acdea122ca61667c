"""The standings as posted: an embed, a PNG table and a CSV file for the association's records."""

from __future__ import annotations

import asyncio
import io
import re
from collections.abc import Mapping
from typing import Any

import discord

from bot.app.events import Event, EventFormat, Standings
from bot.app.i18n import t
from bot.app.member_text import inert
from bot.app.tournaments.standings import to_csv
from bot.shell.events.desk import EventDesk, as_text
from bot.shell.events.text import game_label, number
from render.standings import StandingsTable, describe_standings, render_standings

STANDINGS_LISTED = 20
"""Lines of standings in an embed; the image and the CSV file hold every player."""


class StandingsPosts:
    """Build and post an event's standings."""

    def __init__(self, desk: EventDesk) -> None:
        self.desk = desk

    async def standings_payload(
        self, event: Event, standings: Standings, lang: str, *, final: bool, round: int | None = None
    ) -> dict[str, Any]:
        """Embed, PNG table and CSV file of the standings."""
        names = await self.desk.names(event)
        shown = round if round is not None else max(event.closed_round, 0)

        def heading(name: str) -> str:
            if final:
                return t(lang, "event.standings.final", event=name)
            if event.round_in_progress and round is None:
                return t(lang, "event.standings.live", event=name, round=event.current_round, rounds=event.rounds)
            return t(lang, "event.standings.after", event=name, round=shown, rounds=event.rounds)

        # The image (and the CSV) show the names as typed; the embed, which renders markdown, shows them inertly.
        title = heading(inert(event.name))
        table = standings_table(event, standings, names, lang, heading(event.name))
        png = await asyncio.to_thread(render_standings, table)
        csv_text = to_csv(standings.rows, names)
        slug = re.sub(r"[^a-z0-9]+", "-", event.name.lower()).strip("-")[:40] or "event"
        stem = f"{slug}-{event.id}-{'final' if final else f'round-{shown}'}"
        embed = discord.Embed(title=title[:256], colour=discord.Colour.gold())
        embed.description = "\n".join(standings_lines(event, standings, as_text(names), lang))[:4096] or "—"
        if final and standings.rows and standings.rows[0].played:
            winners = [r for r in standings.rows if r.rank == 1]
            embed.add_field(
                name=t(lang, "event.standings.winner"),
                value=", ".join(as_text(names).get(r.player, "—") for r in winners),
                inline=False,
            )
        embed.set_image(url="attachment://standings.png")
        embed.set_footer(text=t(lang, "event.standings.footer", game=game_label(event, lang), id=event.id))
        files = [
            discord.File(io.BytesIO(png), filename="standings.png", description=describe_standings(table)),
            discord.File(io.BytesIO(csv_text.encode("utf-8")), filename=f"{stem}.csv"),
        ]
        return {"embed": embed, "files": files, "allowed_mentions": discord.AllowedMentions.none()}

    async def post_standings(self, event: Event, lang: str, *, final: bool, round: int | None = None) -> None:
        """Post the standings in the event's channel."""
        standings = await self.desk.events.standings(event.id)
        payload = await self.standings_payload(standings.event, standings, lang, final=final, round=round)
        channel = await self.desk.games.open_channel(event.channel_id)
        await channel.send(**payload)


def standings_table(
    event: Event, standings: Standings, names: Mapping[int, str], lang: str, title: str
) -> StandingsTable:
    """The image's table: rank, player, points, the tie-breaks, and the record."""
    tiebreaks = [t(lang, f"event.col.{name}") for name in standings.tiebreaks]
    if event.format is EventFormat.TABLES:
        headers = (
            "#",
            t(lang, "event.col.player"),
            t(lang, "event.col.points"),
            *tiebreaks,
            t(lang, "event.col.played"),
            t(lang, "event.col.firsts"),
        )
    else:
        headers = (
            "#",
            t(lang, "event.col.player"),
            t(lang, "event.col.points"),
            *tiebreaks,
            t(lang, "event.col.record"),
            t(lang, "event.col.byes"),
        )
    rows = []
    for row in standings.rows:
        values = [number(v, lang) for _, v in row.tiebreaks]
        if event.format is EventFormat.TABLES:
            tail = (str(row.played), str(row.wins + row.draws))
        else:
            tail = (f"{row.wins}-{row.draws}-{row.losses}", str(row.byes))
        rows.append((str(row.rank), names.get(row.player, str(row.player)), number(row.points, lang), *values, *tail))
    subtitle = " · ".join(
        [
            game_label(event, lang),
            t(lang, f"event.format.{event.format.value}"),
            t(lang, "event.standings.players", count=len(event.players)),
        ]
    )
    withdrawn = any(r.withdrawn for r in standings.rows)
    return StandingsTable(
        title=title,
        subtitle=subtitle,
        headers=headers,
        rows=tuple(rows),
        dimmed=tuple(r.withdrawn for r in standings.rows),
        footer=t(lang, "event.standings.withdrawn_note") if withdrawn else "",
    )


def standings_lines(event: Event, standings: Standings, names: Mapping[int, str], lang: str) -> list[str]:
    """The embed's lines: rank, name, points and tie-breaks, for the first :data:`STANDINGS_LISTED`."""
    lines = []
    for row in standings.rows[:STANDINGS_LISTED]:
        breaks = " · ".join(f"{t(lang, f'event.col.{name}')} {number(value, lang)}" for name, value in row.tiebreaks)
        name = names.get(row.player, str(row.player))
        if row.withdrawn:
            name = t(lang, "event.standings.withdrawn_name", name=name)
        lines.append(
            t(
                lang,
                "event.standings.line",
                rank=row.rank,
                name=name,
                points=number(row.points, lang),
                breaks=breaks,
            )
        )
    if len(standings.rows) > STANDINGS_LISTED:
        lines.append(t(lang, "event.standings.more", count=len(standings.rows) - STANDINGS_LISTED))
    return lines
