"""Exports: TEI valid against the project's subset schema and faithful to both texts, Web Annotations
whose selectors point at what they quote, ALTO per page, CSV and Parquet, and safe output paths."""

from __future__ import annotations

import errno
import json
import os
import sqlite3
import sys
import urllib.parse
from pathlib import Path

import pandas as pd
import pytest
import regex
from lxml import etree

from puthi.corpus import cli, export, store
from puthi.corpus.export import safe_path
from puthi.corpus.pipeline import build
from puthi.corpus.store import Corpus
from puthi.corpus.tei import TEI_NS, validate
from puthi.errors import MissingDependencyError, OutputError
from puthi.ocr.xmlsafe import parse_xml

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))
from corpus_helpers import bengali_pages, two_page_pdf  # noqa: E402

T = f"{{{TEI_NS}}}"
XML_ID = "{http://www.w3.org/XML/1998/namespace}id"


def reading(ab: etree._Element, choose: str) -> str:
    """The text of an ``ab`` reading each ``choice`` as its ``sic`` or its ``corr``."""
    out = [ab.text or ""]
    for child in ab:
        if child.tag == T + "choice":
            out.append(child.find(T + choose).text or "")
        elif child.tag != T + "lb":
            out.append(reading(child, choose))
        out.append(child.tail or "")
    return "".join(out)


def page_readings(root: etree._Element, choose: str) -> dict[int, str]:
    pages: dict[int, str] = {}
    current = 0
    for el in root.find(f"{T}text/{T}body/{T}div"):
        if el.tag == T + "pb":
            current = int(el.get("n"))
            pages[current] = ""
        else:
            pages[current] += reading(el, choose)
    return pages


def test_the_subset_schema_accepts_the_valid_sample_and_refuses_each_invalid_one():
    samples = sorted((HERE / "data" / "tei").glob("*.xml"))
    assert validate((HERE / "data" / "tei" / "valid_minimal.xml").read_bytes()) == []
    invalid = [p for p in samples if p.name.startswith("invalid_")]
    assert len(invalid) >= 8
    for path in invalid:
        assert validate(path.read_bytes()) != [], f"{path.name} should not validate"


def test_tei_of_the_seeds_validates_and_reads_back_as_both_texts(seed_copy, tmp_path):
    files = export.export(seed_copy, "tei", tmp_path / "tei")
    assert len(files) == 4
    with Corpus(seed_copy) as c:
        texts = {d.name: {sp.page_no: (sp.ocr_text, sp.text) for sp in c.pages(d)} for d in c.documents()}
        edits = c.frame("edits")
        terms = c.frame("terms")
    choices = 0
    for path in files:
        xml = path.read_bytes()
        assert validate(xml) == [], path.name
        root = parse_xml(xml, name=path.name)
        name = root.find(f"{T}teiHeader//{T}sourceDesc/{T}bibl/{T}idno[@type='path']").text.rsplit("/", 1)[-1]
        want = texts[name]
        assert page_readings(root, "sic") == {n: ocr for n, (ocr, _) in want.items()}
        assert page_readings(root, "corr") == {n: final for n, (_, final) in want.items()}
        ids = {el.get(XML_ID) for el in root.iter()}
        refs = [el.get("ref") for el in root.iter(T + "term") if el.get("ref")]
        assert refs and all(r[1:] in ids for r in refs)
        assert all(el.get("resp")[1:] in ids for el in root.iter(T + "corr"))
        choices += len(list(root.iter(T + "choice")))
        stages = [a.get("ident") for a in root.iter(T + "application")]
        assert stages == ["puthi-ocr", "puthi-repair", "puthi-terms", "puthi-claims"]
        assert [float(n.get("value")) for n in root.iter(T + "num")]
    assert choices == int(edits["active"].sum())
    assert len(terms) > 100


