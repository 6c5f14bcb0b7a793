"""Derive the committed word lists in ``normalize/data/`` from their sources.

Run ``python -m puthi.normalize.build_lexicon`` (it rewrites the files; ``--check`` only compares). Sources:

* ``bn_tesseract_words.txt``: the word list inside Tesseract's ``ben.traineddata`` (tessdata_fast, Debian
  package ``tesseract-ocr-ben``, Apache-2.0), unpacked with ``combine_tessdata -u`` and ``dawg2wordlist``
  (Debian package ``tesseract-ocr``), normalised with :func:`puthi.normalize.unicode.normalized`.
* ``hi_tesseract_words.txt``: the same from ``hin.traineddata`` (Debian ``tesseract-ocr-hin``, Apache-2.0),
  NFC only: real Hindi words, to tell a Hindi phrase from Bengali that a Hindi model misread
  (:mod:`puthi.normalize.hindi`).
* ``as_wikipedia_freq.tsv``: word frequencies of ``../shared/data/assamese-wikipedia-10k/words.txt``
  (Leipzig corpora ``asm_wikipedia_2021_10K``, MIT licence), with punctuation stripped from the word edges,
  counts of the same word added up, only words in Bengali script kept.
* ``bn_wordfreq.tsv``: Bengali word frequencies of the ``wordfreq`` package (its ``large_bn`` list: Wikipedia,
  OPUS OpenSubtitles 2018, NewsCrawl/GlobalVoices, OSCAR web text and Twitter; data CC BY-SA 4.0, Robyn
  Speer), Bengali words (``_WORDFREQ_WORD``) with a Zipf frequency of at least ``WORDFREQ_MIN_ZIPF``, normalised, in
  occurrences per billion words. Built only where ``wordfreq`` is installed (``pip install wordfreq``).
* ``bn_sadhu.tsv`` is written by hand (see its header); this script only normalises it.

The hunspell-bn word list (``/usr/share/hunspell/bn_BD.dic``, GPL-2) is *not* copied into the repository:
:mod:`puthi.normalize.lexicon` reads it from the system at run time when it is installed.

The confusion table ``bn_confusions.tsv`` is derived by :mod:`puthi.normalize.confusions` (``--confusions``).
"""

from __future__ import annotations

import argparse
import collections
import shutil
import subprocess
import sys
import tempfile
import unicodedata
from pathlib import Path

import regex

from puthi.normalize.unicode import normalized

DATA = Path(__file__).parent / "data"
SHARED = Path(__file__).resolve().parents[1] / ".." / "shared"
TESSDATA_DIRS = [Path("/usr/share/tesseract-ocr/5/tessdata"), Path("/usr/share/tesseract-ocr/4.00/tessdata")]
_WORD_EDGE = regex.compile(r"^[^\p{L}\p{M}]+|[^\p{L}\p{M}]+$")
_BENGALI_WORD = regex.compile(r"^[\u0980-\u09ff\u200c\u200d]+$")
WORDFREQ_MIN_ZIPF = 3.0  # one occurrence per million words: 33,000 words (2.5 gave 55,000 for no gain)
# A word from wordfreq: a Bengali letter, then letters and signs (no digits); a single letter only if it is
# a vowel (ও "and", এ "this"). Its tokeniser leaves pieces (a lone ZWNJ, ি, ্, র) that are not words.
_WORDFREQ_WORD = regex.compile(
    r"^(?:[\u0985-\u0994]|[\u0985-\u09b9\u09ce\u09dc-\u09df\u09f0\u09f1][\u0980-\u09e3\u09f0\u09f1\u200c\u200d]+)$")


def tesseract_words(traineddata: Path, *, timeout: float = 120, normalise=normalized) -> list[str]:
    """The word list inside a ``.traineddata`` file (LSTM word DAWG), normalised, sorted, unique."""
    for tool in ("combine_tessdata", "dawg2wordlist"):
        if shutil.which(tool) is None:
            raise SystemExit(f"{tool} not found: install the Debian package tesseract-ocr")
    with tempfile.TemporaryDirectory() as tmp:
        prefix = Path(tmp) / "lang."
        subprocess.run(["combine_tessdata", "-u", str(traineddata), str(prefix)], check=True,
                       capture_output=True, timeout=timeout)
        out = Path(tmp) / "words.txt"
        subprocess.run(["dawg2wordlist", f"{prefix}lstm-unicharset", f"{prefix}lstm-word-dawg", str(out)],
                       check=True, capture_output=True, timeout=timeout)
        words = out.read_text(encoding="utf-8").split()
    return sorted({normalise(w) for w in words})


def assamese_frequencies(words_txt: Path) -> collections.Counter[str]:
    """Leipzig ``id<TAB>word<TAB>freq`` rows -> normalised Assamese word -> summed frequency."""
    counts: collections.Counter[str] = collections.Counter()
    for line in words_txt.read_text(encoding="utf-8").splitlines():
        parts = line.split("\t")
        if len(parts) != 3 or not parts[2].isdigit():
            continue
        word = normalized(_WORD_EDGE.sub("", parts[1]), lang="as")
        if word and _BENGALI_WORD.match(word) and regex.search(r"\p{L}", word):
            counts[word] += int(parts[2])
    return counts


