"""The desk and the pings decided without Discord (bot/app/desk): the order of a desk, its words and limits, when
the DM is sent or edited, the coalescing queue, the shard that edits desks, cadences, digests and the last one."""

from __future__ import annotations

import itertools
import random
from datetime import UTC, datetime, timedelta

import pytest

from bot.app.desk.nudges import last_one
from bot.app.desk.pings import (
    MIN_GAP,
    PingPrefs,
    PingPrefsError,
    check_cadence,
    check_route,
    digest_due,
    due_step,
    earliest_step,
    ping_prefs,
    reminder_steps,
    superseded_names,
)
from bot.app.desk.planner import DeskEntry, KeptDesk, desk_message, desk_step, plan_desk
from bot.app.desk.queue import DeskQueue
from bot.app.desk.shards import desk_shard, edits_desks
from bot.app.posting import Situation, TurnPost, plan
from games import find_game

T0 = datetime(2026, 11, 2, 12, 0, tzinfo=UTC)
H = timedelta(hours=1)


def entry(match_id: int, kind: str = "turn", **fields: object) -> DeskEntry:
    fields.setdefault("since", T0)
    return DeskEntry(match_id, kind, "Ur", "Club", f"https://x/{match_id}", **fields)  # type: ignore[arg-type]


def test_your_turns_come_first_by_urgency_then_those_waiting_longest_then_lobbies() -> None:
    desk = plan_desk(
        [
            entry(1, "waiting", since=T0 - 2 * H),
            entry(2, deadline=T0 + 30 * H),
            entry(3, "lobby"),
            entry(4, deadline=T0 + 5 * H),
            entry(5),  # no deadline: after those with one
            entry(6, flag=T0 + 2 * H, deadline=T0 + 40 * H),  # a game clock falling first is what counts
            entry(7, "waiting", since=T0 - 9 * H),
            entry(8, visible=False, deadline=T0 + H),
        ]
    )
    assert [e.match_id for e in desk.yours] == [6, 4, 2, 5]
    assert [e.match_id for e in desk.waiting] == [7, 1]
    assert [e.match_id for e in desk.later] == [3]


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_the_desk_reads_in_words_within_discords_limits(lang: str) -> None:
    many = [entry(k, deadline=T0 + k * H) for k in range(1, 60)] + [entry(100, "waiting", waiting_for=("bob",))]
    message = desk_message(plan_desk(many), lang)
    assert len(message.content) <= 2000 and len(message.buttons) <= 25
    assert message.buttons[0][1] == "https://x/1", "the most urgent turn's button first"
    assert ("more" if lang == "en" else "de plus") in message.content
    alone = desk_message(plan_desk([entry(9, "waiting", waiting_for=("bob",), turn=4)]), lang)
    assert "bob" in alone.content and ("turn 4" in alone.content or "tour 4" in alone.content)
    assert alone.buttons == ()


def test_the_dm_is_sent_once_when_asked_then_edited_and_only_when_it_changes() -> None:
    message = desk_message(plan_desk([entry(1)]), "en")
    assert desk_step(None, message, shares_server=True).action == "none", "never sent unasked"
    assert desk_step(None, message, shares_server=True, asked=True).action == "send"
    kept = KeptDesk(5, 77, "old")
    assert desk_step(kept, message, shares_server=True).action == "edit"
    assert desk_step(KeptDesk(5, 77, message.digest), message, shares_server=True).action == "keep"
    assert desk_step(kept, message, shares_server=False, asked=True).action == "none", "left every server"


def test_the_queue_coalesces_and_edits_each_member_at_most_once_per_gap() -> None:
    queue = DeskQueue(gap=timedelta(seconds=5), capacity=3)
    for k in range(10):
        queue.touch(1, T0 + timedelta(seconds=k / 10))
    assert len(queue) == 1 and queue.take(T0 + timedelta(seconds=1)) == [(1, T0)]
    queue.touch(1, T0 + timedelta(seconds=2))
    assert queue.take(T0 + timedelta(seconds=3)) == [], "too soon after the last edit"
    assert queue.next_at() == T0 + timedelta(seconds=6)
    assert [u for u, _ in queue.take(T0 + timedelta(seconds=6))] == [1]
    for user in (2, 3, 4, 5):
        queue.touch(user, T0 + timedelta(seconds=7))
    assert len(queue) == 3 and queue.dropped == 1, "bounded"


def test_the_process_owning_direct_messages_edits_every_desk() -> None:
    assert {desk_shard(user, 16) for user in (1, 2**40, 987654321987654321)} == {0}
    assert edits_desks(None, None) and edits_desks((0, 1), 4) and not edits_desks((2, 3), 4)


