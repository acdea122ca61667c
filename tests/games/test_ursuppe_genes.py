"""Gene tests of Ursuppe: each of the 20 genes' abilities and their interactions, from positions.

Docstrings name the gene and the rule (``ursuppe.md``'s gene notes, paraphrased). Positions come from
``test_ursuppe_kit.position``: 4 players unless said, red (seat 0) first in Phase 1, the card without
drift unless said, 2 cubes of each colour on every square unless said.
"""

from __future__ import annotations

from fractions import Fraction

import pytest

from games.base import IllegalMoveError
from games.ursuppe import genes as G
from games.ursuppe.board import INDEX
from games.ursuppe.state import State
from tests.games.kit import legal, play
from tests.games.test_ursuppe_kit import amoeba_at, kinds, position, square_food


def fight(genes: dict[int, str], bp: int | tuple[int, ...] = 4, food: str = "") -> State:
    """Red amoeba 1 starving on b2 (``food`` there) next to yellow amoeba 1, red to feed."""
    state = position(4, amoebas="r1:b2 y1:b2", genes=genes, food={"b2": food}, bp=bp)
    if state.step == "act":
        state = play(state, "1 drift")
    assert state.step == "feed"
    return state


# Intelligence.


def test_intelligence_has_no_ability_but_counts_as_a_card() -> None:
    """Intelligence: no effect of its own; it counts as a gene card when scoring."""
    plain = position(4, amoebas="r1:b2")
    clever = position(4, amoebas="r1:b2", genes={0: "intelligence"})
    assert legal(plain) == legal(clever)
    state = position(4, "phase6", genes={0: "intelligence speed spores"}, scores=(1, 20, 21, 22))
    assert state.scores[0] == 2


# Movement I and II.


def test_movement_1_rolls_two_dice_and_picks_one() -> None:
    """Movement I: an active move rolls two dice and uses either result; it still costs 1 BP."""
    state = play(position(4, amoebas="r1:b4", genes={0: "movement-1"}), "1 move")
    outcomes = dict((state.format_move(m), p) for m, p in state.chance_outcomes())
    assert len(outcomes) == 21 and outcomes["roll:1,3"] == Fraction(2, 36) and outcomes["roll:4,4"] == Fraction(1, 36)
    state = play(state, "roll:1,3")
    assert state.actors() == (0,) and sorted(legal(state)) == ["1 E", "1 W"]
    state = play(state, "1 E")
    assert amoeba_at(state, "r1") == ("c4", 0) and state.bp[0] == 3
    # A six among the dice frees the choice; a double five leaves no choice.
    state = play(position(4, amoebas="r1:b4", genes={0: "movement-1"}), "1 move", "roll:5,6")
    assert sorted(legal(state)) == ["1 E", "1 N", "1 S", "1 W", "1 stay"]
    state = play(position(4, amoebas="r1:b4", genes={0: "movement-1"}), "1 move", "roll:5,5")
    assert amoeba_at(state, "r1") == ("b4", 0) and "eat" in kinds(state)


def test_movement_2_chooses_the_direction_or_stays() -> None:
    """Movement II: the player chooses the direction of an active move, or to stay put; 1 BP still."""
    state = position(4, amoebas="r1:b4", genes={0: "movement-2"})
    assert sorted(legal(state)) == sorted(["1 drift", "1 move N", "1 move E", "1 move S", "1 move W", "1 move stay"])
    state = play(state, "1 move S")
    assert amoeba_at(state, "r1") == ("b5", 0) and state.bp[0] == 3
    state = play(position(4, amoebas="r1:b4", genes={0: "movement-2"}), "1 move stay")
    assert amoeba_at(state, "r1") == ("b4", 0) and state.bp[0] == 3


# Spores and Division Rate.


def test_spores_place_anywhere_without_an_own_amoeba() -> None:
    """Spores: new amoebas may go on any square that holds none of the player's amoebas."""
    state = position(4, "phase4", amoebas="b1:b2 b2:d4", genes={3: "spores"}, bp=(0, 0, 0, 0))
    squares = {m.value[0] for m in state.legal_moves() if m.kind == "divide"}
    assert squares == set(range(19)) - {INDEX["b2"], INDEX["d4"]}


