"""What a new member reads on a phone, as the phone tour (bench/phone_tour.py) found it wanting."""

from __future__ import annotations

import pytest

from bot.app.i18n import catalog, t
from bot.app.telling.game_words import GAME_WORDS
from bot.app.telling.narration import result_line
from bot.app.telling.words import button_moves, legend_lines
from games import find_game
from games.base import Outcome, Termination
from games.ur import motifs, race

NAMES = ("alice", "bob")
ROSETTES_AND_B6 = motifs.State(
    pawns=(
        (("A1", "r"), ("A7", "b"), ("B4", "r"), ("B6", "r"), ("C1", "r")),
        (("A2", "r"), ("A3", "r"), ("B2", "r"), ("B5", "b"), ("C4", "r")),
    ),
    turn=1,
)
"""Variante 3 just won by alice: four pawns on rosettes and the fifth on the single square B6."""


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_variante_3_s_final_post_says_why_the_winner_won(lang: str) -> None:
    # The phone tour's ur-v3-en-4-end.png said only "alice won the match!": a new member could not tell why.
    assert ROSETTES_AND_B6.outcome() is not None
    said = GAME_WORDS["ur"].scores(ROSETTES_AND_B6, NAMES, lang)
    assert said is not None
    assert "**alice**" in said and "bob" not in said
    assert all(square in said for square in ("A1", "A7", "B4", "C1", "B6"))
    assert t(lang, "label.ur.motif.rosette") in said


def test_variante_3_says_nothing_more_when_the_loser_was_stuck() -> None:
    # A player who cannot move loses: that line is already told with the roll, so nothing is added.
    stuck = motifs.State(
        pawns=(
            (("A1", "r"), ("A2", "r"), ("B4", "r"), ("B6", "r"), ("C3", "r")),
            (("A3", "r"), ("A4", "r"), ("B2", "r"), ("B5", "b"), ("C4", "r")),
        ),
        turn=1,
    )
    assert GAME_WORDS["ur"].scores(stuck, NAMES, "en") is None


SUBULATA_SET_UP = ("log.subulata.setup", "log.subulata.setup_drawn", "turn.subulata.setup", "match_error.setup_done")
"""The set-up's sentences in the channel and in an error: the first words a new Subulata player reads."""


def test_subulata_s_pieces_are_pions_in_french_everywhere() -> None:
    # subulata-fr-1-start.png: the post said "placez vos pièces en secret" under a board saying "place ses pions",
    # and the rules say "pions" throughout; one word for one thing.
    french = catalog("fr")
    assert "pion" in french["rules.subulata.text"] and "pièce" not in french["rules.subulata.text"]
    for key in SUBULATA_SET_UP:
        assert "pièce" not in french[key], key
        assert "pion" in french[key], key


def test_variante_3_s_turn_post_says_the_winning_set_and_where_the_player_stands() -> None:
    # ur-v3-en-2-mid.png: the buttons said "· five dots", the panel "3/4 1/4 0/4 1/1" beside icons, and nothing
    # said what the motifs are for. One line beside the buttons tells the goal and counts in words.
    mid = motifs.State(
        pawns=(
            (("A1", "r"), ("A7", "b"), ("B4", "r"), ("B3", "r"), ("C2", "r")),
            (("A2", "r"), ("A3", "r"), ("B2", "r"), ("B5", "b"), ("C4", "r")),
        ),
        turn=0,
        roll=2,
    )
    assert mid.outcome() is None
    for lang in ("en", "fr"):
        said = GAME_WORDS["ur"].legend(mid, 0, lang)
        assert said is not None
        rosette, eyes, dots = (t(lang, f"label.ur.motif.{m}") for m in ("rosette", "eyes", "dots5"))
        assert f"{rosette} 3/4" in said and f"{eyes} 1/4" in said and dots not in said, "a motif without a pawn"
        assert f"{t(lang, 'label.ur.motif.single')} 1/1" in said
    # Bob's counts are his own.
    bob = GAME_WORDS["ur"].legend(mid, 1, "en")
    assert bob is not None and "eyes 2/4" in bob and "five dots 3/4" in bob


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_variante_3_s_first_turn_says_the_goal_without_a_row_of_zeros(lang: str) -> None:
    """ur-v3-en-1-start.png (the phone tour of issue 39): before a pawn is placed the line counted "rosette 0/4,
    eyes 0/4, five dots 0/4, single square 0/1", which told nothing and pushed the board's top 8 CSS px off the
    first screen. Now the goal alone."""
    said = GAME_WORDS["ur"].legend(motifs.new_state(), 0, lang)
    assert said == t(lang, "legend.ur.v3.goal")
    assert "0/" not in said


def test_the_other_rule_sets_need_no_such_line() -> None:
    assert GAME_WORDS["ur"].legend(race.new_state(), 0, "en") is None


@pytest.mark.parametrize(
    ("termination", "one", "several"),
    [
        (Termination.RESIGNATION, "gagne par abandon", "gagnent par abandon"),
        (Termination.NORMAL, "remporte la partie", "remportent la partie"),
        (Termination.FORFEIT, "gagne\u00a0:", "gagnent\u00a0:"),
    ],
)
def test_several_winners_agree_with_their_verb_in_french(termination: Termination, one: str, several: str) -> None:
    # ursuppe-fr-4-end.png: three seats won when the fourth resigned, and the post said "… gagne par abandon".
    names = ("alice", "bob", "chloe", "dmitri")
    alone = result_line(Outcome(termination, winners=(0,)), names, "fr")
    together = result_line(Outcome(termination, winners=(0, 1, 2)), names, "fr")
    assert one in alone and several not in alone
    assert several in together and "**alice**, **bob**, **chloe**" in together
    assert "won" in result_line(Outcome(termination, winners=(0, 1, 2)), names, "en")


def test_variante_3_offers_the_menu_where_buttons_under_its_goal_would_push_the_board_off_a_phone() -> None:
    """ur-v3-fr-2-mid.png (the phone tour of issue 39): four move buttons under the five French lines of the goal
    pushed the board's top 54 CSS px off the first screen. Each line the goal takes leaves room for one button
    fewer, in the longer language, so that both languages offer the same controls."""
    pawns = (
        (("A1", "r"), ("A7", "b"), ("B4", "r"), ("B3", "r"), ("C2", "r")),
        (("A2", "r"), ("A3", "r"), ("B2", "r"), ("B5", "b"), ("C4", "r")),
    )
    ur = find_game("ur")
    four = motifs.State(pawns=pawns, turn=0, roll=0)
    assert len(four.legal_moves(0)) == 4 and legend_lines(ur, four, 0) == 5
    assert button_moves(ur, four, 0) is None, "the menu: one row"
    three = motifs.State(pawns=pawns, turn=1, roll=1)
    assert len(three.legal_moves(1)) == 3 and legend_lines(ur, three, 1) == 4
    assert button_moves(ur, three, 1) is not None, "three buttons fit under four lines"
    assert legend_lines(ur, race.new_state(), 0) == 0, "the other rule sets have no goal line"
