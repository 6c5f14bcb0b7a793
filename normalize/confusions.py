"""Bengali-to-Bengali OCR confusions, learned from aligned pairs of OCR output and the true text.

The table ``data/bn_confusions.tsv`` has one row per (observed, intended, source): how often OCR printed
``observed`` where the page had ``intended`` (``""`` for nothing: a dropped or an invented sign), and how
often ``intended`` occurred in the aligned true text (``intended_total``). Units are code points, except
that a letter with NUKTA is one unit (য় ড় ঢ়). Two sources, kept apart in the table:

* ``memoir-dev``: ``../shared/data/memoir-ocr-dev.json`` segments 0-11 only (12-17 are held out for the
  benchmark), raw Tesseract ``ben`` against the human-corrected text; the segments are not aligned line by
  line, so words are aligned first (Levenshtein on word sequences) and only close word pairs are used.
* ``rendered``: lexicon words rendered with the installed Bengali fonts through :mod:`puthi.ocr.synth`,
  with random degradations, read back by Tesseract ``ben``.

For a weighted edit distance (the terminology aligner) use :func:`load_confusions`:

>>> costs = load_confusions()
>>> 0 < costs[("\N{BENGALI LETTER THA}", "\N{BENGALI LETTER KHA}")] < 1  # থ read for খ
True
>>> ("\N{BENGALI LETTER KA}", "\N{BENGALI LETTER KHA}") in costs
False
>>> substitution_cost("ক", "ক"), substitution_cost("ক", "\N{BENGALI LETTER KHA}") <= 1.0
(0.0, True)

Rebuild with ``python -m puthi.normalize.confusions`` (needs ../shared/data; ``--rendered N`` lines).
"""

from __future__ import annotations

import collections
import functools
import json
import math
import random
import sys
from dataclasses import dataclass
from pathlib import Path

import regex
from rapidfuzz.distance import Levenshtein

from puthi.normalize.unicode import normalized

DATA = Path(__file__).parent / "data"
TABLE = DATA / "bn_confusions.tsv"
VISUAL = DATA / "bn_confusions_visual.tsv"  # hand-written prior: look-alikes known before counting
SHARED = Path(__file__).resolve().parents[1] / ".." / "shared"
HELD_OUT = range(12, 18)  # memoir segments never used for learning or tuning
#: The sources the word corrector learns from (see :func:`alternatives`); the aligner uses all of them.
REPAIR_SOURCES = frozenset({"memoir-dev", "oldprint-dev"})
# The old-print lines are few (47): a confusion seen twice there (ত্ dropped, হ for সু) may be one word read twice
MIN_COUNT = {"oldprint-dev": 3}
OLDPRINT_DEV_BOOKS = ("Bardidi", "BiswasGhatakMahon")  # of degraded-ocr-train; the other two are held out
MAX_SEGMENT = 3  # the longest run of units counted as one confusion (ট্ট read as ট: "্ট" dropped)

_UNIT = regex.compile(r".\N{BENGALI SIGN NUKTA}?", regex.DOTALL)
_WORD = regex.compile(r"[\u0980-\u09ff\u200c\u200d]+")


def units(word: str) -> list[str]:
    """Split a word into confusion units: code points, a letter and its nukta together.

    >>> units("কুড়ি")
    ['ক', 'ু', 'ড়', 'ি']
    """
    return _UNIT.findall(word)


@dataclass
class Counts:
    """Confusion counts: ``pairs[(observed, intended)]`` and ``totals[intended]`` (occurrences in true text)."""

    pairs: collections.Counter[tuple[str, str]]
    totals: collections.Counter[str]

    def add_word_pair(self, observed: str, intended: str, errors: bool = True) -> None:
        """Count the unit-level differences between an OCR word and its true word (with ``errors=False``, only the
        intended word's units)."""
        o, i = units(observed), units(intended)
        for n in range(1, MAX_SEGMENT + 1):  # segments of up to MAX_SEGMENT units, for multi-unit confusions
            for k in range(len(i) - n + 1):
                self.totals["".join(i[k : k + n])] += 1
        self.totals[""] += len(i) + 1  # slots where a unit can be invented
        if o == i or not errors or _same_but_joiners(observed, intended):
            return
        for ops in _blocks(Levenshtein.opcodes(o, i).as_list(), o):
            a0, b0, a1, b1 = ops[0][1], ops[0][3], ops[-1][2], ops[-1][4]
            if len(ops) > 1 and max(a1 - a0, b1 - b0) <= MAX_SEGMENT:  # স্থ for সু: "্থ" read for "ু", one glyph
                self.pairs[("".join(o[a0:a1]), "".join(i[b0:b1]))] += 1
                continue
            for tag, a0, a1, b0, b1 in ops:
                if tag == "equal":
                    continue
                if tag == "replace" and a1 - a0 == b1 - b0:
                    for x, y in zip(o[a0:a1], i[b0:b1], strict=True):
                        self.pairs[(x, y)] += 1
                elif max(a1 - a0, b1 - b0) <= MAX_SEGMENT:
                    self.pairs[("".join(o[a0:a1]), "".join(i[b0:b1]))] += 1


