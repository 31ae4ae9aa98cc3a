"""What changed between two builds of a language's lists: forms and game keys added and removed.

Start at :func:`diff_folders` (two built ``wordlists/<lang>/`` folders;
:func:`pipeline.build.previous_lists` builds those of an earlier pinned dictionary version,
``[[previous_sources]]`` in the language's TOML, under ``dist/versions/``). A form comes and goes with the
dictionary. A game key (a key of ``game.tsv``) changes either with the dictionary (one of
its forms is new, or all of them are gone) or by Rusc's rules (its forms are in both
expansions, but a rule lists one now and none before, or the other way round); for those,
the cause says which rule, read from the ``words.sqlite`` of the side that leaves the key
out (``words_why``, ``lemmas_why``). The lemmas (``lemmas.txt``, the Catalan beehive's
list) are compared too: a lemma gained or lost by a form both expansions make is a rule's
doing (``lemmas_why``: conjugated, plural...).

:func:`write_diff` writes ``<old>..<new>.tsv.gz`` (``sign<TAB>what<TAB>item<TAB>cause``:
``+``/``-``, ``form``/``key``/``lemma``, sorted by what, item and sign) and a ``.json`` summary beside
it, which the downloads page shows.
"""

from __future__ import annotations

import heapq
import json
import sqlite3
from collections import Counter
from collections.abc import Iterable, Iterator
from dataclasses import dataclass
from pathlib import Path

from pipeline.config import Language
from pipeline.core.errors import RuscError
from pipeline.core.fsutil import atomic_write, gzip_bytes
from pipeline.lists.database import DATABASE
from pipeline.lists.lexicon import read_game_rows

#: The cause of a change the dictionary made.
DICTIONARY = "dictionary"
#: The prefix of a cause Rusc's rules made.
RULES = "rules"


@dataclass(frozen=True, order=True)
class Change:
    """One added (``+``) or removed (``-``) form or game key, and why."""

    what: str
    item: str
    sign: str
    #: :data:`DICTIONARY`, or ``rules: <why the other side leaves it out>``.
    cause: str

    def line(self) -> str:
        return f"{self.sign}\t{self.what}\t{self.item}\t{self.cause}"


@dataclass(frozen=True)
class ListDiff:
    """The changes between two builds and their labels (``dictionary-ca@2.6.0``)."""

    old: str
    new: str
    changes: tuple[Change, ...]

    def summary(self) -> dict:
        """Counts for the downloads page and ``rusc diff``: per kind and sign, per cause."""
        counts: dict[str, dict[str, dict[str, int]]] = {}
        for change in self.changes:
            cause = DICTIONARY if change.cause == DICTIONARY else RULES
            side = counts.setdefault(change.what, {}).setdefault("added" if change.sign == "+" else "removed", {})
            side[cause] = side.get(cause, 0) + 1
        rules = Counter(
            change.cause.removeprefix(f"{RULES}: ") for change in self.changes if change.cause != DICTIONARY
        )
        return {"old": self.old, "new": self.new, "counts": counts, "rules": dict(sorted(rules.items()))}


def label(folder: Path) -> str:
    """``name@version`` of the dictionary a built folder was made from."""
    try:
        source = json.loads((folder / "metadata.json").read_text("utf-8"))["source"]
    except (OSError, ValueError, KeyError):
        raise RuscError("not a built word-list folder (no readable metadata.json)", folder) from None
    return f"{source.get('name')}@{source.get('version')}"


def diff_folders(old: Path, new: Path) -> ListDiff:
    """Every form and game key added or removed from ``old`` to ``new`` (built folders)."""
    for folder in (old, new):
        for name in ("forms.txt", "game.tsv"):
            if not (folder / name).exists():
                raise RuscError(f"no {name}: not a built word-list folder", folder)
    added, removed = _form_changes(old / "forms.txt", new / "forms.txt")
    old_keys, new_keys = _keys(old / "game.tsv"), _keys(new / "game.tsv")
    changes = [Change("form", form, "+", DICTIONARY) for form in added]
    changes += [Change("form", form, "-", DICTIONARY) for form in removed]
    with _Reasons(old) as old_reasons, _Reasons(new) as new_reasons:
        for key in sorted(new_keys.keys() - old_keys.keys()):
            forms = new_keys[key]
            by_dictionary = any(form in added for form in forms)
            changes.append(Change("key", key, "+", DICTIONARY if by_dictionary else old_reasons.why(forms)))
        for key in sorted(old_keys.keys() - new_keys.keys()):
            forms = old_keys[key]
            by_dictionary = all(form in removed for form in forms)
            changes.append(Change("key", key, "-", DICTIONARY if by_dictionary else new_reasons.why(forms)))
        changes += _lemma_changes(old, new, added, removed, old_reasons, new_reasons)
    return ListDiff(label(old), label(new), tuple(sorted(changes)))


