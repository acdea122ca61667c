"""Subulata in words: every move button says which cells, from what terrain and whether it captures, in
the reader's language, and never a value; the board marks the piece each button moves; the end explains
the scores; a capture's line agrees with the board that shows it."""

from __future__ import annotations

import random
import re

import pytest

from bot.app.i18n import t
from bot.app.telling.game_words import words_for
from bot.app.telling.words import button_moves, decision_line, move_label, move_marks
from games import subulata
from games.base import GameState
from games.playout import random_step
from games.subulata.state import State, from_text

GAME = subulata.INFO
WORDS = words_for(GAME.id)
CELL = re.compile(r"[a-i][1-9]")
FIXED = "10,20,30,40,50,60,70,80,90"
"""The fixed layout (T1 to T9, unturned), in a state text."""
ENGLISH = {"from", "water", "flower", "leaf", "back", "captures", "to", "the", "piece", "pieces", "home", "plus"}


def play(seed: int, until: int | None = None) -> list[State]:
    """The positions of one seeded random game from the first move on (at most ``until`` moves)."""
    rng = random.Random(seed)
    state: GameState = GAME.new(2, {})
    seen: list[State] = []
    while state.outcome() is None and (until is None or len(seen) < until):
        state = state.apply(random_step(state, rng))
        assert isinstance(state, State)
        if state.turn is not None and not state.is_chance():
            seen.append(state)
    return seen


def words_in(text: str) -> list[str]:
    """The words of a label: its letters, cell names left out."""
    return re.findall(r"[^\W\d_]{2,}(?:'[^\W\d_]+)?", CELL.sub(" ", text))


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_every_move_button_says_the_move_in_words_without_a_value(lang: str) -> None:
    for seed in range(6):
        for state in play(seed, until=60):
            seat = state.turn
            assert seat is not None
            offered = button_moves(GAME, state, seat) or [state.format_move(m) for m in state.legal_moves(seat)]
            # The same position with every value dealt again: a public label that named one would change.
            other = GAME.resample_hidden(state, None, random.Random(seed))
            for notation in offered:
                label = move_label(GAME, state, notation, lang)
                assert label == move_label(GAME, other, notation, lang)
                frm, to = CELL.findall(notation)
                assert label.startswith(f"{frm} → {to} · "), label
                assert not re.search(r"\d", CELL.sub("", label)), f"a digit besides the cells: {label}"
                assert len(words_in(label)) >= 2, label
                assert ("x" in notation) == any(w in label for w in ("captur",)), label
                if lang == "fr":
                    assert not set(words_in(label)) & (ENGLISH - {"captures"}), label


def test_a_label_names_the_terrain_the_piece_jumps_from() -> None:
    state = from_text(
        "subulata 10,20,30,40,50,60,70,80,90 a1=1,b1=2,c1=3,a2=4,b2=5,c2=6,a3=7,b3=8,c3=9/ "
        "g7=1,h7=2,i7=3,g8=4,h8=5,i8=6,g9=7,h9=8,i9=9/ 0"
    )
    notation = state.format_move(state.legal_moves(0)[0])
    terrain = state.terrain[state.legal_moves(0)[0].frm]  # type: ignore[union-attr]
    word = {"W": "from water", "F": "from a flower", "L": "from a leaf"}[terrain]
    assert move_label(GAME, state, notation, "en").endswith(word)
    mot = {"W": "depuis l'eau", "F": "depuis une fleur", "L": "depuis une feuille"}[terrain]
    assert move_label(GAME, state, notation, "fr").endswith(mot)


def test_a_capture_backward_says_so() -> None:
    # White's piece on d4 (a leaf in the fixed layout? whatever it is) is found by the engine: take any
    # backward capture a random game offers.
    found = []
    for seed in range(30):
        for state in play(seed):
            for move in state.legal_moves(state.turn):
                notation = state.format_move(move)
                label = move_label(GAME, state, notation, "en")
                if "back to capture" in label:
                    found.append((state, notation, label))
        if found:
            break
    assert found, "some random game offers a backward capture"
    state, notation, label = found[0]
    assert "x" in notation and move_label(GAME, state, notation, "fr").endswith("recule pour capturer")


def test_the_board_marks_each_movable_piece_once_with_its_buttons_mark() -> None:
    for state in play(4, until=40):
        seat = state.turn
        assert seat is not None
        offered = button_moves(GAME, state, seat)
        if not offered:
            continue
        marks = move_marks(GAME, state, seat)
        assert set(marks) == set(offered)
        by_piece: dict[str, set[str]] = {}
        for notation, (square, mark) in marks.items():
            assert notation.startswith(square), "the mark stands on the piece the button moves"
            by_piece.setdefault(square, set()).add(mark)
        assert all(len(m) == 1 for m in by_piece.values()), "a piece's moves share one mark"
        assert len({next(iter(m)) for m in by_piece.values()}) == len(by_piece), "each piece its own mark"
        label = move_label(GAME, state, offered[0], "en", marks[offered[0]][1])
        assert label.startswith("1 · "), label


