"""Rule tests of Ultima-Tek (``games/ultimatek``), written like games.

Each test sets a position with its one-line state text (through :func:`pos`, which writes the text), plays
actions by notation and checks the result. Docstrings name the rule covered: sentences of the French text
(``shared/rules/ultimatek.fr.txt``, paraphrased in English) and the rulings of ``ultimatek.md`` or of the
engine's module docstring.

The field, rows 1 at the top; odd columns (b, d, f, h) sit half a hex lower and have 5 rows::

    a1    c1    e1    g1    i1
       b1    d1    f1    h1
    a2    c2    e2    g2    i2
       b2    d2    f2    h2
    a3    c3    e3    g3    i3
       b3    d3    f3    h3
    a4    c4    e4    g4    i4
       b4    d4    f4    h4
    a5    c5    e5    g5    i5
       b5    d5    f5    h5
    a6    c6    e6    g6    i6

Blue (seat 0) scores in column i, red (seat 1) in column a.
"""

from __future__ import annotations

import copy
import json
from collections import Counter
from fractions import Fraction
from pathlib import Path

import pytest

from games.base import IllegalMoveError, Termination
from games.ultimatek.bonuses import COUNTS, KINDS, LABELS
from games.ultimatek.field import BY_NAME, DATA_FILE, FIELD, HEXES, NEIGHBOURS, Hex, hex_name, load_field, parse_field
from games.ultimatek.state import Piece, State, from_text, new_state
from games.ultimatek.view import View
from tests.games.kit import legal, play

BLUE_PARK = "a1,a2,a3,a4,a5,a6,b1,b2,b3,b4"
RED_PARK = "i1,i2,i3,i4,i5,i6,h1,h2,h3,h4"


def side(spec: str, park: str) -> str:
    """A side's pieces for a state text: those of ``spec`` (``e3:2*run,f2:3``) and the rest of its ten
    (the strengths missing from four 1s, four 2s and two 3s) parked on the free hexes of ``park``."""
    items = [item for item in spec.split(",") if item]
    used = {item.split(":")[0] for item in items}
    need = Counter({1: 4, 2: 4, 3: 2})
    for item in items:
        need[int(item.split(":")[1][0])] -= 1
    assert min(need.values()) >= 0, f"too many pieces of one strength in {spec}"
    spare = [v for v in (1, 2, 3) for _ in range(need[v])]
    free = [h for h in park.split(",") if h not in used]
    return ",".join(items + [f"{h}:{v}" for h, v in zip(free, spare, strict=False)])


def text_of(
    blue: str = "", red: str = "", blue_park: str = BLUE_PARK, red_park: str = RED_PARK, **fields: object
) -> str:
    """The state text of a position: the named pieces, the others parked, ``fields`` as ``key=value``."""
    fields.setdefault("act", "blue")
    extra = " ".join(f"{k}={v}" for k, v in fields.items())
    return f"ultimatek blue={side(blue, blue_park)} red={side(red, red_park)} {extra}"


def pos(blue: str = "", red: str = "", blue_park: str = BLUE_PARK, red_park: str = RED_PARK, **fields: object) -> State:
    """The position of :func:`text_of`, read by ``from_text`` (forced steps done)."""
    return from_text(text_of(blue, red, blue_park, red_park, **fields))


def at(state: State, side_: int, name: str) -> Piece:
    """The piece of ``side_`` in hex ``name`` (which must hold one)."""
    piece = state.piece(side_, BY_NAME[name])
    assert piece is not None, f"no piece of seat {side_} on {name}"
    return piece


def started(kickoff: str = "blue", blue: str = "run,fly,stop", red: str = "run,fly/,fly+/") -> State:
    """A new match after the kick-off draw and both sides' three draws."""
    draws = [f"draw:0:{k}" for k in blue.split(",")] + [f"draw:1:{k}" for k in red.split(",")]
    return play(new_state(), f"kickoff:{kickoff}", *draws)


# The field, the pieces and the bonus tokens.


def test_field_is_fifty_hexes_green_and_grey() -> None:
    """Material: a field of green and grey hexes (ultimatek.md: 9 columns of 6/5 hexes, a and i grey)."""
    assert len(HEXES) == 50
    grey = [h.name for h in HEXES if h.grey]
    assert grey == ["a1", "a2", "a3", "a4", "a5", "a6", "i1", "i2", "i3", "i4", "i5", "i6"]
    assert sum(1 for h in HEXES if not h.grey) == 38
    assert [sum(1 for h in HEXES if h.column == c) for c in range(9)] == [6, 5, 6, 5, 6, 5, 6, 5, 6]
    assert "b6" not in BY_NAME and "i6" in BY_NAME


