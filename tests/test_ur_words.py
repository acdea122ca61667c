"""Ur's moves in words, in all four rule sets: each button says what moves, from where to where and what it
does, and the pieces the buttons move carry the same short marks as the board.

Positions are written as the engines' one-line texts (``v2 0:A3,B2 1:B4 0 2``: seat 0's pieces, seat 1's,
the seat to play, the roll waiting).
"""

from __future__ import annotations

import random
import re
from collections.abc import Iterator
from typing import Any

import pytest

from bot.app.i18n import catalog
from bot.app.telling.game_words import words_for
from bot.app.telling.words import button_moves, chance_lines, decision_line, move_label, move_marks
from bot.shell.play.move_controls import choice_label
from games import GAMES
from games.base import GameState
from games.builder import build, steps
from games.playout import random_step
from tests.botkit import move_buttons
from tests.test_bot_calls import legal, world

__all__ = ["world"]

UR = next(g for g in GAMES if g.id == "ur")
RULE_SETS = ("v1", "v2", "v3", "rb")

SQUARE = re.compile(r"\b[A-C][1-8]\b")
NOTATION = re.compile(r"\b(in|[A-C][1-8])[-x]([A-C][1-8]|off)\b|@[A-C][1-8]|\+[0-9]\b", re.IGNORECASE)
"""A token of the engines' notation: ``in-A3``, ``B3xB5``, ``A8-off``, ``@A1``, the ``+1`` of prisoners."""
SHAPES = {
    "v1": {"in-A1", "A1-A1", "A1xA1", "A1-off"},
    "v2": {"in-A1", "inxA1", "A1-A1", "A1xA1", "A1-off"},
    "v3": {"@A1", "A1-A1"},
    "rb": {"in-A1", "inxA1", "A1-A1", "A1xA1", "A1-A1+1", "A1xA1+1"},
}
"""The shapes of every move notation of each rule set (squares written A1, prisoners +1)."""

ENGLISH = frozenset(
    re.findall(
        r"\w+",
        "a the piece pieces enter move moves bear off from on to captures own your sends back roll again turns for "
        "home with of its prisoner prisoners leaves removes takes red winning wins game place eyes five dots single "
        "square along out rosette token tokens",
    )
)
"""English words a French label must not hold."""


def position(text: str) -> GameState:
    return UR.from_text(text)


def labels(text: str, lang: str = "en") -> dict[str, str]:
    """Every move of the seat to play in ``text``, as its button reads: notation → label (mark first)."""
    state = position(text)
    seat = state.actors()[0]
    marks = move_marks(UR, state, seat)
    offered = [state.format_move(m) for m in state.legal_moves(seat)]
    return {n: move_label(UR, state, n, lang, marks.get(n, ("", ""))[1]) for n in offered}


def words_of(label: str) -> list[str]:
    """The words of a label: letters only, square names and marks left out."""
    return [w for w in re.findall(r"[^\W\d_]{2,}", SQUARE.sub(" ", label))]


# Variante 2: a race; a rosette rolls again, and landing on one's own piece sends it back.


def test_variante_2_buttons_say_where_each_piece_goes_and_what_happens() -> None:
    assert labels("v2 0:A3,B2,B3,A8 1:B4,B5 0 2") == {
        "inxA3": "Enter a piece → A3 · sends your own piece back",
        "A3-A1": "1 · Piece on A3 → A1 · rosette, roll again",
        "B2-B4": "2 · Piece on B2 → B4 · rosette, roll again",
        "B3xB5": "3 · Piece on B3 → B5 · captures",
        "A8-off": "4 · Bear off from A8",
    }


def test_variante_2_in_french() -> None:
    assert labels("v2 0:A3,B2,B3,A8 1:B4,B5 0 2", "fr") == {
        "inxA3": "Entrer un pion → A3 · renvoie votre propre pion",
        "A3-A1": "1 · Pion en A3 → A1 · rosace, rejouez",
        "B2-B4": "2 · Pion en B2 → B4 · rosace, rejouez",
        "B3xB5": "3 · Pion en B3 → B5 · capture",
        "A8-off": "4 · Sortir le pion en A8",
    }


def test_the_last_piece_borne_off_says_it_wins() -> None:
    assert labels("v2 0:A7+6 1:C3 0 1") == {"A7-off": "Bear off from A7 · winning move"}


# Variante 1: a loop; the piece turns over at B8 and comes home to B1.


