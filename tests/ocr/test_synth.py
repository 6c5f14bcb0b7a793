"""Synthetic scans: fonts found, text shaped, degradations seeded, samples written whole."""

from dataclasses import replace

import numpy as np
import pytest
from PIL import Image, features

from puthi.errors import InputError, MissingDependencyError, OutputError
from puthi.ocr import synth
from puthi.ocr.fonts import ASSAMESE_LETTERS, Font, find_font, list_fonts, parse_charset
from puthi.ocr.synth import Degradation, render, write_sample

TEXT = "বিস্তি খেলায় দুই জন খেলোয়াড়"
ASSAMESE = "দছ-গুটি খেলত ৰঙা আৰু ৱাৰ"


def dark(image: Image.Image, below: int = 128) -> np.ndarray:
    return np.asarray(image) < below


def test_fonts_found_with_assamese_coverage():
    fonts = list_fonts()
    assert fonts, "no Bengali-script font installed (fonts-beng, fonts-noto-core, Lohit)"
    assert len({f.path for f in fonts}) == len(fonts)
    lohit = find_font("Lohit Assamese")
    assert lohit.assamese and "as" in lohit.langs
    assert lohit.covers(ASSAMESE)
    assert find_font(lohit.path) == lohit


def test_charset_parsing_keeps_only_the_bengali_block():
    points = parse_charset("20-7e 97f-983 9f0 a00-a05")
    assert points == {0x980, 0x981, 0x982, 0x983, 0x9F0}


def test_unknown_font_is_a_clear_error():
    with pytest.raises(MissingDependencyError, match="no installed Bengali-script font"):
        find_font("Comic Sans Bengali")


def test_font_without_a_glyph_is_refused():
    real = find_font("Lohit Bengali")
    no_ra = replace(real, codepoints=real.codepoints - {ord(c) for c in ASSAMESE_LETTERS})
    with pytest.raises(InputError, match="RA WITH MIDDLE DIAGONAL"):
        render(ASSAMESE, no_ra, size=20)


def test_missing_raqm_fails_clearly(monkeypatch):
    monkeypatch.setattr(synth.features, "check", lambda name: False if name == "raqm" else features.check(name))
    with pytest.raises(MissingDependencyError, match="libraqm"):
        render(TEXT, "Lohit Bengali")


def _ink_columns(image: Image.Image) -> np.ndarray:
    mask = dark(image)
    cols = np.where(mask.any(axis=0))[0]
    return mask[:, cols[0]:cols[-1] + 1]


def _overlap(a: np.ndarray, b: np.ndarray) -> float:
    return float((a & b).sum() / (a | b).sum())


@pytest.mark.parametrize("family", ["Lohit Bengali", "Noto Serif Bengali", "Mitra"])
def test_pre_base_vowel_sign_is_drawn_before_its_consonant(family):
    """Shaped, কে is the e-sign then ক: ক alone matches the right end of কে, not its left end."""
    ka = _ink_columns(render("\N{BENGALI LETTER KA}", family, size=40).image)
    ke = _ink_columns(render("\N{BENGALI LETTER KA}\N{BENGALI VOWEL SIGN E}", family, size=40).image)
    w = ka.shape[1]
    assert ke.shape[1] > w
    assert _overlap(ka, ke[:, -w:]) > 0.9
    assert _overlap(ka, ke[:, :w]) < 0.6


def test_same_seed_same_image_other_seed_other_image():
    d = Degradation(blur=0.7, noise=12, speckle=0.01, skew=1.5, ink=0.5, light=0.3, jpeg=60)
    a = render(TEXT, "Noto Sans Bengali", size=28, seed=11, degrade=d)
    b = render(TEXT, "Noto Sans Bengali", size=28, seed=11, degrade=d)
    c = render(TEXT, "Noto Sans Bengali", size=28, seed=12, degrade=d)
    assert a.image.tobytes() == b.image.tobytes()
    assert a.image.tobytes() != c.image.tobytes()
    assert Degradation.random(5, 0.7) == Degradation.random(5, 0.7)
    assert len({Degradation.random(s, 0.7) for s in range(20)}) > 10


@pytest.mark.parametrize("change", [
    {"blur": 1.0}, {"noise": 10.0}, {"speckle": 0.02}, {"skew": 2.0}, {"ink": 1.0}, {"ink": -0.5},
    {"light": 0.4}, {"jpeg": 30},
])
def test_each_degradation_changes_the_image(change):
    clean = render(TEXT, "Lohit Bengali", size=28, seed=3)
    spoilt = render(TEXT, "Lohit Bengali", size=28, seed=3, degrade=Degradation(**change))
    assert clean.image.size == spoilt.image.size
    assert clean.image.tobytes() != spoilt.image.tobytes()
    assert spoilt.text == clean.text == TEXT


def test_ink_spread_adds_ink_and_erosion_removes_it():
    ink = {x: dark(render(TEXT, "Noto Serif Bengali", size=36, degrade=Degradation(ink=x)).image).sum()
           for x in (-0.5, 0.0, 1.0)}
    assert ink[-0.5] < ink[0.0] < ink[1.0]


