"""``make docs``: the references written from the code itself, so they cannot drift from it
(as sqlite-utils writes its CLI reference); ``tests/test_docs.py`` fails when a file is not
what this script writes.

- ``docs/cli.md``: the command line, from the parser's own ``--help``;
- ``docs/settings.md``: every setting of a language file, from the schema in
  :mod:`pipeline.config` (each field's type, default and ``#:`` comment).

    .venv/bin/python scripts/reference_docs.py          # rewrite the generated parts
    .venv/bin/python scripts/reference_docs.py --check  # exit 1 if one is out of date
"""

from __future__ import annotations

import argparse
import os
import re
import sys
from collections.abc import Callable
from dataclasses import dataclass
from itertools import groupby
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from pipeline.cli import build_parser  # noqa: E402
from pipeline.config import Language  # noqa: E402
from pipeline.config.schema import settings  # noqa: E402

#: argparse wraps help to the terminal; the reference is wrapped the same on every machine.
COLUMNS = "100"


@dataclass(frozen=True)
class Generated:
    """A document whose text after ``marker`` this script writes."""

    path: Path
    marker: str
    reference: Callable[[], str]

    def written(self, current: str) -> str:
        """``current`` (the file's text) with its generated part rewritten."""
        if self.marker not in current:
            raise SystemExit(f"{self.path}: the line {self.marker!r} is missing")
        return current[: current.index(self.marker) + len(self.marker)] + "\n" + self.reference()


def subcommands(parser: argparse.ArgumentParser) -> dict[str, argparse.ArgumentParser]:
    """Each subcommand's parser, by name, in the order ``rusc --help`` lists them."""
    action = next(a for a in parser._actions if isinstance(a, argparse._SubParsersAction))
    return dict(action.choices)


def cli_reference() -> str:
    """``rusc --help``, then each command's."""
    previous = os.environ.get("COLUMNS")
    os.environ["COLUMNS"] = COLUMNS
    try:
        parser = build_parser()
        blocks = [("rusc --help", parser.format_help())]
        blocks += [(f"rusc {name} --help", sub.format_help()) for name, sub in subcommands(parser).items()]
    finally:
        if previous is None:
            del os.environ["COLUMNS"]
        else:
            os.environ["COLUMNS"] = previous
    return "".join(f"\n### `{title}`\n\n```text\n{text.rstrip()}\n```\n" for title, text in blocks)


def settings_reference() -> str:
    """A section per table of a language file, a row per setting."""
    parts = []
    for (table, array), rows in groupby(settings(Language), key=lambda s: (s.table, s.array)):
        title = "Top level" if not table else f"`[[{table}]]`" if array else f"`[{table}]`"
        parts.append(f"\n### {title}\n\n| Key | Value | Default | Meaning |\n|---|---|---|---|\n")
        for row in rows:
            # A table's row has no default to show: what it leaves out, its own rows say.
            table_kind = row.kind.startswith(("a table", "a list of tables"))
            default = f"`{row.default}`" if row.default else "" if table_kind else "required"
            meaning = markdown(row.doc).replace("|", "\\|")
            parts.append(f"| `{row.key}` | {row.kind} | {default} | {meaning} |\n")
    return "".join(parts)


def markdown(doc: str) -> str:
    """A ``#:`` comment's reStructuredText roles and literals as Markdown code.

    >>> markdown("One of :data:`SOURCE_KINDS`; ``path`` may omit it.")
    'One of `SOURCE_KINDS`; `path` may omit it.'
    """
    return re.sub(r":\w+:`([^`]+)`", r"`\1`", doc).replace("``", "`")


CLI_DOC = Generated(
    ROOT / "docs" / "cli.md",
    "<!-- Written by scripts/reference_docs.py (make docs) from each command's --help; "
    "edit the commands, not this. -->",
    cli_reference,
)
SETTINGS_DOC = Generated(
    ROOT / "docs" / "settings.md",
    "<!-- Written by scripts/reference_docs.py (make docs) from the schema in "
    "pipeline/config/language.py; edit its fields' comments, not this. -->",
    settings_reference,
)
DOCUMENTS = (CLI_DOC, SETTINGS_DOC)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--check", action="store_true", help="exit 1 if a reference is out of date, change nothing")
    args = parser.parse_args()
    stale = []
    for document in DOCUMENTS:
        current = document.path.read_text(encoding="utf-8") if document.path.exists() else document.marker
        wanted = document.written(current)
        if wanted == current:
            continue
        stale.append(document.path)
        if not args.check:
            temporary = document.path.with_suffix(".md.tmp")
            temporary.write_text(wanted, encoding="utf-8")
            temporary.replace(document.path)
    if args.check and stale:
        print(f"out of date: {', '.join(map(str, stale))}; run make docs", file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
