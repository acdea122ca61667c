"""A secret set-up made piece by piece with a menu, in the player's private flow (DM or ephemeral reply).

The set-up prompt's **Place piece by piece** button opens a private message that asks, place after place in
the game's order (:attr:`bot.app.telling.game_words.SecretSetup.slots`), which of the values left goes there; it is
edited in place at every pick, with **Back**, and ends with **Confirm**, which plays the whole set-up as the
nine-digit form would. The values picked so far travel in the components' custom ids, so a pick answered
after a restart carries on; nothing is stored, and only the player ever sees the message.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import ClassVar, Self

import discord

from bot.app.i18n import language_of, t
from bot.app.matches import Match, MatchError
from bot.app.telling.game_words import SecretSetup, words_for
from bot.app.telling.secret_setup import needs_setup
from bot.shell.components import PREFIX, ChoiceButton, MenuOptions, PlateauSelect
from bot.shell.context import Shell
from bot.shell.numbers import id_number
from bot.shell.play.move_controls import secret_move
from games.base import Seat

PICKED = "[0-9a-z]{0,16}"
"""The values picked so far, one character each, in the custom ids."""


class SetupPickSelect(
    PlateauSelect,
    template=rf"{PREFIX}:sp:(?P<match>[0-9]+):(?P<picked>{PICKED})",
):
    """The menu of the values left for the next place of a piece-by-piece set-up."""

    def __init__(self, match_id: int, picked: str, options: MenuOptions = None, placeholder: str | None = None) -> None:
        super().__init__(f"{PREFIX}:sp:{match_id}:{picked}", options, placeholder)
        self.match_id = match_id
        self.picked = picked

    @classmethod
    def rebuild(cls, found: re.Match[str]) -> Self:
        """The menu its custom id names."""
        return cls(id_number(found["match"]), found["picked"])

    async def pick(self, interaction: discord.Interaction, shell: Shell, picked: str) -> None:
        """Ask for the next place (or the confirmation)."""
        await show_pick(interaction, shell, self.match_id, self.picked + picked)


class SetupPickButton(
    ChoiceButton, template=rf"{PREFIX}:sp(?P<choice>go|bk|ok):(?P<match>[0-9]+):(?P<picked>{PICKED})"
):
    """``go`` opens the piece-by-piece set-up, ``bk`` takes the last pick back, ``ok`` plays the set-up."""

    STYLES: ClassVar[Mapping[str, discord.ButtonStyle]] = {
        "go": discord.ButtonStyle.primary,
        "ok": discord.ButtonStyle.success,
    }
    TEXT = frozenset({"picked"})

    def __init__(self, act: str, match_id: int, picked: str, label: str) -> None:
        super().__init__(act, match_id, picked, label=label)
        self.match_id = match_id
        self.picked = picked

    @classmethod
    def head(cls, choice: str) -> str:
        """``plateau:spok``: the act is glued to the kind."""
        return f"{PREFIX}:sp{choice}"

    async def run(self, interaction: discord.Interaction, shell: Shell) -> None:
        """Open, go back, or confirm."""
        if self.choice == "ok":
            await confirm_pick(interaction, shell, self.match_id, self.picked)
        else:
            await show_pick(interaction, shell, self.match_id, self.picked[:-1] if self.choice == "bk" else "")


async def _setup_of(shell: Shell, interaction: discord.Interaction, match_id: int) -> tuple[Match, Seat, SecretSetup]:
    """The match, the clicker's seat and the game's set-up, when the clicker must still make it."""
    match = await shell.service.get(match_id)
    seat = match.seat_of(interaction.user.id)
    if seat is None:
        raise MatchError("not_seated")
    setup = words_for(match.game.id).setup
    if setup is None or setup.slots is None or not needs_setup(match, seat):
        raise MatchError("setup_done")
    return match, seat, setup


def _valid(picked: str, setup: SecretSetup, places: int) -> str:
    """The longest start of ``picked`` made of distinct values of the set-up (a forged id loses the rest);
    when one place is left, its value is the one left and is filled in."""
    kept = ""
    for value in picked[:places]:
        if value not in setup.values or value in kept:
            break
        kept += value
    left = [v for v in setup.values if v not in kept]
    if len(kept) == places - 1 and len(left) == 1:
        kept += left[0]
    return kept


def pick_message(match: Match, seat: Seat, setup: SecretSetup, picked: str, lang: str) -> tuple[str, discord.ui.View]:
    """The text and components of the piece-by-piece set-up after the values ``picked`` (slot order)."""
    assert setup.slots is not None
    places = setup.slots(match.state, seat, lang)
    picked = _valid(picked, setup, len(places))
    lines = [t(lang, "setup.pieces.title", id=match.id, done=len(picked), total=len(places))]
    lines += [t(lang, "setup.pieces.placed", slot=places[i], value=value) for i, value in enumerate(picked)]
    view = discord.ui.View(timeout=None)
    if len(picked) < len(places):
        slot = places[len(picked)]
        lines.append(t(lang, "setup.pieces.next", slot=slot))
        options = [
            discord.SelectOption(label=t(lang, "setup.pieces.option", value=v), value=v)
            for v in setup.values
            if v not in picked
        ]
        placeholder = t(lang, "setup.pieces.placeholder", slot=slot)[:150]
        view.add_item(SetupPickSelect(match.id, picked, options, placeholder))
    else:
        lines.append(t(lang, "setup.pieces.ready"))
        view.add_item(SetupPickButton("ok", match.id, picked, t(lang, "button.setup_confirm")))
    if picked:
        view.add_item(SetupPickButton("bk", match.id, picked, t(lang, "button.setup_back")))
    return "\n".join(lines), view


async def show_pick(interaction: discord.Interaction, shell: Shell, match_id: int, picked: str) -> None:
    """Answer a pick (or Back, or the prompt's button) with the next place to fill, privately: a new
    ephemeral message from the prompt, the same message edited in place afterwards."""
    match, seat, setup = await _setup_of(shell, interaction, match_id)
    content, view = pick_message(match, seat, setup, picked, language_of(interaction.locale))
    message = interaction.message
    if message is not None and message.flags.ephemeral:
        await interaction.response.edit_message(content=content[:2000], view=view)
    else:
        await interaction.response.send_message(content[:2000], view=view, ephemeral=True)


async def confirm_pick(interaction: discord.Interaction, shell: Shell, match_id: int, picked: str) -> None:
    """Play the set-up picked, in secret (acknowledged privately, the board posted for everyone)."""
    match, seat, setup = await _setup_of(shell, interaction, match_id)
    assert setup.slots is not None
    lang = language_of(interaction.locale)
    if len(_valid(picked, setup, len(setup.slots(match.state, seat, lang)))) != len(picked) or not picked:
        raise MatchError("setup_incomplete")
    message = interaction.message
    if message is not None and message.flags.ephemeral:
        # The menu is done with: the message says so and loses its components.
        await interaction.response.edit_message(content=t(lang, "setup.pieces.playing"), view=None)
    await secret_move(shell, interaction, match.id, setup.notation(picked))


def pick_button(match_id: int, lang: str) -> SetupPickButton:
    """The set-up prompt's button that opens the piece-by-piece set-up."""
    return SetupPickButton("go", match_id, "", t(lang, "button.setup_pieces"))


__all__ = ["SetupPickButton", "SetupPickSelect", "confirm_pick", "pick_button", "pick_message", "show_pick"]
