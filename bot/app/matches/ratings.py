"""Ratings: what a finished match changes (written by the save that finishes it) and what players read back.

The two writing functions take the store and run inside the caller's transaction; :class:`Ratings` holds the
reads. Neither needs the service's core, which calls :func:`rates_ai` and :func:`record_ratings` from its save.
"""

from __future__ import annotations

from datetime import datetime

from bot.app.matches.model import Match
from bot.app.seats.ai import is_ai
from bot.app.storage import Store
from bot.app.tournaments.ratings import DEFAULT, Rating, outcome_ranks, rate
from games.base import Outcome


def rating_key(match: Match) -> str:
    """The rated game of a match: its id, with the rule set when the game has several (``ur:v2``)."""
    rules = match.options.get("rules")
    return match.game.id if rules is None else f"{match.game.id}:{rules}"


async def rates_ai(store: Store, match: Match) -> bool:
    """True unless the match has AI seats and its server has not opted in to rating such matches."""
    if not match.has_ai:
        return True
    return match.guild_id is not None and await store.get_guild_setting(match.guild_id, "ai_rated") == "1"


async def record_ratings(store: Store, match: Match, result: Outcome, now: datetime) -> None:
    """Update the players' ratings with a finished match's result, inside the caller's transaction.

    Aborted matches and results without a ranking (a forfeit with no winner) change nothing. Only the
    members who played their seat to the end are rated (never an AI, nor a seat the AI took over, nor a seat
    a member took over from the AI: neither of its members played the whole match).
    """
    ranks = outcome_ranks(result, len(match.seats))
    if ranks is None or len(set(match.seats)) != len(match.seats):
        return
    rated = [
        s for s, uid in enumerate(match.seats) if not is_ai(uid) and s not in match.ai and s not in match.replacements
    ]
    if len(rated) < 2:
        return
    uids = [match.seats[s] for s in rated]
    guild, game = match.guild_id or 0, rating_key(match)
    known = await store.load_ratings(guild, game, uids)
    before = {s: Rating(*known[match.seats[s]]) if match.seats[s] in known else DEFAULT for s in rated}
    after = dict(zip(rated, rate([before[s] for s in rated], [ranks[s] for s in rated]), strict=True))
    for seat, uid in ((s, match.seats[s]) for s in rated):
        word = "draw" if not result.winners else "win" if seat in result.winners else "loss"
        await store.record_rating(
            match.id,
            guild,
            game,
            uid,
            ranks[seat],
            (before[seat].mu, before[seat].sigma),
            (after[seat].mu, after[seat].sigma),
            word,
            now=now,
        )


class Ratings:
    """Reading ratings back: leaderboards, profiles, one match's change, whether a match will count."""

    _store: Store

    async def counts_for_rating(self, match: Match) -> bool:
        """True when the match's result will change ratings: a rated match, and for a match with AI seats
        only on a server that opted in (``ai_rated``)."""
        if not match.rated:
            return False
        async with self._store.transaction(immediate=False):
            return await rates_ai(self._store, match)

    async def leaderboard(self, guild_id: int, game: str) -> list[tuple[int, int, Rating, int, int, int, int]]:
        """A server's ratings in one game, best first: (place, user, rating, played, wins, draws, losses).

        Equal displayed ratings share a place.
        """
        async with self._store.transaction(immediate=False):
            rows = await self._store.rating_table(guild_id, game)
        table = sorted(rows, key=lambda r: (-Rating(r[1], r[2]).ordinal, -r[3], r[0]))
        result: list[tuple[int, int, Rating, int, int, int, int]] = []
        for index, (uid, mu, sigma, played, wins, draws, losses) in enumerate(table):
            rating = Rating(mu, sigma)
            place = result[-1][0] if result and result[-1][2].display == rating.display else index + 1
            result.append((place, uid, rating, played, wins, draws, losses))
        return result

    async def profile(self, guild_id: int, user_id: int) -> list[tuple[str, Rating, int, int, int, int]]:
        """A player's rating and record per game on a server: (game, rating, played, wins, draws, losses)."""
        async with self._store.transaction(immediate=False):
            rows = await self._store.ratings_of(guild_id, user_id)
        return [(g, Rating(mu, sigma), p, w, d, lo) for g, mu, sigma, p, w, d, lo in rows]

    async def rating_change(self, match_id: int, user_id: int) -> tuple[Rating, Rating] | None:
        """The rating before and after a rated match, for one player (None: not rated)."""
        async with self._store.transaction(immediate=False):
            found = await self._store.rating_change(match_id, user_id)
        return None if found is None else (Rating(found[0], found[1]), Rating(found[2], found[3]))
