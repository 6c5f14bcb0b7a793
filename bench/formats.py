"""Speed of the metrics, the synthetic scans and the hOCR/ALTO formats, each against an anchor in the same run.

1. CER/WER (``puthi.ocr.metrics.score``) on the real memoir OCR pairs (``../shared/data/memoir-ocr-dev.json``)
   against the textbook Python dynamic programme over the same graphemes (first 4 pairs, it is slow); the
   distances must agree. The CER figure over all 18 pairs is printed too (the data README records 12.4 %).
2. ``render`` of a 20-line page, clean and degraded, against Pillow drawing the same lines with no layout
   bookkeeping and no degradation.
3. ``to_hocr``/``read_hocr`` and ``to_alto``/``read_alto`` (+ ``validate_alto``) of that page against
   ``json.dumps(page.to_dict())``/``Page.from_dict``.

    nice .venv/bin/python -m bench.formats       # writes bench/results/formats.md
"""

from __future__ import annotations

import json
import platform
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
SHARED = ROOT.parent / "shared"
MEMOIR = SHARED / "data" / "memoir-ocr-dev.json"
RESULTS = ROOT / "bench" / "results" / "formats.md"
COMMAND = "nice .venv/bin/python -m bench.formats"


def best_of(fn, repeat: int = 3) -> float:
    times = []
    for _ in range(repeat):
        t = time.perf_counter()
        fn()
        times.append(time.perf_counter() - t)
    return min(times)


def textbook(a: list, b: list) -> int:
    row = list(range(len(b) + 1))
    for i, x in enumerate(a, 1):
        prev, row[0] = row[0], i
        for j, y in enumerate(b, 1):
            prev, row[j] = row[j], min(row[j] + 1, row[j - 1] + 1, prev + (x != y))
    return row[-1]


def bench_metrics() -> list[str]:
    from puthi.ocr.metrics import Score, graphemes, score, segmentation, unicode_version

    if not MEMOIR.exists():
        return [f"metrics: skipped, {MEMOIR} absent"]
    pairs = [(x["clean"], x["ocr"]) for x in json.loads(MEMOIR.read_text(encoding="utf-8"))]
    few = pairs[:4]
    fast = [score(r, h).char_errors for r, h in few]
    slow = [textbook(graphemes(r), graphemes(h)) for r, h in few]
    assert fast == slow, (fast, slow)
    n = sum(len(graphemes(r)) for r, _ in few)
    t_fast = best_of(lambda: [score(r, h) for r, h in few])
    t_slow = best_of(lambda: [textbook(graphemes(r), graphemes(h)) for r, h in few], repeat=1)
    total = sum((score(r, h) for r, h in pairs), Score())
    t_all = best_of(lambda: [score(r, h) for r, h in pairs])
    return [
        "### Metrics (memoir-ocr-dev, real OCR vs human-corrected text)",
        "",
        "| what | time | ratio |",
        "|---|---|---|",
        f"| textbook DP, char distance only, 4 pairs ({n} reference graphemes) | {t_slow:.2f} s | 1 (anchor) |",
        f"| `metrics.score` (CER **and** WER), same 4 pairs | {1000 * t_fast:.1f} ms | "
        f"{t_slow / t_fast:.0f}x faster |",
        f"| `metrics.score`, all {len(pairs)} pairs ({total.graphemes} graphemes) | {1000 * t_all:.1f} ms | |",
        "",
        f"Distances agree with the textbook DP on the 4 pairs. CER over all pairs {100 * total.cer:.2f} % "
        f"({total.char_errors}/{total.graphemes}), WER {100 * total.wer:.2f} % ({total.word_errors}/{total.words}); "
        f"the data README records 12.4 %. Unicode {unicode_version()}; {segmentation()}.",
        "",
    ]


PAGE_TEXT = "\n".join(
    f"{n} বিস্তি খেলায় চারি জন খেলোয়াড় থাকে, প্রত্যেকে তেরখানি তাস পায়। ৰং আৰু ৱাৰ" for n in range(20))


