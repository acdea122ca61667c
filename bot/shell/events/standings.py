"""The standings as posted: an embed, a PNG table and a CSV file for the association's records."""

from __future__ import annotations

import asyncio
import io
import re
from collections.abc import Mapping, Sequence
from dataclasses import replace
from typing import Any

import discord

from bot.app.events import Event, Standings, format_of
from bot.app.i18n import t
from bot.app.member_text import inert
from bot.app.tournaments.crosstable import crosstable
from bot.app.tournaments.standings import CsvStyle, Game, to_csv
from bot.shell.events.desk import EventDesk, as_text
from bot.shell.events.text import game_label, number, points_text
from render.standings import StandingsTable, describe_standings, render_standings

STANDINGS_LISTED = 20
"""Lines of standings in an embed; the image and the CSV file hold every player."""


class StandingsPosts:
    """Build and post an event's standings."""

    def __init__(self, desk: EventDesk) -> None:
        self.desk = desk

    async def standings_payload(
        self,
        event: Event,
        standings: Standings,
        lang: str,
        *,
        final: bool,
        round: int | None = None,
        corrected: bool = False,
    ) -> dict[str, Any]:
        """Embed, PNG table and CSV file of the standings (``corrected``: final standings after a correction)."""
        names = await self.desk.names(event)
        shown = round if round is not None else max(event.closed_round, 0)
        live = not final and event.round_in_progress and round is None

        def heading(name: str) -> str:
            if final:
                return t(lang, "event.standings.corrected" if corrected else "event.standings.final", event=name)
            if live:
                return t(lang, "event.standings.live", event=name, round=event.current_round, rounds=event.rounds)
            return t(lang, "event.standings.after", event=name, round=shown, rounds=event.rounds)

        # The image (and the CSV) show the names as typed; the embed, which renders markdown, shows them inertly.
        title = heading(inert(event.name))
        table = standings_table(event, standings, names, lang, heading(event.name))
        png = await asyncio.to_thread(render_standings, table)
        style = csv_style(standings.tiebreaks, lang)
        cells = crosstable(standings.rows, standings.results, max(shown, event.current_round), style)
        csv_text = to_csv(standings.rows, names, style, cells)
        slug = re.sub(r"[^a-z0-9]+", "-", event.name.lower()).strip("-")[:40] or "event"
        if final:
            part = t(lang, "event.file.final")
        elif live:
            part = t(lang, "event.file.live", round=event.current_round)
        else:
            part = t(lang, "event.file.round", round=shown)
        stem = f"{slug}-{event.id}-{part}"
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
        legend = t(lang, f"event.standings.legend.{event.format.value}")
        if any(p.missed_rounds for p in event.players):
            # Late entrants' missed rounds change points and tie-breaks: said where the tie-breaks are.
            legend += " " + t(lang, format_of(event.format).late_note)
        if any(isinstance(item, Game) and item.unplayed for item in standings.results):
            # A no-show's game counts as unplayed in the tie-breaks (FIDE): the legend says how.
            legend += " " + t(lang, "event.standings.unplayed")
        footer = t(lang, "event.standings.footer", game=game_label(event, lang), id=event.id)
        embed.set_footer(text=f"{legend}\n{footer}"[:2048])
        files = [
            discord.File(io.BytesIO(png), filename="standings.png", description=describe_standings(table)),
            discord.File(io.BytesIO(csv_text.encode("utf-8")), filename=f"{stem}.csv"),
        ]
        return {"embed": embed, "files": files, "allowed_mentions": discord.AllowedMentions.none()}

    async def podium_text(self, event: Event, lang: str) -> tuple[str, list[int]] | None:
        """The closing announcement's words (the first three places, players sharing a rank share its medal) and
        whom it names; None when nobody played."""
        standings = await self.desk.events.standings(event.id)
        rows = [r for r in standings.rows if r.rank <= 3 and not r.withdrawn]
        if not rows or not any(r.played for r in standings.rows):
            return None
        names = await self.desk.text_names(event, [r.player for r in rows])
        medals = {1: "🥇", 2: "🥈", 3: "🥉"}
        places = []
        for rank in sorted({r.rank for r in rows}):
            who = [f"<@{r.player}> ({names.get(r.player, '?')})" for r in rows if r.rank == rank]
            places.append(f"{medals[rank]} " + ", ".join(who))
        text = t(lang, "event.podium", event=inert(event.name), places="\n".join(places))
        return text, [r.player for r in rows]

    async def announce_podium(self, event: Event, lang: str) -> None:
        """The closing announcement, its players pinged; the post is noted in the log, for a later correction."""
        podium = await self.podium_text(event, lang)
        if podium is None:
            return
        text, players = podium
        channel = await self.desk.games.open_channel(event.channel_id)
        message = await channel.send(
            text[:2000], allowed_mentions=discord.AllowedMentions(users=[discord.Object(u) for u in players])
        )
        await self.desk.events.note_podium(event.id, message.id)

    async def correct_podium(self, event: Event, lang: str, note: str) -> None:
        """After a correction after the end: the podium post says the corrected places (edited in place, ``note``
        saying what changed), or is posted anew when its post is unknown or gone."""
        podium = await self.podium_text(event, lang)
        if podium is None:
            return
        text = f"{podium[0]}\n{note}"[:2000]
        posted = [line for line in await self.desk.events.log(event.id) if line.action == "podium"]
        channel = await self.desk.games.open_channel(event.channel_id)
        if posted:
            try:
                message = channel.get_partial_message(int(posted[-1].details["message"]))
                # An edit pings nobody: the players whose result changed are told apart.
                await message.edit(content=text, allowed_mentions=discord.AllowedMentions.none())
                return
            except discord.HTTPException:
                pass  # deleted meanwhile: posted again below
        message = await channel.send(text, allowed_mentions=discord.AllowedMentions.none())
        await self.desk.events.note_podium(event.id, message.id)

    async def post_standings(
        self, event: Event, lang: str, *, final: bool, round: int | None = None, corrected: bool = False
    ) -> None:
        """Post the standings in the event's channel."""
        standings = await self.desk.events.standings(event.id)
        payload = await self.standings_payload(
            standings.event, standings, lang, final=final, round=round, corrected=corrected
        )
        channel = await self.desk.games.open_channel(event.channel_id)
        await channel.send(**payload)


