"""``rusc add-language``: write a complete, commented language file from a dictionary package.

Start at :func:`add_language`. The steps, each a small function:

1. :func:`resolve` fetches the package once (``npm pack``, ``apt-get download``, a local
   .oxt or path), pins it by the integrity of what was fetched and puts it in the cache, so
   the later build fetches nothing new.
2. :func:`inspect_package` unpacks it safely and finds the .aff/.dic pair, the SPDX licence
   of its metadata (npm's ``package.json``, Debian's ``copyright``) and the dictionary's
   licence file, or the readme section that states the licence where there is none.
3. :mod:`pipeline.newlang.measure` measures the dictionary (alphabet, capitalised nouns, Wordle
   length, tiles); :mod:`pipeline.expand.estimate` estimates the expansion and, when it would
   exceed the default bound, the bounded mode (:mod:`pipeline.expand.bounded`).
4. Babel (CLDR) gives the language's own and English names and the main time zone of the
   territory it is most likely spoken in.
5. :func:`render_toml` writes the TOML with a comment wherever a reviewer should decide
   (folding, tiles, games the language cannot support); the file is validated by
   :func:`pipeline.config.load_language` before it replaces anything.

The interface text is English until translated: the site's messages are English gettext
msgids, so a language without a catalog in ``pipeline/locale/`` shows them as they are.
"""

from __future__ import annotations

import json
import re
import tempfile
import tomllib
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING

from pipeline.config import DEFAULT_MAX_FORMS, LANGUAGE_CODE, LANGUAGES_DIR, Folding, Racks, Source, load_language
from pipeline.config.schema import LINE_BREAKING, toml_value
from pipeline.core.errors import RuscError, UsageError
from pipeline.core.fsutil import atomic_write, require_file_target
from pipeline.core.paths import Paths
from pipeline.sources.archives import find_licence_file, safe_extract, unpack

if TYPE_CHECKING:
    from pipeline.expand.estimate import Estimate
    from pipeline.newlang.measure import Measurements

#: The language whose game settings (beehive rules, schedule) a new file starts from.
TEMPLATE_LANGUAGE = "en"
#: Settings of the template language that are facts about its alphabet or its game, not
#: defaults for another language (English hives never use S).
TEMPLATE_ONLY_SETTINGS = frozenset({"excluded_letters"})


@dataclass(frozen=True)
class Package:
    """A fetched package, pinned, with what its files say about it."""

    source: Source
    #: The unpacked package root (a temporary folder the caller owns).
    root: Path
    #: SPDX expression from the metadata ("" if none was found).
    licence: str
    #: Comment lines explaining where the licence came from.
    licence_notes: tuple[str, ...] = ()
    #: The package's description, if its metadata has one.
    description: str = ""
    deprecated: str = ""


@dataclass
class Request:
    """What ``rusc add-language`` was asked."""

    code: str
    #: One of "npm", "deb", "oxt", "path", and what to fetch.
    kind: str
    spec: str
    #: Which dictionary of a multi-dictionary extension (.oxt locale).
    locale: str = ""
    #: SPDX licence given on the command line (overrides the metadata).
    licence: str = ""
    output: Path | None = None
    force: bool = False
    notes: list[str] = field(default_factory=list)


