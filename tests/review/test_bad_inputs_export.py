"""``puthi export`` with bad inputs and outputs (found in the bad-input review)."""

from __future__ import annotations

import os
import stat

from review_helpers import one_clean_line, run


def _corpus(capsys, tmp_path):
    src = tmp_path / "rules.txt"
    src.write_text("তাস খেলার নিয়ম\n", encoding="utf-8")
    db = tmp_path / "c.sqlite"
    code, _, err = run(capsys, ["build", src, "--db", db, "--quiet"])
    assert code == 0, err
    return db


def test_exported_files_get_the_umask_permissions(capsys, tmp_path):
    # before: every export (TEI, CSV...) was 0600, unreadable by the scholars it is shared with
    db = _corpus(capsys, tmp_path)
    old = os.umask(0o022)
    try:
        code, _, err = run(capsys, ["export", "--db", db, "--format", "csv", "-o", tmp_path / "out"])
    finally:
        os.umask(old)
    assert code == 0, err
    modes = {stat.S_IMODE(p.stat().st_mode) for p in (tmp_path / "out").iterdir()}
    assert modes == {0o644}


def test_output_folder_that_is_a_file(capsys, tmp_path):
    db = _corpus(capsys, tmp_path)
    target = tmp_path / "taken"
    target.write_text("keep me", encoding="utf-8")
    code, _, err = run(capsys, ["export", "--db", db, "--format", "tei", "-o", target])
    assert code == 5
    assert str(target) in one_clean_line(err)
    assert target.read_text(encoding="utf-8") == "keep me"


def test_a_corpus_is_read_without_writing_for_export_and_list(tmp_path, monkeypatch):
    # a hostile-input review: a corpus in a folder nobody may write (shared, archived) could not be exported or
    # listed, because every open set the journal mode and migrated
    import sqlite3

    from puthi.corpus.pipeline import build
    from puthi.corpus.store import Corpus

    book = tmp_path / "b.txt"
    book.write_text("ছেষট্টি খেলায় ২৪খানি তাস লাগে।\n", encoding="utf-8")
    db = tmp_path / "c.sqlite"
    build([book], db, progress=False)
    opened = []
    real = sqlite3.connect
    monkeypatch.setattr(sqlite3, "connect", lambda target, *a, **k: opened.append(str(target)) or real(target, *a, **k))
    with Corpus(db, create=False, readonly=True) as corpus:
        assert [d.name for d in corpus.documents()] == ["b.txt"]
        try:
            corpus.conn.execute("DELETE FROM pages")
            raise AssertionError("a read-only corpus was written")
        except sqlite3.OperationalError:
            pass
    assert opened and all("mode=" in t or "immutable=1" in t for t in opened)  # never a create
    # and it leaves nothing beside the corpus: mode=ro had left an empty -wal and a -shm after every export
    assert sorted(p.name for p in tmp_path.iterdir() if p.name.startswith("c.sqlite")) == ["c.sqlite", "c.sqlite.lock"]


def test_huge_page_numbers_deep_json_and_huge_headwords_are_one_line_errors(capsys, tmp_path):
    # a hostile-input review: each of these ended in a traceback (OverflowError, RecursionError) or ran for minutes
    from review_helpers import one_clean_line, run

    from puthi.corpus.pipeline import build

    book = tmp_path / "b.txt"
    book.write_text("ছেষট্টি খেলায় ২৪খানি তাস লাগে।\n", encoding="utf-8")
    db = tmp_path / "c.sqlite"
    build([book], db, progress=False)
    code, _, err = run(capsys, ["correct", "--db", db, "--doc", "b.txt", "--page", str(10**20), "--start", "0",
                                "--end", "1", "--text", "x", "--author", "rk"])
    assert code == 2 and "no page number" in one_clean_line(err)
    deep = tmp_path / "pairs.json"
    deep.write_text("[" * 100_000 + "]" * 100_000, encoding="utf-8")
    code, _, err = run(capsys, ["eval", "--pairs", deep])
    assert code == 2 and "nested" in one_clean_line(err)
    table = tmp_path / "mine.csv"
    table.write_text("concept,lang,headword,gloss,category,source\nx.y,bn," + "ক" * 5000 + ",g,c,s\n", encoding="utf-8")
    code, _, err = run(capsys, ["terms", book, "--table", table])
    assert code == 2 and "5,000 characters" in one_clean_line(err)


