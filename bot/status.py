"""Overview texts: a match's one status message, and the lists of ``/game mine`` and ``/game list``."""

from __future__ import annotations

from collections.abc import Mapping, Sequence

import discord

from bot.ai_seats import ai_name, is_ai, mention
from bot.fairness_ui import fairness_lines
from bot.i18n import t
from bot.matches import Match, MatchStatus, TurnClock
from bot.narration import result_line
from games.base import GameInfo, Seat

MAX_LISTED = 20


def game_label(game: GameInfo, options: Mapping[str, str], lang: str) -> str:
    """A game's name with its rule set, e.g. "Royal Game of Ur — Variante 2"."""
    name = game.names.get(lang, game.name)
    rules = options.get("rules")
    return (
        name if rules is None else t(lang, "game.with_rules", game=name, rules=t(lang, f"rules.{game.id}.{rules}.name"))
    )


def variant_name(match: Match, lang: str) -> str:
    """The game's name with its rule set."""
    return game_label(match.game, match.options, lang)


def board_link(match: Match) -> str:
    """A jump link to the latest board, or to the channel when there is none yet."""
    base = f"https://discord.com/channels/{match.guild_id or '@me'}/{match.channel_id}"
    message = match.board_message_id or match.lobby_message_id
    return f"{base}/{message}" if message else base


def deadline_text(clocks: Mapping[Seat, TurnClock], lang: str) -> str:
    """The nearest deadline as a Discord timestamp, or a word when there is none."""
    if not clocks:
        return t(lang, "status.no_deadline")
    deadline = min(c.times.deadline for c in clocks.values())
    return f"{discord.utils.format_dt(deadline, 'f')} ({discord.utils.format_dt(deadline, 'R')})"


def status_embed(
    match: Match, names: Sequence[str], clocks: Mapping[Seat, TurnClock], lang: str, *, turn: int | None = None
) -> discord.Embed:
    """The status card edited in place every turn: players, whose turn, deadline, last move; ``turn`` is
    the current turn number (see :func:`bot.turns.turn_of`)."""
    embed = discord.Embed(
        title=t(lang, "status.card_title", game=variant_name(match, lang), id=match.id),
        url=board_link(match),
        colour=discord.Colour.blurple() if match.status is MatchStatus.ACTIVE else discord.Colour.dark_grey(),
    )
    acting = set(match.state.actors()) if match.status is MatchStatus.ACTIVE else set()
    lines = []
    for seat, uid in enumerate(match.seats):
        mark = "⏳" if seat in acting else "·"
        label = t(lang, f"seat.{match.game.id}.{seat}")
        who = mention(uid)
        if seat in match.ai and not is_ai(uid):
            who = f"{ai_name(match.ai[seat])} (← {who})"
        lines.append(f"{mark} {label}: {who}" if not label.startswith("seat.") else f"{mark} {who}")
    embed.add_field(name=t(lang, "status.players"), value="\n".join(lines) or "—", inline=False)
    if match.status is MatchStatus.ACTIVE:
        who = ", ".join(f"**{names[s]}**" for s in sorted(acting)) or t(lang, "status.nobody")
        embed.add_field(name=t(lang, "status.to_act"), value=who, inline=True)
        if match.turn_limit is not None:
            embed.add_field(name=t(lang, "status.deadline"), value=deadline_text(clocks, lang), inline=True)
    elif match.result is not None:
        embed.add_field(name=t(lang, "status.result"), value=result_line(match.result, names, lang), inline=False)
    if fair := fairness_lines(match, lang, final=True):
        embed.add_field(name=t(lang, "fair.field"), value="\n".join(fair)[:1024], inline=False)
    embed.set_footer(text=t(lang, "status.footer", turn=turn if turn is not None else "?", moves=match.version))
    return embed


async def match_lines(
    matches: Sequence[Match],
    user_id: int | None,
    lang: str,
    names_of: object,
    turns: Mapping[int, int] | None = None,
) -> list[str]:
    """One line per match for the overview lists (``names_of`` is the UI's async ``names(match)``;
    ``turns`` the current turn number by match id, shown when given)."""
    lines = []
    for match in matches[:MAX_LISTED]:
        names = await names_of(match)  # type: ignore[operator]
        game = variant_name(match, lang)
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
