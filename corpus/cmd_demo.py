"""``puthi demo``: the whole pipeline on bundled samples, with a review page.

The samples (``corpus/samples``) are short rule texts written for the project in Bengali and Assamese.
Three are rendered here as degraded scans by :mod:`puthi.ocr.synth` and read back by OCR; the Bisti text
comes as "old OCR", read by Tesseract's Hindi model into the wrong-script garble of seed 000. Everything is
built into one corpus, exported (TEI, W3C annotations) and shown on ``report.html``.
"""

from __future__ import annotations

import argparse
import json
import shutil
import sys
import tempfile
import time
from pathlib import Path

from puthi.corpus.textio import folder
from puthi.errors import InputError, OutputError

HELP = "run the whole pipeline on bundled samples and write a review page"
SAMPLES = Path(__file__).with_name("samples")
# sample -> (font, render seed); the fonts are Debian's fonts-noto-core and fonts-lohit-beng-*
SCANS = {
    "sixtysix_bn": ("Noto Serif Bengali", 1),
    "klaverjas_bn": ("Lohit Bengali", 2),
    "dashguti_as": ("Lohit Assamese", 3),
}
OLD_OCR = "bisti_old_ocr.txt"


def add_arguments(p: argparse.ArgumentParser) -> None:
    p.add_argument("inputs", nargs="*", help="extra sources (scans, PDFs, hOCR/ALTO, text), e.g. ../shared/seeds")
    p.add_argument("--out", default="puthi-demo", type=folder, help="output folder (default: ./puthi-demo)")
    p.add_argument("--workers", type=int, default=2, help="worker processes (default: 2)")


def make_sources(folder: Path) -> list[Path]:
    """Render the bundled samples as degraded scans into ``folder`` and copy the old-OCR text."""
    from puthi.ocr.synth import Degradation, find_font, render

    folder.mkdir(parents=True, exist_ok=True)
    made = []
    for stem, (font, seed) in SCANS.items():
        text = (SAMPLES / f"{stem}.txt").read_text(encoding="utf-8")
        sample = render(text, find_font(font), size=34, seed=seed, width=1500, lang=stem[-2:],
                        degrade=Degradation(blur=0.5, noise=5.0, speckle=0.0005, skew=0.3, ink=0.3, light=0.15))
        path = folder / f"{stem}.png"
        sample.image.save(path)
        made.append(path)
    shutil.copyfile(SAMPLES / OLD_OCR, folder / OLD_OCR)
    made.append(folder / OLD_OCR)
    return made


def run(args: argparse.Namespace) -> int:
    from puthi.corpus.export import export, write_atomic
    from puthi.corpus.pipeline import build
    from puthi.corpus.review import corpus_views, summarise, write_review

    if args.workers < 1:
        raise InputError(f"--workers {args.workers}", "give 1 or more worker processes")
    t0 = time.perf_counter()
    out = Path(args.out)
    mine = [name for name in ("corpus.sqlite", "report.html", "annotations.jsonld") if (out / name).exists()]
    if mine and not (out / "sources" / OLD_OCR).exists():  # an earlier demo's folder has its sources
        raise OutputError(str(out), f"holds a {mine[0]} that is not the demo's, which the demo would add to or "
                                    "overwrite; choose another --out folder")
    try:
        sources = make_sources(out / "sources")
    except OSError as exc:
        raise OutputError(str(out), f"cannot write the demo here ({exc.strerror or exc}); "
                                    "choose another --out folder") from exc
    db = out / "corpus.sqlite"
    report = build([*sources, *args.inputs], db, workers=args.workers, progress=sys.stderr.isatty())
    export(db, "tei", out / "tei")
    with tempfile.TemporaryDirectory(prefix=".annotations-", dir=out) as anno_dir:  # a folder of its own: it had
        # removed an annotations/ folder of the scholar's (a hostile tester)
        collections = [json.loads(p.read_text(encoding="utf-8")) for p in export(db, "webanno", anno_dir)]
    write_atomic(out / "annotations.jsonld", json.dumps(
        {"@context": "http://www.w3.org/ns/anno.jsonld", "type": "AnnotationCollection",
         "label": "puthi demo", "total": sum(c.get("total", 0) for c in collections),
         "first": {"type": "AnnotationPage", "items": [i for c in collections for i in c["first"]["items"]]}},
        ensure_ascii=False, indent=1))
    views = corpus_views(db)
    write_review(views, out, title="puthi demo")
    summary = summarise(views)
    width = max(len(k) for k in summary)
    print(f"puthi demo: {out}/report.html, corpus.sqlite, tei/, annotations.jsonld")
    for k, v in summary.items():
        print(f"  {k:<{width}}  {v}")
    print(f"  {'time':<{width}}  {time.perf_counter() - t0:.0f} s")
    for f in report.failures:
        print(f"puthi demo: failed: {f}", file=sys.stderr)
    return 2 if report.failures else 0
