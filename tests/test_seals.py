"""Secrets proven kept (issue 29): every secret a player chooses is sealed when it is fixed, and checked at the end.

A Subulata set-up typed by its player and an Ultima-Tek bonus placed face down are sealed (SHA-256 over the
logged decision and a fresh nonce, ``bot.app.fairness``); what chance deals is covered by the seed instead.
A finished match verifies, in Plateau and with the README's script; a secret or a nonce changed in the
database afterwards does not.
"""

from __future__ import annotations

import hashlib
import random
import re
from pathlib import Path

import pytest

from bot.app import fairness
from bot.app.matches import LogKind, Match, MatchService, MatchStatus, holds_secret
from bot.app.records.record import SealError, check_seals, export_record, parse_record, replay_record, verify_record
from bot.app.storage import Store
from tests.test_fairness import fixed, lobby, play, run_script
from tests.test_matches import Clock

WHITE, BLACK = "371946825", "918273645"


@pytest.fixture
async def service() -> MatchService:
    store = await Store.open(":memory:")
    try:
        yield MatchService(store, Clock(), fixed())
    finally:
        await store.close()


async def subulata(service: MatchService, *, white: str = WHITE, black: str | None = BLACK, end: bool = True) -> Match:
    """A Subulata match whose set-ups White types (and Black too, or asks for a random one), played on at random."""
    match = await lobby(service, "subulata", {}, 2)
    match = (await service.start(match.id, match.seats[0])).match
    match = (await service.move(match.id, match.seats[0], f"white setup {white}")).match
    black_setup = "black setup random" if black is None else f"black setup {black}"
    match = (await service.move(match.id, match.seats[1], black_setup)).match
    return await play(service, match, random.Random(7), decisions=400 if end else 4)


async def ultimatek(service: MatchService) -> Match:
    """An Ultima-Tek match to 30 turns, played at random to its end."""
    match = await lobby(service, "ultimatek", {"cap": "30"}, 2)
    match = (await service.start(match.id, match.seats[0])).match
    return await play(service, match, random.Random(11), decisions=3000)


async def record_of(service: MatchService, match: Match) -> str:
    """The export of ``match`` with its seals, as ``/game export`` writes it."""
    history = await service.history(match.id)
    return export_record(match, history, ["alice", "bob"], await service.seals(match.id))


# The recipe.


def test_the_seal_hashes_the_documented_bytes() -> None:
    nonce = "00112233445566778899aabbccddeeff"
    made = fairness.seal(12, 19, 0, "white setup 371946825", nonce)
    secret = b"white setup 371946825"
    layout = (
        b"plateau-seal-1"
        + (12).to_bytes(8, "big")
        + (19).to_bytes(4, "big")
        + (0).to_bytes(4, "big")
        + len(secret).to_bytes(4, "big")
        + secret
        + bytes.fromhex(nonce)
    )
    assert fairness.seal_bytes(12, 19, 0, "white setup 371946825", nonce) == layout
    assert made.commitment == hashlib.sha256(layout).hexdigest()
    assert nonce not in repr(made), "the nonce stays out of logs"
    assert fairness.seal_holds(12, made, "white setup 371946825")
    assert not fairness.seal_holds(12, made, "white setup 173946825")
    assert not fairness.seal_holds(13, made, "white setup 371946825"), "a seal names its match"
    assert len(fairness.new_nonce()) == 32 and fairness.new_nonce() != fairness.new_nonce()


# Which secrets are sealed, and when.


async def test_a_typed_set_up_is_sealed_when_it_is_played_and_a_drawn_one_is_not(service: MatchService) -> None:
    match = await lobby(service, "subulata", {}, 2)
    match = (await service.start(match.id, match.seats[0])).match
    assert await service.seals(match.id) == ()
    report = await service.move(match.id, match.seats[0], f"white setup {WHITE}")
    (sealed,) = await service.seals(match.id)
    (entry,) = report.entries
    assert (sealed.ply, sealed.seat) == (entry.ply, 0) and report.secret
    assert fairness.seal_holds(match.id, sealed, entry.notation)
    report = await service.move(match.id, match.seats[1], "black setup random")
    assert [s.ply for s in await service.seals(match.id)] == [sealed.ply], "chance deals it: the seed covers it"
    assert any(e.kind is LogKind.CHANCE and e.notation.startswith("setup:1:") for e in report.entries)


async def test_every_bonus_placed_face_down_is_sealed_and_no_draw_is(service: MatchService) -> None:
    match = await ultimatek(service)
    history = await service.history(match.id)
    seals = await service.seals(match.id)
    placed = [e for e in history if e.kind is LogKind.MOVE and e.notation.startswith("place ")]
    assert placed and [s.ply for s in seals] == [e.ply for e in placed]
    assert all(s.seat == e.seat for s, e in zip(seals, placed, strict=True))
    draws = [e for e in history if e.kind is LogKind.CHANCE and e.notation.startswith("draw:")]
    assert draws and not {e.ply for e in draws} & {s.ply for s in seals}
    assert len({s.nonce for s in seals}) == len(seals), "a fresh nonce for every seal"


