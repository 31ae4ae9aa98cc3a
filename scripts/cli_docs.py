"""``make docs``: the command line's reference in ``docs/cli.md``, written from the
parser's own ``--help`` (as sqlite-utils writes its CLI reference), so the reference
cannot drift from the commands: ``tests/test_docs.py`` fails when the file is not what
this script writes.

    .venv/bin/python scripts/cli_docs.py          # rewrite docs/cli.md's generated part
    .venv/bin/python scripts/cli_docs.py --check  # exit 1 if it is out of date
"""

from __future__ import annotations

import argparse
import os
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from pipeline.cli import build_parser  # noqa: E402

CLI_DOC = ROOT / "docs" / "cli.md"
#: Everything after this line is written by this script.
MARKER = "<!-- Written by scripts/cli_docs.py (make docs) from each command's --help; edit the commands, not this. -->"
#: argparse wraps help to the terminal; the reference is wrapped the same on every machine.
COLUMNS = "100"


def subcommands(parser: argparse.ArgumentParser) -> dict[str, argparse.ArgumentParser]:
    """Each subcommand's parser, by name, in the order ``rusc --help`` lists them."""
    action = next(a for a in parser._actions if isinstance(a, argparse._SubParsersAction))
    return dict(action.choices)


def reference() -> str:
    """The generated part: ``rusc --help``, then each command's."""
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


def written(current: str) -> str:
    """``current`` (the file's text) with its generated part rewritten."""
    if MARKER not in current:
        raise SystemExit(f"{CLI_DOC}: the line {MARKER!r} is missing")
    return current[: current.index(MARKER) + len(MARKER)] + "\n" + reference()


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--check", action="store_true", help="exit 1 if docs/cli.md is out of date, change nothing")
    args = parser.parse_args()
    current = CLI_DOC.read_text(encoding="utf-8")
    wanted = written(current)
    if args.check:
        if wanted != current:
            print(f"{CLI_DOC}: out of date; run make docs", file=sys.stderr)
            return 1
        return 0
    if wanted != current:
        temporary = CLI_DOC.with_suffix(".md.tmp")
        temporary.write_text(wanted, encoding="utf-8")
        temporary.replace(CLI_DOC)
    return 0


if __name__ == "__main__":
    sys.exit(main())
