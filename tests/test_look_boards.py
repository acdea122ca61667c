"""A board shown after a match ended by resignation or on time says who won, not whose turn it is.

ur-rb-en-4-end.png (bench/phone_tour.py): alice resigned, the final post said "bob won by resignation" over a
board headed "bob to move — rolled 5". The position had no result of its own: the match's result reaches the
board through ``BoardContext.result``.
"""

from __future__ import annotations

import random
import re
from typing import Any

import pytest

from games import find_game
from games.base import GameState, Outcome, Termination
from games.playout import random_step
from render import BoardContext, describe_board, render_board
from tests.botkit import boards_in, text_of

TABLES = [("ur", "rb"), ("ur", "v1"), ("ur", "v2"), ("ur", "v3"), ("subulata", None), ("ultimatek", None)]
NAMES = ("alice", "bob")


def mid_game(game_id: str, rules: str | None, plies: int = 40) -> GameState:
    """A position some way into a game, nobody having won yet, alice (seat 0) to act."""
    info = find_game(game_id)
    rng = random.Random(3)
    state = info.new(2, {"rules": rules} if rules else {})
    played = 0
    while played < plies or state.is_chance() or 0 not in state.actors():
        after = state.apply(random_step(state, rng))
        if after.outcome() is not None:
            break
        state, played = after, played + 1
    assert state.outcome() is None
    return state


@pytest.mark.parametrize(("game_id", "rules"), TABLES)
@pytest.mark.parametrize("termination", [Termination.RESIGNATION, Termination.FORFEIT])
def test_the_board_of_a_match_won_off_the_board_names_its_winner(
    game_id: str, rules: str | None, termination: Termination
) -> None:
    state = mid_game(game_id, rules)
    view = state.view_for(None)
    playing = BoardContext(NAMES)
    over = BoardContext(NAMES, result=Outcome(termination, winners=(1,)))
    before, after = describe_board(game_id, view, playing), describe_board(game_id, view, over)
    assert "bob" in after and before != after
    assert "to move" not in after.lower() and "alice (white) to move" not in after.lower()
    # Won off the board: no score beside the win (it may even favour the side that resigned).
    assert not re.search(r"wins \d+–\d+", after), after
    assert render_board(game_id, view, over) != render_board(game_id, view, playing)
    # The reader's own view too.
    own = state.view_for(0)
    assert describe_board(game_id, own, over) != describe_board(game_id, own, playing)


async def test_after_a_resignation_the_final_post_s_board_names_the_winner(simcord_env: Any) -> None:
    env = simcord_env
    guild = env.create_guild(name="Association")
    channel = guild.create_text_channel("ur")
    alice, bob = (guild.add_member(env.create_user(name)) for name in NAMES)
    lobby = (await alice.slash(channel, "game new", game="ur:rb", thread=False)).response.message
    await bob.click(lobby, label="Join")
    await alice.click(lobby, label="Start")
    playing = boards_in(channel)[-1].attachments[0].description or ""
    assert "to move" in playing
    ask = await alice.slash(channel, "game resign")
    await alice.click(ask.response.message, label="Yes, resign")
    final = boards_in(channel)[-1]
    assert "**bob** won by resignation" in text_of(final)
    alt = final.attachments[0].description or ""
    assert "to move" not in alt and "bob" in alt
