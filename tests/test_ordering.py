"""The suite's order: the known-slow tests open each worker's share of the run, the slowest first."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from tests import ordering


@pytest.fixture
def timed(monkeypatch: pytest.MonkeyPatch) -> None:
    slow = {"t.py::huge": 30.0, "t.py::big": 20.0, "t.py::case": 12.0, "u.py::mid": 9.0}
    monkeypatch.setattr(ordering, "SLOW", slow)


def test_an_id_without_parameters_times_every_case(timed: None) -> None:
    assert ordering.seconds("t.py::case[en]") == ordering.seconds("t.py::case[fr]") == 12.0
    assert ordering.seconds("t.py::huge") == 30.0
    assert ordering.seconds("t.py::quick") == 0.0


def test_each_worker_s_share_opens_with_its_part_of_the_slow_tests(timed: None) -> None:
    ids = [f"a.py::t{n}" for n in range(6)] + ["t.py::case[en]", "t.py::big", "t.py::case[fr]", "u.py::mid"]
    ids += [f"z.py::t{n}" for n in range(5)] + ["t.py::huge"]
    order = ordering.slow_first(ids, ids, workers=2)
    assert sorted(order) == sorted(ids), "every test runs once"
    first, second = order[: len(ids) // 2], order[len(ids) // 2 :]
    # Dealt slowest first to the lighter worker: 30 + 12 against 20 + 12 + 9.
    assert first[:2] == ["t.py::huge", "t.py::case[fr]"]
    assert second[:3] == ["t.py::big", "t.py::case[en]", "u.py::mid"]
    quick = [nodeid for nodeid in order if ordering.seconds(nodeid) == 0]
    assert quick == [nodeid for nodeid in ids if ordering.seconds(nodeid) == 0], "the others keep their order"


def test_one_worker_runs_the_slowest_first_and_the_rest_in_order(timed: None) -> None:
    ids = ["a.py::one", "u.py::mid", "a.py::two", "t.py::huge"]
    assert ordering.slow_first(ids, ids, workers=1) == ["t.py::huge", "u.py::mid", "a.py::one", "a.py::two"]


def test_every_known_slow_test_is_still_a_test() -> None:
    """A renamed test would silently lose its place at the front: each entry must still name a test."""
    root = Path(__file__).parent.parent
    for nodeid in ordering.SLOW:
        path, function = nodeid.split("[", 1)[0].split("::", 1)
        source = (root / path).read_text(encoding="utf-8")
        assert re.search(rf"def {function}\(", source), f"{nodeid} is in tests/ordering.py but no longer a test"
