"""Interface text: every template message translated in every shipped catalog, CLDR plurals,
Babel's number and date formats, Catalan typography.

The catalogs are the committed ``pipeline/locale/*/LC_MESSAGES/messages.po``; the messages
are extracted afresh from ``templates/`` and ``pipeline/render/`` with Babel's extractor
(the same ``babel.cfg`` as ``make messages``), so a string added to a template without a
translation fails here.
"""

from __future__ import annotations

import datetime as dt
import re
import sys
from pathlib import Path

import pytest
from babel.messages.extract import DEFAULT_KEYWORDS, extract_from_dir
from babel.messages.frontend import parse_mapping_cfg

from pipeline.config import TypographyRule, load_language, load_site_config
from pipeline.core.errors import RuscError
from pipeline.render.i18n import (
    LOCALE_DIR,
    SOURCE_LANGUAGE,
    catalog_path,
    environment,
    read_catalog,
    translated_languages,
)

sys.path.insert(0, str(Path(__file__).parent))
from support.site_fixture import make_fixture

REPO = Path(__file__).resolve().parent.parent


def extracted_messages() -> dict[str, tuple[str, ...]]:
    """msgid → the whole id (singular, plural) of every message in the sources."""
    with open(REPO / "babel.cfg", encoding="utf-8") as handle:
        method_map, options_map = parse_mapping_cfg(handle)
    found = {}
    # The same keywords as `make messages`: plural_forms() too (plurals for the pages' scripts).
    keywords = {**DEFAULT_KEYWORDS, "plural_forms": (1, 2)}
    for _file, _line, message, _comments, _context in extract_from_dir(
        str(REPO), method_map, options_map, keywords=keywords
    ):
        ids = message if isinstance(message, tuple) else (message,)
        found[ids[0]] = ids
    return found


def shipped_languages() -> list[str]:
    """The site's languages and every language with a catalog, except the templates' own."""
    site = load_site_config()
    codes = set(site["languages"]) | set(site["published"]) | set(translated_languages())
    return sorted(codes - {SOURCE_LANGUAGE})


def test_the_sources_have_messages_and_the_site_languages_have_catalogs():
    messages = extracted_messages()
    assert len(messages) > 100 and "Show the answers" in messages
    assert any(len(ids) == 2 for ids in messages.values()), "no plural message"
    for code in shipped_languages():
        assert catalog_path(code).exists(), f"{code} is published but has no catalog"


def test_french_punctuation_never_wraps_onto_a_line_of_its_own():
    """French sets a narrow no-break space before ! ; : and inside « »: an ordinary space
    there lets the sign start a line (« Tu as trouvé tous les mots du chevalet ! »). A ? is
    left out: the pages also write it alone as the blank tile."""
    loose = []
    for message in (message for message in read_catalog("fr") if message.id):  # not the header
        strings = message.string if isinstance(message.string, tuple) else (message.string,)
        loose += [text for text in strings if text and re.search(r" [!;:»]|« ", text)]
    assert not loose, loose


def test_catalan_speaks_to_the_player_as_vosaltres_throughout():
    """The Catalan messages address the player in the plural (Heu trobat, les vostres
    paraules); a tu form beside them (les has trobades totes, la teva paraula) reads as a
    slip. Buttons name their action in the imperative, as Catalan menus do."""
    tu = re.compile(r"(?<!\w)(?:[ln]’)?(has|vas|teu|teva|teus|teves|et|te)(?!\w)", re.IGNORECASE)
    slips = []
    for message in (message for message in read_catalog("ca") if message.id):  # not the header
        strings = message.string if isinstance(message.string, tuple) else (message.string,)
        slips += [text for text in strings if text and tu.search(text)]
    assert not slips, slips


