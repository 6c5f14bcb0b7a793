"""``--lang auto``: is a page Bengali or Assamese?

The two languages share one script, so the letters themselves decide: Assamese writes its r-sound with
ৰ (RA WITH MIDDLE DIAGONAL) and never uses Bengali's র (RA), and it has ৱ (RA WITH LOWER DIAGONAL) for w;
Bengali uses neither. Tesseract's ``ben`` and ``asm`` models both know all three letters, so one reading
with either model is enough to count them. When a page has too few of these letters to tell (a short line, a
page of numbers), an ``asm`` reading is made too: if neither reading has ৰ or ৱ but they have র, the page is
Bengali; otherwise the mean word confidences of the two readings decide.

>>> decide("খেলুৱৈসকলে ৰঙৰ তাচেৰে আনৰ হাত কাটিব পাৰে").lang
'asm'
>>> decide("খেলোয়াড়েরা রঙের তাস দিয়া পরের হাত কাটিতে পারেন").lang
'ben'
>>> d = decide("তাস ৫২", confs={"ben": 71.0, "asm": 80.5})
>>> d.lang, d.by
('asm', 'confidence')
>>> decide("তার পর / তার পর", confs={"ben": 71.0, "asm": 80.5}).lang, decide("তার পর").settled
('ben', False)
"""

from __future__ import annotations

from dataclasses import dataclass

ASSAMESE_RA = "\N{BENGALI LETTER RA WITH MIDDLE DIAGONAL}"
ASSAMESE_WA = "\N{BENGALI LETTER RA WITH LOWER DIAGONAL}"
BENGALI_RA = "\N{BENGALI LETTER RA}"

#: At least this many ra-letters (of either kind) before the letters alone decide.
MIN_LETTERS = 3
#: Share of Assamese letters among all ra-letters above which a page is Assamese (below 1 - this: Bengali).
THRESHOLD = 0.7

__all__ = ["Decision", "decide", "letter_counts"]


@dataclass(frozen=True)
class Decision:
    """The language chosen (``ben`` or ``asm``), by what (``letters``, ``confidence`` or ``default``) and the
    evidence, so the page's processing steps can show why."""

    lang: str
    by: str
    assamese_letters: int
    bengali_letters: int
    confs: tuple[tuple[str, float], ...] = ()

    @property
    def settled(self) -> bool:
        """True when the letters decided, so no second reading is needed."""
        return self.by == "letters"

    def as_settings(self) -> dict:
        return {"lang": self.lang, "by": self.by, "assamese_letters": self.assamese_letters,
                "bengali_letters": self.bengali_letters, "confs": dict(self.confs)}


def letter_counts(text: str) -> tuple[int, int]:
    """(Assamese-only letters ৰ ৱ, Bengali র) in ``text``.

    >>> letter_counts("ৰাজা আৰু ৱাৰ্ড রাজা")
    (4, 1)
    """
    return text.count(ASSAMESE_RA) + text.count(ASSAMESE_WA), text.count(BENGALI_RA)


def decide(text: str, *, confs: dict[str, float] | None = None, default: str = "ben",
           assamese_words: bool = False) -> Decision:
    """Bengali (``ben``) or Assamese (``asm``) for an OCR reading ``text`` of a page.

    ``confs`` maps ``ben``/``asm`` to the mean word confidence of a reading with that model; it is used only
    when the letters do not settle the question. Without either, ``default``. ``assamese_words``: the reading's words
    say Assamese (:func:`puthi.normalize.detect.assamese_by_words`). The ``ben`` model reads most of an Assamese
    page's ৰ as র, so Bengali letters do not settle such a page: a newcomer's clean Assamese scan, 5 ৰ against 15 র in
    its ``ben`` reading and about 40 ৰ on the page, had been read as Bengali.

    >>> decide("খেলুৱৈ দুজন আরু দহটা গুটি থাকে, বর্ডর মাজত", assamese_words=True).settled
    False
    """
    a, b = letter_counts(text)
    conf_items = tuple(sorted((confs or {}).items()))
    if a + b >= MIN_LETTERS:
        share = a / (a + b)
        if share >= THRESHOLD:
            return Decision("asm", "letters", a, b, conf_items)
        if share <= 1 - THRESHOLD and not assamese_words:
            return Decision("ben", "letters", a, b, conf_items)
    if confs and b and not a:
        # Both readings have র and neither a ৰ or ৱ: Bengali. (Only with both: the ``ben`` model alone reads
        # Assamese ৱ, and ৰ in some clusters, as র; the ``asm`` model writes ৱ and ৰ where the page has them.)
        return Decision("ben", "letters-weak", a, b, conf_items)
    known = {k: v for k, v in (confs or {}).items() if k in ("ben", "asm") and v >= 0}
    if len(known) == 2:
        lang = "asm" if known["asm"] > known["ben"] else "ben"
        return Decision(lang, "confidence", a, b, conf_items)
    if a + b > 0:
        return Decision("asm" if a > b else "ben", "letters-weak", a, b, conf_items)
    return Decision(default, "default", a, b, conf_items)