def test_neighbours_follow_the_offset_columns() -> None:
    """ultimatek.md: an odd column sits half a hex lower; six straight directions N, NE, SE, S, SW, NW."""
    names = {d: hex_name(j) for d, j in zip(("N", "NE", "SE", "S", "SW", "NW"), NEIGHBOURS[BY_NAME["e3"]], strict=True)}
    assert names == {"N": "e2", "NE": "f2", "SE": "f3", "S": "e4", "SW": "d3", "NW": "d2"}
    names = {d: hex_name(j) for d, j in zip(("N", "NE", "SE", "S", "SW", "NW"), NEIGHBOURS[BY_NAME["d3"]], strict=True)}
    assert names == {"N": "d2", "NE": "e3", "SE": "e4", "S": "d4", "SW": "c4", "NW": "c3"}
    assert [j for j in NEIGHBOURS[BY_NAME["a1"]] if j >= 0] == [BY_NAME["b1"], BY_NAME["a2"]]
    for i in range(50):
        for d in range(6):
            j = NEIGHBOURS[i][d]
            if j >= 0:
                assert NEIGHBOURS[j][(d + 3) % 6] == i


def test_set_up_matches_figure_one() -> None:
    """Set-up: the pieces stand as in figure 1 (ultimatek.md), ten per side, no bonus on any piece."""
    state = started()
    blue = {hex_name(p.hex): p.strength for p in state.pieces if p.side == 0}
    red = {hex_name(p.hex): p.strength for p in state.pieces if p.side == 1}
    assert blue == {"b3": 3, "c2": 1, "c3": 1, "c4": 1, "c5": 1, "d1": 2, "d2": 2, "d3": 3, "d4": 2, "d5": 2}
    assert red == {"h3": 3, "g2": 1, "g3": 1, "g4": 1, "g5": 1, "f1": 2, "f2": 2, "f3": 3, "f4": 2, "f5": 2}
    assert not any(p.bonus for p in state.pieces)


def test_pieces_have_strength_one_to_three() -> None:
    """Material: a piece is a stack of 1, 2 or 3 discs, its strength; four 1s, four 2s and two 3s a side."""
    for s in (0, 1):
        assert Counter(v for _, v in FIELD.setup[s]) == {1: 4, 2: 4, 3: 2}


def test_bag_holds_twenty_six_tokens() -> None:
    """Design of the bonuses: the counts of the table of ultimatek.md, 26 tokens with the two Stops."""
    assert dict(zip(KINDS, COUNTS, strict=True)) == {"run": 8, "run/": 4, "fly": 5, "fly/": 5, "fly+/": 2, "stop": 2}
    assert sum(COUNTS) == 26
    assert LABELS["fly+/"] == "Fly +/"


def test_data_file_validation_refuses_broken_documents() -> None:
    """ultimatek.md ruling: the field and set-up are data, checked when loaded (shape, counts, mirror)."""
    raw = json.loads(DATA_FILE.read_text(encoding="utf-8"))
    assert load_field() == FIELD
    cases = [
        (("columns",), [6, 6, 6, 5, 6, 5, 6, 5, 6], "columns must be"),
        (("bonuses", "run"), 9, "26 bonus tokens"),
        (("setup", "red", "h3"), 2, "four pieces of strength 1"),
        (("kickoff_hex", "blue"), "c3", "strength 3"),
        (("setup", "blue", "b6"), 1, "not on the field"),
    ]
    for path, value, message in cases:
        broken = copy.deepcopy(raw)
        target = broken
        for key in path[:-1]:
            target = target[key]
        target[path[-1]] = value
        with pytest.raises(ValueError, match=message):
            parse_field(broken)
    unmirrored = copy.deepcopy(raw)
    del unmirrored["setup"]["red"]["g2"]
    unmirrored["setup"]["red"]["g6"] = 1
    with pytest.raises(ValueError, match="mirror"):
        parse_field(unmirrored)


# Set-up, kick-off and the opening draws.


def test_kickoff_is_a_fair_chance_node() -> None:
    """Set-up: the kick-off goes to blue or red at random (ultimatek.md: decided by chance)."""
    state = new_state()
    assert state.is_chance() and state.actors() == ()
    outcomes = {state.format_move(m): p for m, p in state.chance_outcomes()}
    assert outcomes == {"kickoff:blue": Fraction(1, 2), "kickoff:red": Fraction(1, 2)}


def test_disc_starts_with_the_kickoff_sides_midfield_three() -> None:
    """Set-up: the disc lies in the hex of the kick-off side's midfield piece of 3 (d3 blue, f3 red)."""
    assert started("blue").view_for(None).disc == Hex(3, 2)
    red = started("red")
    assert red.view_for(None).disc == Hex(5, 2)
    assert red.actors() == (1,)
    assert at(red, 1, "f3").strength == 3


def test_each_player_draws_three_bonuses_first() -> None:
    """Set-up: each player draws 3 bonuses and keeps them face down; the kick-off side then plays."""
    state = play(new_state(), "kickoff:red")
    for seat in (0, 0, 0, 1, 1, 1):
        assert state.is_chance()
        assert {m.seat for m, _ in state.chance_outcomes()} == {seat}
        state = state.apply(state.chance_outcomes()[0][0])
    assert state.actors() == (1,)
    assert state.view_for(None).hand_sizes == (3, 3)
    assert state.view_for(1).phase == 2 and state.view_for(1).credits == 3