async def test_a_match_from_before_seals_nothing_and_its_record_checks_no_seal(service: MatchService) -> None:
    service.config.fair = False
    match = await subulata(service)
    assert match.fair is None and await service.seals(match.id) == ()
    record = parse_record(await record_of(service, match))
    assert record.sealing is None and check_seals(record) == 0


# Verification.


@pytest.mark.parametrize("game", ["subulata", "ultimatek"])
async def test_a_finished_match_verifies_in_plateau_and_with_the_readme_script(
    service: MatchService, game: str, tmp_path: Path
) -> None:
    match = await (subulata(service) if game == "subulata" else ultimatek(service))
    assert match.status is MatchStatus.FINISHED
    text = await record_of(service, match)
    record = parse_record(text)
    verdict = verify_record(record)
    seals = len(await service.seals(match.id))
    assert not verdict.fault and verdict.seals == verdict.sealed == seals > 0 and verdict.draws > 0
    assert replay_record(record) == match.state
    done = run_script(text, tmp_path)
    expected = f"all {verdict.draws} outcomes match, all {seals} sealed secrets match"
    assert done.returncode == 0 and done.stdout.strip() == expected, done.stderr


async def tamper(service: MatchService, sql: str, *params: object) -> None:
    """Change the database behind the bot's back, as whoever runs it could (dropping the triggers that keep the
    log and the seals from being rewritten)."""
    store = service._store
    async with store.transaction():
        await store._write("DROP TRIGGER IF EXISTS moves_append_only")
        await store._write("DROP TRIGGER IF EXISTS secret_seals_kept")
        assert await store._write(sql, params) == 1


@pytest.mark.parametrize("change", ["secret", "nonce", "seal gone", "nonce placeholder"])
async def test_a_secret_or_nonce_changed_in_the_database_fails_verification(
    service: MatchService, change: str, tmp_path: Path
) -> None:
    match = await subulata(service)
    (white, _) = await service.seals(match.id)
    if change == "secret":
        # A legal set-up still (two values swapped): the match replays, only the seal can tell.
        await tamper(
            service,
            "UPDATE moves SET notation = ? WHERE match_id = ? AND ply = ?",
            "white setup 173946825",
            match.id,
            white.ply,
        )
    elif change == "nonce":
        await tamper(
            service,
            "UPDATE secret_seals SET nonce = ? WHERE match_id = ? AND ply = ?",
            "ff" * 16,
            match.id,
            white.ply,
        )
    elif change == "nonce placeholder":
        # Issue 37, fault 1: the secret rewritten after the end, its nonce written as a running match's "-".
        await tamper(
            service,
            "UPDATE moves SET notation = ? WHERE match_id = ? AND ply = ?",
            "white setup 173946825",
            match.id,
            white.ply,
        )
        await tamper(
            service, "UPDATE secret_seals SET nonce = ? WHERE match_id = ? AND ply = ?", "-", match.id, white.ply
        )
    else:
        await tamper(service, "DELETE FROM secret_seals WHERE match_id = ? AND ply = ?", match.id, white.ply)
    text = await record_of(service, match)
    verdict = verify_record(parse_record(text))
    assert verdict.in_seals
    if change == "nonce placeholder":
        assert (
            verdict.fault
            == f"ply {white.ply}: the seal {white.commitment[:8]} of alice has no nonce, though the match has ended"
        )
        done = run_script(text, tmp_path)
        assert done.returncode != 0 and done.stderr.strip() == (
            f"ply {white.ply}: the seal {white.commitment[:8]} has no nonce, though the match has ended"
        )
        return
    if change == "seal gone":
        assert verdict.fault == f"ply {white.ply}: a secret of alice has no seal"
        return
    assert verdict.fault == (
        f"ply {white.ply}: the secret of alice is not the one sealed when it was chosen (seal {white.commitment[:8]})"
    )
    with pytest.raises(SealError):
        replay_record(parse_record(text))
    done = run_script(text, tmp_path)
    assert done.returncode != 0 and done.stderr.strip() == (
        f"ply {white.ply}: the secret is not the one sealed (seal {white.commitment[:8]})"
    )


async def test_a_record_of_a_running_match_shows_the_seals_but_no_nonce(service: MatchService) -> None:
    match = await subulata(service, end=False)
    assert match.status is MatchStatus.ACTIVE
    seals = await service.seals(match.id)
    text = await record_of(service, match)
    assert len(seals) == 2 and all(s.commitment in text and s.nonce not in text for s in seals)
    record = parse_record(text)
    assert check_seals(record) == 0, "nothing to check before the nonces are revealed"
    assert all(holds_secret(match.game, (e,)) for e in record.entries if e.ply in {s.ply for s in seals})
    assert re.findall(r"^\d+ \d [0-9a-f]{64} -$", text, flags=re.MULTILINE)


async def test_a_seal_is_never_rewritten(service: MatchService) -> None:
    match = await subulata(service, end=False)
    store = service._store
    with pytest.raises(Exception, match="never rewritten"):
        async with store.transaction():
            await store._write("UPDATE secret_seals SET nonce = ? WHERE match_id = ?", ("00" * 16, match.id))
    said = {e.ply: e.notation for e in await service.history(match.id)}
    assert all(fairness.seal_holds(match.id, s, said[s.ply]) for s in await service.seals(match.id))
