"""Typed errors with exit codes (after OCRmyPDF's ``exceptions.py``).

Each error's message is one line that names the input and says what to do.

>>> str(InputError("scan.png", "cannot read the image; is it a PNG, JPEG, TIFF or PDF?"))
'scan.png: cannot read the image; is it a PNG, JPEG, TIFF or PDF?'
"""

from __future__ import annotations


class PuthiError(Exception):
    exit_code = 1

    def __init__(self, where: str, what: str):
        super().__init__(f"{where}: {what}")
        self.where = where
        self.what = what


class InputError(PuthiError):
    """The input cannot be used (unreadable, corrupt, empty, wrong format or encoding)."""

    exit_code = 2


class MissingDependencyError(PuthiError):
    """An external program or data file is missing (tesseract, a language pack)."""

    exit_code = 3


class EngineError(PuthiError):
    """An external engine crashed or timed out."""

    exit_code = 4


class OutputError(PuthiError):
    """The output cannot be written (permissions, disk full, a path outside the output folder)."""

    exit_code = 5
