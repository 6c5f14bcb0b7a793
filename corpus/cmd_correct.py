"""``puthi correct``: record a scholar's correction (text, term link, verdict or game) in a corpus.

Text corrections address the OCR text of a page (offsets in code points, or a line and word number);
term links and verdicts address the final text. Corrections are applied at once and again after the
machine stages on every later build; exports attribute them to ``--author``.

Examples::

    puthi correct --db c.sqlite --doc seed.txt --page 1 --start 120 --end 126 --text বিস্তি --author rk
    puthi correct --db c.sqlite --doc seed.txt --page 1 --line 3 --word 2 --text খেলা --author rk
    puthi correct --db c.sqlite --doc seed.txt --page 1 --start 40 --end 46 --term bisti --author rk
    puthi correct --db c.sqlite --doc seed.txt --page 1 --start 300 --end 310 --verdict contradicted --author rk
    puthi correct --db c.sqlite --doc memoir.txt --page 2 --start 80 --end 95 --no-rule --author rk
    puthi correct --db c.sqlite --doc book.pdf --page 5 --start 0 --end 40 --game klaverjas --author rk
    puthi correct --db c.sqlite --doc book.pdf --page 6 --game klaverjas --author rk   # the whole page
    puthi correct --db c.sqlite --import corrections.csv --author rk
    puthi correct --db c.sqlite --list
"""

from __future__ import annotations

import argparse
import sys

import regex

from puthi.errors import InputError, shorten

HELP = "record human corrections (text, term links, verdicts, games) that survive re-runs"


def add_arguments(p: argparse.ArgumentParser) -> None:
    p.add_argument("--db", required=True, help="the corpus file made by puthi build")
    p.add_argument("--doc", help="the document (id, file name or path)")
    p.add_argument("--page", type=int, default=1, help="page number, from 1 (default 1)")
    p.add_argument("--start", type=int, help="first code point of the span: in the OCR text for --text, in the "
                                             "repaired text (the terms and claims tables) for the others")
    p.add_argument("--end", type=int, help="code point after the span")
    p.add_argument("--line", type=int, help="OCR line number on the page (from 1; blank lines are not "
                   "counted, as in lines.csv and the TEI <lb n>), instead of offsets")
    p.add_argument("--word", type=int, help="word number in the line (from 1)")
    what = p.add_mutually_exclusive_group()
    what.add_argument("--text", help="the corrected text for the span (OCR text offsets)")
    what.add_argument("--term", help="link the span (repaired text offsets) to this concept or headword; '' removes "
                                     "the machine's link")
    what.add_argument("--verdict", choices=("consistent", "contradicted", "unverifiable"),
                      help="the verdict for the claim at the span (repaired text offsets)")
    what.add_argument("--no-rule", action="store_true", help="the span states no rule: the claims read there are "
                      "withdrawn (prose read as a rule) until the correction is deleted; in a CSV, kind verdict and "
                      "after no-rule")
    what.add_argument("--game", type=str.lower, help="the game the claims at the span are about; they are "
                      "checked again as its (repaired text offsets; sixtysix, klaverjas, dashguti, grabu, ...); "
                      "with no span, the whole page is that game's and its rules are read again as such, as "
                      "under a chapter heading: a sentence naming another game stays that game's, and the pages "
                      "after it that name no game follow it (unless the corpus was built with --game)")
    what.add_argument("--import", dest="import_csv", metavar="CSV",
                      help="import corrections from a CSV (document,page,kind,start,end,line,word,before,after,"
                           "author,note; an export's annotations.csv as it is, with page_no, line_no and source)")
    what.add_argument("--list", action="store_true", help="list the corrections and whether each still applies")
    what.add_argument("--delete", type=int, metavar="ID", help="delete a correction by its id")
    p.add_argument("--quantity", default="", help="with --verdict, --no-rule or --game: only the claims of this "
                   "quantity at the span (card_value), or of this quantity with its parameters as puthi check "
                   "writes it (card_value(rank=A,suit=plain)), not every claim of the sentence")
    p.add_argument("--claim", metavar="ID", help="instead of --page, --start, --end and --quantity: the claim with "
                   "this id (claim_id in the claims table, xml:id in the TEI: claim-p3-1a2b3c4d)")
    p.add_argument("--expect", default="", help="the text the span should hold now (refused if it differs)")
    p.add_argument("--author", default="", help="who made the correction (required for new corrections)")
    p.add_argument("--note", default="", help="a note (for a verdict: the explanation)")


