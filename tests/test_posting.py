"""The messaging policy without Discord: one post and one ping per turn, questions apart, quiet DMs."""

from __future__ import annotations

from dataclasses import dataclass, replace

from bot.app.posting import (
    DMStep,
    PrivateDM,
    Question,
    QuestionStep,
    Situation,
    TurnPost,
    plan,
    private_digest,
)

ALICE, BOB, CAROL = 101, 202, 303
TWO = (ALICE, BOB)


def after(previous: Situation, **changes: object) -> Situation:
    """The situation after a change, remembering what the plan of ``previous`` posted (as message 1, 2...)."""
    done = plan(previous)
    number = done.turn.message_id or ((previous.turn.message_id or 0) + 1 if previous.turn else 1)
    question = previous.question
    for step in done.questions:
        question = None if step.action == "settle" else Question(900 + number, step.seats)
    dms = dict(previous.dms)
    for dm in done.dms:
        dms[dm.user_id] = PrivateDM(5, (dm.message_id or 0) + 1 if dm.action == "new" else dm.message_id, dm.digest)
    kept = replace(done.turn, message_id=number)
    fields: dict[str, object] = {"movers": (), "repost": False, **changes}
    return replace(previous, turn=kept, question=question, dms=dms, **fields)  # type: ignore[arg-type]


def test_the_first_post_pings_the_player_to_act() -> None:
    first = plan(Situation(seats=TWO, active=True, actors=(0,)))
    assert first.post == "new" and first.ping == (ALICE,) and first.turn.number == 1 and first.retire is None


def test_the_same_seat_acting_again_edits_the_post_without_a_ping() -> None:
    start = Situation(seats=TWO, active=True, actors=(0,))
    second = after(start, movers=(0,))
    again = plan(second)
    assert again.post == "edit" and again.ping == () and again.turn.number == 1
    assert again.turn.message_id == second.turn.message_id if second.turn else False


def test_a_turn_change_is_one_new_post_one_ping_and_retires_the_old_post() -> None:
    start = Situation(seats=TWO, active=True, actors=(0,))
    bobs = after(start, actors=(1,), movers=(0,))
    step = plan(bobs)
    assert step.post == "new" and step.ping == (BOB,) and step.turn.number == 2
    assert bobs.turn is not None and step.retire == bobs.turn.message_id


def test_three_actions_of_one_turn_make_one_post_and_one_ping() -> None:
    s = Situation(seats=TWO, active=True, actors=(0,))
    posts = pings = 0
    for actors in [(0,), (0,), (1,), None]:
        p = plan(s)
        posts += p.post == "new"
        pings += len(p.ping)
        if actors is not None:
            s = after(s, actors=actors, movers=s.actors)
    assert posts == 2 and pings == 2, "Alice's turn, then Bob's"


def test_notify_settings_filter_the_pings() -> None:
    s = Situation(seats=TWO, active=True, actors=(1,), pings={BOB: "off"})
    assert plan(s).ping == ()
    s = Situation(seats=TWO, active=True, actors=(1,), pings={BOB: "turn"})
    assert plan(s).ping == (BOB,)


def test_a_repost_is_new_but_pings_nobody_and_keeps_the_turn_number() -> None:
    start = Situation(seats=TWO, active=True, actors=(0,))
    again = plan(replace(after(start), repost=True))
    assert again.post == "new" and again.ping == () and again.turn.number == 1 and again.retire is not None


def test_both_seats_acting_at_once_are_one_turn() -> None:
    setup = Situation(seats=TWO, active=True, actors=(0, 1))
    first = plan(setup)
    assert first.ping == (ALICE, BOB)
    # Alice is done, Bob still sets up: the same turn (one post, one number), Bob not pinged twice.
    one_left = plan(after(setup, actors=(1,), movers=(0,)))
    assert one_left.post == "edit" and one_left.ping == () and one_left.turn.number == first.turn.number
    assert one_left.turn.key == (1,)
    # Then White's first move is a new turn.
    play = plan(after(after(setup, actors=(1,), movers=(0,)), actors=(0,), movers=(1,)))
    assert play.post == "new" and play.ping == (ALICE,)


def test_an_out_of_turn_defence_pings_only_the_defender_and_keeps_the_turn_post() -> None:
    three = (ALICE, BOB, CAROL)
    attacker = Situation(seats=three, active=True, actors=(0,), on_turn=0)
    defends = after(attacker, actors=(2,), on_turn=0, movers=(0,))
    step = plan(defends)
    assert step.post == "edit" and step.ping == ()
    assert step.questions == (QuestionStep("ask", (2,), ping=(CAROL,)),)
    answered = after(defends, actors=(0,), on_turn=0, movers=(2,))
    assert answered.question is not None
    back = plan(answered)
    assert back.post == "edit" and back.ping == ()
    assert back.questions == (QuestionStep("settle", (2,), message_id=answered.question.message_id),)


