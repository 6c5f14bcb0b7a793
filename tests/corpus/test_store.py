"""The store: schema and migrations, one transaction per page, SQL only with parameters, errors as one line."""

from __future__ import annotations

import sqlite3

import pytest

from puthi.corpus import store
from puthi.corpus.records import Document, PageResult, ProcessingStep
from puthi.corpus.store import Corpus
from puthi.errors import InputError, OutputError
from puthi.normalize.edits import Edit
from puthi.rules.spans import TermSpan


def _result(page_no: int = 1, text: str = "ৰিস্তি খেলা") -> PageResult:
    fixed = text.replace("ৰ", "ব")
    return PageResult("/x/a.txt", page_no, f"h{page_no}", ocr_text=text, text=fixed,
                      edits=[Edit(0, 1, "ৰ", "ব", "ra", 0.9)] if text.startswith("ৰ") else [],
                      terms=[TermSpan(0, 6, fixed[:6], "বিস্তি", "game.bisti", "Bisti", "games", 1.0)],
                      steps=[ProcessingStep("ocr", "1"), ProcessingStep("repair", "1")])


def _doc(c: Corpus, name: str = "a.txt") -> Document:
    return c.upsert_document(Document(f"/x/{name}", name, "text", "f00"))


def test_new_store_is_wal_with_foreign_keys_and_a_schema_version(tmp_path):
    with Corpus(tmp_path / "c.sqlite") as c:
        assert c.conn.execute("PRAGMA journal_mode").fetchone()[0] == "wal"
        assert c.conn.execute("PRAGMA foreign_keys").fetchone()[0] == 1
        assert c.schema_version == store.SCHEMA_VERSION
        with pytest.raises(store.RefusedValue):  # a foreign key is enforced
            with c.transaction() as conn:
                conn.execute("INSERT INTO pages (doc_id, page_no, content_hash, ocr_json, ocr_text, text) "
                             "VALUES (999, 1, 'h', '{}', '', '')")


def test_a_newer_or_foreign_database_is_refused(tmp_path):
    newer = tmp_path / "newer.sqlite"
    Corpus(newer).close()
    conn = sqlite3.connect(newer)
    conn.execute(f"PRAGMA user_version = {store.SCHEMA_VERSION + 1}")
    conn.close()
    with pytest.raises(InputError, match="newer puthi"):
        Corpus(newer)
    other = tmp_path / "other.sqlite"
    conn = sqlite3.connect(other)
    conn.execute("CREATE TABLE notes (x)")
    conn.close()
    with pytest.raises(InputError, match="not a puthi corpus"):
        Corpus(other)
    junk = tmp_path / "junk.sqlite"
    junk.write_bytes(b"this is not sqlite at all" * 100)
    with pytest.raises(InputError, match="not a puthi corpus"):
        Corpus(junk)


def test_migrations_run_once_each_inside_a_transaction(tmp_path, monkeypatch):
    db = tmp_path / "c.sqlite"
    with Corpus(db) as c:
        c.write_page(_doc(c), _result())
    ran = []

    def add_reviewer(conn):
        ran.append(1)
        conn.execute("ALTER TABLE documents ADD COLUMN reviewer TEXT NOT NULL DEFAULT ''")

    monkeypatch.setattr(store, "SCHEMA_VERSION", store.SCHEMA_VERSION + 1)
    monkeypatch.setitem(store.MIGRATIONS, store.SCHEMA_VERSION, add_reviewer)
    with Corpus(db) as c:
        assert c.schema_version == store.SCHEMA_VERSION
        assert c.conn.execute("SELECT reviewer FROM documents").fetchall() == [("",)]
        assert len(c.frame("pages")) == 1  # the data went through the migration
    Corpus(db).close()
    assert ran == [1]


def test_a_failed_migration_leaves_the_old_version(tmp_path, monkeypatch):
    db = tmp_path / "c.sqlite"
    Corpus(db).close()

    def broken(conn):
        conn.execute("ALTER TABLE documents ADD COLUMN reviewer TEXT")
        raise sqlite3.OperationalError("database or disk is full")

    monkeypatch.setattr(store, "SCHEMA_VERSION", store.SCHEMA_VERSION + 1)
    monkeypatch.setitem(store.MIGRATIONS, store.SCHEMA_VERSION, broken)
    with pytest.raises(OutputError, match="disk"):
        Corpus(db)
    conn = sqlite3.connect(db)
    assert conn.execute("PRAGMA user_version").fetchone()[0] == store.SCHEMA_VERSION - 1
    assert "reviewer" not in [r[1] for r in conn.execute("PRAGMA table_info(documents)")]


def test_a_page_is_written_whole_or_not_at_all(tmp_path, monkeypatch):
    db = tmp_path / "c.sqlite"
    with Corpus(db) as c:
        doc = _doc(c)
        c.write_page(doc, _result(1))
        before = c.frame("terms").to_dict("records")
        real = Corpus._insert_layers

        def half_then_full(self, conn, page_id, result, corrected):
            conn.execute("INSERT INTO steps (page_id, seq, stage, version) VALUES (?, 0, 'ocr', '1')", (page_id,))
            raise sqlite3.OperationalError("database or disk is full")

        monkeypatch.setattr(Corpus, "_insert_layers", half_then_full)
        with pytest.raises(OutputError) as err:
            c.write_page(doc, _result(1, "ৰিস্তি নতুন"))
        assert "disk space" in str(err.value) and str(db) in str(err.value)
        with pytest.raises(OutputError):
            c.write_page(doc, _result(2))
        monkeypatch.setattr(Corpus, "_insert_layers", real)
        assert c.frame("terms").to_dict("records") == before
        assert c.frame("pages")["page_no"].tolist() == [1]
        assert c.frame("pages")["ocr_text"].tolist() == ["ৰিস্তি খেলা"]
        assert c.integrity() == "ok"