def test_tei_facsimile_has_a_zone_per_line_and_word_from_the_ocr_boxes(tmp_path, fast_repair):
    alto = pytest.importorskip("puthi.ocr.alto")
    from puthi.ocr.model import Block, Box, Line, Page, Word

    lines = [Line([Word("ৰিস্তি", Box(10, 10, 80, 40), 91.0), Word("খেলা", Box(90, 10, 150, 40), 85.0)]),
             Line([Word("৪৭", Box(10, 50, 40, 80), 70.0)])]
    source = tmp_path / "page.xml"
    source.write_text(alto.to_alto([Page(path="scan.png", width=200, height=100, blocks=[Block(lines)])]))
    db = tmp_path / "c.sqlite"
    build([source], db, progress=False)
    [path] = export.export(db, "tei", tmp_path / "tei")
    root = parse_xml(path.read_bytes())
    assert validate(path.read_bytes()) == []
    zones = {z.get(XML_ID): (z.get("type"), z.get("ulx"), z.get("lry")) for z in root.iter(T + "zone")}
    assert zones == {"p1-l1": ("line", "10", "40"), "p1-l2": ("line", "10", "80"), "p1-l1-w1": ("word", "10", "40"),
                     "p1-l1-w2": ("word", "90", "40"), "p1-l2-w1": ("word", "10", "80")}
    assert [lb.get("facs") for lb in root.iter(T + "lb")] == ["#p1-l1", "#p1-l2"]
    surface = root.find(f"{T}facsimile/{T}surface")
    graphic = surface.find(T + "graphic")
    assert (surface.get("lrx"), surface.get("lry"), graphic.get("url")) == ("200", "100", "../scan.png")
    [corr] = root.iter(T + "corr")
    assert (corr.getparent().find(T + "sic").text, corr.text, corr.get("n")) == ("ৰ", "ব", "test-ra")


def test_a_paragraph_in_the_books_other_language_says_so_in_tei(tmp_path):
    # a Bengali book quoting a paragraph of Assamese: the paragraph is xml:lang="as", and the header lists both
    bn = "ছেষট্টি খেলায় চব্বিশখানি তাস লাগে। তারপর খেলা আরম্ভ হয়, আর শেষ পর্যন্ত চলে।\n"
    source = tmp_path / "book.txt"
    source.write_text(bn * 3 + "\nদছ-গুটি খেলত প্ৰতিজন খেলুৱৈৰ ১৬টা গুটি থাকে আৰু ৰজা।\n\n" + bn, encoding="utf-8")
    db = tmp_path / "c.sqlite"
    build([source], db, progress=False)
    [path] = export.export(db, "tei", tmp_path / "tei")
    assert validate(path.read_bytes()) == []
    root = parse_xml(path.read_bytes())
    langs = [(ab.get("{http://www.w3.org/XML/1998/namespace}lang"), reading(ab, "corr").split()[0])
             for ab in root.iter(T + "ab")]
    assert langs == [(None, "ছেষট্টি"), ("as", "দছ-গুটি"), (None, "ছেষট্টি")]
    assert [x.get("ident") for x in root.iter(T + "language")] == ["bn", "as"]


def test_tei_points_at_a_page_image_from_the_export_folder(tmp_path, fast_repair):
    # an absolute image path would break as soon as the export and the scans move to another machine
    alto = pytest.importorskip("puthi.ocr.alto")
    from puthi.ocr.model import Block, Box, Line, Page, Word

    scan = tmp_path / "scans" / "পাতা 1.png"
    page = Page(path=str(scan), width=90, height=40, blocks=[Block([Line([Word("খেলা", Box(1, 1, 80, 30), 90.0)])])])
    source = tmp_path / "page.xml"
    source.write_text(alto.to_alto([page]))
    db = tmp_path / "c.sqlite"
    build([source], db, progress=False)
    [path] = export.export(db, "tei", tmp_path / "out" / "tei")
    url = parse_xml(path.read_bytes()).find(f"{T}facsimile/{T}surface/{T}graphic").get("url")
    assert url == "../../scans/%E0%A6%AA%E0%A6%BE%E0%A6%A4%E0%A6%BE%201.png"
    assert (path.parent / urllib.parse.unquote(url)).resolve() == scan.resolve()


