"""Conjugation tables: the finite forms of a language's verbs, read from verbiste XML.

Start at :func:`read_conjugations`. Verbiste's schema (used by verbiste itself and by
verbecc) has two files: the *templates* (``conjugation-xx``), each a model verb split at a
colon (``cant:ar``) with the endings of every mood, tense and person; and the *verbs*
(``verbs-xx``), each infinitive with the template it follows. A form is the infinitive's
root (the infinitive less the template's ending) plus an ending:

>>> join_ending("pertany", "-guí")   # each leading "-" deletes a letter of the root
'pertanguí'
>>> join_ending("cant", "o")
'canto'

Templates marked ``modify-stem="strip-accents"`` drop the root's accents in every mood
but the infinitive (pertànyer → pertanyo); the cedilla is a letter, not an accent, and
stays:

>>> strip_accents("pertàny"), strip_accents("vènç")
('pertany', 'venç')

Which moods are finite is the language's knowledge, in its TOML
(:class:`pipeline.config.LemmaEvidence`), not the table's: :mod:`pipeline.lists.lemmas` uses the
table to tell the forms a .dic spells out for a verb from dictionary entries.
"""

from __future__ import annotations

import functools
import unicodedata
import xml.etree.ElementTree as ET
from collections import Counter, defaultdict
from collections.abc import Iterable, Iterator
from dataclasses import dataclass, field, replace
from pathlib import Path

from pipeline.core.errors import RuscError

#: What a template gives for a person the verb lacks (caldre has only third persons); an
#: empty ending is a form, the bare root (mou, cal).
NO_FORM = "-"
#: Combining marks that are part of a letter, not an accent (ç).
_LETTER_MARKS = {"\u0327"}


@dataclass(frozen=True)
class ConjugationTable:
    """Every conjugated form of a table, with the verbs it belongs to."""

    #: Form → the infinitives it is a conjugated form of (sorted).
    verbs_of: dict[str, tuple[str, ...]]
    #: How many verbs the table conjugates.
    verb_count: int
    #: The templates by name, and each verb's template, to conjugate verbs by analogy.
    templates: dict[str, Template] = field(default_factory=dict, repr=False)
    template_of: dict[str, str] = field(default_factory=dict, repr=False)
    variant_endings: tuple[tuple[str, str], ...] = ()

    def infinitives(self, form: str) -> tuple[str, ...]:
        return self.verbs_of.get(form, ())

    def root(self, infinitive: str) -> str | None:
        """What ``infinitive`` keeps of itself in its forms (cant of cantar; None if the
        table does not conjugate it)."""
        name = self.template_of.get(infinitive)
        return None if name is None else infinitive[: len(infinitive) - len(self.templates[name].ending)]

    def endings(self) -> frozenset[str]:
        """Every ending of every template, and their regional variants."""
        found = {
            ending for template in self.templates.values() for ending in template.endings if not ending.startswith("-")
        }
        return frozenset(found | {variant for _standard, variant in self.variant_endings})

    def with_verbs(self, infinitives: Iterable[str], min_shared: int = 3) -> ConjugationTable:
        """This table plus the ``infinitives`` it lacks, each conjugated like the table's
        verbs that share its longest ending (of at least ``min_shared`` letters; the most
        common template among them): desatesar like atesar, codescobrir like descobrir.

        >>> table = ConjugationTable({}, 2, {"cant:ar": Template("ar", ("o", "em"), False)},
        ...                          {"cantar": "cant:ar", "atesar": "cant:ar"})
        >>> table.with_verbs(["desatesar", "xyz"]).infinitives("desatesem")
        ('desatesar',)
        """
        by_ending: dict[str, Counter] = defaultdict(Counter)
        for verb, name in self.template_of.items():
            for cut in range(min_shared, len(verb) + 1):
                by_ending[verb[len(verb) - cut :]][name] += 1
        verbs_of = {form: set(verbs) for form, verbs in self.verbs_of.items()}
        chosen: dict[str, str] = {}
        for infinitive in sorted(set(infinitives) - set(self.template_of)):
            for cut in range(len(infinitive), min_shared - 1, -1):
                names = by_ending.get(infinitive[len(infinitive) - cut :])
                if names:
                    name = min(names, key=lambda n: (-names[n], n))
                    for form in _forms(infinitive, self.templates[name], self.variant_endings):
                        verbs_of.setdefault(form, set()).add(infinitive)
                    chosen[infinitive] = name
                    break
        template_of = dict(self.template_of)
        template_of.update(chosen)
        return replace(
            self,
            verbs_of={form: tuple(sorted(verbs)) for form, verbs in sorted(verbs_of.items())},
            verb_count=self.verb_count + len(chosen),
            template_of=template_of,
        )


def strip_accents(text: str) -> str:
    decomposed = unicodedata.normalize("NFD", text)
    kept = "".join(ch for ch in decomposed if unicodedata.category(ch) != "Mn" or ch in _LETTER_MARKS)
    return unicodedata.normalize("NFC", kept)


def without_hiatus_marks(text: str) -> str:
    """``text`` with its i and u bare of the marks of a hiatus, which regional spellings
    (redarguïsc, lluïssen) and the table's (redargüeixo, lluíssin) place differently: the
    diaeresis, and the acute that also marks the stress on them. Other accents stay.

    >>> without_hiatus_marks("redarguïsc"), without_hiatus_marks("lluíssin"), without_hiatus_marks("vénen")
    ('redarguisc', 'lluissin', 'vénen')
    """
    return unicodedata.normalize("NFC", text).translate(_HIATUS_MARKS)


