"""The pace switch by consent: ``/plateau pace`` asks the other players to change the match's turn limit (live
minutes → play by post to finish at home, or back); they answer with one tap on :class:`PaceButton` (beside its
handler :func:`answer`).

The question goes to the match's channel, pinging only the members who must answer (as their ``/game notify``
allows), in words: the pace now, the pace asked, what the new pace means for pings, and what becomes of the
turn under way. The service decides everything else (:mod:`bot.app.matches.paces`). Once agreed (at once when
only the AI is asked, or when an event's organiser switches it), the change is published like any other: the
turn post is edited in place with its new deadline and the log line telling the new pace.

``/game`` already has Discord's 25 subcommands, hence ``/plateau pace``.
"""

from __future__ import annotations

import discord

from bot.app.clocks.deadlines import DEADLINE_CHOICES, is_live
from bot.app.clocks.game_clock import clock_runs, clock_setting
from bot.app.i18n import t
from bot.app.matches import Match, MatchError, PaceOffer, TurnReport
from bot.app.seats.ai import humans
from bot.app.telling.pace_words import pace_text
from bot.shell.components import AnswerButton
from bot.shell.consent.questions import answering, post_question, settle
from bot.shell.context import Shell
from bot.shell.display import public_language


class PaceButton(AnswerButton, kind="pace"):
    """Agree to, or decline, the pace switch asked at a given match version. The question holds while play goes
    on (a live game does not wait for it); the version names it."""

    async def run(self, interaction: discord.Interaction, shell: Shell) -> None:
        """Record the clicking player's answer."""
        await answer(shell, interaction, self.match_id, self.version, self.choice == "yes")


def pace_view(match: Match, offer: PaceOffer, lang: str) -> discord.ui.View:
    """Agree / Keep the pace buttons for the switch asked at ``offer.version``."""
    return PaceButton.yes_no(match.id, offer.version, t(lang, "button.pace_accept"), t(lang, "button.pace_decline"))


def question(match: Match, offer: PaceOffer, name: str, mentions: str, lang: str) -> str:
    """The question in words: who asks, the pace now and the one asked, what the new pace means for pings (and,
    going live, for the turn under way: see :func:`bot.app.matches.clock.change_limit`), then who must answer."""
    asked = t(
        lang,
        "pace.ask",
        name=name,
        id=match.id,
        old=pace_text(match.turn_limit, lang),
        new=pace_text(offer.limit, lang),
    )
    # With a game clock, "no deadline" is the clock alone: live play (see bot.app.clocks.game_clock.clock_runs).
    runs = clock_runs(offer.limit, match.options)
    note = "live" if is_live(offer.limit) or runs else "none" if offer.limit is None else "post"
    notes = [t(lang, f"pace.note.{note}")]
    if clock_setting(match.options) is not None:
        notes.append(t(lang, "clock.note_runs" if runs else "clock.note_stops"))
    if is_live(offer.limit):
        # Going by post, the minutes already used hardly count; going live, the turn may start again.
        notes.append(t(lang, "pace.note.turn"))
    return "\n".join([asked, *notes, t(lang, "pace.ask_answer", mentions=mentions)])


async def _done_text(shell: Shell, report: TurnReport, lang: str) -> str:
    """What an agreed (or an organiser's) switch says: the new pace and when the turn under way now ends."""
    match = report.match
    (entry,) = report.entries
    key = "pace.switched" if entry.seat is None else "pace.agreed"
    lines = [t(lang, key, id=match.id, new=pace_text(match.turn_limit, lang))]
    clocks = await shell.service.clocks(match.id)
    ends = [c.times.deadline for s, c in clocks.items() if s not in match.ai]
    if ends:
        lines.append(t(lang, "pace.turn_ends", when=discord.utils.format_dt(min(ends), "R")))
    return "\n".join(lines)


async def ask(
    shell: Shell, interaction: discord.Interaction, match_id: int | None, choice: str, *, organiser: bool
) -> None:
    """Ask the members playing a match to switch it to the pace ``choice`` (a key of
    :data:`bot.app.clocks.deadlines.DEADLINE_CHOICES`); an event's organiser (``organiser``) switches its game at
    once. The question goes to the match's channel; asked from elsewhere, the caller gets a private link."""
    if choice not in DEADLINE_CHOICES:
        raise MatchError("pace_unknown")
    found = await shell.pbp.find(interaction, match_id)
    match, offer, report = await shell.service.propose_pace(
        found.id, interaction.user.id, DEADLINE_CHOICES[choice], organiser=organiser
    )
    in_channel = interaction.channel_id == match.channel_id
    lang = public_language(interaction) if in_channel else shell.ui.channel_language(match)
    view: discord.ui.View | None = None
    allowed = discord.AllowedMentions.none()
    if report is not None:
        content = await _done_text(shell, report, lang)
    else:
        assert offer is not None  # the service returns the offer while it waits for answers
        names = await shell.ui.text_names(match, lang)
        voters = humans([match.seats[s] for s in match.members_playing() if s != offer.seat])
        pinged = await shell.ui.pingable(match, voters, turn=True)
        mentions = " ".join(f"<@{uid}>" for uid in voters)
        content = question(match, offer, names[offer.seat], mentions, lang)
        view = pace_view(match, offer, lang)
        allowed = discord.AllowedMentions(users=[discord.Object(uid) for uid in pinged])
    # Switched at once (only the AI to ask, or an organiser): the caller reads what the channel was told.
    await post_question(shell, interaction, match, content, view, allowed, "pace.asked")
    if report is not None:
        await shell.ui.publish_board(report.match, report, lang)


async def answer(shell: Shell, interaction: discord.Interaction, match_id: int, version: int, accept: bool) -> None:
    """A tap on Agree or Keep the pace under a pace question."""
    match, offer, report = await shell.service.answer_pace(
        match_id, interaction.user.id, accept=accept, version=version
    )
    lang, names, name = await answering(shell, interaction, match)
    if report is not None:
        await settle(interaction, await _done_text(shell, report, lang))
        await shell.ui.publish_board(report.match, report, lang)
    elif offer is None:
        kept = pace_text(match.turn_limit, lang)
        await settle(interaction, t(lang, "pace.declined", name=name, id=match.id, old=kept))
    else:
        waiting = ", ".join(f"**{names[s]}**" for s in match.members_playing() if s not in offer.accepted)
        await interaction.response.edit_message(
            content=t(lang, "pace.partly", name=name, id=match.id, new=pace_text(offer.limit, lang), waiting=waiting),
            view=pace_view(match, offer, lang),
        )
