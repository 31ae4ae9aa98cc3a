"""The downloadable word lists of one language, built from its expansion.

Start at :func:`build_lists`. Inputs: the expander's ``forms.txt`` (every distinct form,
sorted by code point) and the dictionary itself (for the lemmas). Outputs, in
``dist/wordlists/<lang>/`` (built in a temporary folder and swapped in whole):

``forms.txt``   every form as spelled (streamed straight from the expansion)
``words.txt``   the ordinary words (:func:`pipeline.lists.clean.is_ordinary_word`) but
                abbreviations (:mod:`pipeline.lists.abbreviations`)
``lemmas.txt``  the dictionary entries a normative dictionary lists (:mod:`pipeline.lists.lemmas`)
``game.tsv``    ``key<TAB>form<TAB>lists``: game key, display form, ``w``/``l``/``wl``, the
                games' own vocabularies ``B``/``R``/``W`` where the language has them
                (:mod:`pipeline.lists.vocabulary`) and, for a blocked key, its class ``x``/``v``
                (:mod:`pipeline.lists.blocklist`)
``wordle.tsv``  ``key<TAB>form form…`` for the keys of Wordle's list of every Wordle length
                (``wordle.lengths``)
plus a deterministic ``.gz`` of each, ``LICENSE``, ``metadata.json`` and ``SHA256SUMS``, and
the queryable files: ``words.sqlite`` (:mod:`pipeline.lists.database`: every listed form's facts)
and ``keys-by-length.json``/``lemmas-by-length.json`` (:mod:`pipeline.lists.smalljson`).
Every text file is UTF-8, NFC, LF, sorted by code point, with a final newline.
"""

from __future__ import annotations

import hashlib
import heapq
import itertools
import json
import marshal
import os
import shutil
import sys
from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass, field
from importlib.metadata import version
from pathlib import Path
from typing import Any

from pipeline import __version__
from pipeline.config import Language
from pipeline.core.cache import keep_bytes, kept_path, source_key
from pipeline.core.collector import collection_paused
from pipeline.core.errors import RuscError
from pipeline.core.extsort import sorted_rows
from pipeline.core.fsutil import (
    atomic_dir,
    atomic_write,
    count_lines,
    gzip_file,
    lf_lines,
    sha256_file,
    verified_sha256,
)
from pipeline.core.paths import Paths
from pipeline.core.progress import progress
from pipeline.core.resources import lock_sha256
from pipeline.core.workers import process_pool
from pipeline.lists.abbreviations import abbreviation_forms, shape_reason
from pipeline.lists.blocklist import EVERY_GAME, VULGAR, WHY_BLOCKED, blocked_keys, spared_keys
from pipeline.lists.clean import fold, is_ordinary_word, ordinary_words
from pipeline.lists.database import DATABASE, DatabaseRefused, about_rows, provenance_rows, write_database
from pipeline.lists.derived import bound_forms, form_derivations, merge
from pipeline.lists.frequency import own_words
from pipeline.lists.lemmas import lemma_list
from pipeline.lists.lexicon import LIST_CODES, OWN_WORD, GameRow, game_list, read_game_rows
from pipeline.lists.names import name_forms
from pipeline.lists.smalljson import write_small_json
from pipeline.lists.vocabulary import (
    GameVocabularies,
    blocked_families,
    game_vocabularies,
    read_graded_list,
    vocabulary_headwords,
    vocabulary_report,
)
from pipeline.lists.wordfacts import ListDecisions, no_hive_letters

#: The list files, in the order metadata and SHA256SUMS name them.
VARIANTS = ("forms.txt", "words.txt", "lemmas.txt", "game.tsv", "wordle.tsv")


