"""Rule tests of Ursuppe (``games/ursuppe``): setup, the six phases, the end, and seeded random games.

Each test builds a position (see ``test_ursuppe_kit.position``: it goes through the one-line state
text), plays moves by notation and checks the result. Docstrings name the rule covered: the French
rules (``shared/rules/ursuppe.fr.txt``, ``ursuppe-5-6-joueurs.fr.txt``) and the rulings of
``ursuppe.md``, paraphrased. The genes have their own file, ``test_ursuppe_genes.py``.

Squares: column a–e west to east, row 1–5 north to south (``b1`` the lone top square, ``c3`` the
island). Colours r, y, g, b, p, o are seats 0..5.
"""

from __future__ import annotations

import random
from collections import Counter
from fractions import Fraction

import pytest

from games.base import IllegalMoveError, Termination
from games.playout import random_step
from games.ursuppe import INFO
from games.ursuppe import genes as G
from games.ursuppe.board import ADJACENT, INDEX, NAMES
from games.ursuppe.state import State, new_state
from games.ursuppe.tables import TABLES
from games.ursuppe.view import EVENT_KINDS
from tests.games.kit import legal, play
from tests.games.test_ursuppe_kit import amoeba_at, kinds, position, square_food


def through_setup(players: int, rolls: list[int]) -> State:
    """A new game past the first card (W12) and the start-order rolls ``rolls`` (one per seat, no tie)."""
    state = play(new_state(players), "card:W12", *(f"dice:{r}" for r in rolls))
    assert state.step == "start"
    return state


# Setup.


def test_setup_turns_up_a_card_first() -> None:
    """Setup: the environment cards are shuffled and one is turned up (11 cards: E10 twice)."""
    state = new_state(4)
    assert state.is_chance() and state.actors() == ()
    odds = {state.format_move(m): p for m, p in state.chance_outcomes()}
    assert len(odds) == 10 and sum(odds.values()) == 1
    assert odds["card:E10"] == Fraction(2, 11) and odds["card:-14"] == Fraction(1, 11)
    state = play(state, "card:E10")
    assert state.step == "dice"
    view = state.view_for(None)
    assert view.card is not None and (view.card.drift, view.card.ozone) == ("E", 10)
    assert view.cards_left == 10
    # The next card is drawn from the ten left.
    state = position(4, "phase2", round=1, cards=("E10",))
    odds = {state.format_move(m): p for m, p in state.chance_outcomes()}
    assert odds["card:E10"] == Fraction(1, 10) and odds["card:W6"] == Fraction(1, 10)


def test_start_order_by_two_dice_highest_chooses_first() -> None:
    """Setup: each player rolls two dice; the highest total chooses a starting space first, and so on."""
    state = play(new_state(4), "card:W12")
    odds = dict((state.format_move(m), p) for m, p in state.chance_outcomes())
    assert odds["dice:7"] == Fraction(6, 36) and odds["dice:2"] == Fraction(1, 36)
    state = play(state, "dice:5", "dice:11", "dice:8", "dice:3")
    assert state.actors() == (1,)
    assert legal(state) == ["start 1", "start 2", "start 3", "start 4"]
    state = play(state, "start 4")
    assert state.actors() == (2,)
    state = play(state, "start 1", "start 3")
    # The last player gets the space left.
    assert state.scores == (3, 4, 1, 2)
    assert state.step == "place"


def test_start_order_ties_are_rolled_again() -> None:
    """Setup: tied players roll again (only they), until the order is settled."""
    state = play(new_state(3), "card:W12", "dice:7", "dice:7", "dice:5")
    assert state.step == "dice"
    # Seats 0 and 1 tied on 7: they roll again, seat 2 does not.
    state = play(state, "dice:3", "dice:10")
    assert state.step == "start" and state.actors() == (1,)
    state = play(state, "start 3", "start 1")
    assert state.scores == (1, 3, 2)


