"""Small helpers for the bad-input review tests: run a ``puthi`` command in-process and in a subprocess."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from puthi.corpus.cli import main

PUTHI = [sys.executable, "-m", "puthi.corpus.cli"]
needs_poppler = pytest.mark.skipif(not (shutil.which("pdfinfo") and shutil.which("pdftoppm")),
                                   reason="poppler-utils (pdfinfo, pdftoppm) is not installed")


def run(capsys, argv: list[str]) -> tuple[int, str, str]:
    """``puthi ARGV`` in this process: (exit code, stdout, stderr); argparse exits count as codes."""
    try:
        code = main([str(a) for a in argv])
    except SystemExit as exc:
        code = exc.code if isinstance(exc.code, int) else 1
    out = capsys.readouterr()
    return code, out.out, out.err


def run_as_nobody(argv: list[str], cwd: Path, timeout: float = 60) -> subprocess.CompletedProcess:
    """``puthi ARGV`` as user nobody (root ignores permissions); the caller skips unless root on Linux."""
    env = {k: v for k, v in os.environ.items() if k in ("PATH", "LANG", "LC_ALL", "TESSDATA_PREFIX")}
    env["HOME"] = str(cwd)
    return subprocess.run(["setpriv", "--reuid=65534", "--regid=65534", "--clear-groups", *PUTHI,
                           *map(str, argv)], cwd=cwd, env=env, capture_output=True, text=True, timeout=timeout)


def one_clean_line(err: str) -> str:
    """The stderr of a failed command, checked to be free of tracebacks; its last non-empty line."""
    assert "Traceback" not in err, err
    lines = [ln for ln in err.splitlines() if ln.strip()]
    assert lines, "nothing on stderr"
    return lines[-1]


def blank_pdf(width_pt: float, height_pt: float, pages: int = 1) -> bytes:
    """A minimal PDF of blank pages of the given size in points (written by hand: no PDF library needed)."""
    kids = " ".join(f"{3 + i} 0 R" for i in range(pages))
    objs = ["<< /Type /Catalog /Pages 2 0 R >>", f"<< /Type /Pages /Kids [{kids}] /Count {pages} >>"]
    objs += [f"<< /Type /Page /Parent 2 0 R /MediaBox [0 0 {width_pt} {height_pt}] >>"] * pages
    out, offsets = "%PDF-1.4\n", []
    for i, obj in enumerate(objs, 1):
        offsets.append(len(out))
        out += f"{i} 0 obj\n{obj}\nendobj\n"
    xref = len(out)
    out += f"xref\n0 {len(objs) + 1}\n0000000000 65535 f \n" + "".join(f"{o:010d} 00000 n \n" for o in offsets)
    out += f"trailer\n<< /Size {len(objs) + 1} /Root 1 0 R >>\nstartxref\n{xref}\n%%EOF\n"
    return out.encode("ascii")