@dataclass(frozen=True)
class ListInputs:
    """What a list build reads: the expansion and the dictionary it came from."""

    #: Sorted distinct forms (the expander's output).
    forms: Path
    #: expansion.json beside it: whether the dictionary compounds, counts.
    expansion_info: dict
    #: Normalised dictionary files.
    aff: Path
    dic: Path
    licence: Path | None
    #: Source provenance (kind, name, version, integrity).
    provenance: dict
    #: The words of the language's pinned abbreviation list and offensive-word list
    #: (:func:`pipeline.sources.fetch_word_list`), empty where it has none.
    abbreviation_list: tuple[str, ...] = ()
    blocklist: tuple[str, ...] = ()
    #: The language's pinned lists of names (one tuple each) and list of common words
    #: ([names] table), and the .aff of its second dictionary (the .dic beside it): empty
    #: or None where it has none.
    name_lists: tuple[tuple[str, ...], ...] = ()
    name_words: tuple[str, ...] = ()
    name_dictionary: Path | None = None
    #: The files of the language's pinned conjugation table
    #: (:func:`pipeline.sources.fetch_package_files`), empty where it has none.
    conjugation_files: tuple[Path, ...] = ()
    #: The .aff of the language's second dictionary of entries ([lemmas] entries; its .dic
    #: beside it), None where it has none.
    lemma_entries: Path | None = None
    #: The files of the language's graded word list ([vocabulary] source), empty where it
    #: has none.
    vocabulary_files: tuple[Path, ...] = ()
    #: Where data made from these inputs is kept between runs (:attr:`Paths.kept`): the
    #: games' vocabularies. None: made anew each time.
    kept: Path | None = None