def test_a_draw_takes_one_token_by_its_share_of_the_bag() -> None:
    """Bonuses are drawn from the bag: each kind with probability its count over the tokens in the bag."""
    state = play(new_state(), "kickoff:blue")
    first = {m.kind: p for m, p in state.chance_outcomes()}
    assert first == {k: Fraction(n, 26) for k, n in zip(KINDS, COUNTS, strict=True)}
    state = play(state, "draw:0:fly")
    second = {m.kind: p for m, p in state.chance_outcomes()}
    assert second["fly"] == Fraction(4, 25) and second["run"] == Fraction(8, 25)
    assert sum(second.values()) == 1


# The turn: three phases and three credits.


def test_a_turn_has_three_credits_spent_only_in_phase_two() -> None:
    """Phases: three action credits a turn; only phase 2 uses them (reveal and place cost nothing)."""
    state = pos("e3:1+run,c3:1", act="blue", phase=1, blue_hand="fly")
    assert state.cost(state.parse_move("reveal e3")) == 0
    state = play(state, "reveal e3")
    assert state.view_for(0).phase == 2 and state.credits == 3
    state = play(state, "e3-e4", "c3-c4")
    assert state.credits == 1 and state.view_for(0).credits == 1
    state = play(state, "end")
    assert state.view_for(0).phase == 3
    assert state.cost(state.parse_move("place fly c4")) == 0
    state = play(state, "place fly c4")
    assert state.credits == 1


def test_phase_one_must_deal_with_every_face_down_bonus() -> None:
    """Phase 1 is compulsory: each face-down bonus is revealed (stays on top) or discarded unseen."""
    state = pos("e3:1+run,c3:1+fly/", act="blue", phase=1)
    assert legal(state) == ["discard c3", "discard e3", "reveal c3", "reveal e3"]
    with pytest.raises(IllegalMoveError) as err:
        state.parse_move("e3-e4")
    assert err.value.key == "ultimatek.wrong_phase"
    state = play(state, "reveal e3")
    assert state.view_for(1).phase == 1
    assert state.view_for(1).bonuses[-1].kind == "run" and state.view_for(1).bonuses[-1].face_up
    state = play(state, "discard c3")
    assert state.view_for(0).phase == 2
    assert state.unseen[0] == (0, 0, 0, 1, 0, 0) and sum(state.discard) == 0
    assert state.view_for(1).discard == 1
    assert [b.hex.name for b in state.view_for(1).bonuses] == ["e3"]


def test_a_phase_with_nothing_to_decide_is_skipped() -> None:
    """ultimatek.md turn: without face-down bonuses phase 1 is skipped; an empty phase 3 goes to the draw."""
    state = pos("e3:1", act="blue", phase=1, blue_hand="-")
    assert state.view_for(0).phase == 2
    state = play(state, "end")
    assert state.is_chance() and state.view_for(None).phase == 3
    assert {m.seat for m, _ in state.chance_outcomes()} == {0}


def test_phase_two_ends_by_itself_without_credits() -> None:
    """Phase 2 lasts while credits last: after three 1-credit moves the turn moves on to phase 3."""
    state = pos("e3:1,c3:1,c4:1", act="blue", blue_hand="run")
    state = play(state, "e3-e4", "c3-d3", "c4-d4")
    assert state.view_for(0).phase == 3 and state.credits == 0
    assert "end" in legal(state) and "place run d3" in legal(state)


def test_end_closes_phase_two_with_credits_left() -> None:
    """Phase 2 is optional: 'end' closes it even with credits left."""
    state = pos("e3:1", act="blue", blue_hand="run")
    state = play(state, "e3-e4", "end")
    assert state.view_for(0).phase == 3 and state.credits == 2
    assert state.view_for(0).played == ("e3-e4", "end")


def test_phases_come_in_order() -> None:
    """Phases are played in order: no placing in phase 2, no moving in phase 3."""
    state = pos("e3:1", act="blue", blue_hand="run")
    with pytest.raises(IllegalMoveError, match="phase 2"):
        state.parse_move("place run e3")
    state = play(state, "end")
    with pytest.raises(IllegalMoveError, match="phase 3"):
        state.parse_move("e3-e4")


# Occupation of the hexes.


def test_a_hex_may_hold_one_piece_of_each_side_and_the_disc() -> None:
    """Occupation: a blue and a red piece may share a hex, with the disc too."""
    state = pos("e3:1", "e3:3", disc="e3")
    assert state.piece(0, BY_NAME["e3"]) is not None and state.piece(1, BY_NAME["e3"]) is not None
    state = pos("e3:1", "e4:3")
    assert "e3-e4" in legal(state)


def test_a_hex_never_holds_two_pieces_of_one_side() -> None:
    """Occupation: two pieces of one colour never share a hex, even for a moment at the end of a move."""
    state = pos("e3:1,e4:2")
    assert "e3-e4" not in legal(state)
    with pytest.raises(IllegalMoveError) as err:
        state.parse_move("e3-e4")
    assert err.value.key == "ultimatek.own_piece"
    with pytest.raises(ValueError, match="share a hex"):
        from_text(text_of("e3:1,e3:2"))


