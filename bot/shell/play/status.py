"""Overview texts: a match's status card (its match sheet), and the lists of ``/game mine`` and ``/game list``."""

from __future__ import annotations

import asyncio
import hashlib
import json
from collections.abc import Mapping, Sequence

import discord

from bot.app.i18n import language_of, t
from bot.app.matches import Match, MatchError, MatchStatus
from bot.app.seats.ai import is_ai, seat_ai_name
from bot.app.telling.history import player_turn_lines
from bot.app.telling.narration import result_line
from bot.app.telling.turns import known_turn
from bot.shell.clock_ui import clock_lines, setting_line
from bot.shell.context import Shell
from bot.shell.display import board_link, variant_label
from bot.shell.fairness.fair_chance import fairness_lines

MAX_LISTED = 20
HISTORY_SHOWN = 4
"""Turns shown by ``/game status`` (the latest ones)."""


def sheet_embed(match: Match, names: Sequence[str], lang: str, *, turns: int | None = None) -> discord.Embed:
    """The match's status card, a match sheet: game, players (and who holds a seat for whom), the time per
    turn and, once over, the result.

    It holds nothing that changes from turn to turn (whose turn, the deadline, the board: the latest turn
    post tells them), so it is edited only when a seat changes hands or the match ends; ``turns`` is how
    many turns were played, shown once the match is over.
    """
    active = match.status is MatchStatus.ACTIVE
    embed = discord.Embed(
        title=t(lang, "status.card_title", game=variant_label(match, lang), id=match.id),
        colour=discord.Colour.blurple() if active else discord.Colour.dark_grey(),
    )
    lines = []
    for seat, uid in enumerate(match.seats):
        label = t(lang, f"seat.{match.game.id}.{seat}")
        # Names, not mentions: an embed shows a member the reader's client has not loaded as a raw <@id>.
        who = names[seat]
        if seat in match.ai and not is_ai(uid) and len(match.stints(seat)) <= 1:
            who = f"{seat_ai_name(match.ai, seat, lang)} (← {who})"
        lines.append(f"{label}: {who}" if not label.startswith("seat.") else who)
    embed.add_field(name=t(lang, "status.players"), value="\n".join(lines) or "—", inline=False)
    if active:
        follow = [t(lang, "status.follow")]
        if match.turn_limit is not None:
            follow.append(t(lang, "status.turn_time", span=span_text(match.turn_limit, lang)))
        if (clock := setting_line(match.options, lang)) is not None:
            follow.append(clock)
        embed.add_field(name=t(lang, "status.turns"), value="\n".join(follow), inline=False)
    elif match.result is not None:
        embed.add_field(name=t(lang, "status.result"), value=result_line(match.result, names, lang), inline=False)
    if fair := fairness_lines(match, lang, final=True):
        embed.add_field(name=t(lang, "fair.field"), value="\n".join(fair)[:1024], inline=False)
    if not active:
        embed.set_footer(text=t(lang, "status.footer_over", turns=turns if turns is not None else "?"))
    return embed


def sheet_digest(embed: discord.Embed) -> str:
    """What a status card shows, as a short digest: the card is edited only when it changes."""
    return hashlib.sha256(json.dumps(embed.to_dict(), sort_keys=True, default=str).encode()).hexdigest()[:16]


def span_text(seconds: int, lang: str) -> str:
    """A turn's time limit in whole days or hours, in words ("2 days", "12 hours", "36 hours"); a live limit of
    minutes in minutes ("2 minutes")."""
    if seconds < 3600:
        return t(lang, "pace.minutes", count=max(1, seconds // 60))
    if seconds % 86400 == 0 and seconds >= 86400 * 2:
        return t(lang, "span.days", count=seconds // 86400)
    return t(lang, "span.hours", count=seconds // 3600)


async def match_lines(
    matches: Sequence[Match],
    user_id: int | None,
    lang: str,
    names_of: object,
    turns: Mapping[int, int] | None = None,
) -> list[str]:
    """One line per match for the overview lists (``names_of`` is the UI's async ``text_names(match)``;
    ``turns`` the current turn number by match id, shown when given)."""
    lines = []
    for match in matches[:MAX_LISTED]:
        names = await names_of(match)  # type: ignore[operator]
        game = variant_label(match, lang)
        if match.status is MatchStatus.LOBBY:
            state = t(lang, "mine.lobby", count=len(match.seats))
        else:
            acting = match.state.actors()
            if user_id is not None and match.seat_of(user_id) in acting:
                state = t(lang, "mine.your_turn")
            else:
                state = t(lang, "mine.waiting", names=", ".join(names[s] for s in acting) or "—")
        if turns is not None and match.id in turns and match.status is not MatchStatus.LOBBY:
            state = t(lang, "mine.turn", turn=turns[match.id]) + " · " + state
        lines.append(f"[#{match.id} {game}]({board_link(match)}) · {state}")
    return lines


async def show_status(shell: Shell, interaction: discord.Interaction) -> None:
    """``/game status``: an ephemeral summary of this channel's match (or its last one)."""
    match = await shell.service.current(interaction.channel_id or 0)
    if match is None:
        match = await shell.service.last_in_channel(interaction.channel_id or 0)
    if match is None:
        raise MatchError("no_match")
    lang = language_of(interaction.locale)
    names = await shell.ui.text_names(match, lang)
    embed = discord.Embed(title=variant_label(match, lang), colour=discord.Colour.blurple())
    embed.add_field(name=t(lang, "status.state"), value=t(lang, f"status.{match.status.value}"), inline=True)
    if match.status is not MatchStatus.LOBBY:
        turn = await known_turn(shell.service, match)
        embed.add_field(name=t(lang, "status.turn"), value=str(turn), inline=True)
    # Names, not mentions: an embed shows a member the reader's client has not loaded as a raw <@id>.
    seats = "\n".join(
        t(lang, "status.seat", seat=t(lang, f"seat.{match.game.id}.{i}"), user=name) for i, name in enumerate(names)
    )
    embed.add_field(name=t(lang, "status.players"), value=seats or "—", inline=False)
    if match.status is MatchStatus.ACTIVE:
        embed.add_field(
            name=t(lang, "status.to_act"),
            value=", ".join(names[seat] for seat in match.state.actors()) or t(lang, "status.nobody"),
            inline=False,
        )
    if (clock := setting_line(match.options, lang)) is not None and match.status is not MatchStatus.LOBBY:
        # Each player's time left, the acting one's counting down (Discord renders the timestamp in embeds too).
        faces = clock_lines(await shell.service.clock_faces(match.id), names, lang)
        embed.add_field(name=t(lang, "clock.field"), value="\n".join([clock, *faces])[:1024], inline=False)
    if match.result is not None:
        embed.add_field(name=t(lang, "status.result"), value=result_line(match.result, names, lang), inline=False)
    history = list(await shell.service.history(match.id))
    recent: list[str] = []
    for line in reversed((await asyncio.to_thread(player_turn_lines, match, history, names, lang))[-HISTORY_SHOWN:]):
        if sum(len(r) + 1 for r in recent) + len(line) > 1024:
            break
        recent.insert(0, line)
    if recent:
        embed.add_field(name=t(lang, "status.recent"), value="\n".join(recent), inline=False)
    if fair := fairness_lines(match, lang, final=True):
        embed.add_field(name=t(lang, "fair.field"), value="\n".join(fair)[:1024], inline=False)
    embed.set_footer(text=t(lang, "match.footer", id=match.id))
    await interaction.response.send_message(embed=embed, ephemeral=True)
