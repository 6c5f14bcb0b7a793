"""Preprocessing: each step does what it says, is recorded with its settings, and boxes map back."""

import cv2
import numpy as np
import pytest

from puthi.ocr.model import Box
from puthi.ocr.preprocess import (
    Settings,
    binarize,
    deskew_angle,
    estimate_text_height,
    preprocess,
    remove_borders,
    to_gray,
)
from puthi.ocr.synth import Degradation, render


@pytest.fixture(scope="module")
def line():
    return render("গোলাম নহলা টেক্কা দহলা", "Noto Serif Bengali", size=24)


@pytest.fixture(scope="module")
def page():
    text = "তাস খেলার নিয়ম\nচারজন খেলোয়াড় দুই দলে বসেন\nপ্রত্যেকে আটখানি তাস পান\nগোলাম সবার বড় তাস"
    return render(text, "Lohit Bengali", size=28)


def test_raw_settings_do_nothing(line):
    out = preprocess(line.image, Settings.raw())
    assert out.steps == []
    assert np.array_equal(out.image, np.asarray(line.image))
    assert np.allclose(out.transform, np.eye(3))


def test_text_height_follows_font_size():
    small = estimate_text_height(np.asarray(render("গোলাম নহলা টেক্কা", "Lohit Bengali", size=20).image))
    big = estimate_text_height(np.asarray(render("গোলাম নহলা টেক্কা", "Lohit Bengali", size=40).image))
    assert small and big
    assert 1.7 < big / small < 2.3
    assert estimate_text_height(np.full((30, 30), 255, np.uint8)) is None


def test_rescale_reaches_target_height(line):
    out = preprocess(line.image, Settings(target_height=40, deskew=False, borders=False, pad=0))
    step = next(s for s in out.steps if s.name == "rescale")
    assert step.settings["target_height"] == 40
    assert abs(estimate_text_height(out.image) - 40) <= 4
    # no downscaling below 1.0 by default
    out = preprocess(line.image, Settings(target_height=5, deskew=False, borders=False, pad=0))
    assert "rescale" not in [s.name for s in out.steps]


@pytest.mark.parametrize("angle", [-3.0, -1.2, 2.5])
def test_deskew_finds_the_tilt_of_a_page(page, angle):
    tilted = render(page.text, "Lohit Bengali", size=28, degrade=Degradation(skew=angle)).image
    found = deskew_angle(np.asarray(tilted))
    assert abs(found - angle) <= 0.3


def test_deskew_step_straightens_and_records_angle(page):
    tilted = render(page.text, "Lohit Bengali", size=28, degrade=Degradation(skew=2.0)).image
    out = preprocess(tilted, Settings(target_height=None, borders=False, pad=0))
    step = next(s for s in out.steps if s.name == "deskew")
    assert abs(step.settings["angle"] - 2.0) <= 0.3
    assert abs(deskew_angle(out.image)) <= 0.3


@pytest.mark.parametrize("method", ["otsu", "sauvola", "adaptive"])
def test_binarisation_gives_black_and_white_and_keeps_text_dark(line, method):
    gray = to_gray(render("গোলাম নহলা", "Lohit Bengali", size=32,
                          degrade=Degradation(light=0.4, noise=5)).image)
    out = binarize(gray, method, window=31)
    assert set(np.unique(out).tolist()) <= {0, 255}
    ink = gray < 100
    assert (out[ink] == 0).mean() > 0.9


def test_sauvola_copes_with_uneven_light_better_than_otsu():
    gray = np.full((120, 400), 255, np.uint8)
    gray[:, 200:] = 110                           # the right half in shadow
    gray[50:70, 20:180:30] = 0                    # text in the light
    gray[50:70, 220:380:30] = 40                  # text in the shadow
    otsu = binarize(gray, "otsu")
    sauvola = binarize(gray, "sauvola", window=41)
    shadow_paper = (slice(0, 40), slice(220, 400))
    assert (otsu[shadow_paper] == 0).mean() > 0.9       # Otsu blackens the shadow
    assert (sauvola[shadow_paper] == 255).mean() > 0.9  # Sauvola keeps it paper


def test_flattening_evens_out_a_shadow():
    shadowed = np.asarray(render("গোলাম নহলা টেক্কা\nতাস খেলার নিয়ম", "Lohit Bengali", size=30,
                                 degrade=Degradation(light=0.6)).image)
    out = preprocess(shadowed, Settings(target_height=None, deskew=False, borders=False, pad=0)).image
    paper_before = np.percentile(shadowed, 90, axis=0)
    paper_after = np.percentile(out, 90, axis=0)
    assert paper_before.max() - paper_before.min() > 40
    assert paper_after.max() - paper_after.min() < 15


def test_border_removal_keeps_text(page):
    img = np.asarray(page.image).copy()
    img[:, :12] = 20                              # a dark scanner margin
    out, n = remove_borders(img, estimate_text_height(np.asarray(page.image)))
    assert n == 1
    assert out[:, :12].min() == 255
    assert (out[:, 12:] == img[:, 12:]).all()


def test_every_enabled_step_is_recorded_with_settings(page):
    tilted = render(page.text, "Noto Serif Bengali", size=14, degrade=Degradation(skew=3.0, noise=10)).image
    s = Settings(target_height=30, denoise="median", binarize="sauvola", pad=7)
    out = preprocess(tilted.convert("RGB"), s)
    names = [st.name for st in out.steps]
    assert names == ["grayscale", "flatten", "rescale", "deskew", "denoise", "binarize", "pad"]
    assert out.steps[-1].settings == {"pixels": 7}
    assert out.steps[-2].settings["method"] == "sauvola"