def build_lists(
    language: Language, inputs: ListInputs, out_dir: Path, extras: Callable[[Path], Iterable[Path]] | None = None
) -> dict:
    """Write every list of ``language`` into ``out_dir`` atomically; return the metadata.

    ``extras(folder)`` may add files made from the lists (the games' data) before the
    folder is checksummed and swapped in; it returns the paths it wrote. Compression runs
    in a second process while the lists are computed (the Catalan forms are 260 MB).
    """
    # Millions of objects (Catalan's origins, rows and facts) and no cycle among them: the
    # collector would take a fifth of the time (pipeline.core.collector).
    with collection_paused(), atomic_dir(out_dir) as tmp, process_pool(2) as pool:
        _link_or_copy(inputs.forms, tmp / "forms.txt")
        facts_job = pool.submit(dictionary_facts, language, inputs)
        lemma_job = pool.submit(
            lemma_list, language, inputs.aff, inputs.dic, inputs.conjugation_files, inputs.lemma_entries
        )
        gzipped = [pool.submit(gzip_file, tmp / "forms.txt", tmp / "forms.txt.gz")]
        facts = facts_job.result()
        abbreviations, blocked = facts.abbreviations, facts.blocked
        # A name first, as words.sqlite says why (pipeline/lists/wordfacts.py _not_a_word).
        not_words = {**abbreviations, **facts.names}
        dropped: dict[str, int] = {}

        def write_words() -> None:
            _write_lines(tmp / "words.txt", _ordinary_words(inputs.forms, language, not_words, dropped))
            gzipped.append(pool.submit(gzip_file, tmp / "words.txt", tmp / "words.txt.gz"))

        # Bound forms are known from the origins (which rules made each form), so where a
        # language has such rules the words wait for them; elsewhere they are written while
        # the lemmas and the origins are computed.
        if not language.bound_forms:
            write_words()
        lemma_forms, lemma_removed, lemma_stems_removed = lemma_job.result()
        lemma_forms = [form for form in lemma_forms if form not in not_words and shape_reason(form, language) is None]
        hyphenated = frozenset(form for form in lemma_forms if not is_ordinary_word(form, language))
        origin_jobs = [
            pool.submit(form_derivations, language, inputs.aff, inputs.dic, hyphenated, share, 2) for share in range(2)
        ]
        # Chosen here while the workers find the origins: sent back from a worker, the graded
        # list and its reasons (70 MB pickled for English) took longer than choosing them.
        vocabularies = vocabularies_of(language, inputs.vocabulary_files, inputs.kept)
        origins = None
        bound: dict[str, str] = {}
        if language.bound_forms:
            origins = merge([job.result() for job in origin_jobs])
            bound = bound_forms(language, origins)
            for form, why in bound.items():
                not_words.setdefault(form, why)
            lemma_forms = [form for form in lemma_forms if form not in bound]
            write_words()
        _write_lines(tmp / "lemmas.txt", lemma_forms)
        if vocabularies is not None:
            blocked = blocked_families(blocked, vocabularies, language, facts.spared)
        rows = game_rows(
            language,
            tmp / "words.txt",
            lemma_forms,
            blocked,
            spill_dir=tmp,
            vocabularies=vocabularies.games if vocabularies else None,
            own=facts.own,
        )
        _write_lines(tmp / "game.tsv", ("\t".join(row) for row in rows))
        _write_lines(
            tmp / "wordle.tsv",
            wordle_rows(
                read_game_rows(tmp / "game.tsv"),
                language.wordle.lengths,
                LIST_CODES[game_list(language, "wordle")],
                language.wordle.fold,
                vocabulary_headwords(vocabularies) if vocabularies is not None else frozenset(),
            ),
        )
        # Here, not in the workers, which are finding the origins by now: queued behind
        # them, Catalan's waited 10 s for work of a second.
        for name in VARIANTS[2:]:
            gzip_file(tmp / name, tmp / f"{name}.gz")
        if inputs.licence is not None:
            shutil.copyfile(inputs.licence, tmp / "LICENSE")
        extra_files = sorted(p.name for p in (extras(tmp) if extras else ()))
        digests = {name: sha256_file(tmp / name) for name in VARIANTS}
        for job in gzipped:
            job.result()
        files = {
            name: {
                "lines": count_lines(tmp / name),
                "bytes": (tmp / name).stat().st_size,
                "gz_bytes": (tmp / f"{name}.gz").stat().st_size,
                "sha256": digests[name],
            }
            for name in VARIANTS
        }
        metadata = _metadata(language, inputs, files)
        metadata["lemma_stems_removed"] = lemma_removed
        metadata["words_excluded"] = dict(sorted(dropped.items()))
        metadata["game_exclusions"] = game_exclusions(language, read_game_rows(tmp / "game.tsv"))
        metadata["word_lists"] = _word_list_provenance(language, inputs)
        if vocabularies is not None:
            with open(tmp / "words.txt", encoding="utf-8", newline="\n") as words:
                metadata["game_vocabulary"] = vocabulary_report(
                    language, (line.rstrip("\n") for line in words), vocabularies
                )
        decisions = ListDecisions(
            abbreviations,
            lemma_stems_removed,
            origins if origins is not None else merge([job.result() for job in origin_jobs]),
            vocabularies,
            names=facts.names,
            bound=bound,
        )
        published = _queryable_files(language, tmp, out_dir, decisions, metadata)
        atomic_write(tmp / "metadata.json", json.dumps(metadata, sort_keys=True, indent=2, ensure_ascii=False) + "\n")
        # The .gz copies too: they are what most people download.
        compressed = [f"{name}.gz" for name in VARIANTS]
        summed = ["metadata.json"] + compressed + extra_files + published + (["LICENSE"] if inputs.licence else [])
        digests.update({name: sha256_file(tmp / name) for name in summed})
        sums = [f"{digests[name]}  {name}" for name in sorted(digests)]
        atomic_write(tmp / "SHA256SUMS", "\n".join(sums) + "\n")
    return metadata


def _queryable_files(
    language: Language, folder: Path, out_dir: Path, decisions: ListDecisions, metadata: dict
) -> list[str]:
    """Write ``words.sqlite`` and its ``.gz`` (unless its estimate is over the bound: then
    metadata says why, and a line on stderr) and the JSON lists; record them in
    ``metadata``; return their names."""
    names = [path.name for path in write_small_json(language, folder, metadata)]
    try:
        report = write_database(
            language, folder, decisions, provenance_rows(metadata), about_rows(metadata), named=out_dir / DATABASE
        )
    except DatabaseRefused as refused:
        print(f"rusc: {refused}", file=sys.stderr)
        metadata["database"] = {"file": None, "refused": str(refused)}
        return names
    metadata["database"] = report.as_json()
    gzip_file(folder / DATABASE, folder / f"{DATABASE}.gz")
    return sorted(names + [DATABASE, f"{DATABASE}.gz"])


