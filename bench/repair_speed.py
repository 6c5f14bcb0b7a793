"""Benchmark 4: repair speed in tokens per second, single core, against plain normalisation as the anchor.

Clean text: seeds 002 and 003 (modern Bengali) and 004 (Assamese); garbled text: seed 000 (old Bengali OCR
with Devanagari/Latin garble). Each text is repeated to at least ``--tokens`` tokens and repaired line by
line as ``puthi repair`` does; the word-correction cache is cleared first, so the figure includes cold
look-ups for the first copy. More rows read each line once with every cache empty: seed 000, and the
pages of ``bench.repair_garble`` (Bengali rendered and read by Tesseract ``hin``: every word garbled),
those twice: the second time with the decoder's Python searches instead of the compiled ones. The
anchor is :func:`puthi.normalize.unicode.normalize` on the same lines.

Run: ``.venv/bin/python -m bench.repair_speed [--tokens 50000] [--no-garble]``
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

from puthi.normalize import native
from puthi.normalize.correct import correct_word, word_correction
from puthi.normalize.detect import detect_lang
from puthi.normalize.garble import default_decoder
from puthi.normalize.lexicon import load_lexicon
from puthi.normalize.noise import default_reader
from puthi.normalize.repair import repair_line
from puthi.normalize.unicode import normalize

SEEDS = Path(__file__).resolve().parents[1] / ".." / "shared" / "seeds"
TEXTS = {
    "clean": ["002_fd2ddf660d513a42.txt", "003_dd7d695dd97a5b4b.txt", "004_eaf098502efac96f.txt"],
    "garbled": ["000_768383804696228d.txt"],
}


def _lines(names: list[str], tokens: int) -> list[tuple[str, str]]:
    docs = []
    for name in names:
        text = (SEEDS / name).read_text(encoding="utf-8")
        docs.append((detect_lang(text), [ln for ln in text.split("\n")]))
    out: list[tuple[str, str]] = []
    n = 0
    while n < tokens:
        for lang, lines in docs:
            for ln in lines:
                out.append((lang, ln))
                n += len(ln.split())
    return out


def measure(lines: list[tuple[str, str]], garble: bool, compiled: bool = True) -> tuple[int, float, float]:
    """Tokens, seconds of repair and seconds of the anchor; the caches (word correction, decoder readings,
    character model) are emptied first, the models stay. ``compiled=False`` runs the decoder's Python
    searches instead of the compiled ones (:mod:`puthi.normalize.native`)."""
    tokens = sum(len(ln.split()) for _, ln in lines)
    t0 = time.perf_counter()
    for lang, ln in lines:
        normalize(ln, lang)
    anchor = time.perf_counter() - t0
    correct_word.cache_clear()
    word_correction.cache_clear()
    decoder = default_decoder()
    for cache in (decoder._cache, decoder.lm._cache, decoder.lm._ext, default_reader()._cache):
        cache.clear()
    searches = native.lexsearch, native.opensearch
    if not compiled:
        native.lexsearch = native.opensearch = lambda: None
    try:
        t0 = time.perf_counter()
        for lang, ln in lines:
            repair_line(ln, lang, garble=garble)
        return tokens, time.perf_counter() - t0, anchor
    finally:
        native.lexsearch, native.opensearch = searches


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--tokens", type=int, default=50_000)
    parser.add_argument("--no-garble", action="store_true", help="skip the wrong-script pass")
    args = parser.parse_args(argv)
    if not SEEDS.exists():
        print(f"skipped: {SEEDS} not found (needs ../shared/seeds beside the repository)", file=sys.stderr)
        return 0
    t0 = time.perf_counter()
    load_lexicon("bn"), load_lexicon("as")
    print(f"lexicons loaded in {time.perf_counter() - t0:.2f} s (once per process)")
    print("| text | tokens | repair tokens/s | normalise-only tokens/s (anchor) | repair / anchor time |")
    print("|---|---|---|---|---|")
    default_decoder()
    if native.lexsearch() is None or native.opensearch() is None:
        print("note: the compiled searches are not available; every row runs the Python searches")
    texts = [(f"{kind}, repeated", _lines(names, args.tokens), True) for kind, names in TEXTS.items()]
    texts.append(("garbled, one pass (caches empty)", _lines(TEXTS["garbled"], 1), True))
    hin = "Tesseract `hin` readings of rendered Bengali, one pass (caches empty, every word garbled)"
    texts.append((hin, hin_pages(), True))
    texts.append((f"{hin}, Python searches", hin_pages(), False))
    for kind, lines, compiled in texts:
        if not lines:
            continue
        tokens, seconds, anchor = measure(lines, garble=not args.no_garble, compiled=compiled)
        print(f"| {kind} | {tokens} | {tokens / seconds:,.0f} | {tokens / anchor:,.0f} | {seconds / anchor:.1f}x |")
    return 0


def hin_pages() -> list[tuple[str, str]]:
    """The synthetic test pages of ``bench.repair_garble`` (rendered once and cached), as Bengali lines."""
    from bench.repair_garble import synthetic_pages

    return [("bn", ln) for page in synthetic_pages("test", 96, 7) for ln in page["ocr"].split("\n")]


if __name__ == "__main__":
    raise SystemExit(main())
