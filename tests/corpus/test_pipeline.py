"""The build: resumable by content hash and stage version, failures listed, same results inline, on a
process pool and on Dask, whole pages only after a kill, one writer per store."""

from __future__ import annotations

import os
import signal
import sqlite3
import subprocess
import sys
import time
from pathlib import Path

import pytest

from puthi.corpus import cli, pipeline
from puthi.corpus.pipeline import build
from puthi.corpus.store import FRAMES, Corpus
from puthi.errors import EngineError, InputError, OutputError

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))
from corpus_helpers import RA, bengali_pages, seed_files, two_page_pdf  # noqa: E402

VOLATILE = {"seconds", "done", "added", "at", "created"}


def snapshot(db: Path) -> dict[str, list[dict]]:
    """Every table of a corpus without the columns that record time."""
    with Corpus(db) as c:
        out = {}
        for name in FRAMES:
            frame = c.frame(name)
            frame = frame.drop(columns=[col for col in frame.columns if col in VOLATILE])
            out[name] = frame.astype(object).where(frame.notna(), None).to_dict("records")
        return out


def _pages_file(tmp_path: Path, n: int, name: str = "book.txt", seed: int = 0) -> Path:
    path = tmp_path / name
    path.write_text(bengali_pages(n, seed), encoding="utf-8")
    return path


def test_rerun_skips_done_pages_and_redoes_only_what_changed(tmp_path, fast_repair):
    book = _pages_file(tmp_path, 5)
    db = tmp_path / "c.sqlite"
    first = build([book], db, progress=False)
    assert (first.done, first.skipped, first.failures) == (5, 0, [])
    assert len(fast_repair) == 5
    assert build([book], db, progress=False).skipped == 5
    assert len(fast_repair) == 5

    pages = book.read_text(encoding="utf-8").split("\f")
    pages[2] = pages[2].replace("তাস", "তাশ")
    book.write_text("\f".join(pages), encoding="utf-8")
    again = build([book], db, progress=False)
    assert (again.done, again.skipped) == (1, 4)
    with Corpus(db) as c:
        texts = c.frame("pages")["ocr_text"].tolist()
    assert "তাশ" in texts[2] and all("তাশ" not in t for i, t in enumerate(texts) if i != 2)

    book.write_text("\f".join(pages[:3]), encoding="utf-8")  # the source got shorter
    build([book], db, progress=False)
    assert snapshot(db)["documents"][0]["pages"] == 3 and len(snapshot(db)["pages"]) == 3


def test_a_changed_stage_version_redoes_that_stage_and_reuses_what_came_before(tmp_path, fast_repair, monkeypatch):
    book = _pages_file(tmp_path, 3)
    db = tmp_path / "c.sqlite"
    build([book], db, progress=False)
    before = snapshot(db)
    monkeypatch.setitem(pipeline.STAGE_VERSIONS, "terms", "test-2")
    monkeypatch.setattr("puthi.rules.terms.VERSION", "test-2")  # a stage module's own VERSION wins
    report = build([book], db, progress=False)
    assert report.done == 3 and len(fast_repair) == 3  # repair was not run again
    after = snapshot(db)
    assert {s["version"] for s in after["steps"] if s["stage"] == "terms"} == {"test-2"}
    assert after["edits"] == before["edits"] and after["terms"] == before["terms"]
    monkeypatch.setitem(pipeline.STAGE_VERSIONS, "repair", "test-2")
    monkeypatch.setattr("puthi.normalize.repair.VERSION", "test-2")
    build([book], db, progress=False)
    assert len(fast_repair) == 6


def test_a_bad_source_is_listed_and_the_rest_go_through(tmp_path, fast_repair, capsys):
    good = _pages_file(tmp_path, 2)
    latin1 = tmp_path / "latin1.txt"
    latin1.write_bytes("caf\N{LATIN SMALL LETTER E WITH ACUTE}".encode("latin-1"))
    notes = tmp_path / "notes.docx"
    notes.write_bytes(b"PK\x03\x04 not a page")
    empty = tmp_path / "empty.xml"
    empty.write_text("<alto xmlns='http://www.loc.gov/standards/alto/ns-v4#'><Layout/></alto>")
    db = tmp_path / "c.sqlite"
    code = cli.main(["build", str(good), str(latin1), str(notes), str(tmp_path / "missing.png"), str(empty),
                     "--db", str(db), "--quiet"])
    err = capsys.readouterr().err
    assert code == 2
    failed = [line for line in err.splitlines() if "failed:" in line]
    assert len(failed) == 4, err
    assert any("latin1.txt" in line and "UTF-8" in line for line in failed)
    assert any("notes.docx" in line and "not an image, PDF" in line for line in failed)
    assert any("missing.png" in line and "no such file" in line for line in failed)
    assert any("empty.xml" in line for line in failed)
    assert len(snapshot(db)["pages"]) == 2
    assert {f["source"] for f in snapshot(db)["failures"]} >= {str(latin1.resolve()), str(tmp_path / "missing.png")}


def test_a_stage_that_fails_on_one_page_keeps_the_others_and_is_retried(tmp_path, monkeypatch):
    book = _pages_file(tmp_path, 3)
    db = tmp_path / "c.sqlite"

    def flaky(text, lang, noise=None):
        if "পাতা ২" in text:
            raise RuntimeError("model crashed")
        return text, [], "bn"

    monkeypatch.setattr(pipeline, "_repair", flaky)
    report = build([book], db, progress=False)
    assert [(f.page_no, f.stage) for f in report.failures] == [(2, "repair")]
    assert "model crashed" in report.failures[0].message
    steps = snapshot(db)["steps"]
    assert [s["stage"] for s in steps if s["page_no"] == 2] == ["ocr"]  # kept what was done
    monkeypatch.setattr(pipeline, "_repair", lambda text, lang, noise=None: (text, [], "bn"))
    again = build([book], db, progress=False)
    assert (again.done, again.skipped, again.failures) == (1, 2, [])
    assert snapshot(db)["failures"] == []


def test_a_process_pool_gives_the_same_corpus_as_one_process(tmp_path, fast_repair):
    book = _pages_file(tmp_path, 6)
    one, two = tmp_path / "one.sqlite", tmp_path / "two.sqlite"
    build([book], one, progress=False)
    report = build([book], two, workers=2, progress=False)
    assert report.done == 6 and report.failures == []
    assert snapshot(one) == snapshot(two)


def test_a_dask_cluster_gives_the_same_corpus_as_the_local_run(tmp_path, fast_repair):
    distributed = pytest.importorskip("distributed")
    books = [_pages_file(tmp_path, 4, "a.txt"), _pages_file(tmp_path, 3, "b.txt", seed=5)]
    local, remote = tmp_path / "local.sqlite", tmp_path / "dask.sqlite"
    build(books, local, workers=2, progress=False)
    with distributed.LocalCluster(n_workers=1, threads_per_worker=2, processes=False,
                                  dashboard_address=None) as cluster:
        report = build(books, remote, scheduler=cluster.scheduler_address, progress=False)
    assert report.done == 7 and report.failures == []
    assert snapshot(local) == snapshot(remote)
    assert any(e["before"] == RA for e in snapshot(remote)["edits"])


def test_an_unreachable_scheduler_is_one_clear_error(tmp_path, fast_repair, monkeypatch):
    pytest.importorskip("distributed")
    monkeypatch.setattr(pipeline, "SCHEDULER_TIMEOUT", 1)
    book = _pages_file(tmp_path, 1)
    with pytest.raises(EngineError, match="cannot reach the Dask scheduler") as err:
        build([book], tmp_path / "c.sqlite", scheduler="tcp://127.0.0.1:9", progress=False)
    assert "127.0.0.1:9" in str(err.value)


def test_an_address_that_says_nothing_is_no_scheduler_and_no_hang(tmp_path, fast_repair, monkeypatch):
    # a hostile tester: --scheduler at the dashboard's port, a web server, waited for good
    import socket

    pytest.importorskip("distributed")
    monkeypatch.setattr(pipeline, "PROBE_WAIT", 0.5)
    with socket.create_server(("127.0.0.1", 0)) as silent:
        address = f"tcp://127.0.0.1:{silent.getsockname()[1]}"
        with pytest.raises(EngineError, match="not as a Dask scheduler"):
            build([_pages_file(tmp_path, 1)], tmp_path / "c.sqlite", scheduler=address, progress=False)


def test_a_cluster_without_workers_is_one_clear_error_not_a_hang(tmp_path, fast_repair, monkeypatch):
    distributed = pytest.importorskip("distributed")
    monkeypatch.setattr(pipeline, "WORKER_WAIT", 1)
    book = _pages_file(tmp_path, 1)
    with distributed.LocalCluster(n_workers=0, processes=False, dashboard_address=None) as cluster:
        with pytest.raises(EngineError, match="no Dask worker joined"):
            build([book], tmp_path / "c.sqlite", scheduler=cluster.scheduler_address, progress=False)


def test_real_stages_on_the_seeds_give_the_same_corpus_on_dask(seed_corpus, tmp_path):
    distributed = pytest.importorskip("distributed")
    db = tmp_path / "dask.sqlite"
    with distributed.LocalCluster(n_workers=1, threads_per_worker=1, processes=False,
                                  dashboard_address=None) as cluster, distributed.Client(cluster) as client:
        report = build(seed_files(), db, scheduler=client, progress=False)
    assert report.failures == []
    assert snapshot(db) == snapshot(seed_corpus)
    assert len(snapshot(db)["terms"]) > 100 and len(snapshot(db)["edits"]) > 10