def add_language(request: Request, paths: Paths, log=print) -> Path:
    """Write ``pipeline/languages/<code>.toml`` (or ``request.output``); return its path."""
    if not re.fullmatch(LANGUAGE_CODE, request.code):
        raise UsageError(f"rusc add-language: {request.code!r} is not a language code (like eu, pt_BR or de-at)")
    from pipeline.render.i18n import cldr_locale

    if cldr_locale(request.code) is None:  # the site could not write its numbers and dates
        raise UsageError(
            f"rusc add-language: CLDR has no locale {request.code!r}, which the site needs for numbers "
            f"and dates; use a code CLDR knows (like eu, pt_BR or de-at)"
        )
    target = require_file_target(request.output or LANGUAGES_DIR / f"{request.code}.toml")
    if target.exists() and not request.force:
        raise UsageError(f"rusc add-language: {target} exists (--force replaces it)")
    with tempfile.TemporaryDirectory(prefix="rusc-add-") as tmp:
        package = inspect_package(resolve(request, paths, Path(tmp)), request, Path(tmp) / "unpacked")
        from pipeline.sources import fetch_source

        files = fetch_source(package.source, paths, target)
        facts = survey(files.aff, files.dic, request.code, log)
    text = render_toml(request, package, facts)
    _validate(text, target)
    atomic_write(target, text)
    log(f"{request.code}: wrote {target}")
    return target


def _validate(text: str, target: Path) -> None:
    """Read the text back as Rusc will, before it replaces anything; an error names
    ``target`` (what would have been written), never the temporary copy it read."""
    with tempfile.TemporaryDirectory(prefix="rusc-check-") as tmp:
        copy = Path(tmp) / (target.stem + ".toml")
        copy.write_text(text, encoding="utf-8")
        try:
            load_language(copy)
        except RuscError as error:
            raise RuscError(f"the file written would be refused: {error.message}", target, error.line) from None


# --- 1. fetching ----------------------------------------------------------------------


def resolve(request: Request, paths: Paths, tmp: Path) -> tuple[Source, Path]:
    """Fetch what ``request`` names; return its pinned :class:`Source` and the archive."""
    from pipeline.sources import cache_archive, integrity_of, run_tool

    if request.kind == "npm":
        packed = run_tool(
            ["npm", "pack", request.spec, "--json", "--pack-destination", str(tmp)], tmp, f"npm pack {request.spec}"
        )
        try:
            info = json.loads(packed)[0]
        except (ValueError, IndexError, KeyError):
            raise RuscError(f"npm pack {request.spec}: unexpected output") from None
        archive = tmp / info["filename"]
        source = Source(kind="npm", name=info["name"], version=info["version"], integrity=info["integrity"])
        return source, cache_archive(source, archive, paths)
    if request.kind == "deb":
        run_tool(["apt-get", "download", "-q", request.spec], tmp, f"apt-get download {request.spec}")
        debs = sorted(tmp.glob("*.deb"))
        if len(debs) != 1:
            raise RuscError(f"apt-get download {request.spec} produced no package")
        name = run_tool(["dpkg-deb", "-f", str(debs[0]), "Package"], tmp, "dpkg-deb").strip()
        version = run_tool(["dpkg-deb", "-f", str(debs[0]), "Version"], tmp, "dpkg-deb").strip()
        source = Source(kind="deb", name=name, version=version, integrity=integrity_of(debs[0], "sha256"))
        return source, cache_archive(source, debs[0], paths)
    local = Path(request.spec).expanduser().resolve()
    if not local.exists():
        raise UsageError(f"rusc add-language: {request.spec} does not exist")
    integrity = integrity_of(local, "sha256") if local.is_file() else ""
    if request.kind == "oxt":
        return Source(kind="oxt", name=str(local), integrity=integrity, locale=request.locale), local
    return Source(kind="path", name=str(local), integrity=integrity), local


# --- 2. what the package says ---------------------------------------------------------


