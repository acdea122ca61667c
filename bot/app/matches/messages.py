"""The bot's memory of its own messages (lobby, board, turn posts, announcements), pings and preferences.

Kept apart from match logic: nothing here changes a match.
"""

from __future__ import annotations

import logging
from collections.abc import Mapping, Sequence
from datetime import timedelta

from bot.app.matches.core import Core
from bot.app.matches.log import (
    _entry,
    holds_secret,
    replay,
)
from bot.app.matches.model import (
    LogKind,
    MatchError,
    MatchStatus,
    ReplayError,
    Stopped,
    TurnReport,
)
from bot.app.member_settings import (
    MemberPanel,
    UnknownSettingError,
    match_settings,
    set_for_match,
    set_standing,
    standing_settings,
)
from bot.app.orders import OrderError, encode
from bot.app.orders.defaults import default_orders, set_default_orders
from bot.app.storage import (
    UNSET,
    PostRow,
)
from games.base import GameState

log = logging.getLogger(__name__)


class Messages(Core):
    """Remember the bot's messages of a match, the changes still to announce, pings, member and server settings."""

    async def set_message(
        self, match_id: int, *, lobby: int | None = None, board: int | None = None, status: int | None = None
    ) -> None:
        """Remember the lobby or latest board message of a match (None leaves that one unchanged).

        Raises:
            MatchError: ``no_match``.
        """
        found = await self._store.update_match(
            match_id,
            now=self._clock(),
            lobby_message_id=UNSET if lobby is None else lobby,
            board_message_id=UNSET if board is None else board,
            status_message_id=UNSET if status is None else status,
        )
        if not found:
            raise MatchError("no_match")

    async def record_post(
        self,
        match_id: int,
        post: PostRow,
        *,
        board: int | None = None,
        status: int | None = None,
        announced: int | None = None,
    ) -> None:
        """Record, in one write, what a post now shows: the post kept (``post``: a turn post's message, its
        story's start and turn, the turn number; the status card's message and digest), the match's board or
        status message when it is a new one (``board``, ``status``), and the version a turn post announces
        (``announced``; None for the board posted again, which announces nothing new).

        Raises:
            MatchError: ``no_match``.
        """
        now = self._clock()
        async with self._store.transaction():
            await self._store.put_post(match_id, post, now=now)
            if board is not None or status is not None:
                found = await self._store.update_match(
                    match_id,
                    now=now,
                    board_message_id=UNSET if board is None else board,
                    status_message_id=UNSET if status is None else status,
                )
                if not found:
                    raise MatchError("no_match")
            if announced is not None:
                await self._store.mark_announced(match_id, announced)

    async def mark_announced(self, match_id: int, version: int) -> None:
        """Record that the board of ``version`` was posted (see :meth:`unannounced`)."""
        await self._store.mark_announced(match_id, version)

    async def unannounced(self, limit: int = 20, *, settled_for: timedelta | None = None) -> list[TurnReport]:
        """Changes committed but never announced (the bot stopped between the commit and the post).

        One report per active or finished match whose version is ahead of the last board posted: its
        entries are those since then, and its previous state the position the players last saw (None when
        an undo is among the entries: the position jumped back, so only the new board is shown).
        ``settled_for`` leaves out matches changed more recently than that (their board may be on its way).
        """
        reports: list[TurnReport] = []
        before = None if settled_for is None else self._clock() - settled_for
        async with self._store.transaction(immediate=False):
            for row in await self._store.unannounced(limit, before=before):
                match = await self._from_row(row, repair=False)
                entries = [_entry(r) for r in await self._store.load_moves(row.id)]
                shown = [e for e in entries if e.ply <= row.announced_version]
                pending = tuple(e for e in entries if e.ply > row.announced_version)
                previous: GameState | None = None
                if not any(e.kind is LogKind.UNDO for e in pending):
                    try:
                        previous = replay(match.game, match.options, len(match.seats), shown)
                    except ReplayError:
                        log.warning("match %s: the announced position does not replay", row.id)
                secret = holds_secret(match.game, pending)
                reports.append(TurnReport(match, pending, previous_state=previous, turn=match.turn, secret=secret))
        return reports

    async def posts(self, match_id: int) -> dict[tuple[str, int], PostRow]:
        """The messages the bot keeps for a match (turn post, DMs, question), by ``(kind, subject)``."""
        async with self._store.transaction(immediate=False):
            return {(p.kind, p.subject): p for p in await self._store.load_posts(match_id)}

    async def set_post(self, match_id: int, post: PostRow) -> None:
        """Remember one message of a match (replacing the one of the same kind and subject)."""
        async with self._store.transaction():
            await self._store.put_post(match_id, post, now=self._clock())

    async def drop_post(self, match_id: int, kind: str, subject: int) -> None:
        """Forget one message of a match."""
        async with self._store.transaction():
            await self._store.delete_post(match_id, kind, subject)

    async def user_pref(self, user_id: int, key: str) -> str | None:
        """A stored per-user preference (e.g. ``dm_closed``)."""
        return await self._store.get_pref(user_id, key)

    async def set_user_pref(self, user_id: int, key: str, value: str | None) -> None:
        """Store (or with None, delete) a per-user preference."""
        await self._store.set_pref(user_id, key, value, now=self._clock())

    async def member_settings(self, user_id: int, match_id: int | None = None) -> MemberPanel:
        """What the member's settings panel shows: their standing preferences and, for a match they play, what
        applies there (see :mod:`bot.app.member_settings`). Only for the member themself.

        Raises:
            MatchError: ``no_match``; ``not_seated`` for a match they do not play.
        """
        async with self._store.transaction(immediate=False):
            standing = await standing_settings(self._store, user_id)
            orders = {game: encode(chosen) for game, chosen in (await default_orders(self._store, user_id)).items()}
            if match_id is None:
                return MemberPanel(standing, orders=orders)
            await self._seated(match_id, user_id)
            applied, overridden = await match_settings(self._store, match_id, user_id)
            return MemberPanel(standing, match_id, applied, overridden, orders)

    async def set_default_orders(self, user_id: int, picked: Mapping[str, Sequence[str]]) -> None:
        """Keep the member's default standing orders: the order kinds ``picked`` per game id (a game with standing
        orders left out: none), each new one with its usual values and stops; copied into their new matches of
        that game (see :mod:`bot.app.orders.defaults`).

        Raises:
            MatchError: ``orders_none`` (a game without standing orders), ``orders_kind`` (nothing stored).
        """
        async with self._store.transaction():
            try:
                await set_default_orders(self._store, user_id, picked, now=self._clock())
            except OrderError as exc:
                raise MatchError(exc.key, **exc.params) from exc

    async def set_member_setting(self, user_id: int, key: str, value: str | None, match_id: int | None = None) -> None:
        """Change one of the member's settings: the standing preference (``match_id`` None), or their setting in
        a match they play (``value`` None: follow the standing preference there again). Bad input stores nothing.

        Raises:
            MatchError: ``no_match``; ``not_seated`` for a match they do not play; ``unknown_setting`` for a key
            or value that is not in the registry (or a standing preference set to None).
        """
        async with self._store.transaction():
            try:
                if match_id is None:
                    if value is None:
                        raise UnknownSettingError(key)
                    await set_standing(self._store, user_id, key, value, now=self._clock())
                else:
                    await self._seated(match_id, user_id)
                    await set_for_match(self._store, match_id, user_id, key, value, now=self._clock())
            except UnknownSettingError as exc:
                raise MatchError("unknown_setting") from exc

    async def asked_why(self, match_id: int, user_id: int) -> Stopped | None:
        """Why ``user_id`` is asked the decision now open in the match after all (their order's stop, their
        autopilot, their plan), or None: nothing stopped, or the match moved on since. For that member's own
        messages only (it tells what they chose or planned)."""
        async with self._store.transaction(immediate=False):
            found = await self._store.load_asked_why(match_id, user_id)
            if found is None:
                return None
            row = await self._store.load_match_row(match_id)
            if row is None or row.status != MatchStatus.ACTIVE.value or row.log_version != found[0]:
                return None
            return Stopped.from_text(found[1])

    async def _seated(self, match_id: int, user_id: int) -> None:
        """Refuse a member who plays no seat of the match (a finished match keeps its players: nothing to set)."""
        match = await self._load(match_id)
        if match.seat_of(user_id) is None or match.status in (MatchStatus.FINISHED, MatchStatus.ABORTED):
            raise MatchError("not_seated")

    # Internals. Every one of them runs inside the caller's transaction.

    async def guild_setting(self, guild_id: int, key: str) -> str | None:
        """A server's setting (such as ``ai_rated``), None when unset."""
        async with self._store.transaction(immediate=False):
            return await self._store.get_guild_setting(guild_id, key)

    async def set_guild_setting(self, guild_id: int, key: str, value: str) -> None:
        """Store a server's setting."""
        async with self._store.transaction():
            await self._store.set_guild_setting(guild_id, key, value, now=self._clock())

    async def pings(self, match_id: int) -> dict[int, str]:
        """How each player of a match wants to be pinged, when not the default ``all``."""
        return await self._store.get_pings(match_id)

    async def set_pings(self, match_id: int, user_id: int, mode: str) -> None:
        """Set how ``user_id`` is pinged in the match: ``all``, ``turn`` or ``off``.

        Raises:
            MatchError: ``no_match`` or ``not_seated``.
        """
        async with self._store.transaction():
            match = await self._load(match_id)
            if user_id not in match.seats:
                raise MatchError("not_seated")
            await self._store.set_pings(match_id, user_id, mode)