#: i and u with a diaeresis or an acute, and their bare letters.
_HIATUS_MARKS = str.maketrans("ïüíú", "iuiu")


def join_ending(root: str, ending: str) -> str:
    while ending.startswith("-") and len(ending) > 1:
        ending, root = ending[1:], root[:-1]
    return root + ending


@dataclass(frozen=True)
class Template:
    """One model verb's endings (``cant:ar``), what a verb following it adds to its root."""

    #: The template's ending: what an infinitive loses to give the root ("ar" of cant:ar).
    ending: str
    #: The endings of the conjugated forms.
    endings: tuple[str, ...]
    #: Whether the root loses its accents (every mood but the infinitive).
    strip_accents: bool


def read_conjugations(
    files: list[Path],
    finite_moods: tuple[str, ...],
    participle_mood: str = "",
    inflected_participles: tuple[int, ...] = (),
    variant_endings: tuple[tuple[str, str], ...] = (),
    template_fixes: tuple[tuple[str, str], ...] = (),
) -> ConjugationTable:
    """The conjugated forms of the verbiste files ``files`` (a template file and a verb
    file, told apart by their root element): the forms of ``finite_moods``, and the
    participles at positions ``inflected_participles`` of ``participle_mood``.

    ``variant_endings`` are (ending, variant) pairs for the regional forms a table of one
    standard lacks: a form ending in ``ending`` also has one ending in ``variant``.
    ``template_fixes`` are (infinitive, template) pairs that replace the verb file's
    choice of template where it is wrong; a verb with two conjugations has two pairs
    (its root is the first template's).
    """
    roots = {}
    for path in files:
        try:
            roots[path] = ET.parse(path).getroot()
        except (ET.ParseError, OSError) as error:
            raise RuscError(f"not a verbiste XML file: {error}", path) from None
    templates_files = [path for path, root in roots.items() if root.tag.startswith("conjugation")]
    verbs_files = [path for path, root in roots.items() if root.tag.startswith("verbs")]
    if len(templates_files) != 1 or len(verbs_files) != 1:
        raise RuscError(
            "a conjugation table needs one verbiste template file and one verb file, "
            f"got {', '.join(str(p) for p in files) or 'none'}"
        )
    templates = _templates(roots[templates_files[0]], set(finite_moods), participle_mood, set(inflected_participles))
    fixes: dict[str, list[str]] = defaultdict(list)
    for infinitive, name in template_fixes:
        fixes[infinitive].append(name)
        if name not in templates:
            raise RuscError(
                f"the template fix for {infinitive!r} names no template of the table ({name!r})", templates_files[0]
            )
    verbs_of: dict[str, set[str]] = defaultdict(set)
    template_of: dict[str, str] = {}
    for verb in roots[verbs_files[0]].iter("v"):
        infinitive = unicodedata.normalize("NFC", (verb.findtext("i") or "").strip())
        names = fixes.get(infinitive) or [(verb.findtext("t") or "").strip()]
        if names[0] not in templates or not infinitive:
            raise RuscError(f"verb {infinitive!r} names no template of the table ({names[0]!r})", verbs_files[0])
        template_of[infinitive] = names[0]
        for name in names:
            for form in _forms(infinitive, templates[name], variant_endings):
                verbs_of[form].add(infinitive)
    return ConjugationTable(
        {form: tuple(sorted(verbs)) for form, verbs in sorted(verbs_of.items())},
        len(template_of),
        templates,
        template_of,
        variant_endings,
    )


def _forms(infinitive: str, template: Template, variant_endings: tuple[tuple[str, str], ...]) -> Iterator[str]:
    """The conjugated forms of ``infinitive`` by ``template``, regional variants included."""
    root = infinitive[: len(infinitive) - len(template.ending)]
    if template.strip_accents:
        root = strip_accents(root)
    tail, by_tail = _variants_by_tail(variant_endings)
    for ending in template.endings:
        form = join_ending(root, ending)
        yield form
        for standard, variant in by_tail.get(form[-tail:], ()) if tail else variant_endings:
            if form.endswith(standard):
                yield form[: len(form) - len(standard)] + variant


@functools.cache
def _variants_by_tail(
    variant_endings: tuple[tuple[str, str], ...],
) -> tuple[int, dict[str, tuple[tuple[str, str], ...]]]:
    """(n, the (ending, variant) pairs by the last n characters of the ending), n being
    the shortest ending's length: a form's last n characters name the few pairs whose
    ending it may have (Catalan has 40 pairs and half a million verb forms)."""
    tail = min((len(standard) for standard, _variant in variant_endings), default=0)
    by_tail: dict[str, list[tuple[str, str]]] = defaultdict(list)
    for standard, variant in variant_endings:
        by_tail[standard[len(standard) - tail :]].append((standard, variant))
    return tail, {key: tuple(pairs) for key, pairs in by_tail.items()}


def _templates(root, finite_moods: set[str], participle_mood: str, positions: set[int]) -> dict[str, Template]:
    templates = {}
    for template in root.iter("template"):
        name = template.get("name", "")
        endings: list[str] = []
        for mood in template:
            finite = mood.tag in finite_moods
            if not finite and mood.tag != participle_mood:
                continue
            for tense in mood:
                for position, person in enumerate(tense.iter("p")):
                    if finite or position in positions:
                        endings += [text for i in person.iter("i") if (text := (i.text or "").strip()) != NO_FORM]
        templates[name] = Template(
            ending=name.partition(":")[2],
            endings=tuple(sorted(set(endings))),
            strip_accents=template.get("modify-stem") == "strip-accents",
        )
    return templates
