"""The test harness's shortcuts give what the long way gives: a migrated copy is the database a fresh migration
makes, SimCord's faster payload copies are deep copies, a board encoded cheaply is the same image, a message read
again is the one SimCord would build, and a starting bot is waited for as long as any action."""

from __future__ import annotations

import copy
import io
import sqlite3
from pathlib import Path
from typing import Any

import asyncpg
import pytest
import simcord.builders
import simcord.gateway
import simcord.http.router
import simcord.results
from PIL import Image
from simcord.env import Env

from bot.app.storage import Store
from bot.shell.client import PlateauBot
from games import GAMES, GameInfo
from render import BoardContext, render_board
from tests.botkit import encode_pngs_cheaply, lay_migrated_file, make_bot, plain_copy
from tests.pgserver import PgServer


def schema_of(path: Path) -> tuple[Any, ...]:
    with sqlite3.connect(path) as db:
        return (
            sorted(db.execute("SELECT type, name, tbl_name, sql FROM sqlite_master").fetchall()),
            db.execute("PRAGMA user_version").fetchone(),
            db.execute("PRAGMA journal_mode").fetchone(),
            db.execute("SELECT version, name FROM schema_migrations ORDER BY version").fetchall(),
        )


async def test_a_bot_s_migrated_copy_is_the_database_it_would_have_migrated_itself(tmp_path: Path) -> None:
    fresh, copied = tmp_path / "fresh.db", tmp_path / "copied.db"
    store = await Store.open(fresh)
    await store.close()
    lay_migrated_file(str(copied))
    assert schema_of(copied) == schema_of(fresh)
    store = await Store.open(copied)
    try:
        assert store.applied_migrations == ()
    finally:
        await store.close()
    lay_migrated_file(str(copied))  # a file already there (a restarted bot's) is left as it is
    lay_migrated_file(":memory:")


async def pg_schema(url: str) -> list[Any]:
    conn = await asyncpg.connect(url)
    try:
        rows = await conn.fetch(
            "SELECT table_name, column_name, data_type, is_nullable, column_default FROM information_schema.columns"
            " WHERE table_schema = 'public' ORDER BY table_name, column_name"
        )
        indexes = await conn.fetch("SELECT indexname, indexdef FROM pg_indexes WHERE schemaname = 'public' ORDER BY 1")
        versions = await conn.fetch("SELECT version, name FROM schema_migrations ORDER BY version")
        return [tuple(r) for r in (*rows, *indexes, *versions)]
    finally:
        await conn.close()


@pytest.mark.postgres
async def test_a_postgresql_copy_of_the_migrated_template_is_a_freshly_migrated_database(
    pg_server: PgServer, pg_migrated: str, pg_url: str
) -> None:
    store = await Store.open(pg_url)
    await store.close()
    copied = pg_server.new_database(template=pg_migrated)
    assert await pg_schema(copied) == await pg_schema(pg_url)
    store = await Store.open(copied)
    try:
        assert store.applied_migrations == ()
    finally:
        await store.close()


def test_the_fast_payload_copy_is_a_deep_copy() -> None:
    shared = {"type": 10, "content": "a board"}
    payload: dict[str, Any] = {"components": [shared, shared], "attachments": [{"id": "1", "data": b"\x89PNG"}]}
    copied = plain_copy(payload)
    assert copied == copy.deepcopy(payload)
    assert copied["components"][0] is copied["components"][1], "what was shared stays shared"
    copied["components"][0]["content"] = "changed"
    assert shared["content"] == "a board", "nothing of the original is reached through the copy"
    unpicklable = {"callback": lambda: None}
    assert plain_copy(unpicklable).keys() == unpicklable.keys()
    # Every copy SimCord makes goes through it: gateway events and logged requests too.
    assert simcord.gateway.copy.deepcopy is simcord.http.router.copy.deepcopy is plain_copy


def pixels(png: bytes) -> tuple[Any, ...]:
    with Image.open(io.BytesIO(png)) as image:
        return image.mode, image.size, image.getpalette(), image.tobytes()


@pytest.mark.parametrize("info", GAMES, ids=lambda info: info.id)
def test_a_board_encoded_cheaply_is_the_same_image(info: GameInfo, monkeypatch: pytest.MonkeyPatch) -> None:
    view = info.new(info.min_players, info.option_defaults()).view_for(None)
    ctx = BoardContext(names=tuple(f"Player {seat + 1}" for seat in range(info.min_players)))
    real = render_board(info.id, view, ctx)
    encode_pngs_cheaply(monkeypatch)
    cheap = render_board(info.id, view, ctx)
    assert cheap != real, "the cheaper level is used"
    assert pixels(cheap) == pixels(real)
    assert render_board(info.id, view, ctx) == cheap, "still deterministic"


async def test_a_simcord_bot_s_boards_are_encoded_cheaply(simcord_bot: PlateauBot) -> None:
    png = Image.SAVE["PNG"]
    assert png.__name__ == "save_cheaply", png


def as_built(message: Any) -> tuple[Any, ...]:
    """What a test reads of a message."""
    components = [c.to_dict() for c in message.components]
    return message.id, message.content, [e.to_dict() for e in message.embeds], components, message.edited_at


async def test_a_message_read_again_is_reused_until_it_changes(simcord_env: Env, db_path: str) -> None:
    assert simcord.builders.to_discord_message is not simcord.results.to_discord_message, "the shortcut is on"
    guild = simcord_env.create_guild(name="Association")
    channel = guild.create_text_channel("games")
    alice = guild.add_member(simcord_env.create_user("alice"))
    await alice.slash(channel, "game new", game="ur:v2", thread=False)
    (lobby,) = channel.history()
    assert channel.history()[0] is lobby, "unchanged: the same message"
    assert as_built(lobby) == as_built(
        simcord.results.to_discord_message(simcord_env, simcord_env.backend.messages[channel.id][lobby.id])
    )
    bob = guild.add_member(simcord_env.create_user("bob"))
    await bob.click(lobby, label="Join")
    (joined,) = [m for m in channel.history() if m.id == lobby.id]
    assert joined is not lobby and as_built(joined) != as_built(lobby), "edited: built afresh"
    assert "(2/2)" in str(joined.embeds[0].to_dict()) and "(1/2)" in str(lobby.embeds[0].to_dict())
    await simcord_env.restart_bot(make_bot(db_path))
    (restarted,) = [m for m in channel.history() if m.id == lobby.id]
    assert restarted is not joined, "another connection: built afresh"
    assert as_built(restarted) == as_built(joined)


async def test_a_starting_bot_is_waited_for_as_long_as_any_action(
    simcord_bot: PlateauBot, monkeypatch: pytest.MonkeyPatch
) -> None:
    asked: list[float | None] = []
    settle = Env._settle_internal

    async def noted(self: Env, *, timeout: float | None = None, **kwargs: Any) -> None:
        asked.append(timeout)
        await settle(self, timeout=timeout, **kwargs)

    monkeypatch.setattr(Env, "_settle_internal", noted)
    env = Env(simcord_bot, settle_timeout=60.0)
    await env.start()
    try:
        assert asked and all(timeout is None or timeout >= 60.0 for timeout in asked), asked
    finally:
        await env.shutdown()
