"""OCR stage: images and PDFs to a :class:`~puthi.ocr.model.Page` of blocks, lines and words."""

from puthi.ocr.model import Block, Box, Line, Page, Step, Word

__all__ = ["Block", "Box", "Line", "Page", "Step", "Word"]