def test_pieces_and_disc_may_use_grey_hexes() -> None:
    """Occupation: pieces and disc may stand on green and grey hexes alike."""
    state = pos("b3:1", blue_park="c1,c2,c3,c4,c5,c6,d1,d2,d4,d5", disc="b3")
    assert {"b3-a3", "b3-a4", "b3>a3", "b3>a4"} <= set(legal(state))


# Moving a piece.


def test_a_move_is_one_hex_for_one_credit() -> None:
    """Moving: once a turn, for 1 credit, a piece moves to a neighbouring hex."""
    state = pos("e3:1")
    assert [m for m in legal(state) if m.startswith("e3-")] == ["e3-d2", "e3-d3", "e3-e2", "e3-e4", "e3-f2", "e3-f3"]
    assert state.cost(state.parse_move("e3-f2")) == 1
    after = play(state, "e3-f2")
    assert after.credits == 2 and at(after, 0, "f2") and after.piece(0, BY_NAME["e3"]) is None


def test_a_piece_moves_once_a_turn_but_several_pieces_may_move() -> None:
    """Moving: a piece moves only once per turn; with enough credits several pieces move."""
    state = play(pos("e3:1,c3:1"), "e3-e4")
    assert not any(m.startswith("e4-") for m in legal(state))
    with pytest.raises(IllegalMoveError) as err:
        state.parse_move("e4-e5")
    assert err.value.key == "ultimatek.moved_twice"
    state = play(state, "c3-c4")
    assert state.credits == 1
    assert state.view_for(1).pieces_in(Hex(4, 3))[0].moved


def test_the_disc_does_not_move_with_a_piece() -> None:
    """ultimatek.md: the disc never travels with a piece; a piece leaving the disc's hex leaves it there."""
    state = play(pos("e3:1", disc="e3"), "e3-e4")
    assert state.disc == BY_NAME["e3"]
    assert not any(">" in m for m in legal(state))


def test_run_plus_moves_two_hexes_straight() -> None:
    """Run + bonus: an activated Run + lets the piece move 2 hexes in a straight line; then it is discarded."""
    state = pos("e3:1*run")
    runs = sorted(m for m in legal(state) if m.endswith(" run"))
    assert runs == ["e3-c2 run", "e3-c4 run", "e3-e1 run", "e3-e5 run", "e3-g2 run", "e3-g4 run"]
    after = play(state, "e3-e5 run")
    assert at(after, 0, "e5").bonus == "" and after.discard == (1, 0, 0, 0, 0, 0)
    assert after.credits == 2


def test_run_bonus_is_optional_and_stays_unused() -> None:
    """Run bonus: activation is a choice; a plain 1-hex move keeps the face-up bonus on the piece."""
    after = play(pos("e3:1*run"), "e3-e4")
    assert at(after, 0, "e4").bonus == "run"


def test_run_plus_slash_may_turn_once() -> None:
    """Run +/ bonus: the piece may move 2 hexes with one 60° turn of its choice."""
    state = pos("e3:1*run/")
    runs = sorted(m.split("-")[1].split()[0] for m in legal(state) if m.endswith(" run/"))
    assert runs == ["c2", "c3", "c4", "d1", "d4", "e1", "e5", "f1", "f4", "g2", "g3", "g4"]


def test_a_move_may_pass_through_occupied_hexes() -> None:
    """ultimatek.md: a move may pass through occupied hexes; only where it ends must be free of a friend."""
    state = pos("e3:1*run,e4:2", "e5:3")
    assert "e3-e5 run" in legal(state)
    assert "e3-e5 run" in legal(pos("e3:1*run,e4:2", "e4:3"))


def test_a_face_down_bonus_cannot_be_activated() -> None:
    """Bonus rules: only a revealed bonus is activated (a face-down one waits for phase 1)."""
    state = pos("e3:1+run", phase=1)
    state = play(state, "discard e3")
    assert not any(m.endswith("run") for m in legal(state))
    with pytest.raises(IllegalMoveError) as err:
        state.parse_move("e3-e5 run")
    assert err.value.key == "ultimatek.no_bonus"


# Throwing the disc.


def test_a_throw_flies_one_or_two_hexes_straight() -> None:
    """Throw: for 1 credit, the piece in the disc's hex throws it 1 or 2 hexes in a straight line."""
    state = pos("e3:2", disc="e3")
    throws = sorted(m for m in legal(state) if ">" in m)
    assert throws == sorted(
        ["e3>e2", "e3>e1", "e3>f2", "e3>g2", "e3>f3", "e3>g4", "e3>e4", "e3>e5", "e3>d3", "e3>c4", "e3>d2", "e3>c2"]
    )
    after = play(state, "e3>g4")
    assert after.disc == BY_NAME["g4"] and after.credits == 2
    assert after.view_for(None).pieces_in(Hex(4, 2))[0].threw