def test_first_amoebas_ascending_with_damage_then_descending_without() -> None:
    """Setup (4 players): ascending order, each places an amoeba with 1 damage on an empty square;
    then in descending order a second one without damage."""
    state = through_setup(4, [9, 8, 7, 6])
    state = play(state, "start 4", "start 3", "start 2")  # seat 3 has space 1
    assert state.scores == (4, 3, 2, 1)
    seats = []
    for square in ["b1", "a2", "b2", "c2", "d2", "e2", "a3", "b3"]:
        seats.append(state.actors()[0])
        if square == "a2":
            # b1 holds an amoeba now: no second amoeba on a square during the setup.
            with pytest.raises(IllegalMoveError):
                state.parse_move("place 1 b1")
        state = play(state, f"place {square}")
    assert seats == [3, 2, 1, 0, 0, 1, 2, 3]
    damage = {(s, q): d for s, _, q, d in state.amoebas}
    assert damage[3, INDEX["b1"]] == 1 and damage[0, INDEX["c2"]] == 1
    assert damage[0, INDEX["d2"]] == 0 and damage[3, INDEX["b3"]] == 0
    assert state.phase == 1 and state.round == 1


def test_first_amoebas_without_damage_with_three_players() -> None:
    """Setup (3 players): the first amoebas get no damage."""
    state = play(through_setup(3, [9, 8, 7]), "start 1", "start 2")
    for square in ["b1", "a2", "b2", "c2", "d2", "e2"]:
        state = play(state, f"place {square}")
    assert all(d == 0 for *_, d in state.amoebas)


@pytest.mark.parametrize("players", [5, 6])
def test_first_amoebas_with_damage_with_five_or_six_players(players: int) -> None:
    """Setup (5–6 players): as with 4, the first amoeba of each player carries 1 damage."""
    state = play(new_state(players), "card:W12", *(f"dice:{12 - s}" for s in range(players)))
    state = play(state, *(f"start {players - s}" for s in range(players - 1)))
    squares = ["b1", "a2", "b2", "c2", "d2", "e2", "a3", "b3", "d3", "e3", "a4", "b4"]
    for square in squares[: 2 * players]:
        state = play(state, f"place {square}")
    assert sorted(d for *_, d in state.amoebas) == [0] * players + [1] * players


def test_player_picks_the_number_of_the_amoeba_placed() -> None:
    """Setup: a player places one of their amoebas of their choice (its number orders its actions)."""
    state = play(through_setup(3, [9, 8, 7]), "start 1", "start 2")
    assert "place 5 b2" in legal(state) and "place 7 e4" in legal(state)
    state = play(state, "place 5 b2")
    assert amoeba_at(state, "r5") == ("b2", 0)


def test_opening_supplies() -> None:
    """Setup: 4 BP each, 2 cubes of every colour in play on each of the 19 squares, 55 per colour."""
    for n in (3, 4, 5, 6):
        state = new_state(n)
        view = state.view_for(None)
        assert len(view.squares) == 19
        assert all(sq.food == (2,) * n for sq in view.squares)
        assert view.supply == (55 - 38,) * n
        assert [p.bp for p in view.player_info] == [4] * n
        reserve = TABLES.per_players[n].amoebas
        assert [p.reserve for p in view.player_info] == [reserve] * n
    assert TABLES.per_players[4].amoebas == 7 and TABLES.per_players[5].amoebas == 6


# Phase 1: movement.


def test_drift_follows_the_card() -> None:
    """Phase 1: drifting moves the amoeba one square in the card's direction."""
    state = position(4, amoebas="r1:b2", card="E8")
    state = play(state, "1 drift")
    assert amoeba_at(state, "r1") == ("c2", 0)


@pytest.mark.parametrize(("card", "start"), [("E8", "e2"), ("S10", "c2"), ("N9", "b1"), ("W6", "a4")])
def test_drift_blocked_by_edge_or_island(card: str, start: str) -> None:
    """Phase 1: an obstacle (board edge, the island) keeps the drifting amoeba where it is."""
    state = play(position(4, amoebas=f"r1:{start}", card=card), "1 drift")
    assert amoeba_at(state, "r1") == (start, 0)


def test_card_without_drift() -> None:
    """Phase 1: with the card without drift, drifting leaves the amoeba where it is."""
    state = play(position(4, amoebas="r1:b4", card="-14"), "1 drift")
    assert amoeba_at(state, "r1") == ("b4", 0)


@pytest.mark.parametrize(("face", "square"), [(1, "a4"), (2, "b3"), (3, "c4"), (4, "b5"), (5, "b4")])
def test_active_move_die_faces(face: int, square: str) -> None:
    """Phase 1: an active move costs 1 BP and rolls a die: 1 west, 2 north, 3 east, 4 south, 5 stay."""
    state = play(position(4, amoebas="r1:b4", card="E8"), "1 move")
    assert state.is_chance()
    assert [(state.format_move(m), p) for m, p in state.chance_outcomes()] == [
        (f"roll:{k}", Fraction(1, 6)) for k in range(1, 7)
    ]
    state = play(state, f"roll:{face}")
    assert amoeba_at(state, "r1") == (square, 0)
    assert state.bp[0] == 3