def wordfreq_frequencies(min_zipf: float = WORDFREQ_MIN_ZIPF) -> dict[str, int] | None:
    """Normalised Bengali word -> occurrences per billion words in ``wordfreq`` (None when not installed)."""
    try:
        import wordfreq
    except ImportError:
        return None
    per_billion: collections.Counter[str] = collections.Counter()
    for word, share in wordfreq.get_frequency_dict("bn", wordlist="large").items():
        if _WORDFREQ_WORD.match(word) and share * 1e9 >= 10**min_zipf:
            per_billion[normalized(word)] += round(share * 1e9)
    return dict(per_billion)


def _render_wordfreq(per_billion: dict[str, int]) -> str:
    from importlib.metadata import version

    head = [
        f"# Bengali word frequencies from the wordfreq package {version('wordfreq')} (Robyn Speer), list large_bn:",
        "# Wikipedia, OPUS OpenSubtitles 2018, NewsCrawl and GlobalVoices, OSCAR web text, Twitter.",
        "# Licence of this data: CC BY-SA 4.0 (https://creativecommons.org/licenses/by-sa/4.0/).",
        f"# Bengali words (no digits, no lone signs) with Zipf frequency >= {WORDFREQ_MIN_ZIPF}, normalised, in"
        " occurrences per billion.",
        "# derived by: python -m puthi.normalize.build_lexicon",
        "word\tper_billion",
    ]
    rows = [f"{w}\t{n}" for w, n in sorted(per_billion.items(), key=lambda kv: (-kv[1], kv[0]))]
    return "\n".join(head + rows) + "\n"


def _render_tesseract(words: list[str], source: str, language: str = "Bengali", package: str = "ben") -> str:
    head = [
        f"# {language} word list inside Tesseract's {source} (LSTM word DAWG), one word a line.",
        f"# source: {source}; tessdata_fast, Debian tesseract-ocr-{package}; licence Apache-2.0 (Google Inc.)",
        "# derived by: python -m puthi.normalize.build_lexicon",
    ]
    return "\n".join(head + words) + "\n"


def _render_assamese(counts: collections.Counter[str]) -> str:
    head = [
        "# Assamese word frequencies from Leipzig corpora asm_wikipedia_2021_10K (10,000 Wikipedia sentences),",
        "# file words.txt of ../shared/data/assamese-wikipedia-10k (indian-nlp/assamese-dataset); licence MIT,",
        "# Copyright (c) 2024 Sagar Tamang. Word edges stripped of punctuation, counts summed, Bengali script only.",
        "# derived by: python -m puthi.normalize.build_lexicon",
        "word\tfreq",
    ]
    rows = [f"{w}\t{n}" for w, n in sorted(counts.items(), key=lambda kv: (-kv[1], kv[0]))]
    return "\n".join(head + rows) + "\n"


def _normalise_tsv(path: Path) -> str:
    lines = path.read_text(encoding="utf-8").splitlines()
    return "\n".join(line if line.startswith("#") else normalized(line) for line in lines) + "\n"


def build(check: bool = False) -> int:
    """Rebuild (or with ``check`` compare) the derived files; returns the number that differ."""
    outputs: dict[Path, str] = {}
    for package, language, name, normalise in [
        ("ben", "Bengali", "bn_tesseract_words.txt", normalized),
        ("hin", "Hindi", "hi_tesseract_words.txt", lambda w: unicodedata.normalize("NFC", w)),
    ]:
        found = (d / f"{package}.traineddata" for d in TESSDATA_DIRS if (d / f"{package}.traineddata").exists())
        traineddata = next(found, None)
        if traineddata is None:
            print(f"{package}.traineddata not found: {name} kept as it is", file=sys.stderr)
            continue
        words = tesseract_words(traineddata, normalise=normalise)
        outputs[DATA / name] = _render_tesseract(words, traineddata.name, language, package)
    words_txt = SHARED / "data" / "assamese-wikipedia-10k" / "words.txt"
    if not words_txt.exists():
        print(f"{words_txt} not found: as_wikipedia_freq.tsv kept as it is", file=sys.stderr)
    else:
        outputs[DATA / "as_wikipedia_freq.tsv"] = _render_assamese(assamese_frequencies(words_txt))
    per_billion = wordfreq_frequencies()
    if per_billion is None:
        print("wordfreq is not installed: bn_wordfreq.tsv kept as it is", file=sys.stderr)
    else:
        outputs[DATA / "bn_wordfreq.tsv"] = _render_wordfreq(per_billion)
    outputs[DATA / "bn_sadhu.tsv"] = _normalise_tsv(DATA / "bn_sadhu.tsv")
    differ = 0
    for path, text in outputs.items():
        old = path.read_text(encoding="utf-8") if path.exists() else None
        if old != text:
            differ += 1
            if check:
                print(f"{path.name}: differs from its sources", file=sys.stderr)
            else:
                path.write_text(text, encoding="utf-8")
                print(f"wrote {path} ({len(text.encode()) // 1024} KiB)", file=sys.stderr)
    return differ


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--check", action="store_true", help="only report files that differ from their sources")
    parser.add_argument("--confusions", action="store_true", help="also re-learn data/bn_confusions.tsv")
    args = parser.parse_args(argv)
    differ = build(check=args.check)
    if args.confusions:
        from puthi.normalize.confusions import build_table

        build_table()
    return 1 if (args.check and differ) else 0


if __name__ == "__main__":
    raise SystemExit(main())
