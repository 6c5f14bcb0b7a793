"""Strip outputs from notebooks before they are committed: outputs, execution counts, run-time metadata.

    .venv/bin/python scripts/strip_notebooks.py            # strip notebooks/*.ipynb in place
    .venv/bin/python scripts/strip_notebooks.py --check    # exit 1 and name the notebooks that need it
    .venv/bin/python scripts/strip_notebooks.py PATH...    # other notebooks

Cell tags and the notebook's kernel metadata are kept; tests/test_notebooks.py relies on the tags.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

import nbformat

NOTEBOOKS = Path(__file__).resolve().parents[1] / "notebooks"
# Cell metadata Jupyter writes while running; everything else (tags, for example) is the author's.
RUNTIME_METADATA = ("execution", "collapsed", "scrolled", "ExecuteTime")


def strip(nb: nbformat.NotebookNode) -> bool:
    """Remove outputs and run-time metadata from ``nb`` in place; True when something was removed.

    >>> from nbformat.v4 import new_code_cell, new_notebook, new_output
    >>> nb = new_notebook(cells=[new_code_cell("1 + 1", execution_count=3,
    ...                                        outputs=[new_output("execute_result", {"text/plain": "2"})])])
    >>> strip(nb), nb.cells[0].outputs, nb.cells[0].execution_count, strip(nb)
    (True, [], None, False)
    """
    changed = False
    for cell in nb.cells:
        for key in RUNTIME_METADATA:
            if key in cell.metadata:
                del cell.metadata[key]
                changed = True
        if cell.cell_type != "code":
            continue
        if cell.outputs or cell.execution_count is not None:
            cell.outputs = []
            cell.execution_count = None
            changed = True
    if "widgets" in nb.metadata:
        del nb.metadata["widgets"]
        changed = True
    return changed


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description="Strip outputs from Jupyter notebooks.")
    parser.add_argument("paths", nargs="*", type=Path, help="notebooks (default: notebooks/*.ipynb)")
    parser.add_argument("--check", action="store_true", help="change nothing; exit 1 if a notebook has outputs")
    args = parser.parse_args(argv)
    paths = args.paths or sorted(NOTEBOOKS.glob("*.ipynb"))
    dirty = []
    for path in paths:
        try:
            nb = nbformat.read(path, as_version=4)
        except (OSError, ValueError) as exc:
            print(f"{path}: cannot read this notebook ({exc}); give the path of a .ipynb file", file=sys.stderr)
            return 2
        if strip(nb):
            dirty.append(path)
            if not args.check:
                nbformat.write(nb, path)
    for path in dirty:
        print(f"{path}: {'has outputs; run scripts/strip_notebooks.py' if args.check else 'stripped'}")
    return 1 if (args.check and dirty) else 0


if __name__ == "__main__":
    sys.exit(main())