def test_the_pages_of_one_multi_page_image_point_at_their_own_page(tmp_path, fast_repair):
    alto = pytest.importorskip("puthi.ocr.alto")
    from puthi.ocr.model import Block, Box, Line, Page, Word

    pages = [Page(path="book.tif", width=90, height=40, page_no=n,
                  blocks=[Block([Line([Word(w, Box(1, 1, 80, 30), 90.0)])])]) for n, w in ((1, "তাস"), (2, "খেলা"))]
    source = tmp_path / "book.xml"
    source.write_text(alto.to_alto(pages))
    db = tmp_path / "c.sqlite"
    build([source], db, progress=False)
    [path] = export.export(db, "tei", tmp_path / "tei")
    urls = [g.get("url") for g in parse_xml(path.read_bytes()).iter(f"{T}graphic")]
    assert urls == ["../book.tif#page=1", "../book.tif#page=2"]
    files = sorted(export.export(db, "alto", tmp_path / "alto"))  # and ALTO says the same, from its folder
    assert [alto.read_alto(f)[0].path for f in files] == ["../../book.tif#page=1", "../../book.tif#page=2"]


def test_web_annotation_selectors_quote_what_they_point_at(seed_copy, tmp_path):
    files = export.export(seed_copy, "webanno", tmp_path / "wa")
    with Corpus(seed_copy) as c:
        layers = {}
        for d in c.documents():
            for sp in c.pages(d):
                layers[f"urn:puthi:doc:{d.sha256}/page/{sp.page_no}/ocr"] = sp.ocr_text
                layers[f"urn:puthi:doc:{d.sha256}/page/{sp.page_no}/text"] = sp.text
    motivations = set()
    for path in files:
        data = json.loads(path.read_text(encoding="utf-8"))
        assert data["@context"] == "http://www.w3.org/ns/anno.jsonld"
        assert data["type"] == "AnnotationCollection" and data["total"] == len(data["first"]["items"])
        for anno in data["first"]["items"]:
            motivations.add(anno["motivation"])
            for target in anno["target"] if isinstance(anno["target"], list) else [anno["target"]]:
                assert_selects(layers[target["source"]], target["selector"])
            assert anno["creator"]["type"] in ("Software", "Person")
    assert {"editing", "identifying", "assessing"} <= motivations


def assert_valid(validate, path: Path) -> None:
    """``path`` is valid by ``validate`` (ALTO, PAGE); skipped when the schema is not beside the repository."""
    try:
        assert validate(path.read_bytes()) == []
    except MissingDependencyError as exc:
        pytest.skip(f"schema not available: {exc}")


def assert_selects(text: str, selectors: list[dict]) -> None:
    """The quote and position selectors of a target agree with each other on ``text``."""
    quote, position = selectors
    assert text[position["start"]:position["end"]] == quote["exact"]
    assert text[:position["start"]].endswith(quote["prefix"])
    assert text[position["end"]:].startswith(quote["suffix"])


def test_a_claim_whose_sentence_runs_onto_the_next_page_targets_both_pages(tmp_path, fast_repair):
    book = tmp_path / "book.txt"
    book.write_text("ছেষট্টি\n\nছেষট্টি খেলায় প্রত্যেকে\n১\n\f ছেষট্টি     ২\n\nছয়খানি তাস পায়। তারপর খেলা চলে।\n",
                    encoding="utf-8")
    db = tmp_path / "c.sqlite"
    build([book], db, progress=False)
    [path] = export.export(db, "webanno", tmp_path / "wa")
    [claim] = [a for a in json.loads(path.read_text(encoding="utf-8"))["first"]["items"] if "/claim/" in a["id"]]
    with Corpus(db) as c:
        [doc] = c.documents()
        texts = {sp.page_no: sp.text for sp in c.pages(doc)}
    first, rest = claim["target"]
    assert (first["source"].rsplit("/page/", 1)[1], rest["source"].rsplit("/page/", 1)[1]) == ("1/text", "2/text")
    assert first["selector"][0]["exact"] == "ছেষট্টি খেলায় প্রত্যেকে"
    assert rest["selector"][0]["exact"] == "ছয়খানি তাস পায়।"
    assert_selects(texts[1], first["selector"])
    assert_selects(texts[2], rest["selector"])


