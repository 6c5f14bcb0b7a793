"""Helpers shared by the corpus tests (imported by path: the suite runs with --import-mode=importlib)."""

from __future__ import annotations

from pathlib import Path

import pytest

from puthi.normalize.edits import Edit

SHARED = Path(__file__).resolve().parents[2] / ".." / "shared"
SEEDS = SHARED / "seeds"
RA = "\N{BENGALI LETTER RA WITH MIDDLE DIAGONAL}"
BA = "\N{BENGALI LETTER BA}"
BENGALI_DIGITS = str.maketrans("0123456789", "".join(chr(ord("\N{BENGALI DIGIT ZERO}") + i) for i in range(10)))


def seed_files() -> list[Path]:
    files = sorted(SEEDS.glob("*.txt"))
    if not files:
        pytest.skip(f"the seed texts are not at {SEEDS}; put shared/ beside the repository")
    return files


def quick_repair(text: str, lang: str) -> tuple[str, list[Edit], str]:
    """A stand-in for the repair stage in tests of the pipeline's machinery: ৰ → ব outside Assamese."""
    edits = [] if lang == "asm" else [Edit(i, i + 1, RA, BA, "test-ra", 0.9) for i, ch in enumerate(text) if ch == RA]
    out = "".join(BA if ch == RA and lang != "asm" else ch for ch in text)
    return out, edits, "bn"


def bengali_pages(n: int, seed: int = 0) -> str:
    """``n`` short pages of Bengali text split by form feeds, each with a ৰ the repair changes."""
    words = ["তাস", "খেলা", "হইবে", f"{RA}িস্তি", "ফোটা", "কুড়ি", "পাইবে", "গোলাম", "সাহেব", "বিবি"]
    pages = []
    for p in range(n):
        line = " ".join(words[(p * 3 + k + seed) % len(words)] for k in range(8))
        number = str(p + 1).translate(BENGALI_DIGITS)
        pages.append(f"{line} ।\nপাতা {number}")
    return "\f".join(pages)


def two_page_pdf(folder: Path) -> tuple[Path, list]:
    """``folder/book.pdf`` of two rendered pages ("তাস খেলা", "ফোটা কুড়ি"), and the pages' images."""
    synth = pytest.importorskip("puthi.ocr.synth")
    font = synth.find_font("Noto Sans Bengali")
    pages = [synth.render(t, font, size=40, seed=1).image.convert("RGB") for t in ("তাস খেলা", "ফোটা কুড়ি")]
    pdf = folder / "book.pdf"
    pages[0].save(pdf, save_all=True, append_images=pages[1:], resolution=150)
    return pdf, pages