def test_division_rate_costs_four() -> None:
    """Division Rate: each new amoeba costs 4 BP instead of 6."""
    state = position(4, "phase4", amoebas="b1:b2 b2:d4", genes={3: "division-rate"}, bp=(0, 0, 0, 0))
    state = play(state, "divide 3 c2")
    assert state.bp[3] == 6
    state = play(state, "divide 4 d2")
    assert state.bp[3] == 2
    plain = position(4, "phase4", amoebas="b1:b2 b2:d4", bp=(0, 0, 0, 0))
    assert play(plain, "divide 3 c2").bp[3] == 4


# Speed and Persistence (as Speed).


@pytest.mark.parametrize("gene", ["speed", "persistence"])
def test_speed_second_active_move_free_eats_once(gene: str) -> None:
    """Speed (and Persistence): after an active move, an optional second one (free); the amoeba eats
    once, on its final square."""
    state = play(position(4, amoebas="r1:b4", genes={0: gene}), "1 move", "roll:2")
    assert amoeba_at(state, "r1") == ("b3", 0)
    assert sorted(legal(state)) == ["1 again", "1 stop"]
    state = play(state, "1 again", "roll:2")
    assert amoeba_at(state, "r1") == ("b2", 0)
    assert state.bp[0] == 3  # only the first move was paid
    assert square_food(state, "b3") == (2, 2, 2, 2)
    state = play(state, "1 eat ygb") if state.step == "feed" else state
    assert square_food(state, "b2") == (4, 1, 1, 1)


def test_speed_never_after_a_drift() -> None:
    """Speed: no second move after drifting."""
    state = play(position(4, amoebas="r1:b4", genes={0: "speed"}, card="N9"), "1 drift")
    assert state.step != "again"
    assert amoeba_at(state, "r1") == ("b3", 0)


# Feeding genes.


def test_substitution_four_players() -> None:
    """Substitution (4 players): skip a colour and eat one cube more: 2+2 or 3+1 instead of 1+1+1."""
    state = play(position(4, amoebas="r1:b2", genes={0: "substitution"}, food={"b2": "yyygggbbb"}), "1 drift")
    meals = sorted(legal(state))
    assert "1 eat ygb" in meals and "1 eat yygg" in meals and "1 eat yyyb" in meals and "1 eat gbbb" in meals
    assert len(meals) == 1 + 3 + 6
    state = play(state, "1 eat yyyb")
    assert square_food(state, "b2") == (2, 0, 3, 2)


def test_substitution_three_players_and_missing_colour() -> None:
    """Substitution (3 players): 4 of one colour instead of 2+1; it lets an amoeba eat where its normal
    meal is missing (it may still choose to starve)."""
    state = play(position(3, amoebas="r1:b2", genes={0: "substitution"}, food={"b2": "yyyy"}), "1 drift")
    assert sorted(legal(state)) == ["1 eat yyyy", "1 starve"]
    state = play(state, "1 eat yyyy")
    assert square_food(state, "b2") == (2, 0, 0)


def test_frugality_one_cube_fewer_of_chosen_colour() -> None:
    """Frugality: eat one cube fewer, of the colour chosen each time; excretion unchanged."""
    state = play(position(4, amoebas="r1:b2", genes={0: "frugality"}), "1 drift")
    assert sorted(legal(state)) == ["1 eat gb", "1 eat yb", "1 eat yg", "1 eat ygb"]
    state = play(state, "1 eat yg")
    assert square_food(state, "b2") == (4, 1, 1, 2)


def test_frugality_with_substitution_four_ways() -> None:
    """Frugality with Substitution: each amoeba has four ways to feed (normal, either, both)."""
    food = {"b2": "yyyygggbbbb"}
    both = play(position(4, amoebas="r1:b2", genes={0: "frugality substitution"}, food=food), "1 drift")
    # 1 normal meal, 3 frugal, 9 substituted (2+2, 3+1), 9 substituted and frugal (3+0, 2+1).
    assert len(legal(both)) == 1 + 3 + 9 + 9
    assert "1 eat yyy" in legal(both) and "1 eat yg" in legal(both) and "1 eat yybb" in legal(both)
    subst = play(position(4, amoebas="r1:b2", genes={0: "substitution"}, food=food), "1 drift")
    assert "1 eat yyy" not in legal(subst) and "1 eat yg" not in legal(subst)


def test_parasitism_eats_one_fewer_and_the_host_pays() -> None:
    """Parasitism: sharing a square with another player's amoeba whose owner has BP, eat one cube fewer
    and that player pays 1 BP to the bank; usable even with plenty of food."""
    state = play(position(4, amoebas="r1:b2 y1:b2", genes={0: "parasitism"}, bp=(4, 3, 4, 4)), "1 drift")
    assert "1 eat gb parasite yellow" in legal(state) and "1 eat ygb" in legal(state)
    state = play(state, "1 eat gb parasite yellow")
    assert state.bp[1] == 2
    assert square_food(state, "b2") == (4, 2, 1, 1)
    assert ("parasite", 1) in [(e.kind, e.target_seat) for e in state.events]