def test_boxes_map_back_to_the_original(line):
    s = Settings(target_height=48, deskew=False, pad=10)
    out = preprocess(line.image, s)
    scale = next(st for st in out.steps if st.name == "rescale").settings["scale"]
    orig = Box(30, 5, 90, 25)
    on_prepared = Box(round(30 * scale) + 10, round(5 * scale) + 10, round(90 * scale) + 10, round(25 * scale) + 10)
    back = out.to_original(on_prepared)
    assert all(abs(a - b) <= 1 for a, b in zip(
        (back.x0, back.y0, back.x1, back.y1), (orig.x0, orig.y0, orig.x1, orig.y1), strict=True))


def test_single_lines_are_not_rotated(line):
    tilted = render(line.text, "Noto Serif Bengali", size=24, degrade=Degradation(skew=2.0)).image
    assert "deskew" not in [s.name for s in preprocess(tilted).steps]


def test_rotation_maps_back_through_the_inverse():
    img = np.full((200, 300), 255, np.uint8)
    for y in (40, 80, 120, 160):
        img[y:y + 6, 30:270] = 0
    tilted = cv2.warpAffine(img, cv2.getRotationMatrix2D((150, 100), 3.0, 1.0), (300, 200), borderValue=255)
    out = preprocess(tilted, Settings(target_height=None, borders=False, flatten=False, pad=0))
    assert [s.name for s in out.steps] == ["deskew"]
    h, w = out.image.shape                        # the turned image sits on a larger canvas, centred
    centre = out.to_original(Box(w // 2 - 1, h // 2 - 1, w // 2 + 1, h // 2 + 1))
    assert abs((centre.x0 + centre.x1) / 2 - 150) <= 2 and abs((centre.y0 + centre.y1) / 2 - 100) <= 2


def test_settings_are_plain_data():
    s = Settings().but(binarize="otsu")
    assert s.to_dict()["binarize"] == "otsu"
    with pytest.raises(ValueError, match="unknown binarisation"):
        binarize(np.zeros((4, 4), np.uint8), "magic")  # type: ignore[arg-type]


def test_paper_grain_around_a_few_black_words_is_no_faint_ink():
    # a review: on a title page the 0.5th percentile was the paper's grain, which was stretched into ink
    from PIL import Image, ImageDraw, ImageFont

    from puthi.ocr.preprocess import darken_faint_ink, flatten_light
    from puthi.ocr.synth import find_font

    paper = np.clip(np.random.default_rng(0).normal(238, 6, (1200, 850)), 0, 255).astype(np.uint8)
    font = ImageFont.truetype(find_font("Lohit Bengali").path, 40)
    img = Image.fromarray(paper)
    ImageDraw.Draw(img).text((250, 150), "দ্বিতীয় অধ্যায়", fill=10, font=font)
    assert darken_faint_ink(flatten_light(np.asarray(img)))[1] is None
    full = Image.new("L", (850, 1200), 255)  # a page full of words, printed pale on the same paper
    for row in range(20):
        ImageDraw.Draw(full).text((40, 40 + 55 * row), "দ্বিতীয় অধ্যায় তাস খেলার নিয়ম", fill=0, font=font)
    faint = np.where(np.asarray(full) < 128, 190, paper).astype(np.uint8)
    assert darken_faint_ink(flatten_light(faint))[1] is not None


def test_a_pale_picture_beside_black_print_is_no_faint_ink():
    # a review: a photo's grey was taken for faint ink, stretched, and the black caption's fine strokes smoothed away
    from puthi.ocr.preprocess import darken_faint_ink, flatten_light

    rng = np.random.default_rng(1)
    page = np.full((1200, 1600), 245, np.uint8)
    blocks = np.clip(rng.normal(190, 30, (80, 80)), 0, 255).astype(np.uint8)
    page[100:580, 100:580] = np.kron(blocks, np.ones((6, 6), np.uint8))  # a halftone photo
    page[700:702, 100:1400:3] = 20  # a caption's 1-px strokes in black
    page[760:762, 100:1400:3] = 20
    assert darken_faint_ink(flatten_light(page))[1] is None


def test_a_noisy_page_is_smoothed_first_and_a_clean_page_or_a_line_not(page, line):
    # a newcomer's speckled Assamese page lost most of a line: Tesseract took the specks into its text lines
    noisy = render(page.text, "Lohit Bengali", size=28, seed=3, degrade=Degradation(noise=18.0, speckle=0.005))
    steps = preprocess(noisy.image).steps
    assert [st.name for st in steps][:2] == ["denoise", "flatten"]
    assert steps[0].settings["specks_per_glyph"] >= 6
    for clean in (page, line):
        assert "denoise" not in [st.name for st in preprocess(clean.image).steps]
    # nor clean small print, whose thin strokes a measure of paper grain had taken for grain (a review)
    small = render(page.text, "Lohit Bengali", size=14, seed=1)
    assert "denoise" not in [st.name for st in preprocess(small.image).steps]
    assert "denoise" not in [st.name for st in preprocess(noisy.image, Settings(denoise="none")).steps]
