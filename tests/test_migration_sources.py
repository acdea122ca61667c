"""One migration source for both databases: every released migration still runs exactly the statements it ran
when SQLite and PostgreSQL each had their own file.

The runner records only version numbers, so a migration already applied somewhere must never change what it
does. The digests below were taken from the two folders of files (``migrations/`` for SQLite and the former
``migrations_pg/`` for PostgreSQL) just before they became one: per version and database, the SHA-256 of its
statements, comments stripped and white space folded, one a line. (The PostgreSQL schema pg_dump prints was
also compared, old files against new, and found identical.)
"""

from __future__ import annotations

import hashlib
import re
import sqlite3
from pathlib import Path

import pytest

from bot.app.storage import MigrationError, load_migrations
from bot.app.storage.sql_dialects import DIALECTS, render

# version: SHA-256 of the statements SQLite ran
RELEASED_SQLITE: dict[int, str] = {
    1: "b4210a36505f3d221a26e1e4f3a2f75ec76ddbd45491dda7809b9eea47cdaaae",
    2: "b84c78a91b0683e26049bfc802da2e529b8f52498b7d8e6de12e4af1c9144df9",
    3: "d70a80c24bdae3f41828850d4eb7ccb6a19c37e0fd1da789dd1e7620abe30be7",
    4: "4cb8f73c47823f5b19fd0585fc309c344b1a14428614c534469f559c7ef6cd74",
    5: "2f09dcd3be70e5a85f1475c6655263ed62ccac71040f1471a0a55aa76135f189",
    6: "719eb171206b75a3d6b0264f43f1eda2383c2d851ff2e3587bc8aa620c91dc30",
    7: "7b98d58446a5f5ba922086d60dca90f6dc2057baa4b53b5350632d383a21b86c",
    8: "fdfe5c918508469c8d91d428eafd7a03bda0f69c2ea6633fe172fec463c39c72",
    9: "23098b89b8a974f740202ce977876f791f1f8f5d5fa3409687056f28bd6a3292",
    10: "2a88cbf3bb50f8acfa50a1e25df55dc45d6ef4036b56f33ae91ae89877f0158e",
    11: "38e436386c550e636b0d9f98d296ac5a217b9d60247fc1fe76f64d317d28cba1",
    12: "c84ca1b423f84a6364129503dbebea4fc2ab98bbb9d56f90c28b0e8ab27f86fb",
    13: "230c12607feb588d8bff1db542f988a78ae25d12972b716a84109e06caae41f0",
    14: "7be5fcba041d6139e7c39aa61998f954bbdbcd3805759f5d16104562ce815a3c",
    15: "d4f36ba0155d4df378c3af88e73b250a799c5fbaad8b75b04f3b01dc9984e180",
    16: "482fb07022a84b2db806605138db3bd5426af3994df337d2cccc6319afc2f775",
    17: "d7823398f850b33440c9fc10880a012f0aac29093237ea9fe0be2c221b9dce85",
    18: "4d202130c9a32bd2178b2522f4fc69f2335d9f9cf4ab6149ce2d0a4fd523bd64",
    19: "225642c66055037dd607b45f3d7eb9c5a3ad53471154a6019ca278de4fd6aada",
    20: "9eb9e11bc7e7ba775e97d835dd61200413821cd4621ff2ceb9730436aca14786",
    21: "54ca5c8cf388e811b3cc188a0bf65dfe1981fbd7b91244e2bda9bd04d8991c28",
    22: "44e96ace8e2ea4bf4f91719f20e836fdf815f95be3a396f2ad38cb6de4a8c455",
    23: "641616bf077f771e2b3b7cd35372bbcc34aa1d40413842992e9f0370e052513a",
    24: "0ffa7d40ce6756a39227fcd67f901362ef37f591cb413b60585e55d26971fb33",
    25: "0c93001fca7313ea0396b45cb24d5b2b8e91501a359a5ea7be513777d0715f39",
    26: "5b93763ce5d82354292477188b4821fc7135e59f3717fab8d0c8dd570ce5a51d",
    27: "1372172921004762b9600a45127c7855dc0fed0e251a52492963584ccd2168ac",
    28: "a238b5eef2cd3dd9f0fd5a685dcbb4d3a24d95738c99605f672b372196ede19c",
    29: "f105346ed6332c8ed893238fddc2432423b97e393f50e0710521da806527da8d",
    30: "69ee4dcfe65e59d163a019e698257d3d30c1a21358a0e84d8df4b424746a7e9f",
    31: "1eb5738ef216d3d7591511575bc4df5f24ba413e96da8670f1d3f1dfb8d31467",
}

