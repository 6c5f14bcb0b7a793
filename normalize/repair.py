"""The repair stage: normalise, undo wrong-script garble, correct OCR damage; every change an Edit.

:func:`repair_line` runs three passes on one line and carries every edit back onto the line as given
(:mod:`puthi.normalize.compose`), so replaying ``Repair.edits`` on the input reproduces ``Repair.text``:

0. with the document's counts of noise lines (``line_counts``), a line of soup that recurs through the text,
   such as a watermark on every page, is emptied as page furniture (:mod:`puthi.normalize.furniture`);
1. Unicode normalisation (:mod:`puthi.normalize.unicode`);
1b. English passages that a Bengali OCR model turned into digit soup are read back as English where the
   reading is likely enough (:mod:`puthi.normalize.noise`, rule ``english-from-soup``; ``english=False``
   skips it);
2. Bengali only, and only on lines with a garbled token (:func:`puthi.normalize.detect.has_garble`):
   wrong-script repair of Devanagari/Latin garble by ``puthi.normalize.garble.fix_line``, when that module is
   installed (it is built separately; without it garbled runs are left as they are);
3. word correction (:mod:`puthi.normalize.correct`): OCR confusions, and in Bengali documents Assamese
   letters and digit look-alikes.

:func:`repair_text` repairs a document line by line. With ``lang="auto"`` the language is decided from
the evidence of the whole text (:func:`puthi.normalize.detect.detect_lang`), so Assamese ৰ ৱ are
protected in Assamese documents and repaired in Bengali ones.

>>> r = repair_text("যদি কাহারও ৰিস্তি আদি না থাকে, তাহা হইলে দুই কুড়ি সাত ফোটা")
>>> r.text, r.lang, [(e.before, e.after, e.rule) for e in r.edits]
('যদি কাহারও বিস্তি আদি না থাকে, তাহা হইলে দুই কুড়ি সাত ফোটা', 'bn', [('ৰিস্তি', 'বিস্তি', 'assamese-letter-in-bengali')])
>>> repair_text("দছ-গুটি খেলত দুজন খেলুৱৈ থাকে আৰু প্ৰতিজনৰ দহটা গুটি থাকে।").edits
[]
"""

from __future__ import annotations

import importlib
import warnings
from collections import Counter
from collections.abc import Mapping
from dataclasses import dataclass, field

import regex

from puthi.normalize.compose import compose
from puthi.normalize.correct import (
    correct_line,
    digit_edits,
    glued_danda_edits,
    mixed_digit_edits,
    only_adds_candrabindu,
    word_correction,
)
from puthi.normalize.detect import (
    LanguageRun,
    detect_lang,
    has_garble,
    lang_evidence,
    line_lang,
    ra_written_as_assamese,
)
from puthi.normalize.edits import Edit, apply_edits
from puthi.normalize.furniture import NoiseLines, furniture_edit
from puthi.normalize.noise import MIN_CONFIDENCE, english_edits
from puthi.normalize.unicode import normalize, normalized

MAX_LINE = 100_000  # longer lines are normalised only (a binary or a book without line breaks)
_WORD_EDGE = "\"'“”‘’«»,;:?!.।॥\u09f7()[]-–—…|\u200c\u200d"  # with ৷, the danda Bengali fonts draw
_ASCII = regex.compile(r"[0-9A-Za-z]")
_BENGALI_WORD = regex.compile(r"^[\u0980-\u09ff\u200c\u200d]+$")
_INDIC_SIGN = regex.compile(r"[\u0900-\u097f\u0980-\u09e5\u09f0-\u09f1]")  # Devanagari digits too: [१२४]


@dataclass
class Repair:
    """A repaired text, the edits on the original input that produce it, and the language used."""

    text: str
    edits: list[Edit] = field(default_factory=list)
    lang: str = "bn"


