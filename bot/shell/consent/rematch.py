"""Rematch by consent: the Rematch button of an end post (:class:`RematchButton`) asks the other players, who
answer with :class:`RematchAnswerButton` (both beside their handlers, :func:`rematch` and :func:`answer`).

The question is posted in the match's channel as the click's answer ("alice proposes a rematch — Accept /
Decline"), pinging only the members who must answer; it is edited in place as they answer: once declined
(said once, the buttons gone), or once every member playing has accepted (AI seats need no answer), when the
new match starts below it. Nobody gets a link: everything happens in the channel the players are in.
"""

from __future__ import annotations

import contextlib
from collections.abc import Awaitable, Sequence

import discord

from bot.app.i18n import language_of, t
from bot.app.matches import Match, MatchError, MatchStatus, RematchOffer, TurnReport, require_seat
from bot.app.seats.acting import Action
from bot.app.seats.ai import humans
from bot.app.storage import PostRow
from bot.shell.components import AnswerButton, MatchButton
from bot.shell.consent.questions import settle
from bot.shell.context import Shell
from bot.shell.display import public_language, variant_label

Answered = tuple[Match, RematchOffer | None, TurnReport | None]
QUESTION = "rematch"
"""The kind of post row kept for a pending rematch question (its detail: the question's text)."""


class RematchButton(MatchButton, kind="rematch", style=discord.ButtonStyle.success, emoji="🔁", label="Rematch"):
    """Under an end post: ask the other players for a new match of the same game, options and players, seats
    rotated (a tap while another player's proposal waits accepts it)."""

    async def run(self, interaction: discord.Interaction, shell: Shell) -> None:
        """Propose the rematch."""
        await rematch(shell, interaction, self.match_id)


class RematchAnswerButton(AnswerButton, kind="rmans"):
    """Accept or decline the rematch of a finished match (its version names the proposal)."""

    async def run(self, interaction: discord.Interaction, shell: Shell) -> None:
        """Record the clicking player's answer."""
        await answer(shell, interaction, self.match_id, self.version, self.choice == "yes")


def answer_view(match: Match, offer: RematchOffer, lang: str) -> discord.ui.View:
    """Accept / Decline under the rematch question."""
    return RematchAnswerButton.yes_no(
        match.id, offer.version, t(lang, "button.rematch_yes"), t(lang, "button.rematch_no")
    )


def waiting_for(match: Match, offer: RematchOffer) -> list[int]:
    """The seats whose answer the rematch still waits for: members playing who have not accepted."""
    return [seat for seat in match.members_playing() if seat not in offer.accepted]


async def _capped(shell: Shell, old: Match, change: Awaitable[Answered]) -> Answered:
    """The service's answer; a rematch refused by the lobby cap names the member who cannot be seated."""
    try:
        return await change
    except MatchError as exc:
        if exc.key != "rematch_capped":
            raise
        guild = shell.client.get_guild(old.guild_id) if old.guild_id else None
        name = await shell.ui.text_name(int(str(exc.params["user_id"])), guild)
        raise MatchError("rematch_capped", name=name, max=exc.params["max"]) from exc


async def rematch(shell: Shell, interaction: discord.Interaction, match_id: int) -> None:
    """The Rematch button of an end post: the question to the other players, posted as the click's answer (or,
    when nobody else must answer, the new match at once)."""
    old = await shell.service.get(match_id)
    # A member who left the match (the AI or another member plays their seat) does not start the next one.
    require_seat(old, interaction.user.id, Action.REMATCH)
    if old.status is not MatchStatus.FINISHED:
        raise MatchError("not_active")
    old, offer, report = await _capped(shell, old, shell.service.propose_rematch(match_id, interaction.user.id))
    lang = public_language(interaction)
    names = await shell.ui.text_names(old, lang)
    if report is not None:
        await _start(shell, interaction, old, report, answered=False)
        return
    assert offer is not None
    waiting = waiting_for(old, offer)
    if offer.seat != old.seat_of(interaction.user.id):
        # Another player's proposal was waiting: this tap accepted it; the question says so too.
        text = t(language_of(interaction.locale), "rematch.accepted", waiting=_listed(names, waiting))
        await interaction.response.send_message(text, ephemeral=True)
        await _edit_question(shell, old, _standing(lang, names, old, offer, await _question_text(shell, old)), offer)
        return
    voters = [old.seats[seat] for seat in waiting]
    pinged = await shell.ui.pingable(old, voters, turn=False)
    text = t(
        lang,
        "rematch.ask",
        name=names[offer.seat],
        game=variant_label(old, lang),
        id=old.id,
        mentions=" ".join(f"<@{uid}>" for uid in humans(voters)),
    )
    await interaction.response.send_message(
        text[:2000],
        view=answer_view(old, offer, lang),
        allowed_mentions=discord.AllowedMentions(users=[discord.Object(uid) for uid in pinged], roles=False),
    )
    # Kept: a rematch agreed by a tap on the end post's button instead closes this question too.
    asked = await interaction.original_response()
    await shell.service.set_post(old.id, PostRow(QUESTION, 0, asked.channel.id, asked.id, text[:2000]))


