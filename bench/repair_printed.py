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

``--quoted``: a Bengali quotation in an Assamese book. One line of the memoir's human-corrected Bengali (its
dev or held-out pages, ``bench.repair_memoir``'s split) is set in the middle of each chunk of seed 004, and the page
is printed and read by ``asm`` as above. The ``asm`` model writes ্ৰ for Bengali's ্র, so the repair must tell
the quotation's language by its words; the table scores the quoted lines alone and the Assamese around them.

Run: ``.venv/bin/python -m bench.repair_printed [--fonts 12] [--split dev|heldout|all] [--quoted]``
"""

from __future__ import annotations

import argparse
import json
import random
import sys
import textwrap
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from repair_memoir import COLUMNS, DATA, HELD_OUT, cells, distance, evaluate, repaired_segments
from terms_gold import seed_text, split_point
from terms_ocr_damage import chunks, printed_pages

PRINTS = {"as": (("004",), "asm")}


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--fonts", type=int, default=12, help="fonts each chunk is printed in (default 12)")
    parser.add_argument("--split", choices=["dev", "heldout", "all"], default="all")
    parser.add_argument("--quoted", action="store_true", help="a Bengali line quoted in each Assamese page")
    args = parser.parse_args(argv)
    if args.quoted:
        return quoted(args.fonts, ["dev", "heldout"] if args.split == "all" else [args.split])
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


def quoted_pages(n_fonts: int, split: str, seed: int = 11) -> list[dict]:
    """Chunks of seed 004 with a line of the memoir's ``split`` (dev or heldout) in the middle, printed and read
    by ``asm`` (cached): ``{"clean", "ocr", "quote"}``, ``quote`` the index of the quoted line on the page."""
    from puthi.normalize.train_garble import cache_dir, ocr_page
    from puthi.ocr.synth import Degradation, list_fonts, render

    path = cache_dir() / f"repair-quoted-{n_fonts}-{split}-{seed}.jsonl"
    if path.exists():
        return [json.loads(x) for x in path.read_text(encoding="utf-8").splitlines()]
    memoir = json.loads(DATA.read_text(encoding="utf-8"))
    segments = HELD_OUT if split == "heldout" else [k for k in range(len(memoir)) if k not in HELD_OUT]
    quotes = [ln.strip() for k in segments for ln in memoir[k]["clean"].splitlines() if 40 <= len(ln.strip()) <= 90]
    rng = random.Random(seed)
    fonts = [f for f in list_fonts() if f.assamese]
    pages = []
    for k, (_, piece) in enumerate(chunks(seed_text("004"))):
        lines = textwrap.wrap(" ".join(piece.split()), 70)  # short lines of print, each read as one
        for f in rng.sample(fonts, min(n_fonts, len(fonts))):
            at = len(lines) // 2
            page = [*lines[:at], rng.choice([q for q in quotes if f.covers(q)]), *lines[at:]]
            sample = render("\n".join(page), f, size=36, seed=seed + k, degrade=Degradation.random(seed + k, 0.3),
                            lang="as")  # a line of print for each line of text, so the quote is one OCR line
            ocr = ocr_page(sample.image, "asm")
            if len(ocr) == len(page):  # the quote is found by its place
                pages.append({"clean": "\n".join(page), "ocr": "\n".join(ocr), "quote": at})
            print(f"  004 page {k} {f.name}", file=sys.stderr)
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text("".join(json.dumps(p, ensure_ascii=False) + "\n" for p in pages), encoding="utf-8")
    return pages


def quoted(n_fonts: int, splits: list[str]) -> int:
    """Print the CER of the quoted Bengali lines and of the Assamese lines around them, raw and repaired."""
    if seed_text("004") is None or not DATA.exists():
        print("skipped: ../shared/seeds or ../shared/data not found beside the repository", file=sys.stderr)
        return 0
    print("| quotes from | pages | lines | raw CER | repaired CER | ratio | lines worse | lines better |")
    print("|---|---|---|---|---|---|---|---|")
    for split in splits:
        _quoted_rows(split, quoted_pages(n_fonts, split))
    return 0


def _quoted_rows(split: str, pages: list[dict]) -> None:
    repaired = repaired_segments(pages, book=False, lang="as")
    for name, pick in (("quoted Bengali", lambda k, q: k == q), ("Assamese around them", lambda k, q: k != q)):
        raw = rep = n = worse = better = 0
        for page, (text, _) in zip(pages, repaired, strict=True):
            trios = zip(page["clean"].split("\n"), page["ocr"].split("\n"), text.split("\n"), strict=True)
            for k, (clean, ocr, fixed) in enumerate(trios):
                if pick(k, page["quote"]):
                    (d_raw, length), (d_rep, _) = distance(clean, ocr), distance(clean, fixed)
                    raw, rep, n, worse, better = raw + d_raw, rep + d_rep, n + length, worse + (d_rep > d_raw), \
                        better + (d_rep < d_raw)
        print(f"| {split} | {len(pages)} | {name} | {raw / n:.2%} | {rep / n:.2%} | {rep / max(raw, 1):.3f} | {worse} "
              f"| {better} |")


if __name__ == "__main__":
    raise SystemExit(main())
