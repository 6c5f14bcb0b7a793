"""Benchmark 2 of issue 4: characters per second of the term aligner (goal: at least 200,000).

Texts: the memoir OCR and clean text (Bengali, ../shared/data/memoir-ocr-dev.json), the first 300,000
characters of the Assamese Wikipedia sample, and the seeds 000-004 repeated 20 times. Each is aligned
once by a fresh aligner (cold: every word is new to the cache), then again (warm). Anchors in the same
run: tokenising alone (the floor), and the naive way the issue warns against, the edit distance from every
word to every table form (rapidfuzz ``process.extractOne``, on the first 20,000 characters only).

    nice .venv/bin/python bench/terms_speed.py
"""

from __future__ import annotations

import json
import sys
import time
from pathlib import Path

SHARED = Path(__file__).resolve().parent.parent.parent / "shared"


def _texts() -> dict[str, str]:
    texts = {}
    memoir = SHARED / "data" / "memoir-ocr-dev.json"
    if memoir.exists():
        segs = json.loads(memoir.read_text(encoding="utf-8"))
        texts["memoir (bn, real OCR + clean)"] = "\n".join(s["ocr"] + "\n" + s["clean"] for s in segs)
    wiki = SHARED / "data" / "assamese-wikipedia-10k" / "sentences.txt"
    if wiki.exists():
        texts["Assamese Wikipedia (as)"] = wiki.read_text(encoding="utf-8")[:300_000]
    seeds = sorted((SHARED / "seeds").glob("00*.txt"))
    if seeds:
        texts["seeds 000-004 x20"] = "\n\n".join(p.read_text(encoding="utf-8") for p in seeds) * 20
    return texts


def main() -> int:
    from rapidfuzz import process
    from rapidfuzz.distance import Levenshtein

    from puthi.rules.terms import load_tables
    from puthi.rules.terms.align import TOKEN, Aligner

    texts = _texts()
    if not texts:
        print(f"skipped: {SHARED} not found", file=sys.stderr)
        return 0
    tables = load_tables()
    Aligner(tables).find("ধিস্তি বিস্তি")  # load the repair stage's lexicon and costs once
    forms = [f for e in tables.entries for f in e.forms]
    print(
        "| text | characters | tokenise only | naive all-forms edit distance | aligner cold | aligner warm "
        "| cold / naive |"
    )
    print("|---|---|---|---|---|---|---|")
    for name, text in texts.items():
        t0 = time.perf_counter()
        toks = [m.group() for m in TOKEN.finditer(text)]
        floor = len(text) / (time.perf_counter() - t0)
        sample = text[:20_000]
        t0 = time.perf_counter()
        for m in TOKEN.finditer(sample):
            process.extractOne(m.group(), forms, scorer=Levenshtein.normalized_distance)
        naive = len(sample) / (time.perf_counter() - t0)
        aligner = Aligner(tables)
        t0 = time.perf_counter()
        n = len(aligner.find(text))
        cold = len(text) / (time.perf_counter() - t0)
        t0 = time.perf_counter()
        aligner.find(text)
        warm = len(text) / (time.perf_counter() - t0)
        print(
            f"| {name} | {len(text):,} | {floor:,.0f}/s | {naive:,.0f}/s | {cold:,.0f}/s ({n} links) "
            f"| {warm:,.0f}/s | {cold / naive:.0f}x |"
        )
        del toks
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
