"""Benchmark 3: repair of real Tesseract ``ben`` output of a modern printed memoir.

``../shared/data/memoir-ocr-dev.json`` has 18 segments, raw OCR against the human-corrected pages (CER
12.4 %). Segments 12-17 are held out: they were never looked at while the repair was tuned (the confusion
table is learned from segments 0-11 only). Reports CER of raw and repaired OCR (grapheme CER of
:mod:`puthi.ocr.metrics`), their ratio, and how many segments and lines got worse. Lines are matched by
aligning each OCR line to the clean text of its segment is not possible 1:1, so "lines made worse" counts
OCR lines whose repair raised the segment's edit distance (each changed line is scored alone against the
segment, holding the others fixed).

English passages that Tesseract ``ben`` turned into digit soup are read back by
:mod:`puthi.normalize.noise` (``--no-english`` skips that pass; ``--english-confidence X`` sets its
threshold). ``--sweep`` prints the CER of the English pass alone at several thresholds, and how many of
its readings are the right word (on the (English word, soup token) pairs that
:func:`puthi.normalize.noise.english_word_pairs` can pair up in the split).

The memoir is repaired as one book, as ``puthi repair`` would read it, so that document-level rules (a
watermark read as soup on every page: :mod:`puthi.normalize.furniture`) see all its pages; each segment is
then scored alone. ``--per-segment`` repairs each segment on its own instead (one or two pages each).

Run: ``.venv/bin/python -m bench.repair_memoir [--split dev|heldout|all] [--no-garble] [--no-english]
[--english-confidence X] [--sweep] [--per-segment]``
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path

from rapidfuzz.distance import Levenshtein

from puthi.normalize import noise
from puthi.normalize.repair import repair_text

DATA = Path(__file__).resolve().parents[1] / ".." / "shared" / "data" / "memoir-ocr-dev.json"
HELD_OUT = range(12, 18)


def _metrics():
    try:
        from puthi.ocr import metrics

        return metrics.graphemes, metrics.normalize
    except ImportError:  # before puthi.ocr.metrics existed: the same definition, locally
        import unicodedata

        import regex

        return (lambda t: regex.findall(r"\X", t)), (lambda t: " ".join(unicodedata.normalize("NFC", t).split()))


GRAPHEMES, NORMALIZE = _metrics()


def distance(reference: str, hypothesis: str) -> tuple[int, int]:
    """(grapheme edit distance, reference length) after NFC and whitespace collapsing."""
    ref, hyp = GRAPHEMES(NORMALIZE(reference)), GRAPHEMES(NORMALIZE(hypothesis))
    codes: dict[str, int] = {}
    a = [codes.setdefault(g, len(codes)) for g in ref]
    b = [codes.setdefault(g, len(codes)) for g in hyp]
    return Levenshtein.distance(a, b), len(a)


def repaired_segments(segments: list[dict], book: bool = True, lang: str = "bn", **options) -> list[tuple[str, int]]:
    """Each segment's repaired text and edit count.

    ``book=True`` repairs the memoir as one text, as ``puthi repair book.txt`` would (document-level rules
    such as :mod:`puthi.normalize.furniture` see every page), then cuts it back into segments;
    ``book=False`` repairs each segment alone.
    """
    if not book:
        return [(r.text, len(r.edits)) for r in (repair_text(seg["ocr"], lang=lang, **options) for seg in segments)]
    whole = repair_text("\n".join(seg["ocr"] for seg in segments), lang=lang, **options)
    lines = whole.text.split("\n")
    out, start, offset = [], 0, 0
    for seg in segments:
        n = seg["ocr"].count("\n") + 1
        end = offset + len(seg["ocr"])
        edits = sum(offset <= e.start and e.end <= end for e in whole.edits)
        out.append(("\n".join(lines[start:start + n]), edits))
        start, offset = start + n, end + 1
    return out


COLUMNS = "raw CER | repaired CER | ratio | errors fixed | edits | lines changed | lines worse | {unit}s worse/better"


def cells(r: dict) -> str:
    """The figures of :func:`evaluate`'s result ``r`` as the table cells of :data:`COLUMNS`."""
    return (f"{r['raw_cer']:.2%} | {r['repaired_cer']:.2%} | {r['ratio']:.3f} | {r['errors_fixed']} | {r['edits']} | "
            f"{r['changed_lines']} | {r['worse_lines']} | {r['worse_segments']}/{r['better_segments']}")


