"""What players see of provably fair chance: the commitment's fingerprint, the salts, the revealed seed, and
``/game verify`` (the full values, opening with one sentence of verdict).

The texts are pure functions of a match (the boards, the lobby card and the status call them); the handler
serves ``/game verify``. Players add their salts in the lobby (:mod:`bot.shell.lobby.salt`). The seed
appears in no text before the match has ended: it decides hidden information.

The seals of the players' chosen secrets (:data:`bot.app.fairness.SEAL_SCHEME`) are said on the turn post
that tells the sealed decisions, in one short line with the seal chain's code (:func:`seal_line`), counted
on the final post and checked by ``/game verify`` with the dice; their nonces appear in no message at all
(the export of an ended match carries them).
"""

from __future__ import annotations

from collections.abc import Sequence

import discord

from bot.app.fairness import Seal, fingerprint, seal_chain
from bot.app.i18n import language_of, t
from bot.app.matches import DECISIONS, LogEntry, Match, MatchError, MatchStatus, TurnReport
from bot.app.member_text import inert
from bot.app.records.record import RecordError, Verdict, export_record, parse_record, verify_record
from bot.shell.context import Shell

ENDED = (MatchStatus.FINISHED, MatchStatus.ABORTED)
FIELD_VALUE = 1024
"""Discord's limit on an embed field's value."""


def _chunks(lines: list[str], limit: int) -> list[str]:
    """``lines`` joined into as few texts of at most ``limit`` characters as they fit (a longer line is cut)."""
    chunks: list[str] = []
    for line in lines:
        line = line[:limit]
        if chunks and len(chunks[-1]) + 1 + len(line) <= limit:
            chunks[-1] += "\n" + line
        else:
            chunks.append(line)
    return chunks or ["—"]


def fairness_lines(match: Match, lang: str, *, final: bool) -> list[str]:
    """The commitment's short fingerprint (in the lobby, in one plain sentence with the salts so far), or with
    ``final`` (an ended match) the line saying the seed is revealed. The full values are only in
    ``/game verify``: these lines are said often (the lobby card, the first and the last post, the status card)
    and a phone shows 64 hex digits as three lines.

    Empty for a match from before provably fair chance.
    """
    fair = match.fair
    if fair is None:
        return []
    short = fingerprint(fair.commitment)
    if final and match.status in ENDED:
        return [t(lang, "fair.revealed", fingerprint=short, id=match.id)]
    if match.status is MatchStatus.LOBBY:
        # A newcomer reads the lobby first: the seal and the secret words in plain words, in one line.
        salted = sum(1 for uid in match.seats if uid in fair.salts)
        return [t(lang, "fair.lobby", fingerprint=short, count=salted, total=len(match.seats))]
    return [t(lang, "fair.commitment", fingerprint=short)]


def board_lines(match: Match, lang: str, report: TurnReport | None) -> list[str]:
    """The fairness lines of a board post: the commitment on the first board, the seed on the final one."""
    if match.status in ENDED:
        return fairness_lines(match, lang, final=True)
    if report is None or any(e.kind in DECISIONS for e in report.entries):
        return []
    # The start's report: only the opening chance entries, the whole log so far.
    return fairness_lines(match, lang, final=False) if match.version == len(report.entries) else []


def seal_line(entries: Sequence[LogEntry], seals: Sequence[Seal], lang: str) -> str | None:
    """The one line a turn post says of the chosen secrets sealed among ``entries``: how many, and the seal
    chain's code after the last of them (:func:`bot.app.fairness.seal_chain`), which commits to every seal
    so far; None when ``entries`` seal nothing. Whose secrets they were, the story's lines above already say:
    the three fingerprints a line per player gave wrapped to three lines of a phone (issue 39)."""
    plies = {e.ply for e in entries}
    ordered = sorted(seals, key=lambda s: s.ply)
    told = [i for i, found in enumerate(ordered) if found.ply in plies]
    if not told:
        return None
    code = seal_chain(ordered[: told[-1] + 1])[-1]
    return t(lang, "seal.line", count=len(told), code=fingerprint(code))


def lobby_text(match: Match, lang: str) -> str:
    """The lobby card's lines about fairness: the commitment and salts, or the seed of a closed lobby."""
    return "\n".join(fairness_lines(match, lang, final=True))


