"""``rusc expand LANG``: write every form of a language's dictionary, or show one stem's forms."""

from __future__ import annotations

import argparse
from pathlib import Path
from typing import TYPE_CHECKING

from pipeline.commands.args import language_arg, workers_arg

if TYPE_CHECKING:
    from pipeline.expand import Expander


def register(subparsers) -> None:
    parser = subparsers.add_parser(
        "expand",
        help="write every word form a language's dictionary accepts",
        description="Expand a Hunspell dictionary into all its word forms (sorted, one per line).",
    )
    parser.add_argument(
        "language", metavar="LANG", type=language_arg, help="language code (see pipeline/languages) or a language TOML"
    )
    parser.add_argument("--stem", help="print this stem's forms and the affix rules that made each")
    parser.add_argument(
        "--fast", action="store_true", help="word-game fast path: skip rules and stems that cannot make ordinary words"
    )
    parser.add_argument("--output", type=Path, help="output file (default dist/work/<LANG>/forms.txt)")
    parser.add_argument(
        "--workers", type=workers_arg, default=2, help="processes to use, at most this machine's processors (default 2)"
    )
    add_bound_arguments(parser)
    parser.set_defaults(func=run)


def add_bound_arguments(parser) -> None:
    """--max-forms / --max-bytes: bounds checked against the estimate before expanding."""
    parser.add_argument(
        "--max-forms",
        type=int,
        metavar="N",
        help="refuse if the estimated forms exceed N (default: the TOML's expand.max_forms)",
    )
    parser.add_argument(
        "--max-bytes",
        type=int,
        metavar="BYTES",
        help="refuse if the estimated forms.txt exceeds BYTES (default: expand.max_bytes)",
    )


def run(args: argparse.Namespace) -> int:
    from pipeline.core.fsutil import require_file_target
    from pipeline.core.paths import Paths
    from pipeline.expand import Expander, OrdinaryForms, expand_to_file
    from pipeline.expand.estimate import plan_expansion
    from pipeline.sources import fetch

    language, paths = args.language, Paths.from_env()
    files = fetch(language, paths)
    aff, dic = Path(files.aff), Path(files.dic)
    if args.stem is not None:
        print_stem(Expander.from_files(aff, dic), args.stem, dic)
        return 0
    out = require_file_target(args.output or paths.work(language.code) / "forms.txt")
    plan = plan_expansion(language, aff, dic, out.parent, args.max_forms, args.max_bytes)
    stats = expand_to_file(
        aff,
        dic,
        out,
        workers=args.workers,
        fast=args.fast,
        ordinary=OrdinaryForms.of(language),
        expander=plan.expander,
        metadata=plan.metadata(),
    )
    print(
        f"{out}: {stats.forms} forms ({stats.generated} generated) from {stats.expanded_entries} entries"
        f"{'; the dictionary also accepts compounds, not listed' if stats.compounds else ''}"
    )
    return 0


def print_stem(expander: Expander, stem: str, dic: Path) -> None:
    """Every entry spelled ``stem``: its forms, each with the affix rules that made it."""
    from pipeline.core.errors import RuscError
    from pipeline.expand import derivations

    matches = [e for e in expander.entries() if e.stem == stem]
    if not matches:
        raise RuscError(f"no entry {stem!r} in the dictionary", dic)
    for entry in matches:
        flags = " ".join(sorted(entry.flags))
        print(f"# {entry.stem} (line {entry.line}; flags: {flags or '-'})")
        for d in derivations(expander, entry):
            rules = " + ".join(
                f"{r.kind} {r.flag}#{r.index} ({r.strip or '0'}/{r.add or '0'} {r.condition.text or '.'})"
                for r in d.chain
            )
            print(f"{d.form}\t{rules or '(stem)'}")