def inspect_package(resolved: tuple[Source, Path], request: Request, unpacked: Path) -> Package:
    """Unpack the archive and read its licence and dictionary files into a :class:`Package`."""
    from pipeline.sources.archives import find_oxt_dictionary

    source, archive = resolved
    root = unpack(archive, unpacked)
    if request.kind == "deb":
        data = sorted(root.rglob("data.tar*"))
        if data:
            safe_extract(data[0], root / "data")
    meta = _metadata(root)
    licence, notes = _licence(root, meta, request)
    if source.kind == "oxt" or (root / "META-INF" / "manifest.xml").exists():
        found = find_oxt_dictionary(root, archive, request.locale)
        aff, dic = found.aff, found.dic
    else:
        affs = sorted(p for p in root.rglob("*.aff") if p.with_suffix(".dic").is_file())
        if archive.suffix.lower() == ".aff":
            affs = [archive]
        if len(affs) != 1:
            raise RuscError(f"the package has {len(affs)} .aff/.dic pairs; point --path at one .aff", archive)
        aff, dic = affs[0], affs[0].with_suffix(".dic")
    licence_file, file_notes = find_licence_file(root, aff)
    keep_paths = source.kind in ("npm", "deb", "path") and archive.suffix.lower() != ".aff"
    fields = {}
    if (keep_paths and source.kind != "path") or (source.kind == "path" and archive.is_dir()):
        fields = {"aff": aff.relative_to(root).as_posix(), "dic": dic.relative_to(root).as_posix()}
        if licence_file is not None:
            fields["licence_file"] = licence_file.relative_to(root).as_posix()
    source = Source(**{**source.__dict__, **fields})
    return Package(
        source=source,
        root=root,
        licence=licence,
        licence_notes=tuple(notes + file_notes),
        description=str(meta.get("description", "")),
        deprecated=str(meta.get("deprecated", "")),
    )


def _metadata(root: Path) -> dict:
    for candidate in sorted(root.rglob("package.json")):
        try:
            return json.loads(candidate.read_text("utf-8"))
        except (OSError, ValueError):
            continue
    return {}


def _licence(root: Path, meta: dict, request: Request) -> tuple[str, list[str]]:
    """The SPDX expression and a note saying where it came from."""
    if request.licence:
        return request.licence, ["The licence was given on the command line (--licence)."]
    value = meta.get("license")
    if isinstance(value, str) and value:
        expression = value.strip()
        if expression.startswith("(") and expression.endswith(")"):
            expression = expression[1:-1]
        return expression, ["The licence is the SPDX expression of the package's metadata (package.json)."]
    for copyright_file in sorted(root.rglob("usr/share/doc/*/copyright")):
        found = re.findall(r"^License:\s*(\S.*)$", copyright_file.read_text("utf-8", "replace"), re.MULTILINE)
        if found:
            return found[0].strip(), [
                f"The licence is the first 'License:' of the Debian copyright file "
                f"({copyright_file.relative_to(root).as_posix()}): check it is SPDX."
            ]
    return "NOASSERTION", [
        "NEEDS A HUMAN DECISION: no licence found in the package; set `licence` to its "
        "SPDX expression (or pass --licence)."
    ]


# --- 3. measuring -----------------------------------------------------------------------


@dataclass(frozen=True)
class Facts:
    """What the dictionary itself says (see :func:`survey`)."""

    measurements: Measurements
    #: The full expansion's estimate, None when it could not be counted in time.
    estimate: Estimate | None
    #: The least bounded mode that stays under the default bound ("" if none is needed), and
    #: its estimate.
    bounded: str
    bounded_estimate: Estimate | None
    compounds: bool
    entries: int


