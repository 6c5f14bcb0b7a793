"""Unicode normalisation for Bengali and Assamese: one spelling for each letter, every change an Edit.

The same visible Bengali letter can be stored in several ways, and OCR engines, keyboards and old fonts
all pick different ones. A search, a lexicon lookup or a CER count only works when one form is chosen.
The choices made here:

* **Nukta letters** (য় ড় ঢ়): Unicode lists the one-code-point letters U+09DF, U+09DC, U+09DD as
  *composition exclusions*, so NFC turns them into base letter + NUKTA (য + ়). We use that
  decomposed form everywhere, because it is the only one that survives NFC, which every other tool
  (CER counts, search indexes, Tesseract's own word lists) applies. Rule ``nukta-decomposed``.
* **Two-part vowel signs** ো ৌ typed as ে + া or ে + ৗ become the single code points
  U+09CB / U+09CC (what NFC does). Rule ``two-part-vowel``.
* **অ + া** (a vowel letter followed by the vowel sign aa, how some fonts draw আ) becomes আ.
  Rule ``a-aa-ligature``.
* **Khanda ta** written the pre-Unicode-4.1 way, ত + ্ + ZWJ, becomes ৎ. Rule ``khanda-ta``.
* **Candrabindu** typed before a vowel sign (প + ঁ + া) moves after it (পাঁ), the order every font and
  lexicon uses. Rule ``candrabindu-order``.
* **Danda**: a vertical line ``|`` (or ``||``) standing as sentence punctuation after Bengali text becomes
  ``।`` (``॥``). A ``|`` between Latin letters or digits, in a table or a formula, is left alone.
  Rule ``danda``. (The look-alike U+09F7 ৷ is left alone too: printers and correctors use it as a danda.)
* **Invisible characters** that join nothing (soft hyphen, zero-width space, word joiner, a byte-order mark
  inside the text, U+034F, U+180E) are taken out: inside a word they hide it from every look-up. Rule
  ``invisible``.
* Anything else NFC would change, cluster by cluster. Rule ``unicode-nfc``.

ZWJ and ZWNJ are kept (র‍্য differs from র্য), and Assamese ৰ ৱ are letters that no rule here touches,
whatever the language; turning ৰ into ব in Bengali documents is a *repair* (``puthi.normalize.correct``),
not a normalisation.

>>> text, edits = normalize("কে\N{BENGALI VOWEL SIGN AA}ন পথে যাব |")
>>> text
'কোন পথে যাব ।'
>>> [e.rule for e in edits]
['two-part-vowel', 'danda']
>>> normalized("\N{BENGALI LETTER YYA}") == "\N{BENGALI LETTER YA}\N{BENGALI SIGN NUKTA}"
True
"""

from __future__ import annotations

import unicodedata

import regex

from puthi.normalize.edits import Edit, apply_edits

NUKTA = "\N{BENGALI SIGN NUKTA}"
VIRAMA = "\N{BENGALI SIGN VIRAMA}"
ZWJ = "\N{ZERO WIDTH JOINER}"
CANDRABINDU = "\N{BENGALI SIGN CANDRABINDU}"

# Precomposed nukta letters -> base + nukta (the NFC form; see the module docstring).
NUKTA_LETTERS = {
    "\N{BENGALI LETTER YYA}": "\N{BENGALI LETTER YA}" + NUKTA,
    "\N{BENGALI LETTER RRA}": "\N{BENGALI LETTER DDA}" + NUKTA,
    "\N{BENGALI LETTER RHA}": "\N{BENGALI LETTER DDHA}" + NUKTA,
}
TWO_PART_VOWELS = {
    "\N{BENGALI VOWEL SIGN E}\N{BENGALI VOWEL SIGN AA}": "\N{BENGALI VOWEL SIGN O}",
    "\N{BENGALI VOWEL SIGN E}\N{BENGALI AU LENGTH MARK}": "\N{BENGALI VOWEL SIGN AU}",
}
A_AA = "\N{BENGALI LETTER A}\N{BENGALI VOWEL SIGN AA}"
KHANDA_TA_OLD = "\N{BENGALI LETTER TA}" + VIRAMA + ZWJ
DEPENDENT_VOWELS = "\u09be-\u09c4\u09c7\u09c8\u09cb\u09cc\u09d7\u09e2\u09e3"  # া..ৄ ে ৈ ো ৌ ৗ ৢ ৣ

# Characters that show nothing and join nothing: soft hyphen, combining grapheme joiner, Mongolian vowel separator,
# zero-width space, word joiner, a byte-order mark inside the text. Inside a word they hid it from every look-up (a
# hostile tester's চব্বি\u00adশটি gave no claim); ZWJ and ZWNJ are not among them.
INVISIBLE = "\u00ad\u034f\u180e\u200b\u2060\ufeff"
INVISIBLE_RE = regex.compile(f"[{INVISIBLE}]")

