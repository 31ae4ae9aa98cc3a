"""Conformance: Hunspell's own test dictionaries (../shared/hunspell-tests).

For a case without compounding, the expansion must contain every NAME.good word, up to what
Hunspell's spell() does to a word before and around the lookup (capitalisation variants,
ICONV, IGNORE, trailing abbreviation dots, numbers, BREAK joins); for every case, no
generated form may be a NAME.wrong word. Exclusions are listed in EXCLUDED with reasons.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from pipeline.core.errors import RuscError
from pipeline.expand import Converter, Expander, entry_forms
from pipeline.expand.text import aff_encoding

REPO = Path(__file__).resolve().parents[1]
CASES = REPO.parent / "shared" / "hunspell-tests"

#: name -> why the case cannot apply to the expander. Debian's libhunspell 1.7.1 is the oracle
#: of the precision/recall tests, so where upstream changed behaviour after 1.7.1 we follow 1.7.1.
EXCLUDED = {
    "gh-hunzip-overflow": "no .aff: a crash regression for the hzip reader, not a dictionary",
    "gh1060": "Hunspell 1.7.1 accepts a CIRCUMFIX prefix without its suffix ('legnagy'); "
    "fixed upstream after 1.7.1, and we follow the 1.7.1 library we test against",
    "gh1045": "a capitalised form a hidden homonym also makes (LiM/H is filed as Lim/H, which only "
    "all-capital words may use): Hunspell 1.7.1 finds Lim + u first and rejects 'Limu', upstream "
    "fixed it after 1.7.1; libhunspell 1.7.1 agrees with us (pipeline.expand.forms.hidden_homonyms)",
    "trace_circumfix": "same 1.7.1 CIRCUMFIX behaviour as gh1060 ('prefixstem' is accepted by 1.7.1)",
    "gh106": "title-casing a mixed-case word (uLinda -> ULinda) is accepted only by Hunspell after 1.7.1; "
    "1.7.1 rejects ULinda and NoLinda, and capitalisation variants are not listed forms",
    "gh1122": "a leading '/' in the .dic: 1.7.1 reads '/AB' as the word '/' with flag B (and accepts "
    "'/b', listed as wrong here); upstream fixed it later; libhunspell 1.7.1 agrees with us",
    "ofz5627151457255424": "OSS-Fuzz crash regression (garbage bytes, undefined AF aliases): Rusc refuses "
    "it with a one-line error naming the .dic line instead of guessing",
    "gh749": "a suffix condition's dot after a non-ASCII letter: 1.7.1 also steps over that letter "
    "(pipeline/expand/conditions.py), so it rejects 'áix' (á. on ái, listed as good here); "
    "fixed upstream after 1.7.1 (this case is the fix's test); libhunspell 1.7.1 agrees with us",
    "gh353": "Persian/Arabic-Indic digits as numbers: accepted only by Hunspell after 1.7.1 (1.7.1 "
    "rejects them), and numbers are not word forms anyway",
    **{
        f"1748408-{n}": "an .aff crash regression whose .dic is the one line 'dummy', no word count: "
        "libhunspell loads no word from it (its .good is empty), and Rusc refuses it in one line"
        for n in range(1, 5)
    },
}

#: Excluded cases that Rusc rejects as broken input (a RuscError) rather than reading.
REFUSED = {"ofz5627151457255424", *(f"1748408-{n}" for n in range(1, 5))}

NUMBER = re.compile(r"[0-9]+([.,-][0-9]+)*")


def case_names() -> list[str]:
    return sorted({p.stem for p in CASES.glob("*.dic")} | {p.stem for p in CASES.glob("*.aff")})


def read_words(path: Path, encoding: str) -> list[str]:
    """Words of a .good/.wrong file: Hunspell's test files are UTF-8 even for ISO8859 cases."""
    if not path.exists():
        return []
    data = path.read_bytes()
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError:
        text = data.decode(encoding)
    return [w for line in text.splitlines() for w in line.split()]


