"""Driving the dictionary stages for whole languages (what ``rusc lists`` and
``rusc dictionaries``, and so ``make dictionaries``, run; their commands are in
:mod:`pipeline.commands`).

For each language: :func:`pipeline.sources.fetch` → :func:`expand_language` (skipped when
the expansion on disk was made from the same dictionary by the same Rusc) →
:func:`pipeline.lists.wordlists.build_lists` → the games' undated data (:mod:`pipeline.games.gamedata`; a
build has no "today", so it writes no daily answers). One build at a time per
checkout (:func:`pipeline.core.fsutil.build_lock`).
"""

from __future__ import annotations

import dataclasses
import json
import os
import time
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from pipeline import __version__
from pipeline.config import Language, unique_languages
from pipeline.core.errors import RuscError
from pipeline.core.fsutil import atomic_write, build_lock, remove_stale_temporaries, sha256_file, source_digest
from pipeline.core.paths import Paths, number_from_env
from pipeline.core.resources import lock_sha256
from pipeline.games.gamedata import GAMES, write_game_data
from pipeline.lists.diff import previous_source
from pipeline.lists.names import cldr_place_names
from pipeline.lists.wordlists import ListInputs, build_lists, write_index
from pipeline.sources import DictionaryFiles, fetch, fetch_package_files, fetch_word_list


@dataclass(frozen=True)
class Bounds:
    """Bounds from the command line, overriding each language's ``[expand]`` ones (None = the TOML's)."""

    max_forms: int | None = None
    max_bytes: int | None = None


#: What an expansion is made by: the expander package under ``pipeline/``, with the affix
#: records and the decoding of a dictionary's text it reads with. A change to it makes
#: every forms.txt stale; a change anywhere else (an archive's size cap) does not.
EXPANDER_PACKAGE = "expand"


def expander_digest() -> str:
    """SHA-256 over the Python source of :data:`EXPANDER_PACKAGE` (:func:`source_digest`)."""
    from pathlib import Path

    return source_digest(Path(__file__).resolve().parent, (EXPANDER_PACKAGE,), "*.py")


def expansion_stamp(language: Language, files: DictionaryFiles) -> dict:
    """What ``dist/work/<lang>/inputs.json`` records: an expansion on disk with the same
    stamp was made from the same dictionary, mode and expander, and is reused."""
    return {
        "aff": sha256_file(files.aff),
        "dic": sha256_file(files.dic),
        "rusc": __version__,
        "expander": expander_digest(),
        "bounded": language.expand.bounded,
    }


def expand_language(
    language: Language,
    files: DictionaryFiles,
    paths: Paths,
    workers: int | None = None,
    bounds: Bounds = Bounds(),
    log=print,
) -> dict:
    """Expand ``language`` into ``dist/work/<lang>/forms.txt`` unless already up to date.

    ``inputs.json`` records the stamp of the inputs and the SHA-256 of the forms.txt and
    expansion.json the expansion wrote: an expansion is reused only while both still
    match, so one rewritten by ``rusc expand`` (``--fast``, ``--output``) or damaged in
    place is made again, never listed."""
    from pipeline.expand import expand_to_file
    from pipeline.expand.estimate import plan_expansion

    work = paths.work(language.code)
    forms, info_path, stamp_path = work / "forms.txt", work / "expansion.json", work / "inputs.json"
    stamp = expansion_stamp(language, files)
    current = current_expansion(language, files, paths, stamp)
    if current is not None:
        return current
    recorded = _recorded_stamp(stamp_path)
    present = forms.exists() and info_path.exists()
    if present and recorded is not None and {key: recorded.get(key) for key in stamp} == stamp:
        log(
            f"{language.code}: {forms} is not the expansion inputs.json recorded (rewritten by `rusc expand` "
            f"or damaged); expanding again"
        )
    stamp_path.unlink(missing_ok=True)
    # Estimated (counting) before anything is generated; refused in one line over the bound.
    plan = plan_expansion(language, files.aff, files.dic, work, bounds.max_forms, bounds.max_bytes)
    expand_to_file(
        files.aff,
        files.dic,
        forms,
        workers=workers or min(2, os.cpu_count() or 1),
        expander=plan.expander,
        metadata=plan.metadata(),
    )
    atomic_write(stamp_path, json.dumps({**stamp, **expansion_digests(work)}, sort_keys=True, indent=2) + "\n")
    return json.loads(info_path.read_text("utf-8"))


def current_expansion(
    language: Language, files: DictionaryFiles, paths: Paths, stamp: dict | None = None
) -> dict | None:
    """What ``expansion.json`` says of the language's expansion if it is up to date (its
    ``inputs.json`` records these inputs and the SHA-256 of the files beside it), else None.
    It only reads: a reader that finds the expansion current needs no build lock."""
    work = paths.work(language.code)
    recorded = _recorded_stamp(work / "inputs.json")
    if recorded is None or not (work / "forms.txt").exists() or not (work / "expansion.json").exists():
        return None
    stamp = expansion_stamp(language, files) if stamp is None else stamp
    if recorded != {**stamp, **expansion_digests(work)}:
        return None
    return json.loads((work / "expansion.json").read_text("utf-8"))