def test_the_builder_and_the_autocomplete_say_the_terrain() -> None:
    state = play(2, until=10)[-1]
    move = state.legal_moves(state.turn)[0]
    parts = GAME.move_parts(state, move)  # type: ignore[misc]
    assert parts[0].key.startswith("subulata.from_") and parts[1].key in ("to", "captures")
    assert not any(p.secret for p in parts)


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_the_final_scores_are_explained(lang: str) -> None:
    end = play(3)[-1]
    outcome = end.outcome()
    assert outcome is not None and outcome.scores is not None
    text = WORDS.scores(end, ["alice", "bob"], lang)
    assert text is not None
    for seat, name in enumerate(("alice", "bob")):
        assert f"**{name}** {outcome.scores[seat]}" in text
    rule = {"en": "plus 1 for each piece they captured", "fr": "plus 1 par pion adverse capturé"}[lang]
    assert rule in text
    if outcome.winners:
        winner = ("alice", "bob")[outcome.winners[0]]
        assert text.splitlines()[-1].endswith(f"**{winner}**.")
    if lang == "fr":
        assert not {"pieces", "home", "the"} & set(words_in(text))
    assert WORDS.scores(play(3, until=5)[-1], ["alice", "bob"], lang) is None, "nothing before the end"


def test_a_capture_that_ends_the_game_names_the_value_the_board_now_shows() -> None:
    for seed in range(40):
        positions = play(seed)
        before, end = positions[-2], positions[-1]
        move = next(m for m in before.legal_moves(before.turn) if before.apply(m) == end)
        notation = before.format_move(move)
        if "x" not in notation:
            continue
        line = decision_line(GAME, before, end, notation, before.turn, ["alice", "bob"], "en")  # type: ignore[arg-type]
        value = dict(before.pieces[1 - before.turn])[move.to]  # type: ignore[index,union-attr]
        assert f"worth {value}" in line and "secret" not in line and "hidden" not in line, line
        return
    pytest.fail("no seeded game ended on a capture")


def test_a_capture_during_the_game_keeps_its_value_hidden_until_the_end() -> None:
    for state in play(1):
        for move in state.legal_moves(state.turn):
            notation = state.format_move(move)
            after = state.apply(move)
            if "x" in notation and after.outcome() is None:
                line = decision_line(GAME, state, after, notation, state.turn, ["alice", "bob"], "en")  # type: ignore[arg-type]
                assert "hidden until the end" in line and not re.search(r"worth \d", line)
                return
    pytest.fail("no capture in the seeded game")


FRENCH_SETUP_TEXTS = ("error.subulata.notation", "error.subulata.setup_first")
"""The texts that quote a typed set-up: the errors a mistyped one gets (the set-up post names the button that
carries the set-up instead, tests/test_texts.py)."""


@pytest.mark.parametrize("key", FRENCH_SETUP_TEXTS)
def test_french_set_up_texts_give_the_set_up_as_a_french_member_types_it(key: str) -> None:
    """A French post names the set-up in French notation, and each one it quotes is read as a set-up; a command
    is named with its French name and option, as Discord shows them to a French member."""
    text = t("fr", key, mentions="@alice")
    quoted = re.findall(r"`([^`]+)`", text)
    setups = []
    for snippet in quoted:
        if snippet.startswith("/"):
            assert snippet.startswith("/partie jouer coup: "), snippet
            snippet = snippet.removeprefix("/partie jouer coup: ")
        if not CELL.fullmatch(snippet.split("-")[0]):
            setups.append(snippet)
    assert setups, text
    for snippet in setups:
        assert not {"setup", "random"} & set(snippet.split()), f"English notation in a French post: {text}"
        white = from_text(f"subulata {FIXED} - - -").parse_move(snippet, 0)
        assert isinstance(white, subulata.state.Setup), snippet


def test_the_setup_is_read_in_french_words() -> None:
    state = from_text(f"subulata {FIXED} - - -")
    for typed in ("placement hasard", "placement au hasard", "blanc placement hasard"):
        assert state.parse_move(typed, 0) == subulata.state.Setup(0)
    assert state.parse_move("placement 123456789", 0) == subulata.state.Setup(0, tuple(range(1, 10)))