def test_the_end_pings_every_player_once_except_the_muted() -> None:
    s = Situation(seats=(ALICE, BOB, CAROL), active=True, actors=(0,), pings={CAROL: "off", BOB: "turn"})
    end = plan(after(s, active=False, actors=()))
    assert end.post == "new" and end.finished and end.ping == (ALICE, BOB)
    assert end.retire is not None


def test_the_end_of_a_live_event_game_pings_nobody() -> None:
    s = Situation(seats=TWO, active=True, actors=(0,), live=True)
    end = plan(after(s, active=False, actors=(), quiet_end=True))
    assert end.post == "new" and end.finished and end.ping == ()


def test_private_views_one_dm_edited_and_new_only_on_news() -> None:
    s = Situation(seats=TWO, active=True, actors=(0,), hidden_info=True, digests={ALICE: "a", BOB: "b"})
    first = plan(s)
    assert {(d.user_id, d.action) for d in first.dms} == {(ALICE, "new"), (BOB, "new")}
    # Alice acts within her turn and her own hand changes: nothing yet (she knows, and plays on the post).
    mid = after(s, movers=(0,), digests={ALICE: "a2", BOB: "b"})
    assert plan(mid).dms == ()
    # Her turn ends: both DMs are redrawn in place, Bob's as his turn starts (the post's ping tells him, once),
    # Alice's to show the turn the channel now tells of (issue 37: never an older turn than the public board).
    bobs = after(mid, actors=(1,), movers=(0,), digests={ALICE: "a2", BOB: "b"})
    assert [(d.user_id, d.action) for d in plan(bobs).dms] == [(ALICE, "edit"), (BOB, "edit")]
    # The opponent's move starts Alice's turn: her DM catches up, silently, with her own changes too.
    alices = after(bobs, actors=(0,), movers=(1,), digests={ALICE: "a2", BOB: "b"})
    assert plan(alices).dms == (
        DMStep(ALICE, "edit", alices.dms[ALICE].message_id, "a2"),
        DMStep(BOB, "edit", alices.dms[BOB].message_id, "b"),
    )
    # Bob's move within his turn changes nothing Alice holds privately: nothing for her.
    within = after(replace(bobs, dms={**bobs.dms, ALICE: PrivateDM(5, 2, "a2")}), movers=(1,))
    assert [d for d in plan(within).dms if d.user_id == ALICE] == []
    # Something Bob did changes what Alice privately holds: news for her.
    news = replace(within, digests={ALICE: "a3", BOB: "b"}, before={ALICE: "a2", BOB: "b"}, movers=(1,))
    assert DMStep(ALICE, "new", within.dms[ALICE].message_id, "a3") in plan(news).dms


def test_dms_follow_the_notify_setting_and_skip_closed_dms() -> None:
    s = Situation(
        seats=TWO,
        active=True,
        actors=(1,),
        hidden_info=True,
        digests={ALICE: "a", BOB: "b"},
        pings={ALICE: "off"},
        unreachable=frozenset({BOB}),
    )
    assert plan(s).dms == ()
    quiet = replace(s, dms={ALICE: PrivateDM(5, 7, "a")}, turn=TurnPost(1, (1,), 1))
    news = replace(quiet, digests={ALICE: "z", BOB: "b"}, before={ALICE: "a"})
    assert plan(news).dms == (DMStep(ALICE, "edit", 7, "z"),), "muted: edited silently, never a new DM"


def test_games_without_hidden_information_send_no_dm() -> None:
    assert plan(Situation(seats=TWO, active=True, actors=(0,), digests={ALICE: "a"})).dms == ()


def test_a_click_on_the_turn_post_is_answered_by_its_edit() -> None:
    post = TurnPost(41, (0,), 1)
    s = Situation(seats=TWO, active=True, actors=(0,), turn=post, via="click", clicked=41)
    assert plan(s).post == "edit" and plan(s).answer == "edit"
    elsewhere = replace(s, clicked=77)
    assert plan(elsewhere).answer == "ack", "a click on another message: acknowledged privately"
    assert plan(replace(s, via="none")).answer == "none"


def test_a_click_that_ends_the_turn_is_answered_by_retiring_the_post_it_was_on() -> None:
    s = Situation(seats=TWO, active=True, actors=(1,), turn=TurnPost(41, (0,), 1), via="click", clicked=41)
    step = plan(s)
    assert step.post == "new" and step.retire == 41 and step.answer == "retire"
    end = plan(replace(s, active=False, actors=()))
    assert end.finished and end.answer == "retire"