def test_parasitism_needs_a_host_with_bp() -> None:
    """Parasitism: not on a player without BP, nor on one's own amoebas."""
    state = play(position(4, amoebas="r1:b2 r2:c2 y1:b2", genes={0: "parasitism"}, bp=(4, 0, 4, 4)), "1 drift")
    assert not any("parasite" in text for text in legal(state))


def test_parasitism_with_frugality_two_fewer() -> None:
    """Parasitism and Frugality combine: two cubes fewer."""
    state = play(position(4, amoebas="r1:b2 g1:b2", genes={0: "parasitism frugality"}), "1 drift")
    assert "1 eat y parasite green" in legal(state)


# Struggle for Survival, Defense, Escape, Persistence.


def test_struggle_attacks_when_starving() -> None:
    """Struggle for Survival: an amoeba that would starve may attack another on its square for 1 BP;
    the victim is removed, the attacker neither starves nor excretes; 1 cube of each colour appears."""
    state = fight({0: "struggle"})
    assert sorted(legal(state)) == ["1 attack yellow 1", "1 starve"]
    state = play(state, "1 attack yellow 1")
    assert amoeba_at(state, "y1") is None
    assert amoeba_at(state, "r1") == ("b2", 0)
    assert state.bp[0] == 3
    assert square_food(state, "b2") == (1, 1, 1, 1)
    assert "excrete" not in kinds(state) and "kill" in kinds(state)


def test_struggle_kill_cubes_limited_by_supply() -> None:
    """Struggle for Survival: the cubes left by the victim come from the supply, as far as it goes."""
    state = position(4, amoebas="r1:b2 y1:b2", genes={0: "struggle"}, empty=True, food={"a2": "y" * 55})
    state = play(state, "1 drift", "1 attack yellow 1")
    assert square_food(state, "b2") == (1, 0, 1, 1)
    assert state.supply == (54, 0, 54, 54)


def test_struggle_only_when_the_normal_meal_is_missing() -> None:
    """Struggle for Survival: with its normal meal available the amoeba eats; no attack is offered."""
    state = play(position(4, amoebas="r1:b2 y1:b2", genes={0: "struggle"}), "1 drift")
    assert not any("attack" in text for text in legal(state))


def test_struggle_needs_bp_and_may_hit_own_amoebas() -> None:
    """Struggle for Survival: the attack costs 1 BP; one's own amoebas may be attacked."""
    state = position(4, amoebas="r1:b2 y1:b2", genes={0: "struggle"}, food={"b2": ""}, bp=(0, 4, 4, 4))
    assert "attack" not in kinds(state) and amoeba_at(state, "r1") == ("b2", 1)
    state = position(4, amoebas="r1:b2 r2:b2", genes={0: "struggle"}, food={"b2": ""})
    state = play(state, "1 drift")
    assert "1 attack red 2" in legal(state)
    state = play(state, "1 attack red 2")
    assert amoeba_at(state, "r2") is None


def test_defense_fight_defender_wins_attacker_starves() -> None:
    """Defense: for 1 BP the victim fights: each rolls a die (ties again), the higher wins; if the
    defender wins in Phase 1 it survives and the attacker starves."""
    state = play(fight({0: "struggle", 1: "defense"}), "1 attack yellow 1")
    assert state.actors() == (1,) and sorted(legal(state)) == ["defend", "yield"]
    decision = state.view_for(1).decision
    assert decision is not None and decision.kind == "respond" and decision.other == (0, 1)
    state = play(state, "defend")
    assert state.bp[1] == 3
    outcomes = state.chance_outcomes()
    assert len(outcomes) == 30 and all(p == Fraction(1, 30) for _, p in outcomes)
    state = play(state, "fight:2-5")
    assert amoeba_at(state, "y1") == ("b2", 0)
    assert amoeba_at(state, "r1") == ("b2", 1)


def test_defense_fight_attacker_wins() -> None:
    """Defense: if the attacker wins the fight, the attack succeeds."""
    state = play(fight({0: "struggle", 1: "defense"}), "1 attack yellow 1", "defend", "fight:6-1")
    assert amoeba_at(state, "y1") is None and amoeba_at(state, "r1") == ("b2", 0)