def test_only_the_piece_with_the_disc_throws() -> None:
    """Throw: a piece can only throw the disc lying in its own hex; that is the only way to move the disc."""
    state = pos("e3:2,e4:1", disc="e3")
    assert not any(m.startswith("e4>") for m in legal(state))
    with pytest.raises(IllegalMoveError) as err:
        state.parse_move("e4>e6")
    assert err.value.key == "ultimatek.no_disc"


def test_each_piece_throws_once_but_several_may_throw() -> None:
    """Throw: once per turn for a piece; with credits left, other pieces throw the disc on."""
    state = pos("e3:2,e5:1", disc="e3")
    state = play(state, "e3>e5")
    assert any(m.startswith("e5>") for m in legal(state))
    state = play(state, "e5>e3")
    assert state.disc == BY_NAME["e3"]
    assert not any(">" in m for m in legal(state))
    with pytest.raises(IllegalMoveError) as err:
        state.parse_move("e3>e1")
    assert err.value.key == "ultimatek.threw_twice"


def test_a_throw_never_leaves_the_field() -> None:
    """ultimatek.md: the disc lands on a field hex; a flight running off the field is not a throw."""
    state = pos("a1:2", disc="a1", blue_park="c1,c2,c3,c4,c5,c6,d1,d2,d4,d5")
    assert sorted(m for m in legal(state) if ">" in m) == ["a1>a2", "a1>a3", "a1>b1", "a1>c2"]


def test_possession_costs_the_missing_strength() -> None:
    """Possession: weaker than the opponent piece in its hex, the thrower pays 1 credit per missing point."""
    assert pos("e3:1", "e3:3", disc="e3").cost(pos("e3:1", "e3:3", disc="e3").parse_move("e3>e1")) == 3
    state = pos("e3:2", "e3:3", disc="e3")
    assert state.cost(state.parse_move("e3>e1")) == 2
    state = pos("e3:3", "e3:3", disc="e3")
    assert state.cost(state.parse_move("e3>e1")) == 1
    after = play(pos("e3:1", "e3:3", disc="e3"), "e3>e1")
    assert after.credits == 0


def test_clearing_costs_the_missing_strength_in_the_first_hex() -> None:
    """Clearing the path: the thrower pays 1 credit per point it lacks against an opponent in the first hex."""
    state = pos("e3:1", "e2:2", disc="e3")
    assert state.cost(state.parse_move("e3>e1")) == 2
    assert state.cost(state.parse_move("e3>f2")) == 1
    state = pos("e3:2", "e2:2", disc="e3")
    assert state.cost(state.parse_move("e3>e1")) == 1


def test_clearing_applies_when_the_disc_lands_in_the_first_hex() -> None:
    """ultimatek.md: the clearing check is made on the first hex even when the disc lands there."""
    state = pos("e3:1", "e2:3", disc="e3")
    assert state.cost(state.parse_move("e3>e2")) == 3


def test_the_disc_flies_over_anything_past_the_first_hex() -> None:
    """ultimatek.md: beyond the first hex the disc flies over pieces; landing by a stronger piece is free."""
    state = pos("e3:1", "e1:3", disc="e3")
    assert state.cost(state.parse_move("e3>e1")) == 1


def test_three_credit_throw_example() -> None:
    """Example of the rules: 1 credit to throw, 1 for possession and 1 for clearing make 3 credits."""
    state = pos("e3:2", "e3:3,e4:3", disc="e3")
    move = state.parse_move("e3>e5")
    assert state.cost(move) == 3
    after = play(state, "e3>e5")
    assert after.credits == 0 and after.disc == BY_NAME["e5"]


def test_a_throw_costing_more_than_the_credits_left_is_not_allowed() -> None:
    """ultimatek.md: costs add up, at most the 3 credits of the turn; a dearer throw is impossible."""
    state = pos("e3:1", "e3:3,e4:3", disc="e3")
    assert "e3>e5" not in legal(state) and "e3>e4" not in legal(state)
    with pytest.raises(IllegalMoveError) as err:
        state.parse_move("e3>e5")
    assert err.value.key == "ultimatek.too_costly" and err.value.params["cost"] == 5
    assert "e3>e1" in legal(state)
    state = play(pos("e3:2,c3:1,c5:1", "e3:3", disc="e3"), "c3-c4", "c5-c6")
    assert state.credits == 1 and not any(">" in m for m in legal(state))


def test_fly_plus_flies_three_hexes_straight() -> None:
    """Fly + bonus: an activated Fly + lets the disc fly 3 hexes in a straight line; then it is discarded."""
    state = pos("e3:2*fly", disc="e3")
    flies = sorted(m for m in legal(state) if m.endswith(" fly"))
    assert flies == ["e3>b1 fly", "e3>b4 fly", "e3>e6 fly", "e3>h1 fly", "e3>h4 fly"]
    after = play(state, "e3>e6 fly")
    assert after.disc == BY_NAME["e6"] and at(after, 0, "e3").bonus == ""
    assert after.discard == (0, 0, 1, 0, 0, 0)


