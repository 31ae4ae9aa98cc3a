"""What a word means: its first senses in a pinned WordNet database.

Where to start reading: :meth:`Glossary.define`. A language's ``[definitions]`` table pins
a WordNet 3.0 database (English: Debian's ``wordnet-base``); :meth:`Glossary.load` reads
its index and data files and the licence the package carries, once per build. The site
ships the definitions of a day's answers only, with the day's page data.

WordNet files entries by their base form (bake, not baked), so a form is first reduced
the way WordNet's own ``morphy`` does (morphy(7WN)): a form listed in a part of speech's
exception file (``verb.exc``: found → find) takes the base forms listed there; otherwise
each detachment rule of that part of speech (:data:`DETACHMENTS`, with a doubled final
consonant made single: bogged → bog) whose result is an entry gives one. Among every entry found, the one whose senses were most often tagged in
WordNet's sense-tagged corpus (``tagsense_cnt`` in the index) wins, the form itself before
a base form, nouns before verbs, adjectives, adverbs; its first senses are the definition.

The files are plain text (wndb(5WN)): an index line is ``lemma pos synset_cnt p_cnt
[pointer symbols] sense_cnt tagsense_cnt offset…``, the offsets most frequent sense first;
a data line starts at its offset and ends with ``| gloss``, where examples follow the
definition after ``; "``. Reading them takes a few lines, so Rusc needs no WordNet
library (the Python ones read their own formats or need files Debian leaves out).

>>> base_forms("baked", "verb", {"bake"}.__contains__, {})
['bake']
>>> base_forms("found", "verb", {"find", "found"}.__contains__, {"found": ["find"]})
['find', 'found']
>>> base_forms("bogged", "verb", {"bog"}.__contains__, {}), base_forms("blurrier", "adj", {"blurry"}.__contains__, {})
(['bog'], ['blurry'])
>>> gloss_of('00319886 29 v 01 bake 0 002 | cook and make edible by putting in a hot oven; "bake the potatoes"')
'cook and make edible by putting in a hot oven'
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from dataclasses import dataclass
from pathlib import Path

from pipeline.config import Language
from pipeline.core.errors import RuscError
from pipeline.core.paths import Paths
from pipeline.sources import fetch_package_files

#: WordNet's parts of speech, in the order that breaks ties, with their file names.
PARTS_OF_SPEECH = ("noun", "verb", "adj", "adv")
#: A pointer's part of speech, as data lines spell it, by file (``s``: a satellite adjective).
SYNSET_TYPES = {"n": "noun", "v": "verb", "a": "adj", "s": "adj", "r": "adv"}
#: How each part of speech is shown before a sense.
LABELS = {"noun": "n.", "verb": "v.", "adj": "adj.", "adv": "adv."}
#: morphy's detachment rules: (suffix, replacement) per part of speech, tried in order.
DETACHMENTS: dict[str, tuple[tuple[str, str], ...]] = {
    "noun": (
        ("s", ""),
        ("ses", "s"),
        ("xes", "x"),
        ("zes", "z"),
        ("ches", "ch"),
        ("shes", "sh"),
        ("men", "man"),
        ("ies", "y"),
    ),
    "verb": (("s", ""), ("ies", "y"), ("es", "e"), ("es", ""), ("ed", "e"), ("ed", ""), ("ing", "e"), ("ing", "")),
    "adj": (("er", ""), ("est", ""), ("er", "e"), ("est", "e"), ("ier", "y"), ("iest", "y")),
    "adv": (),
}
#: Suffixes after which a doubled final consonant is single in the base form (bogged → bog,
#: bigger → big), which morphy leaves to its exception lists.
UNDOUBLED_AFTER = ("ed", "ing", "er", "est")


@dataclass(frozen=True)
class Sense:
    #: Part of speech, as shown: "n.", "v.", "adj.", "adv.".
    label: str
    #: The sense's definition, without its examples.
    gloss: str


@dataclass(frozen=True)
class Definition:
    #: The entry the senses are of: the word itself, or its base form (bake for baked).
    lemma: str
    senses: tuple[Sense, ...]

    def as_data(self, word: str) -> list:
        """What a page's data carries: ``[lemma or "" if it is the word, [[label, gloss], …]]``."""
        return [self.lemma if self.lemma != word else "", [[sense.label, sense.gloss] for sense in self.senses]]


@dataclass(frozen=True)
class _Entry:
    """One index line: an entry of one part of speech."""

    offsets: tuple[int, ...]
    tagged: int


def base_forms(form: str, part: str, is_entry: Callable[[str], bool], exceptions: dict[str, list[str]]) -> list[str]:
    """The entries of part of speech ``part`` that ``form`` may be a form of (morphy), sorted."""
    found = {base for base in exceptions.get(form, ()) if is_entry(base)}
    if is_entry(form):
        found.add(form)
    for suffix, replacement in DETACHMENTS[part]:
        if form.endswith(suffix) and len(form) > len(suffix):
            base = form[: len(form) - len(suffix)] + replacement
            if is_entry(base):
                found.add(base)
            if (
                suffix in UNDOUBLED_AFTER
                and not replacement
                and len(base) > 2
                and base[-1] == base[-2]
                and is_entry(base[:-1])
            ):
                found.add(base[:-1])
    return sorted(found)