def test_escape_evades_and_attacker_starves() -> None:
    """Escape: the victim evades with an out-of-turn active move (1 BP) using its own movement genes;
    the attack fails and the attacker starves."""
    state = play(fight({0: "struggle", 1: "escape"}), "1 attack yellow 1")
    assert sorted(legal(state)) == ["escape", "yield"]
    state = play(state, "escape")
    assert state.is_chance() and state.bp[1] == 3
    state = play(state, "roll:3")
    assert amoeba_at(state, "y1") == ("c2", 0)
    assert amoeba_at(state, "r1") == ("b2", 1)


def test_escape_that_stays_put_fails() -> None:
    """Escape: a move that does not leave the square (a 5, an edge) does not save the victim."""
    state = play(fight({0: "struggle", 1: "escape"}), "1 attack yellow 1", "escape", "roll:5")
    assert amoeba_at(state, "y1") is None


def test_escape_with_movement_2_chooses() -> None:
    """Escape uses the victim's movement genes: with Movement II it picks the direction."""
    state = play(fight({0: "struggle", 1: "escape movement-2"}), "1 attack yellow 1", "escape")
    assert state.actors() == (1,) and sorted(legal(state)) == ["1 E", "1 N", "1 S", "1 W"]
    state = play(state, "1 W")
    assert amoeba_at(state, "y1") == ("a2", 0)


def test_defense_and_escape_against_one_attack() -> None:
    """Defense and Escape: both may be used against one attack, each once, in either order."""
    state = play(fight({0: "struggle", 1: "defense escape"}), "1 attack yellow 1")
    assert sorted(legal(state)) == ["defend", "escape", "yield"]
    state = play(state, "defend", "fight:5-2")
    assert sorted(legal(state)) == ["escape", "yield"]
    state = play(state, "escape", "roll:4")
    assert amoeba_at(state, "y1") == ("b3", 0)
    # The other order: a failed escape, then the fight.
    state = play(fight({0: "struggle", 1: "defense escape"}), "1 attack yellow 1", "escape", "roll:5")
    assert sorted(legal(state)) == ["defend", "yield"]
    state = play(state, "defend", "fight:1-2")
    assert amoeba_at(state, "y1") == ("b2", 0) and amoeba_at(state, "r1") == ("b2", 1)


def test_streamlining_makes_moves_and_escapes_free() -> None:
    """Streamlining: active moves, escapes included, cost no BP."""
    state = position(4, amoebas="r1:b4", genes={0: "streamlining"}, bp=0)
    assert "1 move" in legal(state)
    state = play(state, "1 move", "roll:2")
    assert state.bp[0] == 0 and amoeba_at(state, "r1") == ("b3", 0)
    state = play(fight({0: "struggle", 1: "escape streamlining"}, bp=(4, 0, 4, 4)), "1 attack yellow 1")
    assert "escape" in legal(state)
    state = play(state, "escape", "roll:3")
    assert state.bp[1] == 0 and amoeba_at(state, "y1") == ("c2", 0)


def test_persistence_retries_a_failed_attack_for_free() -> None:
    """Persistence: a failed Struggle for Survival attempt may be tried once more, free."""
    state = play(fight({0: "struggle persistence", 1: "defense"}, bp=(4, 4, 4, 4)), "1 attack yellow 1")
    state = play(state, "defend", "fight:1-6")
    assert state.actors() == (0,) and sorted(legal(state)) == ["1 attack yellow 1", "1 starve"]
    state = play(state, "1 attack yellow 1")
    assert state.bp[0] == 3  # only the first attempt was paid
    state = play(state, "defend", "fight:2-3")
    # The retry failed too: no third try, the attacker starves.
    assert amoeba_at(state, "r1") == ("b2", 1) and state.bp[1] == 2


def test_persistence_retries_a_failed_defense() -> None:
    """Persistence: a failed Defense may be tried once more, free."""
    state = play(fight({0: "struggle", 1: "defense persistence"}), "1 attack yellow 1", "defend", "fight:6-1")
    assert sorted(legal(state)) == ["defend", "yield"]
    state = play(state, "defend")
    assert state.bp[1] == 3
    state = play(state, "fight:6-5")
    assert amoeba_at(state, "y1") is None


# Tentacle and Holding.


