"""The bounds on on-demand CPU work (bot.app.heavy): one request per key, a bounded verdict cache."""

from __future__ import annotations

import pytest

from bot.app.heavy import HeavyWork
from bot.app.matches import MatchError


def test_a_key_is_held_for_its_block_only() -> None:
    heavy = HeavyWork()
    with heavy.one_at_a_time(("hint", 1, 7), MatchError("hint_busy", id=7)):
        assert heavy.busy(("hint", 1, 7))
        with (
            pytest.raises(MatchError, match="hint_busy"),
            heavy.one_at_a_time(("hint", 1, 7), MatchError("hint_busy", id=7)),
        ):
            pass
        # Another member, or the same member on another match, is not held up.
        with heavy.one_at_a_time(("hint", 2, 7), MatchError("hint_busy", id=7)):
            pass
        with heavy.one_at_a_time(("hint", 1, 8), MatchError("hint_busy", id=8)):
            pass
    assert not heavy.busy(("hint", 1, 7))
    with pytest.raises(ValueError), heavy.one_at_a_time(("verify", 1, 7), MatchError("verify_busy", id=7)):
        raise ValueError("the work failed")
    assert not heavy.busy(("verify", 1, 7)), "a failed block releases its key"


async def test_verdicts_are_kept_per_version_and_the_least_recently_asked_go_first() -> None:
    heavy = HeavyWork(kept=3)
    heavy.keep_verdict(1, 40, 12)
    heavy.keep_verdict(2, 30, "the roll of ply 5 differs")
    heavy.keep_verdict(3, 20, 9)
    assert heavy.verdict(1, 41) is None, "another version is another verdict"
    assert heavy.verdict(1, 40) == 12  # asked again: now the most recent
    heavy.keep_verdict(4, 10, 3)
    assert heavy.verdict(2, 30) is None, "the least recently asked is forgotten"
    assert [heavy.verdict(m, v) for m, v in ((1, 40), (3, 20), (4, 10))] == [12, 9, 3]
    assert await heavy.run(lambda: 6 * 7) == 42