def run(args: argparse.Namespace) -> int:
    from puthi.corpus.corrections import read_csv
    from puthi.corpus.records import NO_RULE, Annotation
    from puthi.corpus.store import Corpus

    for option in ("text", "term", "game", "author", "note", "expect", "doc"):
        value = getattr(args, option, None)
        if isinstance(value, str) and any("\ud800" <= ch <= "\udfff" for ch in value):
            raise InputError(f"--{option}", "is not UTF-8 text (the terminal or script sent other bytes); "
                                            "give it in UTF-8")

    with Corpus(args.db, create=False, readonly=bool(args.list)) as corpus:
        # a kept table that clashes stops here, before a correction is recorded
        tables = () if args.list else corpus.usable_term_tables()
        if args.list:
            doc = corpus.find_document(args.doc) if args.doc else None
            listed = corpus.annotations(doc)
            for a in listed:
                where = f"line {a.line_no}" + (f" word {a.word_no}" if a.word_no else "") if a.line_no else (
                    "whole page" if a.whole_page else "")
                aim = f" ({a.quantity})" if a.quantity else ""
                span = f"{a.start}..{a.end}"
                if a.status == "moved" and a.id and (now := corpus.applied_at(a.id)):
                    span += f" (now {now[0]}..{now[1]})"  # a newcomer: the listed place was the one first given
                print(f"{a.id}\t{a.status}\t{a.document}\tpage {a.page_no}\t{a.kind}{aim}\t{span}\t"
                      f"{where}\t{a.before!r} -> {a.after!r}\t{a.author}\t{a.note}")
            if not listed:
                print("puthi correct: no corrections yet" + (f" for {doc.name}" if doc else ""), file=sys.stderr)
            return 0
        if args.delete is not None:
            corpus.delete_annotation(args.delete)
            print(f"puthi correct: deleted correction {args.delete}", file=sys.stderr)
            return 0
        if args.import_csv:
            anns = read_csv(args.import_csv, default_author=args.author)
            if not anns:
                print(f"puthi correct: {args.import_csv}: no corrections in it, only a header", file=sys.stderr)
            items = _resolved_rows(corpus, anns, args.import_csv)
        else:
            if not args.doc and args.claim:
                args.doc = _doc_of_claim(corpus, args.claim)
            if not args.doc:
                raise InputError("puthi correct", "name the document with --doc (or use --import / --list)")
            if args.text is not None:
                kind, after = "text", args.text
            elif args.term is not None:
                kind, after = "term", args.term
            elif args.verdict:
                kind, after = "verdict", args.verdict
            elif args.no_rule:
                kind, after = "verdict", NO_RULE
            elif args.game is not None:
                kind, after = "game", args.game
            else:
                raise InputError("puthi correct", "say what to correct: --text, --term, --verdict, --no-rule or --game")
            if args.claim:
                if kind not in ("verdict", "game") or args.start is not None or args.line is not None \
                        or args.quantity:
                    raise InputError("--claim", "names one claim for --verdict, --no-rule or --game, instead of a "
                                                "span and a quantity; give one or the other")
                args.page, args.start, args.end, args.quantity = _claim_span(corpus, args.doc, args.claim)
            whole = kind == "game" and args.line is None and args.word is None and args.start is None \
                and args.end is None
            if args.line is None and (args.start is None or args.end is None) and not whole:
                raise InputError("puthi correct", "give --start and --end (code points) or --line [--word]"
                                 + (", or neither for the whole page" if kind == "game" else ""))
            if args.line is not None and (args.start is not None or args.end is not None):
                raise InputError("puthi correct", "give either --start/--end or --line [--word], not both")
            ann = Annotation("", args.page, kind, args.start or 0, args.end or 0, after, args.author,
                             before=args.expect, note=args.note, line_no=args.line, word_no=args.word,
                             quantity=args.quantity)
            if kind == "term":
                _refuse_near_concept(after, tables)
            items = [(corpus.find_document(args.doc), ann)]
        if not args.import_csv:
            items = [(doc, corpus.resolve(doc, a)) for doc, a in items]
            _refuse_without_claim(corpus, *items[0])
        added = corpus.add_annotations(items, overrule=not args.import_csv)
        clashes = {a.id: _clashing(corpus, doc, a) for doc, a in items if a.status == "conflict"}
    for a in added:
        if a.kind == "term" and a.status in ("applied", "moved"):
            _note_new_concept(a.after, tables)  # once it is recorded: before, an error could still refuse it
        again = " (already recorded, not added twice)" if a.repeated else ""
        change = f": {shorten(repr(a.before), 80)} → {shorten(repr(a.after), 80)}" if a.kind == "text" and a.before \
            else ""  # a 100 kB correction had been echoed whole (a hostile tester)
        kind = "no rule" if a.kind == "verdict" and a.after == NO_RULE else a.kind
        print(f"puthi correct: correction {a.id} ({kind}, page {a.page_no}, {a.start}..{a.end}{change}) "
              f"{a.status}{again}", file=sys.stderr)
        if older := clashes.get(a.id):  # say with which, and how to settle it (a hostile tester had to guess)
            print(f"puthi correct: it overlaps text correction {', '.join(map(str, older))}, which stays in force; to "
                  f"put this one in its place: puthi correct --db {args.db} --delete {older[0]}", file=sys.stderr)
    return 0 if all(a.status in ("applied", "moved") for a in added) else 1


