"""Interface text of the site: gettext catalogs, CLDR plurals and locale formatting (Babel).

Where to start reading: :func:`environment`, which gives the jinja2 environment of one
language. Its templates say ``{{ _("Show the answers") }}`` or, with a count,
``{{ ngettext("%(num)s point", "%(num)s points", n) }}``; the English text is the message
id (templates are written in :data:`SOURCE_LANGUAGE`), and each other language translates
it in ``pipeline/locale/<code>/LC_MESSAGES/messages.po``:

* **Extraction** — ``make messages`` runs Babel's extractor over ``templates/`` and
  ``pipeline/render/`` (``babel.cfg``) into ``pipeline/locale/messages.pot`` and merges it
  into every ``.po``; translators fill in the ``msgstr`` lines.
* **Compilation** — at build time, in memory (:func:`translations`): no ``.mo`` file is
  committed or written. A catalog with errors (a placeholder the ``msgid`` lacks) stops the
  build with the file and line.
* **Plurals** — the catalog's ``Plural-Forms`` header comes from CLDR through Babel
  (Catalan has three forms: one, many for whole millions, other), so "1 point" and
  "2 points" are chosen by the language's rule, never by ``n == 1`` in a template.
* **Numbers, sizes, dates** — :class:`Formatter`, through Babel's CLDR data for the
  language's locale: "16.231.764" and "1 de desembre del 2026" in Catalan,
  "16,231,764" and "December 1, 2026" in English.
* **Typography** — a language's ``[[typography]]`` rules (its TOML) rewrite translated text
  after the values are filled in, for what a placeholder cannot know: Catalan
  "del 1 de desembre" becomes "de l’1 de desembre".

A language without a catalog gets its base language's (``ca-valencia`` reads ``ca``), or
else the English text, with its own number and date formats.
Nothing here reads the process locale: the same inputs render the same bytes anywhere.
"""

from __future__ import annotations

import datetime as dt
import gettext as gettext_module
import io
import re
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from typing import Any

import jinja2
from babel import Locale, UnknownLocaleError
from babel.dates import format_date, format_skeleton
from babel.lists import format_list
from babel.messages.mofile import write_mo
from babel.messages.pofile import PoFileError, read_po
from babel.numbers import format_decimal
from babel.support import Translations
from babel.units import format_unit
from markupsafe import Markup, escape

from pipeline.config import Language, TypographyRule
from pipeline.core.errors import RuscError
from pipeline.core.resources import TEMPLATES

#: ``<code>/LC_MESSAGES/messages.po`` per translated language, and ``messages.pot``.
LOCALE_DIR = Path(__file__).resolve().parent.parent / "locale"
DOMAIN = "messages"
#: The language the templates' message ids are written in: it needs no catalog.
SOURCE_LANGUAGE = "en"


def N_(message: str) -> str:
    """Mark a message in Python code for extraction; it is translated where it is shown."""
    return message


def catalog_path(code: str) -> Path:
    return LOCALE_DIR / code / "LC_MESSAGES" / f"{DOMAIN}.po"


def translated_languages() -> list[str]:
    """Codes of the languages that ship a catalog, sorted."""
    return sorted(p.parent.parent.name for p in LOCALE_DIR.glob(f"*/LC_MESSAGES/{DOMAIN}.po"))


def read_catalog(code: str):
    """The parsed ``.po`` of a language (a :class:`babel.messages.Catalog`), checked."""
    path = catalog_path(code)
    try:
        with open(path, "rb") as handle:
            catalog = read_po(handle, locale=code, abort_invalid=True)
    except PoFileError as error:
        line = getattr(error, "lineno", None)
        raise RuscError(f"invalid catalog: {error}", path, line) from None
    for message, errors in catalog.check():
        if errors:
            raise RuscError(f"message {message.id!r}: {errors[0]}", path, message.lineno)
    return catalog


