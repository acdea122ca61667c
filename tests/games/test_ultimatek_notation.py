"""Ultima-Tek notation, errors and state text (``games/ultimatek``).

Typed actions are read leniently (case, spaces, separators, directions instead of hexes) and written back
in one canonical form; secrets are stripped for public logs by :func:`public_notation`.
"""

from __future__ import annotations

import pytest

from games.base import GameOverError, IllegalMoveError, NotationError, NotYourTurnError
from games.ultimatek import public_notation
from games.ultimatek.state import Action, from_text, new_state
from tests.games.kit import play
from tests.games.test_ultimatek import pos, scoring, started, text_of


def canon(state: object, text: str) -> str:
    """The canonical notation of what ``text`` reads as in ``state``."""
    return state.format_move(state.parse_move(text))  # type: ignore[attr-defined,no-any-return]


@pytest.mark.parametrize(
    ("typed", "canonical"),
    [
        ("e3-e4", "e3-e4"),
        ("E3 - E4", "e3-e4"),
        ("e3 e4", "e3-e4"),
        ("e3e4", "e3-e4"),
        ("move e3 e4", "e3-e4"),
        ("e3-S", "e3-e4"),
        ("e3 ne", "e3-f2"),
        ("e3-e5 run", "e3-e5 run"),
        ("e3-e5", "e3-e5 run"),
        ("e3-s-s run", "e3-e5 run"),
        ("E3-E5 Run+", "e3-e5 run"),
        ("e3>e1", "e3>e1"),
        ("throw e3 e1", "e3>e1"),
        ("e3 > n > n", "e3>e1"),
        ("lancer e3 e1", "e3>e1"),
        ("end", "end"),
        ("Done", "end"),
    ],
)
def test_phase_two_notation_is_lenient(typed: str, canonical: str) -> None:
    """Moves as ``c3-d3``, ``c3-NE`` or ``c3 d3``; Run moves with the kind; throws as ``c3>c5`` or ``throw c3 c5``."""
    state = pos("e3:2*run", disc="e3")
    assert canon(state, typed) == canonical


def test_bent_flights_name_their_first_hex() -> None:
    """A bent flight is written through its first hex; without one, the cheapest path is read."""
    state = pos("e3:1*fly/", "e4:3", disc="e3")
    assert canon(state, "e3>f3>f4 fly/") == "e3>f3>f4 fly/"
    assert canon(state, "throw e3 e4 f4") == "e3>e4>f4 fly/"
    assert canon(state, "e3>f4") == "e3>f3>f4 fly/"
    assert canon(state, "e3 > se > s fly/") == "e3>f3>f4 fly/"
    assert canon(pos("e3:2*fly", disc="e3"), "e3>e6") == "e3>e6 fly"


def test_phase_one_and_three_notation() -> None:
    """``reveal c3`` / ``discard c3`` in phase 1; ``place fly c3`` (either order, any case) in phase 3."""
    state = pos("e3:1+fly+/", phase=1)
    assert canon(state, "Reveal E3") == "reveal e3"
    assert canon(state, "discard  e3") == "discard e3"
    state = pos("e3:1", phase=3, blue_hand="fly+/,run/")
    assert canon(state, "place fly+/ e3") == "place fly+/ e3"
    assert canon(state, "PLACE e3 run/") == "place run/ e3"
    assert canon(state, "place run+/ e3") == "place run/ e3"


def test_chance_notation() -> None:
    """Chance outcomes: ``kickoff:blue`` / ``kickoff:red`` and ``draw:<seat>:<kind>``."""
    state = new_state()
    assert canon(state, "kickoff:red") == "kickoff:red"
    assert canon(state, "kickoff:0") == "kickoff:blue"
    state = play(state, "kickoff:red")
    assert canon(state, "draw:0:fly+/") == "draw:0:fly+/"
    with pytest.raises(IllegalMoveError):
        state.parse_move("draw:1:fly")  # blue draws first


def test_every_legal_action_round_trips() -> None:
    """format_move is canonical: each legal action reads back as itself, with a unique notation."""
    for state in (
        started(),
        pos("e3:1*fly+/,c3:1*run/", "e4:3", disc="e3"),
        pos("e3:1+stop,c3:1+fly", "e3:2", phase=1),
        pos("e3:1*fly,c3:1", phase=3, blue_hand="run,stop,fly/"),
    ):
        notations = [state.format_move(m) for m in state.legal_moves()]
        assert len(set(notations)) == len(notations)
        for move, text in zip(state.legal_moves(), notations, strict=True):
            assert state.parse_move(text) == move
            assert state.parse_move(text, 0) == move