# version: SHA-256 of the statements PostgreSQL ran
RELEASED_POSTGRESQL: dict[int, str] = {
    1: "207e56d3d2ca4195c2ef2c96c4d092486e502ac38e111f68098fd6c343010f7e",
    2: "7cbb56608e87964bd55031598a7778b8679bbce4116f07f74aaead05341bed8e",
    3: "06efb6adc3454a7da05ca71885f358f089604ec6da0bc8678afbec185f84e1ef",
    4: "bbd10c3a52ccd49227347cff9c9faa75d6b761c45554912fa32030b20d69357d",
    5: "3b2fa8ef6ea8bdb2fd7aae02e59bda44161b5569c07bcbc58d7ed781c73a1703",
    6: "6c5ed8f099115f709b262bc7280a5fb92977faccae599b6cc0baf9c8b7cb2eee",
    7: "0e7e553ba429736143de2880ae709cfdaf1351146d47cb73e4e2937e66b3dc74",
    8: "e67ec395b3ba4bc986baf18ac6dbd311fe8e25bd4b4866d0ffc33932e990762c",
    9: "999abdb69b46b998069a301f9601bc9bea7b673261c6edab5747ef5a576bed66",
    10: "b281908c808c85af5570482d0a118b7597c49b22e7c9a684c6d625540a50a37c",
    11: "ec176a1d2e63433dc38cf65820c075958a5d626e19c4a402e27f4f7bb07f851a",
    12: "9062d342ca8bf872ddbc0de7a7e285be446fabc5a8b0017ec6f5c3b496b7e3f7",
    13: "230c12607feb588d8bff1db542f988a78ae25d12972b716a84109e06caae41f0",
    14: "7be5fcba041d6139e7c39aa61998f954bbdbcd3805759f5d16104562ce815a3c",
    15: "053def2e2a44b74823b27e835ac730c233bd372c3642946f27534146e34ba3e5",
    16: "4a7c82d521aff5076682c0061a1f2af783ae219bdfc770d713d4eb6298c16dd7",
    17: "a2b5dc64929eba905cd01e112109d6a7b15b5ea640cc26f16494daf684fea146",
    18: "ba36e123ccf13d14507d87c422d371cebd317252127c9d21545ca08ea11d6474",
    19: "e61777302f3f702695a4b90d5e88169735ad3754c68f11ce51d96b1bdaa6b4a8",
    20: "888fb6ea053486e46c0b584261f1d904b961a710ccc0b1c1814b38232334b71f",
    21: "d1e04fdcaaff2d30dd9b6b359d29a4d0c5e4f107b640d9b330498f78068fffc3",
    22: "bf46092d43f8e97d120453c299aaf9b8a9add6efd2f80b80bd48070ec159b960",
    23: "c5b139093390ba0e689735338f9ef0a0b38fbd9452c23e60b9b53dff0f100e87",
    24: "998091a7dd2757f20d09d8b37104e1bb1ae2fdc12732cbeb0596a45d3f15ea93",
    25: "a3d38071de4be477a9309dea414ec2192842e274251d9c8aae773284fd9614e5",
    26: "d99e94119cf221d1d55f2622e302c8780c197d5cd5f18fabecd17fc3804724c0",
    27: "2d00c36b20513e3c187736198355f0a5c3625c3836b161b592a9957d1bbd0e2f",
    28: "4bc31e18ec18821e3b7707733db7ad59e29955ae575382af7bac8f1ebc301762",
    29: "f105346ed6332c8ed893238fddc2432423b97e393f50e0710521da806527da8d",
    30: "509253eb19db43f2f73591ae911d780d93393437f2e79887475d94988987b89d",
    31: "13ff63fe2d10326769f6aae2f79466ff95c7a6402ce17e2f68db3a443db8093a",
}

SQLITE_SCHEMA = "f3f1a3035cf80973fe390666b8cd3c8200ac2a761ae68ab841aaac80364e1aa0"
"""sqlite_master (type, name, table, SQL text to the letter) of a database built by every released migration."""

# A quoted text or a dollar-quoted body is one piece; a '--' comment runs to the end of its line.
_PIECE = re.compile(r"'[^']*'|\$\$.*?\$\$|--[^\n]*|;|[^'$;-]+|.", re.DOTALL)