def test_fly_slash_flies_two_hexes_with_one_turn() -> None:
    """Fly / bonus: the disc may fly 2 hexes with one 60° turn of the thrower's choice."""
    state = pos("e3:2*fly/", disc="e3")
    ends = sorted({m.split()[0].split(">")[-1] for m in legal(state) if m.endswith(" fly/")})
    assert ends == ["c3", "d1", "d4", "f1", "f4", "g3"]
    assert "e3>e4>f4 fly/" in legal(state) and "e3>f3>f4 fly/" in legal(state)


def test_fly_plus_slash_flies_three_hexes_with_one_turn() -> None:
    """Fly +/ bonus: the disc may fly 3 hexes with one 60° turn (and, as ruled, anything Fly + and Fly / do)."""
    state = pos("e3:2*fly+/", disc="e3")
    moves = set(legal(state))
    assert {"e3>e4>f5 fly+/", "e3>e6 fly+/", "e3>e4>f4 fly+/"} <= moves
    assert "e3>e5 fly+/" not in moves  # the basic rule already reaches e5: no token is spent on it


def test_a_bent_flight_can_avoid_the_clearing_cost() -> None:
    """Example of the rules: a bent flight from a Fly bonus can dodge the clearing cost of the straight path."""
    state = pos("e3:1*fly/", "e4:3", disc="e3")
    assert state.cost(state.parse_move("e3>e4>f4 fly/")) == 3
    assert state.cost(state.parse_move("e3>f3>f4 fly/")) == 1
    assert state.format_move(state.parse_move("e3>f4 fly/")) == "e3>f3>f4 fly/"


# The Stop bonus.


def test_a_revealed_stop_blocks_the_opponent_piece_in_its_hex() -> None:
    """Stop rule, phase 1: a revealed Stop goes at once onto the opponent piece in its hex, whose bonus is
    discarded, and blocks it."""
    state = pos("e3:2+stop", "e3:3*fly", phase=1, disc="c3")
    state = play(state, "reveal e3")
    red = at(state, 1, "e3")
    assert red.blocked and not at(state, 0, "e3").bonus
    assert state.discard == (0, 0, 1, 0, 0, 0)
    view = state.view_for(None)
    assert [(s.hex.name, s.owner) for s in view.stops] == [("e3", 0)]
    assert [p.blocked for p in view.pieces_in(Hex(4, 2)) if p.side == 1] == [True]


def test_a_stop_discards_a_face_down_bonus_unseen() -> None:
    """Stop rule: the blocked piece's own bonus is discarded; a face-down one stays unseen by the revealer."""
    state = play(pos("e3:2+stop", "e3:3+run/", phase=1, disc="c3"), "reveal e3")
    assert state.unseen[1] == (0, 1, 0, 0, 0, 0) and sum(state.discard) == 0


def test_a_stop_without_an_opponent_is_discarded() -> None:
    """ultimatek.md: a revealed Stop with no opponent piece in its hex is discarded."""
    state = play(pos("e3:2+stop", phase=1), "reveal e3")
    assert state.discard == (0, 0, 0, 0, 0, 1) and not state.view_for(None).stops


def test_a_blocked_piece_neither_moves_nor_throws() -> None:
    """Stop rule, phase 2: a piece under a Stop is inactive: no throw, no move."""
    state = pos("c3:1", "e3:3!", act="red", disc="e3", red_park="i1,i2,i3,i4,i5,i6,h1,h2,h3,h4")
    assert not any(m.startswith("e3") for m in legal(state))
    with pytest.raises(IllegalMoveError) as err:
        state.parse_move("e3-e4")
    assert err.value.key == "ultimatek.blocked"


def test_a_blocked_piece_has_strength_zero() -> None:
    """Stop rule, phase 2: a blocked piece counts as strength 0 for possession and clearing."""
    state = pos("e3:1", "e3:3!,e2:3!", disc="e3")
    assert state.cost(state.parse_move("e3>e1")) == 1


def test_a_stop_lasts_until_the_end_of_the_blocked_sides_next_turn() -> None:
    """Stop rule, phase 3: active Stops are discarded, at the end of the blocked side's next turn."""
    state = pos("e3:2+stop", "e3:3", phase=1, disc="c3", blue_hand="run,fly,fly", red_hand="run,run,run")
    state = play(state, "reveal e3", "end", "end")
    assert state.actors() == (1,) and at(state, 1, "e3").blocked
    state = play(state, "end", "end")
    assert state.actors() == (0,)
    assert not at(state, 1, "e3").bonus
    assert state.discard == (0, 0, 0, 0, 0, 1)


def test_a_blocked_piece_takes_no_new_bonus() -> None:
    """Stop rule (ruling): the Stop sits on top of the blocked piece, so its side cannot place a bonus there."""
    state = pos("c3:1", "e3:3!", act="red", phase=3, red_hand="run")
    assert "place run e3" not in legal(state) and "place run i1" in legal(state)