def test_six_lets_the_player_choose() -> None:
    """Phase 1: a 6 lets the player choose the direction."""
    state = play(position(4, amoebas="r1:b4"), "1 move", "roll:6")
    assert state.step == "direction" and legal(state) == ["1 N", "1 E", "1 S", "1 W"]
    state = play(state, "1 E")
    assert amoeba_at(state, "r1") == ("c4", 0)


def test_active_move_into_the_island_stays() -> None:
    """Phase 1: an active move into the island (or the edge) leaves the amoeba in place."""
    state = play(position(4, amoebas="r1:b3"), "1 move", "roll:3")
    assert amoeba_at(state, "r1") == ("b3", 0)


def test_without_bp_the_amoeba_can_only_drift() -> None:
    """Phase 1: an active move costs 1 BP; without BP the only choice, drifting, is taken automatically."""
    state = position(4, amoebas="r1:b2", bp=0, card="E8")
    assert amoeba_at(state, "r1") == ("c2", 0)
    assert "drift" in kinds(state) and "eat" in kinds(state)
    assert state.step == "card"  # every amoeba has acted: Phase 2 turns up a card


def test_phase1_ascending_order_and_number_order() -> None:
    """Phase 1: ascending order (the marker furthest back first); a player's amoebas by number."""
    state = position(4, amoebas="r2:b2 r1:d4 g3:a2 g1:e4", scores=(5, 2, 1, 7))
    seen = []
    while state.step == "act":
        seat, num = state.ctx.order[state.ctx.turn], state.ctx.amoeba
        seen.append((seat, num))
        state = play(state, f"{num} drift")
    assert seen == [(2, 1), (2, 3), (0, 1), (0, 2)]


# Phase 1: feeding.


def test_feeding_four_players_one_of_each_other_colour() -> None:
    """Phase 1 (4 players): the amoeba eats one cube of each of the three other colours, then excretes
    two cubes of its own colour."""
    state = position(4, amoebas="r1:b2", bp=0)
    assert square_food(state, "b2") == (4, 1, 1, 1)
    assert state.supply == (55 - 38 - 2, 18, 18, 18)
    eat = next(e for e in state.events if e.kind == "eat")
    assert (eat.seat, eat.amoeba, eat.square, eat.detail) == (0, 1, "b2", "ygb")


def test_feeding_three_players_worked_example() -> None:
    """Phase 1 (3 players): the amoeba eats 2 cubes of one other colour and 1 of the other; the player
    chooses which colour is eaten twice."""
    state = play(position(3, amoebas="r1:b2"), "1 drift")
    assert legal(state) == ["1 eat ygg", "1 eat yyg"]
    state = play(state, "1 eat yyg")
    assert square_food(state, "b2") == (4, 0, 1)
    # With a single yellow cube, only yellow + 2 green remains, taken automatically.
    state = position(3, amoebas="r1:b2", bp=0, food={"b2": "yggg"})
    assert square_food(state, "b2") == (2, 0, 1)


def test_feeding_five_players() -> None:
    """Phase 1 (5 players): one cube of each of the four other colours."""
    state = position(5, amoebas="r1:b2", bp=0)
    assert square_food(state, "b2") == (4, 1, 1, 1, 1)


def test_feeding_six_players_four_different_colours() -> None:
    """Phase 1 (6 players): four cubes of four different other colours (the player picks which four)."""
    state = play(position(6, amoebas="r1:b2"), "1 drift")
    assert sorted(legal(state)) == sorted(["1 eat ygbp", "1 eat ygbo", "1 eat ygpo", "1 eat ybpo", "1 eat gbpo"])
    state = play(state, "1 eat gbpo")
    assert square_food(state, "b2") == (4, 2, 1, 1, 1, 1)