def test_alto_per_page_is_valid(seed_copy, tmp_path):
    alto = pytest.importorskip("puthi.ocr.alto")
    files = export.export(seed_copy, "alto", tmp_path / "alto")
    assert len(files) == 4 and all(p.name == "page-0001.alto.xml" for p in files)
    for p in files:
        assert alto.validate_alto(p.read_bytes()) == []
        with Corpus(seed_copy) as c:
            texts = {sp.text for d in c.documents() for sp in c.pages(d)}
        [page] = alto.read_alto(p)  # the words as corrected: the repair's and people's, not the raw OCR's
        assert page.text.split() == next(t for t in texts if t.split()[-5:] == page.text.split()[-5:]).split()
        assert len(page.steps) >= 3  # the pipeline's stages travel with the words they made


def test_page_xml_per_page_is_valid_and_shows_a_human_correction(seed_copy, tmp_path):
    pagexml = pytest.importorskip("puthi.ocr.pagexml")
    doc = "000_768383804696228d.txt"
    assert cli.main(["correct", "--db", str(seed_copy), "--doc", doc, "--start", "0", "--end", "3",
                     "--text", "তাসখেলা", "--author", "rk"]) == 0
    files = export.export(seed_copy, "page", tmp_path / "page")
    assert len(files) == 4 and all(p.name == "page-0001.page.xml" for p in files)
    for p in files:
        try:
            assert pagexml.validate_page_xml(p.read_bytes()) == []
        except MissingDependencyError as exc:  # the schema lives in ../shared/schemas
            pytest.skip(f"PAGE schema not available: {exc}")
    [p] = [f for f in files if f.parent.name.startswith("000")]
    assert pagexml.read_page_xml(p.read_bytes()).text.split()[0] == "তাসখেলা"


def test_alto_and_page_xml_say_the_language_of_a_text_and_of_a_passage_in_the_other(tmp_path):
    alto = pytest.importorskip("puthi.ocr.alto")
    pagexml = pytest.importorskip("puthi.ocr.pagexml")
    source = tmp_path / "book.txt"
    source.write_text("ছেষট্টি খেলায় চব্বিশখানি তাস লাগে, আর প্রত্যেকে ছয়খানি পায়।\n" * 3 +
                      "দছ-গুটি খেলত প্ৰতিজন খেলুৱৈৰ ১০টা গুটি থাকে আৰু ৰজা।\n", encoding="utf-8")
    db = tmp_path / "c.sqlite"
    build([source], db, progress=False)
    [a] = export.export(db, "alto", tmp_path / "alto")
    [p] = export.export(db, "page", tmp_path / "page")
    [page] = alto.read_alto(a)
    assert page.lang == "ben"
    langs = [(w.text, w.lang) for b in page.blocks for ln in b.lines for w in ln.words]
    assert langs[0] == ("ছেষট্টি", "") and langs[-1] == ("ৰজা।", "asm") and ("দছ-গুটি", "asm") in langs
    assert 'primaryLanguage="Bengali"' in p.read_text(encoding="utf-8")
    assert_valid(alto.validate_alto, a)  # last: skipped when the schemas are not beside the repository
    assert_valid(pagexml.validate_page_xml, p)


@pytest.mark.parametrize("fmt", ["tei", "alto", "page"])
def test_a_control_character_in_a_text_becomes_a_replacement_character_in_xml(tmp_path, fmt):
    # a review: a vertical tab in a text file crashed every XML export with a traceback
    source = tmp_path / "vt.txt"
    source.write_text("ছেষট্টি দুজনের তাসের খেলা।\x0bএতে ২৪টি তাস লাগে।\n", encoding="utf-8")
    db = tmp_path / "c.sqlite"
    build([source], db, progress=False)
    [path] = export.export(db, fmt, tmp_path / fmt)
    xml = path.read_text(encoding="utf-8")
    assert "\x0b" not in xml and "এতে" in xml
    if fmt == "tei":  # the text keeps its length: the tab is one replacement character (ALTO and PAGE split words)
        assert "খেলা।\N{REPLACEMENT CHARACTER}এতে" in xml and validate(path.read_bytes()) == []
    if fmt == "alto":
        assert_valid(pytest.importorskip("puthi.ocr.alto").validate_alto, path)


