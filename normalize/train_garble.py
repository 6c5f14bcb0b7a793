"""Learn the wrong-script channel: how a Hindi OCR model reads printed Bengali.

``python -m puthi.normalize.train_garble`` renders clean Bengali lines (words from the hunspell-bn word list,
never the held-out tenth, and Bengali numbers) with every installed Bengali font at random sizes and
degradations (:mod:`puthi.ocr.synth`), reads each page with Tesseract ``hin`` and, for a quarter of the pages,
``hin+eng`` (which gives Latin look-alikes such as ``c`` for ে), pairs the words line by line, and learns a
segment-to-segment channel model P(garble segment | Bengali segment) in visual order by EM over all
monotone segmentations (a joint multigram, after Deligne & Bimbot 1995 and the m2m-aligner of
Jiampojamarn et al. 2007). It writes ``normalize/data/garble_channel.tsv``; the rendered pairs stay in the
cache folder (``~/.cache/puthi/garble`` or ``$PUTHI_CACHE``), out of git. It also writes
``normalize/data/hi_garble_words.tsv``: the Hindi words that ``hin`` wrote for Bengali words often, which
are no evidence of real Hindi (:mod:`puthi.normalize.hindi`); ``--hindi-words`` writes only that file.

Everything is seeded: the same seed, fonts and Tesseract give the same pairs and the same table.

>>> pairs = [("কা", "का"), ("কাকা", "काका")]
>>> table = train_channel(pairs, iterations=3)
>>> max(table[("কা", "का")], table.get(("ক", "क"), 0.0)) > 0
True
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
from collections import Counter, defaultdict
from collections.abc import Iterable, Iterator
from pathlib import Path

from puthi.normalize.garble import ADAPT_SHARE, SEED_DEV_TSV, read_joint
from puthi.normalize.garble_visual import devanagari_to_visual, to_visual

DATA = Path(__file__).resolve().parent / "data"
CHANNEL_TSV = DATA / "garble_channel.tsv"
GARBLE_WORDS_TSV = DATA / "hi_garble_words.tsv"
#: A Hindi word ``hin`` wrote for a Bengali word at least this often in the training pages is listed.
GARBLE_WORD_MIN = 5
HUNSPELL = Path("/usr/share/hunspell/bn_BD.dic")
BENGALI_DIGITS = "০১২৩৪৫৬৭৮৯"
#: Longest Bengali and garble segment the channel learns (code points, visual order).
MAX_SRC, MAX_TGT = 3, 3
#: Expected counts of a dropped or invented glyph are scaled by this in each M step, so that EM explains a
#: garble character by a Bengali one when it can, instead of deleting one and inventing the other.
NULL_DISCOUNT = 0.3


def cache_dir() -> Path:
    """Where generated training data goes: ``$PUTHI_CACHE/garble`` or ``~/.cache/puthi/garble``."""
    root = os.environ.get("PUTHI_CACHE") or str(Path.home() / ".cache" / "puthi")
    return Path(root) / "garble"


def is_heldout(word: str) -> bool:
    """True for the tenth of the word list kept out of training, for the benchmark (a hash, so stable).

    >>> sum(is_heldout(str(i)) for i in range(1000)) in range(70, 130)
    True
    """
    return hashlib.sha1(word.encode("utf-8")).digest()[0] % 10 == 0


def _is_bengali_word(word: str) -> bool:
    return bool(word) and all("\u0980" <= c <= "\u09ff" or c in "\u200c\u200d" for c in word)


def word_list(path: Path = HUNSPELL) -> list[str]:
    """The Bengali words of a hunspell ``.dic`` file (NFC, affix flags dropped), in file order."""
    if not path.exists():
        sys.exit(f"{path}: hunspell-bn word list not found; run: apt-get install hunspell-bn")
    words = []
    for line in path.read_text(encoding="utf-8").splitlines()[1:]:
        w = unicodedata.normalize("NFC", line.split("/", 1)[0].strip()).replace("\u200c", "")
        if _is_bengali_word(w) and 2 <= len(w) <= 14:
            words.append(w)
    return list(dict.fromkeys(words))


def training_words(words: Iterable[str]) -> list[str]:
    return [w for w in words if not is_heldout(w)]


def _number(rng: random.Random) -> str:
    n = rng.choice([rng.randint(0, 9), rng.randint(10, 99), rng.randint(100, 999), rng.randint(10, 90) * 10])
    return "".join(BENGALI_DIGITS[int(d)] for d in str(n))


def make_lines(words: list[str], n: int, seed: int, per_line: int = 5) -> list[str]:
    """``n`` lines of ``per_line`` random words; about one line in six also carries a Bengali number.

    >>> make_lines(["তাস", "খেলা", "পিঠ"], 2, seed=1, per_line=2) == make_lines(["তাস", "খেলা", "পিঠ"], 2, 1, 2)
    True
    """
    rng = random.Random(seed)
    lines = []
    for _ in range(n):
        line = [rng.choice(words) for _ in range(per_line)]
        if rng.random() < 0.17:
            line.insert(rng.randrange(len(line) + 1), _number(rng))
        lines.append(" ".join(line))
    return lines


def ocr_page(image, lang: str) -> list[str]:
    """The non-blank lines Tesseract reads on a synthetic page (``--psm 6``: one block of lines)."""
    import pytesseract

    text = pytesseract.image_to_string(image, lang=lang, config="--psm 6", timeout=120)
    return [ln.strip() for ln in text.splitlines() if ln.strip()]


def generate_pairs(n_lines: int, seed: int, lines_per_page: int = 16, eng_share: float = 0.25,
                   log=print) -> Iterator[dict]:
    """Render, degrade and OCR training lines; yield ``{"src", "ocr", "lang", "font"}`` per paired word.

    Pages whose line count the OCR gets wrong are skipped, and so are lines whose word count differs.
    """
    from puthi.ocr.synth import Degradation, list_fonts, render

    words = training_words(word_list())
    fonts = list_fonts()
    rng = random.Random(seed)
    lines = make_lines(words, n_lines, seed)
    pages = [lines[i: i + lines_per_page] for i in range(0, len(lines), lines_per_page)]
    started = time.monotonic()
    kept = 0
    for k, page in enumerate(pages):
        font = fonts[k % len(fonts)]
        page = [ln for ln in page if font.covers(ln)]
        if not page:
            continue
        degrade = Degradation.random(seed * 100_003 + k, strength=rng.uniform(0.1, 0.6))
        degrade = Degradation(**{**degrade.__dict__, "skew": 0.0})  # skewed pages break the line pairing
        sample = render("\n".join(page), font, size=rng.randint(28, 44), seed=seed + k, degrade=degrade)
        lang = "hin+eng" if rng.random() < eng_share else "hin"
        read = ocr_page(sample.image, lang)
        if len(read) != len(page):
            continue
        for src_line, ocr_line in zip(page, read, strict=True):
            src_words, ocr_words = src_line.split(), ocr_line.split()
            if len(src_words) != len(ocr_words):
                continue
            for s, o in zip(src_words, ocr_words, strict=True):
                kept += 1
                yield {"src": s, "ocr": o, "lang": lang, "font": font.name}
        if log and k % 10 == 0:
            log(f"page {k + 1}/{len(pages)}: {kept} word pairs, {time.monotonic() - started:.0f}s")


# --- the channel model -------------------------------------------------------------------------------------

def _segments(x: str, y: str) -> Iterator[tuple[int, int]]:
    for a in range(MAX_SRC + 1):
        for b in range(MAX_TGT + 1):
            if a + b == 0 or (a == 0 and b > 1) or (b == 0 and a > 1):
                continue
            yield a, b


_SHAPES = [(a, b) for a, b in _segments("", "")]


def _prior(seg: tuple[str, str]) -> float:
    """Starting weight of a segment pair: the same cost per character whatever the segment length, so that
    the first EM round does not favour long segments (fewer factors), and a tenth for a segment that has
    nothing on one side (a glyph the OCR dropped or invented)."""
    s, g = seg
    return 0.05 ** (len(s) + len(g)) * (0.1 if not s or not g else 1.0)


def _forward_backward(x: str, y: str, p: dict | None, counts: dict, floor: float) -> float:
    n, m = len(x), len(y)
    alpha = [[0.0] * (m + 1) for _ in range(n + 1)]
    alpha[0][0] = 1.0
    for i in range(n + 1):
        for j in range(m + 1):
            if i == 0 and j == 0:
                continue
            total = 0.0
            for a, b in _SHAPES:
                if a <= i and b <= j:
                    prev = alpha[i - a][j - b]
                    if prev:
                        seg = (x[i - a:i], y[j - b:j])
                        total += prev * (_prior(seg) if p is None else p.get(seg, floor))
            alpha[i][j] = total
    z = alpha[n][m]
    if z <= 0.0:
        return 0.0
    beta = [[0.0] * (m + 1) for _ in range(n + 1)]
    beta[n][m] = 1.0
    for i in range(n, -1, -1):
        for j in range(m, -1, -1):
            if i == n and j == m:
                continue
            total = 0.0
            for a, b in _SHAPES:
                if i + a <= n and j + b <= m:
                    nxt = beta[i + a][j + b]
                    if nxt:
                        seg = (x[i:i + a], y[j:j + b])
                        pr = _prior(seg) if p is None else p.get(seg, floor)
                        total += pr * nxt
                        if alpha[i][j]:
                            counts[seg] += alpha[i][j] * pr * nxt / z
            beta[i][j] = total
    return math.log(z)


def train_channel(pairs: list[tuple[str, str]], iterations: int = 6, log=None) -> dict[tuple[str, str], float]:
    """Joint probabilities of (Bengali segment, garble segment) pairs by EM, both sides in visual order.

    Starts uniform; each iteration sums the expected use of each segment pair over all monotone
    segmentations of every training pair, then renormalises. Pairs never expected more than a trace are
    dropped at the end.
    """
    pairs = [(x, y) for x, y in pairs if 0 < len(x) <= 20 and 0 < len(y) <= 24]
    p: dict[tuple[str, str], float] | None = None
    floor = 0.0
    for it in range(iterations):
        counts: dict[tuple[str, str], float] = defaultdict(float)
        loglik = 0.0
        for x, y in pairs:
            loglik += _forward_backward(x, y, p, counts, floor)
        for seg in counts:
            if not seg[0] or not seg[1]:
                counts[seg] *= NULL_DISCOUNT
        total = sum(counts.values())
        # Drop segment pairs used less than half a time in expectation (once, in the last round): they are
        # noise, and keeping them makes every round slower.
        keep = 1.0 if it == iterations - 1 else 0.5
        p = {k: v / total for k, v in counts.items() if v >= keep}
        floor = min(p.values()) * 0.1 if p else 1e-4
        if log:
            log(f"EM iteration {it + 1}: log-likelihood {loglik:.1f}, {len(p)} segment pairs")
    return p


def write_channel(table: dict[tuple[str, str], float], pairs: list[tuple[str, str]], path: Path,
                  meta: dict, source: str = "synth-hin-em") -> None:
    """Write the table as TSV: Bengali segment, garble segment, joint probability, P(garble | Bengali)."""
    by_src: dict[str, float] = defaultdict(float)
    for (s, _), v in table.items():
        by_src[s] += v
    rows = sorted(table.items(), key=lambda kv: (-kv[1], kv[0]))
    path.parent.mkdir(parents=True, exist_ok=True)
    with path.open("w", encoding="utf-8") as fh:
        fh.write(f"# {json.dumps(meta, ensure_ascii=False, sort_keys=True)}\n")
        fh.write("bengali\tgarble\tjoint\tp_garble_given_bengali\tsource\n")
        for (s, g), v in rows:
            fh.write(f"{s}\t{g}\t{v:.6g}\t{v / by_src[s]:.6g}\t{source}\n")


def garble_hindi_words(records: Iterable[dict], min_count: int = GARBLE_WORD_MIN) -> Counter[str]:
    """The Hindi words (:func:`puthi.normalize.hindi.hindi_words`) that ``hin`` wrote for a Bengali word at
    least ``min_count`` times in ``records`` (the training pairs), with their counts.

    >>> recs = [{"src": "শা", "ocr": "का", "lang": "hin"}] * 2 + [{"src": "কাকা", "ocr": "काका", "lang": "hin"}]
    >>> garble_hindi_words(recs, min_count=2)
    Counter({'का': 2})
    """
    from puthi.normalize.hindi import hindi_words

    words = hindi_words()
    counts = Counter(unicodedata.normalize("NFC", r["ocr"]) for r in records if r.get("lang") == "hin")
    return Counter({w: n for w, n in counts.items() if n >= min_count and w in words})


def write_garble_words(counts: Counter[str], path: Path, meta: dict) -> None:
    """Write the words of :func:`garble_hindi_words` as TSV (word, count), commonest first."""
    with path.open("w", encoding="utf-8") as fh:
        fh.write(f"# {json.dumps(meta, ensure_ascii=False, sort_keys=True)}\n")
        fh.write("word\tcount\n")
        for word, n in sorted(counts.items(), key=lambda kv: (-kv[1], kv[0])):
            fh.write(f"{word}\t{n}\n")


def gold_pairs(gold_path: Path, split: str = "dev") -> list[tuple[str, str]]:
    """(Bengali reading, garble) pairs of one split of a hand-made gold file (``tests/normalize/data/
    seed000_gold.json``): ``sure`` and ``likely`` readings of one word or number, none of punctuation."""
    runs = json.loads(gold_path.read_text(encoding="utf-8"))["runs"]
    return [(unicodedata.normalize("NFC", r["reading"].strip("।॥ ")), r["garbled"]) for r in runs
            if r["split"] == split and r["certainty"] in ("sure", "likely")
            and len(r["reading"].split()) == 1 and _is_bengali_word(r["reading"].strip("।॥ "))]


class _ShortFloor:
    """A channel table whose unseen segment pairs get ``floor`` only when short (one Bengali code point at
    most, three garble ones at most): a few real pairs can teach a new glyph habit (`t` for া, `ब्र` for র),
    not a whole word as one segment."""

    def __init__(self, table: dict[tuple[str, str], float], floor: float) -> None:
        self.table, self.floor = table, floor

    def get(self, seg: tuple[str, str], default: float = 0.0) -> float:
        hit = self.table.get(seg)
        if hit is not None:
            return hit
        return self.floor if len(seg[0]) <= 1 and len(seg[1]) <= 3 else 0.0


def adapt_channel(base: dict[tuple[str, str], float], pairs: list[tuple[str, str]], share: float,
                  iterations: int = 3) -> dict[tuple[str, str], float]:
    """A small table of segment pairs learned from a few real (Bengali, garble) pairs, on top of ``base``.

    EM as in :func:`train_channel`, but each E step aligns the pairs under the mixture
    ``(1 - share) * base + share * adapted``, so that the pairs' habits the base table already explains are
    aligned as it would, and the rest (a sign the base never saw) gets the floor and then its own counts.
    Returns the adapted part alone, normalised to sum to 1.

    >>> base = {("ক", "क"): 0.5, ("া", "ा"): 0.5}
    >>> table = adapt_channel(base, [("কা", "कt")], share=0.5)
    >>> table[("া", "t")] > 0.3
    True
    """
    pairs = [visual_pair(x, y) for x, y in pairs if x and y]
    floor = min(base.values()) * 0.1
    adapted: dict[tuple[str, str], float] = {}
    for _ in range(iterations):
        mix = {k: (1 - share) * v for k, v in base.items()}
        for k, v in adapted.items():
            mix[k] = mix.get(k, 0.0) + share * v
        counts: dict[tuple[str, str], float] = defaultdict(float)
        for x, y in pairs:
            _forward_backward(x, y, _ShortFloor(mix, floor), counts, floor)
        total = sum(counts.values()) or 1.0
        adapted = {k: v / total for k, v in counts.items() if v / total > 1e-4}
    total = sum(adapted.values()) or 1.0
    return {k: v / total for k, v in adapted.items()}


def load_pairs(path: Path) -> list[dict]:
    with path.open(encoding="utf-8") as fh:
        return [json.loads(line) for line in fh if line.strip()]


def visual_pair(src: str, ocr: str) -> tuple[str, str]:
    """A training pair in visual order on both sides (Bengali source, OCR garble).

    >>> visual_pair("কে", "८क") == ("\N{BENGALI VOWEL SIGN E}ক", "८क")
    True
    """
    return to_visual(src), devanagari_to_visual(ocr)


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(prog="python -m puthi.normalize.train_garble", description=__doc__.split("\n")[0])
    ap.add_argument("--lines", type=int, default=9600, help="training lines to render (default 9600)")
    ap.add_argument("--seed", type=int, default=20240601)
    ap.add_argument("--iterations", type=int, default=4, help="EM iterations (default 4)")
    ap.add_argument("--reuse", action="store_true", help="reuse the cached pairs of the same seed and size")
    ap.add_argument("--out", type=Path, default=CHANNEL_TSV)
    ap.add_argument("--adapt", type=Path, metavar="GOLD_JSON",
                    help="instead of training: learn the seed table from the dev half of GOLD_JSON "
                         f"(tests/normalize/data/seed000_gold.json) on top of --out, into {SEED_DEV_TSV.name}")
    ap.add_argument("--hindi-words", action="store_true",
                    help=f"only write {GARBLE_WORDS_TSV.name} from the cached pairs of the same seed and size")
    args = ap.parse_args(argv)
    if args.adapt:
        pairs = gold_pairs(args.adapt, "dev")
        table = adapt_channel(read_joint(args.out), pairs, ADAPT_SHARE)
        meta = {"source": f"{args.adapt.name}, dev half only (held-out half never read)", "word_pairs": len(pairs),
                "share": ADAPT_SHARE, "base": args.out.name}
        write_channel(table, [], SEED_DEV_TSV, meta, source="seed000-dev-em")
        print(f"wrote {SEED_DEV_TSV} ({len(table)} segment pairs from {len(pairs)} dev word pairs)", file=sys.stderr)
        return 0
    os.environ.setdefault("OMP_THREAD_LIMIT", "1")  # one core: Tesseract's OpenMP threads only contend here
    cache = cache_dir()
    cache.mkdir(parents=True, exist_ok=True)
    pairs_path = cache / f"pairs-{args.seed}-{args.lines}.jsonl"
    if not ((args.reuse or args.hindi_words) and pairs_path.exists()):
        tmp = pairs_path.with_suffix(".part")
        with tmp.open("w", encoding="utf-8") as fh:
            for rec in generate_pairs(args.lines, args.seed, log=lambda s: print(s, file=sys.stderr)):
                fh.write(json.dumps(rec, ensure_ascii=False) + "\n")
        tmp.replace(pairs_path)
    records = load_pairs(pairs_path)
    hindi = garble_hindi_words(records)
    write_garble_words(hindi, GARBLE_WORDS_TSV, {
        "seed": args.seed, "lines": args.lines, "min_count": GARBLE_WORD_MIN,
        "hin_words": sum(r.get("lang") == "hin" for r in records),
        "source": "Hindi words (Tesseract's hin word list) that Tesseract hin wrote for rendered Bengali words"})
    print(f"wrote {GARBLE_WORDS_TSV} ({len(hindi)} words)", file=sys.stderr)
    if args.hindi_words:
        return 0
    pairs = [visual_pair(r["src"], r["ocr"]) for r in records]
    started = time.monotonic()
    table = train_channel(pairs, args.iterations, log=lambda s: print(s, file=sys.stderr))
    meta = {"seed": args.seed, "lines": args.lines, "word_pairs": len(pairs), "iterations": args.iterations,
            "source": "hunspell-bn words (held-out tenth excluded) rendered by puthi.ocr.synth, read by "
                      "Tesseract hin / hin+eng", "em_seconds": round(time.monotonic() - started)}
    write_channel(table, pairs, args.out, meta)
    print(f"wrote {args.out} ({len(table)} segment pairs from {len(pairs)} word pairs)", file=sys.stderr)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