def _clashing(corpus, doc, a) -> list[int]:
    """The ids of the earlier text corrections of ``doc``'s page whose spans overlap ``a``'s."""
    return [b.id for b in corpus.annotations(doc) if b.kind == "text" and b.id and a.id and b.id < a.id
            and b.page_no == a.page_no and b.start < a.end and a.start < b.end]


def _resolved_rows(corpus, anns: list, csv_name: str) -> list:
    """(document, resolved correction) of each imported row; every row the corpus refuses (no such document or
    page, offsets past the text, another quote) is named by its line in the CSV, all at once (a newcomer: only
    the first was told, and by its page, not its row)."""
    items, errors = [], []
    for a in anns:
        try:
            doc = _document_of_row(corpus, a)
            items.append((doc, corpus.resolve(doc, a)))
        except InputError as exc:
            errors.append((a.row, exc))
    if errors:
        (row, first), rest = errors[0], [str(r) for r, _ in errors[1:]]
        more = f" (and bad rows on lines {', '.join(rest)})" if rest else ""
        raise InputError(f"{csv_name} line {row}", f"{first.where}: {first.what}{more}")
    return items


def _document_of_row(corpus, a):
    """The document an imported row names: by its ``source`` path when the row has one that the corpus holds
    (an export's annotations.csv: two books may both have a page-001.png), else by its ``document``."""
    if a.source:
        try:
            return corpus.find_document(a.source)
        except InputError:  # the corpus was built elsewhere: the name may still tell
            pass
    return corpus.find_document(a.document)


def _doc_of_claim(corpus, claim_id: str) -> str:
    """The document whose claim ``claim_id`` is, so that ``--claim`` needs no ``--doc`` (a newcomer); an id two
    documents share (two copies of one page) needs it."""
    from puthi.corpus.records import claim_xml_ids

    m = regex.fullmatch(r"claim-p(\d+)-[0-9a-f]{8}(?:-\d+)?", claim_id)
    page_no = int(m.group(1)) if m else 0
    found = [d.source for d in corpus.documents() if page_no and (page := corpus.page(d, page_no))
             and claim_id in claim_xml_ids(page.claims, page.text, page_no)]
    if len(found) > 1:
        raise InputError(claim_id, f"is a claim of {len(found)} documents; name one with --doc")
    if not found:
        raise InputError(claim_id, "is no claim of this corpus; the ids are in the exported claims table "
                                   "(puthi export --format csv: claim_id, not the database's row number) and the "
                                   "TEI (xml:id), as claim-p3-1a2b3c4d")
    return found[0]


