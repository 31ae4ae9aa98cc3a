"""The documentation: the README is a landing page whose links lead to docs/, every
document's relative links resolve, docs/cli.md's reference is what the commands' own
--help prints today and docs/settings.md's is the language schema as it is, every setting
explained (scripts/reference_docs.py writes both: ``make docs``)."""

from __future__ import annotations

import importlib.util
import re
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
DOCS = sorted((ROOT / "docs").glob("*.md"))
#: A Markdown link or image whose target is a path of this repository (no scheme).
LOCAL_LINK = re.compile(r"\]\((?![a-z]+:)([^)#\s]+)(#[^)\s]*)?\)")


def reference_docs():
    spec = importlib.util.spec_from_file_location("reference_docs", ROOT / "scripts" / "reference_docs.py")
    module = importlib.util.module_from_spec(spec)
    sys.modules.setdefault("reference_docs", module)  # its dataclasses look their module up
    spec.loader.exec_module(module)
    return module


def anchors(markdown: str) -> set[str]:
    """GitHub's anchors of a document's headings: lower case, punctuation dropped, spaces as -."""
    return {
        re.sub(r"[^\w\- ]", "", title.strip().lower()).replace(" ", "-")
        for title in re.findall(r"^#+ (.+)$", markdown, re.M)
    }


@pytest.mark.parametrize("name", ["cli.md", "settings.md"])
def test_the_generated_references_are_current(name):
    module = reference_docs()
    document = next(document for document in module.DOCUMENTS if document.path.name == name)
    current = document.path.read_text(encoding="utf-8")
    assert document.written(current) == current, f"docs/{name} is out of date: run make docs"


def test_the_cli_reference_shows_every_subcommand():
    module = reference_docs()
    from pipeline.cli import build_parser

    text = module.CLI_DOC.path.read_text(encoding="utf-8")
    missing = [name for name in module.subcommands(build_parser()) if f"### `rusc {name} --help`" not in text]
    assert not missing, missing


def test_every_setting_of_a_language_file_is_explained():
    """Each field of the schema has a ``#:`` comment, which docs/settings.md shows."""
    from pipeline.config import Language
    from pipeline.config.schema import settings

    unexplained = [f"{row.table}.{row.key}".lstrip(".") for row in settings(Language) if not row.doc]
    assert not unexplained, unexplained
    text = (ROOT / "docs" / "settings.md").read_text(encoding="utf-8")
    assert all(f"| `{row.key}` |" in text for row in settings(Language))


@pytest.mark.parametrize("document", [ROOT / "README.md", *DOCS], ids=lambda path: path.name)
def test_every_local_link_resolves(document):
    text = document.read_text(encoding="utf-8")
    broken = []
    for target, anchor in LOCAL_LINK.findall(text):
        path = (document.parent / target).resolve()
        if not path.exists():
            broken.append(target)
        elif anchor and path.suffix == ".md" and anchor[1:] not in anchors(path.read_text(encoding="utf-8")):
            broken.append(target + anchor)
    assert not broken, f"{document.name}: {broken}"


def test_the_readme_leads_to_every_document():
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    linked = {target for target, _ in LOCAL_LINK.findall(readme)}
    missing = [path.name for path in DOCS if f"docs/{path.name}" not in linked]
    assert not missing, f"README links none of {missing}"


def test_the_readme_starts_with_the_two_commands():
    lines = (ROOT / "README.md").read_text(encoding="utf-8").splitlines()
    assert lines[3].startswith("make site") and lines[4].startswith("make test"), lines[:5]