def test_stops_count_among_the_three_bonuses_on_the_field() -> None:
    """Phase 3 limit (ruling): a side's Stop lying on an opponent piece counts among its 3 bonuses on the field."""
    state = pos("c3:1*run,c4:1*fly", "e3:3!", phase=3, blue_hand="run")
    assert not any(m.startswith("place") for m in legal(state))
    state = pos("c3:1*run,c4:1*fly", "e3:3", phase=3, blue_hand="run")
    assert "place run a1" in legal(state)


# Phase 3: placing and drawing bonuses.


def test_bonuses_are_placed_face_down_one_per_piece() -> None:
    """Phase 3: bonuses from the hand go face down on one's pieces, one per piece."""
    state = pos("e3:1,c3:1", phase=3, blue_hand="run,fly,stop")
    state = play(state, "place fly e3")
    assert at(state, 0, "e3").bonus == "fly" and not at(state, 0, "e3").face_up
    assert not any(m.endswith(" e3") and m.startswith("place") for m in legal(state))
    assert state.view_for(1).bonuses[-1].kind is None
    assert state.view_for(0).hand == ("run", "stop")


def test_at_most_three_bonuses_on_the_field() -> None:
    """Phase 3: no more than 3 of a side's bonuses on the field."""
    state = pos("e3:1,c3:1,c4:1,c5:1", phase=3, blue_hand="run,fly,stop")
    state = play(state, "place fly e3", "place run c3", "place stop c4")
    assert state.is_chance()  # nothing left to decide: the draw back up to 3 follows
    state = pos("e3:1*run,c3:1*fly,c4:1*run,c5:1", phase=3, blue_hand="run")
    assert not any(m.startswith("place") for m in legal(state))


def test_placed_bonuses_may_be_discarded_in_phase_three() -> None:
    """Phase 3: a side may discard bonuses already placed (face up), freeing room on the field."""
    state = pos("e3:1*run,c3:1*fly,c4:1*run", phase=3, blue_hand="stop")
    assert not any(m.startswith("place") for m in legal(state))
    state = play(state, "discard e3")
    assert state.discard == (1, 0, 0, 0, 0, 0)
    assert "place stop e3" in legal(state)
    state = play(state, "place stop e3")
    assert "discard e3" not in legal(state)  # a bonus placed in this phase stays


def test_phase_three_ends_by_drawing_back_up_to_three() -> None:
    """Phase 3 ends with drawing bonuses until the hand holds 3; then the turn passes."""
    state = pos("e3:1", phase=3, blue_hand="run,fly,stop")
    state = play(state, "place fly e3", "end")
    assert state.is_chance() and state.view_for(None).hand_sizes[0] == 2
    state = play(state, "draw:0:fly/")
    assert state.actors() == (1,) and state.view_for(0).hand == ("run", "fly/", "stop")


def test_an_empty_bag_is_refilled_from_the_discard() -> None:
    """Material: used bonuses go to the discard bag, which refills the draw bag (unseen discards too)."""
    state = pos(
        act="blue",
        phase=4,
        blue_hand="-",
        red_hand="run,run,run",
        bag="0.0.0.0.0.0",
        discard="4.4.5.5.2.2",
        blue_unseen="1.0.0.0.0.0",
    )
    assert state.is_chance()
    assert state.bag == (5, 4, 5, 5, 2, 2) and sum(state.discard) == 0 and state.unseen == ((0,) * 6, (0,) * 6)


# Scoring, the reset after a point, the end.

SCORING_BLUE = "c1,c2,c3,c4,c5,c6,d1,d2,d4,d5"
SCORING_RED = "a1,a2,a3,a4,a5,a6,b1,b2,b4,b5"


def scoring(blue: str, red: str = "", **fields: object) -> State:
    """A position for blue to score: blue's spare pieces in columns c and d, red's in columns a and b."""
    fields.setdefault("disc", "g3")
    return pos(blue, red, SCORING_BLUE, SCORING_RED, **fields)


def test_receiving_the_disc_in_the_opponents_grey_zone_scores() -> None:
    """Goal: blue scores a point when a blue piece in red's grey zone (column i) receives the disc."""
    state = scoring("g3:2,i4:1,c1:1*run", "a1:1+fly", blue_hand="run,fly", red_hand="stop")
    state = play(state, "g3>i4")
    assert state.score == (1, 0) and state.outcome() is None
    assert state.view_for(None).score == (1, 0) and state.view_for(None).turns == 1


def test_after_a_point_the_field_is_reset_and_the_conceding_side_kicks_off() -> None:
    """After a point: pieces back to the set-up, placed bonuses discarded, hands kept, the side scored on
    kicks off; the scorer does not play phase 3."""
    state = scoring("g3:2,i4:1,c1:1*run", "a1:1+fly", blue_hand="run,fly", red_hand="stop")
    state = play(state, "g3>i4")
    assert state.actors() == (1,) and state.kickoff == 1 and state.disc == BY_NAME["f3"]
    assert state.pieces == started().pieces
    assert state.view_for(0).hand == ("run", "fly") and state.view_for(1).hand == ("stop",)
    assert state.discard == (1, 0, 0, 0, 0, 0) and state.unseen[1] == (0, 0, 1, 0, 0, 0)
    assert state.credits == 3 and state.view_for(1).phase == 2 and state.view_for(1).played == ()


