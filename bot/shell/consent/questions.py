"""Questions one player puts to the others (a draw offer, an undo request): posted in the match's channel
with their answer buttons (no link: the turn post is right there), pinging only those who must answer; who
answers, and the question edited after each answer (:func:`answer_question`)."""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from typing import Any, TypeVar

import discord

from bot.app.i18n import language_of, t
from bot.app.matches import Match, Proposal, TurnReport
from bot.app.seats.ai import humans
from bot.shell.context import Shell
from bot.shell.display import public_language

P = TypeVar("P", bound=Proposal)


async def ask_the_others(
    shell: Shell,
    interaction: discord.Interaction,
    match: Match,
    seat: int,
    key: str,
    view: discord.ui.View,
    *,
    turn: bool,
    **params: Any,
) -> None:
    """Answer ``interaction`` with the question ``key`` that the player at ``seat`` asks the other seats
    (its text gets their ``name``, the others' ``mentions``, the match ``id`` and ``params``), under ``view``.

    Only the others are pinged, as their ``/game notify`` allows (``turn``: the question waits on them as a
    turn does).
    """
    lang = public_language(interaction)
    names = await shell.ui.text_names(match, lang)
    others = [uid for s, uid in enumerate(match.seats) if s != seat]
    pinged = await shell.ui.pingable(match, others, turn=turn)
    mentions = " ".join(f"<@{uid}>" for uid in humans(others))
    text = t(lang, key, name=names[seat], mentions=mentions, id=match.id, **params)
    await interaction.response.send_message(
        text[:2000],
        view=view,
        allowed_mentions=discord.AllowedMentions(users=[discord.Object(uid) for uid in pinged]),
    )


async def post_question(
    shell: Shell,
    interaction: discord.Interaction,
    match: Match,
    content: str,
    view: discord.ui.View | None,
    allowed: discord.AllowedMentions,
    asked_key: str,
) -> None:
    """Put ``content`` (a question under ``view``, or with no view what was settled at once) in the match's
    channel: as the answer to ``interaction`` when it was asked there, else posted there with a private answer
    to the caller, ``asked_key`` linking to the question (or, settled at once, the content itself)."""
    text = content[:2000]
    if interaction.channel_id == match.channel_id:
        if view is None:
            await interaction.response.send_message(text, allowed_mentions=allowed)
        else:
            await interaction.response.send_message(text, view=view, allowed_mentions=allowed)
        return
    channel = await shell.ui.open_channel(match.channel_id)
    if view is None:
        sent = await channel.send(text, allowed_mentions=allowed)
    else:
        sent = await channel.send(text, view=view, allowed_mentions=allowed)
    link = f"{shell.ui.channel_link(match)}/{sent.id}"
    private = t(language_of(interaction.locale), asked_key, link=link, id=match.id) if view else content
    await interaction.response.send_message(private[:2000], ephemeral=True)


async def answering(shell: Shell, interaction: discord.Interaction, match: Match) -> tuple[str, list[str], str]:
    """The language to answer a click under a question in, the match's player names as message text shows
    them, and the name of the player who clicked."""
    lang = public_language(interaction)
    names = await shell.ui.text_names(match, lang)
    return lang, names, names[match.seat_of(interaction.user.id) or 0]


async def settle(interaction: discord.Interaction, text: str) -> None:
    """The question clicked says how it ended (agreed, declined, done) and loses its buttons."""
    await interaction.response.edit_message(content=text, view=None)


async def answered(
    interaction: discord.Interaction,
    lang: str,
    match_id: int,
    name: str,
    keys: tuple[str, str, str],
    *,
    agreed: bool,
    view: discord.ui.View | None,
    **params: Any,
) -> None:
    """The question clicked after ``name``'s answer, in the words of ``keys`` (agreed, declined, partly):
    everyone ``agreed``, or (no ``view`` left) ``name`` declined, and it loses its buttons; else it says who
    answered (with ``params``) over the buttons of ``view``."""
    done, declined, partly = keys
    if agreed:
        await settle(interaction, t(lang, done, id=match_id))
    elif view is None:
        await settle(interaction, t(lang, declined, name=name, id=match_id))
    else:
        await interaction.response.edit_message(content=t(lang, partly, name=name, id=match_id, **params), view=view)


async def answer_question(
    shell: Shell,
    interaction: discord.Interaction,
    answer: Awaitable[tuple[Match, P | None, TurnReport | None]],
    view_of: Callable[[Match, P, str], discord.ui.View],
    keys: tuple[str, str, str],
    *,
    waiting: bool = False,
) -> tuple[str, TurnReport | None]:
    """A click on a question's Accept or Decline, once the service has taken it (``answer``: the match, the
    question still pending, the report of the change once everyone agreed): the question clicked edited as
    :func:`answered` says in the words of ``keys``, under ``view_of``'s buttons while it is pending (``waiting``:
    its words name the players it still waits for).

    Returns the language it answered in and the report of an agreed question, which the caller publishes.
    """
    match, pending, report = await answer
    lang, names, name = await answering(shell, interaction, match)
    view = None if report is not None or pending is None else view_of(match, pending, lang)
    params = {}
    if waiting and pending is not None:
        params["waiting"] = ", ".join(f"**{names[s]}**" for s in range(len(match.seats)) if s not in pending.accepted)
    await answered(interaction, lang, match.id, name, keys, agreed=report is not None, view=view, **params)
    return lang, report
