"""Publishing a change: the posting policy's plan (:func:`bot.app.posting.plan`) carried out on Discord.

The turn post is edited or posted anew, the out-of-turn question asked or settled, private views sent,
the status card refreshed, and the interaction that made the change answered. It is answered by the change
itself when one of its steps fits and the drawing is done within :data:`ANSWER_WITHIN`, else acknowledged
before the slow work; later updates use channel and message ids, never old interaction tokens.
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Sequence
from dataclasses import dataclass, replace
from typing import Any, NamedTuple

import discord

from bot.app.i18n import language_of, t
from bot.app.matches import LogKind, Match, MatchService, MatchStatus, TurnReport
from bot.app.member_text import inert_names
from bot.app.posting import Plan, Situation, plan
from bot.app.seats.ai import humans
from bot.app.storage import PostRow
from bot.app.telling.narration import narrate, result_line, turn_line
from bot.app.telling.secret_setup import set_up_in_secret
from bot.shell.display import Display, board_files, kept_of, public_language, variant_label
from bot.shell.play.gather import Gathered, gather
from bot.shell.play.gather import situation as situation_of
from bot.shell.play.move_controls import move_controls
from bot.shell.play.private import PrivateViews
from bot.shell.play.status import sheet_digest
from bot.shell.play.turn_post import question_layout, seat_colour
from bot.shell.play.turn_views import TurnViews
from bot.shell.send import edit_post, send_post

log = logging.getLogger(__name__)

ANSWER_WITHIN = 2.0
"""Seconds after an interaction was created by which it is answered with its change (an edited or new turn
post); drawing slower than that, it is acknowledged first and the post changed after (Discord allows 3 s)."""


@dataclass(frozen=True, slots=True)
class Drawing:
    """The public board of a change: its PNG and alt text (one image per post; a game's second view of
    detail is opened on demand, see :mod:`bot.shell.play.details`)."""

    png: bytes
    alt: str

    def files(self) -> list[discord.File]:
        """Fresh attachments (each upload reads its file)."""
        return board_files(self.png, self.alt)


@dataclass(frozen=True, slots=True)
class Post:
    """What every layout of one change's turn post is built from."""

    facts: Gathered
    lang: str
    drawing: Drawing
    asking: bool
    """An out-of-turn question is asked beside the post: the moves are offered there, not on the post."""
    repost: bool
    """The board posted again (``/game board``): nobody pinged."""


class Placed(NamedTuple):
    """What came of placing a turn post (see :meth:`Publisher._place`)."""

    post_id: int
    start: int
    """The ply the post's story starts after."""
    since: int
    """The ply the post's turn began at."""
    steps: Plan
    """The plan as carried out: an edit Discord refused becomes a new post, the refused one retired."""
    anew: bool
    """A new post (else the kept one edited in place)."""


