"""The server's preferred locale, as Discord sends it with every interaction (``guild_locale``): a match's
public posts and buttons speak the server's language, a member's private replies their own client's."""

from __future__ import annotations

from typing import Any

from bot.app.i18n import t
from bot.app.matches import MatchStatus
from tests.botkit import boards_in, move_buttons, text_of
from tests.test_bot_e2e import button_labels, current, expect_ephemeral


async def test_a_french_server_plays_in_french_while_an_english_client_reads_english_replies(
    simcord_env: Any, client_locales: dict[int, str]
) -> None:
    env = simcord_env
    guild = env.create_guild(name="Asso", preferred_locale="fr")
    channel = guild.create_text_channel("jeux")
    alice, bob = (guild.add_member(env.create_user(name)) for name in ("alice", "bob"))
    client_locales[alice.id] = "fr"
    # Bob's Discord client is English (not in client_locales: "en-US"), on the French server.

    lobby = (await bob.slash(channel, "game new", game="ur:v2", thread=False, autoplay=False)).response.message
    assert lobby.embeds[0].fields[0].name.startswith("Joueurs"), "the lobby bob opened is in the server's French"
    assert "Rejoindre" in button_labels(lobby) and "Join" not in button_labels(lobby)
    salted = await bob.click(lobby, label=t("fr", "button.salt"))
    await expect_ephemeral(salted, "is recorded")
    await alice.click(lobby, label="Rejoindre")
    await bob.click(lobby, label="Lancer")

    match = await current(env, channel)
    assert match is not None and match.status is MatchStatus.ACTIVE
    board = boards_in(channel)[-1]
    public = text_of(board)
    assert "tour" in public.lower() and " turn" not in public.lower(), public
    buttons = move_buttons(board)
    assert buttons, "the turn post offers its moves"
    mover = match.seats[match.state.actors()[0]]
    waiting = bob if mover == alice.id else alice
    refused = await waiting.click(board, label=next(iter(buttons.values())))
    expected = "It is not your turn" if waiting is bob else "Ce n'est pas votre tour"
    await expect_ephemeral(refused, expected)
