"""``puthi export``: write a corpus as TEI, ALTO, PAGE XML, W3C Web Annotations, CSV, Parquet or its review page."""

from __future__ import annotations

import argparse
import sys

from puthi.corpus.textio import folder

HELP = "export a corpus as TEI, ALTO, PAGE XML, Web Annotation JSON-LD, CSV, Parquet or a review page (html)"


def add_arguments(p: argparse.ArgumentParser) -> None:
    from puthi.corpus.export import FORMATS

    p.add_argument("--db", required=True, help="the corpus file made by puthi build")
    p.add_argument("--format", required=True, choices=FORMATS,
                   help="html writes report.html: scans with word boxes, every edit, term, number and verdict")
    p.add_argument("-o", "--out", required=True, metavar="DIR", type=folder,
                   help="output folder (created if missing)")
    p.add_argument("--doc", action="append", metavar="DOC", help="only this document (id, name or path); repeatable")


def run(args: argparse.Namespace) -> int:
    from puthi.corpus.export import export

    written = export(args.db, args.format, args.out, documents=args.doc)
    images = sum(p.suffix == ".png" for p in written)  # PAGE and ALTO of a PDF: a PNG of each page beside its file
    also = f" and {images} page image(s)" if images else ""
    print(f"puthi export: wrote {len(written) - images} {args.format} file(s){also} to {args.out}", file=sys.stderr)
    if not written:  # a review: "wrote 0 files" and no reason
        print("puthi export: no document with pages to export; a file that could not be read has none (see puthi "
              "build's failures)", file=sys.stderr)
    return 0