def test_alto_shows_a_human_correction(seed_copy, tmp_path):
    alto = pytest.importorskip("puthi.ocr.alto")
    doc = "000_768383804696228d.txt"
    assert cli.main(["correct", "--db", str(seed_copy), "--doc", doc, "--start", "0", "--end", "3",
                     "--text", "তাসখেলা", "--author", "rk"]) == 0
    [p] = [f for f in export.export(seed_copy, "alto", tmp_path / "alto") if f.parent.name.startswith("000")]
    assert alto.validate_alto(p.read_bytes()) == []
    assert alto.read_alto(p)[0].text.split()[0] == "তাসখেলা"


def test_a_correction_of_several_words_gives_alto_a_string_for_each_within_their_boxes(tmp_path, fast_repair):
    # a newcomer's corrected line was one String with spaces in it, in the small box of its first word
    alto = pytest.importorskip("puthi.ocr.alto")
    from puthi.corpus.pipeline import build
    from puthi.ocr.model import Block, Box, Line, Page, Word

    words = [Word(w, Box(10 + 100 * i, 10, 90 + 100 * i, 40), 90.0) for i, w in enumerate(["বৰ্ড", "খনত", "দুটা"])]
    source = tmp_path / "scan.alto.xml"
    source.write_text(alto.to_alto([Page(path="scan.png", width=400, height=60, lang="asm",
                                         blocks=[Block([Line(words)])])]), encoding="utf-8")
    db = tmp_path / "c.sqlite"
    build([source], db, progress=False)
    assert cli.main(["correct", "--db", str(db), "--doc", source.name, "--line", "1", "--word", "1",
                     "--text", "বৰ্ডখনৰ ওপৰত", "--author", "rk"]) == 0
    assert cli.main(["correct", "--db", str(db), "--doc", source.name, "--line", "1", "--word", "2",
                     "--text", "", "--author", "rk"]) == 0
    [out] = export.export(db, "alto", tmp_path / "alto")
    [line] = alto.read_alto(out)[0].blocks[0].lines
    got = [(w.text, w.box.x0, w.box.x1) for w in line.words]
    assert [t for t, _, _ in got] == ["বৰ্ডখনৰ", "ওপৰত", "দুটা"], got
    assert got[0][1] == 10 and got[1][2] == 190 and got[0][2] < got[1][1]  # the two words' boxes, one after the other


def test_the_review_summary_counts_a_persons_edits_as_one_kind(tmp_path, fast_repair):
    # a newcomer read "edits by kind human:rk 1"
    from puthi.corpus.pipeline import build
    from puthi.corpus.review import corpus_views, summarise

    book = tmp_path / "b.txt"
    book.write_text("তাস খেলা হয়\n", encoding="utf-8")
    db = tmp_path / "c.sqlite"
    build([book], db, progress=False)
    for who in ("rk", "sm"):
        assert cli.main(["correct", "--db", str(db), "--doc", "b.txt", "--line", "1", "--word", "3" if who == "rk"
                         else "1", "--text", "হইল" if who == "rk" else "তাশ", "--author", who]) == 0
    assert summarise(corpus_views(db))["edits by kind"] == "by a person 2"


def test_csv_and_parquet_hold_every_table(seed_copy, tmp_path):
    csv_files = export.export(seed_copy, "csv", tmp_path / "csv")
    parquet_files = export.export(seed_copy, "parquet", tmp_path / "pq")
    for files in (csv_files, parquet_files):
        assert sorted(p.stem for p in files if p.name != "README.md") == sorted(store.FRAMES)
    readme = (tmp_path / "csv" / "README.md").read_text(encoding="utf-8")  # what each table is, and which text
    assert all(name in readme for name in store.FRAMES) and "| edits |" in readme  # its offsets index
    with Corpus(seed_copy) as c:
        for name in ("terms", "edits", "verdicts", "pages"):
            frame = c.frame(name)
            back = pd.read_parquet(tmp_path / "pq" / f"{name}.parquet")
            pd.testing.assert_frame_equal(back, frame, check_dtype=False)
            assert len(pd.read_csv(tmp_path / "csv" / f"{name}.csv")) == len(frame)


def test_csv_of_one_document_holds_only_its_rows(seed_copy, tmp_path):
    with Corpus(seed_copy) as c:
        doc = c.documents()[0]
        every = c.frame("terms")
    export.export(seed_copy, "csv", tmp_path / "one", documents=[doc.name])
    terms = pd.read_csv(tmp_path / "one" / "terms.csv")
    assert set(terms["source"]) == {doc.source} and 0 < len(terms) < len(every)
    assert set(pd.read_csv(tmp_path / "one" / "documents.csv")["source"]) == {doc.source}


