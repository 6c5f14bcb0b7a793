"""The repair stage on real OCR of old Bengali print: the 100 line scans of ``degraded-ocr-train``.

``bench.repair_memoir`` measures the repair on a modern memoir; the books puthi is for are old. The line
scans in ``../shared/data/degraded-ocr-train`` come from four old printed books, each with a human
transcription, one line to one line. Each scan is read by ``puthi ocr`` (``--lang ben``, its defaults) and by
the anchor, ``tesseract IMG - -l ben --psm 7``; each book's lines are repaired as one text (as
``puthi repair book.txt`` reads a file; ``lang="bn"``); CER is grapheme CER of :mod:`puthi.ocr.metrics`.
A line is *worse* when its repair raises its edit distance to its transcription, *better* when it lowers it.

Split by book, as in ``bench.ocr_real``: Bardidi and BiswasGhatakMahon are ``dev`` (the only lines looked at
while the repair is tuned on this benchmark); MatirPath and ParamarthaPrasanga are ``heldout``.
``--show`` prints each changed dev line (held-out lines are never printed).

The OCR of each scan is cached in ``~/.cache/puthi/bench`` (or ``$PUTHI_CACHE/bench``), keyed by the OCR
stage's version and Tesseract's.

    .venv/bin/python -m bench.repair_oldprint [--split dev|heldout|all] [--show] [--min-confidence P]
"""

from __future__ import annotations

import argparse
import json
import os
from dataclasses import dataclass
from pathlib import Path

from bench._ocr_common import raw_many, skip, table
from bench.ocr_real import HELD_OUT_BOOKS, TUNE_BOOKS, load, puthi_read
from bench.repair_memoir import distance

SPLITS = {"dev": TUNE_BOOKS, "heldout": HELD_OUT_BOOKS, "all": TUNE_BOOKS + HELD_OUT_BOOKS}


@dataclass(frozen=True)
class Line:
    book: str
    image: str
    truth: str


def cached_ocr(lines: list[Line], workers: int = 2) -> dict[str, dict[str, str]]:
    """``{"raw": {image: text}, "puthi": {image: text}}`` for every line, read once and cached."""
    from puthi.ocr.recognize import VERSION
    from puthi.ocr.tesseract import version

    cache = Path(os.environ.get("PUTHI_CACHE", Path.home() / ".cache" / "puthi")) / "bench"
    path = cache / f"oldprint-ocr-v{VERSION}-tess{version()}.json"
    readings = json.loads(path.read_text(encoding="utf-8")) if path.exists() else {}
    images = [x.image for x in lines]
    if set(images) - set(readings.get("raw", {})) or set(images) - set(readings.get("puthi", {})):
        readings = {
            "raw": dict(zip(images, raw_many(images, lang="ben", psm=7), strict=True)),
            "puthi": dict(zip(images, puthi_read(images, lang="ben", workers=workers), strict=True)),
        }
        cache.mkdir(parents=True, exist_ok=True)
        path.write_text(json.dumps(readings, ensure_ascii=False), encoding="utf-8")
    return readings


def repaired(lines: list[Line], ocr: dict[str, str], min_confidence: float = 0.0) -> dict[str, str]:
    """Each line's repaired OCR, each book repaired as one text."""
    from puthi.normalize.repair import keep_confident, repair_text

    out: dict[str, str] = {}
    for book in dict.fromkeys(x.book for x in lines):
        images = [x.image for x in lines if x.book == book]
        text = "\n".join(ocr[i].replace("\n", " ").replace("\f", " ") for i in images)
        r = repair_text(text, lang="bn")
        if min_confidence:
            r, _ = keep_confident(text, r, min_confidence)
        out.update(zip(images, r.text.split("\n"), strict=True))
    return out


def scores(lines: list[Line], ocr: dict[str, str], fixed: dict[str, str]) -> list:
    """Table cells: lines, CER of the OCR and of its repair, ratio, lines changed, better, worse."""
    before = after = length = changed = better = worse = 0
    for x in lines:
        a, n = distance(x.truth, ocr[x.image])
        b, _ = distance(x.truth, fixed[x.image])
        before, after, length = before + a, after + b, length + n
        changed += _flat(ocr[x.image]) != _flat(fixed[x.image])
        better, worse = better + (b < a), worse + (b > a)
    ratio = after / before if before else 1.0
    return [len(lines), f"{before / length:.2%}", f"{after / length:.2%}", f"{ratio:.3f}", changed, better, worse]


def _flat(text: str) -> str:
    """The text with its whitespace collapsed, as the metric compares it."""
    return " ".join(text.replace("\f", " ").split())


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--split", choices=SPLITS, default="dev")
    ap.add_argument("--show", action="store_true", help="print each changed dev line")
    ap.add_argument("--min-confidence", type=float, default=0.0)
    ap.add_argument("--workers", type=int, default=2)
    args = ap.parse_args(argv)
    books = SPLITS[args.split]
    lines = [Line(*row) for row in load() if row[0] in books]
    if not lines:
        skip("no degraded-ocr-train lines found")
    readings = cached_ocr([Line(*row) for row in load()], args.workers)
    rows = []
    for name in ("raw", "puthi"):
        fixed = repaired(lines, readings[name], args.min_confidence)
        label = "tesseract -l ben --psm 7" if name == "raw" else "puthi ocr --lang ben"
        rows.append([label, *scores(lines, readings[name], fixed)])
        if args.show and name == "puthi":
            for x in lines:
                if x.book in HELD_OUT_BOOKS or _flat(readings[name][x.image]) == _flat(fixed[x.image]):
                    continue
                a, b = distance(x.truth, readings[name][x.image])[0], distance(x.truth, fixed[x.image])[0]
                print(f"{a:>3} → {b:<3} {Path(x.image).name}\n  ocr   {readings[name][x.image]}\n"
                      f"  fixed {fixed[x.image]}\n  truth {x.truth}")
    print(f"split {args.split} ({', '.join(books)}), min confidence {args.min_confidence:g}")
    print(table(["OCR read by", "lines", "OCR CER", "repaired CER", "ratio", "lines changed", "better", "worse"],
                rows))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