def test_scoring_needs_possession_in_the_goal_hex() -> None:
    """Precision of the rules: the receiver must take possession: pay the missing strength at once, or no point."""
    state = scoring("g3:2,i4:1", "i4:2")
    assert state.cost(state.parse_move("g3>i4")) == 2
    assert play(state, "g3>i4").score == (1, 0)
    short = play(scoring("g3:2,i4:1,c1:1,c2:1", "i4:2"), "c1-b1", "c2-b2")
    assert short.credits == 1 and short.cost(short.parse_move("g3>i4")) == 1
    after = play(short, "g3>i4")
    assert after.score == (0, 0) and after.disc == BY_NAME["i4"]


def test_no_point_without_a_receiver() -> None:
    """Goal: the disc must be received by a piece of the scorer; landing on an empty goal hex scores nothing."""
    after = play(scoring("g3:2"), "g3>i4")
    assert after.score == (0, 0) and after.disc == BY_NAME["i4"]


def test_no_point_in_ones_own_grey_zone() -> None:
    """Goal: only the opponent's grey zone counts (blue receiving in column a scores nothing)."""
    state = pos("c3:2,a4:1", blue_park="c1,c2,c4,c5,c6,d1,d2,d4,d5,e1", disc="c3")
    assert play(state, "c3>a4").score == (0, 0)


def test_walking_onto_the_disc_does_not_score() -> None:
    """Goal: the piece must receive the disc; moving onto it in the grey zone is no point."""
    state = scoring("h4:1", disc="i4")
    after = play(state, "h4-i4")
    assert after.score == (0, 0)


def test_a_blocked_piece_cannot_score() -> None:
    """Ruling: a piece under a Stop is inactive, so it cannot take the disc for a point."""
    after = play(scoring("g3:2,i4:1!"), "g3>i4")
    assert after.score == (0, 0)


def test_red_scores_in_column_a() -> None:
    """Goal: the same holds for red, who scores in blue's grey zone on the left."""
    state = pos(
        "",
        "c3:2,a4:1",
        act="red",
        disc="c3",
        blue_park="i1,i2,i3,i4,i5,i6,h1,h2,h3,h4",
        red_park="e1,e2,e4,e5,e6,f1,f2,f4,f5,g1",
    )
    after = play(state, "c3>a4")
    assert after.score == (0, 1) and after.actors() == (0,) and after.disc == BY_NAME["d3"]


def test_first_to_two_points_wins() -> None:
    """Goal: the first player to score 2 points wins the match."""
    after = play(scoring("g3:2,i4:1", score="1-0"), "g3>i4")
    outcome = after.outcome()
    assert outcome is not None and outcome.winners == (0,) and outcome.scores == (2, 0)
    assert outcome.termination is Termination.NORMAL
    assert after.actors() == () and after.legal_moves() == () and not after.is_chance()


def test_the_turn_cap_ends_the_match_on_the_scores() -> None:
    """ultimatek.md: at the optional turn cap the higher score wins and equal scores draw."""
    ahead = play(pos("e3:1", cap=10, turns=9, score="1-0", blue_hand="run,fly,stop"), "end", "end")
    assert ahead.outcome() is not None and ahead.outcome().winners == (0,)  # type: ignore[union-attr]
    level = play(pos("e3:1", cap=10, turns=9, score="1-1", blue_hand="run,fly,stop"), "end", "end")
    assert level.outcome() is not None and level.outcome().is_draw  # type: ignore[union-attr]
    going = play(pos("e3:1", cap=10, turns=8, score="1-1", blue_hand="run,fly,stop"), "end", "end")
    assert going.outcome() is None and going.turns == 9


def test_new_match_options() -> None:
    """ultimatek.md: the cap is an option of the match (turns of both sides together)."""
    from games.ultimatek import INFO

    assert INFO.validate_options({}) == {"cap": "60"}
    state = INFO.new(2, {"cap": "30"})
    assert isinstance(state, State) and state.cap == 30
    view = state.view_for(None)
    assert isinstance(view, View) and view.cap == 30 and view.turns == 0


def test_rules_help_says_a_blocked_piece_cannot_score() -> None:
    """ultimatek.md ruling: a piece blocked by a Stop is not active, so it cannot receive the disc for a
    point; ``/game rules`` says so in both languages."""
    root = Path(__file__).resolve().parents[2] / "bot" / "app" / "locales"
    english = json.loads((root / "en.json").read_text(encoding="utf-8"))["rules.ultimatek.text"]
    french = json.loads((root / "fr.json").read_text(encoding="utf-8"))["rules.ultimatek.text"]
    assert "A piece blocked by a Stop cannot receive the disc for a point" in english
    assert "Une pièce bloquée par un Stop ne peut pas non plus recevoir le disque pour marquer" in french
