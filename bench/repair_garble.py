"""Benchmarks for the wrong-script repair (Bengali read by a Hindi OCR model).

1. **Synthetic**: lines of words from the held-out tenth of hunspell-bn (never rendered for training; see
   ``train_garble.is_heldout``), rendered in every installed Bengali font with random degradations, read by
   Tesseract ``hin``. Grapheme CER against the source of: the raw OCR, the offset-transliteration baseline
   (Devanagari code point + 0x80 = Bengali, what indic-nlp's ``UnicodeIndicTransliterator`` does), and the
   repair. The held-out words are split again by hash: ``dev`` lines were used to set the decoder's weights,
   ``test`` lines were not. Two conditions: the lexicon as shipped (it lists the held-out words: the channel
   never saw them, but the lexicon knows them), and ``unseen`` (held-out words removed from the lexicon and
   the language model too: the repair must spell words it has never seen).
2. **Seed 000**: the hand-made gold reading of its garbled runs (``tests/normalize/data/seed000_gold.json``);
   word accuracy of the repair and of the baseline on the ``dev`` half and, with ``--heldout``, the held-out
   half. Only ``sure`` and ``likely`` readings are scored.

Run: ``.venv/bin/python -m bench.repair_garble [--lines 96] [--heldout]``; ``--speed`` for the garble-only
speed figures (the rendered, OCR'd benchmark
pages are cached under ``~/.cache/puthi/garble``; the first run takes about two minutes).
"""

from __future__ import annotations

import argparse
import hashlib
import json
import math
import os
import random
import sys
import time
import unicodedata
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
SEEDS = ROOT.parent / "shared" / "seeds"
SEED000 = SEEDS / "000_768383804696228d.txt"
GOLD = ROOT / "tests" / "normalize" / "data" / "seed000_gold.json"
EDGE = "\"'“”‘’,;:?।॥()-–—…. "


def offset_transliterate(text: str) -> str:
    """Shift Devanagari code points to the Bengali block (+0x80), leaving everything else.

    >>> offset_transliterate("कब") == "কব"
    True
    """
    return "".join(chr(ord(c) + 0x80) if "\u0900" <= c <= "\u097f" else c for c in text)


def bench_split(word: str) -> str:
    """``dev`` or ``test`` half of the held-out words (a second hash byte)."""
    return "dev" if hashlib.sha1(word.encode("utf-8")).digest()[1] % 2 == 0 else "test"