def test_the_review_page_of_a_corpus_shows_its_documents_and_verdicts(seed_copy, tmp_path):
    # a newcomer found no way to see their own corpus's review page but the demo, which adds its samples
    with Corpus(seed_copy) as c:
        docs = c.documents()
        verdicts = c.frame("verdicts")
    (page,) = export.export(seed_copy, "html", tmp_path / "all")
    html = page.read_text(encoding="utf-8")
    assert page.name == "report.html" and all(d.name in html for d in docs)
    assert html.count('class="verdict ') >= len(verdicts) > 0
    assert '<p class="meta">Assamese' in html and "language as" not in html  # by name (a newcomer)
    # the page speaks English; each text says its own language (a newcomer: an Assamese corpus's page was lang="bn")
    assert '<html lang="en">' in html and '<div class="text" lang="as">' in html
    (one,) = export.export(seed_copy, "html", tmp_path / "one", documents=[docs[0].name])
    assert docs[0].name in one.read_text(encoding="utf-8") and docs[1].name not in one.read_text(encoding="utf-8")


def test_output_paths_cannot_leave_the_output_folder(tmp_path, seed_copy):
    out = tmp_path / "out"
    out.mkdir()
    for bad in ("../escape.xml", "/etc/passwd", "sub/../../escape.xml"):
        with pytest.raises(OutputError, match="outside the output folder"):
            safe_path(out, bad)
    outside = tmp_path / "outside.xml"
    outside.write_text("keep me")
    with Corpus(seed_copy) as c:
        doc = c.documents()[0]
    (out / f"{export.doc_stem(doc)}.tei.xml").symlink_to(outside)
    with pytest.raises(OutputError, match="outside the output folder"):
        export.export(seed_copy, "tei", out)
    assert outside.read_text() == "keep me"


def test_a_full_disk_or_no_permission_is_one_line_and_leaves_no_half_file(tmp_path, seed_copy, monkeypatch):
    out = tmp_path / "csv"
    first = export.export(seed_copy, "csv", out)
    before = {p.name: p.read_bytes() for p in first}

    def full(fd):
        raise OSError(errno.ENOSPC, "No space left on device")

    monkeypatch.setattr(os, "fsync", full)
    with pytest.raises(OutputError, match="the disk is full") as err:
        export.export(seed_copy, "csv", out)
    assert "\n" not in str(err.value)
    assert {p.name: p.read_bytes() for p in out.iterdir()} == before  # old files intact, no .part left
    monkeypatch.undo()

    def denied(*args, **kwargs):
        raise PermissionError(errno.EACCES, "Permission denied")

    monkeypatch.setattr(export.tempfile, "mkstemp", denied)
    code = cli.main(["export", "--db", str(seed_copy), "--format", "tei", "-o", str(tmp_path / "tei")])
    assert code == OutputError.exit_code
    assert not list((tmp_path / "tei").glob("*"))


def test_a_full_disk_during_a_build_stops_cleanly_and_the_rerun_finishes(tmp_path, fast_repair, monkeypatch, capsys):
    book = tmp_path / "book.txt"
    book.write_text(bengali_pages(6), encoding="utf-8")
    db = tmp_path / "c.sqlite"
    real = Corpus._insert_layers
    calls = []

    def fills_up(self, conn, page_id, result, corrected):
        calls.append(page_id)
        if len(calls) == 3:
            raise sqlite3.OperationalError("database or disk is full")
        return real(self, conn, page_id, result, corrected)

    monkeypatch.setattr(Corpus, "_insert_layers", fills_up)
    code = cli.main(["build", str(book), "--db", str(db), "--quiet"])
    err = capsys.readouterr().err
    assert code == OutputError.exit_code
    assert "free disk space" in err and "pages already committed are kept" in err
    with Corpus(db) as c:
        assert c.integrity() == "ok"
        assert c.frame("pages")["page_no"].tolist() == [1, 2]
    monkeypatch.setattr(Corpus, "_insert_layers", real)
    report = build([book], db, progress=False)
    assert (report.done, report.skipped) == (4, 2)