def survey(aff: Path, dic: Path, code: str, log=print) -> Facts:
    """Measure the normalised dictionary and estimate its expansion."""
    from pipeline.expand import Expander, OrdinaryForms
    from pipeline.expand.bounded import MODES, bounded_variant
    from pipeline.expand.estimate import ESTIMATE_SECONDS, EstimateTooSlow, estimate_expansion
    from pipeline.newlang.measure import measure

    expander = Expander.from_files(aff, dic)
    plural_like = {
        flag: all(rule.add.isalpha() or not rule.add for rule in rules) and any(r.add for r in rules)
        for flag, rules in expander.data.suffixes.items()
    }
    # Entries that are only parts of compounds (German "zeit" beside "Zeit") are not words.
    blocked = {flag for flag in (expander.data.onlyincompound, expander.data.forbidden) if flag is not None}
    words = [entry for entry in expander.entries() if not entry.flags & blocked]
    measurements = measure(words, plural_like, _common_words(code))
    try:
        estimate = estimate_expansion(expander, path=aff)
        log(estimate.describe())
    except EstimateTooSlow as slow:  # beyond any bound: a bounded mode may still be counted
        estimate = None
        log(str(slow))
    bounded, bounded_estimate = "", None
    # The least bounded mode whose estimate is under the bound (else the most bounded counted).
    for mode in MODES if estimate is None or estimate.forms > DEFAULT_MAX_FORMS else ():
        try:
            # A new language has no letter groups yet: only its capitals are measured.
            candidate = estimate_expansion(
                bounded_variant(expander, mode, OrdinaryForms(measurements.capitalised_nouns)), path=aff
            )
        except EstimateTooSlow as slow:
            log(f"bounded ({mode}): {slow}")
            continue
        bounded, bounded_estimate = mode, candidate
        log(f"bounded ({bounded}): {bounded_estimate.describe()}")
        if bounded_estimate.forms <= DEFAULT_MAX_FORMS:
            break
    if estimate is None and bounded_estimate is None:
        raise RuscError(
            f"no expansion mode could be counted within {ESTIMATE_SECONDS:.0f} s: the affix rules "
            f"multiply beyond any bound",
            aff,
        )
    return Facts(measurements, estimate, bounded, bounded_estimate, expander.compounds, len(expander.entries()))


#: How many of the commonest words (wordfreq) the capitalisation measure looks at.
COMMON_WORDS = 5000


def _common_words(code: str) -> list[str] | None:
    from wordfreq import available_languages, top_n_list

    language = _frequency_code(code)
    return top_n_list(language, COMMON_WORDS) if language in available_languages() else None


def _frequency_code(code: str) -> str:
    """
    >>> _frequency_code("de-at"), _frequency_code("pt_BR")
    ('de', 'pt')
    """
    return re.split(r"[-_]", code)[0]


# --- 4. names and time zone from CLDR ---------------------------------------------------


@dataclass(frozen=True)
class CldrFacts:
    """What CLDR knows of a language code, for its new file."""

    #: The language's own name ("Euskara") and its English name ("Basque").
    name: str
    english_name: str
    #: The main time zone of the territory CLDR gives for the code.
    timezone: str
    #: What a reviewer should know or decide (a variant CLDR lacks, several time zones).
    notes: tuple[str, ...] = ()


def cldr_facts(code: str, capitalise: bool = True) -> CldrFacts:
    """The language's names and time zone from Babel's CLDR data.

    >>> facts = cldr_facts("eu")
    >>> facts.name, facts.english_name, facts.timezone, len(facts.notes)  # Spain has 3 zones
    ('Euskara', 'Basque', 'Europe/Madrid', 1)
    >>> facts = cldr_facts("de-at")
    >>> facts.name, facts.english_name, facts.timezone
    ('Deutsch (Österreich)', 'German (Austria)', 'Europe/Vienna')
    """
    from babel import Locale, UnknownLocaleError
    from babel.core import get_global

    parts = re.split(r"[-_]", code)
    candidates = ["_".join([parts[0], parts[1].upper()])] if len(parts) > 1 and len(parts[1]) == 2 else []
    candidates.append(parts[0])
    notes: list[str] = []
    for candidate in candidates:
        try:
            locale = Locale.parse(candidate)
            break
        except (UnknownLocaleError, ValueError):
            continue
    else:
        return CldrFacts(
            code,
            code,
            "UTC",
            (f"NEEDS A HUMAN DECISION: CLDR does not know {code!r}: set name, english_name and timezone.",),
        )
    own = locale.display_name or code
    if capitalise:  # as a name stands at the start of a line; never in a script without case
        own = own[:1].upper() + own[1:]
    english = locale.english_name or code
    if len(parts) > 1 and candidates[0] != str(locale):
        notes.append(
            f"CLDR has no locale for the variant {code!r}: the names are those of {locale}; "
            f"a reviewer may name the variant."
        )
    territory = locale.territory or get_global("likely_subtags").get(locale.language, "").split("_")[-1]
    zones = _territory_zones(territory) or sorted(get_global("territory_zones").get(territory, []))
    if not zones:
        notes.append(f"NEEDS A HUMAN DECISION: no time zone is known for {territory or code!r}; UTC is used.")
        return CldrFacts(own, english, "UTC", tuple(notes))
    if len(zones) > 1:
        notes.append(
            f"NEEDS A HUMAN DECISION: {territory} has {len(zones)} time zones ({', '.join(zones[:4])}"
            f"{', ...' if len(zones) > 4 else ''}); the first of tzdata's zone.tab is used."
        )
    return CldrFacts(own, english, zones[0], tuple(notes))