@dataclass(frozen=True)
class DictionaryFacts:
    """What the lists need from the dictionary's entries besides its forms."""

    #: Form → why it is an abbreviation (:func:`pipeline.lists.abbreviations.abbreviation_forms`).
    abbreviations: dict[str, str]
    #: Form → why it is a name (:func:`pipeline.lists.names.name_forms`).
    names: dict[str, str]
    #: Blocked game key → its class (:func:`pipeline.lists.blocklist.blocked_keys`).
    blocked: dict[str, str]
    #: Keys never blocked (:func:`pipeline.lists.blocklist.spared_keys`).
    spared: frozenset[str] = frozenset()
    #: The entries English writes more often that are the language's own words
    #: (:func:`pipeline.lists.frequency.own_words`), sorted.
    own: list[str] = field(default_factory=list)


def dictionary_facts(language: Language, inputs: ListInputs) -> DictionaryFacts:
    """:class:`DictionaryFacts`, in one worker (the dictionary is parsed once, and only
    where a rule needs its entries)."""
    from pipeline.expand.bounded import language_expander

    if not (
        language.abbreviations.flags
        or language.abbreviations.add
        or inputs.abbreviation_list
        or inputs.blocklist
        or language.blocklist.additions
        or inputs.name_lists
        or language.foreign_words
        or language.english_zipf_margin
    ):
        return DictionaryFacts({}, {}, {})
    expander = language_expander(language, inputs.aff, inputs.dic)
    spared = spared_keys(language, expander)
    return DictionaryFacts(
        abbreviations=abbreviation_forms(language, expander, list(inputs.abbreviation_list)),
        names=name_forms(
            language,
            expander,
            itertools.chain.from_iterable(inputs.name_lists),
            inputs.name_words,
            inputs.name_dictionary,
        ),
        blocked=blocked_keys(language, expander, list(inputs.blocklist), spared),
        spared=spared,
        own=own_words(language, expander),
    )


def vocabularies_of(language: Language, files: tuple[Path, ...], kept: Path | None = None) -> GameVocabularies | None:
    """The games' vocabularies (:mod:`pipeline.lists.vocabulary`), None where the language has none.

    With ``kept`` (a folder), they are kept there (:mod:`pipeline.core.cache`) under a key
    of the graded list's files, the language file, wordfreq's and marshal's versions and Rusc's code:
    English's take 5 s to choose and under a second to read back, and every build of its lists
    (``rusc lists``, ``rusc dictionaries``, the tests' builds) wants the same ones."""
    rules = language.vocabulary
    if not (rules.games and files):
        return None
    if kept is None:
        return game_vocabularies(language, read_graded_list(files, rules))
    made_from = hashlib.sha256(f"{version('wordfreq')}\0".encode())
    for path in files:
        made_from.update(f"{path.name}\0{sha256_file(path)}\0".encode())
    key = source_key(made_from.hexdigest(), language.files)
    made: list[GameVocabularies] = []

    def choose() -> bytes:
        made.append(game_vocabularies(language, read_graded_list(files, rules)))
        return marshal.dumps(made[0].plain())

    data = keep_bytes(kept_path(kept, "vocabulary", language.code, key, ".marshal"), choose)
    if made:
        return made[0]
    # Half a million small objects: the collector would walk them again and again.
    with collection_paused():
        return GameVocabularies.from_plain(marshal.loads(data))