# Rules inside one grapheme cluster: (rule name, pattern, replacement function).
_CLUSTER_RULES = [
    ("invisible", INVISIBLE_RE, lambda m: ""),
    ("nukta-decomposed", regex.compile("[" + "".join(NUKTA_LETTERS) + "]"), lambda m: NUKTA_LETTERS[m.group()]),
    ("two-part-vowel", regex.compile("|".join(TWO_PART_VOWELS)), lambda m: TWO_PART_VOWELS[m.group()]),
    ("a-aa-ligature", regex.compile(A_AA), lambda m: "\N{BENGALI LETTER AA}"),
    ("khanda-ta", regex.compile(KHANDA_TA_OLD), lambda m: "\N{BENGALI LETTER KHANDA TA}"),
    (
        "candrabindu-order",
        regex.compile(f"{CANDRABINDU}+[{DEPENDENT_VOWELS}]+"),
        lambda m: m.group().replace(CANDRABINDU, "") + CANDRABINDU,
    ),
]
# A | or || after Bengali text (letters, signs, digits, dandas, closing quotes), then a space, a quote or the end.
_DANDA = regex.compile(r"(?<=[\p{Bengali}\u0964\u0965\"'”’)\]][ \t]*)\|\|?(?=\s|$|[\"'“”‘’])")
# a number alone in the next cell, maybe read as its look-alikes (e for ৫, • for ০)
_CELL_NUMBER = regex.compile(r"[ \t]*[\p{Nd}e•]+(?:[ \t][\p{Nd}e•]+)*[ \t]*(?:\||\r?\n|$)")
_SPACED_BAR = regex.compile(r"[ \t]\|[ \t]")
_FAST_CHECK = regex.compile(
    "[" + "".join(NUKTA_LETTERS) + ZWJ + CANDRABINDU + INVISIBLE + "|]|" + A_AA + "|" + "|".join(TWO_PART_VOWELS)
)
# A grapheme cluster, with the signs after an invisible character that split it (ক ে U+00AD া is one: কো)
_CLUSTER = regex.compile(rf"\X(?:[{INVISIBLE}]+\p{{M}}+)*")


def _fix_cluster(cluster: str) -> tuple[str, list[str]]:
    """Apply the cluster rules and NFC until nothing changes; return the new cluster and the rules used."""
    fired: list[str] = []
    for _ in range(4):
        before = cluster
        for name, pattern, repl in _CLUSTER_RULES:
            new = pattern.sub(repl, cluster)
            if new != cluster:
                fired.append(name)
                cluster = new
        nfc = unicodedata.normalize("NFC", cluster)
        if nfc != cluster:
            fired.append("unicode-nfc")
            cluster = nfc
        if cluster == before:
            break
    return cluster, list(dict.fromkeys(fired))


def normalize(text: str, lang: str = "bn") -> tuple[str, list[Edit]]:
    """Return ``(normalised text, edits)``; the edits have offsets into ``text`` and replay to the result.

    ``lang`` ("bn" or "as") is accepted for symmetry with the rest of the stage; no rule here depends on it
    (Assamese ৰ ৱ are left alone in every language). An edit covers one grapheme cluster (or one ``|``);
    when several rules changed the same cluster its rule names are joined with ``+``.

    >>> normalize("অাম")
    ('আম', [Edit(start=0, end=2, before='অা', after='আ', rule='a-aa-ligature', confidence=1.0)])
    >>> normalize("ৰাম আৰু ৱাৰ", lang="as")
    ('ৰাম আৰু ৱাৰ', [])
    >>> normalize("ABC | 12")[1]
    []
    """
    if lang not in ("bn", "as"):
        raise ValueError(f"lang must be 'bn' or 'as', not {lang!r}")
    if not _FAST_CHECK.search(text) and unicodedata.is_normalized("NFC", text):
        return text, []
    edits: list[Edit] = []
    for m in _CLUSTER.finditer(text):
        cluster = m.group()
        if cluster == "|":
            continue
        if _FAST_CHECK.search(cluster) or not unicodedata.is_normalized("NFC", cluster):
            new, fired = _fix_cluster(cluster)
            if new != cluster:
                edits.append(Edit(m.start(), m.end(), cluster, new, "+".join(fired)))
    for m in _DANDA.finditer(text):
        if table_bar(text, m):
            continue
        after = "\N{DEVANAGARI DANDA}" if m.group() == "|" else "\N{DEVANAGARI DOUBLE DANDA}"
        edits.append(Edit(m.start(), m.end(), m.group(), after, "danda"))
    edits.sort(key=lambda e: e.start)
    return apply_edits(text, edits), edits


def table_bar(text: str, bar: regex.Match) -> bool:
    r"""Is the ``|`` at ``bar`` a table's column rule, not a danda: followed by nothing but a number in its cell
    ("নহলা | ০", "টেক্কা| ১১ |"), or one of two spaced bars or more on its line ("তাস | ফোটা | মূল্য")? A
    newcomer's OCR'd value table had become sentences ("নহল। ০").

    >>> [table_bar(t, regex.search(r"\|", t)) for t in ("নহলা | ০", "তাস | ফোটা | মূল্য", "খেলা শেষ| এবার")]
    [True, True, False]
    """
    if _CELL_NUMBER.match(text, bar.end()):
        return True
    start = text.rfind("\n", 0, bar.start()) + 1
    end = text.find("\n", bar.end())
    return len(_SPACED_BAR.findall(text, start, len(text) if end < 0 else end)) >= 2


def normalized(text: str, lang: str = "bn") -> str:
    """The normalised text alone.

    >>> normalized("উত\N{BENGALI SIGN VIRAMA}\N{ZERO WIDTH JOINER}সব")
    'উৎসব'
    """
    return normalize(text, lang)[0]