@cache
def translations(code: str) -> gettext_module.NullTranslations:
    """The compiled catalog of ``code`` (compiled here, in memory); a regional variant
    without its own uses its language's (``ca-valencia`` → ``ca``); English if neither."""
    if not catalog_path(code).exists():
        base = code.split("-")[0]
        return translations(base) if base != code else gettext_module.NullTranslations()
    buffer = io.BytesIO()
    write_mo(buffer, read_catalog(code), use_fuzzy=False)
    buffer.seek(0)
    return Translations(buffer, domain=DOMAIN)


def cldr_locale(code: str) -> Locale | None:
    """The CLDR locale of a language code (``de-at`` is ``de_AT``), or None if CLDR has none."""
    try:
        return Locale.parse(code.replace("-", "_"))
    except (UnknownLocaleError, ValueError):
        return None


def locale_of(language: Language) -> Locale:
    locale = cldr_locale(language.code)
    if locale is None:
        raise RuscError(f"no CLDR locale {language.code!r} for numbers and dates", language.path)
    return locale


@dataclass(frozen=True)
class Formatter:
    """Numbers, sizes and dates as the page's language writes them (CLDR data via Babel)."""

    locale: Locale

    def number(self, value: int | float) -> str:
        return format_decimal(value, locale=self.locale)

    def size(self, value: int) -> str:
        """A byte count in the largest unit that keeps it at 1 or more ("1,5 MB")."""
        for scale, unit in ((1e9, "digital-gigabyte"), (1e6, "digital-megabyte"), (1e3, "digital-kilobyte")):
            if value >= scale:
                text = format_unit(value / scale, unit, length="short", format="#,##0.0", locale=self.locale)
                return text.replace(" ", "\u00a0")
        return f"{self.number(value)}\u00a0B"  # CLDR's short byte unit is the whole word in some locales

    def names(self, names: list[str]) -> str:
        """A list of names joined as the language does: "DIEC and DNV", "DIEC i DNV"."""
        return format_list(names, locale=self.locale)

    def date(self, day: dt.date) -> str:
        """The long date: "1 de desembre del 2026", "December 1, 2026"."""
        return format_date(day, "long", locale=self.locale)

    def day_month(self, day: dt.date) -> str:
        """Day and month without the year: "1 de desembre", "December 1"."""
        return format_skeleton("MMMMd", day, locale=self.locale)

    def month(self, year: int, month: int) -> str:
        """A month heading: "desembre del 2026", "December 2026"."""
        return format_skeleton("yMMMM", dt.date(year, month, 1), locale=self.locale)

    def weekdays(self) -> list[tuple[str, str]]:
        """(abbreviation, full name) of the weekdays, Monday first."""
        short = self.locale.days["format"]["abbreviated"]
        wide = self.locale.days["format"]["wide"]
        return [(short[i], wide[i]) for i in range(7)]

    @property
    def first_weekday(self) -> int:
        """0 = Monday … 6 = Sunday: the first column of a calendar in this locale."""
        return self.locale.first_week_day


def plural_forms(language: Language, singular: str, plural: str) -> dict[str, str]:
    """A plural message for a script: CLDR category ("one", "many", "other") → its text.

    The page's JavaScript picks one with ``new Intl.PluralRules(lang).select(n)``, the same
    CLDR rules; each category's text is the catalog's form for a number in that category.
    """
    catalog = translations(language.code)
    return {category: catalog.ngettext(singular, plural, n) for category, n in plural_samples(language.code)}


@cache
def plural_samples(code: str) -> tuple[tuple[str, int], ...]:
    """(CLDR plural category, the least number in it) of a language, by category: the
    numbers :func:`plural_forms` asks the catalog about (a site asks thousands of times).

    >>> plural_samples("ca")
    (('many', 1000000), ('one', 1), ('other', 0))
    """
    locale = cldr_locale(code)
    assert locale is not None, code  # locale_of refused such a language before any page
    samples: dict[str, int] = {}
    for n in [*range(0, 110), 1_000_000]:
        samples.setdefault(locale.plural_form(n), n)
    return tuple(sorted(samples.items()))


