"""The corpus store: one SQLite file (WAL, foreign keys, a schema version, one transaction per page).

Every page is written in one ``BEGIN IMMEDIATE … COMMIT``: the page row and all its layers appear
together or not at all, so a build killed mid-way leaves only whole pages. SQL is always parameterised;
the only names put into SQL text come from the fixed :data:`FRAMES` table. SQLite's own errors
(disk full, read-only, locked, not a database) become one-line :mod:`puthi.errors` naming the file.

>>> import tempfile, os
>>> from puthi.corpus.records import Document, PageResult
>>> db = os.path.join(tempfile.mkdtemp(), "c.sqlite")
>>> with Corpus(db) as c:
...     doc = c.upsert_document(Document("/x/a.txt", "a.txt", "text", "f00"))
...     _ = c.write_page(doc, PageResult("/x/a.txt", 1, "h1", ocr_text="তাস", text="তাস"))
...     c.frame("pages")[["document", "page_no", "text"]].to_dict("records")
[{'document': 'a.txt', 'page_no': 1, 'text': 'তাস'}]
"""

from __future__ import annotations

import bisect
import itertools
import json
import os
import sqlite3
import unicodedata
from collections import Counter
from collections.abc import Callable, Iterable, Iterator
from contextlib import contextmanager
from dataclasses import asdict, dataclass, field
from functools import partial
from pathlib import Path
from typing import TYPE_CHECKING, Any

from puthi.corpus.corrections import (
    MAX_PAGE,
    NO_RULE,
    CorrectedPage,
    Marked,
    anchor,
    apply_corrections,
    check_annotation,
)
from puthi.corpus.records import (
    Annotation,
    Claim,
    Document,
    Failure,
    PageResult,
    ProcessingStep,
    Verdict,
    claim_xml_ids,
)
from puthi.errors import InputError, OutputError, PuthiError
from puthi.normalize.edits import Edit
from puthi.rules.spans import NumberSpan, TermSpan

if TYPE_CHECKING:
    from puthi.rules.terms.tables import TableFile

#: The schema version this code writes. Migrations take a store from version ``n - 1`` to ``n``.
SCHEMA_VERSION = 9
SCHEMA_FILE = Path(__file__).with_name("schema.sql")


def statements(sql: str) -> list[str]:
    r"""The statements of an SQL script, so a migration runs inside one transaction (``executescript``
    would commit on its own).

    >>> statements("CREATE TABLE a (x TEXT DEFAULT ';');\n-- note\nCREATE TABLE b (y);")
    ["CREATE TABLE a (x TEXT DEFAULT ';');", '-- note\nCREATE TABLE b (y);']
    """
    out, buf = [], ""
    for line in sql.splitlines(keepends=True):
        buf += line
        if sqlite3.complete_statement(buf):
            out.append(buf.strip())
            buf = ""
    if buf.strip() and not all(ln.strip().startswith("--") for ln in buf.strip().splitlines()):
        raise ValueError(f"incomplete SQL statement: {buf.strip()[:60]}")
    return out


def _initial(conn: sqlite3.Connection) -> None:
    for stmt in statements(SCHEMA_FILE.read_text(encoding="utf-8")):
        conn.execute(stmt)


def _page_xml_sources(conn: sqlite3.Connection) -> None:
    """Version 2: documents may be PAGE XML (kind ``page``). Only the CHECK constraint on ``documents.kind``
    changes, which alters no stored row, so the table's definition is rewritten in place, as SQLite's
    documentation allows for such changes, rather than the table rebuilt (which would cascade to its pages)."""
    _rewrite_table(conn, "documents", "'alto', 'text')", "'alto', 'page', 'text')")


def _rewrite_table(conn: sqlite3.Connection, table: str, old: str, new: str) -> None:
    """Replace ``old`` by ``new`` in ``table``'s definition, in place (for a CHECK constraint that allows more)."""
    (sql,) = conn.execute("SELECT sql FROM sqlite_master WHERE type = 'table' AND name = ?", (table,)).fetchone()
    changed = sql.replace(old, new)
    if changed == sql:
        return
    (version,) = conn.execute("PRAGMA schema_version").fetchone()
    conn.execute("PRAGMA writable_schema = ON")
    try:
        conn.execute("UPDATE sqlite_master SET sql = ? WHERE type = 'table' AND name = ?", (changed, table))
        conn.execute(f"PRAGMA schema_version = {int(version) + 1}")
    finally:
        conn.execute("PRAGMA writable_schema = OFF")


def _lasting_correction_ids(conn: sqlite3.Connection) -> None:
    """Version 3: a deleted correction's id is never given to another one (a scholar's notes cite the ids).

    SQLite gives a new row the largest id plus one, so deleting the newest correction freed its id. The
    largest id ever given is now kept in ``counters`` (:meth:`Corpus.add_annotations`); a table with
    AUTOINCREMENT would do the same, but making one means rebuilding ``annotations``, which its edits,
    terms and verdicts reference."""
    conn.execute("CREATE TABLE IF NOT EXISTS counters (name TEXT PRIMARY KEY, value INTEGER NOT NULL)")
    conn.execute("INSERT OR IGNORE INTO counters (name, value) "
                 "SELECT 'annotations', coalesce(max(id), 0) FROM annotations")


def _pending_documents(conn: sqlite3.Connection) -> None:
    """Version 4: the documents whose whole-document passes (claims read across pages, a watermark's repair)
    have not run since their pages changed: a build stopped in them finishes them next time."""
    conn.execute("CREATE TABLE IF NOT EXISTS pending (doc_id INTEGER PRIMARY KEY "
                 "REFERENCES documents(id) ON DELETE CASCADE)")


def _game_corrections(conn: sqlite3.Connection) -> None:
    """Version 5: a person may say which game a claim is about (annotation kind ``game``). Only the CHECK
    constraint on ``annotations.kind`` changes, so the table's definition is rewritten in place, as in
    version 2."""
    _rewrite_table(conn, "annotations", "'term', 'verdict')", "'term', 'verdict', 'game')")


def _term_tables(conn: sqlite3.Connection) -> None:
    """Version 6: a scholar's terminology tables (``build --table``) are kept in the corpus, in the order given,
    so that corrections and later builds read the pages with them even when the files are gone."""
    conn.execute("CREATE TABLE IF NOT EXISTS term_tables (position INTEGER PRIMARY KEY, name TEXT NOT NULL, "
                 "text TEXT NOT NULL)")


def _aimed_corrections(conn: sqlite3.Connection) -> None:
    """Version 7: a verdict, withdrawal or game may be aimed at the claims of one quantity at its span
    (``correct --quantity``, ``--claim``): a sentence of six card values had all six marked at once."""
    conn.execute("ALTER TABLE annotations ADD COLUMN quantity TEXT NOT NULL DEFAULT ''")


def _edits_in_force(conn: sqlite3.Connection, page_id: int):
    """An :class:`~puthi.normalize.edits.OffsetMap` of the edits in force on a stored page, people's too."""
    from puthi.normalize.edits import OffsetMap

    return OffsetMap([Edit(*row) for row in conn.execute(
        'SELECT start, "end", before, after, rule, confidence FROM edits WHERE page_id = ? AND active = 1',
        (page_id,))])


def _number_scores(conn: sqlite3.Connection) -> None:
    """Version 8: a number is as sure as the repair it was read out of (a newcomer: `२१`, guessed to be ২৭, stood
    in numbers.csv as surely as a printed ২৪)."""
    conn.execute("ALTER TABLE numbers ADD COLUMN score REAL NOT NULL DEFAULT 1")
    pages = [r[0] for r in conn.execute("SELECT DISTINCT page_id FROM numbers")]
    for page_id in pages:  # the stored pages' numbers, scored as a build now scores them (a review)
        offsets = _edits_in_force(conn, page_id)
        conn.executemany("UPDATE numbers SET score = ? WHERE rowid = ?", [
            (round(offsets.output_confidence(start, end), 3), rowid) for rowid, start, end in conn.execute(
                'SELECT rowid, start, "end" FROM numbers WHERE page_id = ?', (page_id,)).fetchall()])


