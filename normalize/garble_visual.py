"""Visual order: Bengali and Devanagari written in the order the glyphs stand on the page.

A Bengali pre-base vowel sign (ি ে ৈ, and the first half of ো ৌ) is stored after its consonant but drawn
before it. An OCR model for another script reads the page left to right, so the sign comes out *before*
the look-alike of the consonant (`८क` for কে), except for ি, which Devanagari also draws first and stores
after (`कि`). Learning and decoding the wrong-script garble is simpler in visual order on both sides: then
the garble follows the Bengali glyph by glyph.

>>> to_visual("কোন") == "\N{BENGALI VOWEL SIGN E}কান"
True
>>> from_visual(to_visual("কোন করিয়া দেখাইতে")) == "কোন করিয়া দেখাইতে"
True
>>> devanagari_to_visual("कि") == "\N{DEVANAGARI VOWEL SIGN I}क"
True
"""

from __future__ import annotations

import unicodedata

import regex

E = "\N{BENGALI VOWEL SIGN E}"
AA = "\N{BENGALI VOWEL SIGN AA}"
AU_MARK = "\N{BENGALI AU LENGTH MARK}"
SIGN_O = "\N{BENGALI VOWEL SIGN O}"
AU = "\N{BENGALI VOWEL SIGN AU}"
PRE_BASE = "\N{BENGALI VOWEL SIGN I}\N{BENGALI VOWEL SIGN E}\N{BENGALI VOWEL SIGN AI}"

# A Bengali consonant cluster: consonant (+ nukta), then any number of virama (+ ZWJ/ZWNJ) + consonant.
_BN_CONS = "[\N{BENGALI LETTER KA}-\N{BENGALI LETTER HA}\N{BENGALI LETTER RRA}\N{BENGALI LETTER RHA}" \
           "\N{BENGALI LETTER YYA}\N{BENGALI LETTER RA WITH MIDDLE DIAGONAL}\N{BENGALI LETTER RA WITH LOWER DIAGONAL}]"
_BN_CLUSTER = f"(?:{_BN_CONS}\N{BENGALI SIGN NUKTA}?(?:\N{BENGALI SIGN VIRAMA}[\u200c\u200d]?" \
              f"{_BN_CONS}\N{BENGALI SIGN NUKTA}?)*)"
_TO_VISUAL = regex.compile(f"({_BN_CLUSTER})([{PRE_BASE}{SIGN_O}{AU}])")
_FROM_VISUAL = regex.compile(f"([{PRE_BASE}])({_BN_CLUSTER})({AA}|{AU_MARK})?")

_DV_CONS = "[\N{DEVANAGARI LETTER KA}-\N{DEVANAGARI LETTER HA}\N{DEVANAGARI LETTER QA}-\N{DEVANAGARI LETTER YYA}]"
_DV_CLUSTER = f"(?:{_DV_CONS}\N{DEVANAGARI SIGN NUKTA}?(?:\N{DEVANAGARI SIGN VIRAMA}{_DV_CONS}" \
              f"\N{DEVANAGARI SIGN NUKTA}?)*)"
_DV_I = regex.compile(f"({_DV_CLUSTER})\N{DEVANAGARI VOWEL SIGN I}")


def _visual_cluster(m: regex.Match) -> str:
    cluster, sign = m.group(1), m.group(2)
    if sign == SIGN_O:
        return E + cluster + AA
    if sign == AU:
        return E + cluster + AU_MARK
    return sign + cluster


def to_visual(text: str) -> str:
    """Bengali text (NFC) with each pre-base vowel sign moved before its consonant cluster.

    ো becomes ে … া and ৌ becomes ে … ৗ around the cluster, as they are drawn.

    >>> to_visual("কি") == "\N{BENGALI VOWEL SIGN I}ক"
    True
    """
    return _TO_VISUAL.sub(_visual_cluster, unicodedata.normalize("NFC", text))


def _logical_cluster(m: regex.Match) -> str:
    sign, cluster, after = m.group(1), m.group(2), m.group(3) or ""
    if sign == E and after == AA:
        return cluster + SIGN_O
    if sign == E and after == AU_MARK:
        return cluster + AU
    return cluster + sign + after


def from_visual(text: str) -> str:
    """Inverse of :func:`to_visual`: pre-base signs go back after their cluster, ে…া becomes ো.

    A pre-base sign with no consonant after it stays where it is.

    >>> from_visual("\N{BENGALI VOWEL SIGN E}খলা")
    'খেলা'
    """
    return _FROM_VISUAL.sub(_logical_cluster, text)


def devanagari_to_visual(text: str) -> str:
    """Devanagari with the sign ि moved before its consonant cluster, where it is drawn.

    >>> devanagari_to_visual("ब्रि") == "\N{DEVANAGARI VOWEL SIGN I}ब्र"
    True
    """
    return _DV_I.sub(lambda m: "\N{DEVANAGARI VOWEL SIGN I}" + m.group(1), unicodedata.normalize("NFC", text))