def game_rows(
    language: Language,
    words_file: Path,
    lemma_forms: Iterable[str],
    blocked: dict[str, str] | None = None,
    spill_dir: Path | None = None,
    vocabularies: dict[str, tuple[str, ...]] | None = None,
    own: Iterable[str] = (),
) -> Iterator[GameRow]:
    """A :class:`~pipeline.lists.lexicon.GameRow` for every word, lemma and form of a game's vocabulary with a
    valid key, sorted; the language's ``own`` words English writes more often
    (:func:`pipeline.lists.frequency.own_words`) marked ``n``; a blocked key's lists end with
    its class (``x`` or ``v``, see :mod:`pipeline.lists.blocklist`).

    Streamed: the words file and the lemmas are merged in form order, and the rows sorted
    by key through :func:`pipeline.core.extsort.sorted_rows` (runs spilled to ``spill_dir``,
    default the system's temporary folder), so memory stays bounded for any expansion.
    """
    blocked = blocked or {}
    streams: dict[str, list[str] | tuple[str, ...]] = {LIST_CODES["lemmas"]: sorted(lemma_forms)}
    for game, forms in sorted((vocabularies or {}).items(), key=lambda item: LIST_CODES[item[0]]):
        streams[LIST_CODES[game]] = forms
    streams[OWN_WORD] = sorted(own)

    def unsorted() -> Iterator[GameRow]:
        for form, lists in _memberships(words_file, streams):
            key = fold(form, language)
            if key is not None and lists != OWN_WORD:  # a mark, not a list: no row of its own
                yield GameRow(key, form, lists + blocked.get(key, ""))

    return sorted_rows(unsorted(), spill_dir, record=GameRow._make)


def _memberships(words_file: Path, streams: dict[str, list[str] | tuple[str, ...]]) -> Iterator[tuple[str, str]]:
    """``(form, lists)`` in form order: ``w`` for a word of ``words_file``, then the code of
    each other list that has the form (``streams``: code → its forms, sorted by code point):
    ``wl`` for a word that is also a lemma."""
    with open(words_file, encoding="utf-8", newline="\n") as handle:
        labelled = [_labelled((line.rstrip("\n") for line in handle), 0, LIST_CODES["words"])]
        labelled += [_labelled(forms, order, code) for order, (code, forms) in enumerate(streams.items(), 1)]
        for form, group in itertools.groupby(heapq.merge(*labelled), key=lambda item: item[0]):
            yield form, "".join(code for _form, _order, code in group)


def _labelled(forms: Iterable[str], order: int, code: str) -> Iterator[tuple[str, int, str]]:
    """``(form, order, code)`` for each form: a stream :func:`_memberships` merges."""
    for form in forms:
        yield form, order, code


def game_exclusions(language: Language, rows: Iterable[GameRow]) -> dict[str, dict[str, int]]:
    """For metadata.json: how many keys each game's list leaves out, and why."""
    beehive_code, rack_code, wordle_code = (
        LIST_CODES[game_list(language, game)] for game in ("beehive", "racks", "wordle")
    )
    wordle_length = language.wordle.length
    counted: dict[str, dict[str, set[str]]] = {"beehive": {}, "racks": {}, "wordle": {}}
    excluded_letters = set(language.beehive.excluded_letters)
    for key, _form, lists in rows:
        if excluded_letters and beehive_code in lists and not excluded_letters.isdisjoint(key):
            counted["beehive"].setdefault(no_hive_letters(language), set()).add(key)
        cls = lists[-1] if lists[-1] in (EVERY_GAME, VULGAR) else None
        if cls is None:
            continue
        why = WHY_BLOCKED[cls]
        if beehive_code in lists and len(key) >= language.beehive.min_length:
            counted["beehive"].setdefault(why, set()).add(key)
        if rack_code in lists and cls == EVERY_GAME:
            counted["racks"].setdefault(why, set()).add(key)
        if wordle_code in lists and len(key) == wordle_length:
            counted["wordle"].setdefault(why, set()).add(key)
    return {game: {why: len(keys) for why, keys in sorted(reasons.items())} for game, reasons in counted.items()}