class Publisher:
    """Carries out the messaging plan of each change (see the module docstring)."""

    def __init__(
        self, bot: discord.Client, service: MatchService, display: Display, views: TurnViews, private: PrivateViews
    ) -> None:
        self.bot = bot
        self.service = service
        self.display = display
        self.views = views
        self.private = private
        self._quiet: set[int] = set()
        """Interactions deferred without a word (see :meth:`_acknowledge`), whose deferral goes once answered."""

    async def publish_board(self, match: Match, report: TurnReport | None, lang: str) -> int | None:
        """Publish a change made without an interaction at hand (a deadline, a vote, an AI, a DM button):
        the turn post is edited or a new one posted, as :mod:`bot.app.posting` decides. Returns the post's id."""
        return await self.deliver(match, report, lang)

    async def post_board(
        self, interaction: discord.Interaction, report: TurnReport, *, elsewhere: bool = False
    ) -> None:
        """Publish a change made by an interaction, and answer it.

        The answer is a step of the change when one fits (:data:`bot.app.posting.Answer`): a click on the turn
        post is answered by editing that post, a command in the match's channel that starts a new turn by
        the new turn post. A command whose change edits the post in the match's own channel is deferred and
        its deferral deleted: the edited post, right there, answers it. Otherwise the interaction is
        acknowledged privately (see :func:`done_text`: a short word in the match's own channel, a masked link
        elsewhere): a secret set-up, which the post does not show (:func:`set_up_in_secret`), one made
        ``elsewhere`` (a button in a DM, answered privately already); another secret shows in the post in public
        form, answered as a public move (:func:`_defer_secret`). An interaction answered already (a confirmation)
        in the match's channel has its private message deleted once the post shows the change; elsewhere it gets
        the acknowledgement as a follow-up.
        """
        match = report.match
        # Only a secret set-up gets a word: one per bonus face down piled up under the post on phones (issue 39).
        in_channel = interaction.channel_id == match.channel_id and not (set_up_in_secret(report) or elsewhere)
        lang = public_language(interaction) if in_channel else self.display.channel_language(match)
        if not interaction.response.is_done():
            if in_channel and await _defer_secret(interaction, report):
                self._quiet.add(interaction.id)
            await self.deliver(match, report, lang, interaction=interaction, private=not in_channel)
            return
        post = await self.deliver(match, report, lang)
        if in_channel:
            # A confirmation in the match's channel (the menu's private steps): the post answers, right there;
            # the private steps' message goes rather than turn into a "Done." with a link (a public question
            # answered already, such as a draw's, stays as its answer made it).
            if _private_answer(interaction):
                await _forget_answer(interaction)
            return
        await interaction.followup.send(
            done_text(interaction, match, self.display.post_link(match, post), secret=not in_channel), ephemeral=True
        )

    async def repost(self, interaction: discord.Interaction, match: Match) -> None:
        """``/game board``: the current turn post again, as a new message that pings nobody."""
        await interaction.response.defer(thinking=True)
        lang = public_language(interaction)
        await self.deliver(match, None, lang, interaction=interaction, repost=True)

    async def deliver(
        self,
        match: Match,
        report: TurnReport | None,
        lang: str,
        *,
        interaction: discord.Interaction | None = None,
        repost: bool = False,
        private: bool = False,
    ) -> int | None:
        """Carry out the messaging plan of a change: edit or post the turn post, ask or settle the out-of-turn
        question, send or edit private views, refresh the status card, and answer ``interaction`` (the one
        that made the change, if it waits for its answer; ``private``: only privately). Returns the turn
        post's id."""
        facts = await gather(
            self.service, self.display, match, report, lang, story_kept=self.views.tells(match, report)
        )
        situation = situation_of(facts, repost=repost, interaction=interaction, private=private)
        steps = plan(situation)
        answering = interaction if steps.answer != "none" else None
        if answering is not None and steps.answer == "ack":
            # Said at once (the change is saved), before the slower rendering and posting.
            await self._acknowledge(answering, match, steps, private=situation.via == "private")
            answering = None
        try:
            return await self._carry_out(match, report, lang, facts, situation, steps, answering, interaction, repost)
        finally:
            if interaction is not None and interaction.id in self._quiet:
                # Deferred without a word (see _acknowledge): the change shows in the post, the deferral goes.
                self._quiet.discard(interaction.id)
                await _forget_answer(interaction)

    async def _carry_out(
        self,
        match: Match,
        report: TurnReport | None,
        lang: str,
        facts: Gathered,
        situation: Situation,
        steps: Plan,
        answering: discord.Interaction | None,
        interaction: discord.Interaction | None,
        repost: bool,
    ) -> int | None:
        """The plan of :meth:`deliver` carried out, once the interaction is acknowledged if it had to be."""
        settled: set[int] = set()
        if answering is not None and steps.answer == "settle":
            # Answered with the question's own button: its response turns it into the answer, first.
            await self._questions(match, report, lang, facts, steps, settled, answering, ask=False)
            answering = None
        drawing, answering = await self._draw(match, facts.names, lang, report, steps, answering)
        card_first = steps.status == "edit" and match.status_message_id is None and match.lobby_message_id is None
        if card_first:
            # A match opened without a lobby card (an event's): its status card goes above its first post.
            await self._show_status(match, facts)
        post = Post(facts, lang, drawing, asking=any(q.action == "ask" for q in steps.questions), repost=repost)
        post_id, start, since, steps, anew = await self._place(post, steps, situation, answering, interaction)
        kept = ",".join(map(str, steps.turn.key)) + f";{start};{since}"
        shown = PostRow("turn", 0, match.channel_id, post_id, kept, facts.number)
        await self.service.record_post(
            match.id, shown, board=post_id if anew else None, announced=None if repost else match.version
        )
        if anew:
            match = replace(match, board_message_id=post_id)
        await self._questions(match, report, lang, facts, steps, settled)
        if steps.status == "edit" and not card_first:
            await self._show_status(match, facts)
        if steps.parent is not None and facts.kept.parent is not None:
            await self._close_parent_line(match, facts.kept.parent, facts.names, lang)
        if steps.dms or (match.game.has_hidden_info and situation.unreachable):
            dms = (facts.kept.dms, facts.unreachable)
            await self.private.deliver_private_views(
                match, lang, report, steps.dms, known=dms, palettes=facts.palettes, noticed=facts.noticed, own=facts.own
            )
        if repost:
            return post_id
        self.bot.dispatch("match_changed", match)
        # The desk (bot.shell.desk) redraws its members' desks, and tells those whose pings go elsewhere.
        self.bot.dispatch("match_published", match, report, steps, facts.pings)
        if match.status is not MatchStatus.ACTIVE:
            # Listeners (tournaments) learn that a match is over: ``on_match_finished(match)``.
            self.views.forget(match.id)
            self.bot.dispatch("match_finished", match)
        return post_id

    async def _draw(
        self,
        match: Match,
        names: Sequence[str],
        lang: str,
        report: TurnReport | None,
        steps: Plan,
        answering: discord.Interaction | None,
    ) -> tuple[Drawing, discord.Interaction | None]:
        """The board drawn; ``answering`` (still waiting for the change as its answer) is answered at once
        when the drawing would make it wait too long, and then no longer returned."""
        images = asyncio.ensure_future(self._images(match, names, lang, report))
        if answering is not None and not await in_time(images, answering):
            # Too slow to answer with the change itself within Discord's 3 s: answered now, changed after.
            if steps.answer == "post":
                await self._acknowledge(answering, match, steps, private=False)
            else:
                await answering.response.defer()  # DEFERRED_UPDATE_MESSAGE: the clicked post changes below
            answering = None
        return Drawing(*await images), answering

    async def _place(
        self,
        post: Post,
        steps: Plan,
        situation: Situation,
        answering: discord.Interaction | None,
        interaction: discord.Interaction | None,
    ) -> Placed:
        """Edit the turn post in place, or post it anew (retiring the old one) as the plan says."""
        match, report = post.facts.match, post.facts.report
        # The post counts turns as /game status and /game history do (bot.app.telling.turns), not as the plan does:
        # the count each save keeps with the match, so that no move replays the whole log.
        number = post.facts.number
        start = post.facts.kept.start
        since = post.facts.kept.since if post.facts.kept.since is not None else match.version
        # After an undo the position jumped back: the post's story starts again from there.
        undone = report is not None and any(e.kind is LogKind.UNDO for e in report.entries)
        if undone:
            start = since = match.version
        refused = False
        if steps.post == "edit" and steps.turn.message_id is not None:
            layout = await self._layout(post, number=number, key=steps.turn.key, start=start, edit=True)
            respond = answering if steps.answer == "edit" else None
            edited = await edit_post(self.bot, match, steps.turn.message_id, layout, post.drawing.files(), respond)
            if edited == "edited":
                return Placed(steps.turn.message_id, start, since, steps, anew=False)
            if edited == "refused":
                refused = True
                # Discord refuses some edits that bring a new image into a post's gallery (HTTP 400, "unfurled
                # media attachment not found"): the turn is posted anew below, and the refused post, which still
                # exists, is retired (loses its controls, keeps its picture) as when a turn passes.
                steps = replace(steps, retire=steps.turn.message_id, answer="retire" if respond else steps.answer)
        # Each event is told once across the posts, in order: a new turn's post tells the turn before it, from
        # the moment that turn began (so the player to act reads what happened since their own turn), and the
        # post it retires goes back to the story it had when its turn began (its player's own moves since are
        # the new post's). A post made again in the same turn (asked for, handed over, refused) tells the same.
        shown = situation.turn
        turned = (
            report is not None
            and not post.repost
            and not undone
            and not refused
            and (shown is None or shown.key != steps.turn.key)
        )
        began = post.facts.kept.since if turned and shown is not None else None
        old: discord.ui.LayoutView | None = None
        if steps.retire is not None and shown is not None:
            old = await self._layout(post, number=shown.number, key=shown.key, start=start, retired=True, until=began)
        if turned and report is not None:
            first = match.version - len(report.entries)
            # With any number of players: each event in one post (issue 39), never again in the posts of the
            # players who decide after it; the thread above holds the earlier turns.
            start = began if began is not None and start <= began <= first else first
            since = match.version
        layout = await self._layout(post, number=number, key=steps.turn.key, start=start)
        mentions = discord.AllowedMentions(
            users=[discord.Object(uid) for uid in humans(steps.ping)],
            roles=False,
            everyone=False,
            replied_user=False,
        )
        if old is not None and steps.retire is not None and steps.answer != "post":
            # The retired post keeps its picture: the new post just below shows the position now.
            respond = answering if steps.answer == "retire" else None
            await edit_post(self.bot, match, steps.retire, old, None, respond)
        respond = answering if steps.answer == "post" else interaction if post.repost else None
        post_id = await send_post(self.bot, self.display, match, layout, post.drawing.files(), mentions, respond)
        if old is not None and steps.retire is not None and steps.answer == "post":
            await edit_post(self.bot, match, steps.retire, old, None, None)
        return Placed(post_id, start, since, steps, anew=True)

    async def _layout(
        self,
        post: Post,
        *,
        number: int,
        key: tuple[int, ...],
        start: int,
        edit: bool = False,
        retired: bool = False,
        until: int | None = None,
    ) -> discord.ui.LayoutView:
        """A turn post's layout: a new post (its players mentioned, unless posted again), the post edited in
        place (nobody mentioned again), or the ``retired`` post of a turn gone by (no controls)."""
        return await self.views.post_view(
            post.facts.match, post.lang, post.facts.names, number=number, key=key, start=start,
            report=post.facts.report, until=until, alt=post.drawing.alt, current=not retired,
            mentions=not (edit or retired or post.repost), asking=post.asking and not retired,
            reads=post.facts.post, history=post.facts.history,
        )  # fmt: skip

    async def _images(
        self, match: Match, names: Sequence[str], lang: str, report: TurnReport | None
    ) -> tuple[bytes, str]:
        """The public board (PNG) and its alt text, drawn off the loop."""
        return await self.display.render(match, None, names, lang, report)

    async def close_parent_line(self, match: Match, lang: str) -> None:
        """A match ended without a turn post to publish (an abort): its parent channel's line, if it still
        invites players, says so."""
        line = kept_of(match, await self.service.posts(match.id)).parent
        if line is not None:
            await self._close_parent_line(match, line, await self.display.names(match), lang)

    async def _close_parent_line(self, match: Match, line: PostRow, names: Sequence[str], lang: str) -> None:
        """Edit the line that invited players into the match's thread: the match is over, and it says how."""
        result = result_line(match.result, inert_names(names), lang) if match.result is not None else None
        game = variant_label(match, lang)
        thread = f"<#{match.channel_id}>"
        text = (
            t(lang, "lobby.thread_over", game=game, id=match.id, thread=thread, result=result)
            if result is not None
            else t(lang, "lobby.thread_closed", game=game, id=match.id, thread=thread)
        )
        # Marked first: a line that cannot be edited is not tried again at every later publication.
        await self.service.set_post(match.id, replace(line, detail="done"))
        await self.display.edit_message(line.channel_id, line.message_id or 0, content=text)

    async def _acknowledge(self, interaction: discord.Interaction, match: Match, steps: Plan, *, private: bool) -> None:
        """The private acknowledgement of a change, with a link to where it shows (the post it edits, or the
        channel when a new post is on its way); in the match's own channel, where the post shows the change
        right there, none: the interaction is deferred, and the deferral deleted once the post is changed."""
        if not private and interaction.channel_id == match.channel_id:
            if interaction.type is discord.InteractionType.component:
                # No loading state; a private message clicked on (a confirmation) goes once the post changed.
                await interaction.response.defer()
            else:
                await interaction.response.defer(ephemeral=True, thinking=True)
            if _private_answer(interaction):
                self._quiet.add(interaction.id)
            return
        link = (
            self.display.post_link(match, steps.turn.message_id)
            if steps.post == "edit"
            else self.display.channel_link(match)
        )
        await interaction.response.send_message(done_text(interaction, match, link, secret=private), ephemeral=True)

    async def _questions(
        self,
        match: Match,
        report: TurnReport | None,
        lang: str,
        facts: Gathered,
        steps: Plan,
        settled: set[int],
        click: discord.Interaction | None = None,
        *,
        ask: bool = True,
    ) -> None:
        """Settle the kept out-of-turn question (edited to its answer; through ``click``'s response when given,
        a click on it) and, if ``ask``, ask the new one. A question settled already (in ``settled``, the
        questions this publication settled) is not settled again."""
        names = facts.names
        for step in steps.questions:
            if step.action == "settle" and step.message_id is not None:
                if facts.kept.question is None or facts.kept.question.message_id != step.message_id:
                    continue
                if step.message_id in settled:
                    continue
                settled.add(step.message_id)
                told = narrate(match, report.previous_state, report.entries, inert_names(names), lang) if report else []
                text = "\n".join(told[:3]) or t(lang, "question.settled")
                colour = seat_colour(match.game.id, step.seats[0] if step.seats else None)
                answered = question_layout(text, colour=colour)
                if click is not None and not click.response.is_done():
                    await click.response.edit_message(view=answered)
                else:
                    await self.display.edit_message(
                        match.channel_id,
                        step.message_id,
                        view=answered,
                        allowed_mentions=discord.AllowedMentions.none(),
                    )
                await self.service.drop_post(match.id, "question", 0)
            elif step.action == "ask" and ask:
                text = turn_line(match, lang)
                layout = question_layout(
                    text, move_controls(match, lang), seat_colour(match.game.id, step.seats[0] if step.seats else None)
                )
                mentions = discord.AllowedMentions(
                    users=[discord.Object(uid) for uid in humans(step.ping)], roles=False
                )
                message = await self.bot.get_partial_messageable(match.channel_id).send(
                    view=layout, allowed_mentions=mentions
                )
                detail = ",".join(map(str, step.seats))
                await self.service.set_post(match.id, PostRow("question", 0, match.channel_id, message.id, detail))

    async def refresh_status(self, match: Match) -> None:
        """Edit the match's status card in place, or make it the first time; what it shows is remembered, so
        that it is edited again only when that changes.

        The lobby card becomes the status card when the match starts: it already sits above the first turn
        post, with the players and the commitment to the seed. A new message only when there is none.
        """
        match = await self.service.get(match.id)
        await self._place_status(match, await self.views.sheet(match))

    async def _show_status(self, match: Match, facts: Gathered) -> None:
        """:meth:`refresh_status` with the card publishing gathered (no read)."""
        assert facts.card is not None
        await self._place_status(match, facts.card)

    async def _place_status(self, match: Match, embed: discord.Embed) -> None:
        """Edit the status card to ``embed``, or post it (see :meth:`refresh_status`)."""
        message_id = match.status_message_id or match.lobby_message_id
        if message_id is not None:
            try:
                await (
                    self.bot.get_partial_messageable(match.channel_id).get_partial_message(message_id).edit(embed=embed)
                )
            except discord.HTTPException:
                log.info("status message of match %s is gone; posting a new one", match.id)
                message_id = None
        if message_id is None:
            if match.status is not MatchStatus.ACTIVE:
                return
            try:
                message = await self.bot.get_partial_messageable(match.channel_id).send(
                    embed=embed, allowed_mentions=discord.AllowedMentions.none()
                )
            except discord.HTTPException:
                log.info("status message of match %s could not be posted", match.id)
                return
            message_id = message.id
        # One write: what the card shows, and which message it is when that changed (a lobby card become the
        # status card, or a new card for one gone).
        shown = PostRow("status", 0, match.channel_id, message_id, sheet_digest(embed))
        await self.service.record_post(
            match.id, shown, status=message_id if match.status_message_id != message_id else None
        )


