"""Benchmark: ``puthi build`` of a PDF against ``puthi build`` of the same pages as PNG files, in the same run.

The pages are real: the 100 scanned lines of ``../shared/data/degraded-ocr-train`` stacked back into their 8
page halves (``bench.corpus_speed.image_pages``), once as 8 PNG files (the anchor) and once as one PDF of 8
pages at 300 ppi. A PDF page is drawn by poppler before it is read, so its build costs a little more than the
image's; it had cost 3x more while the build drew each page as a PNG (a newcomer, session 17). The words read
must be the same in both. Fastest of ``--repeat`` runs, each a fresh ``puthi build`` process and store:

    nice .venv/bin/python -m bench.pdf_build [--repeat 2] [--workers 2]
"""

from __future__ import annotations

import argparse
import sqlite3
import sys
import tempfile
from pathlib import Path

from bench.corpus_speed import image_pages, run_build


def words(db: Path) -> list[str]:
    """The text of every stored page, in page order (the PNG files' pages in file order)."""
    conn = sqlite3.connect(db)
    try:
        return [t for (t,) in conn.execute("SELECT p.ocr_text FROM pages p JOIN documents d ON d.id = p.doc_id "
                                           "ORDER BY d.name, p.page_no")]
    finally:
        conn.close()


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--repeat", type=int, default=1)
    ap.add_argument("--workers", type=int, default=2)
    args = ap.parse_args()
    from PIL import Image

    with tempfile.TemporaryDirectory(prefix="puthi-bench-pdf-") as tmp:
        work = Path(tmp)
        (work / "png").mkdir()
        pngs = image_pages(work / "png")
        pages = [Image.open(p).convert("L") for p in pngs]
        pdf = work / "book.pdf"
        pages[0].save(pdf, save_all=True, append_images=pages[1:], resolution=300)
        best: dict[str, float] = {}
        texts: dict[str, list[str]] = {}
        for r in range(args.repeat):
            for name, sources in (("8 PNG files (anchor)", pngs), ("one PDF of the 8 pages", [pdf])):
                db = work / f"{r}-{len(sources)}.sqlite"
                seconds = run_build(sources, db, "--workers", str(args.workers))
                best[name] = min(best.get(name, seconds), seconds)
                texts[name] = words(db)
                print(f"{name}: {seconds:.1f} s", file=sys.stderr)
    anchor = best["8 PNG files (anchor)"]
    same = texts["8 PNG files (anchor)"] == texts["one PDF of the 8 pages"]
    print(f"`nice .venv/bin/python -m bench.pdf_build --repeat {args.repeat} --workers {args.workers}`\n")
    print("| build | seconds | ratio to the PNG files |\n|---|---|---|")
    for name, s in best.items():
        print(f"| {name} | {s:.1f} | {s / anchor:.2f} |")
    print(f"\nThe OCR text of the 8 pages is {'the same' if same else 'NOT the same'} in both builds.")


if __name__ == "__main__":
    main()