async def answer(shell: Shell, interaction: discord.Interaction, match_id: int, version: int, accept: bool) -> None:
    """A click on Accept or Decline under the rematch question: the question edited to what it now stands at."""
    old = await shell.service.get(match_id)
    old, offer, report = await _capped(
        shell, old, shell.service.answer_rematch(match_id, interaction.user.id, accept=accept, version=version)
    )
    lang = public_language(interaction)
    names = await shell.ui.text_names(old, lang)
    if report is not None:
        await _start(shell, interaction, old, report, answered=True)
    elif offer is None:
        name = names[old.seat_of(interaction.user.id) or 0]
        await settle(interaction, t(lang, "rematch.declined", name=name, id=old.id))
        await shell.service.drop_post(old.id, QUESTION, 0)
    else:
        message = interaction.message
        asked = (message.content if message is not None else "").split("\n")[0]
        content = _standing(lang, names, old, offer, asked)
        await interaction.response.edit_message(content=content, view=answer_view(old, offer, lang))


def _standing(lang: str, names: Sequence[str], old: Match, offer: RematchOffer, asked: str) -> str:
    """The question (its first line, ``asked``) with who accepted so far and whom it still waits for."""
    waiting = _listed(names, waiting_for(old, offer))
    accepted = _listed(names, [seat for seat in old.members_playing() if seat in offer.accepted])
    return (asked + "\n" + t(lang, "rematch.waiting", names=accepted, waiting=waiting))[:2000]


async def _question_text(shell: Shell, old: Match) -> str:
    """The first line of the kept question (its text as asked)."""
    kept = (await shell.service.posts(old.id)).get((QUESTION, 0))
    return kept.detail.split("\n")[0] if kept is not None else ""


async def _edit_question(shell: Shell, old: Match, content: str, offer: RematchOffer | None) -> None:
    """Edit the kept question (buttons kept while ``offer`` stands, gone once it is settled)."""
    kept = (await shell.service.posts(old.id)).get((QUESTION, 0))
    if kept is None or kept.message_id is None:
        return
    lang = shell.ui.channel_language(old)
    view = answer_view(old, offer, lang) if offer is not None else None
    await shell.ui.edit_message(kept.channel_id, kept.message_id, content=content, view=view)
    if offer is None:
        await shell.service.drop_post(old.id, QUESTION, 0)


async def _start(
    shell: Shell, interaction: discord.Interaction, old: Match, report: TurnReport, *, answered: bool
) -> None:
    """Every member playing accepted: the question (``answered``: the clicked one, else the kept one) says so,
    the new match's first post goes below it, and the clicker gets nothing more (no link: it is right there)."""
    match = report.match
    lang = shell.ui.channel_language(match)
    if answered:
        await settle(interaction, t(lang, "rematch.agreed", id=match.id))
        await shell.service.drop_post(old.id, QUESTION, 0)
    else:
        await interaction.response.defer(ephemeral=True, thinking=True)
        await _edit_question(shell, old, t(lang, "rematch.agreed", id=match.id), None)
    await shell.ui.publish_board(match, report, lang)
    if not answered:
        with contextlib.suppress(discord.HTTPException):  # the thinking bubble; a failure leaves only that
            await interaction.delete_original_response()


def _listed(names: Sequence[str], seats: Sequence[int]) -> str:
    """The players at ``seats``, by name, in bold."""
    return ", ".join(f"**{names[seat]}**" for seat in seats) or "—"
