"""``puthi check``: check the rules a text states against a game engine or another implementation."""

from __future__ import annotations

import argparse
import json
import sys

from puthi.corpus.textio import read_text_arg, text_lang
from puthi.errors import InputError

HELP = "check the rules a text states against a game engine"


def add_arguments(p: argparse.ArgumentParser) -> None:
    p.add_argument("file", nargs="?", default="-", help="text file (default: standard input)")
    p.add_argument("--game", type=str.lower, required=True,
                   help="sixtysix, schnapsen, klaverjas, klaverjas-rotterdam, dashguti, bisti (with an engine), or a "
                        "game the tables name (grabu, golamchor, …): its claims are then unverifiable")
    p.add_argument("--impl", default="reference", help="reference (the puthi engines) or schnapsen (the PyPI package)")
    p.add_argument("--format", choices=("json", "md"), default="json")
    p.add_argument("--lang", type=text_lang, choices=("bn", "as", "auto"), default="auto",
                   help="the text's language (default auto: from its letters; a Bengali text quoting Assamese "
                        "may need --lang bn)")
    p.add_argument("--errors", choices=("strict", "replace"), default="strict",
                   help="invalid UTF-8: stop with the byte offset (strict) or read it as U+FFFD (replace)")
    p.add_argument("--repair", action="store_true",
                   help="read the rules in the repaired text (raw OCR): offsets and a claim's text stay the "
                        "input's")
    p.add_argument("--table", metavar="EXTRA.csv", action="append",
                   help="a scholar's terminology table (as for puthi terms), used with the bundled ones: a game it "
                        "names (concept game.NAME) is a game of its own, whose rules are unverifiable; repeat for "
                        "several")


def run(args: argparse.Namespace) -> int:
    from dataclasses import replace

    from puthi.rules.check import check_claims, facts_of, impls
    from puthi.rules.claims import extract_claims
    from puthi.rules.claims.report import to_markdown
    from puthi.rules.engines import registry

    tables = None
    if args.table:
        from puthi.rules.terms import load_tables

        tables = load_tables(args.table)
    from puthi.corpus.corrections import known_game

    args.game = known_game(args.game, tables)
    if args.impl not in impls():
        raise InputError(f"--impl {args.impl}", f"unknown implementation; choose one of: {', '.join(impls())}")
    text = read_text_arg(args.file, args.errors, "--errors replace")
    where = "standard input" if args.file == "-" else args.file
    if not text.strip():
        raise InputError(where, "the input is empty; give the rule text as a UTF-8 text file")
    try:
        if args.game in registry.names():  # a game with no engine was said so by known_game
            facts_of(args.impl, args.game)
    except KeyError as exc:  # still run: a sentence may name another game (Schnapsen in a Sixty-Six text)
        print(f"puthi check: {exc.args[0]}, so its claims will be unverifiable; use --impl reference",
              file=sys.stderr)
    _warn_if_another_game(text, args.game, args.lang, where, tables)
    if args.lang in ("bn", "as"):
        from puthi.corpus.cmd_repair import LOOKAHEAD, warn_if_other_language

        warn_if_other_language(text[:LOOKAHEAD], args.lang, where, "check")
    if args.repair:
        claims = _claims_after_repair(text, args.game, args.lang, tables)
    else:
        _warn_if_raw_ocr(text, where)
        # each sentence in the input's own characters (the claims are read in NFC: a hostile tester's NFD text)
        claims = [replace(c, text=text[c.start : c.end])
                  for c in extract_claims(text, args.game, args.lang, tables=tables)]
    verdicts = check_claims(claims, impl=args.impl)
    if args.format == "md":
        print(to_markdown(verdicts))
    else:
        json.dump([v.to_record() for v in verdicts], sys.stdout, ensure_ascii=False, indent=1)
        print()
    if not verdicts:
        from puthi.rules.terms.letters import detect_lang

        hint = (" It was read as Assamese (its ৰ/ৱ outnumber র); if it is Bengali, try --lang bn."
                if args.lang == "auto" and detect_lang(text) == "as" else "")
        print(f"puthi check: no rule claims found in {where}; is it a rule text about {args.game}?{hint}",
              file=sys.stderr)
    return 0


