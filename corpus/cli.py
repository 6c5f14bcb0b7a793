"""The ``puthi`` command line. Each command lives in its own ``cmd_*`` module with
``HELP``, ``add_arguments(parser)`` and ``run(args) -> int``; they are imported only when used.
"""

from __future__ import annotations

import argparse
import errno
import importlib
import os
import sqlite3
import sys
from typing import NoReturn

from puthi import __version__
from puthi.errors import OutputError, PuthiError

DESCRIPTION = "OCR, repair, terminology and rule checking for old Bengali and Assamese books about games."

COMMANDS = {
    "ocr": "puthi.corpus.cmd_ocr",
    "eval": "puthi.corpus.cmd_eval",
    "repair": "puthi.corpus.cmd_repair",
    "terms": "puthi.corpus.cmd_terms",
    "check": "puthi.corpus.cmd_check",
    "build": "puthi.corpus.cmd_build",
    "correct": "puthi.corpus.cmd_correct",
    "export": "puthi.corpus.cmd_export",
    "demo": "puthi.corpus.cmd_demo",
}


def _available() -> dict[str, object]:
    mods = {}
    for name, path in COMMANDS.items():
        try:
            mods[name] = importlib.import_module(path)
        except ModuleNotFoundError as exc:
            if exc.name != path:
                raise
    return mods


class _Parser(argparse.ArgumentParser):
    """argparse with its errors on one line, as every other error of puthi (it printed the usage first)."""

    def error(self, message: str) -> NoReturn:
        self.exit(2, f"{self.prog}: {message}; see {self.prog} --help\n")


def build_parser() -> argparse.ArgumentParser:
    parser = _Parser(prog="puthi", description=DESCRIPTION)
    parser.add_argument("--version", action="version", version=f"puthi {__version__}")
    sub = parser.add_subparsers(dest="command", required=True, metavar="COMMAND")
    for name, mod in _available().items():
        # A command's EPILOG (optional) is printed after its options, as written.
        p = sub.add_parser(name, help=mod.HELP, description=mod.HELP, epilog=getattr(mod, "EPILOG", None),
                           formatter_class=argparse.RawDescriptionHelpFormatter)
        mod.add_arguments(p)
        p.set_defaults(_run=mod.run)
    return parser


class _ClosedOutput:
    """Standard output when the process started without one: writing to it is a one-line error."""

    def write(self, text: str) -> int:
        raise OutputError("standard output", "is closed; redirect it to a file (> out.txt)")

    def flush(self) -> None:
        pass


def _corpus_error(args: argparse.Namespace, exc: Exception) -> PuthiError | None:
    """A one-line error for SQLite's own error on the command's corpus (damaged on disk or by hand: a dropped
    table, a page of text that is no UTF-8), raised as it is or wrapped by pandas (a hostile tester)."""
    cause = exc if isinstance(exc, sqlite3.DatabaseError) else exc.__cause__
    if not isinstance(cause, sqlite3.DatabaseError) or not getattr(args, "db", None):
        return None
    from puthi.corpus.store import db_error

    return db_error(str(args.db), cause)


def main(argv: list[str] | None = None) -> int:
    if sys.stderr is None:  # started with stderr closed (`2>&-`): messages go nowhere, never into the results
        sys.stderr = open(os.devnull, "w", encoding="utf-8")
    args = build_parser().parse_args(argv)
    if sys.stdout is None:  # started with stdout closed (`>&-`): fine until a command writes a result there
        sys.stdout = _ClosedOutput()
    try:
        code = int(args._run(args) or 0)
        sys.stdout.flush()  # a full disk shows here, not in a message at exit
        return code
    except PuthiError as exc:
        prefix = f"puthi {args.command}"
        print(f"{prefix}: {exc.what if exc.where == prefix else exc}", file=sys.stderr)
        return exc.exit_code
    except BrokenPipeError:
        return 0
    except Exception as exc:
        if damage := _corpus_error(args, exc):
            print(f"puthi {args.command}: {damage}", file=sys.stderr)
            return damage.exit_code
        if not isinstance(exc, OSError) or exc.errno not in (errno.ENOSPC, errno.EDQUOT, errno.EFBIG):
            raise
        print(f"puthi {args.command}: cannot write the output ({exc.strerror}); free some space or write "
              "elsewhere, and run again", file=sys.stderr)
        return OutputError.exit_code
    except KeyboardInterrupt:
        print(f"puthi {args.command}: interrupted; what was written so far is kept", file=sys.stderr)
        return 130


if __name__ == "__main__":
    raise SystemExit(main())
