"""Terminology tables and the term aligner.

* :func:`find_terms` — every occurrence of a table term in a text, as :class:`~puthi.rules.spans.TermSpan`
  (code-point offsets, concept, headword, gloss, table, score); see :mod:`.align` for what is matched.
* :func:`find_numbers` — digits and number words as :class:`~puthi.rules.spans.NumberSpan`
  (see :mod:`.numbers`).
* :func:`load_tables` — the bundled tables plus, optionally, a scholar's CSV (see :mod:`.tables`);
  :func:`~.tables.write_csv` and :func:`~.tbx.to_tbx` export them.

>>> [(s.surface, s.concept) for s in find_terms("তুরুপের সাহেব ও বিবি")]
[('তুরুপের', 'vocab.trump'), ('সাহেব', 'card.king'), ('বিবি', 'card.queen')]
>>> [(n.surface, n.value) for n in find_numbers("তিন কুড়ি ফোটা")]
[('তিন কুড়ি', 60)]
"""

from puthi.rules.terms.align import Aligner, find_terms
from puthi.rules.terms.numbers import find_numbers
from puthi.rules.terms.tables import Entry, TermTables, load_tables, read_table, write_csv

__all__ = ["Aligner", "Entry", "TermTables", "find_numbers", "find_terms", "load_tables", "read_table", "write_csv"]

# The corpus redoes the terms of stored pages when this changes (2: Assamese OCR, grouped numbers; 3: a word
# two games share read in the document's game, মন্ত্রী the Ganjifa wazir; 4: OCR soup sets no terms apart,
# confusions both ways, damaged inflections, the repair stage's language decision; 5: a damaged form on a
# common word is the term when the text spells the term twice; 6: a number goes on across a line break;
# fractions: আড়াই কুড়ি is 50, not 20; a rank order A K Q J / 10 9 8 7 may wrap; 7: a term glued to an
# ordinary word, তাসখেলার, বলেতাস; four members of a closed set, however weak their forms, make a list; 8: বিস্তি
# named beside another game is the game; Dash-guti's family of games; Assamese একৈশ; 9: a line at the top of a
# page takes its page's language, not the page before's; a Bengali line in an Assamese text told by its words;
# 10: একশত (দুই) কুড়ি is 120 (140); a game's name is no number where the aligner reads it as the name; a line
# with two র and no ৰ ৱ is Bengali; a row's lang is checked; bridge, rummy, chess, ludo … as games with no engine;
# 11: Assamese number words 22-99 and ছখন; ছ'খানা; a number word after "value" (মূল্য পঞ্চাশ) or before roem (পঞ্চাশ
# রুম) is the number; দাবা খেলা (chess) at full weight; 12: an ending set off by an apostrophe is the word's
# (বিস্তি'র); a text with no ra is told by its words and the tables'; 13: a term that opens with a number word
# before no counted noun, a scholar's "তিন পাত্তি"; a scholar's row wins a tie; Assamese বিছ, চল্লিছ with ছ for শ;
# 14: Assamese ছয়ষষ্ঠি names Sixty-Six as Bengali ছেষট্টি does; a game or meld's name before who plays it,
# "বিস্তি চারজনে খেলে", is the game's; 15: ছেষট্টিতে, ছেষট্টির name the game, and ছেষট্টির বেশি is a number;
# 16: digits with a multiplier (৭শত, ২ হাজার) and ranges (৬-৭শত); a Bengali form's Assamese spelling (তুৰুপ); no
# number inside a sure term (হাতের পাঁচ); কূর্ম্ম for কূর্ম; Assamese চাহাব, জেক, বিয়া, টুৱেন্টি নাইন).
# 17: a term OCR broke with a space (তু রুপের) is read whole; a number word before a multiplier is no meld (পঞ্চাশ
# হাজার); Assamese classifiers ডাল, গছ, -োটা; a word of a form's other sense by it (senses.tsv: ওভার by ছক্কা) weakens it.
VERSION = "17"


def warm_up() -> None:
    """Load the tables and build the aligner's index now, before worker processes are forked."""
    find_terms("তুরুপের সাহেব ৰিস্তি")
    find_numbers("দুই কুড়ি সাত")
