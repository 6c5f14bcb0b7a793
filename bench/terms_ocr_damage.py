"""A second damaged-text benchmark for the term aligner (issue 4): seeds 002 and 003 printed and read back.

The clean seeds 002 and 003 are set as degraded pages in the installed Bengali fonts (``puthi.ocr.synth``,
seeded random blur, noise, ink and JPEG damage) and read by Tesseract ``ben``. The hand annotations of the
clean text (``bench/data/terms_gold``) are carried over to the OCR output through a character alignment
of the two texts, so the gold is still the hand annotation: the span in the OCR text is whatever the OCR
made of the annotated words. A term the OCR dropped entirely (empty span) is counted apart, not as gold.
Terms written in Latin letters or digits (Klaverjas, stuk, K, 10) are left out, with any link on them: most
Bengali fonts have no Latin glyphs, so those words print as missing-glyph boxes rather than as type.

The aligner was never tuned on this output: this benchmark was written after the aligner was frozen. Its
figures come from the first run after the Latin terms were left out (a run before that had counted the
missing-glyph boxes as damage). Counts are occurrences times prints: each page is printed in ``--fonts`` fonts.
Split as in ``terms_accuracy.py``: the held-out half of each seed (by the
source offset of the annotation) is the figure to quote.

    .venv/bin/python bench/terms_ocr_damage.py [--fonts 4] [--heavy] [--assamese] [--show tune]
"""

from __future__ import annotations

import argparse
import json
import random
import re
import sys
from dataclasses import dataclass
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from terms_gold import Gold, load_gold, seed_text, split_point

from puthi.rules.terms import find_terms

SEEDS = ("002", "003")
_BENGALI = re.compile("[\u0980-\u09ff]")
CHUNK = 1200  # characters of source text per printed page


@dataclass(frozen=True)
class Page:
    seed: str
    start: int  # offset of the page's text in the seed
    source: str
    ocr: str
    font: str


def chunks(text: str, size: int = CHUNK) -> list[tuple[int, str]]:
    """The text cut at line ends into pieces of about ``size`` characters, with their offsets.

    >>> chunks("ab\\ncd\\nef", size=4)
    [(0, 'ab\\ncd\\n'), (6, 'ef')]
    """
    out, start = [], 0
    while start < len(text):
        end = text.find("\n", start + size)
        end = len(text) if end < 0 else end + 1
        out.append((start, text[start:end]))
        start = end
    return out


@dataclass(frozen=True)
class Printing:
    """How the pages are printed: the random seed, the damage strength range and the type size range."""

    seed: int = 11
    strength: tuple[float, float] = (0.1, 0.5)
    size: tuple[int, int] = (30, 40)


#: The first printing (session 2). ``HEAVY`` (session 3) is a second, blind one: another seed, smaller type
#: and worse damage, about the grapheme error rate of seed 000's old OCR.
STANDARD = Printing()
HEAVY = Printing(seed=23, strength=(0.5, 0.9), size=(24, 30))


def printed_pages(n_fonts: int, printing: Printing = STANDARD, seeds: tuple[str, ...] = SEEDS,
                  lang: str = "ben") -> list[Page]:
    """Render and OCR (Tesseract ``lang``) every chunk of ``seeds`` in ``n_fonts`` fonts (cached under
    ~/.cache/puthi)."""
    from puthi.normalize.train_garble import cache_dir, ocr_page
    from puthi.ocr.synth import Degradation, list_fonts, render

    seed = printing.seed
    name = f"{n_fonts}-{seed}-{CHUNK}"
    if printing != STANDARD:
        name += f"-{printing.strength}-{printing.size}"
    if seeds != SEEDS or lang != "ben":
        name += f"-{'-'.join(seeds)}-{lang}"
    path = cache_dir() / f"terms-ocr-{name}.jsonl"
    if path.exists():
        return [Page(**json.loads(x)) for x in path.read_text(encoding="utf-8").splitlines()]
    rng = random.Random(seed)
    fonts = list_fonts()
    pages = []
    if lang == "asm":
        fonts = [f for f in fonts if f.assamese]
    for s in seeds:
        text = seed_text(s)
        for k, (start, piece) in enumerate(chunks(text)):
            usable = [f for f in fonts if f.covers(piece.replace("\n", ""))] or fonts
            for f in rng.sample(usable, min(n_fonts, len(usable))):
                degrade = Degradation.random(seed + k, strength=rng.uniform(*printing.strength))
                degrade = Degradation(**{**degrade.__dict__, "skew": 0.0})
                sample = render(piece, f, size=rng.randint(*printing.size), seed=seed + k, degrade=degrade, width=1800,
                                lang="as" if lang == "asm" else "")
                pages.append(Page(s, start, piece, "\n".join(ocr_page(sample.image, lang)), f.name))
                print(f"  {s} page {k} {f.name}", file=sys.stderr)
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text("".join(json.dumps(p.__dict__, ensure_ascii=False) + "\n" for p in pages), encoding="utf-8")
    return pages