def test_bad_notation_is_a_notation_error() -> None:
    """Text that is no action raises NotationError with a catalog key and the legal actions."""
    state = pos("e3:1")
    for text in ("hello", "e3", "e3-zz", "e3-n-x", "place e3", "reveal"):
        with pytest.raises(NotationError) as err:
            state.parse_move(text)
        assert err.value.key.startswith("ultimatek.") and err.value.legal
    with pytest.raises(NotationError) as err:
        state.parse_move("b6-b5")
    assert err.value.key == "ultimatek.no_hex"


def test_illegal_actions_say_why() -> None:
    """Well-formed but illegal actions raise IllegalMoveError with a key naming the reason."""
    state = pos("e3:1", disc="e3")
    cases = {
        "f3-f4": "ultimatek.no_piece",
        "e3-e5": "ultimatek.too_far",
        "e3>e6": "ultimatek.bad_flight",
        "e3-e5 run": "ultimatek.no_bonus",
        "reveal e3": "ultimatek.wrong_phase",
    }
    for text, key in cases.items():
        with pytest.raises(IllegalMoveError) as err:
            state.parse_move(text)
        assert err.value.key == key, text
        assert "end" in err.value.legal
    state = pos("e3:1,c3:1", phase=3, blue_hand="run")
    with pytest.raises(IllegalMoveError) as err:
        state.parse_move("place fly e3")
    assert err.value.key == "ultimatek.not_in_hand"
    with pytest.raises(IllegalMoveError) as err:
        state.parse_move("place run f3")
    assert err.value.key == "ultimatek.no_piece"


def test_turn_and_end_errors() -> None:
    """Acting out of turn raises NotYourTurnError; acting after the end raises GameOverError."""
    state = pos("e3:1")
    with pytest.raises(NotYourTurnError):
        state.parse_move("e3-e4", 1)
    assert state.legal_moves(1) == ()
    over = play(scoring("g3:2,i4:1", score="1-0"), "g3>i4")
    with pytest.raises(GameOverError):
        over.parse_move("end")
    with pytest.raises(GameOverError):
        over.apply(Action("end"))


def test_public_notation_hides_secrets() -> None:
    """The kind of a bonus placed face down and of a token drawn into a hand never reach a public log."""
    assert public_notation("place fly c3") == "place c3"
    assert public_notation("place fly+/ c3") == "place c3"
    assert public_notation("PLACE c3 run/") == "place c3"
    assert public_notation("draw:0:fly") == "draw:0"
    assert public_notation("draw:1:stop") == "draw:1"
    for public in ("discard c3", "reveal c3", "c3-d3", "c3-e3 run", "d3>e2>f2 fly/", "end", "kickoff:red"):
        assert public_notation(public) == public


def test_played_actions_are_kept_in_public_notation() -> None:
    """The view lists the turn's actions so far with their secrets stripped."""
    state = play(pos("e3:1,c3:1", blue_hand="fly,run"), "e3-e4", "end", "place fly c3")
    assert state.view_for(0).played == ("e3-e4", "end", "place c3")
    assert "fly" not in state.to_text().split("played=")[1]


def test_state_text_round_trips_and_accepts_short_forms() -> None:
    """The one-line text gives back an equal state; omitted fields take their defaults."""
    state = pos("e3:1*run,c3:2+fly", "e3:3!", blue_hand="stop", red_hand="run,fly/", score="1-0", turns=7, cap=60)
    assert from_text(state.to_text()) == state
    assert from_text(state.to_text()).to_text() == state.to_text()
    assert from_text("ultimatek") == new_state()
    short = from_text("ultimatek act=red")
    assert short.actors() == (1,) and short.disc == started().piece(1, 30).hex  # type: ignore[union-attr]


@pytest.mark.parametrize(
    ("text", "why"),
    [
        ("chess", "start with"),
        ("ultimatek act=green", "blue, red"),
        ("ultimatek colour=blue", "unknown"),
        ("ultimatek bag=1.1.1", "six counts"),
        ("ultimatek bag=8.4.5.5.2.1", "add up"),
        ("ultimatek blue_hand=run,run,run,run", "more than 3"),
        ("ultimatek act=blue score=2-0", "over"),
        ("ultimatek act=- phase=2", "play has started"),
    ],
)
def test_broken_state_texts_are_refused(text: str, why: str) -> None:
    """from_text refuses malformed texts and impossible positions, saying why."""
    with pytest.raises(NotationError, match=why):
        from_text(text)


def test_impossible_bonus_layouts_are_refused() -> None:
    """from_text refuses more than 3 bonuses of a side on the field and a face-up Stop written on its owner."""
    with pytest.raises(NotationError, match="more than 3"):
        from_text(text_of("e3:1*run,c3:1*run,c4:1*run,c5:1*fly"))
    with pytest.raises(NotationError, match="written '!'"):
        from_text(text_of("e3:1*stop"))
