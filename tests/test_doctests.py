"""Run the runnable examples in every public module's docstrings."""

import doctest
import importlib
import pkgutil
import tempfile

import pytest

import puthi


def _modules():
    names = ["puthi"]
    for sub in ("ocr", "normalize", "rules", "corpus"):
        pkg = importlib.import_module(f"puthi.{sub}")
        names.append(pkg.__name__)
        for info in pkgutil.walk_packages(pkg.__path__, prefix=f"{pkg.__name__}."):
            names.append(info.name)
    names += ["puthi.errors"]
    return sorted(set(names))


@pytest.mark.parametrize("name", _modules())
def test_doctests(name, tmp_path, monkeypatch):
    if name.endswith("__main__") or ".train" in name:
        pytest.skip("entry point")
    monkeypatch.setattr(tempfile, "tempdir", str(tmp_path))  # the examples' mkdtemp() folders are pytest's to clean
    module = importlib.import_module(name)
    result = doctest.testmod(module, optionflags=doctest.ELLIPSIS | doctest.NORMALIZE_WHITESPACE)
    assert result.failed == 0, f"{result.failed} doctest(s) failed in {name}"


def test_package_imports():
    assert puthi.__version__