def _claim_span(corpus, doc_name: str, claim_id: str) -> tuple[int, int, int, str]:
    """(page, start, end, key) of the claim with the TEI id ``claim_id`` in document ``doc_name``."""
    from puthi.corpus.records import claim_xml_ids

    doc = corpus.find_document(doc_name)
    m = regex.fullmatch(r"claim-p(\d+)-[0-9a-f]{8}(?:-\d+)?", claim_id)
    page_no = int(m.group(1)) if m else 0
    page = corpus.page(doc, page_no) if page_no else None
    ids = claim_xml_ids(page.claims, page.text, page_no) if page else []
    if claim_id not in ids:
        raise InputError(claim_id, f"is no claim of {doc.name}; the ids are in the exported claims table (puthi "
                                   "export --format csv: claim_id, not the database's row number) and the TEI "
                                   "(xml:id), as claim-p3-1a2b3c4d")
    c = page.claims[ids.index(claim_id)]  # its game too: one sentence may state the same of two games
    return page_no, c.start, c.end, f"{c.game}:{c.key}" if c.game else c.key


def _refuse_without_claim(corpus, doc, ann) -> None:
    """A verdict, a withdrawal or a game for a span that holds no rule claim would be recorded dead (orphaned, a
    newcomer): refuse it, and say where the page's claims are."""
    from puthi.corpus.corrections import claims_reached

    if ann.kind not in ("verdict", "game") or ann.whole_page:
        return
    page = corpus.page(doc, ann.page_no)
    claims = page.claims if page else []
    if claims_reached(ann, ann.start, ann.end, claims):
        return
    where = ", ".join(f"{c.start}..{c.end} ({c.key})" for c in claims[:8]) + (" …" if len(claims) > 8 else "")
    aim = f" of {ann.quantity}" if ann.quantity else ""
    raise InputError(f"{doc.name} page {ann.page_no}", f"no rule claim{aim} at {ann.start}..{ann.end} of the repaired "
                     "text; "
                     + (f"the page's claims are at {where}" if claims else "the page has no rule claims"))


def _refuse_near_concept(value: str, tables: tuple = ()) -> None:
    """``InputError`` for a term link to a concept id the tables lack but nearly have: a newcomer's ``card.fiv``
    had replaced a right link with a concept of its own, with only a note."""
    import difflib

    from puthi.corpus.corrections import _CONCEPT_LIKE
    from puthi.corpus.glossary import table_entries

    entries = table_entries(tables)
    if any(value in (e.concept, e.headword) or value in e.forms for e in entries):
        return
    key = value.strip().strip(".").casefold().replace("_", ".")  # " card.queen", "CARD.QUEEN", "card_queen" (a tester)
    if not _CONCEPT_LIKE.fullmatch(key):
        return
    concepts = sorted({e.concept for e in entries})
    near = [c for c in concepts if c.casefold() == key] or difflib.get_close_matches(key, concepts, n=1, cutoff=0.8)
    if near:
        raise InputError(f"--term {value!r}", f"is no concept of the tables; did you mean {near[0]}? (a concept of "
                                              "your own needs a name unlike the tables' ones)")


def _note_new_concept(value: str, tables: tuple = ()) -> None:
    """Say so when a term link names no concept, headword or form of the tables (the bundled ones and the
    corpus's own ``tables``): it is kept as a concept of its own (a scholar's new term), but it may be a typing
    error."""
    from puthi.corpus.glossary import table_entries

    entries = table_entries(tables)
    if value and entries and not any(value in (e.concept, e.headword) or value in e.forms for e in entries):
        print(f"puthi correct: --term {value!r} is no concept, headword or form of the tables; it is recorded as "
              "a new concept (see puthi terms --export csv for the known ones)", file=sys.stderr)
