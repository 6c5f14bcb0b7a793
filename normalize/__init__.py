"""Repair stage: Unicode normalisation and OCR repair for Bengali and Assamese, every edit explained."""

from puthi.normalize.edits import Edit, apply_edits

__all__ = ["Edit", "apply_edits"]