def _term_scores(conn: sqlite3.Connection) -> None:
    """Version 9: the machine's term links are as sure as the repair they were read out of, as a build now scores
    them (a newcomer: garble guessed as কাবার at 0.24 was a Grabu term at 1.0)."""
    pages = [r[0] for r in conn.execute("SELECT DISTINCT page_id FROM terms WHERE resp = 'machine'")]
    for page_id in pages:
        offsets = _edits_in_force(conn, page_id)
        conn.executemany("UPDATE terms SET score = ? WHERE rowid = ?", [
            (round(score * offsets.output_confidence(start, end), 3), rowid)
            for rowid, start, end, score in conn.execute(
                'SELECT rowid, start, "end", score FROM terms WHERE page_id = ? AND resp = \'machine\'',
                (page_id,)).fetchall()])


#: version -> the step that makes it from the version before. Append; never edit a released step.
MIGRATIONS: dict[int, Callable[[sqlite3.Connection], None]] = {
    1: _initial, 2: _page_xml_sources, 3: _lasting_correction_ids, 4: _pending_documents, 5: _game_corrections,
    6: _term_tables, 7: _aimed_corrections, 8: _number_scores, 9: _term_scores}

_DOC = "d.name AS document, d.source AS source"
_PAGE = f"{_DOC}, p.page_no AS page_no"
#: The pandas views, by name. Fixed SQL only; the caller's name is looked up, never interpolated.
FRAMES: dict[str, str] = {
    "documents": "SELECT d.id AS doc_id, d.name AS document, d.source, d.kind, d.sha256, d.lang, d.licence, "
    "d.provenance, d.title, d.pages, d.added FROM documents d ORDER BY d.source",
    "pages": f"SELECT {_PAGE}, p.content_hash, p.image, p.width, p.height, p.lang, p.mean_conf, "
    "p.ocr_text, p.text, p.seconds, p.done FROM pages p JOIN documents d ON d.id = p.doc_id "
    "ORDER BY d.source, p.page_no",
    "steps": f"SELECT {_PAGE}, s.seq, s.stage, s.version, s.settings FROM steps s "
    "JOIN pages p ON p.id = s.page_id JOIN documents d ON d.id = p.doc_id ORDER BY d.source, p.page_no, s.seq",
    "lines": f'SELECT {_PAGE}, l.line_no, l.block_no, l.start, l."end", l.x0, l.y0, l.x1, l.y1 FROM lines l '
    "JOIN pages p ON p.id = l.page_id JOIN documents d ON d.id = p.doc_id ORDER BY d.source, p.page_no, l.line_no",
    "words": f'SELECT {_PAGE}, w.line_no, w.word_no, w.start, w."end", w.text, w.conf, w.x0, w.y0, w.x1, w.y1 '
    "FROM words w JOIN pages p ON p.id = w.page_id JOIN documents d ON d.id = p.doc_id "
    "ORDER BY d.source, p.page_no, w.line_no, w.word_no",
    "edits": f'SELECT {_PAGE}, e.start, e."end", e.before, e.after, e.rule, e.confidence, e.resp, e.author, '
    "e.active, e.annotation_id FROM edits e JOIN pages p ON p.id = e.page_id JOIN documents d ON d.id = p.doc_id "
    "ORDER BY d.source, p.page_no, e.start",
    "terms": f'SELECT {_PAGE}, t.start, t."end", t.surface, t.headword, t.concept, t.gloss, t.tbl AS "table", '
    "t.score, t.resp, t.author, t.active, t.annotation_id FROM terms t JOIN pages p ON p.id = t.page_id "
    "JOIN documents d ON d.id = p.doc_id ORDER BY d.source, p.page_no, t.start",
    "numbers": f'SELECT {_PAGE}, n.start, n."end", n.surface, n.value, n.score FROM numbers n '
    "JOIN pages p ON p.id = n.page_id JOIN documents d ON d.id = p.doc_id ORDER BY d.source, p.page_no, n.start",
    "claims": f'SELECT {_PAGE}, c.id AS claim_id, c.game, c.quantity, c.params, c.stated, c.start, c."end", '
    "c.text, c.confidence FROM claims c JOIN pages p ON p.id = c.page_id JOIN documents d ON d.id = p.doc_id "
    "ORDER BY d.source, p.page_no, c.seq",
    "verdicts": f"SELECT {_PAGE}, c.id AS claim_id, c.quantity, c.stated, v.expected, v.verdict, v.explanation, "
    "v.impl, v.resp, v.author, v.active, v.annotation_id FROM verdicts v JOIN claims c ON c.id = v.claim_id "
    "JOIN pages p ON p.id = c.page_id JOIN documents d ON d.id = p.doc_id ORDER BY d.source, p.page_no, c.seq",
    "annotations": f'SELECT a.id AS annotation_id, {_DOC}, a.page_no, a.kind, a.start, a."end", a.line_no, '
    "a.word_no, a.before, a.after, a.quantity, a.author, a.note, a.created, a.status FROM annotations a "
    "JOIN documents d ON d.id = a.doc_id ORDER BY d.source, a.page_no, a.id",
    "failures": "SELECT f.source, f.page_no, f.stage, f.message, f.at FROM failures f ORDER BY f.id",
}


def _check_schema(path: str, have: int, *, foreign: bool) -> None:
    """A one-line error for a store this code cannot read: a newer puthi's, or another program's SQLite file."""
    if have > SCHEMA_VERSION:
        raise InputError(path, f"was written by a newer puthi (schema {have} > {SCHEMA_VERSION}); upgrade puthi "
                               "to read it")
    if foreign or have < 0:  # a negative version is no puthi's (a hostile tester: a KeyError in the migration)
        raise InputError(path, "is an SQLite file but not a puthi corpus; choose another --db")


class RefusedValue(InputError):
    """A value the store's schema refuses (a constraint): the page that holds it is refused, not the build."""


def db_error(path: str, exc: sqlite3.Error) -> PuthiError:
    """A one-line :mod:`puthi.errors` for an SQLite error on the store at ``path``."""
    msg = str(exc).lower()
    if isinstance(exc, sqlite3.IntegrityError):  # an imported page's NaN had stopped a whole build (a hostile tester)
        return RefusedValue(path, f"the corpus refuses a value of this page ({exc})")
    if "disk is full" in msg:
        return OutputError(path, f"cannot write the corpus ({exc}); free disk space and run again: "
                                 "pages already committed are kept")
    if "disk i/o" in msg:  # a full disk, a failing one, or a --db that is a device (/dev/null, a hostile tester)
        return OutputError(path, f"cannot write the corpus ({exc}); give --db a file on a working disk with free "
                                 "space and run again: pages already committed are kept")
    if "readonly" in msg or "read-only" in msg or "unable to open" in msg or "access permission" in msg:
        return OutputError(path, f"cannot open the corpus for writing ({exc}); check the folder exists and "
                                 "is writable, or choose another --db")
    if "locked" in msg or "busy" in msg:
        return OutputError(path, "the corpus is locked by another writer; wait for it to finish and run again")
    if "not a database" in msg:
        return InputError(path, f"is not a puthi corpus ({exc}); choose another --db")
    if any(w in msg for w in ("malformed", "no such table", "no such column", "could not decode", "corrupt")):
        return InputError(path, f"the corpus is damaged ({exc}); restore it from a backup or build it again")
    return OutputError(path, f"database error: {exc}")


#: Columns of the exported tables that hold whole numbers, with blanks where a row has none.
WHOLE_NUMBERS = ("page_no", "line_no", "word_no", "block_no", "start", "end", "x0", "y0", "x1", "y1", "width",
                 "height", "annotation_id", "active")