def test_cadences_never_remind_twice_within_an_hour() -> None:
    assert [n for n, _ in reminder_steps("every_8h", T0, T0 + 48 * H)] == [f"every{k}" for k in range(1, 6)]
    assert reminder_steps("last_hour", T0, T0 + 24 * H) == [("soon", T0 + 23 * H)]
    assert reminder_steps("half_hour", T0, T0 + 24 * H) == [("half", T0 + 12 * H), ("soon", T0 + 23 * H)]
    # A short turn: half time at 45 minutes and "an hour before" at 30 minutes would be a burst.
    assert reminder_steps("half_hour", T0, T0 + 90 * timedelta(minutes=1)) == [("half", T0 + 45 * timedelta(minutes=1))]
    for cadence in ("standard", "half_hour", "every_4h", "every_8h", "every_12h", "last_hour"):
        steps = [at for _, at in reminder_steps(cadence, T0, T0 + 7 * 24 * H)]
        assert all(b - a >= MIN_GAP for a, b in itertools.pairwise(steps)), cadence
    with pytest.raises(PingPrefsError):
        check_cadence("every_0h")
    with pytest.raises(PingPrefsError):
        check_route("carrier pigeon")
    assert ping_prefs({"ping_cadence": "every_0h", "ping_route": "dm"}) == PingPrefs("standard", "dm", False)


def test_after_a_pause_one_reminder_goes_out_and_the_earlier_ones_are_dropped() -> None:
    steps = reminder_steps("every_4h", T0, T0 + 48 * H)
    assert due_step(steps, (), T0 + 13 * H) == "every3"
    assert superseded_names("every3") == ("every1", "every2")
    assert due_step(steps, ("every1", "every2", "every3"), T0 + 14 * H) is None
    assert earliest_step(48 * H) == 24 * H and earliest_step(48 * H, ["every_4h"]) == 4 * H


def test_the_digest_goes_out_once_a_day_after_nine_local_time() -> None:
    morning = datetime(2026, 11, 2, 7, 0, tzinfo=UTC)  # 8:00 in Paris
    assert not digest_due(morning, None, "Europe/Paris")
    nine = morning + H + timedelta(minutes=1)
    assert digest_due(nine, None, "Europe/Paris")
    assert not digest_due(nine + 3 * H, nine, "Europe/Paris"), "once a day"
    assert digest_due(nine + 24 * H, nine, "Europe/Paris")


def test_the_last_one_of_an_ursuppe_phase_is_told_once() -> None:
    info = find_game("ursuppe")
    state = info.new(3, info.option_defaults())
    chooser = random.Random(1)
    told = []
    for _ in range(3000):
        if state.outcome() is not None:
            break
        options = [m for m, _ in state.chance_outcomes()] if state.is_chance() else list(state.legal_moves())
        move = chooser.choice(options)
        after = state.apply(move)
        seat = last_one("ursuppe", state, after)
        if seat is not None:
            told.append((after.round, after.phase, seat))
            assert after.actors() == (seat,)
        state = after
    assert told, "some phase came down to its last player"
    assert len(told) == len(set(told)), "once per phase"


def test_seats_acting_together_tell_the_last_one() -> None:
    class Together:
        def __init__(self, actors: tuple[int, ...]) -> None:
            self._actors = actors

        def actors(self) -> tuple[int, ...]:
            return self._actors

        def outcome(self) -> None:
            return None

    assert last_one("subulata", Together((0, 1)), Together((1,))) == 1  # type: ignore[arg-type]
    assert last_one("subulata", Together((0,)), Together((1,))) is None  # type: ignore[arg-type]


def test_a_member_whose_pings_go_elsewhere_is_not_mentioned_but_told_there() -> None:
    seats = (101, 202)
    first = plan(Situation(seats=seats, active=True, actors=(0,), elsewhere=frozenset({101})))
    assert first.ping == () and first.away == (101,)
    kept = TurnPost(7, (0,), 1)
    turn = plan(Situation(seats=seats, active=True, actors=(1,), turn=kept, elsewhere=frozenset({101})))
    assert turn.ping == (202,) and turn.away == ()
    muted = plan(Situation(seats=seats, active=True, actors=(0,), elsewhere=frozenset({101}), pings={101: "off"}))
    assert muted.away == (), "a match muted with /game notify stays silent everywhere"
    # A question out of turn asks in the channel whatever the member's route: it must be answered there.
    asked = plan(Situation(seats=seats, active=True, actors=(0, 1), on_turn=0, turn=kept, elsewhere=frozenset({202})))
    assert asked.questions[-1].ping == (202,)