def keep_confident(line: str, repair: Repair, min_confidence: float) -> tuple[Repair, list[Edit]]:
    """``repair`` of ``line`` with only the edits at least ``min_confidence`` sure, and the edits left out.

    The edits of a repair never overlap, so any of them can be left out: the kept ones still replay on
    ``line`` to the new text. A wrong-script reading's confidence is how often such readings are right, so
    0.6 keeps the garble where the repair is a guess.

    >>> line = "থেলা শেষে সে তাস ब्रां८थ"
    >>> r = repair_line(line)
    >>> r.text
    'খেলা শেষে সে তাস রাখে'
    >>> kept, left = keep_confident(line, r, 0.6)
    >>> kept.text, [e.rule for e in left]
    ('খেলা শেষে সে তাস ब्रां८थ', ['wrong-script'])
    """
    kept = [e for e in repair.edits if e.confidence >= min_confidence]
    if len(kept) == len(repair.edits):
        return repair, []
    left = [e for e in repair.edits if e.confidence < min_confidence]
    return Repair(apply_edits(line, kept), kept, repair.lang), left


_GARBLE_BROKEN: list[str] = []
# The corpus redoes the repair of stored pages when this changes (2: real Hindi, document words; 3: Assamese
# র and ৰ/ৱ, candrabindu only where the page spells it, page furniture; 4: wrong-script confidences calibrated,
# no obscenity proposed; 5: digit look-alikes only inside numbers, Latin-only lines left alone; 6: web word
# counts in the wrong-script decoder, ( as ে, Bengali signs in garble kept, Assamese lines; 7: Hindi words that
# `hin` writes for Bengali are no evidence of real Hindi; no word corrected in pieces around an apostrophe; 8: a
# Bengali line in an Assamese text keeps its র; 9: an Assamese word in a Bengali text's line with no র is kept;
# 10: a Bengali line in an Assamese text is told by its words, and a Bengali word there keeps its র; 11: a table's
# column rule is no danda, and the garble hints are classify_token's; 12: a number read digit by digit is as sure
# as all its guesses together, a text with no ra is told by its words, and a line too short to tell its language
# takes that of the last line with a ra; 13: a lone digit of another script between words is the word the channel
# saw it for most often, seed 000's ७ for ও).
# 14: a ৷ inside a word is the vowel sign া when that makes a word (ত৷স); 15: invisible characters that join nothing
# (a soft hyphen inside a word) are taken out; 16: the words weigh in on a text's language (Assamese read with
# র, a small Bengali file with stray ৰ), e • beside punctuation and numbers in two scripts' digits are numbers, one
# Hindi word in quotation marks is kept; 17: an ASCII number beside a Bengali one across a dash is Bengali (৬৬-0), a
# mixed-digit run with an ASCII 1 (a danda) is left, OCR's 1 glued to a word's end is a danda, ৰ is ব or র by web
# counts, a quotation keeps its own language and a text is told outside its quotations, a lone digit in English soup
# stays, ৩৫°C is a temperature; 18: a 1 glued to a word is a danda only after a word that begins with a Bengali letter
# ([)০১৬া1 is English soup); 19: CO-কে and ২৫°C are no garble, one Hindi word in «» or „“ is quoted, a lone
# ৱ in Assamese is kept; 20: confusions learned from old print too (degraded-ocr-train's dev books), one misread
# glyph read as several units (স্থ for সু, ন্ত for স্য), া read as "!" or "।" at a word's end.
# The corpus repairs each page alone, with the document's noise-line counts (``line_counts``) passed along.
VERSION = "20"


