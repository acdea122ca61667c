"""record_from: an application record built from a store row, only what differs written out."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import UTC, datetime

import pytest

from bot.app.storage.rows import record_from


@dataclass(frozen=True, slots=True)
class _Row:
    id: int
    status: str
    created_at: datetime
    internal: str = "not in the record"


@dataclass(frozen=True, slots=True)
class _Record:
    id: int
    status: int
    created_at: datetime
    seats: tuple[int, ...] = ()
    note: str = "default"


NOON = datetime(2026, 11, 26, 12, tzinfo=UTC)


def test_fields_shared_by_name_pass_as_they_are_and_given_ones_win() -> None:
    row = _Row(7, "3", NOON)
    assert record_from(_Record, row, status=int(row.status), seats=(1, 2)) == _Record(7, 3, NOON, (1, 2))


def test_a_field_the_row_lacks_takes_its_default_and_the_rows_extra_columns_are_ignored() -> None:
    assert record_from(_Record, _Row(1, "x", NOON), status=0).note == "default"


def test_a_required_field_neither_given_nor_on_the_row_is_an_error() -> None:
    @dataclass(frozen=True)
    class Needs:
        id: int
        missing: str

    with pytest.raises(TypeError):
        record_from(Needs, _Row(1, "x", NOON))


def test_a_field_the_row_declares_another_way_must_be_given() -> None:
    with pytest.raises(TypeError, match="status"):
        record_from(_Record, _Row(1, "3", NOON))
