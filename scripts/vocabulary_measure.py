"""Measure an English language's game lists against WordNet 3.0, a reference the lists are
not made from.

    .venv/bin/python scripts/vocabulary_measure.py [LANG] [--samples 50]

The games' vocabulary (pipeline/lists/vocabulary.py) is chosen from SCOWL's levels and wordfreq;
WordNet is neither: a lexicon written by lexicographers at Princeton, whose ``cntlist.rev``
counts how often each sense was tagged in a corpus (the Brown corpus's semantic
concordance), independently of wordfreq. It is Debian's ``wordnet-base`` package, fetched
and verified by hash like every source (:data:`WORDNET`).

For each game's list, before (the dictionary's ``words.txt``, what every game played until
the vocabulary) and after (the game's own list in ``game.tsv``):

* **precision**: the share of the list's words (the beehive's of 4+ letters, Wordle's of 5)
  whose base form WordNet knows, inflections reduced by WordNet's own exception lists and
  detachment rules (morphy);
* **recall**: the share of WordNet's tagged lemmas (a corpus count of at least 1, lower
  case, one word of letters, 4+ letters; 5 for Wordle) the list has;
* fifty random words of each list, before and after, for a reviewer to read.
"""

from __future__ import annotations

import argparse
import random
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from pipeline.config import ListSource, load_language
from pipeline.core.paths import Paths
from pipeline.lists.lexicon import game_list, read_game_lexicon
from pipeline.sources import fetch_package_files

#: Debian's WordNet 3.0 database.
WORDNET = ListSource(
    kind="deb",
    name="wordnet-base",
    version="1:3.0-37",
    integrity="sha256:61060d960f9ada8fa120872312eccd3ecebfbab8c4579e4f5a74e1cf67620752",
    files=("usr/share/wordnet/*",),
    licence="WordNet 3.0 licence (Princeton, BSD-like)",
)
#: WordNet's parts of speech, as its file names spell them.
PARTS = ("noun", "verb", "adj", "adv")
#: morphy's detachment rules, by part of speech (WordNet's morph.c).
DETACHMENTS = {
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
    "adj": (("er", ""), ("est", ""), ("er", "e"), ("est", "e")),
    "adv": (),
}


class WordNet:
    """The lemmas, exceptions and tagged lemmas of WordNet's database files."""

    def __init__(self, folder: Path):
        self.lemmas = {part: self._index(folder / f"index.{part}") for part in PARTS}
        self.exceptions = {part: self._exceptions(folder / f"{part}.exc") for part in PARTS}
        self.tagged = self._tagged(folder / "cntlist.rev")

    @staticmethod
    def _index(path: Path) -> set[str]:
        with open(path, encoding="utf-8") as handle:
            return {line.split(" ", 1)[0] for line in handle if not line.startswith(" ")}

    @staticmethod
    def _exceptions(path: Path) -> dict[str, list[str]]:
        found: dict[str, list[str]] = {}
        with open(path, encoding="utf-8") as handle:
            for line in handle:
                inflected, *bases = line.split()
                found.setdefault(inflected, []).extend(bases)
        return found

    @staticmethod
    def _tagged(path: Path) -> set[str]:
        """Lemmas with a tagged sense (``sense_key sense_number count``, count >= 1)."""
        tagged = set()
        with open(path, encoding="utf-8") as handle:
            for line in handle:
                sense_key, _number, count = line.split()
                if int(count) >= 1:
                    tagged.add(sense_key.split("%", 1)[0])
        return tagged

    def knows(self, word: str) -> bool:
        """Whether WordNet has ``word`` or a base morphy reduces it to."""
        for part in PARTS:
            lemmas = self.lemmas[part]
            if word in lemmas or any(base in lemmas for base in self.exceptions[part].get(word, ())):
                return True
            for ending, replacement in DETACHMENTS[part]:
                if word.endswith(ending) and word[: len(word) - len(ending)] + replacement in lemmas:
                    return True
        return False


def game_lists(code: str, paths: Paths) -> dict[str, dict[str, set[str]]]:
    """game → {"before": words.txt's keys, "after": the game's keys} of the built lists."""
    language = load_language(code)
    folder = paths.wordlists(code)
    with open(folder / "game.tsv", encoding="utf-8") as handle:
        rows = handle.readlines()
    before = set(read_game_lexicon(iter(rows), "words"))
    return {
        game: {"before": before, "after": set(read_game_lexicon(iter(rows), game_list(language, game)))}
        for game in ("beehive", "wordle", "racks")
    }


def measure(keys: set[str], wordnet: WordNet, min_length: int, max_length: int | None) -> dict[str, float]:
    def fits(word: str) -> bool:
        return len(word) >= min_length and (max_length is None or len(word) <= max_length)

    listed = {key for key in keys if fits(key)}
    reference = {lemma for lemma in wordnet.tagged if lemma.isalpha() and lemma.islower() and fits(lemma)}
    return {
        "words": len(listed),
        "precision": sum(wordnet.knows(key) for key in listed) / max(1, len(listed)),
        "recall": len(reference & keys) / max(1, len(reference)),
        "reference": len(reference),
    }


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("language", nargs="?", default="en")
    parser.add_argument("--samples", type=int, default=50)
    args = parser.parse_args()
    paths = Paths.from_env()
    language = load_language(args.language)
    folder = fetch_package_files(WORDNET, language, paths)[0].parent
    wordnet = WordNet(folder)
    print(f"WordNet 3.0 ({WORDNET.name} {WORDNET.version}): {len(wordnet.tagged)} tagged lemmas")
    shapes = {"beehive": (language.beehive.min_length, None), "wordle": (5, 5), "racks": (2, None)}
    for game, lists in game_lists(args.language, paths).items():
        for when in ("before", "after"):
            figures = measure(lists[when], wordnet, *shapes[game])
            print(
                f"{args.language} {game:8} {when:6}: {figures['words']:7} words, precision {figures['precision']:.2%}, "
                f"recall {figures['recall']:.2%} of {figures['reference']} tagged lemmas"
            )
        for when in ("before", "after"):
            low, high = shapes[game]
            pool = sorted(key for key in lists[when] if len(key) >= low and (high is None or len(key) <= high))
            print(
                f"  {when} sample: {' '.join(random.Random(f'{game}{when}').sample(pool, min(args.samples, len(pool))))}"
            )
        print(f"  out: {' '.join(sorted(random.Random(game).sample(sorted(lists['before'] - lists['after']), 30)))}")
        print(f"  in:  {' '.join(sorted(random.Random(game).sample(sorted(lists['after'] - lists['before']), 30)))}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
