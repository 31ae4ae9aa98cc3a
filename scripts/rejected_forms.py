"""How many generated forms Debian's libhunspell rejects (the rule is none).

Usage: ``python scripts/rejected_forms.py LANG [FORMS]``: checks ``FORMS`` (default
``dist/work/LANG/forms.txt``, what ``rusc expand LANG`` or ``rusc dictionaries LANG`` wrote)
against the language's dictionary with the tests' oracle (tests/oracle/spell_check.cpp,
compiled against libhunspell by :func:`expand_support.rejected`). Prints the count, the
forms checked and up to 20 rejected forms; exits 1 if any is rejected.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(REPO / "tests"))

from expand_support import dictionary_files, rejected  # noqa: E402


def check(code: str, forms: Path) -> list[str]:
    """The forms of ``forms`` that libhunspell rejects with ``code``'s dictionary."""
    files = dictionary_files(code)
    return rejected(files.aff, files.dic, forms)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("language")
    parser.add_argument("forms", nargs="?", type=Path)
    args = parser.parse_args()
    forms = args.forms or REPO / "dist" / "work" / args.language / "forms.txt"
    bad = check(args.language, forms)
    total = sum(1 for _ in open(forms, "rb"))
    print(f"{args.language}: {len(bad)} of {total} forms rejected by libhunspell ({forms})")
    for word in bad[:20]:
        print(f"  {word}")
    return 1 if bad else 0


if __name__ == "__main__":
    raise SystemExit(main())