def _same_but_joiners(a: str, b: str) -> bool:
    """Whether two spellings differ only in how a hasanta is written (ঝট্‌পট, ঝটপট): a transcriber's choice of
    encoding, not a glyph OCR misread."""
    return ("\u200c" in a + b or "\u200d" in a + b) and _JOINERS.sub("", a) == _JOINERS.sub("", b)


VIRAMA = "\N{BENGALI SIGN VIRAMA}"
_SHORT = str.maketrans("\N{BENGALI VOWEL SIGN II}\N{BENGALI VOWEL SIGN UU}\N{BENGALI LETTER II}\N{BENGALI LETTER UU}",
                       "\N{BENGALI VOWEL SIGN I}\N{BENGALI VOWEL SIGN U}\N{BENGALI LETTER I}\N{BENGALI LETTER U}")
_JOINERS = regex.compile(f"{VIRAMA}?[\u200c\u200d]")  # a hasanta written with a joiner, or a joiner alone


def _blocks(opcodes: list[tuple], observed: list[str]) -> list[list[tuple]]:
    """The opcodes that are not ``equal``, grouped into runs that touch: one misread glyph may be a replace and a
    delete side by side, or two replaces on either side of a conjunct's hasanta (রহন্ত for রহস্য: "ন্ত" for "স্য").

    >>> _blocks([("equal", 0, 1, 0, 1), ("replace", 1, 2, 1, 2), ("delete", 2, 3, 2, 2), ("equal", 3, 4, 2, 3)], [])
    [[('replace', 1, 2, 1, 2), ('delete', 2, 3, 2, 2)]]
    >>> len(_blocks([("replace", 0, 1, 0, 1), ("equal", 1, 2, 1, 2), ("replace", 2, 3, 2, 3)], list("ন্ত")))
    1
    """
    out: list[list[tuple]] = []
    for op in opcodes:
        if op[0] == "equal":
            if out and observed[op[1] : op[2]] == [VIRAMA] and out[-1][-1][2] == op[1]:
                out[-1].append(op)  # kept only while the next op extends the run
            continue
        if out and out[-1][-1][2] == op[1] and out[-1][-1][4] == op[3]:
            out[-1].append(op)
        else:
            if out and out[-1][-1][0] == "equal":
                out[-1].pop()
            out.append([op])
    if out and out[-1][-1][0] == "equal":
        out[-1].pop()
    return out


def align_words(ocr_text: str, clean_text: str, min_similarity: float = 0.6) -> list[tuple[str, str]]:
    """Pairs (ocr word, clean word) from two texts that are not aligned by line; only close pairs.

    >>> align_words("যদি কাহারও ৰিস্তি আদি না", "যদি কাহারও বিস্তি আদি না থাকে")
    [('যদি', 'যদি'), ('কাহারও', 'কাহারও'), ('ৰিস্তি', 'বিস্তি'), ('আদি', 'আদি'), ('না', 'না')]
    """
    a = [normalized(w) for w in _WORD.findall(ocr_text)]
    b = [normalized(w) for w in _WORD.findall(clean_text)]
    pairs = []
    for tag, a0, a1, b0, b1 in Levenshtein.opcodes(a, b).as_list():
        if tag == "equal":
            pairs.extend(zip(a[a0:a1], b[b0:b1], strict=True))
        elif tag == "replace" and a1 - a0 == b1 - b0:
            for x, y in zip(a[a0:a1], b[b0:b1], strict=True):
                if Levenshtein.normalized_similarity(units(x), units(y)) >= min_similarity:
                    pairs.append((x, y))
    return pairs


def memoir_counts(path: Path) -> Counts:
    """Counts from the memoir segments that are not held out."""
    counts = Counts(collections.Counter(), collections.Counter())
    for k, seg in enumerate(json.loads(path.read_text(encoding="utf-8"))):
        if k in HELD_OUT:
            continue
        for o, i in align_words(seg["ocr"], seg["clean"]):
            counts.add_word_pair(o, i)
    return counts


