"""puthi: OCR, repair, terminology and rule checking for old Bengali and Assamese books about games.

The stages live in folders at the repository root and are installed as one namespace:
``puthi.ocr``, ``puthi.normalize``, ``puthi.rules`` and ``puthi.corpus`` (see DESIGN.md).
"""

__version__ = "0.1.0"
