"""Ultima-Tek in words: every choice a member meets (buttons, each step of the move menu, the confirm step,
the history) reads as words of their language, the board's letters pair a button with its piece, the
private view says the hand in words, and nothing public names a secret."""

from __future__ import annotations

import random
import re
from collections.abc import Iterator

import pytest

from bot.app.i18n import t
from bot.app.telling.game_words.ultimatek import bonus_name, label, marks, private
from bot.app.telling.words import button_moves, decision_line, move_label, move_marks, move_words
from bot.shell.play.move_controls import choice_label
from games.builder import build, steps
from games.playout import random_step
from games.ultimatek import INFO, State, from_text
from games.ultimatek.bonuses import KINDS, LABELS
from render import BoardContext, render_board
from render.lettering import noted
from render.ultimatek import bonus_name as board_name

WORD = re.compile(r"[^\W\d_]{2,}")
ENGLISH = frozenset(
    {
        *("the", "piece", "on", "to", "move", "throw", "disc", "end", "turn", "reveal", "discard", "place"),
        *("go", "land", "score", "bent", "using", "keeping", "its", "my", "and", "of", "credit", "credits"),
        *("goal", "hand", "hexes", "straight", "with", "blocks", "opposing", "unseen", "down", "from", "this"),
        "phase",
    }
)
"""English words that must not appear in French text ("bonus", "Stop" and the tokens' names "Run +", "Fly /"
are the game's own names in the French rules too)."""
TOKEN_NAMES = frozenset({"Run", "Fly"})


def words_of(text: str) -> list[str]:
    """The words of ``text``: letters only, so hex names (``c5``) and marks (``A``) do not count."""
    return [w for w in WORD.findall(text) if w not in TOKEN_NAMES]


def english_in(text: str) -> list[str]:
    return [w for w in words_of(text) if w.lower() in ENGLISH]


def positions(games: int = 3, steps_per_game: int = 400) -> Iterator[State]:
    """The decision positions of a few seeded random matches."""
    for seed in range(games):
        rng = random.Random(f"utk-words:{seed}")
        state = INFO.new(2, {})
        for _ in range(steps_per_game):
            if state.outcome() is not None:
                break
            state = state.apply(random_step(state, rng))
            if not state.is_chance() and state.outcome() is None:
                assert isinstance(state, State)
                yield state


# A mid-turn position of few moves: blue has moved eight pieces; the 2 on c5 may still move, the 3 on d3 holds
# the disc with a face-up Fly / (bent flights).
MID_TURN = "ultimatek act=blue phase=2 credits=3 blue=b3:3m,c2:1m,c3:1m,c4:1m,c5:2,d1:2m,d3:3*fly/,d4:2m,d5:2m,e2:1m"


def test_a_mid_turn_reads_as_pieces_going_somewhere_and_the_disc_flying() -> None:
    state = from_text(MID_TURN)
    assert label(state, "c5-b5", "en") == "Piece 2 on c5 → b5"
    assert label(state, "c5-b5", "fr") == "Pièce 2 en c5 → b5"
    assert label(state, "d3>c3>b3 fly/", "en") == "Throw the disc d3 → b3 (Throw 2 with a turn bonus, 1 credit)"
    assert label(state, "d3>c3>b3 fly/", "fr") == "Lancer le disque d3 → b3 (bonus Lancer 2 avec virage, 1 crédit)"
    assert label(state, "d3>d5", "en") == "Throw the disc d3 → d5 (1 credit)"
    assert label(state, "d3>d5", "fr") == "Lancer le disque d3 → d5 (1 crédit)"


def test_a_throw_into_the_end_zone_says_goal_and_its_price() -> None:
    state = from_text(
        "ultimatek act=blue phase=2 credits=3 disc=h3 "
        "blue=b3:3m,c2:1m,c3:1m,c4:1m,i4:2m,d1:2m,d3:3m,d4:2m,d5:2m,h3:1 "
        "red=i1:1,i2:1,a1:1,a2:1,e1:2,e2:2,e5:2,e6:2,g1:3,g6:3"
    )
    assert label(state, "h3>i4", "en") == "Throw the disc h3 → i4 (goal!, 1 credit)"
    assert label(state, "h3>i4", "fr") == "Lancer le disque h3 → i4 (but\u00a0!, 1 crédit)"