#: tzdata's table of zones by country, in its own order (Debian's tzdata package).
ZONE_TAB = Path("/usr/share/zoneinfo/zone.tab")


def _territory_zones(territory: str) -> list[str]:
    if not territory or not ZONE_TAB.is_file():
        return []
    rows = (line.split("\t") for line in ZONE_TAB.read_text("utf-8").splitlines() if not line.startswith("#"))
    return [row[2] for row in rows if len(row) >= 3 and row[0] == territory]


# --- 5. the TOML ------------------------------------------------------------------------


#: Characters that end a line for TOML or for the reviewer's editor (LF, CR, the other C0
#: controls, DEL, NEL, the Unicode line and paragraph separators): text from a package or
#: the command line must never carry one into the file, where it would end a comment and
#: start a setting.
def _single_line(line: str) -> str:
    """One line of the file as written: a comment quoting a package's description, a
    readme heading or the command line keeps every line break of it as a space, so the
    quoted text stays inside its comment (values are already escaped by :func:`_toml_string`).

    >>> _single_line('# Package: x\\ntypography = []\\r#.')
    '# Package: x typography = [] #.'
    """
    return LINE_BREAKING.sub(" ", line)


def render_toml(request: Request, package: Package, facts: Facts) -> str:
    """The language file's text: every field the build needs, commented for the reviewer."""
    from pipeline.expand.bounded import MODES
    from pipeline.newlang.measure import LETTER_SHARE, MAX_GAME_LETTERS, WORDLE_MIN_WORDS

    m = facts.measurements
    source = package.source
    cldr = cldr_facts(request.code, capitalise=m.has_case)
    default = tomllib.loads((LANGUAGES_DIR / f"{TEMPLATE_LANGUAGE}.toml").read_text("utf-8"))
    lines = [
        f"# {cldr.english_name}. Written by `rusc add-language {request.code} --{request.kind} {request.spec}` from the "
        f"package itself;",
        "# review the comments marked NEEDS A HUMAN DECISION (and the folding and tiles) before publishing.",
    ]
    if package.description:
        lines.append(f"# Package: {package.description}.")
    if package.deprecated:
        lines.append(f"# The package is deprecated upstream: {package.deprecated}")
    lines += [f"# {note}" for note in cldr.notes]
    lines += [
        f"code = {toml_value(request.code)}",
        f"name = {toml_value(cldr.name)}",
        f"english_name = {toml_value(cldr.english_name)}",
        *[f"# {note}" for note in package.licence_notes],
        f"licence = {toml_value(package.licence)}",
        "",
        "# The alphabet, measured on the dictionary's ordinary stems (letters only, lower case): every letter",
        f"# making at least {LETTER_SHARE:.2%} of their letters, commonest first:",
        *_wrap("#   ", [f"{x.letter} {x.share:.2%}" for x in m.letters if x.letter in m.alphabet]),
    ]
    rare = [x for x in m.letters if x.letter not in m.alphabet]
    if rare:
        lines += [
            "# Rarer letters are loanword spellings, left out of the games:",
            *_wrap("#   ", [f"{x.letter} {x.share:.3%}" for x in rare[:40]]),
        ]
    if m.kept_diacritics:
        lines.append(
            "# FOLDING, a reviewer's decision: these letters with diacritics are kept as letters of "
            "their own (a game key keeps them): "
            + ", ".join(x.letter for x in m.kept_diacritics)
            + ". Remove one from the alphabet to fold it to its base letter instead."
        )
    if m.folded_diacritics:
        lines.append(
            "# Folded to their base letter in game keys (too rare to be letters of the language): "
            + ", ".join(x.letter for x in m.folded_diacritics[:30])
            + "."
        )
    if not m.has_case:
        lines.append("# The script has no case: capitals cannot mark proper nouns, so the words list keeps them.")
    lines += [
        f"alphabet = {toml_value(m.alphabet)}",
        *_capitalisation_lines(m),
        f"capitalised_nouns = {'true' if m.capitalised_nouns else 'false'}",
        *_frequency_lines(request.code),
        f"# The main time zone of the territory CLDR gives for {request.code}.",
        f"timezone = {toml_value(cldr.timezone)}",
        f"schedule_start = {default['schedule_start'].isoformat()}",
        f"schedule_end = {default['schedule_end'].isoformat()}",
        "# No [[lemma_rules]]: lemmas are the stems that are ordinary words until a reviewer adds rules.",
        "",
        "[source]",
        f"kind = {toml_value(source.kind)}",
        f"name = {toml_value(source.name)}",
    ]
    for key in ("version", "integrity", "aff", "dic", "licence_file", "locale"):
        value = getattr(source, key)
        if value:
            lines.append(f"{key} = {toml_value(value)}")
    lines += ["", "[folding]", "replace = []", f"drop = {toml_value(Folding().drop)}", ""]
    lines += _expand_lines(facts, MODES)
    games_ok = m.games_possible
    why_games = (
        ""
        if games_ok
        else f"the script has {len(m.alphabet)} letters (more than {MAX_GAME_LETTERS}: syllables, not letters)"
        if len(m.alphabet) > MAX_GAME_LETTERS
        else f"the alphabet has only {len(m.alphabet)} letters"
    )
    lines += [
        "[beehive]",
        "# NYT Spelling Bee rules (the English defaults); ranks keep their English names until translated.",
        *_game_switch(games_ok, why_games),
        *_table_lines({key: value for key, value in default["beehive"].items() if key not in TEMPLATE_ONLY_SETTINGS}),
        "",
    ]
    lines += ["[racks]"]
    if games_ok:
        lines += [
            "# NEEDS A HUMAN DECISION: a tile set derived from letter frequencies (98 lettered tiles in proportion to",
            "# each letter's share, at least one each, and 2 blanks; values 1-10 by rarity). Replace it "
            "with the official set where one exists.",
        ]
    racks = Racks() if games_ok else Racks(blanks=0, daily_blanks=0)
    lines += [
        *_game_switch(games_ok, why_games),
        *_table_lines(
            {
                key: getattr(racks, key)
                for key in (
                    "rack_size",
                    "bingo_bonus",
                    "blanks",
                    "daily_blanks",
                    "answers_min",
                    "answers_max",
                    "points_min",
                    "points_max",
                )
            }
        ),
    ]
    if games_ok:
        lines.append("tiles = [")
        lines += [f"  [{toml_value(t.letter)}, {t.points}, {t.count}]," for t in m.tiles]
        lines.append("]")
    lines.append("")
    counts = ", ".join(f"{length}: {n}" for length, n in m.lengths.items() if 3 <= length <= 8)
    lines += ["[wordle]", f"# Ordinary stems by length: {counts or 'none'}; a Wordle needs {WORDLE_MIN_WORDS}."]
    wordle_ok = m.wordle_length is not None and games_ok
    lines += _game_switch(
        wordle_ok, f"fewer than {WORDLE_MIN_WORDS} ordinary stems of any length from 4 to 7" if games_ok else why_games
    )
    lines.append(f"length = {m.wordle_length or 5}")
    lines += ["", "# Interface text: English until pipeline/locale/<code>/LC_MESSAGES/messages.po translates it.", ""]
    return "\n".join(map(_single_line, lines))