def statements(script: str) -> list[str]:
    """The statements of ``script`` as the server receives them, comments stripped and white space folded.

    Splits at each ';' outside quotes and $$ bodies, and keeps a SQLite trigger's BEGIN ... END together.
    """
    found: list[str] = []
    current: list[str] = []
    for piece in _PIECE.findall(script):
        if piece.startswith("--"):
            current.append(" ")
            continue
        current.append(piece)
        text = " ".join("".join(current).split())
        in_trigger = text.startswith("CREATE TRIGGER") and "BEGIN" in text and not text.endswith("END;")
        if piece == ";" and not in_trigger:
            if text != ";":
                found.append(text)
            current = []
    assert not "".join(current).strip(), f"a script ends inside a statement: {''.join(current)!r}"
    return found


def digest(found: list[str]) -> str:
    return hashlib.sha256("\n".join(found).encode()).hexdigest()


def test_every_released_migration_runs_the_same_statements_on_sqlite() -> None:
    migrations = {m.version: m for m in load_migrations()}
    for version, expected in RELEASED_SQLITE.items():
        # What the SQLite backend executes: the loader's split, one statement at a time.
        ran = [statement for sql in migrations[version].statements() for statement in statements(sql)]
        assert digest(ran) == expected, f"migration {version:04d} changed on SQLite"


def test_every_released_migration_runs_the_same_statements_on_postgresql() -> None:
    migrations = {m.version: m for m in load_migrations(dialect="postgresql")}
    for version, expected in RELEASED_POSTGRESQL.items():
        # The PostgreSQL backend sends the whole script at once.
        assert digest(statements(migrations[version].sql)) == expected, f"migration {version:04d} changed on PostgreSQL"


def test_the_sqlite_schema_is_the_same_to_the_letter() -> None:
    db = sqlite3.connect(":memory:")
    try:
        for migration in load_migrations():
            for statement in migration.statements():
                db.execute(statement)
        rows = db.execute("SELECT type, name, tbl_name, sql FROM sqlite_master ORDER BY type, name").fetchall()
    finally:
        db.close()
    assert hashlib.sha256(repr(rows).encode()).hexdigest() == SQLITE_SCHEMA


def test_postgresql_spells_the_types_its_own_way() -> None:
    source = "CREATE TABLE t (\n    id INTEGER PRIMARY KEY AUTOINCREMENT,\n    n INTEGER, x REAL, small INT4,\n"
    source += "    note TEXT DEFAULT 'INTEGER REAL'\n) WITHOUT ROWID;\n"
    assert render(source, "postgresql") == (
        "CREATE TABLE t (\n    id BIGINT GENERATED BY DEFAULT AS IDENTITY PRIMARY KEY,\n"
        "    n BIGINT, x DOUBLE PRECISION, small INTEGER,\n    note TEXT DEFAULT 'INTEGER REAL'\n);\n"
    )
    assert render(source, "sqlite") == source.replace("INT4", "INTEGER")


def test_a_section_is_kept_for_its_database_only() -> None:
    source = "-- Reason: x\n-- @postgres\nCREATE FUNCTION f();\n-- @end\n-- @sqlite\nSELECT 1;\n-- @end\nSELECT 2;\n"
    assert render(source, "postgresql") == "-- Reason: x\nCREATE FUNCTION f();\nSELECT 2;\n"
    assert render(source, "sqlite") == "-- Reason: x\nSELECT 1;\nSELECT 2;\n"


@pytest.mark.parametrize(
    ("text", "complaint"),
    [
        ("-- @postgres\nSELECT 1;\n", "never closed"),
        ("-- @end\n", "unknown directive"),
        ("-- @sqlite\n-- @postgres\n-- @end\n", "inside"),
        ("-- @log-kinds move, chance\n", "quoted kinds"),
        ("-- @append-only moves\n", "table trigger: message"),
        ("-- @widen 'move'\n", "unknown directive"),
    ],
)
def test_a_misused_directive_is_refused(tmp_path: Path, text: str, complaint: str) -> None:
    (tmp_path / "0001_first.sql").write_text("-- Reason: test\n" + text, encoding="utf-8")
    for dialect in DIALECTS:
        with pytest.raises(MigrationError, match=complaint):
            load_migrations(tmp_path, dialect=dialect)
