"""A member's own palette: ``/plateau settings palette:`` draws their own views (DM, Show my view) in high
contrast, while every board others see keeps the standard, colour-blind-safe palette."""

from __future__ import annotations

from typing import Any

import pytest

from bot.shell import display
from render import BoardContext
from tests.test_bot_ai import club  # noqa: F401  (the fixture)


@pytest.fixture
def drawn(monkeypatch: pytest.MonkeyPatch) -> list[tuple[int | None, str]]:
    """Every board the bot draws: (the seat whose own view it is, palette)."""
    seen: list[tuple[int | None, str]] = []
    real = display.render_board

    def spy(game_id: str, view: Any, ctx: BoardContext) -> bytes:
        seen.append((ctx.viewer, ctx.palette))
        return real(game_id, view, ctx)

    monkeypatch.setattr(display, "render_board", spy)
    return seen


async def test_high_contrast_is_a_members_choice_for_their_own_views(
    club: dict[str, Any],  # noqa: F811
    drawn: list[tuple[int | None, str]],
) -> None:
    env, channel, alice, bob = club["env"], club["channel"], club["alice"], club["bob"]
    shown = await alice.slash(channel, "plateau settings")
    assert shown.response.ephemeral and "standard colours" in shown.response.content
    chosen = await alice.slash(channel, "plateau settings", palette="contrast")
    assert chosen.response.ephemeral and "high contrast" in chosen.response.content
    assert await env.bot.service.user_pref(alice.id, display.PALETTE) == "contrast"
    lobby = (await alice.slash(channel, "game new", game="subulata", thread=False)).response.message
    await bob.click(lobby, label="Join")
    await bob.click(lobby, label="Start")
    drawn.clear()
    await alice.slash(channel, "game view")
    await bob.slash(channel, "game view")
    match = await env.bot.service.current(channel.id)
    assert match is not None
    mine, theirs = match.seat_of(alice.id), match.seat_of(bob.id)
    assert (mine, "contrast") in drawn and (theirs, "standard") in drawn, "each own view faces its reader"
    await alice.slash(channel, "game board")
    assert drawn[-1] == (None, "standard"), "a board in the channel is drawn for everyone: standard colours"
    back = await alice.slash(channel, "plateau settings", palette="standard")
    assert "standard colours" in back.response.content
    assert await env.bot.service.user_pref(alice.id, display.PALETTE) is None