#: A tag of the filled message (the catalog's own markup; values are escaped, so never theirs).
TAG = re.compile(r"<[^>]*>")


class _Typography:
    """A language's ``[[typography]]`` rewrites, applied to the text of translated HTML.

    The rules come from a language file, which ``rusc add-language`` writes from a
    package: they rewrite the text between tags, unescaped, and what they make is escaped
    again, so no replacement can put markup (a ``<meta>``, an attribute's quote) in a page.
    A stretch of text no rule changes is kept byte for byte.
    """

    def __init__(self, rules: tuple[TypographyRule, ...]):
        self.rules = [(re.compile(rule.pattern), rule.replacement) for rule in rules]

    def __call__(self, html: Markup) -> Markup:
        if not self.rules:
            return html
        return Markup("".join(part if TAG.fullmatch(part) else self._text(part) for part in _split_tags(str(html))))

    def _text(self, escaped: str) -> str:
        text = Markup(escaped).unescape()
        fixed = text
        for pattern, replacement in self.rules:
            fixed = pattern.sub(replacement, fixed)
        return escaped if fixed == text else str(escape(fixed))


def _split_tags(html: str) -> list[str]:
    """The tags of ``html`` and the text between them, in order.

    >>> _split_tags('del 1 <a href="x">de</a> març')
    ['del 1 ', '<a href="x">', 'de', '</a>', ' març']
    """
    parts, start = [], 0
    for tag in TAG.finditer(html):
        parts += [html[start : tag.start()], tag.group()]
        start = tag.end()
    return [part for part in parts + [html[start:]] if part]


def _gettext_callables(language: Language, formatter: Formatter):
    """jinja2's "new-style" gettext: values are escaped, then filled in, then typography
    (on the text, see :class:`_Typography`)."""
    catalog = translations(language.code)
    fix = _Typography(language.typography)

    def fill(message: str, variables: dict[str, Any]) -> Markup:
        # As jinja2's own new-style gettext: the catalog's text is trusted, values are escaped.
        return fix(Markup(message) % variables)

    def gettext(message: str, **variables) -> Markup:
        return fill(catalog.gettext(message), variables)

    def ngettext(singular: str, plural: str, n: int, **variables) -> Markup:
        variables.setdefault("num", formatter.number(n))
        return fill(catalog.ngettext(singular, plural, n), variables)

    def pgettext(context: str, message: str, **variables) -> Markup:
        return fill(catalog.pgettext(context, message), variables)

    def npgettext(context: str, singular: str, plural: str, n: int, **variables) -> Markup:
        variables.setdefault("num", formatter.number(n))
        return fill(catalog.npgettext(context, singular, plural, n), variables)

    return gettext, ngettext, pgettext, npgettext


def environment(language: Language) -> jinja2.Environment:
    """The jinja2 environment that renders ``language``'s pages (one per language)."""
    env = jinja2.Environment(
        loader=jinja2.FileSystemLoader(str(TEMPLATES)),
        autoescape=jinja2.select_autoescape(["html", "xml"], default_for_string=True),
        undefined=jinja2.StrictUndefined,
        trim_blocks=True,
        lstrip_blocks=True,
        keep_trailing_newline=True,
        extensions=["jinja2.ext.i18n"],
    )
    env.policies["ext.i18n.trimmed"] = True
    formatter = Formatter(locale_of(language))
    gettext, ngettext, pgettext, npgettext = _gettext_callables(language, formatter)
    # {% trans %} blocks then call these globals with their values as keywords.
    env.extend(newstyle_gettext=True)
    env.globals.update(
        _=gettext,
        gettext=gettext,
        ngettext=ngettext,
        pgettext=pgettext,
        npgettext=npgettext,
        fmt=formatter,
        plural_forms=lambda singular, plural: plural_forms(language, singular, plural),
    )
    return env