@pytest.mark.parametrize("fmt", ["tei", "webanno", "alto"])
def test_two_copies_of_one_file_export_to_two_files(tmp_path, fmt):
    # The same file in two folders: same name, same content, two documents (each may get its own corrections).
    for folder in ("v1", "v2"):
        (tmp_path / folder).mkdir()
        (tmp_path / folder / "p.txt").write_text("তাস খেলা। নহলা দহলা।\n", encoding="utf-8")
    db = tmp_path / "c.sqlite"
    build([tmp_path / "v1", tmp_path / "v2"], db, progress=False)
    written = export.export(db, fmt, tmp_path / "out")
    assert len(written) == len(set(written)) == 2
    assert all(p.exists() for p in written)
    if fmt == "webanno":  # and no annotation id is in both (they were made from the content alone)
        a, b = ({item["id"] for item in json.loads(p.read_text())["first"]["items"]} for p in written)
        assert a and b and not a & b


def test_exporting_an_empty_file_as_a_corpus_is_an_error_and_makes_nothing(tmp_path):
    from puthi.errors import InputError

    empty = tmp_path / "e.sqlite"
    empty.touch()
    with pytest.raises(InputError, match="empty file"):
        export.export(empty, "tei", tmp_path / "out")
    assert empty.stat().st_size == 0 and not (tmp_path / "out").exists()


def test_the_review_page_shows_the_verdict_in_force_once(tmp_path, fast_repair):
    # a newcomer: a machine verdict a person replaced was counted and listed beside theirs
    from puthi.corpus.cli import main
    from puthi.corpus.pipeline import build
    from puthi.corpus.review import corpus_views

    book = tmp_path / "bisti.txt"
    book.write_text("বিস্তি খেলায় প্রত্যেকে আটখানি তাস পায়।\n", encoding="utf-8")
    db = tmp_path / "c.sqlite"
    build([book], db, progress=False)
    assert main(["correct", "--db", str(db), "--doc", "bisti.txt", "--verdict", "unverifiable", "--start", "0",
                 "--end", "20", "--author", "rk"]) == 0
    (view,) = corpus_views(db)
    assert [c.verdict for c in view.claims] == ["unverifiable"]


