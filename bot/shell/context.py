"""The shell's collaborators, bundled once by the composition root (:mod:`bot.shell.client`).

A persistent button is rebuilt by discord.py from its custom id alone, with nothing but the interaction at
hand; its handler needs the match service and the message builders. The client builds one :class:`Shell`
in ``setup_hook`` and keeps it as its ``shell`` attribute; :func:`shell_of` is the one place that reads it.
Handlers then take the :class:`Shell` (or the one collaborator they need), never the bot itself.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

import discord

from bot.app.heavy import HeavyWork
from bot.app.matches import MatchService

if TYPE_CHECKING:
    # Types only: these modules import the buttons, whose handlers take a Shell (no import at run time).
    from bot.shell.pbp import PostUI
    from bot.shell.ui import GameUI


@dataclass(frozen=True)
class Shell:
    """What the shell's handlers work with: the Discord client (to send and edit messages), the match
    service, the match messages (:class:`bot.shell.ui.GameUI`), the play-by-post features
    (:class:`bot.shell.pbp.PostUI`) and the bound on heavy work members ask for."""

    client: discord.Client
    service: MatchService
    ui: GameUI
    pbp: PostUI
    heavy: HeavyWork


def shell_of(interaction: discord.Interaction) -> Shell:
    """The :class:`Shell` of the running bot behind ``interaction``."""
    shell = getattr(interaction.client, "shell", None)
    if not isinstance(shell, Shell):
        raise RuntimeError("these buttons only work on the Plateau bot")
    return shell