def test_the_buttons_carry_one_letter_per_piece_and_the_board_the_same_letters() -> None:
    state = from_text(MID_TURN.replace("*fly/", ""))
    shown = button_moves(INFO, state, 0)
    assert shown is not None and "c5-b5" in shown
    found = move_marks(INFO, state, 0)
    assert found["c5-b5"] == ("c5", "A") and found["c5-c6"] == ("c5", "A")
    assert found["d3>d5"] == ("d3", "B") and "end" not in found
    assert move_label(INFO, state, "c5-b5", "en", "A") == "A · Piece 2 on c5 → b5"
    # One piece acting: nothing to pair, no letters.
    alone = from_text(MID_TURN.replace("*fly/", "").replace("c5:2", "c5:2m").replace("d3:3", "d3:3m"))
    assert marks(alone, 0, button_moves(INFO, alone, 0) or []) == {}


def test_ending_the_actions_says_whether_the_bonus_phase_follows() -> None:
    # The face-up Fly / may be discarded in the bonus phase: ending the actions leads there.
    state = from_text(MID_TURN)
    assert label(state, "end", "en") == "End my actions, go to bonuses"
    assert label(state, "end", "fr") == "Finir mes actions, passer aux bonus"
    # Nothing to place or discard: ending the actions ends the turn.
    bare = from_text(MID_TURN.replace("*fly/", ""))
    assert label(bare, "end", "en") == "End the turn"
    assert label(bare, "end", "fr") == "Finir le tour"


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_every_button_and_every_menu_step_is_words_of_the_language(lang: str) -> None:
    seen_buttons = seen_steps = 0
    for state in positions():
        (seat,) = state.actors()
        for notation in button_moves(INFO, state, seat) or []:
            said = move_label(INFO, state, notation, lang)
            assert said != notation and len(words_of(said)) >= 2, said
            assert len(said) <= 80
            if lang == "fr":
                assert not english_in(said), said
            seen_buttons += 1
        root = build(INFO, state, seat)
        assert root is not None
        for step in steps(root):
            for choice in step.choices:
                for public in (False, True):
                    said = choice_label(choice, lang, public=public)
                    if public and choice.secret:
                        continue
                    assert len(words_of(said)) >= 2, (state.to_text(), said)
                    assert len(said) <= 100
                    if lang == "fr":
                        assert not english_in(said), said
            seen_steps += 1
    assert seen_buttons > 100 and seen_steps > 300


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_the_confirm_step_says_the_move_in_words(lang: str) -> None:
    state = from_text(MID_TURN + " blue_hand=fly")
    for notation in ("c5-b5", "d3>c3>b3 fly/"):
        said = move_words(INFO, state, notation, lang)
        assert said is not None and said == label(state, notation, lang)
        assert t(lang, "builder.play", move=said).count(" ") >= 3
    # A placement's public form names no kind: its confirm button says where, in words, and nothing secret.
    placing = from_text(MID_TURN.replace("phase=2", "phase=3") + " blue_hand=fly")
    said = move_words(INFO, placing, "place fly c5", lang)
    assert said is not None and "c5" in said and bonus_name("fly", lang) not in said and "place" not in said


def test_no_public_label_depends_on_a_secret() -> None:
    """A button's words, its letter and a public menu option come out the same when every hidden token is
    dealt otherwise: they cannot carry a secret."""
    rng = random.Random(7)
    compared = 0
    for state in positions(games=2):
        (seat,) = state.actors()
        redealt = INFO.resample_hidden(state, 1 - seat, rng)
        assert isinstance(redealt, State)
        shown = button_moves(INFO, state, seat) or []
        for notation in shown:
            for lang in ("en", "fr"):
                assert move_label(INFO, state, notation, lang) == move_label(INFO, redealt, notation, lang)
        assert move_marks(INFO, state, seat) == move_marks(INFO, redealt, seat)
        compared += len(shown)
        root = build(INFO, state, seat)
        assert root is not None
        for choice in root.choices:
            said = choice_label(choice, "en", public=True)
            named = any(bonus_name(kind, "en") in said for kind in KINDS if kind != "stop")
            assert not named or not choice.secret
    assert compared > 50