def test_starving_amoeba_eats_nothing_and_takes_damage() -> None:
    """Phase 1: an amoeba that cannot eat its full meal eats nothing, excretes nothing, takes 1 damage."""
    state = position(4, amoebas="r1:b2", bp=0, food={"b2": "yyggrr"})
    assert square_food(state, "b2") == (2, 2, 2, 0)
    assert amoeba_at(state, "r1") == ("b2", 1)
    assert "starve" in kinds(state) and "eat" not in kinds(state)


def test_damage_accumulates_until_phase_5() -> None:
    """Phase 1: starving adds damage; the amoeba only dies in Phase 5."""
    state = position(4, amoebas="r1:b2:1", bp=0, food={"b2": ""})
    assert amoeba_at(state, "r1") == ("b2", 2)


def test_cube_shortage_excretion_limited_by_supply() -> None:
    """Food supply: 55 cubes per colour; missing cubes are never replaced by others, so the amoeba
    excretes only what the supply still holds."""
    state = position(4, amoebas="r1:b2", bp=0, empty=True, food={"a2": "r" * 54, "b2": "ygb"})
    assert square_food(state, "b2") == (1, 0, 0, 0)
    assert state.supply[0] == 0
    excrete = next(e for e in state.events if e.kind == "excrete")
    assert excrete.detail == "1"


# Phase 2: environment and gene defects.


def test_phase2_turns_a_card_and_round_one_has_no_defect() -> None:
    """Phase 2: a new card is turned up; there is no gene selection in the first round."""
    state = position(4, "phase2", round=1, genes={0: "longevity tentacle defense"}, cards=("E8",))
    assert state.step == "card"
    state = play(state, "card:W6")
    assert state.step == "buy" and len(state.genes[0]) == 3


def test_defect_paid_with_bp() -> None:
    """Phase 2: a player whose MP is above the ozone value pays the difference (BP count 1 each)."""
    state = position(4, "phase2", genes={0: "longevity tentacle"}, bp=(5, 0, 0, 0))
    state = play(state, "card:W6")  # MP 9 against ozone 6: 3 to pay
    assert state.step == "defect" and state.actors() == (0,)
    decision = state.view_for(0).decision
    assert decision is not None and decision.amount == 3
    assert sorted(legal(state)) == ["pay 3 BP", "pay longevity", "pay tentacle"]
    state = play(state, "pay 3 BP")
    assert state.bp[0] == 2 and len(state.genes[0]) == 2
    assert state.step == "buy"


def test_defect_overpayment_is_lost_worked_example() -> None:
    """Phase 2: when only discarding genes worth more than the difference can pay, the excess is lost."""
    state = position(4, "phase2", genes={0: "longevity defense"}, bp=(1, 0, 0, 0))
    state = play(state, "card:W6")  # MP 9 against 6: 3 to pay, one BP only
    assert legal(state) == ["pay defense", "pay longevity"]
    state = play(state, "pay defense")
    assert state.bp[0] == 1  # the fourth point paid is not given back
    assert [g for g, _ in state.genes[0]] == [G.LONGEVITY]
    assert state.view_for(None).player_info[0].mp == 5


def test_defect_only_needed_payments_are_offered() -> None:
    """Phase 2: genes and BP may be mixed, but no gene beyond what is needed is discarded."""
    state = position(4, "phase2", genes={0: "intelligence movement-1 longevity tentacle"}, bp=(1, 0, 0, 0))
    state = play(state, "card:N11")  # MP 14 against 11: 3 to pay
    assert sorted(legal(state)) == [
        "pay intelligence",
        "pay longevity",
        "pay movement-1 + 1 BP",
        "pay tentacle",
    ]


def test_defect_with_a_single_way_is_automatic() -> None:
    """Phase 2: a payment with one possible way is made automatically (and recorded)."""
    state = position(4, "phase2", genes={1: "longevity"}, bp=0)
    state = play(state, "card:W6")  # MP 5 is not above 6: nothing to pay
    assert "defect" not in kinds(state)
    state = position(4, "phase2", genes={1: "longevity substitution"}, bp=0)
    state = play(state, "card:W6")  # MP 9 against 6, no BP: longevity or substitution
    assert sorted(legal(state)) == ["pay longevity", "pay substitution"]
    state = position(4, "phase2", genes={1: "longevity intelligence"}, bp=0)
    state = play(state, "card:S13")  # MP 8 against 13: nothing to pay
    assert "defect" not in kinds(state)