def test_tentacle_takes_cubes_on_drift() -> None:
    """Tentacle: an amoeba leaving its square by drift may take up to 3 cubes (any colours) along."""
    state = play(position(4, amoebas="r1:b2", genes={0: "tentacle"}, card="E8"), "1 drift")
    assert state.step == "tentacle" and state.actors() == (0,)
    options = legal(state)
    assert "1 take none" in options and "1 take rrg" in options and "1 take yyyy" not in options
    assert max(len(o.split()[-1]) for o in options if o != "1 take none") == 3
    state = play(state, "1 take rrg")
    assert square_food(state, "b2") == (0, 2, 1, 2)
    assert amoeba_at(state, "r1") == ("c2", 0)
    # Arrived on c2 with 2 red and 1 green more, then ate there.
    assert square_food(state, "c2")[0] == 2 + 2 + 2


def test_tentacle_three_players_two_cubes() -> None:
    """Tentacle (3 players): up to 2 cubes."""
    state = play(position(3, amoebas="r1:b2", genes={0: "tentacle"}, card="E8"), "1 drift")
    assert max(len(o.split()[-1]) for o in legal(state) if o != "1 take none") == 2


def test_tentacle_on_active_move_and_not_when_blocked() -> None:
    """Tentacle: also on an active move; an amoeba that does not leave its square takes nothing."""
    state = play(position(4, amoebas="r1:b4", genes={0: "tentacle"}), "1 move", "roll:1")
    assert state.step == "tentacle"
    state = play(position(4, amoebas="r1:b4", genes={0: "tentacle"}), "1 move", "roll:5")
    assert state.step != "tentacle" and "tentacle" not in kinds(state)


def test_tentacle_on_escape() -> None:
    """Tentacle: an escaping amoeba may take cubes along too."""
    state = play(fight({0: "struggle", 1: "escape tentacle"}, food="rr"), "1 attack yellow 1")
    state = play(state, "escape", "roll:3")
    assert state.step == "tentacle" and state.actors() == (1,)
    state = play(state, "1 take rr")
    assert amoeba_at(state, "y1") == ("c2", 0)
    assert square_food(state, "b2")[0] == 0


def test_holding_stays_put() -> None:
    """Holding (1): in Phase 1 an amoeba may stay put instead of drifting or moving, for free."""
    state = position(4, amoebas="r1:b2", genes={0: "holding"}, card="E8")
    assert "1 stay" in legal(state)
    state = play(state, "1 stay")
    assert amoeba_at(state, "r1") == ("b2", 0) and state.bp[0] == 4


def test_holding_clings_before_the_tentacle_choice_on_a_drift() -> None:
    """Holding (2): when an opponent's amoeba leaves a square where one of yours is, yours may cling and
    go along. On a drift the direction is known; Holding decides first, then the mover's Tentacle takes
    its cubes from what the clingers left."""
    state = position(4, amoebas="r1:b2 y1:b2", genes={0: "tentacle", 1: "holding"}, card="E8")
    state = play(state, "1 drift")
    assert state.step == "cling" and state.actors() == (1,)
    decision = state.view_for(1).decision
    assert decision is not None and decision.other == (0, 1)
    assert sorted(legal(state)) == ["cling 1", "let go"]
    state = play(state, "cling 1")
    assert state.step == "tentacle" and state.actors() == (0,)
    state = play(state, "1 take g")
    assert amoeba_at(state, "y1") == ("c2", 0) and amoeba_at(state, "r1") == ("c2", 0)
    assert "cling" in kinds(state)


def test_holding_several_amoebas_may_cling_or_let_go() -> None:
    """Holding (2): each of the player's amoebas on the square may cling; letting go keeps the others."""
    state = position(4, amoebas="r1:b2 y1:b2 y2:b2", genes={1: "holding"}, card="E8")
    state = play(state, "1 drift")
    assert sorted(legal(state)) == ["cling 1", "cling 2", "let go"]
    state = play(state, "cling 2")
    assert sorted(legal(state)) == ["cling 1", "let go"]
    state = play(state, "let go")
    assert amoeba_at(state, "y2") == ("c2", 0) and amoeba_at(state, "y1") == ("b2", 0)


def test_holding_no_cling_to_own_amoeba() -> None:
    """Holding (2): only an opponent's leaving amoeba can be clung to."""
    state = position(4, amoebas="r1:b2 r2:b2", genes={0: "holding"}, card="E8")
    state = play(state, "1 drift")
    assert state.step != "cling"
    assert amoeba_at(state, "r2") == ("b2", 0)