def test_variante_1_buttons() -> None:
    assert labels("v1 0:A2,A8,B1r 1:B5 0 4") == {
        "in-A1": "1 · Enter a piece → A1",
        "A2xB5": "2 · Piece on A2 → B5 · captures",
        "A8-B7": "3 · Piece on A8 → B7 · turns for home",
        "B1-off": "4 · Bear off from B1",
    }
    assert labels("v1 0:A2,A8,B1r 1:B5 0 4", "fr")["A8-B7"] == "3 · Pion en A8 → B7 · fait demi-tour"


# Ravensburger: towers, and prisoners carried along ("+1" in the notation).


def test_ravensburger_buttons_explain_prisoners() -> None:
    assert labels("rb B3=cca,B7=c 9,7 0,0 0 4 5/2") == {
        "in-A1": "1 · Enter a token → A1",
        "B3xB7": "2 · Token on B3 → B7 · leaves 2 prisoners, captures",
        "B3xB7+1": "2 · Token on B3 → B7 · with 1 of its 2 prisoners, captures",
        "B3xB7+2": "2 · Token on B3 → B7 · with 2 prisoners, captures",
    }
    assert labels("rb B3=cca,B7=c 9,7 0,0 0 4 5/2", "fr")["B3xB7+1"] == (
        "2 · Jeton en B3 → B7 · avec 1 de ses 2 prisonniers, capture"
    )


def test_prisoners_brought_to_the_final_goal_leave_the_game() -> None:
    found = labels("rb B8=ca 9,9 0,0 0 2 5/2")
    assert found["B8-A7+1"] == "2 · Token on B8 → A7 · removes 1 prisoner, turns red"
    assert found["B8-A7"] == "2 · Token on B8 → A7 · leaves 1 prisoner, turns red"


# Variante 3: placing pawns, then walking them onto motifs.


def test_variante_3_placement_names_the_motif_of_each_square() -> None:
    # Twenty squares are more than fit under the board as buttons on a phone: a menu offers them, unmarked.
    found = labels("v3 0r:- 1r:- 0 -")
    assert len(found) == 20
    assert found["@A1"] == "Place a piece on A1 · rosette"
    assert found["@A2"] == "Place a piece on A2 · eyes"
    assert found["@B3"] == "Place a piece on B3 · single square"
    assert found["@C8"] == "Place a piece on C8 · single square"
    assert labels("v3 0r:- 1r:- 0 -", "fr")["@A3"] == "Poser un pion sur A3 · cinq points"


def test_variante_3_moves_share_their_pawn_s_mark() -> None:
    # Marked as buttons would be, whether or not this post has room for them under its goal line.
    state = position("v3 0r:A1r,A3b,B2r,B8r,C4b 1b:A2b,B4r,B6b,C1b,C8b 0 3")
    seat = state.actors()[0]
    offered = [state.format_move(m) for m in state.legal_moves(seat)]
    marks = dict(words_for(UR.id).marks(state, seat, offered))
    found = {n: move_label(UR, state, n, "en", marks.get(n, ("", ""))[1]) for n in offered}
    assert found["A1-B3"] == "1 · Piece on A1 → B3 · single square"
    assert found["A1-C2"] == "1 · Piece on A1 → C2 · eyes"
    assert found["B2-A4"] == "2 · Piece on B2 → A4 · eyes"
    assert found["B8-A8"] == "3 · Piece on B8 → A8 · single square"


# Marks.


def test_marks_sit_on_the_piece_and_on_the_entry_square_for_a_piece_from_the_reserve() -> None:
    state = position("v1 0:A2,A8,B1r 1:B5 0 4")
    assert move_marks(UR, state, 0) == {
        "in-A1": ("A1", "1"),
        "A2xB5": ("A2", "2"),
        "A8-B7": ("A8", "3"),
        "B1-off": ("B1", "4"),
    }


def test_an_entry_onto_a_marked_piece_goes_unmarked_rather_than_sharing_its_square() -> None:
    marks = move_marks(UR, position("v2 0:A3,B2 1:B4 0 2"), 0)
    assert marks == {"A3-A1": ("A3", "1"), "B2-B4": ("B2", "2")}


def test_a_single_piece_to_move_needs_no_mark() -> None:
    assert move_marks(UR, position("v2 0:B2+6 1:B4 0 2"), 0) == {}
    assert labels("v2 0:B2+6 1:B4 0 2") == {"B2-B4": "Piece on B2 → B4 · rosette, roll again"}


# Every rule set, in random games.