def gloss_of(line: str) -> str:
    """The definition of a data line: its gloss up to the first example."""
    gloss = line.partition(" | ")[2].strip()
    return gloss.split('; "', 1)[0].strip().rstrip(";").strip()


class Glossary:
    """A WordNet database in memory: the index of each part of speech, its data file, and
    its exception lists (:meth:`load`)."""

    def __init__(self, folder: Path, senses: int, title: str, licence: str):
        #: Most senses per definition.
        self.senses = senses
        #: The database's package and version, as the about page credits it.
        self.title = title
        #: The database's licence, as its package carries it (shown on the about page).
        self.licence = licence
        self._index: dict[str, dict[str, _Entry]] = {}
        self._data: dict[str, bytes] = {}
        self._exceptions: dict[str, dict[str, list[str]]] = {}
        for part in PARTS_OF_SPEECH:
            index, data, exceptions = (folder / f"index.{part}", folder / f"data.{part}", folder / f"{part}.exc")
            for path in (index, data):
                if not path.is_file():
                    raise RuscError("not a WordNet database: no such file", path)
            self._index[part] = dict(self._read_index(index))
            self._data[part] = data.read_bytes()
            self._exceptions[part] = dict(self._read_exceptions(exceptions)) if exceptions.is_file() else {}

    @classmethod
    def load(cls, language: Language, paths: Paths | None = None) -> Glossary | None:
        """The language's pinned database (fetched and verified like a dictionary), or None
        if its TOML names none."""
        source = language.definitions.source
        if source is None:
            return None
        files = fetch_package_files(source, language, paths)
        databases = {path.parent for path in files if path.name.startswith("index.")}
        if len(databases) != 1:
            raise RuscError(f"package {source.name} {source.version} holds no single WordNet database", language.path)
        licences = [path for path in files if path.name == "copyright"]
        licence = licences[0].read_text(encoding="utf-8") if licences else source.licence
        return cls(
            databases.pop(),
            language.definitions.senses,
            f"{language.definitions.name} ({source.name} {source.version})",
            licence,
        )

    @staticmethod
    def _read_index(path: Path):
        for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
            if not line or line.startswith(" "):  # the licence header
                continue
            fields = line.split()
            try:
                synsets, pointers = int(fields[2]), int(fields[3])
                tagged = int(fields[5 + pointers])
                offsets = tuple(int(offset) for offset in fields[6 + pointers : 6 + pointers + synsets])
            except (IndexError, ValueError):
                raise RuscError("not a WordNet index line", path, number) from None
            yield fields[0], _Entry(offsets, tagged)

    @staticmethod
    def _read_exceptions(path: Path):
        for line in path.read_text(encoding="utf-8").splitlines():
            fields = line.split()
            if len(fields) >= 2:
                yield fields[0], fields[1:]

    def _gloss(self, part: str, offset: int) -> str:
        return gloss_of(self._line(part, offset))

    def define(self, word: str) -> Definition | None:
        """The first senses of the entry ``word`` is most likely a form of (see the module
        docstring), or None if WordNet has none. Multi-word entries use underscores."""
        form = word.lower().replace(" ", "_")
        best: tuple | None = None
        for rank, part in enumerate(PARTS_OF_SPEECH):
            index = self._index[part]
            for base in base_forms(form, part, index.__contains__, self._exceptions[part]):
                entry = index[base]
                key = (-entry.tagged, base != form, rank, base)
                if best is None or key < best[0]:
                    best = (key, part, base, entry)
        if best is None:
            return None
        _, part, base, entry = best
        senses = tuple(Sense(LABELS[part], self._gloss(part, offset)) for offset in entry.offsets[: self.senses])
        return Definition(base.replace("_", " "), senses)

    def usages(self, word: str) -> list[tuple[str, ...]]:
        """Per sense of the entry ``word`` itself (no base form; every part of speech), the
        usages WordNet files it under (its ``;u`` pointers: ``ethnic slur``,
        ``disparagement``, ``obscenity``, ``slang``…); empty if WordNet has no such entry."""
        form = word.lower().replace(" ", "_")
        found = []
        for part in PARTS_OF_SPEECH:
            entry = self._index[part].get(form)
            for offset in entry.offsets if entry else ():
                found.append(tuple(self._usages(self._line(part, offset))))
        return found

    def _line(self, part: str, offset: int) -> str:
        data = self._data[part]
        end = data.find(b"\n", offset)
        return data[offset : end if end >= 0 else len(data)].decode("utf-8")

    def _usages(self, line: str) -> Iterator[str]:
        """The lemmas of the usage domains a data line points to (wndb(5WN): ``;u``)."""
        fields = line.split(" | ", 1)[0].split()
        words = int(fields[3], 16)
        pointers = fields[4 + 2 * words :]
        for number in range(int(pointers[0])):
            symbol, offset, part = pointers[1 + 4 * number : 4 + 4 * number]
            if symbol == ";u":
                yield self._line(SYNSET_TYPES[part], int(offset)).split()[4].replace("_", " ")

    def define_all(self, words) -> dict[str, Definition]:
        """``word`` → its definition, for the words WordNet has, sorted by word."""
        return {word: definition for word in sorted(set(words)) if (definition := self.define(word)) is not None}