def test_defects_in_descending_order() -> None:
    """Phase 2: the players pay in descending order (the marker furthest ahead first)."""
    state = position(4, "phase2", genes={0: "longevity defense", 3: "longevity tentacle"}, bp=0, scores=(9, 1, 2, 3))
    state = play(state, "card:W6")
    assert state.actors() == (0,)
    state = play(state, "pay defense")
    assert state.actors() == (3,)
    state = play(state, "pay tentacle")
    assert "defect" not in legal(state)


# Phase 3: new genes.


def test_buying_genes_descending_any_number() -> None:
    """Phase 3: in descending order each player buys as many genes as they can pay for, in one turn."""
    state = position(4, "phase3", bp=(0, 0, 12, 0), scores=(1, 2, 4, 3))
    assert state.actors() == (2,)
    state = play(state, "buy speed", "buy movement-1", "buy intelligence")
    assert state.bp[2] == 3
    state = play(state, "done")
    assert state.step == "divide"  # nobody else can pay for a gene: Phase 4
    assert {G.GENES[g].id for g, _ in state.genes[2]} == {"speed", "movement-1", "intelligence"}
    assert all(r == 2 for _, r in state.genes[2])


def test_buy_offers_only_affordable_unowned_genes() -> None:
    """Phase 3: a player cannot buy a gene they own, nor one they cannot pay for."""
    state = position(4, "phase3", bp=(0, 0, 0, 4), genes={3: "speed"})
    offers = sorted(legal(state))
    assert offers == [
        "buy defense",
        "buy escape",
        "buy intelligence",
        "buy movement-1",
        "buy persistence, discard speed",  # Speed owned since an earlier round
        "buy spores",
        "buy substitution",
        "done",
    ]


def test_copies_run_out() -> None:
    """Phase 3: once every card of a gene is owned, nobody else can buy it (3 players: 1 Intelligence;
    no Frugality nor Parasitism)."""
    state = position(3, "phase3", bp=(20, 20, 20), genes={0: "intelligence"}, scores=(3, 2, 1))
    offers = legal(state)
    assert "buy intelligence" not in offers
    assert "buy frugality" not in offers and "buy parasitism" not in offers
    state = position(4, "phase3", bp=(20, 20, 20, 20), genes={0: "intelligence"}, scores=(4, 3, 2, 1))
    assert "buy intelligence" not in legal(state)  # seat 0 owns it
    state = play(state, "done")
    assert "buy intelligence" in legal(state)  # the second card of 4 players
    assert "buy frugality" in legal(state)


def test_superior_gene_needs_prerequisite_from_an_earlier_round() -> None:
    """Superior genes: pay the price and discard the prerequisite, owned since an earlier round."""
    state = position(4, "phase3", round=3, bp=(0, 0, 0, 10), genes={3: "speed@3"})
    assert "buy persistence, discard speed" not in legal(state)
    state = position(4, "phase3", round=3, bp=(0, 0, 0, 10), genes={3: "speed@2"})
    state = play(state, "buy persistence, discard speed")
    assert [G.GENES[g].id for g, _ in state.genes[3]] == ["persistence"]
    assert state.bp[3] == 6
    # The holder of a superior gene cannot buy its prerequisite back.
    assert "buy speed" not in legal(state)
    events = [(e.kind, e.detail) for e in state.events]
    assert ("discard", "speed") in events and ("buy", "persistence") in events


def test_discarded_gene_returns_to_the_pool() -> None:
    """Superior genes: the discarded gene goes back and may be bought at once by anyone."""
    state = position(3, "phase3", round=3, bp=(10, 10, 0), genes={0: "speed@1"}, scores=(3, 2, 1))
    assert "buy speed" not in legal(play(state, "done"))  # 3 players: the only Speed is red's
    state = play(state, "buy persistence, discard speed", "done")
    assert state.actors() == (1,) and "buy speed" in legal(state)


def test_armor_discards_defense_or_escape() -> None:
    """Armor: discard Defense or Escape (the player picks which when owning both)."""
    state = position(4, "phase3", round=3, bp=(0, 0, 0, 10), genes={3: "defense escape"})
    assert "buy armor, discard defense" in legal(state) and "buy armor, discard escape" in legal(state)
    state = play(state, "buy armor, discard escape")
    assert {G.GENES[g].id for g, _ in state.genes[3]} == {"armor", "defense"}
    assert "buy escape" not in legal(state)


# Phase 4: cell division.