def _wait_for_pages(db: Path, n: int, proc: subprocess.Popen, timeout: float = 60.0) -> int:
    end = time.monotonic() + timeout
    while time.monotonic() < end:
        if proc.poll() is not None:
            raise AssertionError(f"the build ended early: {proc.stderr.read()}")
        try:
            conn = sqlite3.connect(f"file:{db}?mode=ro", uri=True, timeout=5)
            done = conn.execute("SELECT count(*) FROM pages").fetchone()[0]
            conn.close()
        except sqlite3.Error:
            done = 0
        if done >= n:
            return done
        time.sleep(0.05)
    raise AssertionError("the build wrote too few pages in time")


def _slow_build(book: Path, db: Path, delay: float, *extra: str) -> subprocess.Popen:
    return subprocess.Popen(
        [sys.executable, str(HERE / "slow_build.py"), str(delay), "build", str(book), "--db", str(db), "--quiet",
         *extra], stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, cwd=HERE)


def test_killing_a_build_loses_nothing_committed_and_leaves_no_half_page(tmp_path):
    # 240 pages of at least 0.03 s: a poll held up by a write on a loaded machine still comes before the end (a
    # review saw this test fail now and then with 120)
    book = _pages_file(tmp_path, 240)
    db = tmp_path / "c.sqlite"
    proc = _slow_build(book, db, 0.03)
    _wait_for_pages(db, 15, proc)
    os.kill(proc.pid, signal.SIGKILL)
    proc.wait(timeout=30)
    with Corpus(db) as c:
        assert c.integrity() == "ok"
        rows = c.conn.execute(
            "SELECT p.id, p.page_no, (SELECT count(*) FROM steps s WHERE s.page_id = p.id), "
            "(SELECT count(*) FROM lines l WHERE l.page_id = p.id) FROM pages p").fetchall()
    assert 15 <= len(rows) < 240
    assert all(steps == 4 and lines == 2 for _, _, steps, lines in rows), rows  # whole pages only
    kept = {page_no: page_id for page_id, page_no, _, _ in rows}

    proc = _slow_build(book, db, 0.0)
    _, err = proc.communicate(timeout=120)
    assert proc.returncode == 0, err
    assert f"{len(rows)} already done" in err
    with Corpus(db) as c:
        after = dict(c.conn.execute("SELECT page_no, id FROM pages"))
        assert c.integrity() == "ok"
    assert sorted(after) == list(range(1, 241))
    assert all(after[n] == page_id for n, page_id in kept.items())  # committed pages were not redone


def test_two_builds_on_one_store_one_stops_with_a_clear_error_or_waits(tmp_path, fast_repair):
    book = _pages_file(tmp_path, 40)
    other = _pages_file(tmp_path, 3, "other.txt", seed=3)
    db = tmp_path / "c.sqlite"
    proc = _slow_build(book, db, 0.05)
    try:
        _wait_for_pages(db, 2, proc)
        with pytest.raises(OutputError, match=r"another puthi build \(pid \d+\)"):
            build([other], db, progress=False)
        link = tmp_path / "link.sqlite"  # the same corpus by a symbolic link: the same lock (a hostile tester)
        link.symlink_to(db)
        with pytest.raises(OutputError, match=r"another puthi build \(pid \d+\)"):
            build([other], link, progress=False)
        report = build([other], db, progress=False, wait=True)  # waits for the first to finish
        assert report.done == 3
        with Corpus(db) as c:  # the first build had finished all its pages before the lock was free
            assert c.conn.execute("SELECT count(*) FROM pages p JOIN documents d ON d.id = p.doc_id "
                                  "WHERE d.name = 'book.txt'").fetchone()[0] == 40
        assert proc.wait(timeout=30) == 0
    finally:
        if proc.poll() is None:
            proc.kill()
        proc.communicate()
    snap = snapshot(db)
    assert len(snap["pages"]) == 43 and len(snap["documents"]) == 2
    with Corpus(db) as c:
        assert c.integrity() == "ok"


def test_a_value_the_repair_guessed_is_unverifiable_in_the_corpus_too(tmp_path):
    # a review: `check --repair` said so, but the corpus stored the guess at 0.8 and "contradicted" the board's 21
    book = tmp_path / "hin.txt"
    book.write_text("दछ-गुटि खेल। वर्कशनऊ पूुँगें खिद्धंज गिंशवज लग लांटज जाक मरे २५४ विन्‍्मू शाहक।\n", encoding="utf-8")
    db = tmp_path / "c.sqlite"
    build([book], db, game="dashguti", progress=False)
    with Corpus(db) as c:
        [page] = c.pages(c.documents()[0])
    guessed = [(page.claims[m.item.claim], m.item) for m in page.verdicts if m.active]
    assert guessed and all(cl.confidence < 0.5 and v.verdict == "unverifiable" for cl, v in guessed), guessed
    assert build([book], db, game="dashguti", progress=False).skipped == 1
    # a person's correction elsewhere on the page leaves the guess a guess; their reading of the number ends it
    where = ["--db", str(db), "--doc", "hin.txt", "--author", "rk", "--line", "1", "--word"]
    assert cli.main(["correct", *where, "1", "--text", "দছ-গুটি"]) == 0

    def verdicts() -> list[str]:
        with Corpus(db) as c:
            [page] = c.pages(c.documents()[0])
        return [m.item.verdict for m in page.verdicts
                if m.active and page.claims[m.item.claim].quantity == "board_points"]

    assert verdicts() == ["unverifiable"]
    assert cli.main(["correct", *where, "11", "--text", "২১"]) == 0
    assert verdicts() == ["consistent"]


def test_a_persons_reading_of_a_guessed_number_holds_on_a_page_of_a_book(tmp_path):
    # a review: the book pass doubted the claims of page 2 again by the machine's overruled edit
    (tmp_path / "b").mkdir()
    (tmp_path / "b" / "page-1.txt").write_text("দছ-গুটি খেলৰ নিয়ম\n\nদছ-গুটি দুজন খেলুৱৈৰ খেল।\n", encoding="utf-8")
    (tmp_path / "b" / "page-2.txt").write_text("वर्कशनऊ पूुँगें खिद्धंज गिंशवज लग लांटज जाक मरे २५४ विन्‍्मू शाहक।\n",
                                               encoding="utf-8")
    db = tmp_path / "c.sqlite"
    build([tmp_path / "b"], db, progress=False)

    def board() -> list[tuple]:
        with Corpus(db) as c:
            [page] = c.pages(next(d for d in c.documents() if d.name == "page-2.txt"))
        return [(page.claims[m.item.claim].stated, m.item.verdict) for m in page.verdicts
                if m.active and page.claims[m.item.claim].quantity == "board_points"]

    assert board() == [(211, "unverifiable")]
    # a person who confirms the machine's reading in its own spelling makes it as sure (a known limit of session 18)
    assert cli.main(["correct", "--db", str(db), "--doc", "page-2.txt", "--line", "1", "--word", "9", "--text",
                     "২১১", "--author", "rk"]) == 0
    assert board() == [(211, "contradicted")]
    assert cli.main(["correct", "--db", str(db), "--delete", "1"]) == 0
    assert board() == [(211, "unverifiable")]
    assert cli.main(["correct", "--db", str(db), "--doc", "page-2.txt", "--line", "1", "--word", "9", "--text",
                     "২১১টি", "--author", "rk"]) == 0
    assert board() == [(211, "contradicted")]


def test_a_term_read_out_of_garble_is_as_sure_as_its_reading(tmp_path):
    # a newcomer: garble guessed as কাবার at 0.24 was linked to the Grabu term at score 1.0 in the corpus
    book = tmp_path / "b.txt"
    book.write_text("তাহারা छांज খেলে। তাস খেলায় পিঠ হয়।\n", encoding="utf-8")
    db = tmp_path / "c.sqlite"
    build([book], db, progress=False)

    def cards() -> list[tuple]:
        with sqlite3.connect(db) as conn:
            return conn.execute("select start, surface, score from terms where concept = 'vocab.card' and active "
                                "order by start").fetchall()

    [(_, guessed, score), (_, printed, sure)] = cards()
    assert (guessed, printed, sure) == ("তাস", "তাস", 1.0) and score < 0.9
    from lxml import etree

    from puthi.corpus import export  # the TEI says so (a hostile tester): cert on the guessed term alone

    [tei] = export.export(db, "tei", tmp_path / "tei")
    terms = etree.parse(str(tei)).iter("{http://www.tei-c.org/ns/1.0}term")
    assert [t.get("cert") for t in terms if t.get("ref") == "#g-vocab.card"] == [f"{score:.2f}", None]
    assert cli.main(["correct", "--db", str(db), "--doc", "b.txt", "--line", "1", "--word", "2", "--text", "তাস",
                     "--author", "rk"]) == 0  # a person's reading is sure
    assert [s for _, _, s in cards()] == [1.0, 1.0]