def playouts(rules: str, seeds: int = 6) -> Iterator[GameState]:
    """Every position where a player must choose, in seeded random games."""
    for seed in range(seeds):
        rng = random.Random(seed)
        state = UR.new(2, {"rules": rules})
        for _ in range(3000):
            if state.outcome() is not None:
                break
            if state.actors():
                yield state
            state = state.apply(random_step(state, rng))


@pytest.mark.parametrize("rules", RULE_SETS)
def test_every_move_of_random_games_is_in_words(rules: str) -> None:
    """Every legal move as a button, the menu's confirm step and the suggestions say it (whether the post offers
    it as a button or in its menu)."""
    said: dict[str, set[str]] = {}
    for lang in ("en", "fr"):
        said[lang] = {w for k, v in catalog(lang).items() if k.startswith("label.ur.") for w in words_of(v.lower())}
    assert said["en"] - said["fr"] <= ENGLISH, "the list knows every English word of the labels"
    checked = 0
    shapes: set[str] = set()
    for state in playouts(rules):
        seat = state.actors()[0]
        marks = move_marks(UR, state, seat)
        for notation in [state.format_move(m) for m in state.legal_moves(seat)]:
            shapes.add(re.sub(r"[A-C][1-8]", "A1", re.sub(r"\+[0-9]", "+1", notation)))
            for lang in ("en", "fr"):
                label = move_label(UR, state, notation, lang, marks.get(notation, ("", ""))[1])
                assert len(words_of(label)) >= 2, (notation, label)
                assert not NOTATION.search(label), (notation, label)
                assert len(label) <= 80, label
                if lang == "fr":
                    assert not set(words_of(label.lower())) & ENGLISH, (notation, label)
                checked += 1
    assert checked > 500
    assert shapes == SHAPES[rules], "every shape of notation the engine writes was met, and told in words"


@pytest.mark.parametrize("rules", RULE_SETS)
def test_marks_are_stable_and_one_per_piece(rules: str) -> None:
    for state in playouts(rules, seeds=4):
        seat = state.actors()[0]
        marks = move_marks(UR, state, seat)
        assert marks == move_marks(UR, state, seat)
        if not marks:
            continue
        shown = button_moves(UR, state, seat) or []
        squares = {mark: square for square, mark in marks.values()}
        assert len(squares) == len(set(squares.values())) >= 2, "one mark per square, each on one square"
        assert [int(m) for m in dict.fromkeys(marks[n][1] for n in shown if n in marks)] == list(
            range(1, len(squares) + 1)
        ), "numbered in the buttons' order"
        for notation, (square, _) in marks.items():
            start = re.split(r"[-x]", notation.lstrip("@"))[0]
            assert start.upper() in (square, "IN"), (notation, square)


# The same words in the sentences of posts and of /game history, before the notation.


@pytest.mark.parametrize(
    ("text", "move", "lang", "told"),
    [
        ("v2 0:A3,B2,B3,A8 1:B4,B5 0 2", "B3xB5", "en", "**Ada** rolled **2** and played B3 → B5 (`B3xB5`)"),
        (
            "v2 0:A3,B2,B3,A8 1:B4,B5 0 2",
            "inxA3",
            "en",
            "played a piece from the reserve → A3 (`inxA3`) and sent their own",
        ),
        ("v2 0:A3,B2,B3,A8 1:B4,B5 0 2", "A8-off", "fr", "et joué A8 → hors du plateau (`A8-off`)."),
        ("v3 0r:- 1r:- 0 -", "@A1", "fr", "**Ada** a joué un pion sur A1 (`@A1`)."),
    ],
)
def test_a_decision_is_told_in_words_then_its_notation(text: str, move: str, lang: str, told: str) -> None:
    state = position(text)
    line = decision_line(UR, state, state.apply(state.parse_move(move)), move, 0, ["Ada", "Bea"], lang)
    assert told in line


# The move builder's steps (offered when a turn has more moves than buttons).


@pytest.mark.parametrize("rules", RULE_SETS)
def test_every_step_of_the_move_builder_is_in_words(rules: str) -> None:
    for state in playouts(rules, seeds=2):
        root = build(UR, state, state.actors()[0])
        assert root is not None
        for step in steps(root):
            for choice in step.choices:
                for lang in ("en", "fr"):
                    label = choice_label(choice, lang)
                    assert words_of(label) and not NOTATION.search(label), label
                    if lang == "fr":
                        assert not set(words_of(label.lower())) & ENGLISH, label