def test_income_then_division_next_to_an_own_amoeba() -> None:
    """Phase 4: each player gets 10 BP, then places new amoebas for 6 BP each on a square without one of
    theirs, orthogonally next to one of theirs."""
    state = position(4, "phase4", bp=(0, 0, 0, 6), amoebas="b1:b2 b2:d4 r1:a2", scores=(1, 2, 3, 4))
    assert state.actors() == (3,) and state.bp[3] == 16
    squares = {m.value[0] for m in state.legal_moves() if m.kind == "divide"}
    expected = (set(ADJACENT[INDEX["b2"]]) | set(ADJACENT[INDEX["d4"]])) - {INDEX["b2"], INDEX["d4"]}
    assert squares == expected
    assert INDEX["a2"] in squares  # another player's amoeba does not block
    state = play(state, "divide 3 c2")
    assert state.bp[3] == 10
    # The new amoeba counts as a neighbour at once.
    assert "divide 4 d2" in legal(state)
    state = play(state, "done")
    assert state.actors() == (2,)


def test_division_counts_amoebas_not_squares() -> None:
    """Phase 4 (issue 15): the "anywhere" exception is for a player with exactly one amoeba. Two amoebas
    sharing one square are two amoebas: the new one must go next to one of them."""
    state = position(4, "phase4", bp=(0, 0, 0, 6), amoebas="b1:b2 b2:b2", scores=(1, 2, 3, 4))
    assert state.actors() == (3,)
    squares = {m.value[0] for m in state.legal_moves() if m.kind == "divide"}
    assert squares == set(ADJACENT[INDEX["b2"]])
    # One amoeba alone may still be followed anywhere (paid).
    state = position(4, "phase4", bp=(0, 0, 0, 6), amoebas="b1:b2", scores=(1, 2, 3, 4))
    squares = {m.value[0] for m in state.legal_moves() if m.kind == "divide"}
    assert squares == set(range(19)) - {INDEX["b2"]}


def test_income_with_five_or_six_players() -> None:
    """Phase 4 (5–6 players): each player receives 11 BP."""
    state = position(5, "phase4", bp=0, amoebas="r1:b2")
    assert state.bp[4] == 11


def test_division_without_amoebas_is_free_anywhere() -> None:
    """Phase 4: with no amoeba on the board, one is placed for free anywhere; with exactly one, the
    second may go anywhere but is paid."""
    state = position(4, "phase4", bp=(0, 0, 0, 6), scores=(1, 2, 3, 4))
    assert state.bp[3] == 16
    squares = {m.value[0] for m in state.legal_moves() if m.kind == "divide"}
    assert len(squares) == 19
    state = play(state, "divide 1 e4")
    assert state.bp[3] == 16  # free
    squares = {m.value[0] for m in state.legal_moves() if m.kind == "divide"}
    assert squares == set(range(19)) - {INDEX["e4"]}
    state = play(state, "divide 2 b1")
    assert state.bp[3] == 10
    squares = {m.value[0] for m in state.legal_moves() if m.kind == "divide"}
    assert squares == {INDEX["b2"], INDEX["d4"], INDEX["e3"]}  # next to b1 or e4 from now on


def test_division_limited_by_reserve() -> None:
    """Phase 4: a player has 7 amoebas (6 with 5–6 players); none left means no division."""
    state = position(4, "phase4", bp=(50, 0, 0, 0), amoebas="r1:a2 r2:b2 r3:c2 r4:d2 r5:e2 r6:a3 r7:b3")
    assert state.step != "divide" or state.actors() != (0,)
    state = position(5, "phase4", bp=(50, 0, 0, 0, 0), amoebas="r1:a2 r2:b2 r3:c2 r4:d2 r5:e2", scores=(9, 1, 2, 3, 4))
    assert state.actors() == (0,)
    assert {m.amoeba for m in state.legal_moves() if m.kind == "divide"} == {6}


# Phase 5: deaths.


def test_deaths_at_two_damage_leave_food() -> None:
    """Phase 5: amoebas with 2 damage or more die and become 2 cubes of every colour in play."""
    state = position(4, "phase5", amoebas="r1:b2:2 y1:b2:1 g1:c2:3", empty=True)
    assert amoeba_at(state, "r1") is None and amoeba_at(state, "g1") is None
    assert amoeba_at(state, "y1") == ("b2", 1)
    assert square_food(state, "b2") == (2, 2, 2, 2) and square_food(state, "c2") == (2, 2, 2, 2)
    assert [e.kind for e in state.events].count("death") == 2
    assert state.round == 3  # scored: the next round has begun