def wordle_rows(
    rows: Iterable[GameRow],
    lengths: tuple[int, ...],
    code: str = "w",
    fold: tuple[tuple[str, str], ...] = (),
    headwords: frozenset[str] = frozenset(),
) -> Iterator[str]:
    """``key<TAB>forms`` for the forms of Wordle's list (``code``: the words, not lemma-only
    forms, or Wordle's own vocabulary) whose key has one of ``lengths`` letters, in key order
    (each page reads its length), but blocked keys (no Wordle answer may be one); then
    ``<TAB>forms`` for those of the language's own words English writes more often, if any
    (``n`` in ``game.tsv``); then ``<TAB>forms`` for those of ``headwords``
    (:func:`pipeline.lists.vocabulary.vocabulary_headwords`) that are neither words nor
    lemmas of the dictionary (cyber, donut, caddy), if any: headwords the lemmas cannot name.

    With ``fold`` (the language's ``wordle.fold``) the keys are the Wordle's own, and the
    forms of keys that fold alike share one line (Portuguese caça and caca: ``caca``).
    """
    in_dictionary = LIST_CODES["words"] + LIST_CODES["lemmas"]
    kept: Iterator[tuple[str, str, bool, bool]] = (
        (key, form, OWN_WORD in lists, form in headwords and not any(c in lists for c in in_dictionary))
        for key, form, lists in rows
        if len(key) in lengths and code in lists and lists[-1] not in (EVERY_GAME, VULGAR)
    )
    if fold:
        # A fold changes the keys' order and merges some: regrouped in memory (Wordle's
        # lengths hold a few tens of thousands of words).
        letters = str.maketrans(dict(fold))
        kept = iter(sorted((key.translate(letters), form, own, head) for key, form, own, head in kept))
    for key, group in itertools.groupby(kept, key=lambda row: row[0]):
        forms = list(group)
        own = " ".join(form for _key, form, is_own, _head in forms if is_own)
        heads = " ".join(form for _key, form, _own, is_head in forms if is_head)
        # Empty trailing fields are left out; an empty third stays before a fourth.
        yield "\t".join((key, " ".join(form for _key, form, _own, _head in forms), own, heads)).rstrip("\t")


def _ordinary_words(
    forms_file: Path, language: Language, not_words: dict[str, str], dropped: dict[str, int]
) -> Iterator[str]:
    """The ordinary words of the expansion but abbreviations and names (``not_words``:
    form → reason); ``dropped`` counts those left out by reason (for metadata.json)."""
    for chunk in progress(_line_chunks(forms_file), desc=f"{language.code} words", unit="MB"):
        for word in ordinary_words(chunk, language):
            reason = not_words.get(word) or shape_reason(word, language)
            if reason is None:
                yield word
            else:
                dropped[reason] = dropped.get(reason, 0) + 1


def _line_chunks(path: Path, size: int = 8 << 20) -> Iterator[list[str]]:
    """The lines of a big file, a few MB at a time (one Python call per line is too slow),
    ended at LF only (:func:`~pipeline.core.fsutil.lf_lines`)."""
    rest = ""
    with open(path, encoding="utf-8", newline="\n") as handle:
        while block := handle.read(size):
            block = rest + block
            cut = block.rfind("\n") + 1
            rest = block[cut:]
            yield lf_lines(block[:cut])
    if rest:
        yield [rest]


def _link_or_copy(source: Path, target: Path) -> None:
    """A hard link where the file system allows (the expansion is replaced by rename, never
    rewritten in place, so sharing the inode is safe), else a copy."""
    try:
        os.link(source, target)
    except OSError:
        shutil.copyfile(source, target)


def _write_lines(path: Path, lines: Iterable[str]) -> int:
    count = 0
    with open(path, "w", encoding="utf-8", newline="\n") as out:
        for line in lines:
            out.write(line)
            out.write("\n")
            count += 1
    return count