def test_a_text_built_in_one_language_keeps_it_when_built_again(tmp_path, fast_repair):
    # a review: a text's language is its repair's, and a build without --lang had read it again in auto
    book = tmp_path / "a.txt"
    book.write_text("দহ-গুটি খেল দুজন খেলুৱৈয়ে খেলে।\n", encoding="utf-8")
    db = tmp_path / "c.sqlite"
    assert build([book], db, lang="asm", progress=False).done == 1
    assert build([book], db, progress=False).skipped == 1
    # a page added to the folder later is read as the folder's files were (a review)
    for name in ("b.txt", "c.txt"):  # two at once: each by the files built before, not by the other new one
        (tmp_path / name).write_text("এই খেল দুজন খেলুৱৈয়ে খেলে।\n", encoding="utf-8")
    build([tmp_path / "a.txt", tmp_path / "b.txt", tmp_path / "c.txt"], db, progress=False)
    with Corpus(db) as c:
        for name in ("b.txt", "c.txt"):
            steps = c.page_states(next(d for d in c.documents() if d.name == name).id)[1][1]
            assert [st.settings for st in steps if st.stage == "repair"] == [{"lang": "as"}], name


def test_build_lang_overrules_the_language_an_ocr_file_declares(tmp_path):
    # session 19's known limit: an hOCR file saying ben kept a Dash-guti page Bengali under --lang asm
    words = "".join(f"<span class='ocrx_word' title='bbox {10 * i} 0 {10 * i + 9} 9'>{w}</span> "
                    for i, w in enumerate("খেলুবৈয়ে দহটা গুটি লৈ খেলে।".split()))
    line = f"<span class='ocr_line' title='bbox 0 0 99 9'>{words}</span>"
    (tmp_path / "b.hocr").write_text("<div class='ocr_page' title='image b.png; bbox 0 0 99 9'>"
                                     f"<p class='ocr_par' lang='ben'>{line}</p></div>", encoding="utf-8")
    db = tmp_path / "c.sqlite"
    build([tmp_path / "b.hocr"], db, progress=False)
    with sqlite3.connect(db) as conn:
        assert conn.execute("select lang from pages").fetchall() == [("bn",)]  # as the file says
    build([tmp_path / "b.hocr"], db, lang="asm", progress=False)
    with sqlite3.connect(db) as conn:
        assert conn.execute("select lang, text from pages").fetchall() == [("as", "খেলুৱৈয়ে দহটা গুটি লৈ খেলে।")]
    # but the language of the folder's other files does not overrule a new file's own (a review)
    (tmp_path / "c.hocr").write_text((tmp_path / "b.hocr").read_text(encoding="utf-8").replace("'ben'", "'asm'"),
                                     encoding="utf-8")
    db = tmp_path / "d.sqlite"
    build([tmp_path / "b.hocr"], db, lang="ben", progress=False)
    build([tmp_path / "b.hocr", tmp_path / "c.hocr"], db, progress=False)
    with sqlite3.connect(db) as conn:
        assert conn.execute("select d.name, p.lang from pages p join documents d on d.id = p.doc_id order by 1"
                            ).fetchall() == [("b.hocr", "bn"), ("c.hocr", "as")]


def test_a_corpus_file_with_two_names_is_refused(tmp_path, fast_repair):
    # a hostile tester's hard link: SQLite kept a log for each name, and two builds at once lost one's documents
    book = _pages_file(tmp_path, 1)
    db = tmp_path / "c.sqlite"
    build([book], db, progress=False)
    os.link(db, tmp_path / "hard.sqlite")
    for name in (db, tmp_path / "hard.sqlite"):
        with pytest.raises(InputError, match="2 hard links"):
            build([book], name, progress=False)
    assert not (tmp_path / "hard.sqlite.lock").exists()  # no lock file left behind (a hostile tester)


def test_alto_import_keeps_the_boxes_and_xxe_is_refused(tmp_path, fast_repair):
    alto = pytest.importorskip("puthi.ocr.alto")
    from puthi.ocr.model import Block, Box, Line, Page, Word

    words = [Word("ৰিস্তি", Box(10, 10, 80, 40), 91.0), Word("খেলা", Box(90, 10, 150, 40), 85.0)]
    page = Page(path="scan.png", width=200, height=60, lang="ben", blocks=[Block([Line(words)])])
    good = tmp_path / "page.xml"
    good.write_text(alto.to_alto([page]), encoding="utf-8")
    secret = tmp_path / "secret.txt"
    secret.write_text("TOP-SECRET-VALUE")
    evil = tmp_path / "evil.xml"
    evil.write_text(f'<?xml version="1.0"?>\n<!DOCTYPE alto [<!ENTITY x SYSTEM "file://{secret}">]>\n'
                    '<alto xmlns="http://www.loc.gov/standards/alto/ns-v4#"><Layout><Page><PrintSpace>'
                    '<TextBlock><TextLine><String CONTENT="&x;"/></TextLine></TextBlock>'
                    "</PrintSpace></Page></Layout></alto>")
    db = tmp_path / "c.sqlite"
    report = build([good, evil], db, progress=False)
    assert [Path(f.source).name for f in report.failures] == ["evil.xml"]
    assert "entit" in report.failures[0].message
    snap = snapshot(db)
    assert "TOP-SECRET" not in repr(snap)
    assert [(w["text"], w["x0"], w["y1"], w["conf"]) for w in snap["words"]] == [("ৰিস্তি", 10, 40, 91.0),
                                                                                 ("খেলা", 90, 40, 85.0)]
    assert snap["pages"][0]["text"] == "বিস্তি খেলা"


def test_exported_alto_pages_and_their_scans_build_as_one_book_read_once(tmp_path, fast_repair):
    # a newcomer built puthi's own ALTO export of a PDF: each page-000N.png beside its page-000N.alto.xml was OCR'd
    # again (every claim twice), and the .alto.xml pages were no book, so page 2 lost the game page 1 names
    alto = pytest.importorskip("puthi.ocr.alto")
    from PIL import Image

    from puthi.ocr.model import Block, Box, Line, Page, Word

    texts = ["দহ-গুটি খেলৰ নিয়ম", "এই খেল দুজন খেলুৱৈয়ে খেলে।"]
    for n, text in enumerate(texts, 1):
        words = [Word(w, Box(10 + 90 * i, 10, 90 + 90 * i, 40), 90.0) for i, w in enumerate(text.split())]
        page = Page(path=f"page-000{n}.png", width=600, height=60, lang="asm", blocks=[Block([Line(words)])])
        (tmp_path / f"page-000{n}.alto.xml").write_text(alto.to_alto([page]), encoding="utf-8")
        Image.new("L", (600, 60), 255).save(tmp_path / f"page-000{n}.png")
    db = tmp_path / "c.sqlite"
    report = build([tmp_path], db, progress=False)
    assert sorted(p.name for p in report.covered) == ["page-0001.png", "page-0002.png"]
    assert "2 scan(s) read through" in report.summary()
    with Corpus(db) as c:
        docs = c.documents()
        assert sorted(d.kind for d in docs) == ["alto", "alto"]
        second = next(d for d in docs if d.name == "page-0002.alto.xml")
        assert {cl.game for cl in c.pages(second)[0].claims} == {"dashguti"}


def test_the_scan_an_ocr_file_names_is_found_however_it_is_quoted(tmp_path):
    # a review: an escaped quote in hOCR, a name with a space, a file:// URI in ALTO, an apostrophe in PAGE
    files = {
        "a.hocr": "<div class='ocr_page' title=\"image &quot;a 1.png&quot;; bbox 0 0 9 9\">see image d.png</div>",
        "b.alto.xml": f"<alto><fileName>file://{tmp_path}/b%201.png</fileName></alto>",
        "c.page.xml": "<Page imageFilename=\"O'c.png\"/>",
    }
    for name, text in files.items():
        (tmp_path / name).write_text(text, encoding="utf-8")
    kinds = [(tmp_path / n, k) for n, k in (("a.hocr", "hocr"), ("b.alto.xml", "alto"), ("c.page.xml", "page"))]
    scans = [(tmp_path / n, "image") for n in ("a 1.png", "b 1.png", "O'c.png", "d.png")]
    from PIL import Image

    for scan, _ in scans:
        Image.new("L", (8, 8), 255).save(scan)
    pages = [Image.new("L", (8, 8), 255) for _ in range(3)]  # a TIFF of three pages whose OCR file holds one
    pages[0].save(tmp_path / "e.tif", save_all=True, append_images=pages[1:])
    (tmp_path / "e.hocr").write_text("<div class='ocr_page' title='image e.tif; bbox 0 0 8 8'></div>", encoding="utf-8")
    kinds.append((tmp_path / "e.hocr", "hocr"))
    scans.append((tmp_path / "e.tif", "image"))
    kept, left = pipeline.scans_of_imports(kinds + scans, [tmp_path])
    assert sorted(p.name for p in left) == ["O'c.png", "a 1.png", "b 1.png"]  # d.png, named in a word, is read
    assert [p.name for p, kind in kept if kind == "image"] == ["d.png", "e.tif"]  # its other pages are read