CSV_COLUMNS = ("rank", "name", "points", "played", "wins", "draws", "losses", "byes", "withdrawn")
"""The columns of the standings file besides the tie-breaks (see :func:`bot.app.tournaments.standings.to_csv`)."""


def csv_style(tiebreaks: Sequence[str], lang: str) -> CsvStyle:
    """The standings file as a spreadsheet in ``lang`` reads it: headers and the crosstable's letters (won, drawn,
    lost, bye) in the language; French: ``;`` and a decimal comma (a French spreadsheet opens a comma-separated
    file as one column)."""
    headers = {key: t(lang, f"event.csv.{key}") for key in CSV_COLUMNS}
    headers |= {name: t(lang, f"event.csv.{name}") for name in tiebreaks}
    style = CsvStyle(
        headers=headers,
        yes=t(lang, "event.csv.yes"),
        round=t(lang, "event.csv.round", n="{n}"),
        win=t(lang, "event.cross.win"),
        draw=t(lang, "event.cross.draw"),
        loss=t(lang, "event.cross.loss"),
        bye=t(lang, "event.cross.bye"),
        missed=t(lang, "event.cross.missed", share="{share}"),
    )
    return replace(style, delimiter=";", decimal=",") if lang == "fr" else style


def standings_table(
    event: Event, standings: Standings, names: Mapping[int, str], lang: str, title: str
) -> StandingsTable:
    """The image's table: rank, player, points, the tie-breaks, and the record."""
    tiebreaks = [t(lang, f"event.col.{name}") for name in standings.tiebreaks]
    rules = format_of(event.format)
    record = [t(lang, f"event.col.{name}") for name in rules.record_columns]
    headers = ("#", t(lang, "event.col.player"), t(lang, "event.col.points"), *tiebreaks, *record)
    rows = []
    for row in standings.rows:
        values = [number(v, lang) for _, v in row.tiebreaks]
        tail = rules.record(row)
        rows.append(
            (str(row.rank), names.get(row.player, str(row.player)), points_text(row.points, lang), *values, *tail)
        )
    subtitle = " · ".join(
        [
            game_label(event, lang),
            t(lang, f"event.format.{event.format.value}"),
            t(lang, "event.standings.players", count=len(event.players)),
        ]
    )
    withdrawn = any(r.withdrawn for r in standings.rows)
    notes = [t(lang, "event.standings.withdrawn_note")] if withdrawn else []
    notes += late_notes(event, names, lang)
    return StandingsTable(
        title=title,
        subtitle=subtitle,
        headers=headers,
        rows=tuple(rows),
        dimmed=tuple(r.withdrawn for r in standings.rows),
        footer=" · ".join(notes),
    )


def late_notes(event: Event, names: Mapping[int, str], lang: str) -> list[str]:
    """Why a late entrant has the points they have: from which round they play, and what each round they missed
    counts (½ a win, or nothing), one sentence each, for the image (which has no legend)."""
    win = format_of(event.format).win_points  # a missed round counts half of it, or nothing
    notes = []
    for player in event.players:
        missed = len(player.missed_rounds)
        if not missed:
            continue
        notes.append(
            t(
                lang,
                "event.standings.late_note",
                name=names.get(player.user_id, str(player.user_id)),
                round=player.entry_round,
                count=missed,
                points=points_text(float(player.missed_share * win), lang),
            )
        )
    return notes


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
                points=points_text(row.points, lang),
                breaks=breaks,
            )
        )
    if len(standings.rows) > STANDINGS_LISTED:
        lines.append(t(lang, "event.standings.more", count=len(standings.rows) - STANDINGS_LISTED))
    return lines