def test_light_darkens_the_paper_unevenly():
    img = np.asarray(render(TEXT, "Lohit Bengali", size=28, seed=4, degrade=Degradation(light=0.5)).image)
    paper = img[img > 60]
    assert paper.max() >= 250 and paper.min() < 160


def test_bad_degradation_settings_are_refused():
    for bad in ({"jpeg": 100}, {"speckle": 2.0}, {"blur": -1.0}, {"skew": 90.0}):
        with pytest.raises(ValueError):
            Degradation(**bad)


def test_ink_lies_inside_the_word_boxes():
    s = render(TEXT + "\n" + ASSAMESE, "Lohit Assamese", size=30, lang="as")
    mask = dark(s.image, 200)
    inside = np.zeros_like(mask)
    for row in s.word_boxes:
        for b in row:
            inside[max(0, b.y0 - 1):b.y1 + 1, max(0, b.x0 - 1):b.x1 + 1] = True
    assert mask.sum() > 500
    assert (mask & ~inside).sum() == 0
    assert [len(r) for r in s.word_boxes] == [len(t.split()) for t in s.lines]


def test_skew_moves_the_boxes_with_the_text():
    clean = render(TEXT + "\n" + TEXT, "Lohit Bengali", size=30)
    tilted = render(TEXT + "\n" + TEXT, "Lohit Bengali", size=30, degrade=Degradation(skew=3.0))
    assert tilted.line_boxes != clean.line_boxes
    # a counter-clockwise turn lifts the right end: the tilted line box is taller.
    assert tilted.line_boxes[0].height > clean.line_boxes[0].height
    assert all(0 <= b.x0 < b.x1 <= tilted.image.width and 0 <= b.y0 < b.y1 <= tilted.image.height
               for b in tilted.line_boxes)


def test_pages_wrap_to_the_width_and_keep_the_text():
    words = (TEXT + " ") * 8
    s = render(words + "\n" + ASSAMESE, "Noto Serif Bengali", size=24, width=500, lang="as")
    assert s.image.width == 500
    assert len(s.lines) > 3
    assert " ".join(s.lines).split() == s.text.split()
    assert all(b.x1 <= 500 for b in s.line_boxes)
    assert s.text.split("\n")[1] == ASSAMESE
    page = s.page("synthetic.png")
    assert [ln.text for ln in page.lines] == s.lines
    assert page.steps[0].settings["seed"] == 0


def test_single_line_is_as_wide_as_its_text():
    short = render("তাস", "Lohit Bengali", size=30)
    long = render(TEXT, "Lohit Bengali", size=30)
    assert short.image.height == long.image.height
    assert short.image.width < long.image.width
    assert short.lines == ["তাস"]


def test_empty_text_is_refused():
    with pytest.raises(InputError, match="no text"):
        render(" \n ", "Lohit Bengali")


def test_text_is_stored_in_nfc():
    # য় (YYA) is a composition exclusion: NFC writes it as YA + NUKTA, and so must the ground truth.
    s = render("\N{BENGALI LETTER YYA}", "Lohit Bengali", size=20)
    assert s.text == "\N{BENGALI LETTER YA}\N{BENGALI SIGN NUKTA}"


def test_write_sample_writes_both_files_whole(tmp_path):
    s = render(ASSAMESE, "Lohit Assamese", size=24, seed=2, degrade=Degradation(noise=5), lang="as")
    png, gt = write_sample(s, tmp_path / "out", "as-0001")
    assert gt.read_text(encoding="utf-8") == ASSAMESE + "\n"
    with Image.open(png) as im:
        assert im.size == s.image.size
        assert np.array_equal(np.asarray(im), np.asarray(s.image))
        assert '"seed": 2' in im.info["puthi-synth"]
    assert sorted(p.name for p in (tmp_path / "out").iterdir()) == ["as-0001.gt.txt", "as-0001.png"]


def test_write_sample_refuses_paths_as_stems(tmp_path):
    s = render("তাস", "Lohit Bengali", size=20)
    with pytest.raises(OutputError, match="plain file name"):
        write_sample(s, tmp_path, "../escape")


def test_write_sample_into_an_unwritable_place(tmp_path):
    blocker = tmp_path / "file"
    blocker.write_text("x")
    with pytest.raises(OutputError):
        write_sample(render("তাস", "Lohit Bengali", size=20), blocker / "sub", "a")


def test_every_installed_font_renders_bengali_and_assamese():
    for font in list_fonts():
        if not font.covers(ASSAMESE):
            continue
        s = render(ASSAMESE, font, size=22)
        assert dark(s.image).sum() > 100, font.name


def test_font_records_are_plain_data():
    f = Font("/x.ttf", "X", "Regular", ("bn",), frozenset({0x995}))
    assert f.covers("ক") and not f.covers("খ") and f.covers("abc") and not f.assamese
