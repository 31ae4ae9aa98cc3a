"""Three representative languages written by ``rusc add-language``, built from a clean cache.

One Cyrillic (Macedonian), one compounding (German) and one agglutinative dictionary in the
bounded mode (Georgian, whose script also has no case; its file is copied with
``bounded = "one-affix"``, which leaves out the 18,639 of its 405,284 forms that chain two
affixes). Each is fetched into an empty cache, built as ``make dictionaries`` builds it, and
its forms are checked with Debian's libhunspell (the oracle of
tests/test_expand_precision.py, on an evenly spread sample of :data:`ORACLE_FORMS`): none may
be rejected. The estimate made before the expansion must be within 10% of the real count,
and metadata.json must say whether the lists are bounded.

The larger agglutinative dictionaries (Turkish bounded took 163 CPU seconds here, Basque and
Korean more) are built and checked by `scripts/language_table.py` and
`scripts/rejected_forms.py` for the README's language table instead.
"""

from __future__ import annotations

import json
import unicodedata

import pytest
from support.expansions import rejected, sample_step

from pipeline.build import build_dictionaries
from pipeline.config import load_language
from pipeline.core.paths import Paths
from pipeline.sources import fetch

pytestmark = pytest.mark.slow

#: Forms of each asked of libhunspell: an evenly spread sample (`make oracle LANGS=ka`
#: checks them all).
ORACLE_FORMS = 250_000
#: (code, what it represents)
LANGUAGES = [("mk", "cyrillic"), ("de", "compounding"), ("ka", "agglutinative")]


@pytest.fixture(scope="module")
def clean_build(tmp_path_factory):
    """Build each language once into a root with an empty cache of its own."""
    import os

    root = tmp_path_factory.mktemp("new-languages")
    built = {}

    def build(code: str, bounded: bool) -> tuple[Paths, dict]:
        if code not in built:
            old = os.environ.get("RUSC_CACHE")
            os.environ["RUSC_CACHE"] = str(root / "cache")
            try:
                paths = Paths(root)
                language = load_language(_bounded_copy(code, root) if bounded else code)
                build_dictionaries([language], paths, log=print)
                built[code] = (paths, language)
            finally:
                if old is None:
                    os.environ.pop("RUSC_CACHE")
                else:
                    os.environ["RUSC_CACHE"] = old
        return built[code]

    return build


def _bounded_copy(code: str, root) -> str:
    """The language's file with the bounded mode switched on, in ``root``."""
    import re

    from pipeline.config import LANGUAGES_DIR

    text = (LANGUAGES_DIR / f"{code}.toml").read_text("utf-8")
    assert "bounded =" not in text
    text = re.sub(r"^\[expand\]$", '[expand]\nbounded = "one-affix"', text, count=1, flags=re.M)
    copy = root / f"{code}.toml"
    copy.write_text(text, "utf-8")
    return str(copy)


@pytest.mark.parametrize("code,kind", LANGUAGES)
def test_new_language_builds_from_a_clean_cache_with_no_rejected_form(clean_build, code, kind, monkeypatch):
    paths, language = clean_build(code, bounded=kind == "agglutinative")
    monkeypatch.setenv("RUSC_CACHE", str(paths.root / "cache"))
    files = fetch(language, paths)
    forms = paths.work(code) / "forms.txt"
    count = sum(1 for _ in open(forms, "rb"))
    metadata = json.loads((paths.wordlists(code) / "metadata.json").read_text("utf-8"))
    expansion = json.loads((paths.work(code) / "expansion.json").read_text("utf-8"))
    assert metadata["counts"]["forms"] == count > 100_000
    assert metadata["counts"]["words"] > 10_000
    bad = rejected(files.aff, files.dic, forms, step=sample_step(count, ORACLE_FORMS))
    estimated = expansion["estimate"]["forms"]
    print(
        f"\n{code} ({kind}): {count} forms, {metadata['counts']['words']} words, "
        f"{metadata['counts']['lemmas']} lemmas, {len(bad)} rejected by libhunspell; "
        f"estimated {estimated} ({(estimated - count) / count:+.1%}); bounded: {bool(metadata['bounded'])}"
    )
    assert bad == [], f"{len(bad)} of {count} forms rejected, e.g. {bad[:20]}"
    assert abs(estimated - count) / count < 0.10
    if kind == "cyrillic":
        assert all(unicodedata.name(ch).startswith("CYRILLIC") for ch in language.alphabet)
        assert metadata["bounded"] is False
    if kind == "compounding":
        assert metadata["compounds"] is True and language.capitalised_nouns
        assert metadata["bounded"] is False
    if kind == "agglutinative":
        assert language.expand.bounded == "one-affix"
        assert "at most one affix" in metadata["bounded"]