def test_the_builder_asks_which_piece_then_where_then_how_many_prisoners() -> None:
    root = build(UR, position("rb B3=cca,B7=c 9,7 0,0 0 4 5/2"), 0)
    assert root is not None
    assert [choice_label(c, "en") for c in root.choices] == ["enter a token · to A1", "token on B3 · to B7"]
    step = root.choices[1].step
    assert step is not None
    assert [choice_label(c, "fr") for c in step.choices] == [
        "seul, sans ses prisonniers",
        "avec 1 prisonnier",
        "avec 2 prisonniers",
    ]


# Through Discord (SimCord): the turn post, the /game move suggestions and /game hint.


async def test_a_member_reads_ur_moves_in_words_on_buttons_suggestions_and_hints(world: dict[str, Any]) -> None:
    env, channel, alice, bob = world["env"], world["channel"], world["alice"], world["bob"]
    # A hint is real CPU work in a thread: on a loaded machine it outlasts SimCord's default 5 s to settle.
    env.settle_timeout = 60.0
    new = await alice.slash(channel, "game new", game="ur:rb", thread=False, autoplay=False, rated=False)
    await bob.click(new.response.message, label="Join")
    await bob.click(new.response.message, label="Start")
    players = {alice.id: alice, bob.id: bob}
    marked = 0
    for _ in range(12):
        match = await env.bot.service.current(channel.id)
        assert match is not None
        (seat,) = match.state.actors()
        actor = players[match.seats[seat]]
        post = [m for m in channel.history() if m.attachments][-1]
        buttons = move_buttons(post)
        assert set(buttons) == set(legal(match))
        marks = move_marks(UR, match.state, seat)
        for notation, label in buttons.items():
            mark = marks.get(notation, ("", ""))[1]
            assert label == move_label(UR, match.state, notation, "en", mark)
            assert label.startswith(f"{mark} · ") == bool(mark)
        marked += bool(marks)
        suggested = await actor.autocomplete(channel, "game move", "move", "")
        for choice in suggested:
            words = move_label(UR, match.state, choice["value"], "en")
            assert choice["name"] == f"{choice['value']} — {words}"
        hint = await actor.slash(channel, "game hint")
        (reply,) = [m for m in (hint.response, *hint.followups) if m is not None and m.content]
        typed = reply.content.split("`")[1]
        assert f"would play **{move_label(UR, match.state, typed, 'en')}** (`{typed}`)" in reply.content
        await actor.click(post, label=buttons[typed])
    assert marked, "some turn offered several pieces"


# Another roll, and why (issue 37, fault 16): Variante 1 gives it for the roll (a 4 or a 5, wherever the piece
# lands), Variante 2 for the rosette a piece lands on; Variante 3 and Ravensburger never give one.

AGAIN = {"en": "another roll", "fr": "nouveau lancer"}
ROSETTE = {"en": "rosette", "fr": "rosace"}


def told(text: str, move: str, lang: str) -> str:
    state = position(text)
    seat = state.actors()[0]
    return decision_line(UR, state, state.apply(state.parse_move(move)), move, seat, ["Ada", "Bea"], lang)


@pytest.mark.parametrize("lang", ["en", "fr"])
@pytest.mark.parametrize(
    ("text", "move", "roll"),
    [
        ("v1 0:A2,A3,B1r 1:B7 0 4", "A2-B5", 4),  # B5, B6, B2: plain squares
        ("v1 0:A2,A3,B1r 1:B7 0 4", "A3-B6", 4),
        ("v1 0:A2,B4r,B6r 1:B7 0 4", "B6-B2", 4),
        ("v1 0:A2,A3,B1r 1:B7 0 5", "A3xB7", 5),  # a capture on a plain square
        ("v1 0:A2,B4r,B6r 1:B7 0 5", "B6-B1", 5),  # the arrival square
        ("v1 0:A2,A3,B1r 1:B7 0 4", "in-A1", 4),  # A1 is a rosette, but the roll gives the extra one
        ("v1 0:A2,A3,B1r 1:B7 0 5", "B1-off", 5),
    ],
)
def test_variante_1_says_the_roll_gives_another_roll_not_a_rosette(text: str, move: str, roll: int, lang: str) -> None:
    line = told(text, move, lang)
    cause = {"en": f"a roll of {roll} gives another roll", "fr": f"un {roll} donne un nouveau lancer"}[lang]
    assert cause in line and ROSETTE[lang] not in line, line


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_variante_1_a_roll_of_1_moves_and_passes_without_another_roll(lang: str) -> None:
    assert AGAIN[lang] not in told("v1 0:A2,A3,B1r 1:B7 0 1", "A3-A4", lang)