def test_deaths_in_descending_order_under_shortage() -> None:
    """Phase 5: deaths go in descending player order; when a colour runs out, the later ones get less."""
    state = position(3, "phase5", amoebas="r1:b2:2 y1:d4:2", empty=True, food={"a2": "r" * 53}, scores=(1, 5, 2))
    # Yellow (furthest ahead) dies first and takes the last 2 red cubes.
    assert square_food(state, "d4") == (2, 2, 2)
    assert square_food(state, "b2") == (0, 2, 2)


# Phase 6: scoring and the end.


@pytest.mark.parametrize(("amoebas", "spaces"), [(2, 0), (3, 1), (4, 2), (5, 4), (6, 5), (7, 6)])
def test_scoring_by_live_amoebas_three_four_players(amoebas: int, spaces: int) -> None:
    """Phase 6 (3–4 players): 0–2 amoebas 0 spaces, 3: 1, 4: 2, 5: 4, 6: 5, 7: 6."""
    squares = ["a2", "b2", "c2", "d2", "e2", "a3", "b3"][:amoebas]
    spec = " ".join(f"r{i + 1}:{q}" for i, q in enumerate(squares))
    state = position(4, "phase6", amoebas=spec, scores=(1, 20, 21, 22))
    assert state.scores[0] == 1 + spaces


@pytest.mark.parametrize(("amoebas", "spaces"), [(1, 0), (2, 1), (3, 2), (4, 4), (5, 5), (6, 6)])
def test_scoring_by_live_amoebas_five_six_players(amoebas: int, spaces: int) -> None:
    """Phase 6 (5–6 players): 0–1 amoebas 0 spaces, 2: 1, 3: 2, 4: 4, 5: 5, 6: 6."""
    squares = ["a2", "b2", "c2", "d2", "e2", "a3"][:amoebas]
    spec = " ".join(f"r{i + 1}:{q}" for i, q in enumerate(squares))
    state = position(6, "phase6", amoebas=spec, scores=(1, 20, 21, 22, 23, 24))
    assert state.scores[0] == 1 + spaces


@pytest.mark.parametrize(
    ("genes", "spaces"),
    [
        ("intelligence speed", 0),
        ("intelligence speed spores", 1),
        ("intelligence speed spores ray-protection", 1),
        ("intelligence persistence spores", 2),
        ("intelligence persistence movement-2", 3),
        ("intelligence persistence movement-2 spores defense", 4),
    ],
)
def test_scoring_by_gene_cards(genes: str, spaces: int) -> None:
    """Phase 6: gene cards 0–2: 0, 3: 1, 4: 2, 5: 3, 6+: 4; superior genes count 2, Ray Protection 0."""
    state = position(4, "phase6", genes={0: genes}, scores=(1, 20, 21, 22))
    assert state.scores[0] == 1 + spaces


def test_leapfrog_scoring_worked_example() -> None:
    """Phase 6: occupied spaces are skipped and not counted; markers never share a space. Descending
    order: the leader moves first."""
    # Red on 10 with 4 amoebas and 3 genes (3 spaces), yellow on 12 (0), green on 13 (0).
    state = position(
        3,
        "phase6",
        amoebas="r1:a2 r2:b2 r3:c2 r4:d2",
        genes={0: "intelligence speed spores"},
        scores=(10, 12, 13),
    )
    # 11 counts, 12 and 13 are skipped, 14 and 15 count.
    assert state.scores == (15, 12, 13)
    score = [e for e in state.events if e.kind == "score" and e.seat == 0]
    assert score[0].detail == "+3>15"


def test_leader_moves_first_in_scoring() -> None:
    """Phase 6: descending order, so a marker behind may jump over the leader's new space."""
    state = position(3, "phase6", amoebas="r1:a2 r2:b2 r3:c2 r4:d2 y1:a3 y2:b3 y3:d3 y4:e3", scores=(10, 11, 1))
    # Yellow (11) moves 2 first: 12, 13. Red (10) then moves 2 over the spaces left free: 11, 12.
    assert state.scores[1] == 13
    assert state.scores[0] == 12