def _capitalisation_lines(m) -> list[str]:
    from pipeline.newlang.measure import CAPITALISED_COMMON_SHARE, CAPITALISED_SHARE

    lines = [
        f"# Measured: {m.capitalised_share:.1%} of the {m.suffixed_stems} stems taking a letters-only "
        f"(plural-like) suffix are capitalised."
    ]
    if m.common_capitalised_share is not None:
        lines.append(
            f"# Of the language's commonest words found in the dictionary ({m.common_found}), "
            f"{m.common_capitalised_share:.1%} are spelled only capitalised: nouns are capitalised "
            f"above {CAPITALISED_COMMON_SHARE:.0%}."
        )
    else:
        lines.append(
            f"# NEEDS A HUMAN DECISION: no frequency list for this language, so the stem share decides "
            f"(capitalised above {CAPITALISED_SHARE:.0%}); check it."
        )
    return lines


def _expand_lines(facts: Facts, modes: dict) -> list[str]:
    from pipeline.core.fsutil import human_bytes
    from pipeline.expand.estimate import ESTIMATE_SECONDS

    est = facts.estimate
    compounds = "; the dictionary also accepts compounds, which are not listed" if facts.compounds else ""
    if est is None:
        lines = [
            "[expand]",
            f"# The full expansion could not be counted within {ESTIMATE_SECONDS:.0f} s (its affix "
            f"rules multiply), from {facts.entries} entries{compounds}.",
        ]
    else:
        lines = [
            "[expand]",
            f"# Estimated before writing this file (counting, not generating): {est.forms} forms, "
            f"{human_bytes(est.output_bytes)}, from {facts.entries} entries{compounds}.",
        ]
    if facts.bounded and (bounded := facts.bounded_estimate) is not None:
        lines += [
            f"# That exceeds the default bound of {DEFAULT_MAX_FORMS} forms, so the expansion is bounded: "
            f"{modes[facts.bounded]}",
            f"# (estimated {bounded.forms} forms, {human_bytes(bounded.output_bytes)}).",
        ]
        if bounded.forms > DEFAULT_MAX_FORMS:
            lines.append(
                "# NEEDS A HUMAN DECISION: even bounded it exceeds the bound; raise max_forms knowing "
                "the cost, or leave the language unbuilt."
            )
        lines.append(f"bounded = {toml_value(facts.bounded)}")
    lines += [f"max_forms = {DEFAULT_MAX_FORMS}", ""]
    return lines


def _frequency_lines(code: str) -> list[str]:
    from wordfreq import available_languages

    if _frequency_code(code) in available_languages():
        return [f"frequency_language = {toml_value(_frequency_code(code))}"]
    return [
        "# wordfreq has no list for this language: pangrams are not ranked by commonness.",
        'frequency_language = ""',
    ]


def _game_switch(ok: bool, why: str) -> list[str]:
    return [] if ok else ["enabled = false", f"unsupported = {toml_value(why)}"]


def _table_lines(table: dict) -> list[str]:
    out = []
    for key, value in table.items():
        if key == "ranks":
            out.append("ranks = [")
            out += [f"  {toml_value(rank)}," for rank in value]
            out.append("]")
        else:
            out.append(f"{key} = {toml_value(value)}")
    return out


def _wrap(prefix: str, items: list[str], width: int = 96) -> list[str]:
    lines, line = [], prefix
    for item in items:
        if len(line) + len(item) + 2 > width and line != prefix:
            lines.append(line.rstrip(", "))
            line = prefix
        line += item + ", "
    if line != prefix:
        lines.append(line.rstrip(", "))
    return lines
