"""`puthi demo` runs the whole pipeline on the bundled samples and writes what it promises."""

import json
import subprocess
import sys
from pathlib import Path

import pytest
from lxml import etree

SAMPLES = Path(__file__).resolve().parents[2] / "corpus" / "samples"


def test_demo_writes_report_corpus_tei_and_annotations(tmp_path):
    out = tmp_path / "demo"
    (out / "annotations").mkdir(parents=True)  # a hostile tester: the demo removed a folder of the user's by this name
    (out / "annotations" / "notes.txt").write_text("mine", encoding="utf-8")
    run = subprocess.run([sys.executable, "-m", "puthi", "demo", "--out", str(out), "--workers", "1"],
                         capture_output=True, text=True, timeout=600)
    assert run.returncode == 0, run.stderr[-2000:]
    counts = {" ".join(line.split()[:-1]): int(line.split()[-1]) for line in run.stdout.splitlines()
              if line.strip().startswith("claims ")}
    # the sample rule pages state 36 rules the engines agree with (30 leaves room for an OCR slip); a
    # review's fix once lost 12 of them, and no test but this one saw it
    assert counts["claims consistent"] >= 30 and counts["claims contradicted"] == 0, run.stdout
    html = (out / "report.html").read_text(encoding="utf-8")
    assert html.count('class="doc"') == 4
    assert "wrong-script" in html  # the old-OCR Bisti text was repaired, and the page says so
    assert (out / "corpus.sqlite").stat().st_size > 0
    teis = sorted((out / "tei").glob("*.xml"))
    assert len(teis) == 4
    for t in teis:
        etree.parse(str(t))
    anno = json.loads((out / "annotations.jsonld").read_text(encoding="utf-8"))
    assert anno["type"] == "AnnotationCollection" and anno["first"]["items"]
    assert (out / "annotations" / "notes.txt").read_text(encoding="utf-8") == "mine"
    assert not list(out.glob(".annotations-*"))
    # a second run in the demo's own folder is fine; a folder with a corpus of the user's is refused (a hostile
    # tester: the demo added its documents to it and overwrote their report.html)
    theirs = tmp_path / "theirs"
    theirs.mkdir()
    (theirs / "corpus.sqlite").write_bytes((out / "corpus.sqlite").read_bytes())
    again = subprocess.run([sys.executable, "-m", "puthi", "demo", "--out", str(theirs)], capture_output=True,
                           text=True, timeout=600)
    assert again.returncode != 0 and "not the demo's" in again.stderr and not (theirs / "sources").exists()


@pytest.mark.parametrize(("name", "game", "rules"), [
    ("klaverjas_bn", "klaverjas", 19), ("sixtysix_bn", "sixtysix", 14), ("dashguti_as", "dashguti", 5),
    ("bisti_bn", "bisti", 4)])
def test_the_sample_texts_state_their_rules(name, game, rules):
    # read from the sample texts themselves, with no OCR between: a change that loses a rule shows here (a session's
    # fix lost the Klaverjas page's five plain values, and the demo's ">= 30" above let it pass)
    from puthi.rules.check import check_claims
    from puthi.rules.claims import extract_claims

    text = (SAMPLES / f"{name}.txt").read_text(encoding="utf-8")
    verdicts = check_claims(extract_claims(text, game))
    assert len(verdicts) >= rules and {v.verdict for v in verdicts} == {"consistent"}