def evaluate(segments: list[dict], ids: list[int], repaired: list[tuple[str, int]]) -> dict:
    """Scores of the segments ``ids`` of ``repaired`` (:func:`repaired_segments`) against the references."""
    raw_err = rep_err = n = 0
    worse_segments = better_segments = worse_lines = changed_lines = n_edits = 0
    for k in ids:
        seg = segments[k]
        text, edits = repaired[k]
        n_edits += edits
        d_raw, length = distance(seg["clean"], seg["ocr"])
        d_rep, _ = distance(seg["clean"], text)
        raw_err, rep_err, n = raw_err + d_raw, rep_err + d_rep, n + length
        worse_segments += d_rep > d_raw
        better_segments += d_rep < d_raw
        raw_lines, rep_lines = seg["ocr"].split("\n"), text.split("\n")
        for i, (a, b) in enumerate(zip(raw_lines, rep_lines, strict=True)):
            if a == b:
                continue
            changed_lines += 1
            alone = "\n".join([*raw_lines[:i], b, *raw_lines[i + 1 :]])
            worse_lines += distance(seg["clean"], alone)[0] > d_raw
    return {
        "segments": len(ids), "raw_cer": raw_err / n, "repaired_cer": rep_err / n, "ratio": rep_err / raw_err,
        "errors_fixed": raw_err - rep_err, "edits": n_edits, "changed_lines": changed_lines,
        "worse_lines": worse_lines, "worse_segments": worse_segments, "better_segments": better_segments,
    }


def readings(segments: list[dict], ids: list[int], thresholds: list[float]) -> list[dict]:
    """For each threshold: readings proposed and right (exactly, and ignoring case) on the split's word pairs."""
    reader = noise.default_reader()
    pairs = [p for k in ids for p in noise.english_word_pairs(segments[k]["clean"], segments[k]["ocr"])]
    read = [(english, reader.read(soup)) for english, soup in pairs]
    rows = []
    for t in thresholds:
        chosen = [(e, r) for e, r in read if r is not None and r.confidence >= t]
        rows.append({"threshold": t, "pairs": len(pairs), "proposed": len(chosen),
                     "right": sum(r.word == e for e, r in chosen),
                     "right_nocase": sum(r.word.lower() == e.lower() for e, r in chosen)})
    return rows


def sweep(segments: list[dict], splits: dict[str, list[int]], names: list[str]) -> None:
    """Normalise + correct + English readings at several thresholds (1.01 = no readings), without garble."""
    thresholds = [0.0, 0.1, 0.2, 0.3, 0.5, 0.7, 1.01]
    print("| split | threshold | CER ratio | lines worse | word pairs | readings | right | right ignoring case |")
    print("|---|---|---|---|---|---|---|---|")
    repaired = {t: repaired_segments(segments, garble=False, english=True, english_confidence=t) for t in thresholds}
    for name in names:
        counts = {row["threshold"]: row for row in readings(segments, splits[name], thresholds)}
        for t in thresholds:
            r = evaluate(segments, splits[name], repaired[t])
            c = counts[t]
            print(f"| {name} | {t:g} | {r['ratio']:.3f} | {r['worse_lines']} | {c['pairs']} | {c['proposed']} | "
                  f"{c['right']} | {c['right_nocase']} |")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--split", choices=["dev", "heldout", "all"], default="all")
    parser.add_argument("--no-garble", action="store_true", help="skip the wrong-script pass (puthi.normalize.garble)")
    parser.add_argument("--no-english", action="store_true", help="skip reading digit soup as English")
    parser.add_argument("--english-confidence", type=float, default=noise.MIN_CONFIDENCE,
                        help=f"threshold of the English readings (default {noise.MIN_CONFIDENCE})")
    parser.add_argument("--sweep", action="store_true", help="CER and reading accuracy at several thresholds")
    parser.add_argument("--per-segment", action="store_true",
                        help="repair each segment alone instead of the memoir as one book")
    args = parser.parse_args(argv)
    if not DATA.exists():
        print(f"skipped: {DATA} not found (needs ../shared/data beside the repository)", file=sys.stderr)
        return 0
    segments = json.loads(DATA.read_text(encoding="utf-8"))
    splits = {"dev": [k for k in range(len(segments)) if k not in HELD_OUT], "heldout": list(HELD_OUT)}
    splits["all"] = list(range(len(segments)))
    names = ["dev", "heldout", "all"] if args.split == "all" else [args.split]
    if args.sweep:
        sweep(segments, splits, names)
        return 0
    print(f"| split | segments | {COLUMNS.format(unit='segment')} |")
    print("|---|---|---|---|---|---|---|---|---|---|")
    repaired = repaired_segments(segments, book=not args.per_segment, garble=not args.no_garble,
                                 english=not args.no_english, english_confidence=args.english_confidence)
    for name in names:
        r = evaluate(segments, splits[name], repaired)
        print(f"| {name} | {r['segments']} | {cells(r)} |")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
