"""Two dictionaries of the npm set that libhunspell 1.7.1 reads in its own way, expanded in
full and checked form by form with Debian's libhunspell (beyond a million forms, an evenly
spread million of them): none is rejected.

* en-za (dictionary-en-za 3.0.0) declares ICONV twice near the end of its .aff: libhunspell
  stops reading there and leaves its affix index unordered (tests/test_aff_stops.py);
* sk (dictionary-sk 2.0.0) has suffix conditions such as ``[áéíóúŕýô].a``, which
  libhunspell's byte-wise test does not match where the character test would
  (tests/test_expand_conditions.py).
"""

from __future__ import annotations

import pytest
from support.expansions import dictionary_files, expansion, rejected, sample_step

pytestmark = pytest.mark.slow


@pytest.mark.parametrize(
    "code,least,absent",
    [
        ("en-za", 50_000, ["cats", "Prague's"]),  # off the index's path, though cat/S and Prague/M
        ("sk", 1_700_000, ["Antarktíd", "Antarktídach"]),  # the dot steps over the í
    ],
)
def test_no_form_is_rejected_by_libhunspell(code, least, absent):
    files = dictionary_files(code)
    forms = expansion(code)
    words = set(forms.read_text("utf-8").split("\n"))
    step = sample_step(len(words) - 1)  # Slovak's 1.76 million: every second form (make oracle: all)
    bad = rejected(files.aff, files.dic, forms, step=step)
    print(f"\n{code}: {len(words) - 1} forms, every {step} checked, {len(bad)} rejected by libhunspell")
    assert bad == [], f"{len(bad)} rejected, e.g. {bad[:20]}"
    assert len(words) > least
    assert not words & set(absent)
