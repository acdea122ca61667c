"""What an event format must answer: the :class:`Format` type every format module fills in."""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Sequence
from typing import Any, ClassVar

from bot.app.events.model import Event, EventFormat, EventGame, Standings
from bot.app.tournaments.standings import StandingRow
from games.base import GameInfo, Outcome


class Format(ABC):
    """One way of making an event's rounds: who may play it, how a round is paired or seated, what a finished
    game is worth, the standings and their tie-breaks, and what the standings show besides points.

    A format's texts are found by its id (:attr:`id`'s value) in the catalogs: ``event.format.<id>`` (its name)
    and ``event.standings.legend.<id>`` (what its tie-breaks mean); its other keys are named below.
    """

    id: ClassVar[EventFormat]
    """The value stored with the event (``events.format``)."""
    label: ClassVar[str]
    """Its choice in ``/event create``, in English (the catalogs translate it: ``choice.format.<id>``)."""
    two_player: ClassVar[bool]
    """Its games are of two players (else tables of several)."""
    minimum_players: ClassVar[int]
    """Players needed to start, and to pair another round."""
    late_entry: ClassVar[bool] = True
    """Members may enter once it runs (missing the rounds before)."""
    fixed_rounds: ClassVar[bool] = False
    """The number of rounds comes from the field at the start, not from the organiser (shown as such while
    members sign up)."""
    late_note: ClassVar[str] = "event.standings.late"
    """The standings legend's note on late entrants' missed rounds."""
    record_columns: ClassVar[tuple[str, str]] = ("record", "byes")
    """The standings image's last two columns (catalog ``event.col.<name>``), filled by :meth:`record`."""

    @abstractmethod
    def suits(self, game: GameInfo) -> bool:
        """Whether ``game`` can be played in this format."""

    def rounds(self, requested: int, order: Sequence[int]) -> int:
        """The rounds the event plays, at its start: ``requested`` by the organiser, ``order`` the seeding."""
        return requested

    @abstractmethod
    def pair(self, event: Event, number: int, past: Sequence[EventGame]) -> tuple[list[tuple[int, ...]], list[int]]:
        """The games (players in seat order) and byes of round ``number``, from the games so far (pure)."""

    @abstractmethod
    def counted_result(self, game: EventGame, outcome: Outcome) -> dict[str, Any]:
        """The counted result of ``game``'s finished match (an aborted game counts by the format's rule)."""

    @abstractmethod
    def standings(self, event: Event, games: Sequence[EventGame]) -> Standings:
        """The standings of ``event`` from its ``games`` (pure)."""

    @property
    @abstractmethod
    def win_points(self) -> float:
        """The points of a whole win, in which a late entrant's missed round is told."""

    @abstractmethod
    def record(self, row: StandingRow[int]) -> tuple[str, str]:
        """The values of :attr:`record_columns` for a standings row."""
