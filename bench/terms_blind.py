"""A blind test of the term aligner: real, unproofread OCR of pages nothing in puthi was built on.

The gold lists are in ``bench/data/terms_blind/*.list``: every term occurrence, annotated by hand and
committed before the aligner first ran on the page. Each list names its page (Bengali Wikisource, the OCR
layer not yet proofread), the part of it used and that text's sha256. The texts are not stored in the
repository: save each page's text as ``DIR/<list name>.txt`` and run

    .venv/bin/python bench/terms_blind.py --texts DIR

A text whose sha256 differs from the list's is refused: the gold was made on that exact text. Scoring is
benchmark 1's (``terms_accuracy.compare``): same concept, overlapping span, one to one.
"""

from __future__ import annotations

import argparse
import hashlib
import os
import sys
from pathlib import Path

import regex

sys.path.insert(0, str(Path(__file__).resolve().parent))

from terms_accuracy import _row, compare
from terms_gold import locate

from puthi.rules.terms import find_terms

BLIND = Path(__file__).resolve().parent / "data" / "terms_blind"
_SHA = regex.compile(r"sha256 ([0-9a-f]{64})")
_CLEAN = regex.compile(r"^# Text: clean", regex.M)  # a proofread or typed page; the others are real OCR


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--texts", type=Path, default=os.environ.get("PUTHI_BLIND_TEXTS"),
                    help="folder with one <list name>.txt per gold list (or $PUTHI_BLIND_TEXTS)")
    ap.add_argument("--min-score", type=float, default=0.5)
    args = ap.parse_args(argv)
    lists = sorted(BLIND.glob("*.list"))
    where = BLIND.relative_to(Path.cwd()) if BLIND.is_relative_to(Path.cwd()) else BLIND
    missing = [p.stem for p in lists if args.texts is None or not (args.texts / f"{p.stem}.txt").exists()]
    if len(missing) == len(lists):
        print(f"skipped: the page texts are not in the repository (each list in {where} names its page); "
              f"save <list name>.txt for each in a folder and pass --texts FOLDER", file=sys.stderr)
        return 0
    if missing:
        print(f"not scored, no text in {args.texts}: {', '.join(missing)}", file=sys.stderr)
    print(f"min score {args.min_score}")
    print("| page | text | gold | predicted | right | precision | recall | exact boundaries |")
    print("|---|---|---|---|---|---|---|---|")
    totals: dict[str, list[int]] = {}
    wrong: list[str] = []
    for path in (p for p in lists if p.stem not in missing):
        raw = (args.texts / f"{path.stem}.txt").read_bytes()
        header = path.read_text(encoding="utf-8")
        want = _SHA.search(header)
        if want is None or hashlib.sha256(raw).hexdigest() != want.group(1):
            raise SystemExit(f"{path.stem}.txt: not the text {path.name} was annotated on (sha256 differs); "
                             "save the part of the page the list names, as one line ending in a newline")
        kind = "clean" if _CLEAN.search(header) else "real OCR"
        text = raw.decode("utf-8")
        gold = locate(path.stem, text, path)
        pred = find_terms(text, min_score=args.min_score)
        matched, exact, misses, false = compare(gold, pred)
        total = totals.setdefault(kind, [0, 0, 0, 0])
        for k, v in enumerate((len(gold), len(pred), matched, exact)):
            total[k] += v
        print(_row(path.stem, kind, len(gold), len(pred), matched, exact))
        wrong += [f"  miss {path.stem} {g.surface!r} {g.concept}" for g in misses]
        wrong += [f"  false {path.stem} {p.surface!r} {p.concept} {p.score}" for p in false]
    for kind, total in sorted(totals.items()):
        print(_row("all", kind, *total))
    print("\n".join(wrong))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
