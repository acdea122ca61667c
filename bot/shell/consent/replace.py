"""A member takes over a seat the AI plays since its player left: the request and the players' consent.

``/plateau replace`` (or **Take this seat** under a turn post) asks; one compact question in the match's
channel pings only the members playing (as their ``/game notify`` allows, :func:`bot.app.posting.accepts`),
with Accept / Decline buttons that carry the match and the request's version (:class:`ReplaceButton`, beside
its handler :func:`answer`, as :class:`TakeSeatButton` is beside :func:`ask`); the service decides
everything else (:meth:`bot.app.matches.MatchService.request_replace`). Once everyone has accepted, the
change is published like any other: the posting policy gives the new member the seat's turn
pings and private DMs (:attr:`bot.app.posting.Situation.handed_over`).
"""

from __future__ import annotations

import discord

from bot.app.i18n import t
from bot.app.matches import Match, ReplaceRequest
from bot.app.member_text import inert
from bot.app.seats.ai import humans
from bot.app.telling.narration import TAKEOVER_ARROW, holder_at
from bot.shell.components import AnswerButton, MatchButton
from bot.shell.consent.questions import post_question, settle
from bot.shell.context import Shell
from bot.shell.display import public_language


class ReplaceButton(AnswerButton, kind="replace"):
    """Accept or decline the request, made at a given match version, to let a member take over a seat the AI
    plays. The request holds while play goes on (the AI keeps the seat meanwhile); the version names it."""

    async def run(self, interaction: discord.Interaction, shell: Shell) -> None:
        """Record the clicking player's answer."""
        await answer(shell, interaction, self.match_id, self.version, self.choice == "yes")


class TakeSeatButton(MatchButton, kind="take", emoji="🔁", label="Take this seat", also=("seat",)):
    """ "Take this seat" under a turn post: a member who is not seated asks to play a seat the AI took over."""

    def __init__(self, match_id: int, seat: int, label: str | None = None) -> None:
        super().__init__(match_id, label, also=(seat,))
        self.seat = seat

    async def run(self, interaction: discord.Interaction, shell: Shell) -> None:
        """Ask the players to let the clicking member take the seat."""
        await ask(shell, interaction, self.match_id, self.seat)


def replace_view(match: Match, request: ReplaceRequest, lang: str) -> discord.ui.View:
    """Accept / Decline buttons for the request made at ``request.version``."""
    yes, no = t(lang, "button.replace_accept"), t(lang, "button.replace_decline")
    return ReplaceButton.yes_no(match.id, request.version, yes, no)


def _seat_parts(names: list[str], seat: int) -> tuple[str, str]:
    """The member who left ``seat`` and the AI playing it now, from the seat's name."""
    parts = names[seat].split(TAKEOVER_ARROW)
    return (parts[-2], parts[-1]) if len(parts) >= 2 else (parts[0], parts[0])


async def ask(shell: Shell, interaction: discord.Interaction, match_id: int | None, seat: int | None) -> None:
    """Ask the members playing a match to let the caller take over a seat the AI plays (``seat``: 0-based;
    None: the only one). The question goes to the match's channel; asked from elsewhere, the caller gets a
    private link to it."""
    found = await shell.pbp.find(interaction, match_id)
    match, request = await shell.service.request_replace(found.id, interaction.user.id, seat)
    in_channel = interaction.channel_id == match.channel_id
    lang = public_language(interaction) if in_channel else shell.ui.channel_language(match)
    guild = interaction.guild
    names = await shell.ui.text_names(match, lang)
    member, ai = _seat_parts(names, request.seat)
    voters = humans([match.seats[s] for s in match.members_playing()])
    pinged = await shell.ui.pingable(match, voters, turn=True)
    text = t(
        lang,
        "replace.request",
        name=await shell.ui.text_name(request.user_id, guild),
        seat=request.seat + 1,
        member=member,
        ai=ai,
        mentions=" ".join(f"<@{uid}>" for uid in voters),
        id=match.id,
    )
    content = "\n".join((text, t(lang, "replace.unrated")))
    allowed = discord.AllowedMentions(users=[discord.Object(uid) for uid in pinged])
    view = replace_view(match, request, lang)
    await post_question(shell, interaction, match, content, view, allowed, "replace.asked")


async def answer(shell: Shell, interaction: discord.Interaction, match_id: int, version: int, accept: bool) -> None:
    """A click on Accept or Decline under a replacement request."""
    match, request, report = await shell.service.answer_replace(
        match_id, interaction.user.id, accept=accept, version=version
    )
    lang = public_language(interaction)
    names = await shell.ui.text_names(match, lang)
    seat = match.seat_of(interaction.user.id)
    if seat is not None:
        name = holder_at(match, names, seat, match.version + 1)
    else:
        name = inert(interaction.user.display_name)
    if report is not None:
        (entry,) = report.entries
        taken = entry.seat if entry.seat is not None else 0
        text = t(lang, "replace.done", name=holder_at(match, names, taken, entry.ply + 1), seat=taken + 1, id=match.id)
        await settle(interaction, text)
        await shell.ui.publish_board(report.match, report, lang)
        return
    if request is None:
        await settle(interaction, t(lang, "replace.declined", name=name, id=match.id))
        return
    waiting = ", ".join(
        f"**{holder_at(match, names, s, match.version + 1)}**"
        for s in match.members_playing()
        if s not in request.accepted
    )
    candidate = await shell.ui.text_name(request.user_id, interaction.guild)
    await interaction.response.edit_message(
        content=t(
            lang, "replace.partly", name=name, candidate=candidate, seat=request.seat + 1, waiting=waiting, id=match.id
        ),
        view=replace_view(match, request, lang),
    )