def bench_render() -> list[str]:
    from PIL import Image, ImageDraw, ImageFont

    from puthi.ocr.synth import Degradation, find_font, render

    font = find_font("Noto Serif Bengali")
    degrade = Degradation(blur=0.8, noise=10, speckle=0.002, skew=1.5, ink=0.5, light=0.3, jpeg=60)
    sample = render(PAGE_TEXT, font, size=32)

    def anchor():
        pil = ImageFont.truetype(font.path, 32, layout_engine=ImageFont.Layout.RAQM)
        img = Image.new("L", sample.image.size, 255)
        draw = ImageDraw.Draw(img)
        for i, line in enumerate(PAGE_TEXT.split("\n")):
            draw.text((16, 16 + 51 * i), line, font=pil, fill=0)

    t_anchor = best_of(anchor)
    t_clean = best_of(lambda: render(PAGE_TEXT, font, size=32))
    t_dirty = best_of(lambda: render(PAGE_TEXT, font, size=32, seed=1, degrade=degrade))
    w, h = sample.image.size
    return [
        f"### Synthetic scans (20 lines, Noto Serif Bengali 32 px, {w}x{h} px)",
        "",
        "| what | time per page | ratio to anchor |",
        "|---|---|---|",
        f"| Pillow+raqm drawing the lines, nothing else | {1000 * t_anchor:.1f} ms | 1 (anchor) |",
        f"| `render`, clean (layout, word boxes) | {1000 * t_clean:.1f} ms | {t_clean / t_anchor:.2f} |",
        f"| `render`, all seven degradations | {1000 * t_dirty:.1f} ms | {t_dirty / t_anchor:.2f} |",
        "",
    ]


def bench_formats() -> list[str]:
    from puthi.ocr.alto import read_alto, schema_path, to_alto, validate_alto
    from puthi.ocr.hocr import read_hocr, to_hocr
    from puthi.ocr.model import Page
    from puthi.ocr.synth import render

    page = render(PAGE_TEXT, "Noto Serif Bengali", size=32).page("page.png")
    n_words = len(page.words)
    t_json = best_of(lambda: Page.from_dict(json.loads(json.dumps(page.to_dict()))), repeat=5)
    t_hocr = best_of(lambda: read_hocr(to_hocr([page])), repeat=5)
    t_alto = best_of(lambda: read_alto(to_alto([page])), repeat=5)
    rows = [
        f"### hOCR and ALTO (one page, {len(page.lines)} lines, {n_words} words; write then read back)",
        "",
        "| what | time per page | ratio to anchor |",
        "|---|---|---|",
        f"| `json.dumps(page.to_dict())` + `Page.from_dict` | {1000 * t_json:.2f} ms | 1 (anchor) |",
        f"| `to_hocr` + `read_hocr` | {1000 * t_hocr:.2f} ms | {t_hocr / t_json:.1f} |",
        f"| `to_alto` + `read_alto` | {1000 * t_alto:.2f} ms | {t_alto / t_json:.1f} |",
    ]
    if schema_path().exists():
        xml = to_alto([page])
        validate_alto(xml)  # loads the schema once
        t_val = best_of(lambda: validate_alto(xml), repeat=5)
        rows.append(f"| `validate_alto` (schema loaded) | {1000 * t_val:.2f} ms | {t_val / t_json:.1f} |")
    else:
        rows.append(f"| `validate_alto` | skipped: {schema_path()} absent | |")
    return [*rows, ""]


def main() -> None:
    lines = [
        "## OCR formats, metrics and synthetic scans",
        "",
        f"Command: `{COMMAND}` (machine: {platform.machine()}, Python {platform.python_version()}; "
        "2 cores shared with other work, so absolute times are noisy: read the ratios).",
        "",
        *bench_metrics(),
        *bench_render(),
        *bench_formats(),
    ]
    text = "\n".join(lines)
    RESULTS.parent.mkdir(parents=True, exist_ok=True)
    RESULTS.write_text(text, encoding="utf-8")
    print(text)


if __name__ == "__main__":
    main()
