"""Rule claims: what a text states about a game (see :mod:`.extract` and :mod:`.patterns`)."""

from puthi.rules.claims.extract import extract_claims
from puthi.rules.claims.model import Claim, Verdict

__all__ = ["Claim", "Verdict", "extract_claims"]

VERSION = "17"  # the corpus redoes the claims of stored pages when this changes (2: whole numbers only;
# 3: a passage that turns to a game with no engine is that game's; wrapped lines read as one sentence;
# no card values from ranks and values that do not pair one to one; 4: a cue or a distance is the same
# across a page break and its blanked furniture; no page ends with a heading unless it is a title page; 5: games
# named together, a paragraph opening with a game, a clause after a comparison, totals, Assamese denials; 6:
# a denied outcome is "not win", Assamese নহাৰে, game points up to 6, no value relative to another card's, zero;
# 7: text read in NFC, cues start a word, schneider/schwarz by name, a variant's chapter heading, marriage and
# last-trick values outside the usual range, a corrected value, optional capture, both sides' pieces in total;
# 8: duties of play (trump over a winning partner, following suit while the stock lasts), Rotterdam's paragraph,
# হাতের পাঁচ after the last trick; 9: a count is told by the number tables of both languages (Assamese
# ছয়খনকৈ is no card value); no rule in a question, a story or a wish; a board game's quantities are no card game's;
# the words of session 13's blind set (roem said as রুম, Assamese marriages, "যতক্ষণ …, ততক্ষণ …", a drawn game);
# 10: no rule in a story of one day ("সেদিন … পেয়েছিল"), a rule in a rhetorical question ("কে না জানে যে …?"), a
# past denied (নাছিল), the words of session 14's blind sets; 11: the old days set against now state no rule,
# "পূর্বে … খেলিত, এখন …"; a value several ranks share "each", "টেক্কা ও দহলার এক করিয়া"; 12: a score a side must
# show, "দুই কুড়ি সাত ফোটা … দেখাইতে হইবে", and Grabu's declarations that set it, winning_threshold(when=…); a
# heading "ছেষট্টি কার্ড গেম"; Rotterdam in a Klaverjas chapter of a text read as another game; a danda OCR glued to
# its word, থাকে৷; initials এইচ.জে.আৰ. inside a sentence; how a board game ends: all pieces taken, no capture left,
# equal pieces; 13: a danda glued on both sides; a line of games' names is a heading; a person's page game
# overrules its opening heading; a number said twice before করে is packets, before the cards a hand; a sentence
# that calls the one before wrong, Assamese এয়া ভুল; the text's own game named as the subject ends a chapter;
# 14: capture that need not be made, "কাটতে হবে না", "নাকাটিলেও হয়"; 15: a value the repair guessed is a guess;
# 16: a heading may end in ৷, OCR's danda ("বিস্তি খেল৷"); a
# sentence runs on across a blank line after a comma or a word that ends none, "যার থেকে"; a meld a side holds,
# "বিস্তি থাকে", names no game; a count of batches, "তিন-তিনটি ব্যাচে", is no hand; 17: a count said after its noun
# and verb, "তাস লাগে ২৪টা"; a Sixty-Six sentence in a text that names Schnapsen is Sixty-Six's)