def test_an_import_naming_a_named_pipe_as_its_image_does_not_hang_the_review(tmp_path):
    # a hostile tester: export --format html blocked for good opening a FIFO an ALTO file named as its scan
    import os

    from puthi.corpus.export import export
    from puthi.corpus.pipeline import build
    from puthi.ocr.alto import to_alto
    from puthi.ocr.model import Block, Box, Line, Page, Word

    os.mkfifo(tmp_path / "scan.png")
    page = Page(path="scan.png", width=100, height=40, lang="ben",
                blocks=[Block([Line([Word("তাস", Box(1, 1, 30, 20), 90.0)])])])
    (tmp_path / "p.xml").write_text(to_alto([page]), encoding="utf-8")
    db = tmp_path / "c.sqlite"
    build([tmp_path / "p.xml"], db, progress=False)
    [report] = export(db, "html", tmp_path / "out")
    assert report.exists()


def test_a_damaged_corpus_is_a_one_line_error(capsys, tmp_path):
    # a hostile tester: a dropped table, a damaged page of text and a negative schema version ended in tracebacks
    import sqlite3

    from review_helpers import one_clean_line, run

    from puthi.corpus.pipeline import build

    book = tmp_path / "b.txt"
    book.write_text("ছেষট্টি খেলায় ২৪খানি তাস লাগে।\n", encoding="utf-8")
    for case in ("drop", "decode", "version"):
        db = tmp_path / f"{case}.sqlite"
        build([book], db, progress=False)
        conn = sqlite3.connect(db)
        if case == "drop":
            conn.execute("DROP TABLE verdicts")
        elif case == "decode":
            conn.execute("UPDATE pages SET ocr_json = CAST(x'deadbeef' AS TEXT)")
        else:
            conn.execute("PRAGMA user_version = -1")
        conn.commit()
        conn.close()
        tei = ["export", "--db", db, "--format", "tei", "-o", tmp_path / f"{case}-tei"]
        commands = {"drop": [tei, ["export", "--db", db, "--format", "csv", "-o", tmp_path / f"{case}-csv"]],
                    "decode": [tei], "version": [tei, ["build", book, "--db", db]]}[case]
        for argv in commands:
            code, _, err = run(capsys, argv)
            assert code != 0 and str(db) in one_clean_line(err), (case, argv, err)


def test_a_table_or_concept_name_like_a_formula_is_set_off_in_the_csv(capsys, tmp_path):
    # a hostile tester: a table named =HYPERLINK(A1).csv and a concept @SUM(1) reached terms.csv as formulas
    from review_helpers import run

    from puthi.corpus.pipeline import build
    from puthi.rules.terms.tables import TableFile

    table = tmp_path / "=HYPERLINK(A1).csv"
    table.write_text("concept,lang,headword\ncard.joker,bn,জোকার\n", encoding="utf-8")
    book = tmp_path / "x.txt"
    book.write_text("জোকার ও টেক্কা\n", encoding="utf-8")
    db = tmp_path / "t.sqlite"
    build([book], db, tables=(TableFile.read(table),), progress=False)
    code, _, _ = run(capsys, ["correct", "--db", db, "--doc", "x.txt", "--start", "8", "--end", "14", "--term",
                              "@SUM(1)", "--author", "me"])
    assert code == 0
    run(capsys, ["export", "--db", db, "--format", "csv", "-o", tmp_path / "o"])
    cells = [c for line in (tmp_path / "o" / "terms.csv").read_text(encoding="utf-8").splitlines()
             for c in line.split(",")]
    assert not any(c.startswith(("=", "@")) for c in cells) and "'=HYPERLINK(A1)" in cells and "'@SUM(1)" in cells