def _metadata(language: Language, inputs: ListInputs, files: dict[str, dict]) -> dict:
    return {
        "language": language.code,
        "name": language.english_name,
        "source": inputs.provenance,
        "licence": language.licence,
        "licence_file": "LICENSE" if inputs.licence is not None else None,
        "counts": {name.rsplit(".", 1)[0]: files[name]["lines"] for name in VARIANTS},
        "files": files,
        "folding": {
            "alphabet": language.alphabet,
            "kept_letters": language.kept_letters,
            "replace": [list(pair) for pair in language.folding.replace],
            "drop": language.folding.drop,
        },
        "compounds": bool(inputs.expansion_info.get("compounds", False)),
        # False for a full expansion; else what the bounded mode leaves out (pipeline/expand/bounded.py).
        "bounded": inputs.expansion_info.get("bounded", False),
        "wordle_length": language.wordle.length,
        "wordle_lengths": list(language.wordle.lengths),
        "rusc_version": __version__,
        # The exact library versions (wordfreq, Unidecode, spylls...) the lists were made with.
        "requirements_lock_sha256": lock_sha256(),
    }


def _word_list_provenance(language: Language, inputs: ListInputs) -> dict:
    """Where the abbreviation list, the blocklist and the conjugation table came from (or
    why there is none)."""

    def describe(source, words=None, note: str = "") -> dict:
        """The source's pins, and how many entries it gave (``words``: the words read)."""
        if source is None:
            return {"source": None, "note": note or "none"}
        described: dict[str, Any] = {
            "source": {
                "kind": source.kind,
                "name": source.name,
                "version": source.version,
                "integrity": source.integrity,
                "files": list(source.files),
                "licence": source.licence,
            }
        }
        if words is not None:
            described["entries"] = len(words)
        return described

    blocklist = describe(language.blocklist.source, inputs.blocklist, language.blocklist.note)
    blocklist["local_additions"] = len(language.blocklist.additions)
    lists = {
        "abbreviations": describe(language.abbreviations.source, inputs.abbreviation_list),
        "blocklist": blocklist,
        "conjugations": describe(language.lemma_evidence.conjugations),
    }
    if language.lemma_evidence.entries is not None:
        lists["lemma_entries"] = describe(language.lemma_evidence.entries)
    names = language.names
    if names.sources:
        # Roles of the sources table (pipeline/lists/database.py): the name lists ("names",
        # "names_2"...), the common words that are not names, the dictionary that
        # capitalises names.
        for number, source in enumerate(names.sources, 1):
            read = inputs.name_lists[number - 1] if number <= len(inputs.name_lists) else None
            lists["names" if number == 1 else f"names_{number}"] = describe(source, read)
        lists["names"]["kept_by_hand"] = len(names.keep)
        lists["names_common_words"] = describe(names.words, inputs.name_words)
        lists["names_dictionary"] = describe(names.dictionary)
    if names.cldr_places:
        # Read from the installed Babel (pinned by requirements.lock): the last name list.
        lists["names_cldr"] = {
            "source": {"kind": "python", "name": "babel", "version": version("babel"), "licence": "Unicode-3.0 (CLDR)"},
            "entries": len(inputs.name_lists[-1]) if inputs.name_lists else 0,
        }
    return lists


def write_index(paths: Paths) -> None:
    """``dist/wordlists/index.json``: every language whose lists are built."""
    root = paths.wordlists_root
    languages = {}
    for meta in sorted(root.glob("*/metadata.json")):
        data = _published_metadata(meta)
        languages[data["language"]] = {
            "name": data["name"],
            "counts": data["counts"],
            "licence": data["licence"],
            "source": data["source"],
        }
    atomic_write(
        root / "index.json",
        json.dumps({"languages": languages, "rusc_version": __version__}, sort_keys=True, indent=2, ensure_ascii=False)
        + "\n",
    )


def _published_metadata(path: Path) -> dict:
    """A language's ``metadata.json`` as the index reads it: the file SHA256SUMS recorded,
    with the fields the index copies, or a one-line error naming it."""
    verified_sha256(path)
    try:
        data = json.loads(path.read_bytes().decode("utf-8"))
        for key in ("language", "name", "counts", "licence", "source"):
            data[key]
        return data
    except (UnicodeDecodeError, ValueError, KeyError, TypeError) as error:
        raise RuscError(
            f"not a metadata.json of `rusc lists` ({type(error).__name__}: {error}); build it again "
            f"with `rusc lists {path.parent.name}`",
            path,
        ) from None