def expansion_digests(work) -> dict:
    """The SHA-256 of an expansion's forms.txt and expansion.json, as inputs.json records them."""
    return {"forms_sha256": sha256_file(work / "forms.txt"), "expansion_sha256": sha256_file(work / "expansion.json")}


def _recorded_stamp(path) -> dict | None:
    """What ``inputs.json`` records, or None where it is absent or damaged (expand again)."""
    try:
        recorded = json.loads(path.read_text("utf-8"))
    except (OSError, ValueError):
        return None
    return recorded if isinstance(recorded, dict) else None


def build_language(language: Language, paths: Paths, log=print, bounds: Bounds = Bounds()) -> dict:
    """Fetch, expand and list one language; write its games' data. Returns the metadata."""
    started = time.monotonic()
    files = fetch(language, paths)
    info = expand_language(language, files, paths, bounds=bounds, log=log)
    log(f"{language.code}: {info.get('forms', '?')} forms expanded ({time.monotonic() - started:.1f} s)")
    inputs = ListInputs(
        forms=paths.work(language.code) / "forms.txt",
        expansion_info=info,
        aff=files.aff,
        dic=files.dic,
        licence=files.licence,
        provenance=files.provenance,
        kept=paths.kept,
        **game_word_lists(language, paths),
    )
    metadata = build_lists(
        language,
        inputs,
        paths.wordlists(language.code),
        extras=lambda folder: write_game_data(
            language, folder, games=tuple(g for g in GAMES if g in language.supported_games)
        ),
    )
    counts = ", ".join(f"{name} {count}" for name, count in metadata["counts"].items())
    log(f"{language.code}: {counts} ({time.monotonic() - started:.1f} s)")
    return metadata


def game_word_lists(language: Language, paths: Paths) -> dict[str, Any]:
    """The pinned abbreviation, offensive-word and name lists of ``language`` and the files
    of its conjugation table, graded word list and second dictionary (fetched and verified
    like its dictionary), as
    :class:`~pipeline.lists.wordlists.ListInputs` fields."""
    sources = {"abbreviation_list": language.abbreviations.source, "blocklist": language.blocklist.source}
    lists: dict[str, Any] = {
        field: tuple(fetch_word_list(source, language, paths)) if source else () for field, source in sources.items()
    }
    table = language.lemma_evidence.conjugations
    lists["conjugation_files"] = tuple(fetch_package_files(table, language, paths)) if table else ()
    graded = language.vocabulary.source
    lists["vocabulary_files"] = tuple(fetch_package_files(graded, language, paths)) if graded else ()
    names = language.names
    lists["name_lists"] = tuple(tuple(fetch_word_list(source, language, paths)) for source in names.sources)
    if names.cldr_places:
        lists["name_lists"] += (tuple(cldr_place_names(language)),)
    lists["name_words"] = tuple(fetch_word_list(names.words, language, paths)) if names.words else ()
    if names.dictionary is not None:
        lists["name_dictionary"] = _dictionary_aff(names.dictionary, "[names] dictionary", language, paths)
    entries = language.lemma_evidence.entries
    if entries is not None:
        lists["lemma_entries"] = _dictionary_aff(entries, "[lemmas] entries", language, paths)
    return lists


def _dictionary_aff(source, where: str, language: Language, paths: Paths):
    """The .aff of a pinned ``hunspell`` list source, fetched (its .dic beside it)."""
    affs = [path for path in fetch_package_files(source, language, paths) if path.suffix == ".aff"]
    if len(affs) != 1:
        raise RuscError(
            f"{where} {source.name} {source.version}: its 'files' must be one .aff and its .dic, found {len(affs)} .aff",
            language.path,
        )
    return affs[0]


def build_dictionaries(languages: list[Language], paths: Paths, log=print, bounds: Bounds = Bounds()) -> None:
    languages = unique_languages(languages)  # `rusc lists en en` builds English once
    with build_lock(paths.dist, wait=number_from_env("RUSC_LOCK_WAIT", 0.0)):
        # Holding the lock, anything temporary left in our folders is from a killed build.
        remove_stale_temporaries(paths.wordlists_root)
        for language in languages:
            remove_stale_temporaries(paths.work(language.code))
        for language in languages:
            build_language(language, paths, log, bounds)
        write_index(paths)


def previous_lists(language: Language, version: str, paths, log=print) -> Path:
    """The built lists of ``language`` made from its pinned ``version``: built (fetch,
    expansion, lists) under :meth:`pipeline.core.paths.Paths.version_root` unless already there."""
    source = previous_source(language, version)
    old_language = dataclasses.replace(language, source=source)
    old_paths = Paths(paths.version_root(language.code, version), cache_dir=paths.cache)
    folder = old_paths.wordlists(language.code)
    if not _built_from(folder, source.integrity):
        build_dictionaries([old_language], old_paths, log)
    return folder


def _built_from(folder: Path, integrity: str) -> bool:
    """Built completely from the source pinned by ``integrity``, by this Rusc and lock."""
    try:
        meta = json.loads((folder / "metadata.json").read_text("utf-8"))
    except (OSError, ValueError):
        return False
    return (
        (folder / "SHA256SUMS").exists()
        and meta.get("source", {}).get("integrity") == integrity
        and meta.get("rusc_version") == __version__
        and meta.get("requirements_lock_sha256") == lock_sha256()
    )