@dataclass
class StoredPage:
    """One page as the exports read it: both texts and every layer with who made each row."""

    doc: Document
    page_no: int
    content_hash: str
    page: dict[str, Any]
    ocr_text: str
    text: str
    lang: str
    steps: list[ProcessingStep]
    edits: list[Marked]
    terms: list[Marked]
    numbers: list[NumberSpan]
    claims: list[Claim]
    verdicts: list[Marked]
    lines: list[dict[str, Any]] = field(default_factory=list)
    words: list[dict[str, Any]] = field(default_factory=list)

    def game_set_by(self, claim: int) -> str | None:
        """The person whose game correction the machine's verdicts on claim number ``claim`` follow (the latest, in
        force or under a person's verdict), if any."""
        return max(((m.annotation_id, m.author) for m in self.verdicts if m.item.claim == claim
                    and m.resp == "machine" and m.annotation_id and m.author), default=(0, None))[1]


@dataclass
class ClaimsInput:
    """One stored page as reading a document's claims sees it: its final text and language, its steps, its
    active links to game names (and melds: বিস্তি alone is read as one), its claims, the game a person
    said the whole page is about (the latest such correction), if any, and the edits in force, people's too (a value
    the repair guessed is a guess while its edit stands)."""

    page_no: int
    text: str
    lang: str
    steps: list[ProcessingStep]
    games: list[TermSpan]
    claims: list[Claim]
    game: str | None = None
    edits: list[Edit] = field(default_factory=list)


def refuse_hard_links(path: str | Path) -> None:
    """``InputError`` when the corpus file ``path`` has hard links: SQLite keeps a write-ahead log per name, so two
    names of one file written at once damage it (a hostile tester's corpus lost a build's documents and failed its
    integrity check)."""
    if Path(path).is_file() and (links := Path(path).stat().st_nlink) > 1:
        raise InputError(str(path), f"has {links} hard links; SQLite cannot write a corpus file known by two names. "
                                    "Remove the other name, or work on a copy (cp FILE NEW.sqlite)")


