"""Members who left a seated table before its end, and how the event scores them (issue 37, fault 9).

At a table of three or more, a member who times out or resigns hands their seat to the AI and the match goes
on (:meth:`bot.app.matches.MatchService.forfeit`); the last member to leave ends it instead, every other seat
winning. The match's outcome is about seats, so read as it is it credits a member with what the AI did in
their place, and ranks the last member to leave below those who left before them.

An arbiter scores a player who left as a forfeit: last at the table, below everyone who played to the end.
So the event ranks first the members who played to the end, by the match's own order among them, then the
members who left, the one who stayed longest first (two leaving at the same ply share a place). A leaver's
game score is the AI's, not theirs: it counts 0.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from datetime import datetime
from typing import Any

from bot.app.events.model import EventGame
from bot.app.matches import Match
from bot.app.storage.events_store import EventStore
from games.base import Termination

_LEAVING_ENDS: frozenset[Termination] = frozenset({Termination.FORFEIT, Termination.RESIGNATION})


def left_seats(match: Match) -> dict[int, int]:
    """The seats whose member left before the end, each with the ply from which they were gone.

    Seats the AI took over from their member, and, when the match ended by a forfeit or a resignation, the
    seats that lost it (the last member left; they were gone from the ply after the last one played).
    """
    gone = {seat: ply for seat, (ply, _why) in match.takeovers.items()}
    outcome = match.result
    if outcome is not None and outcome.termination in _LEAVING_ENDS:
        for seat in range(len(match.seats)):
            if seat not in outcome.winners:
                gone.setdefault(seat, match.version + 1)
    return gone


def places_with_leavers(places: Sequence[int], gone: Mapping[int, int]) -> list[int]:
    """Table places (seat order, 1 = first) once the members who left are put below those who stayed.

    Those who stayed keep their order from ``places``; those who left follow, the one gone latest first.
    Places are shared as a ranking shares them (1, 1, 3).
    """
    keys = [(1, -gone[seat]) if seat in gone else (0, place) for seat, place in enumerate(places)]
    return [1 + sum(1 for other in keys if other < key) for key in keys]


def table_result_with_leavers(result: Mapping[str, Any], gone: Mapping[int, int]) -> dict[str, Any]:
    """A table's counted result (``places`` and ``scores`` in seat order) with the leavers scored as forfeits;
    any other result (a void game) as it is."""
    if not gone or "places" not in result:
        return dict(result)
    places = places_with_leavers([int(p) for p in result["places"]], gone)
    scores = [0 if seat in gone else int(s) for seat, s in enumerate(result.get("scores") or ())]
    return {**result, "places": places, "scores": scores}


def leavers_in_order(gone: Mapping[int, int], players: Sequence[int]) -> list[int]:
    """The members who left, first gone first (for the event's log)."""
    return [players[seat] for seat in sorted(gone, key=lambda s: (gone[s], s))]


async def log_takeovers(rows: EventStore, event_id: int, game: EventGame, match: Match, now: datetime) -> None:
    """Log (as ``left``) the members of ``game`` whose seat the AI took over, once their game is counted."""
    taken = {seat: ply for seat, (ply, _why) in match.takeovers.items() if seat < len(game.players)}
    if taken:
        players = leavers_in_order(taken, game.players)
        details = {"round": game.round, "board": game.board, "match": match.id, "players": players}
        await rows.log(event_id, None, "left", details, now=now)