def test_holding_against_escape() -> None:
    """Holding against Escape: an attacker with Holding may cling to its escaping victim (deciding before
    the victim's die is rolled); the attack ends and in Phase 1 the attacker may still eat on the new
    square."""
    state = fight({0: "struggle holding", 1: "escape"})
    state = play(state, "1 attack yellow 1", "escape")
    assert state.step == "cling" and state.actors() == (0,) and not state.is_chance()
    state = play(state, "cling 1", "roll:3")
    assert amoeba_at(state, "r1") == ("c2", 0) and amoeba_at(state, "y1") == ("c2", 0)
    eats = [e for e in state.events if e.kind == "eat"]
    assert [(e.seat, e.square) for e in eats] == [(0, "c2")]
    assert amoeba_at(state, "r1") == ("c2", 0)  # fed: no damage


def test_holding_decides_before_the_die_is_rolled() -> None:
    """Holding (ursuppe.md): the cling decision comes BEFORE the direction of an active move is known:
    before the mover's die is rolled. A clinger whose mover then does not leave stays where it is."""
    state = position(4, amoebas="r1:b2 y1:b2", genes={1: "holding"})
    state = play(state, "1 move")
    assert state.step == "cling" and state.actors() == (1,) and not state.is_chance()
    assert state.bp[0] == 3
    state = play(state, "cling 1")
    assert state.is_chance() and state.step == "roll"
    state = play(state, "roll:3")
    assert amoeba_at(state, "r1") == ("c2", 0) and amoeba_at(state, "y1") == ("c2", 0)
    # The same cling, then a 5: nobody moves.
    state = play(position(4, amoebas="r1:b2 y1:b2", genes={1: "holding"}), "1 move", "cling 1", "roll:5")
    assert amoeba_at(state, "r1") == ("b2", 0) and amoeba_at(state, "y1") == ("b2", 0)
    assert "cling" not in kinds(state)


def test_holding_decides_before_a_movement_2_direction() -> None:
    """Holding before Movement II: the mover announces its move, Holding decides, then the way is chosen.
    With nobody able to cling, the move and its direction stay one decision."""
    state = position(4, amoebas="r1:b2 y1:b2", genes={0: "movement-2", 1: "holding"})
    assert "1 move" in legal(state) and "1 move E" not in legal(state)
    state = play(state, "1 move", "let go")
    assert state.step == "direction" and state.actors() == (0,)
    assert sorted(legal(state)) == ["1 E", "1 N", "1 S", "1 W", "1 stay"]
    state = play(state, "1 E")
    assert amoeba_at(state, "r1") == ("c2", 0) and amoeba_at(state, "y1") == ("b2", 0)
    alone = position(4, amoebas="r1:b2 y1:c2", genes={0: "movement-2", 1: "holding"})
    assert "1 move E" in legal(alone) and "1 move" not in legal(alone)


def test_clinging_tentacle_amoeba_takes_cubes_chosen_with_the_cling() -> None:
    """Holding with Tentacle: a clinging amoeba takes up to 3 cubes along, chosen at the moment it decides
    to cling; the mover's own Tentacle then chooses among the cubes left."""
    state = position(
        4, amoebas="r1:b2 y1:b2", genes={0: "tentacle", 1: "holding tentacle"}, card="E8", food={"b2": "rrgb"}
    )
    state = play(state, "1 drift")
    assert state.step == "cling"
    options = legal(state)
    assert "cling 1 take rr" in options and "cling 1 take none" in options and "let go" in options
    assert "cling 1 take rrr" not in options
    state = play(state, "cling 1 take rr")
    assert state.step == "tentacle" and state.actors() == (0,)
    assert max(len(o.split()[-1]) for o in legal(state) if o != "1 take none") == 2  # g and b are left
    assert "1 take r" not in legal(state)
    state = play(state, "1 take g")
    assert square_food(state, "b2") == (0, 0, 0, 1)
    assert amoeba_at(state, "y1") == ("c2", 0)
    tentacles = [(e.seat, e.detail) for e in state.events if e.kind == "tentacle"]
    assert tentacles == [(0, "g"), (1, "rr")]
    # "cling 1" alone reads as taking nothing.
    state = position(4, amoebas="r1:b2 y1:b2", genes={1: "holding tentacle"}, card="E8", food={"b2": "rrgb"})
    state = play(state, "1 drift", "cling 1")
    assert square_food(state, "b2") == (2, 0, 1, 1)