def document_words(text: str, lang: str | None = None) -> Counter[str]:
    """The clean Bengali-script words of ``text`` (garble left out), normalised, with their counts: the
    vocabulary a reading of a garbled token may borrow from, and the spellings the corrector respects.

    With ``lang``, a word the word corrector changes counts also as the word it becomes (but not when the
    change only adds a candrabindu): the evidence is then the same before and after a repair, which keeps
    the repair idempotent.

    >>> document_words("তাহা হইলে कब्रिब्री রাখে, তাহা")["তাহা"]
    2
    >>> document_words("থেলা", lang="bn")["খেলা"]
    1
    """
    counts: Counter[str] = Counter()
    for token in text.split():
        core = token.strip(_WORD_EDGE)
        if core and _BENGALI_WORD.match(core):
            counts[normalized(core)] += 1
    if lang is not None:
        for word, n in list(counts.items()):
            fix = word_correction(word, lang)
            if fix is not None and not only_adds_candrabindu(word, fix[0]):
                counts[fix[0]] += n
    return counts


def warm_up() -> None:
    """Load the lexicons, confusion tables and decoders now (they load lazily on first use), so that
    worker processes forked afterwards share them instead of each loading its own."""
    repair_text("ৰিস্তি थेला 31110 ০০0া110 খেলা।", lang="bn")
    repair_text("ৰঙা খেল।", lang="as")


def _garble_fixer():
    """``puthi.normalize.garble.fix_line`` if that module exists and works, else None."""
    if _GARBLE_BROKEN:
        return None
    try:
        module = importlib.import_module("puthi.normalize.garble")
    except ImportError:
        return None
    return getattr(module, "fix_line", None)


def _garble_edits(fix_line, text: str, document: Mapping[str, int] | None = None) -> list[Edit]:
    """The garble pass, checked: a failing or inconsistent pass is reported once and then skipped."""
    try:
        edits = list(fix_line(text, document=document) if document else fix_line(text))
        apply_edits(text, edits)
    except Exception as exc:  # a broken optional pass must not lose the rest of the repair
        _GARBLE_BROKEN.append(repr(exc))
        warnings.warn(f"wrong-script repair disabled: puthi.normalize.garble failed ({exc!r})", stacklevel=3)
        return []
    return edits


