"""The English expansion has the words the seed's list lacked."""

from __future__ import annotations

import pytest
from support.expansions import expansion


@pytest.mark.slow
def test_english_contains_polyp_and_its_plural():
    forms = set(expansion("en").read_text(encoding="utf-8").split("\n"))
    assert {"polyp", "polyps"} <= forms
    assert "polypz" not in forms
