"""Benchmark 1 of issue 4: precision and recall of the term aligner against hand annotations.

Gold: ``bench/data/terms_gold/NNN.tsv`` (seeds 000 real OCR, 002 and 003 clean; see ``terms_gold.py``).
A prediction is right when it has the gold concept and overlaps the gold span (one-to-one); exact
boundaries are reported apart. The held-out part (second half of each seed) was not looked at while
tuning; run with ``--split tune`` while tuning and ``--split heldout`` for the figures to report.

    .venv/bin/python bench/terms_accuracy.py --split heldout
"""

from __future__ import annotations

import argparse
import itertools
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from terms_gold import KIND, SEEDS, SEEDS_DIR, load_gold, seed_text, split_point

from puthi.rules.terms import find_terms


def score(seed: str, split: str, min_score: float, show: bool, repaired: bool = False) -> tuple[int, int, int, int]:
    text = seed_text(seed)
    cut = split_point(text)
    lo, hi = (0, cut) if split == "tune" else (cut, len(text))
    gold = [g for g in load_gold(seed) if g.split == split]
    for g in gold:
        assert text[g.start : g.end] == g.surface, f"{seed}: gold {g} does not match the seed text"
    found = found_after_repair(text, min_score) if repaired else find_terms(text, min_score=min_score)
    pred = [p for p in found if lo <= p.start < hi]
    matched, exact, misses, false = compare(gold, pred)
    if show:
        for g in misses:
            print(f"  miss {seed} {g.start}-{g.end} {g.surface!r} {g.concept}")
        for p in false:
            print(f"  false {seed} {p.start}-{p.end} {p.surface!r} {p.concept} {p.score}")
    return len(gold), len(pred), matched, exact


def found_after_repair(text: str, min_score: float) -> list:
    """The links ``puthi terms --repair`` reports: found in the repaired text, moved back onto ``text`` (its
    offsets and surfaces), each scored no surer than the repair under it."""
    from types import SimpleNamespace

    from puthi.corpus.cmd_terms import TERM_KEYS, back_to_input
    from puthi.normalize.repair import repair_text

    fixed = repair_text(text, lang="auto")
    records = [(s.start, {k: getattr(s, k) for k in TERM_KEYS}) for s in find_terms(fixed.text, min_score=min_score)]
    return [SimpleNamespace(**rec) for _, rec in back_to_input(records, fixed.edits, text, min_score)]


def compare(gold: list, pred: list) -> tuple[int, int, list, list]:
    """Right links, right links with exact boundaries, missed gold and false links. A link is right when
    it has the gold concept and overlaps the gold span, one to one."""
    used: set[int] = set()
    matched = exact = 0
    misses = []
    for g in gold:
        hit = next(
            (
                k
                for k, p in enumerate(pred)
                if k not in used and p.concept == g.concept and p.start < g.end and g.start < p.end
            ),
            None,
        )
        if hit is None:
            misses.append(g)
            continue
        used.add(hit)
        matched += 1
        exact += pred[hit].start == g.start and pred[hit].end == g.end
    return matched, exact, misses, [p for k, p in enumerate(pred) if k not in used]


BANDS = (0.3, 0.5, 0.7, 0.9, 1.01)


def score_bands(split: str) -> list[str]:
    """Links found down to score 0.3, per band of score: how many, and how many the gold has."""
    rows = [f"split {split}: links found down to score 0.3, by score",
            "| text | " + " | ".join(f"{lo:.1f}-{min(hi, 1.0):.1f}" for lo, hi in itertools.pairwise(BANDS)) + " |",
            "|---|" + "---|" * (len(BANDS) - 1)]
    for kind in dict.fromkeys(KIND.values()):
        right = [0] * (len(BANDS) - 1)
        found = [0] * (len(BANDS) - 1)
        for seed in (s for s in SEEDS if KIND[s] == kind):
            text = seed_text(seed)
            cut = split_point(text)
            lo, hi = (0, cut) if split == "tune" else (cut, len(text))
            gold = [g for g in load_gold(seed) if g.split == split]
            pred = [p for p in find_terms(text, min_score=BANDS[0]) if lo <= p.start < hi]
            _, _, _, false = compare(gold, pred)
            wrong = {id(p) for p in false}
            for p in pred:
                band = next(k for k in range(len(BANDS) - 1) if p.score < BANDS[k + 1])
                found[band] += 1
                right[band] += id(p) not in wrong
        rows.append(f"| {kind} | " + " | ".join(f"{r}/{f}" for r, f in zip(right, found, strict=True)) + " |")
    return rows


def _row(seed: str, kind: str, g: int, p: int, m: int, x: int) -> str:
    prec, rec, exact = m / max(p, 1), m / max(g, 1), x / max(m, 1)
    return f"| {seed} | {kind} | {g} | {p} | {m} | {prec:.3f} | {rec:.3f} | {exact:.3f} |"


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--split", choices=("tune", "heldout"), required=True)
    ap.add_argument("--min-score", type=float, default=0.5)
    ap.add_argument("--show", action="store_true", help="list misses and false links (tune split only!)")
    ap.add_argument("--repaired", action="store_true",
                    help="align as puthi terms --repair does: in the repaired text, reported on the input")
    ap.add_argument("--bands", action="store_true",
                    help="only: how often a link of each score is right, down to score 0.3 (use --split tune)")
    args = ap.parse_args(argv)
    if seed_text("000") is None:
        print(f"skipped: the seeds are not in {SEEDS_DIR}", file=sys.stderr)
        return 0
    if args.bands:
        if args.repaired:
            ap.error("--bands reads the texts as they are; leave out --repaired")
        for row in score_bands(args.split):
            print(row)
        return 0
    totals: dict[str, list[int]] = {}
    print(f"split {args.split}, min score {args.min_score}")
    print("| seed | text | gold | predicted | right | precision | recall | exact boundaries |")
    print("|---|---|---|---|---|---|---|---|")
    for seed in SEEDS:
        g, p, m, x = score(seed, args.split, args.min_score, args.show, args.repaired)
        t = totals.setdefault(KIND[seed], [0, 0, 0, 0])
        for k, v in enumerate((g, p, m, x)):
            t[k] += v
        print(_row(seed, KIND[seed], g, p, m, x))
    for kind, (g, p, m, x) in totals.items():
        print(_row("all", kind, g, p, m, x))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
