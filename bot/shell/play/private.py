"""Private views: each player's own board, by DM or, when DMs are closed, ephemerally behind a button; and
the secret set-up prompt that comes with it (its buttons: piece by piece (:mod:`bot.shell.play.setup`), a
form, or a random arrangement).

The buttons (:class:`PrivateViewButton`, :class:`SetupButton`) and the form's listener
(:func:`on_setup_form`) sit here beside the handlers they call.
"""

from __future__ import annotations

import logging
import re
from collections.abc import Mapping, Sequence
from typing import Any, ClassVar

import discord

from bot.app.i18n import language_of, t
from bot.app.matches import Match, MatchError, MatchService, TurnReport
from bot.app.posting import DMStep, PrivateDM, private_digest
from bot.app.seats.ai import humans, is_ai
from bot.app.storage import PostRow
from bot.app.telling.game_words import words_for
from bot.app.telling.secret_setup import needs_setup, setup_order, setup_prompt
from bot.app.telling.words import private_words
from bot.shell.components import PREFIX, ChoiceButton, MatchButton
from bot.shell.context import Shell, shell_of
from bot.shell.display import Display, Palette, board_image, public_language, variant_label
from bot.shell.errors import reply_error
from bot.shell.numbers import id_number
from bot.shell.play.asked import own_text
from bot.shell.play.move_controls import secret_move
from bot.shell.play.setup import pick_button

log = logging.getLogger(__name__)

DM_CLOSED_CODES = frozenset({50007, 50278})


class PrivateViewButton(MatchButton, kind="pv", style=discord.ButtonStyle.primary, emoji="🔒", label="Show my view"):
    """Shows the clicking player their private view, ephemerally (the fallback when DMs are closed)."""

    async def run(self, interaction: discord.Interaction, shell: Shell) -> None:
        """Answer with the clicker's private view."""
        await shell.ui.private.show_private_view(interaction, self.match_id)


class SetupButton(ChoiceButton, template=rf"{PREFIX}:setup:(?P<choice>random|choose):(?P<match>[0-9]+)"):
    """Answers a secret set-up prompt: a random arrangement, or a form to type one.

    It carries no version: the two players set up in either order, and the engine refuses a second set-up.
    """

    KIND = "setup"
    STYLES: ClassVar[Mapping[str, discord.ButtonStyle]] = {"choose": discord.ButtonStyle.primary}

    def __init__(self, mode: str, match_id: int, label: str) -> None:
        super().__init__(mode, match_id, label=label)
        self.match_id = match_id

    async def run(self, interaction: discord.Interaction, shell: Shell) -> None:
        """Draw a random arrangement, or open the form."""
        if self.choice == "random":
            await secret_move(shell, interaction, self.match_id, "setup random")
        else:
            await shell.ui.private.open_setup_form(interaction, self.match_id)


class SetupForm(discord.ui.Modal):
    """The form of a secret set-up: the nine values in the order the prompt gives.

    discord.py routes a submitted form only to a modal object kept in memory, which a restart loses. So
    this one is never kept (it is stopped before it is shown): every submission, before or after a
    restart, is answered by :func:`on_setup_form` from its custom id alone.
    """

    def __init__(self, match_id: int, title: str, label: str, placeholder: str) -> None:
        super().__init__(title=title[:45], custom_id=f"{PREFIX}:setupform:{match_id}", timeout=None)
        self.match_id = match_id
        self.values: discord.ui.TextInput[SetupForm] = discord.ui.TextInput(
            label=label[:45], placeholder=placeholder[:100], min_length=9, max_length=30, custom_id="values"
        )
        self.add_item(self.values)
        self.stop()


SETUP_FORM = re.compile(rf"{PREFIX}:setupform:(?P<match>[0-9]+)")


def _submitted(components: Any, custom_id: str) -> str | None:
    """The value typed in the field ``custom_id`` of a submitted form (fields may sit in rows or labels)."""
    if isinstance(components, list):
        for item in components:
            found = _submitted(item, custom_id)
            if found is not None:
                return found
    elif isinstance(components, dict):
        if components.get("custom_id") == custom_id and "value" in components:
            return str(components["value"])
        for key in ("components", "component"):
            if key in components:
                found = _submitted(components[key], custom_id)
                if found is not None:
                    return found
    return None


async def on_setup_form(interaction: discord.Interaction) -> None:
    """Play a submitted set-up form as the submitting player's set-up (an ``on_interaction`` listener)."""
    if interaction.type is not discord.InteractionType.modal_submit:
        return
    data: Any = interaction.data or {}
    found = SETUP_FORM.fullmatch(str(data.get("custom_id", "")))
    if found is None:
        return
    try:
        value = _submitted(data.get("components", []), "values") or ""
        await secret_move(shell_of(interaction), interaction, id_number(found["match"]), f"setup {value}")
    except Exception as error:
        await reply_error(interaction, error)