def test_game_ends_in_the_finish_zone() -> None:
    """End: after Phase 6, a marker in the dark zone (41+) ends the game; the furthest marker wins."""
    state = position(4, "phase6", amoebas="r1:a2 r2:b2 r3:c2 r4:d2 r5:e2", scores=(37, 38, 20, 5))
    assert state.scores[0] == 42  # 4 spaces from 37, skipping yellow's 38
    outcome = state.outcome()
    assert outcome is not None and outcome.termination is Termination.NORMAL
    assert outcome.winners == (0,) and outcome.ranking == (0, 1, 2, 3)
    assert outcome.scores == (42, 38, 20, 5)
    assert state.actors() == () and state.legal_moves() == () and state.phase == 7
    assert state.events[-1].kind == "end" and state.events[-1].detail == "finish"


def test_game_ends_after_the_round_of_the_last_card() -> None:
    """End: the game also ends when every environment card has been used (after that round's scoring)."""
    deck = ("W6", "W9", "W12", "E8", "E10", "E10", "N9", "N11", "S10", "S13", "-14")
    state = position(4, "phase6", round=10, cards=deck, scores=(3, 8, 5, 1))
    outcome = state.outcome()
    assert outcome is not None and outcome.winners == (1,) and outcome.ranking == (1, 2, 0, 3)
    assert state.events[-1].detail == "cards"
    state = position(4, "phase6", round=9, cards=deck[:10], scores=(3, 8, 5, 1))
    assert state.outcome() is None and state.round == 10


def test_next_round_starts_in_ascending_order() -> None:
    """After Phase 6 a new round begins with Phase 1, the marker furthest back first."""
    state = position(4, "phase6", amoebas="r1:a2 y1:b2 g1:c2 b1:d2", scores=(9, 3, 7, 5))
    assert state.round == 3 and state.phase == 1
    assert state.ctx.order == (1, 3, 2, 0)
    assert state.actors() == (1,)


# Seeded random games to the end.


def random_game(players: int, seed: int) -> list[State]:
    """Every state of a seeded random game (chance by its probabilities, decisions uniformly)."""
    rng = random.Random(f"ursuppe/{players}/{seed}")
    state: State = INFO.new(players, {})  # type: ignore[assignment]
    states = [state]
    while state.outcome() is None:
        move = random_step(state, rng)
        state = state.apply(move)
        states.append(state)
        assert len(states) < INFO.max_plies
    return states


@pytest.mark.parametrize("players", [3, 4, 5, 6])
def test_random_games_keep_the_invariants(players: int) -> None:
    """Seeded random games to the end: cubes on board + supply = 55 per colour, nobody on the island,
    markers never share a space, BP never negative, no gene owned twice nor with its prerequisite(s)."""
    for seed in range(3):
        states = random_game(players, seed)
        for state in states:
            view = state.view_for(None)
            for colour in range(players):
                on_board = sum(sq.food[colour] for sq in view.squares)
                assert on_board + view.supply[colour] == 55
                assert view.supply[colour] >= 0
            assert all((sq.row, sq.col) != view.island for sq in view.squares)
            placed = [s for s in state.scores if s]
            assert len(set(placed)) == len(placed)
            assert all(bp >= 0 for bp in state.bp)
            for owned in state.genes:
                ids = [g for g, _ in owned]
                assert len(set(ids)) == len(ids)
                for g in ids:
                    prerequisites = G.PREREQUISITES[g]
                    if prerequisites:
                        assert not all(p in ids for p in prerequisites)
            counts = Counter(g for owned in state.genes for g, _ in owned)
            assert all(counts[g.index] <= g.copies_for(players) for g in G.GENES)
            assert all(e.kind in EVENT_KINDS for e in state.events)
            amoebas = Counter(a[0] for a in state.amoebas)
            assert all(k <= TABLES.per_players[players].amoebas for k in amoebas.values())
        final = states[-1]
        outcome = final.outcome()
        assert outcome is not None and len(outcome.ranking) == players
        assert outcome.winners == (outcome.ranking[0],)
        assert final.round <= 10
        assert max(final.scores) >= TABLES.finish_zone or len(final.cards) == 11


def test_names_cover_every_square() -> None:
    """The 19 squares: b1 alone in the top row, c3 the island, e5 missing."""
    assert len(NAMES) == 19 and "c3" not in NAMES and "e5" not in NAMES and "b1" in NAMES
    assert NAMES[0] == "b1" and "a1" not in NAMES