def oldprint_counts(data: Path = SHARED / "data" / "degraded-ocr-train") -> Counts:
    """Counts from real scans of old print: the lines of ``OLDPRINT_DEV_BOOKS`` in ``degraded-ocr-train``, each read
    by ``puthi ocr --lang ben`` and by plain ``tesseract -l ben --psm 7``, against their transcriptions.

    The transcriptions modernise the print's spelling (পাখীর is written পাখির), so only OCR words that are no word
    are learnt from, and not where the two differ only in a vowel's length: there the difference is as likely the
    transcriber's as the OCR's."""
    import pytesseract

    from puthi.normalize.lexicon import load_lexicon
    from puthi.ocr.recognize import ocr_batch

    lines = [x for x in json.loads((data / "ground_truth.json").read_text(encoding="utf-8"))
             if Path(x["image"]).name.split("_")[0] in OLDPRINT_DEV_BOOKS]
    paths = [str(data / x["image"]) for x in lines]
    ours = ocr_batch(paths, lang="ben", workers=2, progress=False)
    lex = load_lexicon("bn")
    counts = Counts(collections.Counter(), collections.Counter())
    for path, x in zip(paths, lines, strict=True):
        plain = pytesseract.image_to_string(path, lang="ben", config="--psm 7", timeout=60)
        for reading in (" ".join(p.text for p in ours.pages.get(path, [])), plain):
            for o, i in align_words(reading, x["text"]):
                counts.add_word_pair(o, i, errors=o not in lex and o.translate(_SHORT) != i.translate(_SHORT))
    return counts


def rendered_counts(n_lines: int, seed: int = 7) -> Counts:
    """Counts from lexicon words rendered in every installed Bengali font, degraded, read by Tesseract ben."""
    import pytesseract

    from puthi.normalize.lexicon import load_lexicon
    from puthi.ocr.synth import Degradation, list_fonts, render

    rng = random.Random(seed)
    words = sorted(w for w, f in load_lexicon("bn").freq.items() if f >= 20)
    fonts = [f for f in list_fonts() if "bn" in f.langs]
    counts = Counts(collections.Counter(), collections.Counter())
    for k in range(n_lines):
        font = fonts[k % len(fonts)]
        line = " ".join(rng.choice(words) for _ in range(6))
        if not font.covers(line):
            continue
        # from light to heavy damage: seed 000's old print is far worse than a clean modern page
        degrade = Degradation.random(rng.randrange(10**6), strength=rng.uniform(0.2, 0.9))
        sample = render(line, font, size=rng.choice([24, 28, 32]), seed=k, degrade=degrade)
        text = pytesseract.image_to_string(sample.image, lang="ben", config="--psm 7", timeout=60)
        for o, i in align_words(text, line):
            counts.add_word_pair(o, i)
        print(f"rendered {k + 1}/{n_lines}", end="\r", file=sys.stderr)
    return counts


def write_table(sources: dict[str, Counts], path: Path = TABLE, min_count: int = 2) -> None:
    """Write the TSV: observed, intended, count, intended_total, source (pairs seen at least ``min_count`` times, or
    ``MIN_COUNT`` of the source). The rows of a source not in ``sources`` are kept as they are."""
    head = [
        "# Bengali OCR confusions: OCR printed `observed` where the page had `intended` (empty = nothing).",
        "# Sources: memoir-dev = ../shared/data/memoir-ocr-dev.json segments 0-11 (MIT; 12-17 held out);",
        "# oldprint-dev = ../shared/data/degraded-ocr-train, books Bardidi and BiswasGhatakMahon (GPL-3.0 data, counts",
        "# only; MatirPath and ParamarthaPrasanga held out), read by puthi ocr and by plain tesseract;",
        "# rendered = lexicon words rendered with installed fonts + degradations, read by Tesseract ben.",
        "# derived by: python -m puthi.normalize.confusions",
        "observed\tintended\tcount\tintended_total\tsource",
    ]
    kept = path.read_text(encoding="utf-8").splitlines() if path.exists() else []
    rows = [line for line in kept
            if not line.startswith(("#", "observed\t")) and line.rsplit("\t", 1)[-1] not in sources]
    for name, c in sources.items():
        for (o, i), n in sorted(c.pairs.items(), key=lambda kv: (-kv[1], kv[0])):
            if n >= MIN_COUNT.get(name, min_count) and c.totals[i]:
                rows.append(f"{o}\t{i}\t{n}\t{c.totals[i]}\t{name}")
    path.write_text("\n".join(head + rows) + "\n", encoding="utf-8")