def _lemma_changes(
    old: Path, new: Path, added: set[str], removed: set[str], old_reasons: _Reasons, new_reasons: _Reasons
) -> list[Change]:
    """The lemmas added and removed (Catalan's beehive reads them): by the dictionary when
    the form itself is new or gone, else by the rule the other side's database names."""
    if not ((old / "lemmas.txt").exists() and (new / "lemmas.txt").exists()):
        return []
    gained, lost = _form_changes(old / "lemmas.txt", new / "lemmas.txt")
    changes = [
        Change("lemma", form, "+", DICTIONARY if form in added else old_reasons.why([form], "lemmas_why"))
        for form in gained
    ]
    changes += [
        Change("lemma", form, "-", DICTIONARY if form in removed else new_reasons.why([form], "lemmas_why"))
        for form in lost
    ]
    return changes


def _form_changes(old: Path, new: Path) -> tuple[set[str], set[str]]:
    """The forms only ``new`` has and those only ``old`` has (both files sorted), streamed."""
    added: set[str] = set()
    removed: set[str] = set()
    with open(old, encoding="utf-8", newline="\n") as before, open(new, encoding="utf-8", newline="\n") as after:
        tagged = heapq.merge(((line.rstrip("\n"), 0) for line in before), ((line.rstrip("\n"), 1) for line in after))
        previous = None
        for form, side in tagged:
            if previous is not None and previous[0] == form:
                previous = None
                continue
            if previous is not None:
                (removed if previous[1] == 0 else added).add(previous[0])
            previous = (form, side)
        if previous is not None:
            (removed if previous[1] == 0 else added).add(previous[0])
    return added, removed


def _keys(game_tsv: Path) -> dict[str, list[str]]:
    """Game key → its forms."""
    keys: dict[str, list[str]] = {}
    for key, form, _lists in read_game_rows(game_tsv):
        keys.setdefault(key, []).append(form)
    return keys


class _Reasons:
    """Why one side's lists leave forms out, from its ``words.sqlite`` (when it has one)."""

    def __init__(self, folder: Path):
        path = folder / DATABASE
        self.connection = sqlite3.connect(f"file:{path}?mode=ro", uri=True) if path.exists() else None

    def __enter__(self) -> _Reasons:
        return self

    def __exit__(self, *exc) -> None:
        if self.connection is not None:
            self.connection.close()

    def why(self, forms: Iterable[str], columns: str = "words_why, lemmas_why") -> str:
        """``rules: <reason>`` for the first of ``forms`` the database explains (by the
        reasons of ``columns``: why the form is out of the lists)."""
        if self.connection is not None:
            for form in forms:
                row = self.connection.execute(f"SELECT {columns} FROM facts WHERE form = ?", (form,)).fetchone()
                if row is not None:
                    reasons = sorted({why for why in row if why is not None})
                    return f"{RULES}: " + ("; ".join(reasons) or "listed, under another key")
        return f"{RULES}: not an ordinary word (capitals, digits, periods, hyphens or apostrophes)"


def write_diff(diff: ListDiff, folder: Path) -> tuple[Path, Path]:
    """``<folder>/<old>..<new>.tsv.gz`` and ``.json`` (atomically, deterministic bytes)."""
    stem = f"{diff.old}..{diff.new}"
    table = "".join(change.line() + "\n" for change in diff.changes).encode("utf-8")
    tsv = atomic_write(folder / f"{stem}.tsv.gz", gzip_bytes(b"sign\twhat\titem\tcause\n" + table))
    summary = atomic_write(
        folder / f"{stem}.json", json.dumps(diff.summary(), sort_keys=True, indent=2, ensure_ascii=False) + "\n"
    )
    return tsv, summary


def newest_previous(language: Language) -> str:
    """The version of the last ``[[previous_sources]]`` entry (a one-line error without one)."""
    if not language.previous_sources:
        raise RuscError("no [[previous_sources]] pinned: nothing to compare the lists with", language.path)
    return language.previous_sources[-1].version


def previous_source(language: Language, version: str):
    """The ``[[previous_sources]]`` entry of ``version`` (a one-line error naming the TOML)."""
    for source in language.previous_sources:
        if source.version == version:
            return source
    pinned = ", ".join(source.version for source in language.previous_sources) or "none"
    raise RuscError(f"no [[previous_sources]] entry with version {version!r} (pinned: {pinned})", language.path)


def diffs_folder(paths, code: str) -> Path:
    """Where ``rusc diff LANG --from VERSION`` writes, and the downloads page reads."""
    return paths.dist / "diffs" / code


def read_summaries(folder: Path) -> Iterator[dict]:
    """The ``.json`` summaries of a language's diffs, in name order."""
    for path in sorted(folder.glob("*.json")) if folder.is_dir() else []:
        try:
            yield json.loads(path.read_text("utf-8"))
        except ValueError as error:
            raise RuscError(f"invalid JSON: {error}", path) from None
