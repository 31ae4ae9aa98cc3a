"""Two dictionaries of the npm set that libhunspell 1.7.1 reads in its own way, expanded in
full and checked form by form with Debian's libhunspell: none of their forms is rejected.

* en-za (dictionary-en-za 3.0.0) declares ICONV twice near the end of its .aff: libhunspell
  stops reading there and leaves its affix index unordered (tests/test_aff_stops.py);
* sk (dictionary-sk 2.0.0) has suffix conditions such as ``[áéíóúŕýô].a``, which
  libhunspell's byte-wise test does not match where the character test would
  (tests/test_expand_conditions.py).
"""

from __future__ import annotations

import pytest

from expand_support import dictionary_files, expansion, rejected

pytestmark = pytest.mark.slow


@pytest.mark.parametrize("code,least,absent", [
    ("en-za", 50_000, ["cats", "Prague's"]),  # off the index's path, though cat/S and Prague/M
    ("sk", 1_700_000, ["Antarktíd", "Antarktídach"]),  # the dot steps over the í
])
def test_no_form_is_rejected_by_libhunspell(code, least, absent):
    files = dictionary_files(code)
    forms = expansion(code)
    words = set(forms.read_text("utf-8").split("\n"))
    bad = rejected(files.aff, files.dic, forms)
    print(f"\n{code}: {len(words) - 1} forms, {len(bad)} rejected by libhunspell")
    assert bad == [], f"{len(bad)} rejected, e.g. {bad[:20]}"
    assert len(words) > least
    assert not words & set(absent)