def test_holding_against_escape_ends_that_attack() -> None:
    """Holding against Escape: once the attacker clung to its escaping victim the attack is over; the
    attacker may eat on the new square, but may not attack the same victim again in that feeding (another
    amoeba there it may)."""
    state = position(
        4,
        amoebas="r1:b2 y1:b2 g1:c2",
        genes={0: "struggle holding", 1: "escape", 2: "escape"},
        food={"b2": "", "c2": ""},
    )
    state = play(state, "1 drift", "1 attack yellow 1", "escape", "cling 1", "roll:3")
    assert amoeba_at(state, "r1") == ("c2", 0) and amoeba_at(state, "y1") == ("c2", 0)
    assert state.step == "feed" and state.actors() == (0,)
    assert "1 attack yellow 1" not in legal(state)
    assert "1 attack green 1" in legal(state) and "1 starve" in legal(state)
    with pytest.raises(IllegalMoveError):
        state.parse_move("1 attack yellow 1", 0)
    # The next amoeba's feeding may attack it again.
    assert state.ctx.spared == (1, 1)
    state = play(state, "1 starve")
    assert state.ctx.spared == (-1, 0)


def test_escape_with_speed_has_a_free_second_move() -> None:
    """Escape uses the amoeba's movement genes, Speed included: after the escape move, an optional second
    move, free. The escape succeeds when the victim ends away from the attacker."""
    state = play(fight({0: "struggle", 1: "escape speed"}), "1 attack yellow 1", "escape", "roll:3")
    assert state.step == "again" and state.actors() == (1,)
    decision = state.view_for(1).decision
    assert decision is not None and decision.amoeba == (1, 1)
    assert sorted(legal(state)) == ["1 again", "1 stop"]
    state = play(state, "1 again", "roll:3")
    assert amoeba_at(state, "y1") == ("d2", 0) and state.bp[1] == 3  # the second move is free
    assert amoeba_at(state, "r1") == ("b2", 1)  # the attack failed: the attacker starved
    # A first escape move that stays put can still get away with the second.
    state = play(fight({0: "struggle", 1: "escape persistence"}), "1 attack yellow 1", "escape", "roll:5")
    state = play(state, "1 again", "roll:1")
    assert amoeba_at(state, "y1") == ("a2", 0) and amoeba_at(state, "r1") == ("b2", 1)
    # Stopping after a successful first move keeps the escape; coming back to the attacker does not.
    state = play(fight({0: "struggle", 1: "escape speed"}), "1 attack yellow 1", "escape", "roll:3", "1 stop")
    assert amoeba_at(state, "y1") == ("c2", 0) and amoeba_at(state, "r1") == ("b2", 1)
    state = play(fight({0: "struggle", 1: "escape speed"}), "1 attack yellow 1", "escape", "roll:3")
    state = play(state, "1 again", "roll:1")  # back to b2: caught (yielding is its only answer left)
    assert amoeba_at(state, "y1") is None and "yield" in kinds(state)
    assert amoeba_at(state, "r1") == ("b2", 0)


def test_escape_with_movement_2_and_speed_in_phase_5() -> None:
    """Escape against Aggression with Movement II and Speed: both moves' ways are chosen."""
    state = position(4, "phase5", amoebas="r1:b4 y1:b4", genes={0: "aggression", 1: "escape movement-2 speed"})
    state = play(state, "1 attack yellow 1", "escape", "1 N", "1 again", "1 N")
    assert amoeba_at(state, "y1") == ("b2", 0) and amoeba_at(state, "r1") == ("b4", 0)
    assert state.phase != 5


# Longevity, Aggression, Armor.


def test_longevity_dies_at_three() -> None:
    """Longevity: the amoebas die only at 3 damage in Phase 5."""
    state = position(4, "phase5", amoebas="r1:b2:2 r2:c2:3 y1:d2:2", genes={0: "longevity"})
    assert amoeba_at(state, "r1") is not None and amoeba_at(state, "r2") is None
    assert amoeba_at(state, "y1") is None


def test_aggression_kills_once_in_phase_5() -> None:
    """Aggression: after natural deaths, once per round, one of the player's amoebas may kill another
    player's amoeba on its square for 1 BP; the victim becomes 2 cubes of each colour."""
    state = position(4, "phase5", amoebas="r1:b2 y1:b2 g1:b2 r2:b2", genes={0: "aggression"}, empty=True)
    assert state.step == "aggress" and state.actors() == (0,)
    options = sorted(legal(state))
    assert options == sorted(["pass", "1 attack yellow 1", "1 attack green 1", "2 attack yellow 1", "2 attack green 1"])
    state = play(state, "1 attack yellow 1")
    assert amoeba_at(state, "y1") is None and state.bp[0] == 3
    assert square_food(state, "b2") == (2, 2, 2, 2)
    assert state.phase != 5 and state.step != "aggress"  # once per round