class Acceptance:
    """What spell() accepts, given the expansion: the forms plus Hunspell's word handling."""

    def __init__(self, expander: Expander, aff_text: str, forms: set[str]):
        self.forms = forms
        data = expander.data
        self.iconv = Converter(data.iconv) if data.iconv else None
        self.ignore = str.maketrans("", "", data.ignore)
        turkic = re.search(r"^LANG\s+(tr|az|crh)", aff_text, re.MULTILINE) is not None
        # Hunspell's case tables lower-case İ to i (outside Turkic languages, where i/İ and ı/I pair).
        # ẞ is the capital of ß.
        if turkic:
            self.upper = lambda w: w.replace("ẞ", "ß").replace("i", "İ").upper()
            self.lower = lambda w: w.replace("I", "ı").replace("İ", "i").lower()
        else:
            self.upper = lambda w: w.replace("ẞ", "ß").replace("İ", "i").upper()
            self.lower = lambda w: w.replace("İ", "i").lower()
        self.by_upper: dict[str, set[str]] = {}
        for form in forms:
            self.by_upper.setdefault(self.upper(form), set()).add(form)
        self.breaks = data.break_patterns

    def normalise(self, word: str) -> str:
        if self.iconv is not None:
            word = self.iconv(word)
        return word.translate(self.ignore)

    def accepts(self, word: str, depth: int = 0) -> bool:
        word = self.normalise(word)
        if NUMBER.fullmatch(word):
            return True
        for candidate in {word, word.rstrip("."), word.rstrip(".") + "."}:
            if candidate in self.forms:
                return True
            # Capitalisation: an all-capitals spelling of any form, and the title-case
            # spelling of a lower-case form, are accepted.
            if candidate and candidate[0] != candidate[0].lower():
                group = self.by_upper.get(self.upper(candidate), ())
                if not any(c.islower() for c in candidate) and group:
                    return True
                if candidate[1:] == candidate[1:].lower() and any(f == self.lower(candidate) for f in group):
                    return True
        return depth < 10 and self.accepts_broken(word, depth)

    def accepts_broken(self, word: str, depth: int) -> bool:
        """BREAK: a word is also accepted when its parts around a break pattern are."""
        for pattern in self.breaks:
            if pattern.startswith("^") and len(pattern) > 1 and word.startswith(pattern[1:]):
                if self.accepts(word[len(pattern) - 1 :], depth + 1):
                    return True
            elif pattern.endswith("$") and len(pattern) > 1 and word.endswith(pattern[:-1]):
                if self.accepts(word[: len(word) - len(pattern) + 1], depth + 1):
                    return True
            elif pattern and not pattern.startswith("^") and not pattern.endswith("$"):
                start = word.find(pattern, 1)
                while 0 < start < len(word) - len(pattern):
                    if self.accepts(word[:start], depth + 1) and self.accepts(word[start + len(pattern) :], depth + 1):
                        return True
                    start = word.find(pattern, start + 1)
        return False


def run_case(name: str) -> tuple[list[str], list[str], bool]:
    """(good words missing, wrong words generated, compounds) for one case."""
    aff, dic = CASES / f"{name}.aff", CASES / f"{name}.dic"
    expander = Expander.from_files(aff, dic)
    forms: set[str] = set()
    for entry in expander.entries():
        forms.update(entry_forms(expander, entry))
    aff_bytes = aff.read_bytes()
    encoding = aff_encoding(aff_bytes)
    aff_text = aff_bytes.decode(encoding, errors="replace")
    acceptance = Acceptance(expander, aff_text, forms)
    good = read_words(CASES / f"{name}.good", encoding)
    wrong = read_words(CASES / f"{name}.wrong", encoding)
    missing = [] if expander.compounds else [w for w in good if not acceptance.accepts(w)]
    generated_wrong = [w for w in wrong if acceptance.normalise(w) in forms]
    return missing, generated_wrong, expander.compounds


def test_the_suite_is_there():
    assert CASES.is_dir(), f"Hunspell's test dictionaries are missing: {CASES}"
    assert len(case_names()) > 150
    assert set(EXCLUDED) <= set(case_names()), "an exclusion names a case that does not exist"


@pytest.mark.parametrize("name", [n for n in case_names() if n not in EXCLUDED])
def test_case_matches_hunspell(name):
    missing, generated_wrong, _compounds = run_case(name)
    assert not generated_wrong, f"{name}: generated words Hunspell rejects: {generated_wrong}"
    assert not missing, f"{name}: Hunspell accepts these, the expansion lacks them: {missing}"


@pytest.mark.parametrize("name", sorted(n for n in EXCLUDED if (CASES / f"{n}.aff").exists()))
def test_exclusion_is_still_needed(name):
    """An excluded case must still disagree with the expander; otherwise drop the exclusion."""
    if name in REFUSED:
        with pytest.raises(RuscError) as error:
            run_case(name)
        assert "\n" not in str(error.value) and ".dic:" in str(error.value)
        return
    missing, generated_wrong, _ = run_case(name)
    assert missing or generated_wrong
