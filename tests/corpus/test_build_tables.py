"""`puthi build --table`: a scholar's terminology table read with the bundled ones on every page of a corpus,
kept by the corpus for later builds and corrections."""

from __future__ import annotations

import sqlite3
from pathlib import Path

import pytest

from puthi.corpus import store
from puthi.corpus.cli import main
from puthi.corpus.pipeline import build
from puthi.corpus.store import Corpus
from puthi.errors import InputError
from puthi.rules.terms.tables import TableFile

# A chapter of a game the bundled tables lack, after a Bisti chapter (as in a newcomer's booklet); its heading
# alone does not say it is a game's.
BOOK = "বিস্তি\nপ্রত্যেকে চারখানি তাস পায়।\n\nবাঘবন্দী\nপ্রত্যেকে আটখানি তাস পায়। প্রত্যেক ঘর একটি বিন্দু।\n"
TABLE = ("concept,lang,headword,variants,gloss,category,source\n"
         "game.bagh_bandi,bn,বাঘবন্দী,,tiger trap,game_name,test\n"
         "board.square,bn,ঘর,,square of the board,board,test\n")


def _book(tmp_path: Path) -> tuple[Path, Path, Path]:
    book = tmp_path / "book.txt"
    book.write_text(BOOK, encoding="utf-8")
    table = tmp_path / "mine.csv"
    table.write_text(TABLE, encoding="utf-8")
    return book, table, tmp_path / "c.sqlite"


def _page(db: Path):
    with Corpus(db) as c:
        return c.pages(c.documents()[0])[0]


def _concepts(page) -> list[str]:
    return [t.item.concept for t in page.terms]


def _claim_games(page) -> list[tuple[str, str]]:
    return [(c.game, c.quantity) for c in page.claims]


def test_a_scholars_table_names_terms_and_games_on_every_page_and_the_corpus_keeps_it(tmp_path, fast_repair):
    book, table, db = _book(tmp_path)
    build([book], db, progress=False)
    bundled = _page(db)
    assert "game.bagh_bandi" not in _concepts(bundled)
    # without the table, the second chapter's eight cards are read as Bisti's
    assert _claim_games(bundled) == [("bisti", "hand_size"), ("bisti", "hand_size")]

    report = build([book], db, tables=(TableFile.read(table),), progress=False)
    assert report.done == 1  # the table changed the terms step: the page is read again
    page = _page(db)
    assert {"game.bagh_bandi", "board.square"} <= set(_concepts(page))
    assert _claim_games(page) == [("bisti", "hand_size"), ("bagh_bandi", "hand_size")]

    table.unlink()  # the corpus keeps the table's text: a later build and a correction still use it
    again = build([book], db, progress=False)
    assert again.skipped == 1 and any("mine.csv" in n for n in again.notes)
    # a person corrects a word: the page is read again, with the table
    start = BOOK.index("একটি")
    assert main(["correct", "--db", str(db), "--doc", "book.txt", "--text", "এক", "--start", str(start),
                 "--end", str(start + len("একটি")), "--author", "rk"]) == 0
    corrected = _page(db)
    assert "প্রত্যেক ঘর এক বিন্দু" in corrected.text
    assert {"game.bagh_bandi", "board.square"} <= set(_concepts(corrected))
    assert _claim_games(corrected) == [("bisti", "hand_size"), ("bagh_bandi", "hand_size")]

    build([book], db, tables=(), progress=False)  # --no-tables
    assert "board.square" not in _concepts(_page(db))
    with Corpus(db) as c:
        assert c.term_tables() == ()


def test_a_changed_table_reads_the_pages_again_and_the_same_table_does_not(tmp_path, fast_repair):
    book, table, db = _book(tmp_path)
    build([book], db, tables=(TableFile.read(table),), progress=False)
    assert build([book], db, tables=(TableFile.read(table),), progress=False).skipped == 1
    table.write_text(TABLE.replace("board.square,bn,ঘর", "board.square,bn,খোপ"), encoding="utf-8")
    assert build([book], db, tables=(TableFile.read(table),), progress=False).done == 1
    assert "board.square" not in _concepts(_page(db))


def test_a_bad_table_stops_the_build_before_any_page_is_read(tmp_path, capsys):
    book, table, db = _book(tmp_path)
    table.write_text("concept,lang,headword\ncard.mine,bn,টেক্কা\n", encoding="utf-8")  # the ace's form, undeclared
    assert main(["build", str(book), "--db", str(db), "--table", str(table)]) != 0
    err = capsys.readouterr().err
    assert "mine.csv" in err and "Traceback" not in err and len(err.strip().splitlines()) == 1
    assert not db.exists()
    with pytest.raises(InputError, match="no such table file"):
        TableFile.read(tmp_path / "absent.csv")