def test_aggression_after_natural_deaths() -> None:
    """Aggression comes after the natural deaths: a dying amoeba is no target."""
    state = position(4, "phase5", amoebas="r1:b2 y1:b2:2", genes={0: "aggression"})
    assert state.step != "aggress"
    assert amoeba_at(state, "y1") is None


def test_aggression_is_struggle_too() -> None:
    """Aggression: works as Struggle for Survival in Phase 1."""
    state = fight({0: "aggression"})
    assert "1 attack yellow 1" in legal(state)


def test_defense_against_aggression_aggressor_unharmed() -> None:
    """Defense in Phase 5: if the defender wins, the failed aggressor suffers nothing."""
    state = position(4, "phase5", amoebas="r1:b2 y1:b2", genes={0: "aggression", 1: "defense"})
    state = play(state, "1 attack yellow 1", "defend", "fight:1-2")
    assert amoeba_at(state, "y1") == ("b2", 0) and amoeba_at(state, "r1") == ("b2", 0)


def test_escape_against_aggression() -> None:
    """Escape in Phase 5: the victim flees the Aggression; the aggressor suffers nothing, and with Holding
    it may cling, which ends the attack."""
    state = position(4, "phase5", amoebas="r1:b4 y1:b4", genes={0: "aggression", 1: "escape"})
    state = play(state, "1 attack yellow 1", "escape", "roll:1")
    assert amoeba_at(state, "y1") == ("a4", 0) and amoeba_at(state, "r1") == ("b4", 0)
    state = position(4, "phase5", amoebas="r1:b4 y1:b4", genes={0: "aggression holding", 1: "escape"})
    state = play(state, "1 attack yellow 1", "escape", "cling 1", "roll:1")
    assert amoeba_at(state, "y1") == ("a4", 0) and amoeba_at(state, "r1") == ("a4", 0)
    assert state.phase != 5


def test_armor_cannot_be_attacked_in_phase_1() -> None:
    """Armor: in Phase 1 the amoeba cannot be attacked."""
    state = position(4, amoebas="r1:b2 y1:b2", genes={0: "struggle", 1: "armor"}, food={"b2": ""})
    state = play(state, "1 drift")
    assert "attack" not in kinds(state)
    assert amoeba_at(state, "r1") == ("b2", 1) and amoeba_at(state, "y1") == ("b2", 0)


def test_armor_takes_one_damage_from_aggression() -> None:
    """Armor: Aggression deals 1 damage instead of killing; the amoeba dies at once at its limit."""
    state = position(4, "phase5", amoebas="r1:b2 y1:b2 y2:b2:1", genes={0: "aggression", 1: "armor"}, empty=True)
    state = play(state, "1 attack yellow 1")
    assert amoeba_at(state, "y1") == ("b2", 1)
    assert square_food(state, "b2") == (0, 0, 0, 0)
    state = position(4, "phase5", amoebas="r1:b2 y2:b2:1", genes={0: "aggression", 1: "armor longevity"}, empty=True)
    state = play(state, "1 attack yellow 2")
    assert amoeba_at(state, "y2") == ("b2", 2)
    state = position(4, "phase5", amoebas="r1:b2 y2:b2:1", genes={0: "aggression", 1: "armor"}, empty=True)
    state = play(state, "1 attack yellow 2")
    assert amoeba_at(state, "y2") is None
    assert square_food(state, "b2") == (2, 2, 2, 2)


# Ray Protection.


def test_ray_protection_minus_two_and_pays_four() -> None:
    """Ray Protection: counts −2 mutation points; discarded for a defect it pays 4; it is not counted
    when scoring."""
    state = position(4, "phase2", genes={0: "ray-protection longevity tentacle defense"}, bp=0)
    assert state.view_for(None).player_info[0].mp == 11
    state = play(state, "card:W9")  # 11 against 9: 2 to pay
    assert "pay ray-protection" in legal(state)
    state = play(state, "pay ray-protection")
    assert state.view_for(None).player_info[0].mp == 13
    assert G.discard_value(G.RAY_PROTECTION) == 4 and G.scoring_cards(G.RAY_PROTECTION) == 0


def test_gene_never_bought_twice() -> None:
    """A player never holds two copies of a gene."""
    state = position(4, "phase3", bp=(0, 0, 0, 20), genes={3: "tentacle"})
    assert "buy tentacle" not in legal(state)
    with pytest.raises(IllegalMoveError):
        state.parse_move("buy tentacle")