class Corpus:
    """A corpus store at ``path`` (created and migrated on first open)."""

    def __init__(self, path: str | Path, *, timeout: float = 30.0, create: bool = True, readonly: bool = False):
        """``readonly`` opens an existing corpus for reading only (export, ``correct --list``): it may sit in a
        folder nobody may write, as a shared or archived corpus does."""
        self.path = str(path)
        if Path(self.path).is_dir():
            raise InputError(self.path, "is a folder, not a corpus; give the corpus file, e.g. "
                                        f"--db {Path(self.path) / 'corpus.sqlite'}")
        if not create and not Path(self.path).exists():
            raise InputError(self.path, "no such corpus; build one first with `puthi build SOURCES --db PATH`")
        if not create and Path(self.path).is_file() and Path(self.path).stat().st_size == 0:
            raise InputError(self.path, "is an empty file, not a corpus; build one first with "
                                        "`puthi build SOURCES --db PATH`")
        if readonly:
            self.conn = self._open_readonly(timeout)
            return
        refuse_hard_links(self.path)
        try:
            self.conn = sqlite3.connect(self.path, timeout=timeout, isolation_level=None)
            self.conn.execute("PRAGMA foreign_keys = ON")
            self.conn.execute(f"PRAGMA busy_timeout = {int(timeout * 1000)}")
            self.conn.execute("PRAGMA journal_mode = WAL")
            self.conn.execute("PRAGMA synchronous = NORMAL")
            self._migrate()
        except sqlite3.Error as exc:
            raise db_error(self.path, exc) from exc

    def _open_readonly(self, timeout: float, migrated: bool = False) -> sqlite3.Connection:
        """A connection that changes nothing in the corpus. Where the corpus and its folder may be written, an
        ordinary connection with ``query_only``: as the last to close, it folds the write-ahead log back and
        removes it (``mode=ro`` left an empty ``-wal`` and a ``-shm`` beside every exported corpus). Else
        ``mode=ro``, and where that needs to write (a log in a folder nobody may write), ``immutable=1``."""
        from urllib.parse import quote

        uri = f"file:{quote(str(Path(self.path).resolve()))}"
        error: sqlite3.Error | None = None
        wal = Path(f"{self.path}-wal")
        unsaved = wal.exists() and wal.stat().st_size > 0  # immutable=1 would read past what the log still holds
        writable = os.access(self.path, os.W_OK) and os.access(Path(self.path).resolve().parent, os.W_OK)
        modes = ["mode=rw"] if writable else []
        modes += ["mode=ro"] if unsaved else ["mode=ro", "immutable=1"]
        for flags in modes:
            try:
                conn = sqlite3.connect(f"{uri}?{flags}", uri=True, timeout=timeout, isolation_level=None)
                conn.execute("PRAGMA query_only = ON")
                have = int(conn.execute("PRAGMA user_version").fetchone()[0])
                break
            except sqlite3.Error as exc:
                error = exc
        else:
            if unsaved:
                raise InputError(self.path, f"its last changes are still in {wal.name}, and its folder cannot be "
                                            "written; open it once where it can be (puthi correct --list there)")
            if error is not None and "unable to open" in str(error).lower():  # it was opened to be read only
                raise InputError(self.path, f"cannot open the corpus to read it ({error}); check that it and its "
                                            "folder can be read") from error
            raise db_error(self.path, error) from error
        try:
            _check_schema(self.path, have, foreign=have == 0)
        except InputError:
            conn.close()
            raise
        if have != SCHEMA_VERSION:
            conn.close()
            if flags == "mode=rw" and have < SCHEMA_VERSION and not migrated:  # it may be written: bring it up to
                Corpus(self.path, timeout=timeout, create=False).close()  # date, then read it (a review: export,
                return self._open_readonly(timeout, migrated=True)  # --list and build --game refused it)
            raise InputError(self.path, f"has schema {have}, and this puthi reads {SCHEMA_VERSION}; open it once where "
                                        "it can be written (puthi build or correct) to bring it up to date")
        return conn

    def __enter__(self) -> Corpus:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    def close(self) -> None:
        self.conn.close()

    # -- transactions and schema -------------------------------------------------------------------

    @contextmanager
    def transaction(self) -> Iterator[sqlite3.Connection]:
        """``BEGIN IMMEDIATE`` … ``COMMIT``; any error rolls back and is raised as a :mod:`puthi.errors`."""
        try:
            self.conn.execute("BEGIN IMMEDIATE")
        except sqlite3.Error as exc:
            raise db_error(self.path, exc) from exc
        try:
            yield self.conn
        except BaseException as exc:
            if self.conn.in_transaction:
                self.conn.execute("ROLLBACK")
            if isinstance(exc, sqlite3.Error):
                raise db_error(self.path, exc) from exc
            raise
        else:
            try:
                self.conn.execute("COMMIT")
            except sqlite3.Error as exc:
                if self.conn.in_transaction:
                    self.conn.execute("ROLLBACK")
                raise db_error(self.path, exc) from exc

    @property
    def schema_version(self) -> int:
        return int(self.conn.execute("PRAGMA user_version").fetchone()[0])

    def _migrate(self) -> None:
        have = self.schema_version
        _check_schema(self.path, have,
                      foreign=have == 0 and self.conn.execute("SELECT count(*) FROM sqlite_master").fetchone()[0] > 0)
        for version in range(have + 1, SCHEMA_VERSION + 1):
            with self.transaction() as conn:
                MIGRATIONS[version](conn)
                conn.execute(f"PRAGMA user_version = {int(version)}")

    # -- the scholar's terminology tables ---------------------------------------------------------

    def term_tables(self) -> tuple[TableFile, ...]:
        """The scholar's terminology tables this corpus reads its pages with (besides the bundled ones).

        >>> from puthi.rules.terms.tables import TableFile
        >>> c = Corpus(":memory:")
        >>> c.set_term_tables((TableFile("mine.csv", "concept,lang,headword"),))
        >>> [t.name for t in c.term_tables()]
        ['mine.csv']
        """
        from puthi.rules.terms.tables import TableFile

        rows = self.conn.execute("SELECT name, text FROM term_tables ORDER BY position").fetchall()
        return tuple(TableFile(name, text) for name, text in rows)

    def usable_term_tables(self) -> tuple[TableFile, ...]:
        """:meth:`term_tables`, checked against the bundled tables: a one-line error when an upgrade made them
        clash (a form both name for different concepts), before any page is read with them."""
        tables = self.term_tables()
        if tables:
            from puthi.rules.terms import load_tables

            try:
                load_tables(tables)
            except InputError as exc:
                raise InputError(self.path, f"its own terminology table no longer fits the bundled ones ({exc}); "
                                            "build once with --table and a fixed table, or with --no-tables") from None
        return tables

    def glossary_lookup(self, value: str) -> tuple[str, str, str]:
        """``(headword, concept, gloss)`` for a term link a person gave (a concept, headword or form of the
        bundled tables or of the corpus's own)."""
        from puthi.corpus.glossary import lookup, table_entries

        return lookup(value, table_entries(self.term_tables()))

    def set_term_tables(self, tables: tuple[TableFile, ...]) -> None:
        """Make ``tables`` the corpus's own (none: only the bundled tables)."""
        with self.transaction() as conn:
            conn.execute("DELETE FROM term_tables")
            conn.executemany("INSERT INTO term_tables (position, name, text) VALUES (?, ?, ?)",
                             [(i, t.name, t.text) for i, t in enumerate(tables)])

    # -- documents ------------------------------------------------------------------------------

    def set_pending(self, doc: Document, pending: bool = True) -> None:
        """Mark ``doc``'s whole-document passes as still to do (or done); see :meth:`pending`."""
        with self.transaction() as conn:
            if pending:
                conn.execute("INSERT OR IGNORE INTO pending (doc_id) VALUES (?)", (doc.id,))
            else:
                conn.execute("DELETE FROM pending WHERE doc_id = ?", (doc.id,))

    def pending(self, doc: Document) -> bool:
        """Were ``doc``'s pages changed by a build that stopped before its whole-document passes ran?

        >>> c = Corpus(":memory:")
        >>> doc = c.upsert_document(Document("/x/a.txt", "a.txt", "text", "ab12"))
        >>> c.set_pending(doc); before = c.pending(doc); c.set_pending(doc, False)
        >>> before, c.pending(doc)
        (True, False)
        """
        return self.conn.execute("SELECT 1 FROM pending WHERE doc_id = ?", (doc.id,)).fetchone() is not None

    def upsert_document(self, doc: Document) -> Document:
        """Insert ``doc`` or update the stored one with the same source; returns it with its id.

        A document whose file was moved or renamed (the same content, the old path gone) is the stored one at
        its new place, so its pages and corrections stay with it rather than a second copy being made."""
        with self.transaction() as conn:
            known = conn.execute("SELECT 1 FROM documents WHERE source = ?", (doc.source,)).fetchone()
            if not known and doc.sha256:
                for old_id, old_source in conn.execute(
                    "SELECT id, source FROM documents WHERE sha256 = ? AND kind = ?", (doc.sha256, doc.kind)
                ).fetchall():
                    if not Path(old_source).exists():
                        conn.execute("UPDATE documents SET source = ?, name = ? WHERE id = ?",
                                     (doc.source, doc.name, old_id))
                        break
            conn.execute(
                "INSERT INTO documents (source, name, kind, sha256, lang, licence, provenance, title) "
                "VALUES (?, ?, ?, ?, ?, ?, ?, ?) ON CONFLICT(source) DO UPDATE SET name = excluded.name, "
                "kind = excluded.kind, sha256 = excluded.sha256",
                (doc.source, doc.name, doc.kind, doc.sha256, doc.lang, doc.licence, doc.provenance, doc.title),
            )
            row = conn.execute("SELECT id FROM documents WHERE source = ?", (doc.source,)).fetchone()
        doc.id = int(row[0])
        return doc

    def documents(self) -> list[Document]:
        rows = self.conn.execute(
            "SELECT source, name, kind, sha256, lang, licence, provenance, title, id FROM documents ORDER BY source"
        ).fetchall()
        return [Document(*r) for r in rows]

    def find_document(self, ref: str) -> Document:
        """The document whose id, source path, file name or source suffix is ``ref``, in any Unicode form (an
        Assamese scholar's file name had the one-code-point য় that their CSV spelt as two)."""
        docs = self.documents()

        def nfc(x: str) -> str:
            return unicodedata.normalize("NFC", x)

        exact, ref = ref, nfc(ref)
        for test in (
            lambda d: str(d.id) == ref,
            lambda d: d.source in (exact, str(Path(exact).resolve())),  # before NFC: two files may differ in it alone
            lambda d: nfc(d.source) in (ref, nfc(str(Path(ref).resolve()))),
            lambda d: nfc(d.name) == ref,
            lambda d: nfc(d.source).endswith("/" + ref),
        ):
            hits = [d for d in docs if test(d)]
            if len(hits) == 1:
                return hits[0]
            if len(hits) > 1:
                raise InputError(ref, f"names {len(hits)} documents; give the full source path or the id")
        import difflib

        names = sorted({d.name for d in docs})
        near = difflib.get_close_matches(Path(ref).name, names, n=1, cutoff=0.6)
        listed = f"did you mean {near[0]}? " if near else (f"it has {', '.join(names)}; " if len(names) <= 5 else "")
        raise InputError(ref, f"no such document in the corpus; {listed}`puthi export --format csv` lists them "
                              "(documents.csv)")

    def follow_new_page_breaks(self, doc: Document, pages: list[str], hashes: list[str]) -> int:
        """Move the corrections of a text document whose text is the same but cut into pages anew (a long
        text without form feeds was one page before puthi cut such pages): each goes to the page and offsets
        where its text now is. Returns how many moved; 0 when the stored pages are not the same text.

        A correction that would straddle a new page break stays where it was, and the build reports it as
        one that could not be placed. ``hashes`` are the new pages' content hashes: when the stored pages have
        the same, nothing changed and no text is read."""
        stored = [h for (h,) in self.conn.execute(
            "SELECT content_hash FROM pages WHERE doc_id = ? ORDER BY page_no", (doc.id,))]
        if not stored or stored == hashes:
            return 0
        old = [t for (t,) in self.conn.execute(
            "SELECT ocr_text FROM pages WHERE doc_id = ? ORDER BY page_no", (doc.id,))]
        text = "".join(old)
        if old == pages or text != "".join(pages):
            return 0
        old_starts = list(itertools.accumulate((len(t) for t in old), initial=0))
        new_starts = list(itertools.accumulate((len(t) for t in pages), initial=0))
        moved = 0
        with self.transaction() as conn:
            rows = conn.execute('SELECT id, page_no, start, "end", line_no FROM annotations WHERE doc_id = ?',
                                (doc.id,)).fetchall()
            for ann_id, page_no, start, end, line_no in rows:
                if not 1 <= page_no <= len(old):
                    continue
                a, b = old_starts[page_no - 1] + start, old_starts[page_no - 1] + end
                k = bisect.bisect_right(new_starts, a) - 1
                if k >= len(pages) or b > new_starts[k + 1] or (k + 1, a - new_starts[k]) == (page_no, start):
                    continue
                if line_no is not None:  # lines now count from the new page's first line
                    lo, hi = sorted((old_starts[page_no - 1], new_starts[k]))
                    lines = text.count("\n", lo, hi)
                    line_no += lines if new_starts[k] < old_starts[page_no - 1] else -lines
                conn.execute('UPDATE annotations SET page_no = ?, start = ?, "end" = ?, line_no = ? WHERE id = ?',
                             (k + 1, a - new_starts[k], b - new_starts[k], line_no, ann_id))
                moved += 1
        return moved

    def follow_moved_pages(self, doc: Document, hashes: list[str]) -> set[int]:
        """Renumber the stored pages of a text document whose text now stands at another page (a page put in or
        taken out before them), with their corrections: they are not OCR'd or repaired again, and the corrections
        stay on their text (a newcomer's page added at the front of a book had orphaned every correction after
        it). ``hashes``: the new pages' content hashes; a text that is on two pages is left where it is. A stored
        page whose number a moved page takes is dropped, to be read anew; when a person corrected it, nothing
        moves (its corrections would land on another page's text; a review), and the pages are read anew as
        before. Returns the new numbers of the pages moved: their claims are read again across their new
        neighbours.

        >>> c = Corpus(":memory:")
        >>> doc = c.upsert_document(Document("b.txt", "b.txt", "text", "x"))
        >>> c.follow_moved_pages(doc, ["h1", "h2"])
        set()
        """
        rows = self.conn.execute("SELECT id, page_no, content_hash FROM pages WHERE doc_id = ?", (doc.id,)).fetchall()
        old, new = Counter(h for _, _, h in rows), Counter(hashes)
        now_at = {h: k for k, h in enumerate(hashes, start=1) if new[h] == 1}
        moves = {page_no: now_at[h] for _, page_no, h in rows if old[h] == 1 and now_at.get(h, page_no) != page_no}
        dropped = [(page_id, page_no) for page_id, page_no, _ in rows
                   if page_no in moves.values() and page_no not in moves]
        corrected = {n for (n,) in self.conn.execute("SELECT DISTINCT page_no FROM annotations WHERE doc_id = ?",
                                                     (doc.id,))}
        if not moves or any(page_no in corrected for _, page_no in dropped):
            return set()
        with self.transaction() as conn:
            conn.executemany("DELETE FROM pages WHERE id = ?", [(page_id,) for page_id, _ in dropped])
            for table in ("pages", "annotations"):  # through negative numbers: no two rows share one on the way
                conn.executemany(f"UPDATE {table} SET page_no = ? WHERE doc_id = ? AND page_no = ?",
                                 [(-b, doc.id, a) for a, b in moves.items()])
                conn.execute(f"UPDATE {table} SET page_no = -page_no WHERE doc_id = ? AND page_no < 0",
                             (doc.id,))
        return set(moves.values())

    def set_document_pages(self, doc: Document, pages: int, lang: str = "") -> tuple[bool, int]:
        """Record the page count and drop pages past it (the source got shorter): were any dropped, and how many
        corrections of theirs are now orphaned (a hostile tester's correction of a page cut off still said
        "applied")?"""
        with self.transaction() as conn:
            dropped = conn.execute("DELETE FROM pages WHERE doc_id = ? AND page_no > ?", (doc.id, pages)).rowcount
            orphaned = conn.execute("UPDATE annotations SET status = 'orphaned' WHERE doc_id = ? AND page_no > ? "
                                    "AND status != 'orphaned'", (doc.id, pages)).rowcount
            conn.execute("UPDATE documents SET pages = ? WHERE id = ?", (pages, doc.id))
            if lang:
                conn.execute("UPDATE documents SET lang = ? WHERE id = ?", (lang, doc.id))
        return dropped > 0, orphaned

    def refresh_document_lang(self, doc_id: int) -> str:
        """Set the document language to its pages' most frequent language."""
        row = self.conn.execute(
            "SELECT lang FROM pages WHERE doc_id = ? AND lang != '' GROUP BY lang ORDER BY count(*) DESC, lang "
            "LIMIT 1", (doc_id,)).fetchone()
        if row:
            with self.transaction() as conn:
                conn.execute("UPDATE documents SET lang = ? WHERE id = ?", (row[0], doc_id))
        return row[0] if row else ""

    # -- pages ----------------------------------------------------------------------------------

    def page_states(self, doc_id: int) -> dict[int, tuple[str, list[ProcessingStep]]]:
        """``page_no -> (content_hash, steps)`` for the stored pages of one document."""
        out: dict[int, tuple[str, list[ProcessingStep]]] = {}
        for page_no, chash, page_id in self.conn.execute(
            "SELECT page_no, content_hash, id FROM pages WHERE doc_id = ?", (doc_id,)
        ):
            out[page_no] = (chash, self._steps(page_id))
        return out

    def _steps(self, page_id: int) -> list[ProcessingStep]:
        return [
            ProcessingStep(stage, version, json.loads(settings))
            for stage, version, settings in self.conn.execute(
                "SELECT stage, version, settings FROM steps WHERE page_id = ? ORDER BY seq", (page_id,)
            )
        ]

    def stored_ocr(self, doc_id: int, page_no: int) -> dict[str, Any] | None:
        row = self.conn.execute(
            "SELECT ocr_json FROM pages WHERE doc_id = ? AND page_no = ?", (doc_id, page_no)).fetchone()
        return json.loads(row[0]) if row else None

    def write_page(
        self,
        doc: Document,
        result: PageResult,
        *,
        reanalyse: Callable[[str, str], PageResult | None] | None = None,
    ) -> CorrectedPage:
        """Replace the page in one transaction: the machine layers, then the human corrections over them."""
        with self.transaction() as conn:
            anns = self._annotations(conn, doc.id, result.page_no)
            corrected = apply_corrections(result, anns, reanalyse=reanalyse or _no_reanalysis,
                                          glossary=self.glossary_lookup)
            conn.execute("DELETE FROM pages WHERE doc_id = ? AND page_no = ?", (doc.id, result.page_no))
            page = result.page or {}
            cur = conn.execute(
                "INSERT INTO pages (doc_id, page_no, content_hash, image, width, height, lang, mean_conf, "
                "ocr_json, ocr_text, text, seconds) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
                (doc.id, result.page_no, result.content_hash, page.get("path", ""), page.get("width", 0),
                 page.get("height", 0), result.lang, _mean_conf(page), json.dumps(page, ensure_ascii=False),
                 result.ocr_text, corrected.text, result.seconds),
            )
            self._insert_layers(conn, int(cur.lastrowid), result, corrected)
            conn.execute("DELETE FROM failures WHERE source = ? AND (page_no = ? OR page_no IS NULL)",
                         (result.source, result.page_no))
        return corrected

    def _insert_layers(self, conn: sqlite3.Connection, page_id: int, result: PageResult,
                       corrected: CorrectedPage) -> None:
        conn.executemany(
            "INSERT INTO steps (page_id, seq, stage, version, settings) VALUES (?, ?, ?, ?, ?)",
            [(page_id, i, s.stage, s.version, json.dumps(s.settings, sort_keys=True, ensure_ascii=False))
             for i, s in enumerate(result.steps)],
        )
        from puthi.corpus.layout import layout

        lines, words = layout(result.page or {}, result.ocr_text)
        conn.executemany(
            'INSERT INTO lines (page_id, line_no, block_no, start, "end", x0, y0, x1, y1) '
            "VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)",
            [(page_id, ln.line_no, ln.block_no, ln.start, ln.end, *_box(ln.box)) for ln in lines],
        )
        conn.executemany(
            'INSERT INTO words (page_id, line_no, word_no, start, "end", text, conf, x0, y0, x1, y1) '
            "VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
            [(page_id, w.line_no, w.word_no, w.start, w.end, w.text, w.conf, *_box(w.box)) for w in words],
        )
        conn.executemany(
            'INSERT INTO edits (page_id, start, "end", before, after, rule, confidence, resp, author, active, '
            "annotation_id) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
            [(page_id, m.item.start, m.item.end, m.item.before, m.item.after, m.item.rule, m.item.confidence,
              m.resp, m.author, int(m.active), m.annotation_id) for m in corrected.edits],
        )
        conn.executemany(
            'INSERT INTO terms (page_id, start, "end", surface, headword, concept, gloss, tbl, score, resp, author, '
            "active, annotation_id) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
            [(page_id, m.item.start, m.item.end, m.item.surface, m.item.headword, m.item.concept, m.item.gloss,
              m.item.table, m.item.score, m.resp, m.author, int(m.active), m.annotation_id) for m in corrected.terms],
        )
        from puthi.normalize.edits import OffsetMap

        # a number is as sure as the edits in force under it (1.0 where the OCR text stands as it was read)
        offsets = OffsetMap([m.item for m in corrected.edits if m.active])
        conn.executemany(
            'INSERT INTO numbers (page_id, start, "end", surface, value, score) VALUES (?, ?, ?, ?, ?, ?)',
            # value has INTEGER affinity: SQLite keeps a decimal (২.৫) as REAL, so it is stored as it is
            [(page_id, n.start, n.end, n.surface, n.value, round(offsets.output_confidence(n.start, n.end), 3))
             for n in corrected.numbers],
        )
        claim_ids = []
        for seq, c in enumerate(corrected.claims):
            cur = conn.execute(
                'INSERT INTO claims (page_id, seq, game, quantity, params, stated, start, "end", text, confidence) '
                "VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
                (page_id, seq, c.game, c.quantity, json.dumps(dict(c.params or {}), sort_keys=True),
                 _json(c.stated), c.start, c.end, c.text, float(c.confidence)),
            )
            claim_ids.append(int(cur.lastrowid))
        conn.executemany(
            "INSERT INTO verdicts (claim_id, expected, verdict, explanation, impl, resp, author, active, "
            "annotation_id) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)",
            [(claim_ids[m.item.claim], _json(m.item.expected), m.item.verdict, m.item.explanation, m.item.impl,
              m.resp, m.author, int(m.active), m.annotation_id)
             for m in corrected.verdicts if 0 <= m.item.claim < len(claim_ids)],
        )
        for ann_id, status in corrected.status.items():
            conn.execute("UPDATE annotations SET status = ? WHERE id = ?", (status, ann_id))

    # -- human corrections ----------------------------------------------------------------------

    def _annotations(self, conn: sqlite3.Connection, doc_id: int | None, page_no: int) -> list[Annotation]:
        rows = conn.execute(
            'SELECT a.id, d.source, a.page_no, a.kind, a.start, a."end", a.after, a.author, a.before, a.note, '
            "a.line_no, a.word_no, a.created, a.status, a.quantity FROM annotations a JOIN documents d ON "
            "d.id = a.doc_id WHERE a.doc_id = ? AND a.page_no = ? ORDER BY a.id", (doc_id, page_no)).fetchall()
        return [Annotation(r[1], r[2], r[3], r[4], r[5], r[6], r[7], r[8], r[9], r[10], r[11], r[12], r[13], r[0],
                           quantity=r[14]) for r in rows]

    def annotations(self, doc: Document | None = None) -> list[Annotation]:
        out = []
        for d in [doc] if doc else self.documents():
            pages = [r[0] for r in self.conn.execute(
                "SELECT DISTINCT page_no FROM annotations WHERE doc_id = ? ORDER BY page_no", (d.id,))]
            for page_no in pages:
                out += self._annotations(self.conn, d.id, page_no)
        return out

    def applied_at(self, ann_id: int) -> tuple[int, int] | None:
        """Where a correction applies now (its edit, term link, the claim of its verdict or game, or for a
        withdrawal, which leaves no claim, its words in the page's text): the place it moved to when the page's
        text changed around it; None when it applies nowhere."""
        row = self.conn.execute(
            'SELECT start, "end" FROM edits WHERE annotation_id = :a UNION ALL '
            'SELECT start, "end" FROM terms WHERE annotation_id = :a UNION ALL '
            'SELECT c.start, c."end" FROM verdicts v JOIN claims c ON c.id = v.claim_id WHERE v.annotation_id = :a '
            "LIMIT 1", {"a": ann_id}).fetchone()
        if row:
            return row[0], row[1]
        row = self.conn.execute(
            'SELECT a.start, a."end", a.before, p.text FROM annotations a JOIN pages p '
            "ON p.doc_id = a.doc_id AND p.page_no = a.page_no WHERE a.id = ? AND a.kind = 'verdict' AND a.after = ?",
            (ann_id, NO_RULE)).fetchone()
        return anchor(row[3], row[0], row[1], row[2]) if row else None

    def resolve(self, doc: Document, ann: Annotation) -> Annotation:
        """Fill offsets from a line (and word) number, and the quote from the stored text; check the range."""
        where = f"{doc.name} page {ann.page_no}"
        if not 1 <= ann.page_no <= MAX_PAGE:
            raise InputError(where, "is no page number; pages count from 1")
        row = self.conn.execute("SELECT id, ocr_text, text FROM pages WHERE doc_id = ? AND page_no = ?",
                                (doc.id, ann.page_no)).fetchone()
        if row is None:
            raise InputError(where, f"no such page; the document has {self._page_count(doc)} page(s)")
        page_id, ocr_text, text = row
        if ann.line_no is not None:
            if ann.kind != "text":
                raise InputError(where, "line and word numbers address the OCR text: use them for text corrections")
            if ann.word_no is None:
                hit = self.conn.execute('SELECT start, "end" FROM lines WHERE page_id = ? AND line_no = ?',
                                        (page_id, ann.line_no)).fetchone()
            else:
                hit = self.conn.execute('SELECT start, "end" FROM words WHERE page_id = ? AND line_no = ? '
                                        "AND word_no = ?", (page_id, ann.line_no, ann.word_no)).fetchone()
            if hit is None:
                word = f" word {ann.word_no}" if ann.word_no is not None else ""
                raise InputError(where, f"no line {ann.line_no}{word}; lines and words count from 1 (see the lines "
                                        "and words tables)")
            ann.start, ann.end = hit
            if ann.word_no is not None and not ann.after:  # a word taken out takes a space with it (a newcomer
                if ann.end < len(ocr_text) and ocr_text[ann.end] == " ":  # joined a split word: two spaces were left)
                    ann.end += 1
                elif ann.start and ocr_text[ann.start - 1] == " ":
                    ann.start -= 1
        layer = ocr_text if ann.layer == "ocr" else text
        if ann.end > len(layer):
            name = "OCR text" if ann.layer == "ocr" else "repaired text"
            raise InputError(where, f"offsets {ann.start}..{ann.end} run past the {name} ({len(layer)} characters)")
        quote = layer[ann.start:ann.end]
        if ann.before and ann.before != quote:
            raise InputError(where, f"the text at {ann.start}..{ann.end} is {quote!r}, not {ann.before!r}; "
                                    "check the offsets (they count code points)")
        ann.before = quote
        ann.document = doc.source
        if ann.kind == "text":  # one form of each letter, as the stored text has (প\u09dcি is পড়ি)
            ann.after = unicodedata.normalize("NFC", ann.after)
        named = {g for (g,) in self.conn.execute("SELECT DISTINCT game FROM claims") if g}
        # the OCR's own word given back where the machine changed it: the machine's edit is undone (an Assamese
        # scholar could not keep বঙলা, which the repair had made বাঙলা)
        undoing = ann.kind == "text" and ann.after == quote and self.conn.execute(
            'SELECT 1 FROM edits WHERE page_id = ? AND resp = \'machine\' AND active = 1 AND start < ? AND "end" > ?',
            (page_id, max(ann.end, ann.start + 1), ann.start)).fetchone() is not None
        return check_annotation(ann, games=named, undoing=undoing)

    def _page_count(self, doc: Document) -> int:
        return int(self.conn.execute("SELECT count(*) FROM pages WHERE doc_id = ?", (doc.id,)).fetchone()[0])

    def add_annotations(self, items: Iterable[tuple[Document, Annotation]], overrule: bool = False
                        ) -> list[Annotation]:
        """Store corrections and apply them to their pages now (each page in one transaction). A correction already
        stored is not stored twice; with ``overrule`` (one given at the command line), it is stored again when
        another of the same place has been made since, so that it is the latest (an import keeps its rows' order
        and is stored once however often it is imported)."""
        added, repeated = [], []
        with self.transaction() as conn:
            for doc, ann in items:
                if ann.kind == "term" and ann.after:  # kept as the concept it names now, not as typed: a headword
                    ann.after = self.glossary_lookup(ann.after)[1]  # may name nothing once the tables change
                # the same correction again (a CSV imported twice, a command run twice): recorded once, unless it is
                # to overrule another of the same place made since (a hostile tester's --game went back)
                since = ('AND NOT EXISTS (SELECT 1 FROM annotations b WHERE b.doc_id = a.doc_id AND b.page_no = '
                         'a.page_no AND b.kind = a.kind AND b.start = a.start AND b."end" = a."end" AND b.line_no IS '
                         'a.line_no AND b.word_no IS a.word_no AND b.quantity = a.quantity AND b.id > a.id)'
                         if overrule else "")
                same = conn.execute(
                    'SELECT id FROM annotations a WHERE doc_id = ? AND page_no = ? AND kind = ? AND start = ? '
                    'AND "end" = ? AND after = ? AND author = ? AND line_no IS ? AND word_no IS ? AND before = ? '
                    f'AND note = ? AND quantity = ? {since}',
                    (doc.id, ann.page_no, ann.kind, ann.start, ann.end, ann.after, ann.author, ann.line_no,
                     ann.word_no, ann.before, ann.note, ann.quantity),
                ).fetchone()
                if same:
                    ann.id = int(same[0])
                    repeated.append(ann)
                    continue
                (new_id,) = conn.execute(  # never an id given before, even one since deleted
                    "SELECT max(value, (SELECT coalesce(max(id), 0) FROM annotations)) + 1 FROM counters "
                    "WHERE name = 'annotations'").fetchone()
                conn.execute("UPDATE counters SET value = ? WHERE name = 'annotations'", (new_id,))
                conn.execute(
                    'INSERT INTO annotations (id, doc_id, page_no, kind, start, "end", line_no, word_no, before, '
                    "after, author, note, quantity) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
                    (new_id, doc.id, ann.page_no, ann.kind, ann.start, ann.end, ann.line_no, ann.word_no,
                     ann.before, ann.after, ann.author, ann.note, ann.quantity),
                )
                ann.id = int(new_id)
                added.append((doc, ann))
        pages: dict[int, tuple[Document, set[int]]] = {}
        for doc, ann in added:
            pages.setdefault(doc.id, (doc, set()))[1].add(ann.page_no)
        for doc, page_nos in pages.values():
            self.reapply(doc, *sorted(page_nos))
        statuses = dict(self.conn.execute("SELECT id, status FROM annotations"))
        for ann in [a for _, a in added] + repeated:
            ann.status = statuses.get(ann.id, ann.status)
        for ann in repeated:
            ann.repeated = True
        return [a for _, a in added] + repeated

    def delete_annotation(self, ann_id: int) -> None:
        row = self.conn.execute("SELECT doc_id, page_no FROM annotations WHERE id = ?", (ann_id,)).fetchone()
        if row is None:
            raise InputError(str(ann_id), "no such correction; `puthi correct --list` shows their ids")
        with self.transaction() as conn:
            conn.execute("DELETE FROM annotations WHERE id = ?", (ann_id,))
        doc = next(d for d in self.documents() if d.id == row[0])
        self.reapply(doc, row[1])

    def reapply(self, doc: Document, *page_nos: int) -> None:
        """Apply the corrections of pages ``page_nos`` again over their stored machine layers (a transaction
        for each page), then read the claims again across the pages they can reach (a corrected word may be
        a game's name, or end a sentence that a page break cut)."""
        from puthi.corpus.book_claims import book_claims, books
        from puthi.corpus.pipeline import reanalyse

        game, tables = "auto", self.usable_term_tables()
        for page_no in page_nos:
            result = self.machine_result(doc, page_no)
            if result is not None:
                game = next((s.settings.get("game", "auto") for s in result.steps if s.stage == "claims"), game)
                self.write_page(doc, result, reanalyse=partial(reanalyse, game=game, tables=tables))
        book = next(b for b in books(self.documents()) if any(d.id == doc.id for d in b))  # a file may be a page
        i = next(k for k, d in enumerate(book) if d.id == doc.id)
        book_claims(self, book, game, changed={(i, n) for n in page_nos})

    def machine_result(self, doc: Document, page_no: int) -> PageResult | None:
        """The stored machine layers of a page, as a worker would have handed them back."""
        sp = self.page(doc, page_no)
        if sp is None:
            return None
        machine = [m.item for m in sp.edits if m.resp == "machine"]
        # Terms and claims index the stored final text; they are the machine's for that text.
        return PageResult(
            source=doc.source, page_no=page_no, content_hash=sp.content_hash, page=sp.page, ocr_text=sp.ocr_text,
            text=sp.text, lang=sp.lang, edits=machine, terms=[m.item for m in sp.terms if m.resp == "machine"],
            numbers=sp.numbers, claims=sp.claims, verdicts=[m.item for m in sp.verdicts if m.resp == "machine"],
            steps=sp.steps, seconds=self.conn.execute(  # the work it took, kept when the page is written again
                "SELECT seconds FROM pages WHERE doc_id = ? AND page_no = ?", (doc.id, page_no)).fetchone()[0] or 0.0,
        )

    # -- reading --------------------------------------------------------------------------------

    def page(self, doc: Document, page_no: int) -> StoredPage | None:
        row = self.conn.execute(
            "SELECT id, content_hash, ocr_json, ocr_text, text, lang FROM pages WHERE doc_id = ? AND page_no = ?",
            (doc.id, page_no)).fetchone()
        if row is None:
            return None
        page_id, chash, ocr_json, ocr_text, text, lang = row
        q = self.conn.execute
        edits = [Marked(Edit(s, e, b, a, r, c), resp, au, bool(act), ann) for s, e, b, a, r, c, resp, au, act, ann in q(
            'SELECT start, "end", before, after, rule, confidence, resp, author, active, annotation_id FROM edits '
            "WHERE page_id = ? ORDER BY start, resp DESC", (page_id,))]
        terms = [Marked(TermSpan(*r[:8]), r[8], r[9], bool(r[10]), r[11]) for r in q(
            'SELECT start, "end", surface, headword, concept, gloss, tbl, score, resp, author, active, annotation_id '
            "FROM terms WHERE page_id = ? ORDER BY start, \"end\"", (page_id,))]
        numbers = [NumberSpan(*r) for r in q(
            'SELECT start, "end", surface, value FROM numbers WHERE page_id = ? ORDER BY start', (page_id,))]
        claims, index = self._claims(page_id)
        verdicts = [Marked(Verdict(index[cid], _unjson(exp), v, ex, impl, resp, au), resp, au, bool(act), ann)
                    for cid, exp, v, ex, impl, resp, au, act, ann in q(
            "SELECT v.claim_id, v.expected, v.verdict, v.explanation, v.impl, v.resp, v.author, v.active, "
            "v.annotation_id FROM verdicts v JOIN claims c ON c.id = v.claim_id WHERE c.page_id = ? "
            "ORDER BY c.seq, v.rowid", (page_id,))]
        cols = ("line_no", "block_no", "start", "end", "x0", "y0", "x1", "y1")
        lines = [dict(zip(cols, r, strict=True)) for r in q(
            'SELECT line_no, block_no, start, "end", x0, y0, x1, y1 FROM lines WHERE page_id = ? ORDER BY line_no',
            (page_id,))]
        wcols = ("line_no", "word_no", "start", "end", "text", "conf", "x0", "y0", "x1", "y1")
        words = [dict(zip(wcols, r, strict=True)) for r in q(
            'SELECT line_no, word_no, start, "end", text, conf, x0, y0, x1, y1 FROM words WHERE page_id = ? '
            "ORDER BY line_no, word_no", (page_id,))]
        return StoredPage(doc, page_no, chash, json.loads(ocr_json), ocr_text, text, lang, self._steps(page_id),
                          edits, terms, numbers, claims, verdicts, lines, words)

    def _claims(self, page_id: int) -> tuple[list[Claim], dict[int, int]]:
        """A page's claims in order, and claim id -> index."""
        claims, index = [], {}
        for cid, game, quantity, params, stated, s, e, text_, conf in self.conn.execute(
                'SELECT id, game, quantity, params, stated, start, "end", text, confidence FROM claims '
                "WHERE page_id = ? ORDER BY seq", (page_id,)):
            index[cid] = len(claims)
            claims.append(Claim(game, quantity, json.loads(params), _unjson(stated), s, e, text_, conf))
        return claims, index

    def pages(self, doc: Document) -> list[StoredPage]:
        nos = [r[0] for r in self.conn.execute(
            "SELECT page_no FROM pages WHERE doc_id = ? ORDER BY page_no", (doc.id,))]
        return [p for p in (self.page(doc, n) for n in nos) if p is not None]

    def withdrawals(self, doc: Document) -> list[Annotation]:
        """The corrections in force that withdrew claims of ``doc`` as stating no rule (``correct --no-rule``)."""
        return [a for a in self.annotations(doc) if a.kind == "verdict" and a.after == NO_RULE
                and a.status in ("applied", "moved")]

    def page_games_said(self, doc: Document) -> dict[int, tuple[str, str]]:
        """Page number -> (game, author): the game a person said a whole page of ``doc`` is about (a game
        correction spanning 0..0); the latest wins."""
        return {n: (game, author) for n, game, author in self.conn.execute(
            'SELECT page_no, after, author FROM annotations WHERE doc_id = ? AND kind = \'game\' AND start = 0 '
            'AND "end" = 0 ORDER BY id', (doc.id,)).fetchall()}

    def claims_inputs(self, doc: Document) -> list[ClaimsInput]:
        """What reading ``doc``'s claims across its pages needs of each page (:mod:`puthi.corpus.book_claims`),
        and no more: a long book's words, boxes and term links stay on disk."""
        out = []
        said = {n: game for n, (game, _) in self.page_games_said(doc).items()}
        for page_id, page_no, text, lang in self.conn.execute(
                "SELECT id, page_no, text, lang FROM pages WHERE doc_id = ? ORDER BY page_no", (doc.id,)).fetchall():
            games = [TermSpan(*r) for r in self.conn.execute(
                'SELECT start, "end", surface, headword, concept, gloss, tbl, score FROM terms '
                "WHERE page_id = ? AND active = 1 AND (concept LIKE 'game.%' OR concept LIKE 'meld.%') "
                "ORDER BY start", (page_id,))]
            edits = [Edit(*r) for r in self.conn.execute(
                'SELECT start, "end", before, after, rule, confidence FROM edits WHERE page_id = ? AND active = 1 '
                "ORDER BY start", (page_id,))]
            out.append(ClaimsInput(page_no, text, lang, self._steps(page_id), games, self._claims(page_id)[0],
                                   said.get(page_no), edits))
        return out

    def frame(self, name: str):
        """A pandas DataFrame of one table (see :data:`FRAMES` for the names).

        >>> Corpus(":memory:").frame("terms").columns[:5].tolist()
        ['document', 'source', 'page_no', 'start', 'end']
        """
        import pandas as pd

        if name not in FRAMES:
            raise InputError(name, f"no such table; choose one of {', '.join(FRAMES)}")
        frame = pd.read_sql_query(FRAMES[name], self.conn)
        for column in set(WHOLE_NUMBERS) & set(frame.columns):  # a blank cell made them floats: "2.0" (a newcomer)
            frame[column] = frame[column].astype("Int64")
        for column in {"stated", "expected"} & set(frame.columns):  # JSON in the store: "centre", not '"centre"'
            frame[column] = frame[column].map(_plain, na_action="ignore")
        if "claim_id" in frame.columns:  # a row number moves when a claim is withdrawn; the TEI's id does not
            frame["claim_id"] = frame["claim_id"].map(self._cited_claim_ids())
        return frame

    def _cited_claim_ids(self) -> dict[int, str]:
        """The ``xml:id`` the TEI gives each stored claim (:func:`~puthi.rules.claims.model.claim_ids`), by row."""
        out: dict[int, str] = {}
        for page_id, page_no, text in self.conn.execute("SELECT id, page_no, text FROM pages"):
            claims, index = self._claims(page_id)
            ids = claim_xml_ids(claims, text or "", page_no)
            out.update((row, ids[i]) for row, i in index.items())
        return out

    # -- failures -------------------------------------------------------------------------------

    def record_failures(self, failures: Iterable[Failure]) -> None:
        with self.transaction() as conn:
            for f in failures:
                conn.execute("DELETE FROM failures WHERE source = ? AND page_no IS ?", (f.source, f.page_no))
                conn.execute("INSERT INTO failures (source, page_no, stage, message) VALUES (?, ?, ?, ?)",
                             (f.source, f.page_no, f.stage, f.message))

    def clear_failures(self, source: str, page_no: int | None = None) -> None:
        """Forget the failure recorded for ``source`` (its page ``page_no``, or the whole file) now that it
        has been read: a file that was empty and has been fixed is no longer listed as failing."""
        with self.transaction() as conn:
            conn.execute("DELETE FROM failures WHERE source = ? AND page_no IS ?", (source, page_no))

    def integrity(self) -> str:
        """SQLite's own check of the file: ``'ok'`` when nothing is damaged."""
        return str(self.conn.execute("PRAGMA integrity_check").fetchone()[0])