async def verify(shell: Shell, interaction: discord.Interaction, match_id: int | None) -> None:
    """``/game verify``: the scheme, commitment and salts, and once the match is over the seed and a re-check."""
    match = await shell.pbp.find(interaction, match_id)
    lang = language_of(interaction.locale)
    fair = match.fair
    if fair is None:
        await interaction.response.send_message(t(lang, "fair.not_verifiable", id=match.id), ephemeral=True)
        return
    names = await shell.ui.names(match)
    embed = discord.Embed(title=t(lang, "fair.verify_title", id=match.id), colour=discord.Colour.green())
    embed.add_field(name=t(lang, "fair.commitment_name"), value=f"`{fair.commitment}`", inline=False)
    # Member text, shown inertly and never in a code span, which a backtick of its own would close.
    kinds = await shell.service.salt_kinds(match)
    lines = []
    for seat, (name, salt) in enumerate(zip(names, fair.salts_in_seat_order(match.seats), strict=True)):
        origin = f" ({t(lang, f'fair.kind.{kinds[seat]}')})" if salt and seat in kinds else ""
        lines.append(f"{inert(name)}: {inert(salt)}{origin}" if salt else f"{inert(name)}: —")
    for value in _chunks(lines, FIELD_VALUE):
        embed.add_field(name=t(lang, "fair.salts_name"), value=value, inline=False)
    seals = await shell.service.seals(match.id) if fair.seals is not None else ()
    if seals:
        embed.add_field(name=t(lang, "seal.field"), value=_seal_summary(seals, names, lang), inline=False)
    if match.status in ENDED:
        embed.add_field(name=t(lang, "fair.seed_name"), value=f"`{fair.server_seed}`", inline=False)
        checked = await _checked(shell, interaction, match, names, seals)
        if not checked.fault:
            check = t(lang, "fair.all_match", count=checked.draws)
            verdict = t(lang, "fair.verdict.fair" if checked.draws else "fair.verdict.none", id=match.id)
            if seals:
                check += "\n" + t(lang, "seal.all_match", checked=checked.seals, total=checked.sealed)
                key = "seal.verdict.kept" if checked.draws else "seal.verdict.kept_no_dice"
                verdict = t(lang, key, id=match.id, count=checked.seals)
        else:
            check = t(lang, "fair.mismatch", detail=checked.fault)
            verdict = t(lang, "seal.verdict.broken" if checked.in_seals else "fair.verdict.unfair", id=match.id)
            embed.colour = discord.Colour.red()
        embed.add_field(name=t(lang, "fair.check_name"), value=check[:FIELD_VALUE], inline=False)
        _close(embed, lang, verdict, fair.scheme, t(lang, "fair.recipe_ended"))
        await interaction.followup.send(embed=embed, ephemeral=True)
        return
    embed.add_field(name=t(lang, "fair.seed_name"), value=t(lang, "fair.seed_hidden"), inline=False)
    verdict = t(lang, "fair.verdict.running", id=match.id, fingerprint=fingerprint(fair.commitment))
    if seals:
        verdict += " " + t(lang, "seal.verdict.running", count=len(seals))
    _close(embed, lang, verdict, fair.scheme, t(lang, "fair.recipe_running"))
    await interaction.response.send_message(embed=embed, ephemeral=True)


def _close(embed: discord.Embed, lang: str, verdict: str, scheme: str, recipe: str) -> None:
    """The verify card opens with its one plain sentence of verdict; the recipe's name and how it works go last,
    below the values (a phone shows the verdict first, the details on demand)."""
    embed.description = verdict
    embed.add_field(name=t(lang, "fair.scheme"), value=f"`{scheme}`", inline=False)
    embed.add_field(name=t(lang, "fair.how_name"), value=recipe[:FIELD_VALUE], inline=False)


def _seal_summary(seals: Sequence[Seal], names: Sequence[str], lang: str) -> str:
    """The seal chain's codes as the turn posts showed them: one per run of a player's seals (the seals of
    their turn), the last :data:`SEALS_SHOWN` of them, for members to compare; never a nonce."""
    ordered = sorted(seals, key=lambda s: s.ply)
    codes = seal_chain(ordered)
    runs: list[tuple[int, int, str]] = []  # seat, seals in the run, the code after its last
    for found, code in zip(ordered, codes, strict=True):
        if runs and runs[-1][0] == found.seat:
            runs[-1] = (found.seat, runs[-1][1] + 1, code)
        else:
            runs.append((found.seat, 1, code))
    lines = [
        t(lang, "seal.run", name=inert(names[seat]) if seat < len(names) else "?", count=count, code=fingerprint(code))
        for seat, count, code in runs[-SEALS_SHOWN:]
    ]
    if len(runs) > SEALS_SHOWN:
        lines.insert(0, t(lang, "seal.more", count=len(runs) - SEALS_SHOWN))
    return "\n".join(lines)[:FIELD_VALUE]


SEALS_SHOWN = 12
"""Chain codes listed in ``/game verify`` (the export lists every seal, from which each code is worked out)."""


async def _checked(
    shell: Shell, interaction: discord.Interaction, match: Match, names: list[str], seals: Sequence[Seal]
) -> Verdict:
    """Every seal and every draw of the ended ``match`` checked from its record: the counts, or the first fault.

    Worked out once per match version (an ended match does not change), one request at a time per member and
    match; the interaction is deferred (privately) before the work.

    Raises:
        MatchError: ``verify_busy``, while the same member's earlier check of this match runs.
    """
    kept = shell.heavy.verdict(match.id, match.version)
    if isinstance(kept, Verdict):
        await interaction.response.defer(ephemeral=True, thinking=True)
        return kept
    busy = MatchError("verify_busy", id=match.id)
    with shell.heavy.one_at_a_time(("verify", interaction.user.id, match.id), busy):
        await interaction.response.defer(ephemeral=True, thinking=True)
        history = await shell.service.history(match.id)

        def check() -> Verdict:
            # Through the export, as anyone else would check it; replaying the match is work for a thread.
            try:
                listed = seals if match.fair is not None and match.fair.seals is not None else None
                return verify_record(parse_record(export_record(match, history, names, listed)))
            except RecordError as exc:
                return Verdict(fault=str(exc))

        verdict = await shell.heavy.run(check)
    shell.heavy.keep_verdict(match.id, match.version, verdict)
    return verdict