def synthetic_pages(split: str, n_lines: int, seed: int, lines_per_page: int = 8) -> list[dict]:
    """Render and OCR benchmark pages of held-out words (cached); each ``{"src", "ocr", "font"}``."""
    from puthi.normalize.train_garble import cache_dir, is_heldout, make_lines, ocr_page, word_list
    from puthi.ocr.synth import Degradation, list_fonts, render

    path = cache_dir() / f"bench-{split}-{seed}-{n_lines}.jsonl"
    if path.exists():
        return [json.loads(x) for x in path.read_text(encoding="utf-8").splitlines()]
    os.environ.setdefault("OMP_THREAD_LIMIT", "1")
    words = [w for w in word_list() if is_heldout(w) and bench_split(w) == split]
    lines = make_lines(words, n_lines, seed)
    fonts = list_fonts()
    rng = random.Random(seed)
    pages = []
    for k in range(0, len(lines), lines_per_page):
        font = fonts[(k // lines_per_page) % len(fonts)]
        page = [ln for ln in lines[k: k + lines_per_page] if font.covers(ln)]
        degrade = Degradation.random(seed + k, strength=rng.uniform(0.1, 0.6))
        degrade = Degradation(**{**degrade.__dict__, "skew": 0.0})
        sample = render("\n".join(page), font, size=rng.randint(28, 44), seed=seed + k, degrade=degrade)
        pages.append({"src": "\n".join(page), "ocr": "\n".join(ocr_page(sample.image, "hin")), "font": font.name})
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text("".join(json.dumps(p, ensure_ascii=False) + "\n" for p in pages), encoding="utf-8")
    return pages


def repair_text(text: str, decoder) -> str:
    from puthi.normalize.garble import apply_edits, fix_line

    return "\n".join(apply_edits(line, fix_line(line, decoder)) for line in text.split("\n"))


def corpus_cer(refs: list[str], hyps: list[str]) -> float:
    from rapidfuzz.distance import Levenshtein

    from puthi.ocr.metrics import graphemes, normalize

    errors = n = 0
    for r, h in zip(refs, hyps, strict=True):
        rg, hg = graphemes(normalize(r)), graphemes(normalize(h))
        codes: dict[str, int] = {}
        errors += Levenshtein.distance([codes.setdefault(g, len(codes)) for g in rg],
                                       [codes.setdefault(g, len(codes)) for g in hg])
        n += len(rg)
    return errors / max(n, 1)


def run_synthetic(split: str, n_lines: int, seed: int) -> dict:
    from puthi.normalize.garble import _lexicon_words, build_decoder, default_decoder
    from puthi.normalize.train_garble import is_heldout

    pages = synthetic_pages(split, n_lines, seed)
    refs = [p["src"] for p in pages]
    raw = [p["ocr"] for p in pages]
    result = {"split": split, "pages": len(pages), "lines": n_lines, "fonts": len({p["font"] for p in pages}),
              "words": sum(len(r.split()) for r in refs),
              "cer_raw": corpus_cer(refs, raw),
              "cer_offset_baseline": corpus_cer(refs, [offset_transliterate(x) for x in raw])}
    started = time.monotonic()
    result["cer_repair"] = corpus_cer(refs, [repair_text(x, default_decoder()) for x in raw])
    result["seconds_repair"] = time.monotonic() - started
    unseen = build_decoder({w: f for w, f in _lexicon_words().items() if not is_heldout(w)})
    result["cer_repair_unseen"] = corpus_cer(refs, [repair_text(x, unseen) for x in raw])
    return result


def _override_config(settings: list[str]) -> None:
    """Make the default decoder use other DecoderConfig fields (``name=value``), for trying settings."""
    import dataclasses

    from puthi.normalize import garble

    base = garble.default_decoder()
    fields = {f.name: f.type for f in dataclasses.fields(base.config)}
    changes = {}
    for item in settings:
        name, _, value = item.partition("=")
        if name not in fields:
            raise SystemExit(f"--set {item}: no such DecoderConfig field; choose from {', '.join(fields)}")
        kind = str(fields[name])
        try:
            changes[name] = (int(value) if kind == "int" else tuple(float(v) for v in value.split(","))
                             if "tuple" in kind else float(value))
        except ValueError:
            raise SystemExit(f"--set {item}: {name} takes {kind} values") from None
    try:
        tuned = base.variant(config=dataclasses.replace(base.config, **changes))
    except ValueError as err:
        raise SystemExit(f"--set: {err}") from None
    garble.default_decoder = lambda: tuned


def _aligned_tokens(split: str, n_lines: int, seed: int):
    """(page, source word, garbled token) for the lines whose OCR has as many tokens as the source (so that
    token i is word i), numbers left out."""
    from puthi.normalize.garble import is_numeric

    for page in synthetic_pages(split, n_lines, seed):
        for src, ocr in zip(page["src"].split("\n"), page["ocr"].split("\n"), strict=False):
            if len(src.split()) != len(ocr.split()):
                continue
            for word, token in zip(src.split(), ocr.split(), strict=True):
                if not (is_numeric(token) or any(ch.isdigit() for ch in word)):
                    yield page, word, token


def calibration_table(split: str, n_lines: int, seed: int, bins: int = 5) -> list[str]:
    """How often the decoder's first reading is the source word, per band of the confidence ``fix_line``
    gives its edit (the calibrated share), with the expected calibration error (the gap between confidence
    and accuracy, weighted by the words in each band), the Brier score, and the calibration these words'
    raw shares would fit."""
    from puthi.normalize.garble import default_decoder, logit, sigmoid

    decoder = default_decoder()
    slope, intercept = decoder.config.calibration
    raw = []
    for _, word, token in _aligned_tokens(split, n_lines, seed):
        readings = decoder.decode(token)
        if readings:
            raw.append((readings[0][1], readings[0][0] == word))
    pairs = [(sigmoid(slope * logit(p) + intercept), ok) for p, ok in raw]  # the confidence fix_line gives
    rows = [f"{split} split, {len(pairs)} words, calibration {decoder.config.calibration}",
            "| confidence | words | mean confidence | right |", "|---|---|---|---|"]
    ece = 0.0
    for b in range(bins):
        lo, hi = b / bins, (b + 1) / bins
        band = [(p, ok) for p, ok in pairs if lo <= p < hi or (b == bins - 1 and p == 1.0)]
        if not band:
            continue
        conf = sum(p for p, _ in band) / len(band)
        acc = sum(ok for _, ok in band) / len(band)
        ece += len(band) / len(pairs) * abs(conf - acc)
        rows.append(f"| {lo:.1f}-{hi:.1f} | {len(band)} | {conf:.3f} | {acc:.3f} |")
    brier = sum((p - ok) ** 2 for p, ok in pairs) / max(len(pairs), 1)
    mean = sum(p for p, _ in pairs) / max(len(pairs), 1)
    right = sum(ok for _, ok in pairs) / max(len(pairs), 1)
    rows.append(f"mean confidence {mean:.3f}, right {right:.3f}, ECE {ece:.3f}, Brier {brier:.3f}")
    fa, fb = fit_platt(raw)
    rows.append(f"calibration fitted on these words' raw shares: ({fa:.3f}, {fb:.3f})")
    return rows


def fit_platt(pairs: list[tuple[float, bool]]) -> tuple[float, float]:
    """Slope and intercept of P(right) = sigmoid(a * logit(p) + b) with the least log-loss, on a grid
    (slope 0.02 to 2, intercept -4 to 2): two numbers, searched plainly."""
    from puthi.normalize.garble import logit, sigmoid

    xs = [(logit(p), ok) for p, ok in pairs]

    def loss(a: float, b: float) -> float:
        return -sum(math.log(max(q if ok else 1 - q, 1e-12)) for x, ok in xs for q in (sigmoid(a * x + b),))

    grid = [(loss(a / 50, b / 20), a / 50, b / 20) for a in range(1, 101) for b in range(-80, 41)]
    _, a, b = min(grid)
    if a in (0.02, 2.0) or b in (-4.0, 2.0):
        print(f"note: the best calibration ({a}, {b}) is on the edge of the grid searched", file=sys.stderr)
    return round(a, 2), round(b, 2)


def rank_table(split: str, n_lines: int, seed: int) -> list[str]:
    """Where the source word ranks among the decoder's readings of its garbled token, for the lines whose
    OCR has as many tokens as the source (so that token i is word i), in all and per font."""
    from collections import Counter, defaultdict

    from puthi.normalize.garble import default_decoder

    decoder = default_decoder()
    bands = ("first", "2nd-5th", "6th-50th", "below 50th", "not read at all")
    per_font: dict[str, Counter] = defaultdict(Counter)
    for page, word, token in _aligned_tokens(split, n_lines, seed):
        found = [w for _, w, _ in decoder.scored(token)]
        r = found.index(word) if word in found else -1
        band = 4 if r < 0 else 0 if r == 0 else 1 if r < 5 else 2 if r < 50 else 3
        per_font[page["font"]][bands[band]] += 1
    total = sum(per_font.values(), Counter())
    rows = [f"{split} split, {sum(total.values())} words aligned one to one with their token",
            "| font | words | " + " | ".join(bands) + " |", "|---|---|" + "---|" * len(bands)]
    for font, c in [*sorted(per_font.items()), ("**all**", total)]:
        n = sum(c.values())
        rows.append(f"| {font} | {n} | " + " | ".join(f"{c[b] / n:.3f}" for b in bands) + " |")
    return rows


def _words(text: str) -> list[str]:
    return [w.strip(EDGE) for w in unicodedata.normalize("NFC", text).split() if w.strip(EDGE)]


def run_seed(split: str) -> dict:
    from puthi.normalize.edits import apply_edits
    from puthi.normalize.garble import fix_line
    from puthi.normalize.repair import document_words

    if not SEED000.exists() or not GOLD.exists():
        return {"skipped": f"{SEED000} or {GOLD} not found"}
    text = SEED000.read_text(encoding="utf-8")
    lines = text.split("\n")
    document = document_words(text)  # as puthi repair reads it: the words the page spells in clean text
    edits = [fix_line(line, document=document) for line in lines]
    gold = json.loads(GOLD.read_text(encoding="utf-8"))["runs"]
    scored = [g for g in gold if g["split"] == split and g["certainty"] in ("sure", "likely")]
    hits = base_hits = n = 0
    rows = []
    confidences = []  # (edit confidence, right) for runs repaired by one edit
    for g in scored:
        line = lines[g["line"]]
        s, e = g["line_start"], g["line_end"]
        inside = [x.shifted(-s) for x in edits[g["line"]] if x.start >= s and x.end <= e]
        got = apply_edits(line[s:e], inside)
        want, have, base = _words(g["reading"]), _words(got), _words(offset_transliterate(line[s:e]))
        if not want:  # a punctuation mark read as a letter (i for the danda): compare the marks themselves
            want, have, base = [g["reading"]], [got], [offset_transliterate(line[s:e])]
        ok = sum(a == b for a, b in zip(want, have, strict=False))
        hits += ok
        base_hits += sum(a == b for a, b in zip(want, base, strict=False))
        n += len(want)
        rows.append((g["garbled"], g["reading"], got, ok == len(want)))
        if len(inside) == 1 and not inside[0].after.isdigit():  # words only: numbers keep their own confidence
            confidences.append((inside[0].confidence, ok == len(want)))
    return {"split": split, "tokens": len(scored), "words": n, "word_accuracy": hits / max(n, 1),
            "baseline_word_accuracy": base_hits / max(n, 1), "rows": rows, "confidences": confidences}


def run_speed(repeat: int = 20) -> dict:
    """Garble-only speed, single process: the decoder build (warm-up), cold decoding of distinct tokens (the
    seed's garbled tokens and the synthetic test tokens, per-token cache emptied), and ``fix_line`` over seed
    000 repeated ``repeat`` times (after one warm-up pass: later copies hit the per-token cache, as the
    repeated words of a book do)."""
    from puthi.normalize.garble import default_decoder, find_garbled, fix_line

    started = time.perf_counter()
    dec = default_decoder()
    result = {"warm_up_seconds": time.perf_counter() - started}
    if not SEED000.exists():
        return result
    lines = SEED000.read_text(encoding="utf-8").split("\n")
    distinct = list(dict.fromkeys(s.text for ln in lines for s in find_garbled(ln)))
    distinct += [t for p in synthetic_pages("test", 96, 7) for t in p["ocr"].split() if t not in distinct]
    dec._cache.clear()
    started = time.perf_counter()
    for t in distinct:
        dec.decode(t)
    result["cold_tokens"] = len(distinct)
    result["cold_tokens_per_s"] = len(distinct) / (time.perf_counter() - started)
    dec._cache.clear()
    for ln in lines:
        fix_line(ln, dec)
    garbled = sum(len(find_garbled(ln)) for ln in lines) * repeat
    words = sum(len(ln.split()) for ln in lines) * repeat
    started = time.perf_counter()
    for _ in range(repeat):
        for ln in lines:
            fix_line(ln, dec)
    seconds = time.perf_counter() - started
    result.update(repeated_garbled_per_s=garbled / seconds, repeated_words_per_s=words / seconds,
                  repeated_garbled=garbled)
    return result


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(prog="python -m bench.repair_garble", description=__doc__.split("\n")[0])
    ap.add_argument("--lines", type=int, default=96, help="benchmark lines per split (default 96)")
    ap.add_argument("--seed", type=int, default=7)
    ap.add_argument("--split", choices=["dev", "test"], default="test", help="synthetic split to report")
    ap.add_argument("--heldout", action="store_true", help="also score the held-out half of the seed gold")
    ap.add_argument("--show", action="store_true", help="print each seed token with its reading")
    ap.add_argument("--speed", action="store_true", help="only the garble-only speed figures")
    ap.add_argument("--ranks", action="store_true",
                    help="only: where the true word ranks among the readings, per font (use --split dev)")
    ap.add_argument("--calibration", action="store_true",
                    help="only: how often an edit of each confidence is right (reliability table, ECE)")
    ap.add_argument("--set", action="append", default=[], metavar="FIELD=VALUE",
                    help="a DecoderConfig field for the repair row, e.g. --set lexicon_beam=48 (dev split only!)")
    args = ap.parse_args(argv)
    if args.set:
        _override_config(args.set)
    if args.ranks:
        for row in rank_table(args.split, args.lines, args.seed):
            print(row)
        return 0
    if args.calibration:
        for row in calibration_table(args.split, args.lines, args.seed):
            print(row)
        for split in ["dev", "heldout"] if args.heldout else ["dev"]:
            pairs = run_seed(split).get("confidences", [])
            if pairs:
                mean = sum(p for p, _ in pairs) / len(pairs)
                right = sum(ok for _, ok in pairs) / len(pairs)
                low = [ok for p, ok in pairs if p < 0.4]
                print(f"seed 000 {split}: {len(pairs)} words repaired by one edit: mean confidence {mean:.3f}, "
                      f"right {right:.3f}; below 0.4: {len(low)} edits, right {sum(low)}; "
                      f"0.6 or more: {sum(p >= 0.6 for p, _ in pairs)} edits")
        return 0
    if args.speed:
        sp = run_speed()
        print(f"decoder build (warm-up): {sp['warm_up_seconds']:.1f} s")
        if "cold_tokens" in sp:
            print(f"cold, distinct tokens: {sp['cold_tokens']} tokens, {sp['cold_tokens_per_s']:.0f} tokens/s")
            print(f"seed 000 repeated (after warm-up): {sp['repeated_garbled']} garbled tokens, "
                  f"{sp['repeated_garbled_per_s']:,.0f} garbled tokens/s ({sp['repeated_words_per_s']:,.0f} words/s)")
        return 0
    syn = run_synthetic(args.split, args.lines, args.seed)
    ratio = syn["cer_repair"] / syn["cer_offset_baseline"]
    print(f"synthetic ({syn['split']}, {syn['words']} held-out words, {syn['pages']} pages, {syn['fonts']} fonts):")
    print(f"  CER raw hin OCR        {syn['cer_raw']:.3f}")
    print(f"  CER offset baseline    {syn['cer_offset_baseline']:.3f}")
    print(f"  CER repair             {syn['cer_repair']:.3f}  (ratio to baseline {ratio:.2f}; "
          f"{syn['words'] / syn['seconds_repair']:.0f} words/s)")
    print(f"  CER repair, unseen     {syn['cer_repair_unseen']:.3f}  (held-out words not in lexicon or LM)")
    for split in ["dev", "heldout"] if args.heldout else ["dev"]:
        r = run_seed(split)
        if "skipped" in r:
            print(f"seed 000: skipped: {r['skipped']}", file=sys.stderr)
            break
        print(f"seed 000 {split}: {r['tokens']} garbled tokens, {r['words']} words: word accuracy "
              f"{r['word_accuracy']:.3f} (offset baseline {r['baseline_word_accuracy']:.3f})")
        if args.show:
            for garbled, want, got, ok in r["rows"]:
                print(f"    {'ok ' if ok else 'BAD'} {garbled}\t{want}\t{got}")
    return 0


if __name__ == "__main__":
    sys.path.insert(0, str(ROOT))
    raise SystemExit(main())