def test_the_private_view_says_the_hand_in_words() -> None:
    state = from_text(MID_TURN.replace("c5:2", "c5:2+stop") + " blue_hand=run,run,fly/ red_hand=stop")
    en = private(state, 0, "en")
    assert "**Your bonuses in hand:** 2 × Run 2 straight (a piece moves 2 hexes in a straight line)" in en
    assert "Throw 2 with a turn (the disc flies 2 hexes with one 60° turn)" in en
    assert "**Face down on your pieces:** Stop on c5." in en
    assert en.endswith("On this image your hidden bonuses are the dark tokens with a symbol: only you see them.")
    fr = private(state, 0, "fr")
    assert "**Vos bonus en main\u00a0:** 2 × Course 2 tout droit (une pièce avance de 2 cases en ligne droite)" in fr
    assert not english_in(fr), fr
    # Red's words name red's hand only: never blue's bonuses.
    assert private(
        state, 1, "en"
    ) == "**Your bonuses in hand:** Stop (once revealed, blocks the opposing piece in its hex for a turn).\n" + t(
        "en", "private.ultimatek.dark"
    )


def test_the_history_tells_the_move_in_words_then_its_notation() -> None:
    state = from_text(MID_TURN)
    after = state.apply(state.parse_move("c5-b5", 0))
    line = decision_line(INFO, state, after, "c5-b5", 0, ("alice", "bob"), "en")
    assert line == "**alice**: Piece 2 on c5 → b5 (`c5-b5`)."
    line = decision_line(INFO, state, after, "c5-b5", 0, ("alice", "bob"), "fr")
    assert line == "**alice**\u00a0: Pièce 2 en c5 → b5 (`c5-b5`)."


def test_the_menu_asks_move_or_throw_only_of_the_discs_holder() -> None:
    state = from_text(MID_TURN)
    root = build(INFO, state, 0)
    assert root is not None
    first = {choice_label(c, "en"): c for c in root.choices}
    runner = first["Piece 2 on c5"]
    assert runner.step is not None
    assert [choice_label(c, "en") for c in runner.step.choices] == ["go to b4", "go to b5", "go to c6"]
    holder = first["Piece 3 on d3, with the disc"]
    assert holder.step is not None
    assert [choice_label(c, "en") for c in holder.step.choices] == ["throw the disc", "move this piece"]


def test_a_reveal_phase_reads_short_enough_for_a_phone_button() -> None:
    """Phase 1's buttons fit a phone's button (letter included): at most 40 characters, where the old ones took 46."""
    state = from_text(MID_TURN.replace("phase=2", "phase=1").replace("c5:2", "c5:2+fly").replace("*fly/", "+run"))
    shown = button_moves(INFO, state, 0)
    assert shown is not None and len(shown) == 4
    found = move_marks(INFO, state, 0)
    for lang in ("en", "fr"):
        labels = [move_label(INFO, state, n, lang, found[n][1]) for n in shown]
        assert all(len(text) <= 40 for text in labels), labels
    assert move_label(INFO, state, "reveal c5", "en", "A") == "A · Reveal the bonus on c5"
    assert move_label(INFO, state, "discard c5", "fr", "A") == "A · Défausser face cachée le bonus en c5"


def test_a_hinted_turn_reads_move_by_move_each_in_its_own_position() -> None:
    from bot.app.telling.words import sequence_words

    state = from_text(MID_TURN)
    steps = sequence_words(INFO, state, 0, ["c5-b5", "d3>d5", "end"], "en")
    assert steps == ["Piece 2 on c5 → b5", "Throw the disc d3 → d5 (1 credit)", "End my actions, go to bonuses"]
    assert sequence_words(INFO, state, 1, ["c5-b5"], "en") is None, "not red's to play"