def test_a_command_that_starts_a_turn_is_answered_by_the_new_post() -> None:
    s = Situation(seats=TWO, active=True, actors=(1,), turn=TurnPost(41, (0,), 1), via="command")
    step = plan(s)
    assert step.post == "new" and step.ping == (BOB,) and step.answer == "post"
    within = replace(s, actors=(0,))
    assert plan(within).post == "edit" and plan(within).answer == "ack", "an edit: acknowledged with a link"
    assert plan(replace(s, via="private")).answer == "ack", "a secret is never answered in public"
    assert plan(replace(s, repost=True, via="command")).answer == "ack"


def test_a_click_on_the_question_is_answered_by_settling_it() -> None:
    three = (ALICE, BOB, CAROL)
    s = Situation(
        seats=three,
        active=True,
        actors=(0,),
        on_turn=0,
        turn=TurnPost(41, (0,), 1),
        question=Question(55, (2,)),
        via="click",
        clicked=55,
    )
    assert plan(s).answer == "settle"


def test_the_status_card_is_edited_only_when_what_it_shows_changes() -> None:
    s = Situation(seats=TWO, active=True, actors=(1,), turn=TurnPost(41, (0,), 1), sheet="players")
    assert plan(s).status == "edit", "never posted: posted now"
    shown = replace(s, sheet_shown="players")
    assert plan(shown).status == "keep", "a new turn is the turn post's news, not the card's"
    assert plan(replace(shown, actors=(0,))).status == "keep"
    assert plan(replace(shown, sheet="players, the AI in seat 2")).status == "edit", "a seat changed hands"
    assert plan(replace(shown, active=False, actors=(), sheet="the result")).status == "edit", "the end"


@dataclass(frozen=True)
class View:
    viewer: int | None
    board: tuple[str, ...]
    hidden: tuple[str, ...]


def test_the_private_digest_ignores_the_public_board() -> None:
    mine = View(0, ("a1",), ("bonus at a1", "?"))
    public = View(None, ("a1",), ("?", "?"))
    moved = private_digest(View(0, ("b2",), ("bonus at a1", "?")), View(None, ("b2",), ("?", "?")))
    assert private_digest(mine, public) == moved
    assert private_digest(mine, public) != private_digest(View(0, ("a1",), ("bonus at b2", "?")), public)


def test_a_member_who_takes_over_the_acting_seat_gets_a_new_post_and_the_ping() -> None:
    erin = 505
    three = (ALICE, BOB, CAROL)
    start = Situation(
        seats=three, active=True, actors=(1,), hidden_info=True, digests={ALICE: "a", BOB: "b", CAROL: "c"}
    )
    # The AI plays Bob's seat now; a member takes it over while it must act: same turn, a new post pinging her.
    held = after(start)
    handed = plan(
        replace(held, seats=(ALICE, erin, CAROL), handed_over=(1,), digests={ALICE: "a", erin: "b", CAROL: "c"})
    )
    assert handed.post == "new" and handed.ping == (erin,) and handed.turn.number == held.turn.number  # type: ignore[union-attr]
    assert [(dm.user_id, dm.action) for dm in handed.dms] == [(erin, "new")], "her private view reaches her"
    # Taking over a seat that does not act now pings nobody for it: the turn goes on as usual.
    quiet = plan(replace(held, seats=(ALICE, erin, CAROL), actors=(0,), handed_over=(1,)))
    assert quiet.ping == (ALICE,)


def test_the_line_in_the_parent_channel_is_edited_once_when_the_match_ends() -> None:
    s = Situation(seats=TWO, active=True, actors=(0,), turn=TurnPost(41, (0,), 1), parent=77)
    assert plan(s).parent is None, "a turn is no news for the parent channel"
    over = replace(s, active=False, actors=())
    assert plan(over).parent == 77, "the end: the line says the match is over"
    assert plan(replace(over, parent=None)).parent is None, "edited already (or never posted): left alone"
    assert plan(replace(over, repost=True)).parent is None, "a repost of the last board changes nothing"


def test_every_private_view_is_redrawn_with_every_turn_the_channel_tells() -> None:
    """Issue 37, fault 17: a player's private view follows the public board turn by turn (a DM edited in place,
    silently), whoever's turn it is; a new DM, which notifies, stays for news only."""
    s = Situation(seats=TWO, active=True, actors=(0,), hidden_info=True, digests={ALICE: "a", BOB: "b"})
    s = after(s, movers=(0,))
    for turn in range(2, 8):
        s = after(s, actors=(turn % 2 ^ 1,), movers=(turn % 2,))
        steps = plan(s)
        assert steps.turn.number == turn
        assert sorted((d.user_id, d.action) for d in steps.dms) == [(ALICE, "edit"), (BOB, "edit")], turn
    within = after(s, movers=s.actors)
    assert plan(within).dms == (), "a move within the turn: the turn post is edited, the DMs wait for the next turn"