def repair_line(line: str, lang: str = "bn", *, garble: bool = True, english: bool = True,
                english_confidence: float = MIN_CONFIDENCE, document: Mapping[str, int] | None = None,
                line_counts: Mapping[str, int] | None = None, before: str | None = None, ra_as: bool = False
                ) -> Repair:
    """Repair one line (no newline inside) in ``lang`` ("bn" or "as"; a line that is plainly Assamese in a
    Bengali text is repaired as Assamese, :func:`~puthi.normalize.detect.line_lang`); ``garble=False`` skips pass 2,
    ``english=False`` pass 1b, whose readings need at least ``english_confidence`` (a posterior, 0-1).
    ``document`` counts the clean words of the whole text (:func:`document_words`): the
    garble pass prefers readings the text itself spells, and the word corrector adds a candrabindu only to
    a word the text spells with one. ``line_counts`` counts the text's noise lines
    (:class:`puthi.normalize.furniture.NoiseLines`): one that recurs page after page is emptied as furniture.
    ``before``: the language of the lines before it (:class:`~puthi.normalize.detect.LanguageRun`). ``ra_as``: the
    text is Bengali written with ৰ for every র (:func:`~puthi.normalize.detect.ra_written_as_assamese`).

    >>> r = repair_line("থেলা শেষ হইয়া গেলে")
    >>> r.text, [(e.start, e.end, e.rule) for e in r.edits]
    ('খেলা শেষ হইয়া গেলে', [(0, 4, 'ocr-confusion')])
    """
    if lang not in ("bn", "as"):
        raise ValueError(f"lang must be 'bn' or 'as', not {lang!r}")
    lang = line_lang(line, lang, before=before)  # an Assamese quotation in a Bengali text keeps its ৰ ৱ
    if line_counts and (furniture := furniture_edit(line, line_counts)):
        return Repair(apply_edits(line, [furniture]), [furniture], lang)
    text1, edits = normalize(line, lang)
    if len(line) > MAX_LINE:
        return Repair(text1, edits, lang)
    current = text1
    # ১0:৩0 in a Bengali line is a time, not English soup read as "you" (a hostile tester): a 0 among Bengali digits
    # is ০ before the English pass, on a line with no other Latin letter or digit; other mixtures (the memoir's ৮৪১15
    # is an English word read as digits) are the English pass's first
    if (mixed := [e for e in mixed_digit_edits(current) if not _ASCII.search(e.before.replace("0", ""))]) \
            and not _ASCII.search(apply_edits(current, mixed)):
        edits = compose(line, edits, mixed)
        current = apply_edits(current, mixed)
    if dandas := glued_danda_edits(current):  # "খেলে1": OCR's 1 for a danda (before the English pass reads it)
        edits = compose(line, edits, dandas)
        current = apply_edits(current, dandas)
    if english:
        soup_edits = english_edits(current, min_confidence=english_confidence)
        if soup_edits:
            edits = compose(line, edits, soup_edits)
            current = apply_edits(current, soup_edits)
    if mixed := mixed_digit_edits(current):  # ২0টি, ১O: one number in Bengali digits, before the garble pass (after
        edits = compose(line, edits, mixed)  # the English soup's, which reads the memoir's mixed digits as English)
        current = apply_edits(current, mixed)
    if lang == "bn" and (digits := digit_edits(current)):  # before the garble pass, which would read e as a letter
        edits = compose(line, edits, digits)
        current = apply_edits(current, digits)
    # A line of Latin letters and signs alone is English or a list, not Bengali read by the wrong model.
    indic = _INDIC_SIGN.search(current)
    fix_line = _garble_fixer() if (garble and lang == "bn" and indic and has_garble(current)) else None
    if fix_line is not None:
        garble_edits = _garble_edits(fix_line, current, document)
        if garble_edits:
            edits = compose(line, edits, garble_edits)
            current = apply_edits(current, garble_edits)
            # A | after a garbled word was not yet after Bengali text: it is a danda now.
            current, dandas = normalize(current, lang)
            edits = compose(line, edits, dandas) if dandas else edits
    corrections = correct_line(current, lang, document, ra_as=ra_as)
    if corrections:
        # compose() needs pass-1 edits on `line` that lead to `current`: they are `edits` at this point.
        edits = compose(line, edits, corrections)
        current = apply_edits(current, corrections)
    return Repair(current, edits, lang)


def repair_text(text: str, lang: str = "auto", *, garble: bool = True, english: bool = True,
                english_confidence: float = MIN_CONFIDENCE, line_counts: Mapping[str, int] | None = None) -> Repair:
    """Repair a whole text line by line; edits carry offsets into ``text``.

    ``lang`` is "bn", "as" or "auto" (decided once for the whole text). A line of noise that recurs through
    the text (a watermark read as digit soup on every page: :mod:`puthi.normalize.furniture`) is emptied;
    ``line_counts`` gives those counts for a larger document the text is one page of.

    >>> repair_text("থেলা\\nথেলা").text
    'খেলা\\nখেলা'
    """
    if lang == "auto":
        lang = detect_lang(text)
    document = document_words(text, lang)
    lines = text.split("\n")
    counts = NoiseLines.of(lines).counts if line_counts is None else line_counts
    ra_as = lang == "bn" and ra_written_as_assamese(*lang_evidence(text))
    edits: list[Edit] = []
    out: list[str] = []
    offset = 0
    run = LanguageRun()  # the language of the lines before, when a few agree
    for line in lines:
        r = repair_line(line, lang, garble=garble, english=english, english_confidence=english_confidence,
                        document=document, line_counts=counts, before=run.lang, ra_as=ra_as)
        run.add(line, r.lang)
        out.append(r.text)
        edits.extend(e.shifted(offset) for e in r.edits)
        offset += len(line) + 1
    return Repair("\n".join(out), edits, lang)
