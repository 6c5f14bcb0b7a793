"""Benchmark: ``puthi build`` of a PDF against ``puthi build`` of the same pages as PNG files, in the same run.

The pages are real: the 100 scanned lines of ``../shared/data/degraded-ocr-train`` stacked back into their 8
page halves (``bench.corpus_speed.image_pages``), once as 8 PNG files (the anchor) and once as one PDF of 8
pages at 300 ppi. A PDF page is drawn by poppler before it is read, so its build costs a little more than the
image's; it had cost 3x more while the build drew each page as a PNG (a newcomer, session 17). The text read
differs a little, as poppler draws the page anew; the difference is reported. Fastest of ``--repeat`` runs, each
a fresh ``puthi build`` process and store:

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


def lossless_pdf(images: list, path: Path, dpi: int) -> None:
    """A PDF of grey ``images``, a page each at ``dpi``, their pixels deflated (PIL writes grey pages as JPEG,
    whose losses would make the two builds read different pixels)."""
    import zlib

    objects: list[bytes] = [b"<< /Type /Catalog /Pages 2 0 R >>", b""]
    kids = []
    for im in images:
        n = len(objects) + 1  # this page's object; its image and content follow it
        w, h = im.size
        pw, ph = w * 72 / dpi, h * 72 / dpi
        draw = f"q {pw:.2f} 0 0 {ph:.2f} 0 0 cm /I Do Q".encode()
        pixels = zlib.compress(im.tobytes())
        objects.append(f"<< /Type /Page /Parent 2 0 R /MediaBox [0 0 {pw:.2f} {ph:.2f}] /Resources "
                       f"<< /XObject << /I {n + 1} 0 R >> >> /Contents {n + 2} 0 R >>".encode())
        objects.append(f"<< /Type /XObject /Subtype /Image /Width {w} /Height {h} /ColorSpace /DeviceGray "
                       f"/BitsPerComponent 8 /Filter /FlateDecode /Length {len(pixels)} >>\nstream\n".encode()
                       + pixels + b"\nendstream")
        objects.append(f"<< /Length {len(draw)} >>\nstream\n".encode() + draw + b"\nendstream")
        kids.append(f"{n} 0 R")
    objects[1] = f"<< /Type /Pages /Kids [{' '.join(kids)}] /Count {len(kids)} >>".encode()
    out, offsets = bytearray(b"%PDF-1.4\n"), []
    for k, body in enumerate(objects, start=1):
        offsets.append(len(out))
        out += f"{k} 0 obj\n".encode() + body + b"\nendobj\n"
    xref = len(out)
    out += f"xref\n0 {len(objects) + 1}\n0000000000 65535 f \n".encode()
    out += b"".join(f"{o:010d} 00000 n \n".encode() for o in offsets)
    out += f"trailer\n<< /Size {len(objects) + 1} /Root 1 0 R >>\nstartxref\n{xref}\n%%EOF\n".encode()
    path.write_bytes(bytes(out))


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
        for p in pngs:  # at the resolution the PDF's pages are drawn at, so that both are read alike
            Image.open(p).save(p, dpi=(300, 300))
        pdf = work / "book.pdf"
        lossless_pdf([Image.open(p).convert("L") for p in pngs], pdf, dpi=300)
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
    from puthi.ocr.metrics import cer

    differ = cer("\n".join(texts["8 PNG files (anchor)"]), "\n".join(texts["one PDF of the 8 pages"]))
    print(f"`nice .venv/bin/python -m bench.pdf_build --repeat {args.repeat} --workers {args.workers}`\n")
    print("| build | seconds | ratio to the PNG files |\n|---|---|---|")
    for name, s in best.items():
        print(f"| {name} | {s:.1f} | {s / anchor:.2f} |")
    print(f"\nThe PDF build's OCR text differs from the PNG build's by a grapheme CER of {differ:.2%} (poppler draws "
          "the page anew, not pixel for pixel).")


if __name__ == "__main__":
    main()
