"""``rusc add-language CODE --npm NAME[@VERSION]`` (or ``--deb``, ``--oxt``, ``--path``):
write a complete, commented language file from the dictionary package itself."""

from __future__ import annotations

from pathlib import Path


def register(subparsers) -> None:
    parser = subparsers.add_parser(
        "add-language",
        help="write pipeline/languages/CODE.toml from a dictionary package",
        description="Fetch a Hunspell dictionary once, pin it, measure it (alphabet, capitalised nouns, Wordle "
        "length, tiles, the size of its expansion) and write a commented language file.",
    )
    parser.add_argument("code", metavar="CODE", help="the language code (eu, pt_BR, de-at)")
    source = parser.add_mutually_exclusive_group(required=True)
    source.add_argument("--npm", metavar="NAME[@VERSION]", help="an npm dictionary package (latest if no version)")
    source.add_argument("--deb", metavar="NAME[=VERSION]", help="a Debian package (apt-get download)")
    source.add_argument("--oxt", metavar="FILE", type=Path, help="a LibreOffice extension")
    source.add_argument(
        "--path", metavar="PATH", type=Path, help="a local .aff (its .dic beside it), folder or archive"
    )
    parser.add_argument("--locale", default="", help="which dictionary of a multi-dictionary .oxt (e.g. ca-ES)")
    parser.add_argument("--licence", default="", help="the SPDX licence, where the package's metadata has none")
    parser.add_argument("--output", type=Path, help="where to write (default pipeline/languages/CODE.toml)")
    parser.add_argument("--force", action="store_true", help="replace an existing language file")
    parser.set_defaults(func=run)


def run(args) -> int:
    from pipeline.core.paths import Paths
    from pipeline.newlang.add_language import Request, add_language

    kind = next(k for k in ("npm", "deb", "oxt", "path") if getattr(args, k) is not None)
    request = Request(
        code=args.code,
        kind=kind,
        spec=str(getattr(args, kind)),
        locale=args.locale,
        licence=args.licence,
        output=args.output,
        force=args.force,
    )
    add_language(request, Paths.from_env())
    return 0
