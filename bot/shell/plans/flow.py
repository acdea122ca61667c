"""The plan flow: a button opens the member's plan privately, one menu per roll ("If I roll 2 → …") or a reply
menu then an answer menu ("If bob plays … → …"), pre-filled with the judge's suggestions in an unrated match;
**Save** keeps it, **Cancel my plan** forgets it. Every message here is ephemeral: only the member sees it.

A roll plan reaches as many turns as its rule set allows (four in Ur's Variante 1 and 2, three elsewhere):
**Turn after ▸** pages from a move planned to the menus of the rolls of the turn after it, and from there to the
turn after that, and so on (:mod:`bot.app.plans.pages`; a phone shows four menus and a row of buttons at most);
a reply plan reaches two, with two more menus under the answer for the next reply and its answer.

A reply plan's draft rides in the custom ids, a roll plan's is kept in the store under a token the ids carry
(:mod:`.draft`), each with the match version the form was made at: a pick on a form the game has passed is refused
as a stale board, and no plan is stored until **Save**.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Coroutine
from typing import Any, ClassVar

import discord

from bot.app.i18n import language_of, t
from bot.app.matches import BoardChangedError, Match, MatchError, MatchStatus
from bot.app.plans import pages
from bot.app.plans.desk import Choice, PlanDesk, PlanForm, answered_at
from bot.app.plans.follow import PLAYED
from bot.app.plans.model import Plan
from bot.app.plans.turns import ANY, tail
from bot.shell.components import PREFIX, ChoiceButton, MenuOptions, PlateauSelect
from bot.shell.context import Shell
from bot.shell.numbers import ascii_number, id_number
from bot.shell.plans.deeper import PARTS, deeper_pick, levels_of, page_content
from bot.shell.plans.draft import MAX_LINES, Draft, RollDraft, branches_of, draft_of, firsts, stored
from bot.shell.plans.second import pending_line, second_pick, turn_branches, with_seconds
from bot.shell.plans.words import opponent, plan_lines, reply_words, said, standing_text, told_words, turn_words

MAX_ROLL_MENUS = 4
"""Roll menus on one form: Discord allows five rows, the last holds the buttons."""
MAX_OPTIONS = 25
"""Options of one Discord menu."""


def desk_of(shell: Shell) -> PlanDesk:
    """The plan desk of the running bot (built beside the match service in ``setup_hook``)."""
    desk = getattr(shell.client, "plans", None)
    if not isinstance(desk, PlanDesk):
        raise RuntimeError("the bot has no plan desk")
    return desk


def plannable(match: Match) -> bool:
    """True when a plan may be offered under the match's turn post: a two-seat match being played (plans are
    keyed on the one opponent's reply, or on one's own roll)."""
    return len(match.seats) == 2


class PlanButton(
    ChoiceButton,
    template=rf"{PREFIX}:plan:(?P<choice>open|save|cancel|page):(?P<match>[0-9]+):(?P<ver>[0-9]+):(?P<draft>[0-9s._-]*)",
):
    """``open`` the clicking member's plan form (from the turn post or ``/plateau plans``), ``save`` the draft it
    carries, ``cancel`` their plan, or show the ``page`` of the form its draft names."""

    KIND: ClassVar[str] = "plan"
    STYLES: ClassVar[dict[str, discord.ButtonStyle]] = {
        "open": discord.ButtonStyle.secondary,
        "save": discord.ButtonStyle.success,
        "cancel": discord.ButtonStyle.danger,
        "page": discord.ButtonStyle.primary,
    }
    TEXT: ClassVar[frozenset[str]] = frozenset({"draft"})

    def __init__(self, choice: str, match_id: int, version: int, draft: str, *, label: str) -> None:
        super().__init__(choice, match_id, version, draft, label=label)
        self.match_id, self.version, self.draft = match_id, version, draft

    async def run(self, interaction: discord.Interaction, shell: Shell) -> None:
        """Open, save or cancel, privately."""
        if self.choice == "open":
            await open_form(shell, interaction, self.match_id)
        elif self.choice == "save":
            await save(shell, interaction, self.match_id, self.version, self.draft)
        elif self.choice == "page":
            form = await _form(shell, interaction, self.match_id, self.version)
            draft = await read_draft(shell, form, interaction.user.id, self.draft)
            content, view = await form_message(shell, language_of(interaction.locale), form, draft)
            await interaction.response.edit_message(content=content, view=view)
        else:
            await cancel(shell, interaction, self.match_id)


class PlanSelect(
    PlateauSelect,
    template=rf"{PREFIX}:plans:(?P<part>[rwatvbxy])(?P<slot>[0-9]+):(?P<match>[0-9]+):(?P<ver>[0-9]+):(?P<draft>[0-9s._-]*)",
):
    """A menu of the plan form: ``r<n>`` the move for the n-th roll with a choice of the page shown (``t<n>``, the
    n-th roll of the turn after, only on forms made before roll drafts were stored); ``w`` the reply to answer,
    ``a`` the answer, ``v`` the reply after it, ``b`` its answer."""

    def __init__(
        self, part: str, slot: int, match_id: int, version: int, draft: str, options: MenuOptions, placeholder: str
    ) -> None:
        custom_id = f"{PREFIX}:plans:{part}{slot}:{match_id}:{version}:{draft}"
        super().__init__(custom_id, options, placeholder)
        self.part, self.slot, self.match_id, self.version, self.draft = part, slot, match_id, version, draft

    async def pick(self, interaction: discord.Interaction, shell: Shell, picked: str) -> None:
        """Change the draft by the pick and show the form again."""
        form = await _form(shell, interaction, self.match_id, self.version)
        number = ascii_number(picked) or 0
        if form.keyed == "roll":
            shown = await picked_roll(shell, form, interaction.user.id, self.part, self.slot, number, self.draft)
            content, view = await form_message(shell, language_of(interaction.locale), form, shown)
            await interaction.response.edit_message(content=content, view=view)
            return
        draft = Draft.read(form.keyed, self.draft)
        if form.keyed == "turn" and self.part in ("b", "v"):
            draft = second_pick(draft, self.part, number)
        elif self.part in PARTS:
            draft = deeper_pick(draft, self.part, number)
        elif self.part == "r":
            draft = draft.with_pick(self.slot, number, len(form.choices))
        elif self.part == "t":
            draft = draft.with_after(self.slot, number, len(after_choices(form, draft)))
        elif self.part == "w":
            draft = Draft(lines=draft.lines, pending=number)
        elif self.part == "a" and draft.pending is not None:
            lines = [line for line in draft.lines if line[0] != draft.pending]
            draft = Draft(lines=tuple([*lines, (draft.pending, number)][-MAX_LINES:]), pending=draft.pending)
        elif self.part == "v" and draft.pending is not None:
            draft = Draft(lines=draft.lines, pending=draft.pending, then=number)
        elif self.part == "b" and draft.pending is not None and draft.then is not None:
            line = next((line for line in draft.lines if line[0] == draft.pending), None)
            if line is not None:
                lines = [other if other is not line else (*line[:2], draft.then, number) for other in draft.lines]
                draft = Draft(lines=tuple(lines), pending=draft.pending, then=draft.then)
        content, view = await form_message(shell, language_of(interaction.locale), form, draft)
        await interaction.response.edit_message(content=content, view=view)

    @classmethod
    def rebuild(cls, found: re.Match[str]) -> PlanSelect:
        """The menu its custom id names (its options come back with the next form)."""
        return cls(
            found["part"],
            id_number(found["slot"]),
            id_number(found["match"]),
            id_number(found["ver"]),
            found["draft"],
            None,
            "…",
        )


async def open_form(shell: Shell, interaction: discord.Interaction, match_id: int) -> None:
    """Send the member their plan form for the match, privately."""
    form = await desk_of(shell).form(match_id, interaction.user.id)
    draft = await first_draft(shell, form, interaction.user.id)
    content, view = await form_message(shell, language_of(interaction.locale), form, draft)
    await interaction.response.send_message(content, view=view, ephemeral=True)


async def first_draft(shell: Shell, form: PlanForm, user_id: int) -> Draft | RollDraft:
    """The draft a form opens with, its pre-filled branches (a roll plan's kept in the store)."""
    if form.keyed == "turn":
        return await with_seconds(desk_of(shell), form, draft_of(form))
    if form.keyed != "roll":
        return draft_of(form)
    kept = await desk_of(shell).new_draft(form, user_id, form.prefill)
    return RollDraft(kept.token, kept.branches)


async def read_draft(shell: Shell, form: PlanForm, user_id: int, code: str) -> Draft | RollDraft:
    """The draft a custom id names: a reply plan's in the id itself, a roll plan's in the store.

    Raises:
        MatchError: ``plan_draft_gone``: the stored draft expired or was pushed out by newer ones.
    """
    if form.keyed != "roll":
        return Draft.read(form.keyed, code)
    found = stored(code)
    if found is None:
        return await _kept(shell, form, user_id, Draft.read("roll", code))
    token, labels = found
    kept = await desk_of(shell).draft(form, user_id, token)
    if kept is None:
        raise MatchError("plan_draft_gone")
    return RollDraft(token, kept.branches, pages.path_of(form, kept.branches, labels) or ())


async def picked_roll(
    shell: Shell, form: PlanForm, user_id: int, part: str, slot: int, number: int, code: str
) -> RollDraft:
    """A roll plan's draft once the ``slot``-th menu of its page picked ``number`` (0 "ask me"), kept."""
    if stored(code) is None:
        # A form made before drafts were stored: its pick is read the old way, then the draft is kept.
        legacy = Draft.read("roll", code)
        if part == "r":
            legacy = legacy.with_pick(slot, number, len(form.choices))
        elif part == "t":
            legacy = legacy.with_after(slot, number, len(after_choices(form, legacy)))
        return await _kept(shell, form, user_id, legacy)
    draft = await read_draft(shell, form, user_id, code)
    assert isinstance(draft, RollDraft)
    page = pages.page_at(form, draft.tree, draft.path)
    menus = page.menus() if page is not None else ()
    if slot >= len(menus):
        return draft
    choice = menus[slot]
    move = choice.moves[number - 1] if 0 < number <= len(choice.moves) else None
    tree = pages.with_pick(form, draft.tree, draft.path, choice.when, move)
    kept = await desk_of(shell).change_draft(form, user_id, draft.token, tree)
    return RollDraft(kept.token, tree, draft.path)


async def _kept(shell: Shell, form: PlanForm, user_id: int, legacy: Draft) -> RollDraft:
    kept = await desk_of(shell).new_draft(form, user_id, branches_of(form, legacy))
    return RollDraft(kept.token, kept.branches)


async def save(shell: Shell, interaction: discord.Interaction, match_id: int, version: int, code: str) -> None:
    """Keep the draft as the member's plan and say what it holds."""
    form = await _form(shell, interaction, match_id, version)
    draft = await read_draft(shell, form, interaction.user.id, code)
    keep = False
    if isinstance(draft, RollDraft):
        branches = pages.saved(form, draft.tree)
    elif form.keyed == "turn":
        branches, keep = await turn_branches(desk_of(shell), form, draft)
    else:
        branches = branches_of(form, draft)
    lang = language_of(interaction.locale)
    if not branches:
        raise MatchError("plan_empty")
    plan = await desk_of(shell).leave(
        match_id, interaction.user.id, branches, expected_version=version, keep_order=keep
    )
    names = await shell.ui.names(form.match, lang)
    lines = plan_lines(plan, form.seat, names, lang, form)
    if keep and any(tail(b) for b in plan.branches):
        lines.append(t(lang, "plan.order_saved", name=opponent(names, form.seat)))
    content = t(lang, "plan.saved", id=match_id, lines="\n".join(lines))
    view = discord.ui.View(timeout=None)
    view.add_item(PlanButton("cancel", match_id, version, "", label=t(lang, "plan.cancel")))
    await interaction.response.edit_message(content=content, view=view)


async def cancel(shell: Shell, interaction: discord.Interaction, match_id: int) -> None:
    """Forget the member's plan for the match."""
    lang = language_of(interaction.locale)
    had = await desk_of(shell).cancel(match_id, interaction.user.id)
    text = t(lang, "plan.cancelled" if had else "plan.no_plan", id=match_id)
    if interaction.message is not None and interaction.message.flags.ephemeral:
        await interaction.response.edit_message(content=text, view=None)
    else:
        await interaction.response.send_message(text, ephemeral=True)


async def show_plans(shell: Shell, interaction: discord.Interaction) -> None:
    """``/plateau plans``: the member's plans in every match, and in a match of this channel a button to make one."""
    lang = language_of(interaction.locale)
    desk = desk_of(shell)
    standing = [found for found in await desk.plans_of(interaction.user.id) if found.dropped is None]
    current = await shell.service.current(interaction.channel_id) if interaction.channel_id else None
    parts = [t(lang, "plan.list_head")]
    view = discord.ui.View(timeout=None)
    for found in standing[:4]:
        match = await shell.service.get(found.match_id)
        names = await shell.ui.names(match, lang)
        parts.append(standing_text(found, names, lang, match.game))
        view.add_item(PlanButton("cancel", found.match_id, 0, "", label=t(lang, "plan.cancel_in", id=found.match_id)))
    if not standing:
        parts.append(t(lang, "plan.list_none"))
    if current is not None and interaction.user.id in current.seats and plannable(current):
        view.add_item(PlanButton("open", current.id, 0, "", label=t(lang, "plan.open")))
    await interaction.response.send_message("\n\n".join(parts)[:2000], view=view, ephemeral=True)


async def form_message(
    shell: Shell, lang: str, form: PlanForm, draft: Draft | RollDraft
) -> tuple[str, discord.ui.View]:
    """The form's text (what the draft plays so far) and its menus and buttons, in ``lang``."""
    if isinstance(draft, RollDraft):
        return await _roll_form(shell, lang, form, draft)
    names = await shell.ui.names(form.match, lang)
    other = opponent(names, form.seat)
    code = draft.code(form.keyed)
    match_id, version = form.match.id, form.version
    view = discord.ui.View(timeout=None)
    line = pending_line(form, draft)
    if form.keyed == "turn" and draft.page == 1 and line is not None:
        return await _second_page(shell, lang, form, draft, line, other)
    if form.keyed == "reply" and draft.page == 1 and line is not None:
        return _deeper_page(lang, form, draft, line, other)
    if form.keyed == "turn":
        branches, _ = await turn_branches(desk_of(shell), form, draft)
    else:
        branches = branches_of(form, draft)
    plan = Plan(form.seat, version, form.keyed, branches)
    lines = plan_lines(plan, form.seat, names, lang, form) or [t(lang, "plan.nothing_yet")]
    _reply_menus(view, form, draft, lang, code, other)
    view.add_item(PlanButton("save", match_id, version, code, label=t(lang, "plan.save")))
    view.add_item(PlanButton("cancel", match_id, version, "", label=t(lang, "plan.cancel")))
    if line is not None and ((form.keyed == "turn" and form.second) or levels_of(form, line)[0]):
        page = Draft(lines=draft.lines, pending=draft.pending, page=1).code(form.keyed)
        view.add_item(PlanButton("page", match_id, version, page, label=t(lang, "plan.turn_after")))
    key = "plan.form_two" if form.keyed != "turn" or form.second else "plan.form"
    key += "_rated" if form.rated else "_suggested" if form.prefill else ""
    content = t(lang, key, id=match_id, lines="\n".join(lines))
    return content[:2000], view


async def _roll_form(shell: Shell, lang: str, form: PlanForm, draft: RollDraft) -> tuple[str, discord.ui.View]:
    """A roll plan's form at the page its draft shows: the first page says the whole plan with the menus of the
    next turn; a later page says only how it is reached, with the menus of its turn (a phone shows one or the
    other), and pages back, deeper and on to the next page of the same turn."""
    names = await shell.ui.names(form.match, lang)
    other = opponent(names, form.seat)
    match_id, version = form.match.id, form.version
    page = pages.page_at(form, draft.tree, draft.path) or pages.page_at(form, draft.tree, ())
    assert page is not None
    code = draft.code(tuple(pages.label_of(w) for w in page.path))
    every = pages.pages(form, draft.tree)
    view = discord.ui.View(timeout=None)
    for slot, choice in enumerate(page.menus()[:MAX_ROLL_MENUS]):
        view.add_item(_roll_menu(form, lang, "r", slot, code, choice, page.pick(choice)))

    def to(path: pages.Path, label: str) -> PlanButton:
        return PlanButton("page", match_id, version, draft.code(tuple(map(pages.label_of, path))), label=label)

    buttons: list[PlanButton] = []
    if page.path:
        (first, move), *rest = page.heads
        if rest:
            # The third turn's page names the two moves that reach it; the fourth's the three.
            words = {"roll": first.label, "move": said(form, first.at, move, lang)}
            for n, (choice, played) in enumerate(rest, start=2):
                words |= {f"roll{n}": choice.label, f"move{n}": said(form, choice.at, played, lang)}
            head = t(lang, "plan.fourth_head" if len(rest) > 1 else "plan.third_head", **words)
            back = ", ".join(choice.label for choice, _ in page.heads[:-1])
            buttons.append(to(page.path[:-1], t(lang, "plan.back_to", roll=back)))
        else:
            head = t(lang, "plan.after_head", roll=first.label, move=said(form, first.at, move, lang))
            buttons.append(to((), t(lang, "plan.back")))
        content = head + "\n" + t(lang, "plan.piece_note", name=other)
    else:
        plan = Plan(form.seat, version, form.keyed, pages.saved(form, draft.tree))
        lines = plan_lines(plan, form.seat, names, lang, form) or [t(lang, "plan.nothing_yet")]
        key = ("plan.form_four" if form.roll_depth >= 4 else "plan.form_three") + (
            "_rated" if form.rated else "_suggested" if form.prefill else ""
        )
        content = t(lang, key, id=match_id, lines="\n".join(lines))
    deeper = next((p for p in every if len(p) == len(page.path) + 1 and p[:-1] == page.path), None)
    if deeper is not None:
        buttons.append(to(deeper, t(lang, "plan.turn_after")))
    if page.path in every:
        later = [p for p in every[every.index(page.path) + 1 :] if len(p) == len(page.path)]
        sibling = next((p for p in later if p[:-1] == page.path[:-1]), None)
        if sibling is not None:
            buttons.append(to(sibling, t(lang, "plan.next_first", roll=pages.label_of(sibling[-1]))))
    view.add_item(PlanButton("save", match_id, version, code, label=t(lang, "plan.save")))
    view.add_item(PlanButton("cancel", match_id, version, "", label=t(lang, "plan.cancel")))
    for button in buttons:
        view.add_item(button)
    return content[:2000], view


def _roll_menu(form: PlanForm, lang: str, part: str, slot: int, code: str, choice: Choice, pick: int) -> PlanSelect:
    """The menu of one roll: "ask me", or one of the roll's moves."""
    # Each option names its roll: a phone shows the picked option, not the menu's placeholder.
    asked = t(lang, "plan.roll_option", roll=choice.label, move=t(lang, "plan.ask_me"))
    options = [discord.SelectOption(label=asked[:100], value="0", default=pick == 0)]
    options += [
        discord.SelectOption(
            label=t(lang, "plan.roll_option", roll=choice.label, move=said(form, choice.at, move, lang))[:100],
            value=str(i),
            default=pick == i,
        )
        for i, move in enumerate(choice.moves[: MAX_OPTIONS - 1], 1)
    ]
    placeholder = t(lang, "plan.if_roll", roll=choice.label)
    return PlanSelect(part, slot, form.match.id, form.version, code, options, placeholder)


def _reply_menus(view: discord.ui.View, form: PlanForm, draft: Draft, lang: str, code: str, other: str) -> None:
    """The reply menu, the answer menu of the reply picked, and in a reply plan the next reply and its answer."""
    match_id, version = form.match.id, form.version
    options = [
        discord.SelectOption(
            label=t(lang, "plan.reply_option", name=other, reply=reply_words(form, c.at, c.when, lang))[:100],
            value=str(i),
            default=draft.pending == i,
        )
        for i, c in enumerate(form.choices[:MAX_OPTIONS])
    ]
    view.add_item(PlanSelect("w", 0, match_id, version, code, options, t(lang, "plan.if_reply", name=other)))
    if draft.pending is None or draft.pending >= len(form.choices):
        return
    reply = form.choices[draft.pending]
    answers = form.answers(reply.when)[:MAX_OPTIONS]
    line = next((line for line in draft.lines if line[0] == draft.pending), None)
    # A turn plan's answers are whole turns, in notation; a reply plan's, one move in words.
    after = reply.at if form.keyed == "turn" else answered_at(reply)
    options = [
        discord.SelectOption(
            label=reply_words(form, after, m, lang)[:100], value=str(i), default=line is not None and line[1] == i
        )
        for i, m in enumerate(answers)
    ]
    turn = reply.when == ANY or form.keyed == "turn"  # a turn's label is its notation: said as the member types it
    said_reply = reply_words(form, reply.at, reply.when, lang) if turn else reply.label
    view.add_item(PlanSelect("a", 0, match_id, version, code, options, t(lang, "plan.answer", reply=said_reply)))
    if form.keyed != "reply" or line is None or line[1] >= len(answers):
        return
    replies = form.turn_after(reply, answers[line[1]])[:MAX_OPTIONS]
    if not replies:
        return
    picked = draft.then if draft.then is not None else (line[2] if len(line) >= 4 else None)
    options = [
        discord.SelectOption(
            label=t(lang, "plan.reply_option", name=other, reply=reply_words(form, c.at, c.when, lang))[:100],
            value=str(i),
            default=picked == i,
        )
        for i, c in enumerate(replies)
    ]
    view.add_item(PlanSelect("v", 0, match_id, version, code, options, t(lang, "plan.if_then_reply", name=other)))
    if picked is None or picked >= len(replies):
        return
    second = replies[picked]
    at = answered_at(second)
    chosen = line[3] if len(line) >= 4 and line[2] == picked else None
    options = [
        discord.SelectOption(label=said(form, at, m, lang)[:100], value=str(i), default=chosen == i)
        for i, m in enumerate(form.answers_at(second)[:MAX_OPTIONS])
    ]
    said_second = reply_words(form, second.at, second.when, lang) if second.when == ANY else second.label
    view.add_item(PlanSelect("b", 0, match_id, version, code, options, t(lang, "plan.answer", reply=said_second)))


async def _second_page(
    shell: Shell, lang: str, form: PlanForm, draft: Draft, line: tuple[int, ...], other: str
) -> tuple[str, discord.ui.View]:
    """A turn plan's second page: the member's turn after the planned one (its actions, up to the bonus phase
    their own draw decides), for any turn of the opponent's, and the standing order that ends it."""
    match_id, version = form.match.id, form.version
    choice = form.choices[line[0]]
    mine = form.answers(choice.when)[line[1]]
    offers = await desk_of(shell).second_turns(form, choice.when, mine)
    keep, second = (line[2], line[3]) if len(line) == 4 else (0, -1)
    code = draft.code(form.keyed)
    view = discord.ui.View(timeout=None)
    options = [discord.SelectOption(label=t(lang, "plan.second_none")[:100], value="0", default=second < 0)]
    options += [
        discord.SelectOption(label=turn_words(form.match.game, turn, lang)[:100], value=str(i), default=second == i - 1)
        for i, turn in enumerate(offers[: MAX_OPTIONS - 1], 1)
    ]
    view.add_item(PlanSelect("b", 0, match_id, version, code, options, t(lang, "plan.second_menu")))
    mine = turn_words(form.match.game, mine, lang)
    parts = [t(lang, "plan.second_head", id=match_id, move=mine, name=other)]
    picked = offers[second] if 0 <= second < len(offers) else None
    if picked:
        picked = turn_words(form.match.game, picked, lang)
    parts.append(t(lang, "plan.second_picked", move=picked) if picked else t(lang, "plan.second_none"))
    if form.order_kept:
        parts.append(t(lang, "plan.order_kept_note"))
    else:
        parts.append(t(lang, "plan.order_asks_note"))
        options = [
            discord.SelectOption(label=t(lang, "plan.order_keep", name=other)[:100], value="1", default=keep == 1),
            discord.SelectOption(label=t(lang, "plan.order_ask")[:100], value="2", default=keep != 1),
        ]
        view.add_item(PlanSelect("v", 0, match_id, version, code, options, t(lang, "plan.order_ask")))
    back = Draft(lines=draft.lines, pending=draft.pending).code(form.keyed)
    # Back to the first page, where the planned turn is picked (not "next turn": issue 39).
    view.add_item(PlanButton("page", match_id, version, back, label=t(lang, "plan.back_planned")))
    view.add_item(PlanButton("save", match_id, version, code, label=t(lang, "plan.save")))
    view.add_item(PlanButton("cancel", match_id, version, "", label=t(lang, "plan.cancel")))
    return "\n".join(parts)[:2000], view


def _deeper_page(
    lang: str, form: PlanForm, draft: Draft, line: tuple[int, ...], other: str
) -> tuple[str, discord.ui.View]:
    """A reply plan's second page (:mod:`.deeper`): the line's turns after its second, each for any reply."""
    match_id, version, code = form.match.id, form.version, draft.code(form.keyed)
    content, found = page_content(form, line, other, lang)
    view = discord.ui.View(timeout=None)
    for part, options, placeholder in found:
        view.add_item(PlanSelect(part, 0, match_id, version, code, options, placeholder))
    back = Draft(lines=draft.lines, pending=draft.pending).code(form.keyed)
    view.add_item(PlanButton("page", match_id, version, back, label=t(lang, "plan.back_first")))
    view.add_item(PlanButton("save", match_id, version, code, label=t(lang, "plan.save")))
    view.add_item(PlanButton("cancel", match_id, version, "", label=t(lang, "plan.cancel")))
    return content[:2000], view


def after_choices(form: PlanForm, draft: Draft) -> tuple[Choice, ...]:
    """The rolls of the turn after the first move the draft's page shows (none on the first page)."""
    shown = firsts(form, draft)
    page = shown[draft.page - 1] if 0 < draft.page <= len(shown) else None
    return () if page is None else form.turn_after(page[1], page[2])


async def _form(shell: Shell, interaction: discord.Interaction, match_id: int, version: int) -> PlanForm:
    """The form of the match as the member may fill it now, refused when the game moved past ``version``."""
    form = await desk_of(shell).form(match_id, interaction.user.id)
    if form.version != version:
        raise BoardChangedError(form.version)
    return form


def words_listener(shell: Shell) -> Callable[[Match], Coroutine[Any, Any, None]]:
    """The listener of ``match_changed`` that tells members of the plans the change left (:func:`tell_dropped`)."""

    async def on_match_changed(match: Match) -> None:
        await tell_dropped(shell, match, shell.ui.channel_language(match))
        if match.status is not MatchStatus.ACTIVE:
            await desk_of(shell).forget_match(match.id)

    return on_match_changed


async def tell_dropped(shell: Shell, match: Match, lang: str) -> None:
    """Give each member whose plan the game just left, or just spent, a private word by DM; the word of a spent
    plan carries the form of the next one (plan after plan, :func:`next_plan`). With DMs closed there is no word:
    ``/plateau plans`` no longer lists the plan, the turn's ping still asks them, and **Plan ahead** under the turn
    post opens the same form ephemerally."""
    desk = desk_of(shell)
    for user_id, dropped in await desk.take_words(match.id):
        words = told_words(match.game, dropped.words, lang)
        view: discord.ui.View | None = None
        if dropped.reason == PLAYED:
            text, view = await next_plan(shell, match, user_id, words.get("move", "?"), lang)
        else:
            key = f"plan.dropped.{dropped.reason}"
            if dropped.reason == "unforeseen":
                key += ".roll" if "roll" in words else ".reply"
            text = t(lang, key, id=match.id, link=shell.ui.post_link(match), **words)
        try:
            user = shell.client.get_user(user_id) or await shell.client.fetch_user(user_id)
            if view is None:
                await user.send(text)
            else:
                await user.send(text, view=view)
        except discord.HTTPException:
            continue  # DMs closed: the turn's own ping asks the member all the same


async def next_plan(
    shell: Shell, match: Match, user_id: int, move: str, lang: str
) -> tuple[str, discord.ui.View | None]:
    """The word for a plan that played its last move, with the form of the next plan when there is one to make
    (pre-filled with the judge's suggestions in an unrated match, blank in a rated one): the member who answers
    it is not pinged for the turn it covers."""
    text = t(lang, "plan.played", id=match.id, move=move, link=shell.ui.post_link(match))
    try:
        form = await desk_of(shell).form(match.id, user_id)
    except MatchError:
        return text, None  # nothing to plan now (their turn again, no choice ahead, the match over)
    content, view = await form_message(shell, lang, form, await first_draft(shell, form, user_id))
    return (text + "\n\n" + content)[:2000], view
