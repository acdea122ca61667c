"""The move components of a turn post, and the move builder's steps answered privately.

:func:`move_controls` gives the rows under the board: one button per legal move when they fit (at most
:data:`MAX_MOVE_BUTTONS`, none naming a secret), otherwise the first step of the move builder
(:mod:`games.builder`) as a select menu. Picking in it answers the picking player alone, with an
ephemeral message holding the next step, edited in place at every step, and a button that confirms the
move; the confirmation plays it through the same path as a move button. Every component carries the
match id, the version and the partial choice, so it keeps working after a restart and is refused once the
board has changed.
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from typing import Any, ClassVar, Self

import discord
from discord import app_commands

from bot.app.i18n import has, language_of, t
from bot.app.matches import BoardChangedError, Match, MatchError, MatchService, MatchStatus, require_seat
from bot.app.seats.acting import Action, member_acts, seat_for
from bot.app.telling.words import button_moves, move_label, move_marks, move_words, typed_moves
from bot.shell.components import PREFIX, ChoiceButton, MenuOptions, PlateauButton, PlateauSelect
from bot.shell.context import Shell
from bot.shell.numbers import ascii_number, id_number
from bot.shell.parameters import MAX_CHOICES
from games import sequence
from games.base import GameInfo, GameState, NotYourTurnError, Part, Seat
from games.builder import (
    Choice,
    PathError,
    Step,
    build,
    decode_path,
    encode_path,
    leaves,
    move_parts,
    ranked_moves,
    trail,
    walk,
)

PER_ROW = 5
CHOICE_TEXT = 100
"""Discord's limit on an autocomplete choice's name and value."""


class MoveButton(
    PlateauButton,
    template=rf"{PREFIX}:mv:(?P<match>[0-9]+):(?P<ver>[0-9]+):(?P<move>[^:]{{1,60}})",
):
    """A legal move offered under a board; stale once the match version moves on."""

    def __init__(self, match_id: int, version: int, move: str, label: str | None = None) -> None:
        super().__init__(
            discord.ui.Button(
                label=(label or move)[:80],
                style=discord.ButtonStyle.secondary,
                custom_id=f"{PREFIX}:mv:{match_id}:{version}:{move}",
            )
        )
        self.match_id = match_id
        self.version = version
        self.move = move

    @classmethod
    def rebuild(cls, found: re.Match[str], label: str | None) -> Self:
        """The button its custom id names (``label``: the one it showed, if known)."""
        return cls(id_number(found["match"]), id_number(found["ver"]), found["move"])

    async def run(self, interaction: discord.Interaction, shell: Shell) -> None:
        """Play the move, if the board is still current."""
        await play(shell, interaction, self.match_id, self.move, expected_version=self.version, from_button=True)


class BuilderSelect(
    PlateauSelect,
    template=rf"{PREFIX}:mb:(?P<match>[0-9]+):(?P<ver>[0-9]+):(?P<path>[0-9a-z]{{0,40}})",
):
    """One step of the move builder: the choices after the partial choice ``path`` (see :mod:`games.builder`).

    Everything needed lives in the custom id (match, version, path), so a step answered after a restart
    rebuilds the same tree from the same position; a stale version is refused like a stale button.
    """

    def __init__(
        self, match_id: int, version: int, path: str, options: MenuOptions = None, placeholder: str | None = None
    ) -> None:
        super().__init__(f"{PREFIX}:mb:{match_id}:{version}:{path}", options, placeholder)
        self.match_id = match_id
        self.version = version
        self.path = path

    @classmethod
    def rebuild(cls, found: re.Match[str]) -> Self:
        """The select its custom id names."""
        return cls(id_number(found["match"]), id_number(found["ver"]), found["path"])

    async def pick(self, interaction: discord.Interaction, shell: Shell, picked: str) -> None:
        """Show the next step (or the move to confirm)."""
        await show_step(interaction, shell, self.match_id, self.version, self.path, picked)


class BuilderButton(
    ChoiceButton,
    template=rf"{PREFIX}:mb(?P<choice>ok|go|bk|mx):(?P<match>[0-9]+):(?P<ver>[0-9]+):(?P<path>[0-9a-z]{{0,40}})",
):
    """The move builder's buttons: ``ok`` plays the move at ``path``, ``bk`` goes back to the step at
    ``path``, ``go`` opens the first step privately (when it would name a secret on the public post), ``mx``
    plays the game's bigger decision number ``path`` (such as Ursuppe's ``drift all``)."""

    STYLES: ClassVar[Mapping[str, discord.ButtonStyle]] = {
        "ok": discord.ButtonStyle.success,
        "go": discord.ButtonStyle.primary,
        "bk": discord.ButtonStyle.secondary,
        "mx": discord.ButtonStyle.primary,
    }
    TEXT = frozenset({"path"})

    def __init__(self, act: str, match_id: int, version: int, path: str, label: str) -> None:
        super().__init__(act, match_id, version, path, label=label)
        self.match_id = match_id
        self.version = version
        self.path = path

    @property
    def act(self) -> str:
        """What the button does (its choice): ``ok``, ``go``, ``bk`` or ``mx``."""
        return self.choice

    @classmethod
    def head(cls, choice: str) -> str:
        """``plateau:mbok``: the act is glued to the kind (ids must fit Discord's 100 characters)."""
        return f"{PREFIX}:mb{choice}"

    async def run(self, interaction: discord.Interaction, shell: Shell) -> None:
        """Play the chosen move, or show a step."""
        if self.act == "ok":
            await confirm(interaction, shell, self.match_id, self.version, self.path)
        elif self.act == "mx":
            await play_macro(interaction, shell, self.match_id, self.version, self.path)
        else:
            await show_step(interaction, shell, self.match_id, self.version, self.path, None)


def part_label(part: Part, lang: str) -> str:
    """A part in the player's language: its catalog frame (``builder.<key>``) around its text."""
    key = f"builder.{part.key}"
    if part.key and has(lang, key):
        return t(lang, key, x=part.text)
    return part.text


def choice_label(choice: Choice, lang: str, *, public: bool = False) -> str:
    """A choice's parts, joined; on a public component its secret parts are left out."""
    words = [part_label(p, lang) for p in choice.parts if not (public and p.secret)]
    return " · ".join(w for w in words if w) or "…"


def describe(info: GameInfo, state: GameState, move: Any, lang: str) -> str:
    """What ``move`` does, in words (as its button says it, else its builder parts), with its cost when the game
    counts one."""
    words = move_words(info, state, state.format_move(move), lang)
    if words is None:
        words = " · ".join(w for w in (part_label(p, lang) for p in move_parts(info, state, move)) if w)
    cost = info.move_cost(state, move) if info.move_cost is not None else None
    if cost is not None:
        words = t(lang, "builder.cost", what=words, cost=cost)
    return words


def acting_seat(match: Match) -> Seat | None:
    """The one seat to act in an active match (None when nobody or several act at once)."""
    if match.status is not MatchStatus.ACTIVE or len(match.state.actors()) != 1:
        return None
    return match.state.actors()[0]


def member_to_act(match: Match) -> Seat | None:
    """The one seat to act, when a member acts for it (None too while the AI must act: its turn post shows no
    move controls, which nobody could use)."""
    seat = acting_seat(match)
    return seat if seat is not None and member_acts(match, seat) else None


def builder_ids(match_id: int, version: int, path: Sequence[int]) -> list[str]:
    """Every custom id the builder may put on a component for ``path`` (the length check of the tests)."""
    code = encode_path(path)
    ids = [f"plateau:mb:{match_id}:{version}:{code}"]
    ids += [f"plateau:mb{act}:{match_id}:{version}:{code}" for act in ("ok", "go", "bk", "mx")]
    return ids


def _options(match: Match, step: Step, lang: str, *, public: bool) -> list[discord.SelectOption]:
    """The select options of a step, in words.

    A leaf the game says in words reads as the whole move in words; a range of choices
    (a step too long for one menu) reads as the words of its first move, followed by "…"."""
    options = []
    for i, choice in enumerate(step.choices):
        label = choice_label(choice, lang, public=public)
        if choice.move is not None:
            # In words only: the notation beneath each option read as code to a newcomer (issue 39), and it is
            # still what `/game move` lists for those who type.
            label = _said(match, choice.move, lang) or label
        elif choice.step is not None and any(p.key == "range" for p in choice.parts):
            first = next((move for _, move in leaves(choice.step)), None)
            said = _said(match, first, lang) if first is not None else None
            label = t(lang, "builder.said.range", first=said) if said else label
        options.append(discord.SelectOption(label=label[:100], value=str(i)))
    return options


def _said(match: Match, notation: str, lang: str) -> str | None:
    """A move in the game's words, when it has some and the move names no secret (a private step may name
    the player's own secret: its parts say it, not the public words)."""
    if match.game.public_notation(notation) != notation:
        return None
    return move_words(match.game, match.state, notation, lang)


def macro_label(info: GameInfo, name: str, lang: str) -> str:
    """The button text of a game's bigger decision (``builder.<game>.<name>``), else its name."""
    key = f"builder.{info.id}.{name.replace(' ', '_')}"
    return t(lang, key) if has(lang, key) else name


def macros_of(match: Match, seat: Seat) -> tuple[str, ...]:
    """The bigger decisions the game offers the seat now."""
    return match.game.macros(match.state, seat) if match.game.macros is not None else ()


def move_controls(match: Match, lang: str) -> list[list[discord.ui.Item[Any]]]:
    """The rows of move components under a turn post (each ≤ 5 buttons or one select); empty when none.

    Under the moves, a row with the game's bigger decisions when it offers some (Ursuppe's ``drift all``).
    """
    seat = member_to_act(match)
    if seat is None:
        return []
    rows = _move_rows(match, seat, lang)
    macros = macros_of(match, seat)[:PER_ROW]
    if rows and macros:
        labels = [macro_label(match.game, name, lang)[:80] for name in macros]
        rows.append(
            [BuilderButton("mx", match.id, match.version, encode_path([i]), label) for i, label in enumerate(labels)]
        )
    return rows


def _move_rows(match: Match, seat: Seat, lang: str) -> list[list[discord.ui.Item[Any]]]:
    state = match.state
    if not state.legal_moves(seat):
        return []
    notations = button_moves(match.game, state, seat)
    if notations is not None:
        marks = move_marks(match.game, state, seat)
        buttons: list[discord.ui.Item[Any]] = [
            MoveButton(match.id, match.version, n, move_label(match.game, state, n, lang, marks.get(n, ("", ""))[1]))
            for n in notations
        ]
        return [buttons[i : i + PER_ROW] for i in range(0, len(buttons), PER_ROW)]
    root = build(match.game, state, seat)
    if root is None:
        return []
    if any(choice.secret for choice in root.choices):
        # The first step would name a secret (a bonus in hand): it opens privately instead.
        return [[BuilderButton("go", match.id, match.version, "", t(lang, "builder.open"))]]
    options = _options(match, root, lang, public=True)
    select = BuilderSelect(match.id, match.version, "", options, t(lang, "builder.placeholder"))
    return [[select]]


async def _checked(shell: Shell, interaction: discord.Interaction, match_id: int, version: int) -> tuple[Match, Seat]:
    """The match, if the clicking user acts for the seat to act (:func:`bot.app.seats.acting.seat_for`: never a member
    whose seat the AI plays now) and the board is the one the component showed."""
    match = await shell.service.get(match_id)
    if match.status is not MatchStatus.ACTIVE:
        raise MatchError("not_active")
    seat = require_seat(match, interaction.user.id, Action.MOVE)
    if match.version != version:
        raise BoardChangedError(match.version)
    if seat not in match.state.actors():
        raise NotYourTurnError("it is not your turn", key="not_your_turn")
    return match, seat


def _path(code: str, picked: str | None) -> tuple[int, ...]:
    path = decode_path(code)
    if picked:
        step = ascii_number(picked)
        if step is None:
            raise PathError(f"bad choice {picked!r}")
        path = (*path, step)
    return path


async def show_step(
    interaction: discord.Interaction, shell: Shell, match_id: int, version: int, code: str, picked: str | None
) -> None:
    """Answer a pick (or a Back / Open click) with the next step, privately: a new ephemeral message from the
    public post, the same ephemeral message edited in place from a private step."""
    match, seat = await _checked(shell, interaction, match_id, version)
    lang = language_of(interaction.locale)
    root = build(match.game, match.state, seat)
    try:
        if root is None:
            raise PathError("no moves")
        path = _path(code, picked)
        node = walk(root, path)
        made = trail(root, path)
    except PathError as exc:
        raise BoardChangedError(match.version) from exc
    summary = " › ".join(choice_label(c, lang) for c in made)
    view = discord.ui.View(timeout=None)
    here = encode_path(path)
    if isinstance(node, Step):
        content = (
            t(lang, "builder.step", id=match.id, so_far=summary) if made else t(lang, "builder.first", id=match.id)
        )
        options = _options(match, node, lang, public=False)
        view.add_item(BuilderSelect(match.id, match.version, here, options, t(lang, "builder.placeholder")))
    else:
        assert node.move is not None
        content, play_text = confirm_texts(match, seat, node.move, lang)
        view.add_item(BuilderButton("ok", match.id, match.version, here, play_text))
    if path:
        view.add_item(BuilderButton("bk", match.id, match.version, encode_path(path[:-1]), t(lang, "builder.back")))
    message = interaction.message
    if message is not None and message.flags.ephemeral:
        await interaction.response.edit_message(content=content[:2000], view=view)
    else:
        await interaction.response.send_message(content[:2000], view=view, ephemeral=True)


def confirm_texts(match: Match, seat: Seat, notation: str, lang: str) -> tuple[str, str]:
    """The confirm step of the builder for the move ``notation``: its message and its button's label.

    A move the game says in words is asked in words, its notation beside it; otherwise the notation with its
    parts in words. The button plays the move said in words (its public words for a move naming a secret)."""
    said = _said(match, notation, lang)
    if said is not None:
        # Beside the words, the move as a member of the language types it; in words alone where its notation has
        # only English words (issue 39: no English notation in French menus).
        typed = typed_moves(match.game, [notation], lang)
        key = "builder.said.confirm" if typed is not None else "builder.said.confirm_words"
        return t(lang, key, id=match.id, what=said, move=typed), t(lang, "builder.play", move=said)[:80]
    what = describe(match.game, match.state, match.state.parse_move(notation, seat), lang)
    content = t(lang, "builder.confirm", id=match.id, move=notation, what=what)
    shown = move_words(match.game, match.state, notation, lang) or notation
    return content, t(lang, "builder.play", move=shown)[:80]


async def confirm(interaction: discord.Interaction, shell: Shell, match_id: int, version: int, code: str) -> None:
    """Play the move at the end of the path, as a move button would."""
    match, seat = await _checked(shell, interaction, match_id, version)
    root = build(match.game, match.state, seat)
    try:
        if root is None:
            raise PathError("no moves")
        node = walk(root, decode_path(code))
    except PathError as exc:
        raise BoardChangedError(match.version) from exc
    if not isinstance(node, Choice) or node.move is None:
        raise BoardChangedError(match.version)
    message = interaction.message
    if message is not None and message.flags.ephemeral:
        # The private steps are done with: the message says so and loses its components.
        lang = language_of(interaction.locale)
        said = _said(match, node.move, lang) or node.move
        await interaction.response.edit_message(content=t(lang, "builder.playing", move=said), view=None)
    await play(shell, interaction, match.id, node.move, expected_version=version, from_button=True)


async def play_macro(interaction: discord.Interaction, shell: Shell, match_id: int, version: int, code: str) -> None:
    """Play the bigger decision number ``code`` the game offered on the post, through the usual move path."""
    match, seat = await _checked(shell, interaction, match_id, version)
    macros = macros_of(match, seat)
    try:
        (index,) = decode_path(code)
        name = macros[index]
    except (PathError, ValueError, IndexError) as exc:
        raise BoardChangedError(match.version) from exc
    await play(shell, interaction, match.id, name, expected_version=version, from_button=True)


async def play(
    shell: Shell,
    interaction: discord.Interaction,
    match_id: int | None,
    text: str,
    *,
    expected_version: int | None = None,
    from_button: bool = False,
) -> None:
    """Play ``text`` for the interaction's user, then post the board.

    A move whose notation holds a secret (such as a hidden set-up: the service's report says so) is acknowledged
    only to its author.
    """
    if match_id is None:
        current = await shell.ui.require_current(interaction)
        match_id = current.id
        # A typed move is played on the board as it stood when the command arrived: a double submit
        # (the same command sent twice at once) finds the board moved on and applies once. Not when
        # several players act at once (secret set-ups): their engines refuse a second set-up anyway.
        if expected_version is None and current.status is MatchStatus.ACTIVE and len(current.state.actors()) == 1:
            expected_version = current.version
    report = await shell.service.move(
        match_id,
        interaction.user.id,
        text,
        expected_version=expected_version,
        interaction_id=interaction.id,
    )
    if report.replayed:
        await interaction.response.send_message(
            t(language_of(interaction.locale), "move.already_applied"), ephemeral=True
        )
        return
    await shell.ui.post_board(interaction, report)


async def secret_move(shell: Shell, interaction: discord.Interaction, match_id: int, text: str) -> None:
    """Play a move that holds a secret (from a DM button or form): acknowledged privately, board public."""
    if not interaction.response.is_done():
        await interaction.response.defer(thinking=True, ephemeral=True)
    report = await shell.service.move(match_id, interaction.user.id, text, interaction_id=interaction.id)
    if not report.replayed:
        await shell.ui.post_board(interaction, report, elsewhere=True)


async def move_choices(
    service: MatchService, interaction: discord.Interaction, current: str
) -> list[app_commands.Choice[str]]:
    """``/game move``'s suggestions: the caller's legal moves that contain what they typed (at most 25)."""
    if interaction.channel_id is None:
        return []
    match = await service.current(interaction.channel_id)
    if match is None or match.status is not MatchStatus.ACTIVE:
        return []
    seat = seat_for(match, interaction.user.id, Action.MOVE)
    if not isinstance(seat, int) or seat not in match.state.actors():
        return []
    state, info = match.state, match.game
    # Several decisions typed at once ("a; b; c"): what follows is completed on the position after them.
    prefix, _, current = current.rpartition(sequence.SEPARATOR)
    head = ""
    if prefix:
        typed_before = sequence.split(prefix)
        after = sequence.after(info, state, seat, typed_before, autoplay=match.options.get("autoplay") == "on")
        if after is None:
            return []
        state, head = after, f"{sequence.SEPARATOR} ".join(typed_before) + f"{sequence.SEPARATOR} "
    complete = getattr(state, "completions", None)
    lang = language_of(interaction.locale)
    if callable(complete):
        # Games whose moves outnumber Discord's 25 choices rank and group them themselves.
        values = [str(v) for v in complete(seat, current.strip())][:MAX_CHOICES]
        return [
            app_commands.Choice(name=_described(info, state, head, v, lang), value=head + v)
            for v in values
            if len(head + v) <= CHOICE_TEXT
        ]
    # The game's order (what matters first), those starting with what was typed ahead of the rest.
    typed = current.strip().lower()
    found = [(m, state.format_move(m)) for m in ranked_moves(info, state, seat)]
    found = [(m, n) for m, n in found if typed in n.lower()]
    found.sort(key=lambda pair: not pair[1].lower().startswith(typed))
    choices = [
        app_commands.Choice(
            name=t(lang, "autocomplete.described", move=name, what=macro_label(info, name, lang)), value=name
        )
        for name in (macros_of(match, seat) if not head else ())
        if typed in name
    ]
    for move, notation in found[: MAX_CHOICES - len(choices)]:
        if len(head + notation) <= CHOICE_TEXT:
            choices.append(
                app_commands.Choice(name=_described(info, state, head, notation, lang, move), value=head + notation)
            )
    return choices


def _described(info: GameInfo, state: GameState, head: str, notation: str, lang: str, move: Any = None) -> str:
    """An autocomplete choice's name: the moves typed before (``head``), then the move with its words when the
    game has some; the bare notation when that would not fit."""
    words = move_words(info, state, notation, lang)
    if words is None and move is not None and (info.move_parts is not None or info.move_cost is not None):
        words = describe(info, state, move, lang)
    name = head + (t(lang, "autocomplete.described", move=notation, what=words) if words else notation)
    return name if len(name) <= CHOICE_TEXT else (head + notation)[-CHOICE_TEXT:]