def test_frames_take_only_known_names_and_values_stay_data(tmp_path):
    with Corpus(tmp_path / "c.sqlite") as c:
        nasty = "a'); DROP TABLE pages; --.txt"
        doc = _doc(c, nasty)
        c.write_page(doc, _result())
        with pytest.raises(InputError, match="no such table"):
            c.frame("pages; DROP TABLE documents")
        assert c.frame("documents")["document"].tolist() == [nasty]
        assert c.find_document(nasty).id == doc.id
        assert len(c.frame("pages")) == 1
        frame = c.frame("terms")
        assert frame.loc[0, "concept"] == "game.bisti" and frame.loc[0, "resp"] == "machine"


def test_every_frame_has_its_document_and_rows(tmp_path):
    with Corpus(tmp_path / "c.sqlite") as c:
        c.write_page(_doc(c), _result())
        sizes = {name: len(c.frame(name)) for name in store.FRAMES}
    assert sizes["documents"] == sizes["pages"] == 1
    assert sizes["edits"] == sizes["terms"] == 1
    assert sizes["lines"] == 0 and sizes["steps"] == 2


def test_a_missing_store_is_reported_not_created(tmp_path):
    with pytest.raises(InputError, match="build one first"):
        Corpus(tmp_path / "none.sqlite", create=False)
    assert not (tmp_path / "none.sqlite").exists()


def test_a_version_1_corpus_migrates_and_keeps_its_pages(tmp_path):
    # A corpus written before PAGE XML sources existed: schema version 1, one text document with a page.
    db = tmp_path / "old.sqlite"
    conn = sqlite3.connect(db, isolation_level=None)
    store.MIGRATIONS[1](conn)
    conn.execute("PRAGMA user_version = 1")
    conn.execute("INSERT INTO documents (source, name, kind, sha256) VALUES ('/a.txt', 'a.txt', 'text', 'x')")
    conn.execute("INSERT INTO pages (doc_id, page_no, content_hash, ocr_json, ocr_text, text) "
                 "VALUES (1, 1, 'h', '{}', 'তাস', 'তাস')")
    conn.close()
    with Corpus(db) as c:
        assert c.conn.execute("PRAGMA user_version").fetchone()[0] == store.SCHEMA_VERSION
        assert c.conn.execute("PRAGMA integrity_check").fetchone()[0] == "ok"
        c.conn.execute("INSERT INTO documents (source, name, kind, sha256) VALUES ('/p.xml', 'p.xml', 'page', 'y')")
        assert c.conn.execute("SELECT text FROM pages").fetchall() == [("তাস",)]
        assert c.conn.execute("SELECT value FROM counters WHERE name = 'annotations'").fetchone() == (0,)


def test_a_corpus_of_schema_7_gets_its_numbers_scored_from_its_stored_edits(tmp_path):
    # a review: the migration gave every stored number a score of 1, a garbled २१ too, until its page was redone
    from puthi.corpus.pipeline import build

    book = tmp_path / "b.txt"
    book.write_text("বিস্তি খেলায় ২৪ খানি তাস লাগে। পৃষ্ঠা २१ দেখ।\n", encoding="utf-8")
    db = tmp_path / "c.sqlite"
    build([book], db, progress=False)
    with Corpus(db) as c:
        scored = c.conn.execute("SELECT value, score FROM numbers ORDER BY start").fetchall()
    conn = sqlite3.connect(db)
    conn.execute("ALTER TABLE numbers DROP COLUMN score")
    conn.execute("PRAGMA user_version = 7")
    conn.commit()
    conn.close()
    with Corpus(db) as c:
        assert c.conn.execute("SELECT value, score FROM numbers ORDER BY start").fetchall() == scored
    assert scored[0] == (24, 1.0) and scored[1][1] < 0.5


def test_a_corpus_of_schema_8_gets_its_term_links_scored_from_its_stored_edits(tmp_path):
    # a newcomer: a term read out of garble stood in the corpus as surely as a printed one
    from puthi.corpus.pipeline import build

    book = tmp_path / "b.txt"
    book.write_text("তাহারা छांज খেলে। তাস খেলায় পিঠ হয়।\n", encoding="utf-8")
    db = tmp_path / "c.sqlite"
    build([book], db, progress=False)
    query = "SELECT start, score FROM terms WHERE concept = 'vocab.card' ORDER BY start"
    with Corpus(db) as c:
        scored = c.conn.execute(query).fetchall()
    conn = sqlite3.connect(db)
    conn.execute("UPDATE terms SET score = 1")  # as schema 8 stored them
    conn.execute("PRAGMA user_version = 8")
    conn.commit()
    conn.close()
    with Corpus(db) as c:
        assert c.conn.execute(query).fetchall() == scored
    assert scored[0][1] < 0.9 and scored[1][1] == 1.0


def test_an_older_corpus_that_may_be_written_is_brought_up_to_date_when_read(tmp_path):
    # a review: export, correct --list and build --game refused a corpus of the last schema, "open it once where
    # it can be written", in a folder that could be
    db = tmp_path / "c.sqlite"
    with Corpus(db):
        pass
    conn = sqlite3.connect(db)
    conn.execute("ALTER TABLE numbers DROP COLUMN score")
    conn.execute("PRAGMA user_version = 7")
    conn.commit()
    conn.close()
    with Corpus(db, create=False, readonly=True) as c:
        assert c.schema_version == store.SCHEMA_VERSION and c.documents() == []