def test_an_image_goes_through_ocr(tmp_path, fast_repair):
    pytest.importorskip("puthi.ocr.recognize")
    synth = pytest.importorskip("puthi.ocr.synth")
    sample = synth.render("তাস খেলা হইবে", synth.find_font("Noto Sans Bengali"), size=40, seed=1)
    image = tmp_path / "scan.png"
    sample.image.save(image)
    db = tmp_path / "c.sqlite"
    report = build([tmp_path], db, lang="ben", progress=False)
    assert report.failures == [] and report.done == 1
    snap = snapshot(db)
    assert snap["pages"][0]["width"] == sample.image.width
    assert len(snap["words"]) == 3 and all(w["x1"] > w["x0"] for w in snap["words"])
    assert snap["pages"][0]["ocr_text"].startswith("তাস")
    # built again with no --lang: the language it was read in is kept, nothing is read again (a newcomer's
    # --lang asm corpus was read again in auto, every page); --lang auto asks for it
    again = build([tmp_path], db, lang=None, progress=False)
    assert again.done == 0 and again.skipped == 1
    assert build([tmp_path], db, lang="auto", progress=False).done == 1


def test_a_pdf_is_one_task_per_page(tmp_path, fast_repair):
    pytest.importorskip("puthi.ocr.recognize")
    pdf, _ = two_page_pdf(tmp_path)
    db = tmp_path / "c.sqlite"
    report = build([pdf], db, lang="ben", workers=2, progress=False)
    assert report.failures == [] and report.done == 2
    pages = snapshot(db)["pages"]
    assert [p["page_no"] for p in pages] == [1, 2]
    assert pages[0]["ocr_text"].startswith("তাস") and pages[1]["ocr_text"].startswith("ফোটা")
    assert pages[0]["content_hash"] != pages[1]["content_hash"]


def test_an_alto_file_is_known_after_a_long_comment_or_in_utf16(tmp_path):
    from puthi.corpus.pipeline import sniff

    body = (Path(__file__).resolve().parents[1] / "ocr" / "fixtures" / "alto-valid-minimal.xml").read_text("utf-8")
    body = body.split("?>", 1)[1] if body.startswith("<?xml") else body
    long = tmp_path / "long.xml"
    long.write_text('<?xml version="1.0" encoding="UTF-8"?>\n<!--' + "x" * 70_000 + "-->" + body, encoding="utf-8")
    wide = tmp_path / "wide.xml"
    wide.write_bytes(('<?xml version="1.0" encoding="UTF-16"?>' + body).encode("utf-16"))
    assert sniff(long) == sniff(wide) == "alto"


def test_files_a_folder_walk_leaves_out_are_counted_in_the_summary(tmp_path):
    from puthi.corpus.pipeline import BuildReport, discover

    (tmp_path / "page.txt").write_text("তাস খেলা", encoding="utf-8")
    (tmp_path / "notes.md").write_text("my notes", encoding="utf-8")
    (tmp_path / ".hidden.md").write_text("x", encoding="utf-8")
    mets = '<mets:mets xmlns:mets="http://www.loc.gov/METS/"><mets:fileSec/></mets:mets>'
    (tmp_path / "book.mets.xml").write_text(mets, encoding="utf-8")  # METS: not read, but named
    found, failures, ignored = discover([tmp_path, tmp_path])  # a folder given twice counts once
    assert [p.name for p, _ in found] == ["page.txt"] and failures == []
    assert sorted(p.name for p in ignored) == ["book.mets.xml", "notes.md"]
    assert "2 file(s) in the folders left out (notes.md, book.mets.xml)" in BuildReport(ignored=ignored).summary()


def test_page_xml_from_transkribus_is_built_with_its_words(tmp_path):
    from puthi.ocr.model import Block, Box, Line, Page, Word
    from puthi.ocr.pagexml import to_page_xml

    words = [Word("তাস", Box(10, 5, 60, 30), 91.0), Word("খেলা", Box(70, 5, 130, 30), 88.0)]
    page = Page(path="scan.png", width=200, height=40, lang="ben", blocks=[Block([Line(words)])])
    (tmp_path / "p.xml").write_text(to_page_xml(page), encoding="utf-8")
    db = tmp_path / "c.sqlite"
    report = build([tmp_path], db, progress=False)
    assert report.failures == [] and report.done == 1
    with Corpus(db) as c:
        [doc] = c.documents()
        [stored] = c.pages(doc)
    assert doc.kind == "page" and stored.text == "তাস খেলা"


def test_a_page_xml_of_a_pdfs_second_page_keeps_the_page_of_its_scan(tmp_path):
    # a newcomer: `puthi ocr book.pdf --format page` wrote page 2 with custom page_no, and the corpus pointed at
    # the whole PDF (its first page) in the TEI, ALTO, PAGE and review
    from puthi.ocr.model import Block, Box, Line, Page, Word
    from puthi.ocr.pagexml import to_page_xml

    words = [Word("তাস", Box(10, 5, 60, 30), 91.0)]
    page = Page(path="book.pdf", width=200, height=40, lang="ben", blocks=[Block([Line(words)])], page_no=2)
    (tmp_path / "book_2.xml").write_text(to_page_xml(page), encoding="utf-8")
    build([tmp_path], tmp_path / "c.sqlite", progress=False)
    with Corpus(tmp_path / "c.sqlite") as c:
        [stored] = c.pages(c.documents()[0])
    assert (stored.page_no, stored.page["path"]) == (1, "book.pdf#page=2")


def test_a_folder_given_as_the_corpus_is_refused_before_anything_is_written(tmp_path):
    (tmp_path / "src").mkdir()
    (tmp_path / "src" / "page.txt").write_text("তাস খেলা", encoding="utf-8")
    (tmp_path / "out").mkdir()
    with pytest.raises(pipeline.InputError, match="is a folder; give the corpus file"):
        pipeline.build([tmp_path / "src"], tmp_path / "out", progress=False)
    assert not (tmp_path / "out.lock").exists() and not any((tmp_path / "out").iterdir())


def test_a_watermark_on_every_page_of_a_text_book_is_emptied_in_the_corpus(tmp_path):
    body = "\n".join(["খেলা শেষ হইলে তাস গণিয়া দেখা হয়।"] * 12)
    book = tmp_path / "book.txt"
    book.write_text("\f".join(f"/%%/.08078981.001\n{body}\n{n}" for n in range(1, 5)), encoding="utf-8")
    db = tmp_path / "c.sqlite"
    build([book], db, progress=False)
    with Corpus(db) as c:
        texts = c.frame("pages")["text"].tolist()
        ocr = c.frame("pages")["ocr_text"].tolist()
    assert len(texts) == 4 and all("08078981" in t for t in ocr)  # the OCR text keeps it: an edit removes it
    assert not any("08078981" in t for t in texts)  # each page alone holds one copy: counted over the book


def test_a_watermark_on_every_page_of_a_scanned_pdf_is_emptied_after_the_ocr(tmp_path, monkeypatch):
    from PIL import Image

    body = "\n".join(["খেলা শেষ হইলে তাস গণিয়া দেখা হয়।"] * 12)

    def fake_ocr(task):  # the OCR of page n: the watermark, the text, the page number
        text = f"/%%/.08078981.001\n{body}\n{task.page_no}"
        page = pipeline.page_from_text(text, f"{task.source}#page={task.page_no}")
        return page, pipeline._page_text(page)

    monkeypatch.setattr(pipeline, "_ocr", fake_ocr)
    pdf = tmp_path / "book.pdf"
    blank = [Image.new("RGB", (60, 60), "white") for _ in range(4)]
    blank[0].save(pdf, save_all=True, append_images=blank[1:], resolution=72)
    db = tmp_path / "c.sqlite"
    report = build([pdf], db, progress=False)
    assert report.failures == [] and report.done == 4
    with Corpus(db) as c:
        texts, ocr = c.frame("pages")["text"].tolist(), c.frame("pages")["ocr_text"].tolist()
    assert all("08078981" in t for t in ocr) and not any("08078981" in t for t in texts)
    assert build([pdf], db, progress=False).done == 0  # up to date: nothing redone on the next run


def test_the_seeds_rule_claims_are_read_in_their_own_games(seed_corpus):
    # seed 002 is about Sixty-Six and names Schnapsen as often; read as Schnapsen, its deck of 24 cards,
    # hand of six and deal of three and three were three false contradictions. Seed 000 surveys many games
    # and is checked as Bisti, the game it names most; its "each takes 17 cards" comes after it has turned
    # to বিবিধর গ্যাম and গোলামচোর, so it is no claim about Bisti.
    import sqlite3

    with sqlite3.connect(seed_corpus) as db:
        verdicts = dict(db.execute("select verdict, count(*) from verdicts group by verdict").fetchall())
        games = {g for (g,) in db.execute("select distinct game from claims")}
    assert verdicts.get("consistent", 0) >= 20 and "contradicted" not in verdicts
    assert "sixtysix" in games


