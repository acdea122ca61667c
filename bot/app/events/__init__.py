"""The event service: association events (tournaments) from sign-up to final standings. No Discord import.

An event is one game and rule set played over rounds by the players who signed up, in one of three
formats: Swiss or round robin for two-player games, or seated rounds (tables of 3–6) for multiplayer
games such as Ursuppe. The pure work (pairing, seating, standings) is :mod:`bot.app.tournaments`; this
module keeps the event's state in the database (:mod:`bot.app.storage.events_store`) and opens each game as
an ordinary match through :class:`bot.app.matches.MatchService`, so deadlines, forfeits, ratings, history
and replays all work in event games as in any other match.

Life of an event: ``signup`` (players join and leave) → ``running`` (rounds are paired one at a time;
a round is *closed* once every game of it has a counted result) → ``finished`` (the last round closed,
or too few players are left to pair), or ``cancelled`` by an organiser.

Counted results come from the matches: a win, a draw, a resignation or a forfeit by the deadline rules
count as they ended (the late player loses); an aborted two-player match counts as a loss for both, an
aborted table (or a table forfeited with no winner) counts for nobody, until an organiser replaces the
result. Byes are recorded as results when the round is paired. Organiser actions and what the bot
decided alone (forfeits, aborted games) go to the event's log.

The package, by concern: :mod:`~bot.app.events.model` (records, limits, errors), :mod:`~bot.app.events.formats`
(one module per format, found through one registry: pairing or seating, what a result is worth, standings and
tie-breaks; an unknown format is an error), :mod:`~bot.app.events.rules` (pure: counted results, pairing,
standings, through the event's format), :mod:`~bot.app.events.core` (loading), then the service's parts:
:mod:`~bot.app.events.signup` (sign-up), :mod:`~bot.app.events.entry` (check-in and late entry),
:mod:`~bot.app.events.rounds` (rounds and pairings), :mod:`~bot.app.events.results` (results and corrections),
:mod:`~bot.app.events.reports` (games on physical boards: results reported and confirmed),
:mod:`~bot.app.events.reading` (lookups, log, standings). :class:`EventService` is all of them on one store.

Every operation runs in one store transaction, so two clicks racing (two "next round", two matches
ending together) cannot pair a round twice or close it twice: closing a round is one conditional
update, and only the caller that closed it posts the standings or starts the next round.
"""

from __future__ import annotations

from bot.app.events.entry import Entries
from bot.app.events.formats import FORMATS, Format, UnknownFormatError, format_of
from bot.app.events.model import (
    MAX_PLAYERS,
    MAX_ROUNDS,
    MIN_TABLE,
    OUTCOMES,
    ROUND_ROBIN_TIEBREAKS,
    SWISS_TIEBREAKS,
    Clock,
    Event,
    EventError,
    EventFormat,
    EventGame,
    EventPlayer,
    EventStatus,
    LogLine,
    Progress,
    RoundPlan,
    Standings,
    Withdrawal,
)
from bot.app.events.reading import EventQueries
from bot.app.events.reports import Reports, ReportStep, disputed_by, reported_by, reported_result, waiting_for
from bot.app.events.round_clock import WARN_BEFORE, RoundClock, RoundStep, Settled
from bot.app.events.rounds import Rounds
from bot.app.events.rules import (
    check_places,
    game_of_row,
    pair_round,
    parse_places,
    result_for,
    result_from_outcome,
    standings_of,
)
from bot.app.events.signup import SignUps
from bot.app.storage.events_store import EventSettings

__all__ = [
    "FORMATS",
    "MAX_PLAYERS",
    "MAX_ROUNDS",
    "MIN_TABLE",
    "OUTCOMES",
    "ROUND_ROBIN_TIEBREAKS",
    "SWISS_TIEBREAKS",
    "WARN_BEFORE",
    "Clock",
    "Event",
    "EventError",
    "EventFormat",
    "EventGame",
    "EventPlayer",
    "EventService",
    "EventSettings",
    "EventStatus",
    "Format",
    "LogLine",
    "Progress",
    "ReportStep",
    "RoundPlan",
    "RoundStep",
    "Settled",
    "Standings",
    "UnknownFormatError",
    "Withdrawal",
    "check_places",
    "disputed_by",
    "format_of",
    "game_of_row",
    "pair_round",
    "parse_places",
    "reported_by",
    "reported_result",
    "result_for",
    "result_from_outcome",
    "standings_of",
    "waiting_for",
]


class EventService(SignUps, Entries, Rounds, Reports, RoundClock, EventQueries):
    """Create, fill, pair, record and rank events (see the module docstring): every part on one store.

    ``EventService(store, matches, clock)``: ``store`` is the bot's open :class:`~bot.app.storage.Store`,
    ``matches`` its match service (event games are ordinary matches) and ``clock`` returns the current UTC time.
    """
