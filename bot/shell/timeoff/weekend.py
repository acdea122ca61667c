"""The weekend pause by consent: ``/plateau weekend`` asks the other players to stop the match's deadlines on
Saturdays and Sundays (or to let them run again); they answer with one tap on :class:`WeekendButton` (beside its
handler :func:`answer`).

The question goes to the match's channel, pinging only the members who must answer (as their ``/game notify``
allows), in words: what is asked, and whose weekends count (the time zones the players set). The service decides
everything else (:mod:`bot.app.matches.weekends`). Once agreed, the channel reads when the turn under way now ends.
"""

from __future__ import annotations

from collections.abc import Sequence

import discord

from bot.app.i18n import t
from bot.app.matches import Match, WeekendOffer
from bot.app.seats.ai import humans
from bot.shell.components import AnswerButton
from bot.shell.consent.questions import answering, post_question, settle
from bot.shell.context import Shell
from bot.shell.display import public_language


class WeekendButton(AnswerButton, kind="weekend"):
    """Agree to, or decline, the weekend pause asked at a given match version (the question holds while play goes
    on; the version names it)."""

    async def run(self, interaction: discord.Interaction, shell: Shell) -> None:
        """Record the clicking player's answer."""
        await answer(shell, interaction, self.match_id, self.version, self.choice == "yes")


def weekend_view(match: Match, offer: WeekendOffer, lang: str) -> discord.ui.View:
    """Agree / Decline buttons for the weekend pause asked at ``offer.version``."""
    return WeekendButton.yes_no(
        match.id, offer.version, t(lang, "button.weekend_accept"), t(lang, "button.weekend_decline")
    )


def zones_text(zones: Sequence[str]) -> str:
    """The time zones whose weekends count, as a list."""
    return ", ".join(zones)


async def _done_text(shell: Shell, match: Match, zones: Sequence[str], lang: str) -> str:
    """What an agreed change says: the weekends that now pause the match (or none), and when the turn ends."""
    lines = [
        t(lang, "weekend.agreed", id=match.id, zones=zones_text(zones))
        if zones
        else t(lang, "weekend.stopped", id=match.id)
    ]
    clocks = await shell.service.clocks(match.id)
    ends = [c.times.deadline for s, c in clocks.items() if s not in match.ai]
    if ends:
        lines.append(t(lang, "pace.turn_ends", when=discord.utils.format_dt(min(ends), "R")))
    return "\n".join(lines)


async def ask(shell: Shell, interaction: discord.Interaction, match_id: int | None, pause: bool) -> None:
    """Ask the members playing a match to pause its deadlines at weekends (or to stop). The question goes to the
    match's channel; asked from elsewhere, the caller gets a private link."""
    found = await shell.pbp.find(interaction, match_id)
    match, offer, zones = await shell.service.propose_weekend(found.id, interaction.user.id, pause)
    in_channel = interaction.channel_id == match.channel_id
    lang = public_language(interaction) if in_channel else shell.ui.channel_language(match)
    view: discord.ui.View | None = None
    allowed = discord.AllowedMentions.none()
    if zones is not None:
        content = await _done_text(shell, match, zones, lang)
    else:
        assert offer is not None  # the service returns the offer while it waits for answers
        names = await shell.ui.text_names(match, lang)
        voters = humans([match.seats[s] for s in match.members_playing() if s != offer.seat])
        pinged = await shell.ui.pingable(match, voters, turn=True)
        mentions = " ".join(f"<@{uid}>" for uid in voters)
        key = "weekend.ask" if pause else "weekend.ask_stop"
        asked = t(
            lang, key, name=names[offer.seat], id=match.id, zones=zones_text(await shell.service.players_zones(match))
        )
        content = "\n".join([asked, t(lang, "weekend.ask_answer", mentions=mentions)])
        view = weekend_view(match, offer, lang)
        allowed = discord.AllowedMentions(users=[discord.Object(uid) for uid in pinged])
    if zones is not None:
        await shell.ui.publish_board(match, None, lang)
    await post_question(shell, interaction, match, content, view, allowed, "weekend.asked")


async def answer(shell: Shell, interaction: discord.Interaction, match_id: int, version: int, accept: bool) -> None:
    """A tap on Agree or Decline under a weekend question."""
    match, offer, zones = await shell.service.answer_weekend(
        match_id, interaction.user.id, accept=accept, version=version
    )
    lang, names, name = await answering(shell, interaction, match)
    if zones is not None:
        await settle(interaction, await _done_text(shell, match, zones, lang))
        # The turn post shows the turn's end: edited in place with the new one (nobody pinged).
        await shell.ui.publish_board(match, None, lang)
    elif offer is None:
        await settle(interaction, t(lang, "weekend.declined", name=name, id=match.id))
    else:
        waiting = ", ".join(f"**{names[s]}**" for s in match.members_playing() if s not in offer.accepted)
        await interaction.response.edit_message(
            content=t(lang, "weekend.partly", name=name, id=match.id, waiting=waiting),
            view=weekend_view(match, offer, lang),
        )