async def _defer_secret(interaction: discord.Interaction, report: TurnReport) -> bool:
    """Defer a command whose change is secret privately, and say so: it is never answered by a public post, above
    which the command, naming the secret, would show. Its deferral goes once the post shows the change."""
    if not report.secret or interaction.type is discord.InteractionType.component:
        return False
    await interaction.response.defer(ephemeral=True, thinking=True)
    return True


def _private_answer(interaction: discord.Interaction) -> bool:
    """Whether the interaction's original answer is private to its author: a command's (deferred privately), or
    the private message a button was clicked on; never a public message, which is not ours to delete here."""
    if interaction.type is not discord.InteractionType.component:
        return True
    message = interaction.message
    return message is not None and message.flags.ephemeral


async def _forget_answer(interaction: discord.Interaction) -> None:
    """Delete the interaction's original answer (a deferral, or the private message a confirmation was on)."""
    try:
        await interaction.delete_original_response()
    except discord.HTTPException:
        log.info("the answer to interaction %s could not be deleted", interaction.id)


def done_text(interaction: discord.Interaction, match: Match, link: str, *, secret: bool) -> str:
    """The private acknowledgement of a change: a short word inside the match's own channel or thread (a secret
    change, which the post does not show), elsewhere (a DM) with a masked link to where the change shows."""
    lang = language_of(interaction.locale)
    if interaction.channel_id == match.channel_id:
        return t(lang, "move.secret_here" if secret else "move.played_here")
    return t(lang, "move.done_privately" if secret else "move.played", link=link)


async def in_time(work: asyncio.Future[Any], interaction: discord.Interaction) -> bool:
    """Whether ``work`` is done in time to answer ``interaction`` with its result (see ANSWER_WITHIN)."""
    age = (discord.utils.utcnow() - interaction.created_at).total_seconds()
    left = ANSWER_WITHIN - max(age, 0.0)
    if left <= 0:
        return work.done()
    done, _ = await asyncio.wait({work}, timeout=left)
    return bool(done)