@pytest.mark.parametrize("lang", ["en", "fr"])
@pytest.mark.parametrize("roll", [4, 5])
def test_variante_1_a_4_or_5_no_piece_can_use_still_rolls_again_and_is_not_a_pass(roll: int, lang: str) -> None:
    # The last piece on A3; a 4 and a 5 would end on B6 and B7, held by turned pieces that cannot be captured.
    before = position("v1 0:A3+6 1:B6r,B7r 0 -")
    after = before.apply(before.parse_move(f"roll:{roll}"))
    assert after.is_chance() and getattr(after, "turn", None) == 0, "the engine: the same player rolls again"
    (line,) = chance_lines(UR, [(before, after, f"roll:{roll}")], ["Ada", "Bea"], lang)
    cause = {"en": f"A {roll} still gives another roll", "fr": f"Un {roll} donne tout de même un nouveau lancer"}[lang]
    why = {"en": "a capture happens only on B5, B6 and B7", "fr": "on ne capture que sur B5, B6 et B7"}[lang]
    assert cause in line and why in line and "passe" not in line, line
    assert words_for("ur").passed(before, after, "roll", str(roll)) is None
    zero = before.apply(before.parse_move("roll:0"))
    assert words_for("ur").passed(before, zero, "roll", "0") == (0, "0"), "a 0 still passes the turn"


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_variante_2_says_the_rosette_it_lands_on(lang: str) -> None:
    line = told("v2 0:A3,B2,B3,A8 1:B4,B5 0 2", "A3-A1", lang)
    assert f"{ROSETTE[lang]} A1" in line and AGAIN[lang] in line, line
    assert AGAIN[lang] not in told("v2 0:A3,B2,B3,A8 1:B4,B5 0 2", "B3xB5", lang)


@pytest.mark.parametrize("rules", RULE_SETS)
def test_every_extra_roll_of_random_games_names_its_real_cause(rules: str) -> None:
    """Each decision after which its player plays again says why, in both languages, with the cause of its rule
    set; no other decision speaks of another roll."""
    causes = 0
    for state in playouts(rules, seeds=4):
        seat = state.actors()[0]
        for move in state.legal_moves(seat)[:3]:
            notation = state.format_move(move)
            after = state.apply(move)
            extra = after.outcome() is None and getattr(after, "turn", None) == seat
            for lang in ("en", "fr"):
                line = decision_line(UR, state, after, notation, seat, ["Ada", "Bea"], lang)
                if not extra:
                    assert AGAIN[lang] not in line, line
                    continue
                assert rules in ("v1", "v2"), f"no extra roll in {rules}: {line}"
                roll = getattr(state, "roll", None)
                if rules == "v1":
                    cause = {"en": f"a roll of {roll} gives another roll", "fr": f"un {roll} donne un nouveau lancer"}
                    assert cause[lang] in line and ROSETTE[lang] not in line.split("—")[-1], line
                else:
                    (square,) = [
                        sq for sq in SQUARE.findall(notation)[-1:] if sq in ("A1", "C1", "B4", "A7", "C7")
                    ] or [""]
                    assert f"{ROSETTE[lang]} {square}, {AGAIN[lang]}" in line, line
                causes += 1
    assert causes > (50 if rules in ("v1", "v2") else -1)


def test_ravensburger_towers_and_red_faces_are_said_in_words_above_the_board() -> None:
    """A tower's side view is slices some 3 CSS px tall on a phone (issue 39): the line above the board says each
    tower's tokens as the acting seat counts them, and what a red-faced token does; nothing on a plain board."""
    from bot.app.telling.words import board_note
    from games.ur import towers

    rb = next(game for game in GAMES if game.id == "ur")
    state = towers.from_text("rb A1=a,A8=ac,B2=cc,B3=CaCA,B4=c,B6=A,B7=aaaC,B8=a,C7=C,C8=c 0,0 1,1 0 3 5/6")
    en = board_note(rb, state, 0, "en")
    assert en is not None
    assert "Towers: A8: 1 yours, 1 theirs · B2: 2 theirs · B3: 2 yours, 2 theirs · B7: 3 yours, 1 theirs." in en
    assert "red-faced token has reached its final goal: it now runs both ways" in en
    fr = board_note(rb, state, 1, "fr")
    assert fr is not None and "B2\u00a0: 2 à vous" in fr and "A8\u00a0: 1 à vous, 1 adverse ·" in fr
    assert "face rouge" in fr
    assert board_note(rb, towers.from_text("rb A1=a,B3=c 9,9 0,0 0 3 5/6"), 0, "en") is None