def _no_reanalysis(text: str, lang: str) -> None:
    return None




def _mean_conf(page: dict[str, Any]) -> float:
    confs = [w.get("conf", -1) for b in page.get("blocks", []) for ln in b.get("lines", [])
             for w in ln.get("words", []) if w.get("conf", -1) >= 0]
    return sum(confs) / len(confs) if confs else -1.0


def _box(box: Any) -> tuple[int | None, int | None, int | None, int | None]:
    if box is None:
        return (None, None, None, None)
    if isinstance(box, dict):
        return (box["x0"], box["y0"], box["x1"], box["y1"])
    if isinstance(box, tuple):
        return box
    if isinstance(box, list | tuple):  # a Box that went through JSON as a list
        return tuple(box)
    return (box.x0, box.y0, box.x1, box.y1)


def _json(value: Any) -> str | None:
    return None if value is None else json.dumps(value, ensure_ascii=False)


def _unjson(value: str | None) -> Any:
    return None if value is None else json.loads(value)


def _plain(value: str) -> str:
    """A stored JSON value as a table shows it: a word as it is (a newcomer's CSV had '"centre"'), else its JSON.

    >>> _plain('"centre"'), _plain("24"), _plain("[2, 3, 3]")
    ('centre', '24', '[2, 3, 3]')
    """
    decoded = json.loads(value)
    return decoded if isinstance(decoded, str) else value


def as_dict(obj: Any) -> dict[str, Any]:
    """A record as a plain dict (dataclasses, or objects with attributes)."""
    return asdict(obj) if hasattr(obj, "__dataclass_fields__") else dict(vars(obj))
