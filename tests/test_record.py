"""Match records: what ``/game export`` writes replays exactly, undos included, and bent dice are caught."""

from __future__ import annotations

from collections.abc import AsyncIterator

import pytest

from bot.app.matches import LogKind, MatchService
from bot.app.records.record import RecordError, export_record, parse_record, replay_record
from bot.app.storage import Store
from tests.test_matches import ALICE, BOB, CHANNEL, GUILD, Clock


@pytest.fixture
async def service() -> AsyncIterator[MatchService]:
    store = await Store.open(":memory:")
    yield MatchService(store, Clock())
    await store.close()


async def subulata_with_an_undo(service: MatchService) -> int:
    """A Subulata match on the fixed layout: both set-ups, one move by White taken back, another played."""
    match = await service.create(
        "subulata", {"layout": "fixed"}, guild_id=GUILD, channel_id=CHANNEL, creator_id=ALICE, seed="rec"
    )
    await service.join(match.id, BOB)
    await service.start(match.id, ALICE)
    await service.move(match.id, ALICE, "setup 123456789")
    report = await service.move(match.id, BOB, "setup random")
    first = report.match.state.format_move(report.match.state.legal_moves()[0])
    await service.move(match.id, ALICE, first)
    _, request = await service.request_undo(match.id, ALICE)
    await service.answer_undo(match.id, BOB, accept=True, version=request.version)
    again = await service.get(match.id)
    await service.move(match.id, ALICE, again.state.format_move(again.state.legal_moves()[-1]))
    return match.id


async def test_an_exported_record_replays_to_the_same_position(service: MatchService) -> None:
    """The record lists every entry (the undone move and the undo too) and replays to the match's state."""
    match_id = await subulata_with_an_undo(service)
    match = await service.get(match_id)
    entries = await service.history(match_id)
    assert any(e.kind is LogKind.UNDO for e in entries)
    text = export_record(match, entries, ["Alice", "Bob"])
    record = parse_record(text)
    assert (record.game, record.options, record.players, record.seed) == (
        "subulata",
        {"layout": "fixed"},
        ("Alice", "Bob"),
        "rec",
    )
    assert len(record.entries) == len(entries)
    assert replay_record(record) == match.state


async def test_a_record_with_a_bent_draw_is_refused(service: MatchService) -> None:
    """Changing a chance entry (the random set-up) no longer matches the seeded draw."""
    match_id = await subulata_with_an_undo(service)
    match = await service.get(match_id)
    text = export_record(match, await service.history(match_id), ["Alice", "Bob"])
    deal = next(line for line in text.splitlines() if " chance - setup:1:" in line and len(line.split(":")[-1]) == 9)
    digits = deal.split(":")[-1]
    bent = text.replace(deal, deal[: -len(digits)] + digits[::-1])
    with pytest.raises(RecordError):
        replay_record(parse_record(bent))


def test_a_record_without_its_header_is_refused() -> None:
    """A text that is not a record says what is missing."""
    with pytest.raises(RecordError, match="game"):
        parse_record("format: plateau-record 1\nmoves:\n")