def build_table(rendered_lines: int = 0) -> None:
    """Re-learn ``data/bn_confusions.tsv`` from the memoir (and ``rendered_lines`` rendered lines)."""
    memoir = SHARED / "data" / "memoir-ocr-dev.json"
    if not memoir.exists():
        raise SystemExit(f"{memoir} not found: the confusion table needs ../shared/data")
    oldprint = SHARED / "data" / "degraded-ocr-train" / "ground_truth.json"
    if not oldprint.exists():
        raise SystemExit(f"{oldprint} not found: the confusion table needs ../shared/data")
    sources = {"memoir-dev": memoir_counts(memoir), "oldprint-dev": oldprint_counts()}
    if rendered_lines:
        sources["rendered"] = rendered_counts(rendered_lines)
    write_table(sources)


def _read_counts(path: Path, sources: frozenset[str] | None = None) -> dict[tuple[str, str], float]:
    pairs: collections.Counter[tuple[str, str]] = collections.Counter()
    totals: dict[tuple[str, str], int] = {}
    for line in path.read_text(encoding="utf-8").splitlines():
        if line.startswith("#") or line.startswith("observed\t"):
            continue
        o, i, n, total, source = line.split("\t")
        if sources is not None and source not in sources:
            continue
        o, i = normalized(o), normalized(i)
        pairs[(o, i)] += int(n)
        totals[(i, source)] = int(total)
    intended_total: collections.Counter[str] = collections.Counter()
    for (i, _source), t in totals.items():
        intended_total[i] += t
    return {(o, i): n / (intended_total[i] + n) for (o, i), n in pairs.items()}


@functools.cache
def confusion_probabilities(sources: frozenset[str] | None = None) -> dict[tuple[str, str], float]:
    """``P(observed | intended)`` for each known pair: the learned table (the given ``sources`` added up, all
    by default), or the hand-written prior of look-alikes (``data/bn_confusions_visual.tsv``) where that is
    higher.

    >>> p = confusion_probabilities()
    >>> all(0 < v < 1 for v in p.values())
    True
    >>> len(confusion_probabilities(REPAIR_SOURCES)) < len(p)
    True
    """
    learned = _read_counts(TABLE, sources)
    prior = _read_counts(VISUAL)
    return {k: max(learned.get(k, 0.0), prior.get(k, 0.0)) for k in learned.keys() | prior.keys()}


@functools.cache
def load_confusions() -> dict[tuple[str, str], float]:
    """Substitution costs in (0, 1] for (observed, intended) pairs seen in OCR; unseen pairs cost 1.

    ``cost = clamp(-log10(P(observed | intended)) / 4, 0.05, 1)``: a confusion seen once in ten occurrences
    costs 0.25, once in a hundred 0.5, rarer ones approach the plain edit cost 1. Either side may be ``""``
    (a unit OCR dropped or invented).
    """
    return {k: min(1.0, max(0.05, -math.log10(p) / 4)) for k, p in confusion_probabilities().items()}


def substitution_cost(observed: str, intended: str) -> float:
    """Cost of reading ``intended`` as ``observed``: 0 when equal, the learned cost, else 1."""
    if observed == intended:
        return 0.0
    return load_confusions().get((observed, intended), 1.0)


@functools.cache
def alternatives(min_prob: float = 0.002) -> dict[str, list[tuple[str, float]]]:
    """For each observed unit, the intended units it may stand for, most likely first: ``{o: [(i, P(o|i))]}``.

    These are the word corrector's candidates, so they come from ``REPAIR_SOURCES`` only: the rendered
    pages' confusions (heavy damage in eleven fonts) made more lines of the memoir's dev segments worse.

    >>> [i for i, _ in alternatives()["\N{BENGALI LETTER RA WITH MIDDLE DIAGONAL}"]][:2]
    ['ব', 'র']
    """
    table: dict[str, list[tuple[str, float]]] = collections.defaultdict(list)
    for (o, i), p in confusion_probabilities(REPAIR_SOURCES).items():
        if p >= min_prob and o != i:
            table[o].append((i, p))
    return {o: sorted(v, key=lambda t: -t[1]) for o, v in table.items()}


def main(argv: list[str] | None = None) -> int:
    import argparse

    parser = argparse.ArgumentParser(description="Re-learn data/bn_confusions.tsv")
    parser.add_argument("--rendered", type=int, default=0, help="also render and OCR this many lines")
    args = parser.parse_args(argv)
    build_table(args.rendered)
    print(f"wrote {TABLE}", file=sys.stderr)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
