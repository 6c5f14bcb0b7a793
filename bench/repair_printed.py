"""The repair stage on Assamese: the Dash-guti rules (seed 004) printed, damaged and read back by Tesseract ``asm``.

The memoir (``bench.repair_memoir``) is the one real OCR with a human reference, and it is Bengali. This
benchmark asks the same question, "does the repair lower the error rate, and which lines does it make
worse?", of Assamese: each chunk of about 1,200 characters of seed 004 is set in ``--fonts`` of the
installed fonts that have ৰ and ৱ, with seeded damage (:func:`bench.terms_ocr_damage.printed_pages`,
cached), read by ``asm``, and repaired alone with ``lang="as"``. The Assamese word list the corrector uses
comes from Wikipedia sentences, not from this text.

(The Bengali seeds 002 and 003 are not used here: their Dutch and German words print as missing-glyph boxes
in most Bengali fonts, and the boxes' soup would be most of what is measured.)

The first half of each seed (by offset, as in the term benchmarks) is ``dev``, the second ``heldout``.
Grapheme CER as in :mod:`puthi.ocr.metrics`; "lines worse" counts OCR lines whose repair alone raises the
page's edit distance. Anchor: the raw OCR, same pages.

Run: ``.venv/bin/python -m bench.repair_printed [--fonts 12] [--split dev|heldout|all]``
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from repair_memoir import COLUMNS, cells, evaluate, repaired_segments
from terms_gold import seed_text, split_point
from terms_ocr_damage import printed_pages

PRINTS = {"as": (("004",), "asm")}


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--fonts", type=int, default=12, help="fonts each chunk is printed in (default 12)")
    parser.add_argument("--split", choices=["dev", "heldout", "all"], default="all")
    args = parser.parse_args(argv)
    if any(seed_text(s) is None for seeds, _ in PRINTS.values() for s in seeds):
        print("skipped: ../shared/seeds not found beside the repository", file=sys.stderr)
        return 0
    names = ["dev", "heldout", "all"] if args.split == "all" else [args.split]
    print(f"| text | split | pages | {COLUMNS.format(unit='page')} |")
    print("|---|---|---|---|---|---|---|---|---|---|---|")
    for lang, (seeds, tesseract_lang) in PRINTS.items():
        pages = printed_pages(args.fonts, seeds=seeds, lang=tesseract_lang)
        cut = {s: split_point(seed_text(s)) for s in seeds}
        segments = [{"ocr": p.ocr, "clean": p.source} for p in pages]
        held = [p.start >= cut[p.seed] for p in pages]
        splits = {"dev": [k for k, h in enumerate(held) if not h], "heldout": [k for k, h in enumerate(held) if h],
                  "all": list(range(len(pages)))}
        repaired = repaired_segments(segments, book=False, lang=lang)
        for name in names:
            r = evaluate(segments, splits[name], repaired)
            print(f"| {'+'.join(seeds)} ({tesseract_lang}) | {name} | {r['segments']} | {cells(r)} |")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