def test_a_book_without_form_feeds_is_cut_into_pages_that_join_back_into_it():
    from puthi.corpus.pipeline import MAX_PAGE_CHARS, split_text_pages

    paragraph = "তাস খেলা হইত। প্রত্যেকে আটখানি তাস পায়।\n" * 40 + "\n"
    book = paragraph * (2 * MAX_PAGE_CHARS // len(paragraph) + 5)
    pages = split_text_pages(book)
    assert len(pages) == 3 and "".join(pages) == book
    assert all(len(p) <= MAX_PAGE_CHARS and p.endswith("\n\n") for p in pages[:-1])  # cut between paragraphs
    with_feeds = "এক পাতা\fদুই পাতা"  # a text with its own pages keeps them
    assert split_text_pages(with_feeds) == ["এক পাতা", "দুই পাতা"]
    assert "".join(split_text_pages("ক" * (MAX_PAGE_CHARS + 7))) == "ক" * (MAX_PAGE_CHARS + 7)  # no break at all


def test_every_frame_of_a_multi_page_tiff_is_a_page(tmp_path, monkeypatch):
    # a newcomer's case: build kept page 1 of a two-page TIFF and said nothing of page 2
    from PIL import Image

    from puthi.corpus import pipeline
    from puthi.ocr import recognize
    from puthi.ocr.model import Page

    tiff = tmp_path / "book.tiff"
    frames = [Image.new("L", (40 + 10 * k, 30), "white") for k in range(3)]
    frames[0].save(tiff, save_all=True, append_images=frames[1:])
    _, tasks, _ = pipeline.plan(tiff, "image")
    assert [t.page_no for t in tasks] == [1, 2, 3] and len({t.content_hash for t in tasks}) == 3

    seen = []

    def fake_ocr_image(image, **kw):
        seen.append(image.size)
        return Page(path=kw["path"], width=image.width, height=image.height)

    monkeypatch.setattr(recognize, "ocr_image", fake_ocr_image)
    page, _ = pipeline._ocr(tasks[1])
    assert seen == [(50, 30)] and page["path"] == f"{tiff}#page=2"
    png = tmp_path / "one.png"
    frames[0].save(png)
    [task] = pipeline.plan(png, "image")[1]
    assert pipeline._ocr(task)[0]["path"] == str(png)  # a one-page image keeps its plain path


def test_a_failure_is_forgotten_once_the_file_is_fixed(tmp_path, fast_repair):
    folder = tmp_path / "in"
    folder.mkdir()
    book = folder / "book.txt"
    book.write_bytes(b"")
    db = tmp_path / "c.sqlite"
    assert [f.message for f in build([folder], db, progress=False).failures] == [
        "the file is empty (0 bytes); leave it out or export it again"]
    book.write_text("তাস খেলা।\n", encoding="utf-8")
    assert build([folder], db, progress=False).failures == []
    assert snapshot(db)["failures"] == []  # it had stayed listed: stored by the name given, not the file's path
    late = tmp_path / "late.txt"  # named before it exists, then made
    assert len(build([late], db, progress=False).failures) == 1
    late.write_text("তাস খেলা।\n", encoding="utf-8")
    assert build([late], db, progress=False).failures == [] and snapshot(db)["failures"] == []


def test_a_text_in_another_script_is_built_with_a_note(tmp_path, fast_repair):
    english = tmp_path / "notes.txt"
    english.write_text("These are my notes on the card games of Bengal, written in English.\n", encoding="utf-8")
    report = build([english, HERE.parents[1] / "corpus" / "samples" / "bisti_bn.txt"], tmp_path / "c.sqlite",
                   progress=False)
    assert report.done == 2 and report.failures == []
    assert report.notes == [
        f"{english}: mostly Latin letters, not Bengali or Assamese; built, but is it the right file?"]


@pytest.mark.parametrize("end", ["", "\n"])  # a page ends where its text does, or with a newline (Tesseract's)
def test_claims_are_read_across_pages_and_a_page_takes_the_game_of_the_page_before(tmp_path, fast_repair, end):
    # Page 2 names no game: a worker alone gives it no claims. Page 3's sentence starts on page 2.
    book = tmp_path / "book.txt"
    book.write_text(f"ছেষট্টি খেলার নিয়ম\n\nছেষট্টি খেলায় ২৪টি তাস লাগে।{end}\f"
                    f"প্রত্যেক খেলোয়াড় ছয়টি তাস পায়। খেলা শেষে যে আগে{end}\f"
                    "৬৬ পয়েন্ট পায় সে জেতে।\n", encoding="utf-8")
    db = tmp_path / "c.sqlite"
    build([book], db, progress=False)
    with sqlite3.connect(db) as conn:
        rows = conn.execute("select p.page_no, c.quantity, c.stated, c.game, c.start, c.\"end\", p.text "
                            "from claims c join pages p on p.id = c.page_id order by p.page_no, c.seq").fetchall()
        verdicts = {v for (v,) in conn.execute("select verdict from verdicts")}
    got = [(n, q, int(v), g) for n, q, v, g, *_ in rows]
    assert got == [(1, "deck_size", 24, "sixtysix"), (2, "hand_size", 6, "sixtysix"),
                   (2, "winning_threshold", 66, "sixtysix")]
    assert verdicts == {"consistent"}
    *_, start, end, text = rows[-1]
    assert text[start:end] == "খেলা শেষে যে আগে"  # the sentence, cut at its page's end
    assert build([book], db, progress=False).done == 0  # up to date: nothing redone on the next run
    from puthi.corpus import tei

    with Corpus(db) as c:  # the quote of the cut claim holds the whole sentence, with no form feed in it
        doc = c.documents()[0]
        quote = c.page(doc, 2).claims[-1].text
        assert quote == "খেলা শেষে যে আগে ৬৬ পয়েন্ট পায় সে জেতে।"
        assert tei.validate(tei.to_tei(doc, c.pages(doc))) == []


def test_a_correction_keeps_the_claims_read_across_pages(tmp_path, fast_repair):
    # A text correction on page 2 reads that page again; its claims still come from the whole book (its game
    # from page 1, its last sentence from page 3), and a verdict set by a person on it stays placed.
    from puthi.corpus.records import Annotation

    book = tmp_path / "book.txt"
    book.write_text("ছেষট্টি খেলার নিয়ম\n\nছেষট্টি খেলায় ২৪টি তাস লাগে।\f"
                    "প্রত্যেক খেলোয়াড় ছয়টি তাস পায়। খেলা শেষে যে আগে\f৬৬ পয়েন্ট পায় সে জেতে।\n", encoding="utf-8")
    db = tmp_path / "c.sqlite"
    build([book], db, progress=False)
    with Corpus(db) as c:
        doc = c.documents()[0]
        text = c.page(doc, 2).text
        at = text.index("ছয়টি")
        verdict = Annotation(doc.source, 2, "verdict", at, at + 5, "contradicted", "rk", before="ছয়টি")
        fix = Annotation(doc.source, 2, "text", 0, 8, "প্রত্যেকে", "rk", before="প্রত্যেক")
        c.add_annotations([(doc, verdict)])
        c.add_annotations([(doc, fix)])
        page = c.page(doc, 2)
        assert page.text.startswith("প্রত্যেকে খেলোয়াড়")
        assert [(cl.quantity, cl.stated, cl.game) for cl in page.claims] == [
            ("hand_size", 6, "sixtysix"), ("winning_threshold", 66, "sixtysix")]
        assert [m.item.verdict for m in page.verdicts if m.resp == "human" and m.active] == ["contradicted"]
        statuses = {a.kind: a.status for a in c.annotations(doc)}
    assert statuses == {"verdict": "moved", "text": "applied"}
    # Page 2 changes: its worker alone sees no game and no claim for the verdict, but the book does.
    book.write_text(book.read_text(encoding="utf-8").replace("যে আগে", "যে দল আগে"), encoding="utf-8")
    report = build([book], db, progress=False)
    assert report.done == 1 and report.orphaned == 0
    with Corpus(db) as c:
        assert [cl.quantity for cl in c.page(doc, 2).claims] == ["hand_size", "winning_threshold"]


def test_a_page_that_is_gone_takes_its_sentence_with_it(tmp_path, fast_repair):
    # Page 2's last sentence ended on page 3; without page 3 the sentence states nothing.
    book = tmp_path / "book.txt"
    pages = ["ছেষট্টি খেলার নিয়ম\n\nছেষট্টি খেলায় ২৪টি তাস লাগে।", "প্রত্যেক খেলোয়াড় ছয়টি তাস পায়। খেলা শেষে যে আগে",
             "৬৬ পয়েন্ট পায় সে জেতে।\n"]
    book.write_text("\f".join(pages), encoding="utf-8")
    db = tmp_path / "c.sqlite"
    build([book], db, progress=False)
    book.write_text("\f".join(pages[:2]), encoding="utf-8")  # page 2 as it was: only page 3 is gone
    build([book], db, progress=False)
    with Corpus(db) as c:
        assert [cl.quantity for cl in c.page(c.documents()[0], 2).claims] == ["hand_size"]


def test_a_text_cut_into_pages_gets_a_note(tmp_path):
    from puthi.corpus.pipeline import MAX_PAGE_CHARS

    paragraph = "তাস খেলা হইত। প্রত্যেকে আটখানি তাস পায়।\n\n"
    book = tmp_path / "book.txt"
    book.write_text(paragraph * (MAX_PAGE_CHARS // len(paragraph) + 5), encoding="utf-8")
    _, tasks, notes = pipeline.plan(book, "text")
    assert len(tasks) == 2 and len(notes) == 1 and "2 pages" in notes[0]
    book.write_text(paragraph + "\f" + paragraph + "\f", encoding="utf-8")  # its own pages: no note
    assert pipeline.plan(book, "text")[2] == []


def test_a_chapter_heading_in_mid_page_turns_the_rest_of_the_book_not_the_text_above_it(tmp_path, fast_repair):
    # a newcomer's book: the Sixty-Six rules above the Bisti heading had become Bisti's, contradicted
    rows = _built_claims(tmp_path, "ছেষট্টি\n\nছেষট্টি খেলায় চব্বিশখানি তাস লাগে।\f"
                         "প্রত্যেকে ছয়খানি তাস পায়।\n\nদ্বিতীয় অধ্যায়: বিস্তি\n\nবত্রিশখানি তাস লাগে।\f"
                         "প্রত্যেকে আটখানি তাস পায়।\n")
    assert rows == [(1, "sixtysix", "deck_size", 24, "consistent"), (2, "sixtysix", "hand_size", 6, "consistent"),
                    (2, "bisti", "deck_size", 32, "consistent"), (3, "bisti", "hand_size", 8, "consistent")]


def _built_claims(tmp_path: Path, text: str) -> list[tuple]:
    """``(page, game, quantity, value, verdict)`` of each claim of a book built from ``text``."""
    tmp_path.mkdir(exist_ok=True)
    book = tmp_path / "book.txt"
    book.write_text(text, encoding="utf-8")
    db = tmp_path / "c.sqlite"
    build([book], db, progress=False)
    with sqlite3.connect(db) as conn:
        rows = conn.execute("select p.page_no, c.game, c.quantity, c.stated, v.verdict from claims c "
                            "join pages p on p.id = c.page_id join verdicts v on v.claim_id = c.id "
                            "order by p.page_no, c.seq").fetchall()
    return [(n, g, q, int(v), verdict) for n, g, q, v, verdict in rows]


def test_a_running_head_that_is_a_chapter_title_sets_its_own_page(tmp_path, fast_repair):
    # review: the first page of the Bisti chapter, its running head "বিস্তি", was read as Sixty-Six
    rows = _built_claims(tmp_path, "ছেষট্টি     ১\n\nপ্রত্যেকে ছয়খানি তাস পায়।\f"
                                   "বিস্তি     ২\n\nএই খেলায় প্রত্যেকে আটখানি তাস পায়।\f"
                                   "বিস্তি     ৩\n\nপ্রত্যেকে আটখানি তাস পায়।\n")
    assert [(n, g, verdict) for n, g, _, _, verdict in rows] == [
        (1, "sixtysix", "consistent"), (2, "bisti", "consistent"), (3, "bisti", "consistent")]


def test_a_build_stopped_while_reading_claims_across_pages_finishes_them_next_time(tmp_path, fast_repair,
                                                                                   monkeypatch):
    # a review: Ctrl-C in the last phase left the pages done and their claims half read, for good
    from puthi.corpus import book_claims

    text = ("ছেষট্টি\n\nছেষট্টি খেলায় চব্বিশখানি তাস লাগে।\fপ্রত্যেকে ছয়খানি\n\fতাস পায়।\n"
            "দ্বিতীয় অধ্যায়: বিস্তি\n\nবত্রিশখানি তাস লাগে।\fপ্রত্যেকে আটখানি তাস পায়।\n")
    whole = _built_claims(tmp_path / "whole", text)
    assert len(whole) == 4
    real = book_claims.book_claims

    def stopped(*args, **kwargs):
        raise KeyboardInterrupt

    monkeypatch.setattr(book_claims, "book_claims", stopped)
    with pytest.raises(KeyboardInterrupt):
        _built_claims(tmp_path / "stopped", text)
    monkeypatch.setattr(book_claims, "book_claims", real)
    assert _built_claims(tmp_path / "stopped", text) == whole  # the pages are done; their claims are read now
    with Corpus(tmp_path / "stopped" / "c.sqlite") as c:
        assert not c.pending(c.documents()[0])


def test_pages_before_the_first_heading_take_the_game_they_name(tmp_path, fast_repair):
    # a newcomer's scanned book whose chapter headings OCR lost: every page before the only heading left, the
    # Dash-guti chapter's at the end, had been checked as Dash-guti
    rows = _built_claims(tmp_path, "ছেষট্টি খেলা দুই জনে খেলিয়া থাকে। এই খেলায় চব্বিশখানি তাস লাগে।\f"
                                   "প্রত্যেকে ছয়খানি তাস পায়।\f"
                                   "দছ-গুটি\n\nপ্ৰতিজন খেলুৱৈৰ ১০টা গুটি থাকে।\n")
    assert [(n, g) for n, g, *_ in rows] == [(1, "sixtysix"), (1, "sixtysix"), (2, "sixtysix"), (3, "dashguti")]
    assert all(verdict == "consistent" for *_, verdict in rows)


def _page_files(folder: Path, texts: dict[str, str]) -> None:
    """One ALTO file per page (name -> text, a line per line), as OCR of a page per file would write."""
    from puthi.ocr.alto import to_alto
    from puthi.ocr.model import Block, Line, Page, Word

    folder.mkdir(parents=True, exist_ok=True)
    for name, text in texts.items():
        lines = [Line([Word(w) for w in line.split()]) for line in text.split("\n")]
        page = Page(path=name + ".png", width=100, height=100, lang="ben", blocks=[Block([ln]) for ln in lines])
        (folder / f"{name}.xml").write_text(to_alto([page]), encoding="utf-8")


def _claims_by_file(db: Path) -> list[tuple]:
    with sqlite3.connect(db) as conn:
        rows = conn.execute("select d.name, c.game, c.quantity, c.stated from claims c join pages p on p.id = "
                            "c.page_id join documents d on d.id = p.doc_id order by d.name, c.seq").fetchall()
    return [(name, g, q, int(v)) for name, g, q, v in rows]


def test_a_folder_of_page_files_is_read_as_one_book(tmp_path, fast_repair):
    # a newcomer scanned a page per file: a sentence across two files was lost, and a page that names no
    # game did not take its chapter's
    _page_files(tmp_path / "scans", {"page-001": "ছেষট্টি\nছেষট্টি খেলায় চব্বিশখানি তাস লাগে। শেষ পিঠ যে পায়",
                                     "page-002": "সে দশ ফোঁটা পায়।\nবিস্তি", "page-003": "প্রত্যেকে আটখানি তাস পায়।"})
    db = tmp_path / "c.sqlite"
    build([tmp_path / "scans"], db, progress=False)
    assert _claims_by_file(db) == [
        ("page-001.xml", "sixtysix", "deck_size", 24), ("page-001.xml", "sixtysix", "last_trick_bonus", 10),
        ("page-003.xml", "bisti", "hand_size", 8)]
    # one file built again on its own is still read in its book (a review)
    _page_files(tmp_path / "scans", {"page-002": "সে কুড়ি ফোঁটা পায়।\nবিস্তি"})
    build([tmp_path / "scans" / "page-002.xml"], db, progress=False)
    assert ("page-001.xml", "sixtysix", "last_trick_bonus", 20) in _claims_by_file(db)


def test_a_folder_of_page_text_files_is_read_as_one_book(tmp_path, fast_repair):
    # a newcomer: OCR text written page by page by another tool; page-001.txt ended mid-sentence, and the
    # sentence's rule on page-002.txt was lost
    scans = tmp_path / "txt"
    scans.mkdir()
    (scans / "page-001.txt").write_text("ছেষট্টি\nছেষট্টি খেলায় চব্বিশখানি তাস লাগে। শেষ পিঠ যে পায়\n", encoding="utf-8")
    (scans / "page-002.txt").write_text("সে দশ ফোঁটা পায়।\n", encoding="utf-8")
    db = tmp_path / "c.sqlite"
    build([scans], db, progress=False)
    assert _claims_by_file(db) == [
        ("page-001.txt", "sixtysix", "deck_size", 24), ("page-001.txt", "sixtysix", "last_trick_bonus", 10)]
    # numbered files whose names do not say page are no book: one letter's game is not the next one's (a review)
    letters = tmp_path / "letters"
    letters.mkdir()
    (letters / "letter1.txt").write_text("বিস্তি খেলায় চারিজন খেলোয়াড় থাকে।\n", encoding="utf-8")
    (letters / "letter2.txt").write_text("এই খেলায় তিনজন খেলোয়াড় থাকে।\n", encoding="utf-8")
    build([letters], tmp_path / "l.sqlite", progress=False)
    assert _claims_by_file(tmp_path / "l.sqlite") == [("letter1.txt", "bisti", "players", 4)]
    # files named by their number alone are pages, as OCR tools name them (a known limit)
    numbered = tmp_path / "numbered"
    numbered.mkdir()
    (numbered / "0001.txt").write_text((scans / "page-001.txt").read_text(encoding="utf-8"), encoding="utf-8")
    (numbered / "0002.txt").write_text((scans / "page-002.txt").read_text(encoding="utf-8"), encoding="utf-8")
    build([numbered], tmp_path / "n.sqlite", progress=False)
    assert _claims_by_file(tmp_path / "n.sqlite") == [
        ("0001.txt", "sixtysix", "deck_size", 24), ("0001.txt", "sixtysix", "last_trick_bonus", 10)]
    # text pages and a scan's OCR of one book are one book (a newcomer's page-002 had been a book of its own)
    mixed = tmp_path / "mixed"
    _page_files(mixed, {"page-002": "সে দশ ফোঁটা পায়।"})
    (mixed / "page-001.txt").write_text((scans / "page-001.txt").read_text(encoding="utf-8"), encoding="utf-8")
    build([mixed], tmp_path / "m.sqlite", progress=False)
    assert _claims_by_file(tmp_path / "m.sqlite") == [
        ("page-001.txt", "sixtysix", "deck_size", 24), ("page-001.txt", "sixtysix", "last_trick_bonus", 10)]


def test_a_book_of_page_files_joins_no_sentence_across_a_missing_page_nor_a_page_and_its_own_ocr(tmp_path,
                                                                                                 fast_repair):
    # reviews: scan_7 and scan_9 with scan_8 missing had made one sentence; page-1.hocr beside page-1.xml
    # had been read as the page after it
    _page_files(tmp_path / "gap", {"scan_7": "ছেষট্টি\nশেষ পিঠ যে পায়", "scan_9": "সে দশ ফোঁটা পায়।"})
    db = tmp_path / "gap.sqlite"
    build([tmp_path / "gap"], db, progress=False)
    assert _claims_by_file(db) == []
    _page_files(tmp_path / "twice", {"page-1": "ছেষট্টি\nছেষট্টি খেলায় চব্বিশখানি তাস লাগে। শেষ পিঠ যে পায়",
                                     "page-2": "সে দশ ফোঁটা পায়।"})
    from puthi.ocr.alto import read_alto
    from puthi.ocr.hocr import to_hocr

    for name in ("page-1", "page-2"):  # the same pages' OCR as hOCR beside them
        (tmp_path / "twice" / f"{name}.hocr").write_text(
            to_hocr(read_alto((tmp_path / "twice" / f"{name}.xml").read_text(encoding="utf-8"))), encoding="utf-8")
    db = tmp_path / "twice.sqlite"
    notes = build([tmp_path / "twice"], db, progress=False).notes
    bonuses = [v for _, _, q, v in _claims_by_file(db) if q == "last_trick_bonus"]
    assert bonuses == [10, 10]  # each book (hOCR, ALTO) once, none across them
    # and the build says that each page is built twice (session 19's known limit)
    assert sorted(n.split(":")[0] for n in notes) == [f"{p}.hocr and {p}.xml both name {p}.png" for p in
                                                      ("page-1", "page-2")]


def test_a_chapter_heading_under_its_pages_running_head_sets_that_page(tmp_path, fast_repair):
    # a newcomer's scans: the running head came first, so the chapter's first page kept the chapter before
    head = "তাসখেলার নিয়মাবলী"
    rows = _built_claims(tmp_path, f"{head}      ১\nছেষট্টি\n\nছেষট্টি খেলায় চব্বিশখানি তাস লাগে।\f"
                                   f"{head}      ২\nবিস্তি\n\nবিস্তি খেলায় বত্রিশখানি তাস লাগে। শেষ পিঠ যে পায়\f"
                                   f"{head}      ৩\nসে পাঁচ ফোঁটা পায়।\n")
    assert [(n, g, q, v) for n, g, q, v, _ in rows] == [
        (1, "sixtysix", "deck_size", 24), (2, "bisti", "deck_size", 32), (2, "bisti", "last_trick_bonus", 5)]


def test_a_bengali_page_after_assamese_ones_is_read_in_bengali_from_its_first_line(tmp_path):
    # a newcomer's book: Dash-guti in Assamese, then a page on Sixty-Six in Bengali whose heading (one র, read
    # as "ছেষটি") sits under a line with none; the heading went on in the Assamese of the page before, so it was
    # no heading and the page's rules were checked as Dash-guti's
    rows = _built_claims(tmp_path, "দহ-গুটি খেল\n\nএই খেল দুজন খেলুৱৈয়ে খেলে। প্ৰত্যেক খেলুৱৈৰ দহটা গুটি থাকে আৰু "
                                   "বৰ্ডত ৰাখে।\n\fতাসের খেলা\n\nছেষটি খেলার নিয়ম\nএই খেলায় ৩২টি তাস ব্যবহার করা "
                                   "হয়, তারপর খেলা আরম্ভ হয়।\n")
    assert {g for n, g, *_ in rows if n == 1} == {"dashguti"}
    assert [r for r in rows if r[0] == 2] == [(2, "sixtysix", "deck_size", 32, "contradicted")]


def test_ctrl_c_twice_during_a_build_with_workers_exits_at_once_and_keeps_what_was_written(tmp_path):
    # a hostile tester: a second Ctrl-C (or `timeout` forwarding one) left `build --workers 2` of scans waiting for
    # good on workers that broke off in the middle of their OCR
    from PIL import Image

    sample = Image.open(Path(__file__).parents[2] / "ocr" / "samples" / "twenty_nine_bn.png").convert("L")
    scans = tmp_path / "scans"
    scans.mkdir()
    for n in range(12):
        page = sample.copy()
        page.putpixel((n, 0), 0)  # twelve different files
        page.save(scans / f"p{n:02}.png")
    db = tmp_path / "c.sqlite"
    proc = subprocess.Popen([sys.executable, "-m", "puthi", "build", str(scans), "--db", str(db), "--quiet",
                             "--workers", "2"], stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
                            start_new_session=True)
    try:
        _wait_for_pages(db, 2, proc)
        os.killpg(proc.pid, signal.SIGINT)  # the terminal's Ctrl-C goes to the whole group, workers too
        time.sleep(0.3)
        os.kill(proc.pid, signal.SIGINT)
        _, err = proc.communicate(timeout=60)
    finally:
        if proc.poll() is None:
            os.killpg(proc.pid, signal.SIGKILL)
            proc.communicate(timeout=30)
            pytest.fail("the build did not exit after Ctrl-C")
    assert "interrupted" in err and "Traceback" not in err, err[-2000:]
    with Corpus(db) as c:
        assert c.integrity() == "ok" and c.conn.execute("SELECT count(*) FROM pages").fetchone()[0] >= 2


def test_killing_a_build_with_workers_leaves_no_worker_holding_its_lock(tmp_path):
    # a hostile-input review: after kill -9 of `build --workers 2`, the forked workers lived on holding the lock,
    # and every later build said "another puthi build (pid N)" for a dead pid
    from puthi.corpus.pipeline import BuildLock

    book = _pages_file(tmp_path, 60)
    db = tmp_path / "c.sqlite"
    proc = _slow_build(book, db, 0.2, "--workers", "2")
    try:
        _wait_for_pages(db, 2, proc)
        os.kill(proc.pid, signal.SIGKILL)
        proc.wait(timeout=30)
        deadline = time.monotonic() + 20
        while True:
            try:
                with BuildLock(db):
                    break
            except OutputError:
                assert time.monotonic() < deadline, "the workers still hold the build lock"
                time.sleep(0.2)
    finally:
        if proc.poll() is None:
            proc.kill()
        proc.communicate(timeout=30)  # orphaned workers would also hold its pipes open


def test_a_text_is_said_to_be_cut_only_when_it_was(tmp_path):
    # a review: CR LF line ends counted against the page limit made a note on a text that was not cut
    from puthi.corpus.pipeline import MAX_PAGE_CHARS, plan

    long, near = tmp_path / "long.txt", tmp_path / "near.txt"
    long.write_text(("খেলা হয়। " * 10 + "\n") * (MAX_PAGE_CHARS // 50), encoding="utf-8")
    near.write_bytes(("খেলা হয়।" + "\r\n").encode("utf-8") * (MAX_PAGE_CHARS * 95 // 1000))  # under a page once read
    _, tasks, notes = plan(long, "text")
    assert len(tasks) > 1 and any("was cut into pages" in n for n in notes)
    _, tasks, notes = plan(near, "text")
    assert len(tasks) == 1 and notes == []


def test_two_copies_of_one_file_are_both_built_and_said_to_be_one(tmp_path):
    # a newcomer: a copy under another name was built as a second document without a word
    for name in ("a.txt", "copy.txt"):
        (tmp_path / name).write_text("ছেষট্টি খেলায় চব্বিশখানি তাস লাগে।\n", encoding="utf-8")
    report = build([tmp_path], tmp_path / "c.sqlite", progress=False)
    assert report.documents == 2
    [note] = [n for n in report.notes if "the same file as" in n]
    assert "copy.txt" in note and "a.txt" in note


def test_a_page_about_a_game_with_no_engine_keeps_its_claims(tmp_path):
    # a newcomer: `check` read "four players" as Golamchor's, `build` stored nothing
    (tmp_path / "k.txt").write_text("গোলামচোর খেলায় চারজন খেলোয়াড়।\n", encoding="utf-8")
    build([tmp_path], tmp_path / "c.sqlite", progress=False)
    with Corpus(tmp_path / "c.sqlite") as c:
        claims = c.frame("claims")[["game", "quantity", "stated"]].values.tolist()
        verdicts = c.frame("verdicts")["verdict"].tolist()
    assert claims == [["golamchor", "players", "4"]] and verdicts == ["unverifiable"]


def test_a_build_logged_to_a_file_says_how_far_it_is(capsys, monkeypatch):
    # a newcomer: with stderr not a terminal, a nine-minute build printed nothing until the end
    import puthi.progress

    ticks = iter([0.0, 40.0, 41.0, 90.0, 0.0, 31.0])
    monkeypatch.setattr(puthi.progress.time, "monotonic", lambda: next(ticks))
    bar = pipeline._progress(10, None, 0)
    for _ in range(3):
        bar.update(1)
    bar.close()
    lines = capsys.readouterr().err.splitlines()
    assert lines == ["puthi build: 1 of 10 pages (10%) in 40 s", "puthi build: 3 of 10 pages (30%) in 90 s"]
    # and `puthi ocr` of many files, which said nothing for a minute (a newcomer)
    bar = puthi.progress.progress(4, None, "ocr", "file")
    bar.update(1)
    assert capsys.readouterr().err.splitlines() == ["puthi ocr: 1 of 4 files (25%) in 31 s"]


def test_each_page_of_an_hocr_file_of_a_pdf_keeps_the_page_of_its_scan(tmp_path):
    # a review: the review page showed the PDF's first page for every page of an hOCR or ALTO import
    from puthi.ocr.hocr import to_hocr
    from puthi.ocr.model import Block, Box, Line, Page, Word

    def page(no: int, word: str) -> Page:
        return Page(path="book.pdf", width=200, height=40, lang="ben",
                    blocks=[Block([Line([Word(word, Box(10, 5, 60, 30), 91.0)])])], page_no=no)

    (tmp_path / "book.hocr").write_text(to_hocr([page(1, "তাস"), page(2, "খেলা")]), encoding="utf-8")
    paths = [p.path for p in pipeline.read_existing_ocr(tmp_path / "book.hocr", "hocr")]
    assert paths == ["book.pdf#page=1", "book.pdf#page=2"]


def test_a_game_named_in_passing_turns_no_prose_into_its_rules(tmp_path):
    # a review of the test above's fix: a novel's one mention of ludo made its card game ludo's
    (tmp_path / "n.txt").write_text("ছুটির দুপুরে খোকা আর খুকু লুডো নিয়ে বসেছিল।\nসন্ধ্যায় পাশের ঘরে চারজন "
                                    "খেলোয়াড় তাস খেলে। প্রত্যেকে তেরোখানি তাস পায়।\n", encoding="utf-8")
    build([tmp_path], tmp_path / "c.sqlite", progress=False)
    with Corpus(tmp_path / "c.sqlite") as c:
        assert c.frame("claims").empty


_NAN_HOCR = ('<?xml version="1.0" encoding="UTF-8"?>\n<html xmlns="http://www.w3.org/1999/xhtml"><head><title></title>'
             '</head><body><div class="ocr_page" id="page_1" title="bbox 0 0 1000 1000"><p class="ocr_par">'
             '<span class="ocr_line" title="bbox 10 10 900 50"><span class="ocrx_word" title="bbox 10 10 100 50; '
             'x_wconf {conf}">ছেষট্টি</span></span></p></div></body></html>')


def test_an_import_with_a_confidence_of_nan_fails_alone(tmp_path, fast_repair):
    # a hostile tester: x_wconf nan stopped the whole build at the store, on every rerun, naming only the corpus
    src = tmp_path / "src"
    src.mkdir()
    (src / "a.html").write_text(_NAN_HOCR.format(conf="nan"), encoding="utf-8")
    (src / "b.txt").write_text("ছেষট্টি খেলায় চারজন খেলে।\n", encoding="utf-8")
    report = build([src], tmp_path / "c.sqlite", progress=False)
    assert report.done == 1 and [f.source for f in report.failures] == [str(src / "a.html")]
    assert "x_wconf" in report.failures[0].message
    (src / "a.html").write_text(_NAN_HOCR.format(conf="1e9"), encoding="utf-8")  # out of range: clamped
    assert not build([src], tmp_path / "c.sqlite", progress=False).failures
    with Corpus(tmp_path / "c.sqlite") as c:
        [sp] = c.pages(c.find_document("a.html"))
        assert [w["conf"] for w in sp.words] == [100.0]


def test_a_value_the_store_refuses_fails_its_page_not_the_build(tmp_path, fast_repair, monkeypatch):
    from puthi.ocr import hocr

    monkeypatch.setattr(hocr, "_conf", lambda props, where: float("nan"))  # a reader that lets NaN through
    src = tmp_path / "src"
    src.mkdir()
    (src / "a.html").write_text(_NAN_HOCR.format(conf="90"), encoding="utf-8")
    (src / "b.txt").write_text("ছেষট্টি খেলায় চারজন খেলে।\n", encoding="utf-8")
    report = build([src], tmp_path / "c.sqlite", progress=False)
    assert report.done == 1 and [(f.source, f.stage) for f in report.failures] == [(str(src / "a.html"), "store")]
    assert "refuses a value" in report.failures[0].message


def test_a_page_written_again_for_its_claims_keeps_the_seconds_it_took(tmp_path, fast_repair):
    # a newcomer: pages.csv said 0.0 seconds for a page whose claims were read again across the book
    folder = tmp_path / "book"
    folder.mkdir()
    (folder / "page-001.txt").write_text("ছেষট্টি খেলা\n\nদুইজনে খেলে।\n", encoding="utf-8")
    (folder / "page-002.txt").write_text("প্রত্যেকে ছয়খানি তাস পায়।\n", encoding="utf-8")
    db = tmp_path / "c.sqlite"
    build([folder], db, progress=False)
    with Corpus(db) as c:
        pages = c.frame("pages")
        claims = c.frame("claims")
    assert set(claims["game"]) == {"sixtysix"} and len(claims) == 2  # page 2 took page 1's game: written again
    assert (pages["seconds"] > 0).all()


def test_puthi_s_own_page_file_of_a_pdf_s_second_page_names_its_png(tmp_path):
    # a hostile tester (session 20): page-0002.png of an export was read back as page-0002.png#page=2, no frame
    from dataclasses import replace

    from PIL import Image

    from puthi.ocr.model import Block, Box, Line, Page, Word
    from puthi.ocr.pagexml import to_page_xml

    Image.new("L", (40, 20), 255).save(tmp_path / "page-0002.png")
    page = Page(path="page-0002.png", width=40, height=20, lang="ben", page_no=2,
                blocks=[Block([Line([Word("খেলা", Box(1, 1, 30, 18), 90.0)])])])
    (tmp_path / "page-0002.page.xml").write_text(to_page_xml(page), encoding="utf-8")
    [read] = pipeline.read_existing_ocr(tmp_path / "page-0002.page.xml", "page")
    assert read.path == "page-0002.png"
    Image.new("L", (40, 20), 255).save(tmp_path / "book.tif", save_all=True,
                                       append_images=[Image.new("L", (40, 20), 255)])
    (tmp_path / "page-0002.page.xml").write_text(to_page_xml(replace(page, path="book.tif")), encoding="utf-8")
    [read] = pipeline.read_existing_ocr(tmp_path / "page-0002.page.xml", "page")
    assert read.path == "book.tif#page=2"  # a TIFF's second frame


def test_a_correction_of_a_page_cut_off_the_source_is_orphaned(tmp_path, fast_repair, capsys):
    # a hostile tester (session 20): the correction of page 3 still said "applied" once the book had one page
    book = tmp_path / "book.txt"
    book.write_text("ছেষট্টি খেলার নিয়ম\n\fযে আগে ৬৬ পয়েন্ট পায় সে জেতে।\n\fশেষ পিঠের জন্য ১০ পয়েন্ট পাওয়া যায়।\n",
                    encoding="utf-8")
    db = tmp_path / "c.sqlite"
    build([book], db, progress=False)
    assert cli.main(["correct", "--db", str(db), "--doc", "book.txt", "--page", "3", "--line", "1", "--word", "4",
                     "--text", "২০", "--author", "t"]) == 0
    book.write_text("ছেষট্টি খেলার নিয়ম\n", encoding="utf-8")
    assert build([book], db, progress=False).orphaned == 1
    capsys.readouterr()
    assert cli.main(["correct", "--db", str(db), "--list"]) == 0
    assert "\torphaned\t" in capsys.readouterr().out


def test_a_tiff_beside_the_hocr_of_all_its_pages_is_not_ocrd_again(tmp_path):
    # a hostile tester (session 20): every page of a TIFF and of a PDF beside their hOCR was in the corpus twice
    from PIL import Image

    from puthi.ocr.hocr import to_hocr
    from puthi.ocr.model import Block, Box, Line, Page, Word

    Image.new("L", (40, 20), 255).save(tmp_path / "book.tif", save_all=True,
                                       append_images=[Image.new("L", (40, 20), 255)])

    def page(n: int) -> Page:
        return Page(path="book.tif", width=40, height=20, lang="ben", page_no=n,
                    blocks=[Block([Line([Word("খেলা", Box(1, 1, 30, 18), 90.0)])])])
    (tmp_path / "book.hocr").write_text(to_hocr([page(1), page(2)]), encoding="utf-8")
    kept, left = pipeline.scans_of_imports([(tmp_path / "book.hocr", "hocr"), (tmp_path / "book.tif", "image")],
                                           [tmp_path])
    assert ([p.name for p, _ in kept], [p.name for p in left]) == (["book.hocr"], ["book.tif"])
    (tmp_path / "book.hocr").write_text(to_hocr([page(1)]), encoding="utf-8")  # page 2 is read from the scan
    kept, left = pipeline.scans_of_imports([(tmp_path / "book.hocr", "hocr"), (tmp_path / "book.tif", "image")],
                                           [tmp_path])
    assert left == []