SYMBOL_NAMES = tuple(name for name in LABELS.values() if name != "Stop")
"""The rules' symbol names ("Run +", "Fly /"), which a newcomer does not read: never on a button, in a
private view or on the board (the rules text gives them, beside the plain names)."""


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_the_board_and_the_bot_call_each_bonus_by_the_same_plain_name(lang: str) -> None:
    for kind in KINDS:
        assert board_name(kind, lang) == bonus_name(kind, lang) == t(lang, f"name.ultimatek.{kind}")
        assert not any(mark in bonus_name(kind, lang) for mark in "+/")
    assert bonus_name("fly/", "en") == "Throw 2 with a turn"
    assert bonus_name("run", "fr") == "Course 2 tout droit"


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_no_button_private_view_or_board_names_a_bonus_by_its_symbol(lang: str) -> None:
    """Seeded games walked move by move: every button, every step of the move menus (the owner's secret ones
    included), each player's private words and every text drawn on the public and private boards."""
    said: list[str] = []
    for n, state in enumerate(positions(games=2, steps_per_game=100)):
        (seat,) = state.actors()
        for notation in button_moves(INFO, state, seat) or []:
            said.append(move_label(INFO, state, notation, lang))
        root = build(INFO, state, seat)
        assert root is not None
        for choice in root.choices:
            said.append(choice_label(choice, lang))
            if choice.step is not None:
                said += [choice_label(c, lang) for c in choice.step.choices]
        said.append(private(state, seat, lang))
        # Every sixth position's board, the public and the mover's own in turn (a board is some 20 ms).
        for viewer in (None if n % 12 == 0 else seat,) if n % 6 == 0 else ():
            with noted() as notes:
                render_board("ultimatek", state.view_for(viewer), BoardContext(names=("Alice", "Bob"), lang=lang))
            said += [text for text, _ in notes.texts]
    found = [text for text in said if any(name in text for name in SYMBOL_NAMES)]
    assert not found, found[:5]
    assert any(bonus_name(kind, lang) in text for text in said for kind in KINDS if kind != "stop")


def test_the_board_says_in_words_what_each_bonus_token_is_and_where_it_lies() -> None:
    """A token's symbol is some 5 CSS px on a phone: the key under the field names each kind lying face up,
    with the hexes it lies on, then the face-down tokens' hexes; a player's own hidden kinds are named by
    the words of their private view, beside the image."""
    state = from_text(
        "ultimatek act=blue phase=2 credits=3 disc=d3 "
        "blue=b3:3m,c2:1m,c3:1m,c4:1m,c5:2+stop,d1:2m,d3:3*fly/,d4:2m,d5:2m,e2:1m+run "
        "red=f1:2,f2:2,f3:3,f4:2,f5:2,g2:1,g3:1+fly,g4:1,g5:1,h3:3 blue_hand=run,fly red_hand=stop"
    )

    def drawn(viewer: int | None, lang: str) -> list[str]:
        with noted() as notes:
            render_board("ultimatek", state.view_for(viewer), BoardContext(names=("Alice", "Bob"), lang=lang))
        return [text for text, _ in notes.texts]

    public = drawn(None, "en")
    assert "Throw 2 with a turn: d3" in public
    assert "face down: c5, e2, g3 · in hand: Blue 2, Red 1" in public
    assert not any("Stop" in text or "Run 2" in text for text in public), "the hidden kinds stay hidden"
    own = drawn(0, "en")
    assert "Throw 2 with a turn: d3" in own
    # Blue's own face-down tokens are drawn dark, so the key keys them apart from red's blank one.
    assert "your face-down bonuses: c5, e2" in own and "face down: g3 · in hand: Red 1" in own
    assert "the dark tokens with a symbol: only you see them" in private(state, 0, "en")
    # Blue's own hidden kinds (face down and in hand) are named by the words beside the private image.
    assert not any("Run 2" in text or "Stop" in text for text in own)
    words = private(state, 0, "en")
    assert "Stop on c5" in words and "Run 2 straight on e2" in words and "Throw 3 straight (" in words
    assert "Lancer 2 avec virage : d3" in drawn(0, "fr")


@pytest.mark.parametrize("key", ["error.ultimatek.notation", "error.ultimatek.no_credits"])
def test_french_errors_quote_the_words_a_french_member_types(key: str) -> None:
    """The French replies teach the French verbs the notation reads (révéler, défausser, poser, fin), not the
    English ones inside a French sentence."""
    quoted = re.findall(r"`([^`]+)`", t("fr", key, text="xyz"))
    verbs = {snippet.split()[0] for snippet in quoted if snippet != "xyz"}
    assert verbs, key
    assert not verbs & {"reveal", "discard", "place", "end"}, quoted