def _claims_after_repair(text: str, game: str, lang: str, tables) -> list:
    """The claims of the repaired ``text``, each at its sentence's place in ``text`` as given, with that sentence as
    the text has it (``--repair``; a newcomer sliced the file at the offsets and found another sentence).

    >>> claims = _claims_after_repair("নিয়ম। বিস্তি খেলায় e • ফোটা পাইলে জিত হয়।", "bisti", "auto", None)
    >>> [(c.start, c.stated, c.text) for c in claims]
    [(7, 50, 'বিস্তি খেলায় e • ফোটা পাইলে জিত হয়।')]
    """
    from dataclasses import replace

    from puthi.normalize.edits import OffsetMap
    from puthi.normalize.repair import repair_text
    from puthi.rules.check import doubt_guesses
    from puthi.rules.claims import extract_claims

    fixed = repair_text(text, lang=lang)
    offsets = OffsetMap(list(fixed.edits))
    out = []
    for c in extract_claims(fixed.text, game, lang, tables=tables):  # its text as the input has it, as terms
        start, end = offsets.to_input(c.start), offsets.to_input(c.end, end=True)  # --repair gives surfaces
        out.append(replace(c, start=start, end=end, text=text[start:end]))
    return doubt_guesses(out, fixed.edits, in_output=False)  # a value the repair guessed is as sure as the guess


GARBLE_SAMPLE = 256 * 1024  # characters


def _warn_if_raw_ocr(text: str, where: str) -> None:
    """Say so when a text looks like raw OCR that its rules are read from only after a repair: with wrong-script
    garble (a newcomer checked seed 000 as it is, and "দুইজন লোকে थেলে" gave no players; one word in twenty is
    enough: a repaired or clean text has none, a quoted Hindi passage is no garble), or Assamese written with Bengali
    র by a Bengali model (another newcomer's page gave one rule of six).

    >>> import contextlib, io
    >>> with contextlib.redirect_stderr(io.StringIO()) as err:
    ...     _warn_if_raw_ocr("যদি কोন পক্ষে ইস্তক थাকে, শেষ पिঠে", "a.txt")
    >>> "check --repair" in err.getvalue()
    True
    """
    from puthi.normalize.detect import lang_evidence
    from puthi.normalize.garble import find_garbled
    from puthi.rules.terms.letters import detect_lang

    first = " first" if len(text) > GARBLE_SAMPLE else ""  # the beginning of a long text tells (a 16 MB line took
    text = text[:GARBLE_SAMPLE]  # seconds)
    words = len(text.split())
    garbled = sum(len(find_garbled(line)) for line in text.splitlines())
    if garbled >= 3 and garbled * 20 >= words:
        print(f"puthi check: {where}: {garbled} of its{first} {words} words look like OCR garble (Devanagari or Latin "
              "look-alikes); its rules are read after a repair: check --repair",
              file=sys.stderr)
    n_as, n_bn = lang_evidence(text)
    if n_bn >= 10 and n_bn > n_as and detect_lang(text) == "as":  # a newcomer's page: 1 rule of 6 read, unwarned
        print(f"puthi check: {where}: its words are Assamese but it writes {n_bn} Bengali র (OCR with a Bengali "
              "model?); its rules are read after a repair: check --repair", file=sys.stderr)


def _warn_if_another_game(text: str, game: str, lang: str, where: str, tables=None) -> None:
    """Say so when the text never names ``game`` but names another game with an engine at least twice, or only that
    one:
    its claims would be checked against the wrong rules (seed 002, about Sixty-Six, checked as Klaverjas; a
    Sixty-Six text checked as Schnapsen, a newcomer). A variant with no name of its own (Rotterdam Klaverjas) is
    named by its family's name. ``tables``: the person's own terminology tables, whose games' names count too (a
    newcomer's বাঘ-ছাগলী, named twice, was "never" named)."""
    from collections import Counter

    from puthi.rules.claims.extract import NAMED_GAMES, family, game_name_of
    from puthi.rules.terms import find_terms

    named = Counter(g for t in find_terms(text, lang=lang, tables=tables) if (g := game_name_of(t.concept)))
    mine = game if game in NAMED_GAMES else family(game)
    # named twice, or the only game the text names (a hostile tester's one Sixty-Six sentence checked as Schnapsen)
    others = [(n, g) for g, n in named.items() if g != mine and (n >= 2 or len(named) == 1)]
    if not named[mine] and others:
        n, other = max(others)
        print(f"puthi check: {where} names {other} {'once' if n == 1 else f'{n} times'} and never {game}; "
              f"is --game {game} right?",
              file=sys.stderr)