def test_a_corpus_of_schema_5_gets_the_tables_table_and_keeps_its_pages(tmp_path, fast_repair):
    book, _, db = _book(tmp_path)
    build([book], db, progress=False)
    conn = sqlite3.connect(db)
    conn.execute("DROP TABLE term_tables")
    conn.execute("ALTER TABLE annotations DROP COLUMN quantity")  # schema 7's
    conn.execute("ALTER TABLE numbers DROP COLUMN score")  # schema 8's
    conn.execute("PRAGMA user_version = 5")
    conn.commit()
    conn.close()
    with Corpus(db) as c:
        assert c.schema_version == store.SCHEMA_VERSION and c.term_tables() == ()
    assert build([book], db, progress=False).skipped == 1


def test_a_term_link_by_the_tables_headword_and_the_tei_glossary_use_the_corpus_tables(tmp_path, fast_repair, capsys):
    # a hostile tester: correct --term named the table's headword, and it was stored as a new concept
    from puthi.corpus import export

    book, table, db = _book(tmp_path)
    build([book], db, tables=(TableFile.read(table),), progress=False)
    start = BOOK.index("একটি")
    assert main(["correct", "--db", str(db), "--doc", "book.txt", "--term", "ঘর", "--start", str(start),
                 "--end", str(start + len("একটি")), "--author", "rk"]) == 0
    assert "new concept" not in capsys.readouterr().err
    linked = [t for t in _page(db).terms if t.resp == "human"]
    assert [(t.item.concept, t.item.gloss) for t in linked] == [("board.square", "square of the board")]
    (tei,) = export.export(db, "tei", tmp_path / "tei")
    xml = tei.read_text(encoding="utf-8")
    assert "tiger trap" in xml  # the glossary entry of the table's game
    assert "table: mine; source: test" in xml  # with the row's source (a newcomer: it reached no export)


def test_a_term_link_is_kept_as_the_concept_it_named_when_the_tables_go(tmp_path, fast_repair):
    # a newcomer: under --no-tables a link made by the table's headword became a concept named ঘর, glossless
    book, table, db = _book(tmp_path)
    build([book], db, tables=(TableFile.read(table),), progress=False)
    start = BOOK.index("একটি")
    main(["correct", "--db", str(db), "--doc", "book.txt", "--term", "ঘর", "--start", str(start),
          "--end", str(start + len("একটি")), "--author", "rk"])
    build([book], db, tables=(), progress=False)
    linked = [t.item for t in _page(db).terms if t.resp == "human"]
    assert [(t.concept, t.headword) for t in linked] == [("board.square", "একটি")]


def test_a_table_edited_on_disk_is_named_and_a_clashing_kept_table_stops_with_the_fix(tmp_path, fast_repair, capsys):
    book, table, db = _book(tmp_path)
    build([book], db, tables=(TableFile.read(table),), progress=False)
    table.write_text(TABLE.replace("tiger trap", "tiger trap game"), encoding="utf-8")
    report = build([book], db, progress=False)
    assert report.skipped == 1 and any("has changed since the corpus kept it" in n for n in report.notes)
    # an upgrade may give a bundled table a form the kept table names for another concept (a review)
    with Corpus(db) as c:
        c.set_term_tables((TableFile("old.csv", "concept,lang,headword\ncard.mine,bn,টেক্কা\n"),))
    assert main(["build", str(book), "--db", str(db), "--quiet"]) == 2
    assert main(["correct", "--db", str(db), "--doc", "book.txt", "--text", "এক", "--start", "0", "--end", "1",
                 "--author", "rk"]) == 2
    err = capsys.readouterr().err
    assert err.count("no longer fits the bundled ones") == 2 and "--no-tables" in err and "Traceback" not in err
    with Corpus(db) as c:
        assert c.annotations() == []  # nothing recorded


def test_a_game_named_only_in_the_kept_table_may_be_given_as_the_game(tmp_path, fast_repair, capsys):
    # a review: `build --game bagh_bandi` was refused once the table was kept, though the build reads with it
    book, table, db = _book(tmp_path)
    assert main(["build", str(book), "--db", str(db), "--table", str(table)]) == 0
    assert main(["build", str(book), "--db", str(db), "--game", "bagh_bandi"]) == 0
    assert main(["build", str(book), "--db", str(tmp_path / "new.sqlite"), "--game", "bagh_bandi"]) == 2
    assert "unknown game" in capsys.readouterr().err