def test_a_file_that_could_not_be_read_gets_no_empty_tei(tmp_path):
    # a newcomer: a corrupt scan among the sources gave a TEI file with an empty body, which fails the schema
    (tmp_path / "src").mkdir()
    (tmp_path / "src" / "a.txt").write_text("ছেষট্টি খেলায় চব্বিশখানি তাস লাগে।\n", encoding="utf-8")
    from PIL import Image

    Image.new("L", (400, 300), 255).save(tmp_path / "whole.png")
    whole = (tmp_path / "whole.png").read_bytes()
    (tmp_path / "src" / "broken.png").write_bytes(whole[: len(whole) // 2])  # its pixels cut off: OCR fails
    report = build([tmp_path / "src"], tmp_path / "c.sqlite", progress=False)
    assert len(report.failures) == 1
    written = export.export(tmp_path / "c.sqlite", "tei", tmp_path / "tei")
    assert len(written) == 1 and "broken" not in written[0].name
    assert all(validate(p.read_bytes()) == [] for p in written)


@pytest.mark.parametrize("fmt", ["page", "alto"])
def test_page_and_alto_of_a_pdf_name_a_png_of_each_page(tmp_path, fast_repair, fmt, capsys):
    # a newcomer: the export named "book.pdf#page=1", which Transkribus, OCR-D and eScriptorium cannot open
    from PIL import Image

    from puthi.ocr.alto import read_alto
    from puthi.ocr.pagexml import read_page_xml

    pdf, (first, second) = two_page_pdf(tmp_path)
    db = tmp_path / "c.sqlite"
    build([pdf], db, lang="ben", progress=False)
    written = export.export(db, fmt, tmp_path / "out")
    xmls = sorted(p for p in written if p.suffix == ".xml")
    assert len(xmls) == 2 and len(written) == 4
    for xml in xmls:
        page = read_page_xml(xml) if fmt == "page" else read_alto(xml)[0]
        image = xml.parent / page.path
        assert image.suffix == ".png" and image in written
        with Image.open(image) as img:
            assert img.size == (page.width, page.height)  # the boxes are on it
    # a PDF changed since the build draws otherwise: no image its boxes would not fit (a review)
    first.resize((first.width * 2, first.height)).save(pdf, save_all=True, append_images=[second], resolution=150)
    again = export.export(db, fmt, tmp_path / "again")
    assert sorted(p.suffix for p in again) == [".png", ".xml", ".xml"]
    # a PDF moved away: no page images, and the export says so, once (a hostile tester)
    pdf.rename(tmp_path / "moved.pdf")
    capsys.readouterr()
    gone = export.export(db, fmt, tmp_path / "gone")
    assert sorted(p.suffix for p in gone) == [".xml", ".xml"]
    assert capsys.readouterr().err.count("is no longer there, so its pages have no page images") == 1


def test_alto_of_a_book_of_page_files_builds_back_into_the_same_book(tmp_path, fast_repair):
    # a newcomer: each page of seed 004's scans went to a folder of its own, so the export came back as three books
    # and pages 2 and 3 lost the game page 1 names, and their claims
    from puthi.corpus.pipeline import build

    (tmp_path / "scans").mkdir()
    texts = ["দহ-গুটি খেলৰ নিয়ম\n\nএই খেল দুজন খেলুৱৈয়ে খেলে।\n", "প্ৰতিজন খেলুৱৈৰ দহটা গুটি থাকে।\n"]
    for n, text in enumerate(texts, 1):
        (tmp_path / "scans" / f"page-00{n}.txt").write_text(text, encoding="utf-8")
    db, again = tmp_path / "c.sqlite", tmp_path / "again.sqlite"
    build([tmp_path / "scans"], db, progress=False)
    written = export.export(db, "alto", tmp_path / "alto")
    assert len({p.parent for p in written}) == 1 and sorted(p.name for p in written) == [
        "page-001.alto.xml", "page-002.alto.xml"]
    build([tmp_path / "alto"], again, progress=False)
    for corpus in (db, again):
        with Corpus(corpus) as c:
            second = next(d for d in c.documents() if d.name.startswith("page-002"))
            assert {(cl.game, cl.quantity) for cl in c.pages(second)[0].claims} == {("dashguti", "pieces_per_player")}


def _built_table(tmp_path: Path, text: str, table: str) -> tuple[Path, Path]:
    """``text`` built into a corpus as b.txt: the corpus, and the CSV of one of its tables."""
    book = tmp_path / "b.txt"
    book.write_text(text, encoding="utf-8")
    db = tmp_path / "c.sqlite"
    build([book], db, progress=False)
    return db, next(p for p in export.export(db, "csv", tmp_path / "csv") if p.stem == table)


def test_a_number_read_out_of_garble_is_as_sure_as_its_repair_in_the_corpus_and_its_exports(tmp_path):
    # a newcomer: `२१`, guessed to be ২৭, stood in numbers.csv and the TEI as surely as a printed ২৪
    db, csv = _built_table(tmp_path, "বিস্তি খেলায় ২৪ খানি তাস লাগে। পৃষ্ঠা २१ দেখ।\n", "numbers")
    scores = dict(pd.read_csv(csv)[["value", "score"]].itertuples(index=False))
    assert scores[24] == 1.0 and 0 < min(v for k, v in scores.items() if k != 24) < 0.5
    [tei] = export.export(db, "tei", tmp_path / "tei")
    xml = tei.read_text(encoding="utf-8")
    assert '<num value="24">২৪ খানি</num>' in xml and regex.search(r'<num value="\d+" cert="0\.\d\d">', xml)


def test_a_stated_word_is_plain_in_the_claims_csv(tmp_path):
    # a newcomer: the CSV's stated column held JSON, '"centre"' and '"3-3"'
    _, csv = _built_table(tmp_path, "ছেষট্টি দুজনের তাসের খেলা। প্রত্যেক খেলোয়াড় তিনটি করে দুই দফায় ছয়টি তাস পান।\n",
                          "claims")
    stated = dict(pd.read_csv(csv, dtype=str)[["quantity", "stated"]].itertuples(index=False))
    assert stated["deal_pattern"] == "3-3" and stated["players"] == "2"