class PrivateViews:
    """Sends, edits and shows the players' private views (see the module docstring)."""

    def __init__(self, bot: discord.Client, service: MatchService, display: Display) -> None:
        self.bot = bot
        self.service = service
        self.display = display

    async def open_setup_form(self, interaction: discord.Interaction, match_id: int) -> None:
        """Show the secret set-up form to a player who still has to place their pieces."""
        match = await self.service.get(match_id)
        seat = match.seat_of(interaction.user.id)
        if seat is None:
            raise MatchError("not_seated")
        if not needs_setup(match, seat):
            raise MatchError("setup_done")
        lang = language_of(interaction.locale)
        order = setup_order(match, seat)
        form = SetupForm(
            match.id,
            t(lang, "setup.form_title", id=match.id),
            t(lang, "setup.form_label", cells=order),
            t(lang, "setup.form_placeholder", cells=order),
        )
        await interaction.response.send_modal(form)

    def setup_buttons(self, match: Match, lang: str, view: discord.ui.View) -> None:
        """Add the answers of a set-up prompt to ``view``: piece by piece with a menu (when the game offers
        it), the form, or a random arrangement."""
        setup = words_for(match.game.id).setup
        if setup is not None and setup.slots is not None:
            view.add_item(pick_button(match.id, lang))
        labels = {"choose": t(lang, "button.setup_choose"), "random": t(lang, "button.setup_random")}
        SetupButton.choices(labels, match.id, view=view)

    async def send_private(
        self,
        user_id: int,
        match: Match,
        lang: str,
        report: TurnReport | None = None,
        *,
        edit: PrivateDM | None = None,
        closed: bool | None = None,
        palette: Palette | None = None,
        own: str | None = None,
    ) -> bool:
        """DM ``user_id`` their private view of ``match`` (with ``edit``, edit that DM in place instead, or
        send a new one if it is gone); False when their DMs are closed. ``closed`` (their DMs known closed),
        ``palette`` (their view's) and ``own`` (their orders and why they are asked) when the caller read them
        already; else read here."""
        if closed if closed is not None else await self.display.dm_known_closed(user_id):
            return False
        seat = match.seat_of(user_id)
        names = await self.display.names(match)
        png, alt = await self.display.render(match, seat, names, lang, report, palette=palette)
        content = t(
            lang, "private.dm", game=variant_label(match, lang), id=match.id, link=self.display.post_link(match)
        )
        if secrets := private_words(match.game, match.state, seat, lang):
            content += "\n" + secrets
        content += own if own is not None else await own_text(self.service, match, user_id, lang)
        buttons: discord.ui.View | None = None
        if needs_setup(match, seat):
            assert seat is not None
            content += "\n\n" + setup_prompt(match, seat, lang)
            buttons = discord.ui.View(timeout=None)
            self.setup_buttons(match, lang, buttons)
        if edit is not None and edit.channel_id is not None and edit.message_id is not None:
            try:
                await (
                    self.bot.get_partial_messageable(edit.channel_id, type=discord.ChannelType.private)
                    .get_partial_message(edit.message_id)
                    .edit(content=content[:2000], attachments=[board_image(png, alt)], view=buttons)
                )
                return True
            except discord.HTTPException:
                log.info("private view DM %s of user %s is gone; sending a new one", edit.message_id, user_id)
        try:
            user = self.bot.get_user(user_id) or await self.bot.fetch_user(user_id)
            extra: dict[str, Any] = {} if buttons is None else {"view": buttons}
            message = await user.send(content[:2000], file=board_image(png, alt), **extra)
        except discord.Forbidden as exc:
            if exc.code not in DM_CLOSED_CODES:
                raise
            await self.service.set_user_pref(user_id, "dm_closed", discord.utils.utcnow().isoformat())
            return False
        await self.service.set_user_pref(user_id, "dm_closed", None)
        digest = private_digest(match.state.view_for(seat), match.state.view_for(None))
        await self.service.set_post(match.id, PostRow("dm", user_id, message.channel.id, message.id, digest))
        return True

    async def deliver_private_views(
        self,
        match: Match,
        lang: str,
        report: TurnReport | None = None,
        steps: Sequence[DMStep] | None = None,
        *,
        known: tuple[Mapping[int, PrivateDM], frozenset[int]] | None = None,
        palettes: Mapping[int, Palette] | None = None,
        noticed: frozenset[int] | None = None,
        own: Mapping[int, str] | None = None,
    ) -> None:
        """Send or edit the private views ``steps`` name (all players when None); a button for those whose
        DMs are closed, announced once per match. ``known``: the DMs kept and the players whose DMs were
        found closed, ``palettes`` each seat's palette, ``noticed`` the players told already that their DMs
        are closed and ``own`` each player's own lines, when the caller has read them (publishing gathers them);
        else read here."""
        if steps is None:
            steps = [DMStep(uid, "new", None, "") for uid in humans(match.seats)]
        steps = [step for step in steps if not is_ai(step.user_id)]
        kept: Mapping[int, PrivateDM]
        if known is None:
            unreachable = [uid for uid in humans(match.seats) if await self.display.dm_known_closed(uid)]
            kept = (await self.display.kept(match)).dms
        else:
            unreachable = [uid for uid in humans(match.seats) if uid in known[1]]
            kept = known[0]
        for step in steps:
            previous = kept.get(step.user_id)
            edit = previous if step.action == "edit" else None
            seat = match.seat_of(step.user_id)
            sent = await self.send_private(
                step.user_id,
                match,
                lang,
                report,
                edit=edit,
                closed=None if known is None else step.user_id in known[1],
                palette=None if palettes is None or seat is None else palettes.get(seat),
                own=None if own is None else own.get(step.user_id, ""),
            )
            if not sent:
                unreachable.append(step.user_id)
            elif edit is None and previous is not None and previous.message_id is not None:
                # A new DM (news) replaces the older one: one private view per match and player.
                try:
                    channel = self.bot.get_partial_messageable(
                        previous.channel_id or 0, type=discord.ChannelType.private
                    )
                    await channel.get_partial_message(previous.message_id).delete()
                except discord.HTTPException:
                    log.info("older private view DM %s could not be deleted", previous.message_id)
            elif edit is not None:
                await self.service.set_post(
                    match.id, PostRow("dm", step.user_id, edit.channel_id, edit.message_id, step.digest)
                )
        await self._announce_fallback_once(match, list(dict.fromkeys(unreachable)), lang, noticed)

    async def _announce_fallback_once(
        self, match: Match, user_ids: Sequence[int], lang: str, noticed: frozenset[int] | None = None
    ) -> None:
        """The fallback notice for ``user_ids``, each named in it at most once per match (``noticed``: those
        named already, when the caller read them)."""
        if noticed is None:
            noticed = frozenset([uid for uid in user_ids if await self.display.noticed(match, uid)])
        first_time = [uid for uid in user_ids if uid not in noticed]
        for uid in first_time:
            await self.service.set_user_pref(uid, f"notice:{match.id}", "1")
        if first_time:
            await self._announce_fallback(match, first_time, lang)

    async def _announce_fallback(self, match: Match, user_ids: Sequence[int], lang: str) -> None:
        """A notice in the match's channel, revealing nothing, with the button that shows a private view."""
        view = discord.ui.View(timeout=None)
        view.add_item(PrivateViewButton(match.id, t(lang, "button.private_view")))
        mentions = " ".join(f"<@{uid}>" for uid in user_ids)
        await self.bot.get_partial_messageable(match.channel_id).send(
            t(lang, "private.fallback_notice", mentions=mentions),
            view=view,
            allowed_mentions=discord.AllowedMentions(users=[discord.Object(u) for u in user_ids]),
        )

    async def request_private_view(self, interaction: discord.Interaction) -> None:
        """``/game view``: DM the user their view; fall back to an ephemeral copy with a button."""
        match = await self.display.require_current(interaction)
        user_lang = language_of(interaction.locale)
        if match.seat_of(interaction.user.id) is None:
            raise MatchError("not_seated")
        await interaction.response.defer(ephemeral=True, thinking=True)
        if await self.send_private(interaction.user.id, match, user_lang):
            await interaction.followup.send(t(user_lang, "private.sent"), ephemeral=True)
            return
        await self._send_private_ephemeral(interaction, match, user_lang, closed=True)
        await self._announce_fallback_once(match, [interaction.user.id], public_language(interaction))

    async def show_private_view(self, interaction: discord.Interaction, match_id: int) -> None:
        """The private-view button: an ephemeral copy for a seated player."""
        match = await self.service.get(match_id)
        if match.seat_of(interaction.user.id) is None:
            raise MatchError("not_seated")
        await interaction.response.defer(ephemeral=True, thinking=True)
        await self._send_private_ephemeral(interaction, match, language_of(interaction.locale), closed=False)

    async def _send_private_ephemeral(
        self, interaction: discord.Interaction, match: Match, lang: str, *, closed: bool
    ) -> None:
        names = await self.display.names(match)
        seat = match.seat_of(interaction.user.id)
        file = await self.display.board_file(match, seat, names, lang)
        view = discord.ui.View(timeout=None)
        view.add_item(PrivateViewButton(match.id, t(lang, "button.private_view_again")))
        text = t(lang, "private.ephemeral_closed" if closed else "private.ephemeral", id=match.id)
        if secrets := private_words(match.game, match.state, seat, lang):
            text += "\n" + secrets
        text += await own_text(self.service, match, interaction.user.id, lang)
        if needs_setup(match, seat):
            assert seat is not None
            text += "\n\n" + setup_prompt(match, seat, lang)
            self.setup_buttons(match, lang, view)
        await interaction.followup.send(text[:2000], file=file, view=view, ephemeral=True)

    # Rematch.
