"""The order the suite runs in: the known-slow tests first, shared out between the workers.

pytest-xdist's ``worksteal`` hands each worker an equal run of the collected tests, in collection order, and later
moves tests from the end of a busy worker's queue to an idle one. A slow test that happens to sit near the end of
a queue therefore starts last and keeps one core busy while the others idle. So the tests named in :data:`SLOW`
open the queues instead, the slowest first, dealt in turn to each worker's run (the rest keep their order); every
worker computes the same order from the same collection, as xdist requires.

:data:`SLOW` holds the seconds each took in the last whole run on a quiet machine (``--durations=45``, a test's
set-up added to its call); a test not found any more is simply not moved, and a new slow one only costs time until
it is added here.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import TypeVar

SLOW: Mapping[str, float] = {
    "tests/test_ai_scripted.py::"
    "test_the_strong_ai_is_not_beaten_by_a_scripted_player[drift-cheapest-ursuppe-3-6-10]": 23.1,
    "tests/test_bot_builder.py::test_a_complete_ultimatek_match_played_through_the_builder": 13.7,
    "tests/test_ai_scripted.py::test_the_strong_ai_is_not_beaten_by_a_scripted_player[motif-first-ur:v3-2-3-10]": 12.4,
    "tests/test_review.py::test_a_seeded_match_of_every_game_is_reviewed_in_range_told_in_both_languages_and_charted"
    "[ultimatek-options5-2]": 8.2,
    "tests/test_bot_ultimatek.py::test_a_complete_ultimatek_match_keeps_every_bonus_secret": 7.8,
    "tests/test_judge_ultimatek.py::"
    "test_the_review_keeps_its_identity_and_bounds_under_the_slow_judge[levels1-30]": 7.0,
    "tests/test_judge.py::test_ultimatek_judge_comes_true_on_a_small_fresh_sample_of_quick_players": 6.9,
    "tests/test_conformance.py::test_random_playouts_respect_the_contract[ursuppe-default-6p]": 6.8,
    "tests/test_bot_ai.py::test_an_ursuppe_player_who_forfeits_is_replaced_by_an_ai_and_the_match_ends": 6.5,
    "tests/test_conformance.py::test_random_playouts_respect_the_contract[ultimatek-cap=60-2p]": 6.2,
    "tests/games/test_ai.py::"
    "test_re_dealing_what_the_seat_cannot_see_never_changes_the_ai_s_decision[strong-subulata]": 6.1,
    "tests/test_conformance.py::test_random_playouts_respect_the_contract[ultimatek-cap=30-2p]": 5.9,
    "tests/test_conformance.py::test_random_playouts_respect_the_contract[ultimatek-cap=none-2p]": 5.8,
    "tests/test_judge.py::test_the_other_judges_come_true_on_a_small_fresh_sample[ursuppe-4]": 5.8,
    "tests/test_bot_subulata.py::test_subulata_secret_set_ups_stay_secret_until_the_end": 5.6,
    "tests/test_judge.py::test_ur_judges_come_true_on_a_small_fresh_sample[ur-motifs]": 5.3,
    "tests/test_phone_preview.py::"
    "test_the_latest_ursuppe_post_shows_its_board_and_controls_on_the_first_screen[en]": 5.2,
    "tests/test_postgres.py::test_a_simcord_game_with_a_restart_on_postgresql": 5.2,
    "tests/test_phone_preview.py::"
    "test_the_latest_ursuppe_post_shows_its_board_and_controls_on_the_first_screen[fr]": 5.2,
    "tests/test_judge_ultimatek.py::"
    "test_the_self_play_opens_each_seat_with_a_random_decision_so_searching_levels_do_not_repeat": 5.0,
    "tests/games/test_subulata.py::test_layout_draw_makes_every_layout_equally_likely": 4.7,
    "tests/test_ai_leaf.py::test_two_strong_ais_block_each_others_motif_in_variante_3": 4.6,
    "tests/test_bot_seals.py::test_the_seals_are_the_only_public_trace_of_the_secrets_and_verify_checks_them": 4.6,
    "tests/games/test_ai.py::"
    "test_re_dealing_what_the_seat_cannot_see_never_changes_the_ai_s_decision[normal-subulata]": 4.6,
    "tests/games/test_subulata.py::test_resampling_changes_only_what_the_seat_cannot_see": 4.5,
    "tests/test_conformance.py::test_random_playouts_respect_the_contract[ursuppe-default-3p]": 4.3,
    "tests/test_phone_preview.py::test_the_turn_post_reads_on_a_phone_with_its_board_and_buttons": 4.3,
    "tests/test_render_ultimatek.py::test_resampling_hidden_tokens_never_changes_an_image": 4.2,
    "tests/test_judge.py::test_the_other_judges_come_true_on_a_small_fresh_sample[subulata-8]": 4.1,
    "tests/test_bot_e2e.py::test_a_complete_game_with_restart_and_every_kind_of_bad_input": 3.7,
}
"""Seconds a known-slow test takes, by node id; an id without its ``[parameters]`` stands for every case."""

T = TypeVar("T")


def seconds(nodeid: str) -> float:
    """How long :data:`SLOW` says the test ``nodeid`` takes (0 when it is not known to be slow)."""
    return SLOW.get(nodeid, SLOW.get(nodeid.split("[", 1)[0], 0.0))


def slow_first(items: Sequence[T], ids: Sequence[str], workers: int) -> list[T]:
    """``items`` (whose node ids are ``ids``) reordered for ``workers`` workers: split as ``worksteal`` splits them
    (each worker in turn gets an equal share of what is left), each share opening with its part of the slow
    tests, dealt slowest first to the worker with the fewest seconds so far; the other tests keep their order."""
    workers = max(1, workers)
    slow = sorted((i for i, nodeid in enumerate(ids) if seconds(nodeid) > 0), key=lambda i: -seconds(ids[i]))
    shares: list[list[int]] = [[] for _ in range(workers)]
    loads = [0.0] * workers
    for i in slow:
        least = loads.index(min(loads))
        shares[least].append(i)
        loads[least] += seconds(ids[i])
    moved = set(slow)
    rest = iter(i for i in range(len(items)) if i not in moved)
    order: list[int] = []
    left = len(items)
    for worker, share in enumerate(shares):
        size = left // (workers - worker)
        left -= size
        order += share[:size]
        order += [next(rest) for _ in range(max(0, size - len(share)))]
        shares[worker] = share[size:]
    order += [i for share in shares for i in share]  # only when there are more slow tests than tests per worker
    order += list(rest)
    return [items[i] for i in order]
