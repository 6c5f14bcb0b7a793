"""Benchmark 3: pages per second, puthi ocr (1 and 2 workers) vs raw Tesseract on the same pages.

Pages: full synthetic pages of real Bengali prose (the ``clean`` side of ../shared/data/memoir-ocr-dev.json)
rendered with puthi.ocr.synth in several fonts with seeded degradations, written as PNG. The anchor is the
``tesseract`` program run once per page exactly as a user would (``tesseract PAGE - -l ben``), first with
OpenMP as installed, then with ``OMP_THREAD_LIMIT=1``; both are reported. The machine is shared (2 cores),
so the load average at the start and end of the run is printed beside the figures.

    .venv/bin/python -m bench.ocr_speed [--pages 8] [--repeat 2]
"""

from __future__ import annotations

import argparse
import json
import os
import tempfile
import time
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

from bench._ocr_common import SHARED, raw_tesseract, skip, table, write_section

FONTS = ("Noto Serif Bengali", "Lohit Bengali", "Mukti", "Noto Sans Bengali", "Jamrul", "Likhan")


def make_pages(folder: Path, n: int) -> list[str]:
    from puthi.ocr.synth import Degradation, find_font, render

    src = SHARED / "data" / "memoir-ocr-dev.json"
    if not src.exists():
        skip(f"{src} not found (the shared data folder sits beside the repository)")
    texts = [seg["clean"] for seg in json.loads(src.read_text(encoding="utf-8"))]
    paths = []
    for i in range(n):
        text = texts[i % len(texts)]
        text = "\n".join(ln for ln in text.splitlines() if ln.strip())[:1400]
        fonts = [f for f in (find_font(name) for name in FONTS) if f.covers(text)]
        sample = render(text, fonts[i % len(fonts)], size=30, width=1650, seed=i,
                        degrade=Degradation.random(i, strength=0.4))
        path = folder / f"page{i:02d}.png"
        sample.image.save(path)
        paths.append(str(path))
    return paths


def raw_two_at_once(pages: list[str]) -> None:
    """Single-threaded raw Tesseract, two processes at a time."""
    with ThreadPoolExecutor(2) as pool:
        list(pool.map(lambda p: raw_tesseract(p, lang="ben", psm=3, omp_limit=True), pages))


def timed(fn) -> float:
    """Seconds ``fn()`` takes."""
    t = time.perf_counter()
    fn()
    return time.perf_counter() - t


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--pages", type=int, default=8)
    ap.add_argument("--repeat", type=int, default=2, help="rounds over all pages; times are averaged")
    args = ap.parse_args()
    from puthi.ocr.recognize import RECIPES, OcrSettings, ocr_batch, ocr_path

    load0 = os.getloadavg()[0]
    with tempfile.TemporaryDirectory() as tmp:
        pages = make_pages(Path(tmp), args.pages)
        ocr_batch(pages[:1], lang="ben", progress=False)   # warm the page cache and the models
        # Page by page, every contender in turn, so a burst of load from other work hits them all alike.
        per_page = {
            "raw tesseract -l ben (OpenMP as installed)": lambda p: raw_tesseract(p, lang="ben", psm=3),
            "raw tesseract -l ben, OMP_THREAD_LIMIT=1": lambda p: raw_tesseract(p, lang="ben", psm=3,
                                                                                omp_limit=True),
            "puthi ocr --lang ben, 1 worker": lambda p: ocr_path(p, lang="ben"),
            "puthi ocr --lang auto, 1 worker": lambda p: ocr_path(p, lang="auto"),
            "puthi, no preprocessing, one ben reading, 1 worker": lambda p: ocr_path(
                p, lang="ben", settings=OcrSettings.raw("ben")),
        }
        runs = dict.fromkeys(per_page, 0.0)
        runs["raw tesseract -l ben, OMP_THREAD_LIMIT=1, 2 processes at once"] = 0.0
        runs["puthi ocr --lang ben --fast, 1 worker (batch)"] = 0.0
        runs["puthi ocr --lang ben, 2 workers (batch)"] = 0.0
        runs["puthi ocr --lang ben, 1 worker (batch)"] = 0.0
        for _ in range(args.repeat):
            for page in pages:
                for name, fn in per_page.items():
                    runs[name] += timed(lambda fn=fn, page=page: fn(page))
            runs["raw tesseract -l ben, OMP_THREAD_LIMIT=1, 2 processes at once"] += timed(
                lambda: raw_two_at_once(pages))
            runs["puthi ocr --lang ben --fast, 1 worker (batch)"] += timed(
                lambda: ocr_batch(pages, lang="ben", settings=OcrSettings.fast(), workers=1, progress=False))
            runs["puthi ocr --lang ben, 2 workers (batch)"] += timed(
                lambda: ocr_batch(pages, lang="ben", workers=2, progress=False))
            runs["puthi ocr --lang ben, 1 worker (batch)"] += timed(
                lambda: ocr_batch(pages, lang="ben", workers=1, progress=False))
        runs = {k: v / args.repeat for k, v in runs.items()}
    load1 = os.getloadavg()[0]
    anchor_omp = runs["raw tesseract -l ben (OpenMP as installed)"]
    anchor_one = runs["raw tesseract -l ben, OMP_THREAD_LIMIT=1"]
    one = runs["puthi ocr --lang ben, 1 worker (batch)"]
    rows = []
    for name, secs in runs.items():
        rows.append([name, f"{secs:.1f}", f"{len(pages) / secs:.2f}", f"{anchor_omp / secs:.2f}x",
                     f"{anchor_one / secs:.2f}x", f"{one / secs:.2f}x"])
    header = ["run", "seconds", "pages/s", "vs raw (OpenMP)", "vs raw (1 thread)", "vs puthi 1 worker"]
    seq = runs["raw tesseract -l ben, OMP_THREAD_LIMIT=1"]
    par = runs["raw tesseract -l ben, OMP_THREAD_LIMIT=1, 2 processes at once"]
    two = runs["puthi ocr --lang ben, 2 workers (batch)"]
    body = (
        "## 3. Speed\n\n"
        f"Command: `.venv/bin/python -m bench.ocr_speed --pages {args.pages} --repeat {args.repeat}`; "
        f"{len(pages)} synthetic pages (1650 px wide, real Bengali prose, degraded), recipe ben = "
        f"`{RECIPES['ben']}`. Load average (1 min) {load0:.2f} at the start, {load1:.2f} at the end, on a "
        f"{os.cpu_count()}-core machine shared with other work.\n\n" + table(header, rows) + "\n\n"
        f"Two workers vs one: {one / two:.2f}x; in the same run, two raw Tesseract processes at once vs one after "
        f"the other: {seq / par:.2f}x (the parallelism the machine offered at that moment).\n"
    )
    print(body)
    write_section("ocr_speed", body)


if __name__ == "__main__":
    main()
