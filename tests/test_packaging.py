"""Every package folder in the stage folders is listed in pyproject.toml, so a non-editable install has it."""

import tomllib
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
STAGES = {"ocr": "puthi.ocr", "normalize": "puthi.normalize", "rules": "puthi.rules", "corpus": "puthi.corpus"}


def test_all_packages_listed():
    listed = set(tomllib.loads((ROOT / "pyproject.toml").read_text())["tool"]["setuptools"]["packages"])
    found = {"puthi"}
    for folder, name in STAGES.items():
        for init in (ROOT / folder).rglob("__init__.py"):
            rel = init.parent.relative_to(ROOT / folder)
            found.add(".".join([name, *rel.parts]))
    assert found <= listed, f"add to pyproject.toml [tool.setuptools] packages: {sorted(found - listed)}"