def boundary_map(source: str, ocr: str) -> list[int]:
    """For each boundary 0..len(source) of ``source``, the matching boundary in ``ocr`` (edit alignment).

    >>> boundary_map("abc", "axc")
    [0, 1, 2, 3]
    >>> boundary_map("abc", "ac")
    [0, 1, 1, 2]
    """
    from rapidfuzz.distance import Levenshtein

    out = [0] * (len(source) + 1)
    # rapidfuzz's blocks: equal and replace have the same length on both sides; delete maps to its start.
    # An insertion sits between two blocks; the boundary before it takes the next block's start (after it).
    for tag, i1, i2, j1, _ in Levenshtein.opcodes(source, ocr):
        for i in range(i1, i2 + 1):
            out[i] = j1 if tag == "delete" else j1 + (i - i1)
    out[len(source)] = len(ocr)
    return out


def project(page: Page, gold: list[Gold], bmap: list[int]) -> list[tuple[Gold, int, int]]:
    """The gold spans inside ``page``, as (gold, start, end) in its OCR text (``bmap``: :func:`boundary_map`)."""
    end = page.start + len(page.source)
    return [(g, bmap[g.start - page.start], bmap[g.end - page.start]) for g in gold
            if page.start <= g.start and g.end <= end]


def score(pages: list[Page], cuts: dict[str, int], show: str = "") -> dict[str, list[int]]:
    """Per split: [gold, predicted, right, dropped by the OCR]."""
    totals = {"tune": [0, 0, 0, 0], "heldout": [0, 0, 0, 0]}
    gold_by_seed = {s: load_gold(s) for s in cuts}
    for page in pages:
        bmap = boundary_map(page.source, page.ocr)
        spans = project(page, gold_by_seed[page.seed], bmap)
        # Latin words and digits (Klaverjas, stuk, K, 10) are set in the Bengali fonts, most of which have no
        # Latin glyphs: what the OCR reads there is the fonts' missing-glyph boxes, not damaged print.
        latin = [(s, e) for g, s, e in spans if not _BENGALI.search(g.surface)]
        spans = [(g, s, e) for g, s, e in spans if _BENGALI.search(g.surface)]
        pred = [p for p in find_terms(page.ocr) if not any(p.start < e and s < p.end for s, e in latin)]
        used: set[int] = set()
        for g, s, e in spans:
            t = totals[g.split]
            if s >= e:
                t[3] += 1
                continue
            t[0] += 1
            hit = next((k for k, p in enumerate(pred) if k not in used and p.concept == g.concept
                        and p.start < e and s < p.end), None)
            if hit is None:
                if show == g.split:
                    print(f"  miss {page.seed} {page.font}: {g.surface!r} read {page.ocr[s:e]!r} ({g.concept})")
                continue
            used.add(hit)
            t[2] += 1
        # A prediction is charged to the split of the source text it falls in.
        for k, p in enumerate(pred):
            src_at = next((i for i, j in enumerate(bmap) if j >= p.start), len(page.source))
            split = "tune" if page.start + src_at < cuts[page.seed] else "heldout"
            totals[split][1] += 1
            if show == split and k not in used:
                print(f"  false {page.seed} {page.font}: {p.surface!r} {p.concept} {p.score}")
    return totals


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--fonts", type=int, help="fonts each page is printed in (default 4; 12 with --assamese)")
    ap.add_argument("--assamese", action="store_true",
                    help="seed 004 (Assamese) in the fonts with ৰ and ৱ, read by Tesseract asm (session 4)")
    ap.add_argument("--heavy", action="store_true",
                    help="the second printing: another seed, smaller type, worse damage (blind test of session 3)")
    ap.add_argument("--show", choices=("tune", "heldout"), default="",
                    help="list the misses and false links of one part (tune on 'tune' only)")
    args = ap.parse_args()
    seeds, lang = (("004",), "asm") if args.assamese else (SEEDS, "ben")
    if any(seed_text(s) is None for s in seeds):
        print("skipped: the seeds are not at ../shared/seeds", file=sys.stderr)
        return 0
    fonts = args.fonts or (12 if args.assamese else 4)
    pages = printed_pages(fonts, HEAVY if args.heavy else STANDARD, seeds, lang)
    cuts = {s: split_point(seed_text(s)) for s in seeds}
    totals = score(pages, cuts, args.show)
    from puthi.ocr.metrics import cer

    mean_cer = sum(cer(p.source, p.ocr) for p in pages) / len(pages)
    print(f"{len(pages)} printed pages ({len({p.font for p in pages})} fonts), Tesseract {lang}, mean grapheme CER "
          f"{mean_cer:.3f}, min score 0.5")
    print("| part | gold | dropped by OCR | predicted | right | precision | recall |")
    print("|---|---|---|---|---|---|---|")
    for split, (g, p, m, d) in totals.items():
        print(f"| {split} | {g} | {d} | {p} | {m} | {m / max(p, 1):.3f} | {m / max(g, 1):.3f} |")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