@pytest.mark.parametrize("code", shipped_languages())
def test_every_template_message_is_translated(code):
    catalog = read_catalog(code)  # also fails on a placeholder the msgid lacks
    plurals = catalog.num_plurals
    missing = []
    for msgid, ids in extracted_messages().items():
        message = catalog.get(msgid)
        if message is None or message.fuzzy:
            missing.append(msgid)
            continue
        strings = message.string if isinstance(message.string, tuple) else (message.string,)
        if (len(ids) == 2 and len(strings) != plurals) or not all(strings):
            missing.append(msgid)
    assert not missing, f"{catalog_path(code)}: {len(missing)} messages untranslated, e.g. {missing[:3]}"


def test_the_committed_template_lists_exactly_the_sources_messages():
    pot = (LOCALE_DIR / "messages.pot").read_text(encoding="utf-8")
    committed = set(re.findall(r'(?m)^msgid "(.+)"$', pot))
    committed = {m.encode("latin-1", "backslashreplace").decode("unicode_escape") for m in committed}
    assert committed == set(extracted_messages()), "run `make messages`"


def render(code: str, source: str, **values) -> str:
    return environment(load_language(code)).from_string(source).render(**values)


@pytest.mark.parametrize(
    "code, n, text",
    [
        ("en", 1, "1 point"),
        ("en", 2, "2 points"),
        ("en", 1234, "1,234 points"),
        ("ca", 1, "1 punt"),
        ("ca", 0, "0 punts"),
        ("ca", 2500, "2.500 punts"),
        ("ca", 1_000_000, "1.000.000 de punts"),  # CLDR's "many" form of Catalan
    ],
)
def test_plurals_follow_the_languages_cldr_rules(code, n, text):
    assert render(code, '{{ ngettext("%(num)s point", "%(num)s points", n) }}', n=n) == text


def test_scripts_get_every_cldr_plural_category_of_a_message():
    from pipeline.render.i18n import plural_forms

    assert plural_forms(load_language("ca"), "%(num)s word", "%(num)s words") == {
        "many": "%(num)s de paraules",
        "one": "%(num)s paraula",
        "other": "%(num)s paraules",
    }
    assert plural_forms(load_language("en"), "%(num)s word", "%(num)s words") == {
        "one": "%(num)s word",
        "other": "%(num)s words",
    }


def test_a_regional_variant_without_a_catalog_reads_its_languages():
    from pipeline.render.i18n import translations

    assert translations("ca-valencia").gettext("Show the answers") == "Mostra les solucions"
    assert translations("en-gb").gettext("Show the answers") == "Show the answers"


def test_numbers_sizes_and_dates_use_the_locales_formats():
    day = dt.date(2026, 12, 1)
    assert (
        render("ca", "{{ fmt.number(16231764) }} · {{ fmt.size(1500000) }} · {{ fmt.date(d) }}", d=day)
        == "16.231.764 · 1,5\u00a0MB · 1 de desembre del 2026"
    )
    assert (
        render("en", "{{ fmt.number(16231764) }} · {{ fmt.size(1500000) }} · {{ fmt.date(d) }}", d=day)
        == "16,231,764 · 1.5\u00a0MB · December 1, 2026"
    )
    assert render("ca", "{{ fmt.date(d) }}", d=dt.date(2026, 10, 2)) == "2 d’octubre del 2026"


@pytest.mark.parametrize(
    "day, text",
    [
        (dt.date(2026, 12, 1), "Trencaclosques de l’1 de desembre del 2026"),
        (dt.date(2026, 10, 11), "Trencaclosques de l’11 d’octubre del 2026"),
        (dt.date(2026, 3, 2), "Trencaclosques del 2 de març del 2026"),
        (dt.date(2026, 3, 21), "Trencaclosques del 21 de març del 2026"),
    ],
)
def test_catalan_dates_contract_the_preposition(day, text):
    for code in ("ca", "ca-valencia"):
        assert render(code, '{{ _("Puzzles for %(date)s", date=fmt.date(d)) }}', d=day) == text, code


