"""``puthi build``: OCR, repair, terms and claims for every page of the sources, into a corpus store."""

from __future__ import annotations

import argparse
import os
import sys
from pathlib import Path

from puthi.corpus.textio import ocr_lang
from puthi.errors import InputError

HELP = "build or update a corpus (SQLite) from scans, PDFs, hOCR/ALTO/PAGE XML or OCR'd text"


def add_arguments(p: argparse.ArgumentParser) -> None:
    p.add_argument("sources", nargs="+", metavar="SOURCE", help="files or folders (searched recursively)")
    p.add_argument("--db", required=True, help="the corpus file (created if missing), e.g. corpus.sqlite")
    p.add_argument("--workers", type=int, default=1, help="local worker processes (default 1)")
    p.add_argument("--scheduler", metavar="ADDR", help="run the pages on a Dask cluster, e.g. tcp://host:8786")
    p.add_argument("--lang", type=ocr_lang, default=None, choices=("auto", "ben", "asm"),
                   help="OCR language (default: the one a document's scans were read in before, else auto)")
    p.add_argument("--game", type=str.lower, default="auto",
                   help="the game the texts describe, for rule claims (default auto: from the game names they use)")
    tables = p.add_mutually_exclusive_group()
    tables.add_argument("--table", metavar="MINE.csv", action="append",
                        help="a scholar's terminology table (as for puthi terms), read with the bundled ones; the "
                             "corpus keeps it for later builds and corrections; repeat for several")
    tables.add_argument("--no-tables", action="store_true",
                        help="drop the tables a build gave the corpus: only the bundled tables from now on")
    p.add_argument("--wait", action="store_true", help="wait for another build on the same --db instead of stopping")
    p.add_argument("--quiet", action="store_true", help="no progress bar")


def run(args: argparse.Namespace) -> int:
    from puthi.corpus.pipeline import build

    if args.workers < 1:
        raise InputError(f"--workers {args.workers}", "give 1 or more worker processes")
    tables = None if not (args.table or args.no_tables) else ()
    mine = None
    if args.table:
        from puthi.rules.terms.tables import TableFile, load_tables

        tables = tuple(TableFile.read(path) for path in args.table)
        mine = load_tables(tables)  # a row that clashes with a bundled one stops here, before any page is read
    if args.game != "auto":
        from puthi.corpus.corrections import known_game

        args.game = known_game(args.game, mine if args.table else _kept_tables(args.db))
    if not any(os.path.lexists(src) for src in args.sources) and not Path(args.db).exists():
        # a newcomer: a mistyped folder made an empty corpus (and its lock) before failing
        raise InputError(str(args.sources[0]), "no such file or folder; check the path (no corpus was made)")
    progress = False if args.quiet else True if sys.stderr.isatty() else None  # None: a line now and then, to a log
    report = build(args.sources, args.db, workers=args.workers, scheduler=args.scheduler, lang=args.lang,
                   game=args.game, tables=tables, progress=progress, wait=args.wait)
    print(f"puthi build: {report.summary()}", file=sys.stderr)
    for note in report.notes:
        print(f"puthi build: note: {note}", file=sys.stderr)
    for f in report.failures:
        print(f"puthi build: failed: {f}", file=sys.stderr)
    return 2 if report.failures else 0


def _kept_tables(db):
    """The scholar's tables a corpus already keeps (a game named only there may be given as --game; a review),
    or None for a new corpus."""
    from pathlib import Path

    from puthi.corpus.store import Corpus
    from puthi.rules.terms import load_tables

    if not Path(db).is_file():
        return None
    with Corpus(db, create=False, readonly=True) as corpus:
        kept = corpus.usable_term_tables()
    return load_tables(kept) if kept else None