@pytest.mark.parametrize(
    "day, date",
    [
        (dt.date(2026, 12, 1), "1er décembre 2026"),
        (dt.date(2026, 12, 21), "21 décembre 2026"),
        (dt.date(2026, 8, 11), "11 août 2026"),
    ],
)
def test_french_writes_the_first_of_the_month_as_an_ordinal(day, date):
    text = render("fr", '{{ _("Puzzles for %(date)s", date=fmt.date(d)) }}', d=day)
    assert text.endswith(" " + date), text


@pytest.mark.parametrize(
    "day, date", [(dt.date(2026, 12, 5), "5.\u00a0Dezember 2026"), (dt.date(2026, 3, 21), "21.\u00a0März 2026")]
)
def test_german_keeps_a_date_s_day_and_month_on_one_line(day, date):
    text = render("de", '{{ _("Puzzles for %(date)s", date=fmt.date(d)) }}', d=day)
    assert text == "Rätsel vom " + date, text


def test_translated_values_are_escaped():
    assert (
        render("ca", '{{ _("Puzzles for %(date)s", date=d) }}', d="<b>1</b>")
        == "Trencaclosques del &lt;b&gt;1&lt;/b&gt;"
    )


#: A typography rule as a hostile package description once smuggled into a language file.
HOSTILE_TYPOGRAPHY = (TypographyRule("Trencaclosques", '<meta http-equiv="refresh" content="0;url=//x.test">"Rusc\'&'),)


def test_typography_from_a_language_file_never_writes_markup():
    """A rule's replacement is text: escaped like a value, in element text and in attributes."""
    import dataclasses

    language = dataclasses.replace(load_language("ca"), typography=HOSTILE_TYPOGRAPHY)
    env = environment(language)
    source = '<p title="{{ _("Puzzles for %(date)s", date=d) }}">{{ _("Puzzles for %(date)s", date=d) }}</p>'
    html = env.from_string(source).render(d="<b>1</b>")
    escaped = (
        "&lt;meta http-equiv=&#34;refresh&#34; content=&#34;0;url=//x.test&#34;&gt;&#34;Rusc&#39;&amp;"
        " del &lt;b&gt;1&lt;/b&gt;"
    )
    assert html == f'<p title="{escaped}">{escaped}</p>'


@pytest.mark.parametrize("code", shipped_languages())
def test_catalogs_use_typographic_apostrophes_and_the_middle_dot(code):
    for message in read_catalog(code):
        for text in message.string if isinstance(message.string, tuple) else (message.string,):
            assert "'" not in text, f"{code}: straight apostrophe in {text!r}"
            assert not re.search(r"l[.•∙]l", text), f"{code}: l·l needs U+00B7 in {text!r}"


def test_a_language_file_with_a_strings_table_is_refused(tmp_path):
    toml, _ = make_fixture(tmp_path)
    toml.write_text(toml.read_text(encoding="utf-8") + '\n[strings]\nabout = "Quant a"\n', encoding="utf-8")
    with pytest.raises(RuscError, match=r"\[strings\] table is no longer read"):
        load_language(toml)


def test_a_broken_catalog_is_one_error_naming_the_file_and_message(tmp_path, monkeypatch):
    import pipeline.render.i18n as i18n

    folder = tmp_path / "ca" / "LC_MESSAGES"
    folder.mkdir(parents=True)
    text = catalog_path("ca").read_text(encoding="utf-8")
    assert 'msgstr "Trencaclosques del %(date)s"' in text
    text = text.replace('msgstr "Trencaclosques del %(date)s"', 'msgstr "Trencaclosques del %(dia)s"')
    (folder / "messages.po").write_text(text, encoding="utf-8")
    monkeypatch.setattr(i18n, "LOCALE_DIR", tmp_path)
    with pytest.raises(RuscError, match="Puzzles for") as error:
        read_catalog("ca")
    assert "messages.po" in str(error.value) and "\n" not in str(error.value)
