"""Reading a dictionary: the .aff through spylls, the .dic line by line, as Hunspell 1.7 reads them.

Bird's-eye view (start at :func:`read_dictionary`):

1. :func:`pipeline.expand.text.read_dictionary_text` decodes both files (the one decoding
   policy of Rusc, shared with the normalisation of fetched dictionaries).
2. :func:`pipeline.expand.aff_stops.kept_lines` blanks what libhunspell never reads: both
   its readers stop at the first error (a second ICONV table, a corrupt affix group, ...),
   and the expander stops there too, with a warning naming the file and line. An early
   stop also leaves libhunspell's affix index unordered: the rules read are indexed as it
   indexes them (:class:`pipeline.expand.affix_index.AffixIndex`).
3. :func:`sanitise_aff` rewrites the .aff text so spylls reads what Hunspell 1.7 reads.
   spylls parses the .aff (flag formats, AF/AM aliases, IGNORE, ICONV/OCONV, strip/add
   strings); its gaps are covered here:

   * a UTF-8 byte-order mark is dropped (the text is decoded by the .aff's ``SET``);
   * an affix group declared twice (``SFX A Y 2`` ... ``SFX A Y 1``) is one group to
     Hunspell, which appends the second declaration's rules (keeping each declaration's
     cross-product flag); spylls would keep only the last one, so the declarations are merged;
   * an empty group (``SFX A Y 0``) crashes spylls; it contributes no rule, so it is dropped
     (libhunspell 1.7.1 stops reading the .aff at such a line, and so does
     :func:`read_aff`, before the sanitiser sees it);
   * directives the expander never uses and spylls compiles as regular expressions
     (COMPOUNDRULE, REP, MAP, PHONE, KEY: compounding and suggestions) become blank lines,
     so a malformed one cannot crash or stall the reader (line numbers are kept);
   * conditions are replaced by ``.`` for spylls, which compiles them as unescaped regular
     expressions; the real conditions are returned beside the text and parsed by
     :func:`pipeline.expand.affixes.parse_condition`.

   spylls also builds what its own look-up needs and the expander never reads: two
   regular expressions per affix rule, one per ICONV/OCONV pair, and tries of the affixes;
   :func:`_without_spylls_lookup` skips them while it reads (Basque's 121,000 rules: 17 s
   of its 20 s read, and an add string with a regex character would not compile; Korean's
   11,172 ICONV pairs: 1.5 s).

4. :func:`read_aff` (the spylls adapter) turns spylls' parse and the raw rules into
   :class:`pipeline.expand.affixes.AffixData`.
5. :func:`read_dic` splits the .dic the way Hunspell's ``load_tables`` does it
   (:func:`split_dic_line`; spylls' reader drops the flags of ``rosar/RED/`` and
   mishandles a leading ``/``): the first line is the word count libhunspell requires, the word ends at the first
   unescaped ``/`` (``\\/`` is a slash in the word; a leading ``/`` is the whole word, as
   Hunspell's scan has it), everything after that slash is the flag field (further slashes
   included), and morphological fields (`` po:noun``, or anything after a tab) are dropped.
"""

from __future__ import annotations

import io
import re
import sys
from collections.abc import Callable
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path

from pipeline.core.errors import RuscError
from pipeline.expand.aff_stops import FLAG_DIRECTIVES, KeptAff, kept_lines, leading_number
from pipeline.expand.affix_index import AffixIndex
from pipeline.expand.affixes import AffixData, AffixRule, Condition, Entry, parse_condition
from pipeline.expand.conditions import hunspell_condition
from pipeline.expand.text import aff_encoding, read_dictionary_text

#: Directives that make a dictionary accept compounds (unbounded, so never expanded).
COMPOUND_DIRECTIVES = (
    "COMPOUNDFLAG",
    "COMPOUNDBEGIN",
    "COMPOUNDMIDDLE",
    "COMPOUNDEND",
    "COMPOUNDRULE",
    "ONLYINCOMPOUND",
)


def read_dictionary(aff_path: Path | str, dic_path: Path | str) -> tuple[AffixData, list[Entry]]:
    """The affix data and the entries (in .dic order) of a Hunspell dictionary."""
    aff_path, dic_path = Path(aff_path), Path(dic_path)
    aff_text, dic_text = read_dictionary_text(aff_path, dic_path)
    data, parse_flags = read_aff(aff_text, aff_path)
    return data, read_dic(dic_text, dic_path, parse_flags, data.ignore)


# --- the .aff: sanitising for spylls ------------------------------------------------------

_AFFIX_LINE = re.compile(r"^(PFX|SFX)\s")
#: Directives spylls compiles into regular expressions but the expander never reads.
_UNUSED_DIRECTIVE = re.compile(r"^(COMPOUNDRULE|REP|MAP|PHONE|KEY)(\s|$)")


@dataclass(frozen=True)
class RawRule:
    """What spylls is not trusted with for one affix rule."""

    #: The group header's Y/N, for this rule's declaration.
    cross: bool
    #: The condition as written ("." when absent).
    condition: str
    #: 1-based line of the rule in the .aff.
    line: int


@dataclass
class SanitisedAff:
    #: Text for spylls: groups merged, empty groups dropped, conditions replaced by ".".
    text: str
    #: (kind, flag as written) -> the group's rules in order.
    rules: dict[tuple[str, str], list[RawRule]] = field(default_factory=dict)


def sanitise_aff(text: str, path: str | Path = "<aff>") -> SanitisedAff:
    """Rewrite .aff text so that spylls reads the affix groups Hunspell reads.

    >>> s = sanitise_aff("SFX A Y 1\\nSFX A 0 s [^y]\\nSFX B N 0\\nSFX A N 1\\nSFX A y ies y\\n")
    >>> print(s.text)
    SFX A Y 2
    SFX A 0 s .
    SFX A y ies .
    <BLANKLINE>
    >>> [(r.cross, r.condition, r.line) for r in s.rules[("SFX", "A")]]
    [(True, '[^y]', 2), (False, 'y', 5)]
    """
    if text.startswith("\ufeff"):
        text = text[1:]
    lines = text.split("\n")
    out: list[str | tuple[str, str]] = []  # plain lines, or a (kind, flag) placeholder
    groups: dict[tuple[str, str], list[str]] = {}
    result = SanitisedAff("")
    i = 0
    while i < len(lines):
        line = lines[i]
        stripped = line.strip()
        if not _AFFIX_LINE.match(stripped):
            out.append("" if _UNUSED_DIRECTIVE.match(stripped) else line)
            i += 1
            continue
        fields = stripped.split()
        if len(fields) < 4 or not fields[3].isdigit():
            raise RuscError(f"affix group header {stripped!r} needs: {fields[0]} FLAG Y|N COUNT", path, i + 1)
        kind, flag, cross, count = fields[0], fields[1], fields[2] == "Y", int(fields[3])
        key = (kind, flag)
        if key not in groups:
            groups[key] = []
            result.rules[key] = []
            out.append(key)
        i += 1
        taken = 0
        while taken < count and i < len(lines):
            rule_line = lines[i].strip()
            i += 1
            if not rule_line:
                continue  # spylls skips blank lines too; Hunspell would call the group corrupt
            taken += 1
            rf = rule_line.split()
            if len(rf) < 4 or rf[0] != kind or rf[1] != flag:
                raise RuscError(
                    f"rule {taken} of {kind} group {flag!r} should read "
                    f"'{kind} {flag} STRIP ADD [CONDITION]', not {rule_line!r}",
                    path,
                    i,
                )
            condition = rf[4] if len(rf) > 4 else "."
            result.rules[key].append(RawRule(cross, condition, i))
            groups[key].append(" ".join([kind, flag, rf[2], rf[3], "."]))
    text_lines: list[str] = []
    for item in out:
        if isinstance(item, tuple):
            rules = groups[item]
            if not rules:
                continue  # empty group: nothing to read
            cross_flag = "Y" if result.rules[item][0].cross else "N"
            text_lines.append(f"{item[0]} {item[1]} {cross_flag} {len(rules)}")
            text_lines.extend(rules)
        else:
            text_lines.append(item)
    for key in [k for k, v in groups.items() if not v]:
        del result.rules[key]
    result.text = "\n".join(text_lines)
    return result


# --- the .aff: the spylls adapter ------------------------------------------------------


class _TextReader:
    """Feeds text to spylls' readers (the text is already decoded, so SET changes nothing)."""

    def __init__(self, text: str):
        from spylls.hunspell.readers.file_reader import BaseReader

        class Reader(BaseReader):
            def reset_encoding(self, encoding):
                pass

        self.reader = Reader(io.StringIO(text))


@contextmanager
def _without_spylls_lookup():
    """spylls' data classes without what they build when made for spylls' own look-up,
    which Rusc never uses: the regular expressions of Prefix and Suffix rules
    (``cond_regexp``, ``replace_regexp``) and of ConvTable (ICONV/OCONV: the ``pairs``
    stay), and Aff's affix tries and casing."""
    from spylls.hunspell.data.aff import Aff, ConvTable, Prefix, Suffix

    classes = (Prefix, Suffix, ConvTable, Aff)
    saved = [cls.__post_init__ for cls in classes]
    for cls in classes:
        cls.__post_init__ = lambda self: None
    try:
        yield
    finally:
        for cls, method in zip(classes, saved):
            cls.__post_init__ = method


def read_aff(text: str, path: Path) -> tuple[AffixData, Callable[[str], frozenset]]:
    """The affix data of .aff ``text``, and the function that decodes a .dic flag field
    (flag format and AF aliases as the .aff declares them)."""
    from spylls.hunspell.readers import read_aff as spylls_read_aff

    kept = kept_lines(text, _hunspell_encoding(text))
    _warn_stops(kept, path)
    text = kept.text
    encoding = _hunspell_encoding(text)
    sanitised = sanitise_aff(text, path)
    try:
        with _without_spylls_lookup():
            aff, context = spylls_read_aff(_TextReader(sanitised.text).reader)
    except (ValueError, KeyError, IndexError, TypeError, re.error, RecursionError) as error:
        raise RuscError(f"cannot read the affix file ({type(error).__name__}: {error})", path) from None
    groups: dict[str, dict[str, tuple[AffixRule, ...]]] = {"PFX": {}, "SFX": {}}
    condition_of = _condition_reader(str(path), encoding == "utf-8")
    for (kind, flag), raws in sanitised.rules.items():
        parsed = (aff.PFX if kind == "PFX" else aff.SFX).get(flag, [])
        if len(parsed) != len(raws):
            raise RuscError(
                f"{kind} group {flag!r}: read {len(parsed)} rules, expected {len(raws)}",
                path,
                raws[0].line if raws else None,
            )
        rules = []
        for index, (raw, rule) in enumerate(zip(raws, parsed)):
            condition = condition_of(raw, kind, rule.strip)
            rules.append(
                AffixRule(
                    kind, flag, index, raw.cross, rule.strip, rule.add, condition, frozenset(rule.flags), raw.line
                )
            )
        groups[kind][flag] = tuple(rules)
    affix_index: AffixIndex | None = None
    if kept.affix_stop is not None:
        read = [rule for kind in groups.values() for rules in kind.values() for rule in rules]
        affix_index = AffixIndex([r.mirrored() for r in read] if aff.COMPLEXPREFIXES else read, encoding)
    # From the original text: the sanitiser blanks COMPOUNDRULE, which still makes a compounder.
    declared = {m.group(1) for m in re.finditer(r"^([A-Z]+)", text, re.MULTILINE)}
    compound = tuple(sorted(d for d in COMPOUND_DIRECTIVES if d in declared))
    special = _special_flags(aff, context, text)
    data = AffixData(
        prefixes=groups["PFX"],
        suffixes=groups["SFX"],
        needaffix=special["NEEDAFFIX"],
        forbidden=special["FORBIDDENWORD"],
        circumfix=special["CIRCUMFIX"],
        onlyincompound=special["ONLYINCOMPOUND"],
        fullstrip=bool(aff.FULLSTRIP),
        complexprefixes=bool(aff.COMPLEXPREFIXES),
        ignore=aff.IGNORE.chars if aff.IGNORE else "",
        iconv=tuple(tuple(p) for p in aff.ICONV.pairs) if aff.ICONV else (),
        oconv=tuple(tuple(p) for p in aff.OCONV.pairs) if aff.OCONV else (),
        compound_directives=compound,
        break_patterns=tuple(b.pattern for b in aff.BREAK),
        break_declared="BREAK" in declared,
        affix_index=affix_index,
    )
    cache: dict[str, frozenset] = {}

    def parse_flags(field: str) -> frozenset:
        found = cache.get(field)
        if found is None:
            if context.flag_synonyms:
                # libhunspell reads the field as an alias number, by C's atoi (01 and 1x are
                # alias 1); a field with no number at all leaves the word without flags.
                number = leading_number(field)
                if number is None:
                    found = frozenset()
                elif str(number) in context.flag_synonyms:
                    found = frozenset(context.parse_flags(str(number)))
                else:
                    raise KeyError(field)  # an alias the AF table lacks (0, -1, 7): reported with its line
            else:
                found = frozenset(context.parse_flags(field))
            cache[field] = found
        return found

    return data, parse_flags


#: The one-flag directives the expander reads, each with the spellings libhunspell reads it
#: by (:data:`pipeline.expand.aff_stops.FLAG_DIRECTIVES`: PSEUDOROOT is NEEDAFFIX's old name).
_SPECIAL_FLAGS = {
    name: tuple(d for d, variable in FLAG_DIRECTIVES.items() if variable == name.lower())
    for name in ("NEEDAFFIX", "FORBIDDENWORD", "CIRCUMFIX", "ONLYINCOMPOUND")
}


def _special_flags(aff, context, text: str) -> dict[str, str | None]:
    """NEEDAFFIX, FORBIDDENWORD, CIRCUMFIX and ONLYINCOMPOUND as libhunspell reads them.

    libhunspell decodes such a flag in the flag format alone (``decode_flag``), never as an
    AF alias. spylls reads a number as an alias once AF has been declared and takes one of
    the alias's flags, whichever its set yields first, so the flag changed with the hash
    seed (dictionary-ko 0.7.94: ``FORBIDDENWORD 15`` after its AF table read as 530 or 540,
    one of alias 15's flags). Without AF spylls' values stand; with it the first line of
    each directive is decoded again (a second one stops libhunspell's reader,
    :mod:`pipeline.expand.aff_stops`).
    """
    from spylls.hunspell.readers.aff import Context

    read = {name: getattr(aff, name) for name in _SPECIAL_FLAGS}
    if not context.flag_synonyms:
        return read
    plain = Context(flag_format=context.flag_format)
    for name, spellings in _SPECIAL_FLAGS.items():
        found = re.search(rf"^(?:{'|'.join(spellings)})[ \t]+(\S+)", text, re.MULTILINE)
        if found:
            read[name] = plain.parse_flag(found.group(1))
    return read


def _condition_reader(path: str, utf8: bool) -> Callable[[RawRule, str, str], Condition]:
    """``condition_of(raw, kind, strip)``: the condition of a rule as libhunspell tests it,
    parsed once per (condition, kind, strip) (conditions are immutable, and an .aff repeats
    a few of them: Basque's 121,188 rules have 10, Korean's 98,577 have 55)."""
    made: dict[tuple[str, str, str], Condition] = {}

    def condition_of(raw: RawRule, kind: str, strip: str) -> Condition:
        key = (raw.condition, kind, strip)
        found = made.get(key)
        if found is None:
            found = made[key] = hunspell_condition(parse_condition(raw.condition, path, raw.line), kind, strip, utf8)
        return found

    return condition_of


def _hunspell_encoding(text: str) -> str:
    """The codec of the bytes libhunspell compares (the .aff's SET; ISO8859-1 without one)."""
    return aff_encoding(text.encode("utf-8"))


def _warn_stops(kept: KeptAff, path: Path) -> None:
    """One line on stderr per reader of libhunspell that stops before the end of the .aff
    (:mod:`pipeline.expand.aff_stops`): the expander ignores what libhunspell ignores."""
    for stop in (kept.affix_stop, kept.hash_stop):
        if stop is not None:
            print(
                f"rusc: warning: {path}:{stop.line}: libhunspell 1.7 stops reading the affix file here "
                f"({stop.reason}, {stop.reader}); lines {stop.ignored_from}- are ignored, as libhunspell "
                f"ignores them",
                file=sys.stderr,
            )


# --- the .dic -------------------------------------------------------------------------------


def split_dic_line(line: str) -> tuple[str, str]:
    """(word, flag field) of one .dic line, as Hunspell 1.7 splits it.

    >>> split_dic_line("rosar/RED/")
    ('rosar', 'RED/')
    >>> split_dic_line("/")
    ('/', '')
    >>> split_dic_line("/usr/E")  # Hunspell 1.7.1 ends the word after a leading slash
    ('/', 'sr/E')
    >>> split_dic_line("1\\\\/2")
    ('1/2', '')
    >>> split_dic_line("gat/AB po:noun st:gat")
    ('gat', 'AB')
    >>> split_dic_line("Reino Unido")
    ('Reino Unido', '')
    >>> split_dic_line("word/XY\\tmorphology")
    ('word', 'XY')
    >>> split_dic_line("Úř. ")  # load_tables keeps a word's trailing blanks
    ('Úř. ', '')
    """
    if not (" " in line or "\t" in line or "\\" in line or line.startswith("/")):
        word, _, flags = line.partition("/")  # the common case, quickly
        return word, flags
    # Morphological fields: "<blank>xy:" starts them; a tab always ends the word part.
    cut = len(line)
    for match in re.finditer(r"[ \t]+\S\S:", line):
        if match.start() > 0:
            cut = match.start()
            break
    tab = line.find("\t")
    if 0 <= tab < cut:
        cut = tab
    line = line[:cut]  # blanks before a morphological field go; before a tab they stay
    # A leading slash: Hunspell's scan steps past it and then stops at once, so the word is
    # "/" and the flags start one character further (load_tables in hashmgr.cxx).
    if line.startswith("/"):
        return "/", line[2:].rstrip()
    # The first slash that is not escaped ends the word.
    word_chars: list[str] = []
    i = 0
    while i < len(line):
        char = line[i]
        if char == "\\" and i + 1 < len(line) and line[i + 1] == "/":
            word_chars.append("/")
            i += 2
            continue
        if char == "/" and i > 0:
            return "".join(word_chars), line[i + 1 :].rstrip()
        word_chars.append(char)
        i += 1
    return "".join(word_chars), ""


#: The largest word count libhunspell's ``load_tables`` takes on a .dic's first line (its
#: hash table of 8-byte pointers, with room for 1,005 more words, must fit an int).
MAX_DIC_COUNT = (2**31 - 1 - 1 - 1005) // 8 - 1
#: What C's ``atoi`` reads of the first line: blanks, a sign, digits (the rest is ignored).
_ATOI = re.compile(r"[ \t\n\v\f\r]*([+-]?\d+)")


def dic_lines(text: str, path: Path | str = "<dic>"):
    """Yield (line number, line) for each entry line, after the count line libhunspell
    requires: a .dic whose first line is not a count from 1 to :data:`MAX_DIC_COUNT` (as
    ``atoi`` reads it), or whose entry holds a NUL, loads no word in libhunspell, so it is
    refused here in one line rather than expanded otherwise.

    >>> list(dic_lines("2\\ngat\\n\\ngos\\n"))
    [(2, 'gat'), (4, 'gos')]
    >>> list(dic_lines("gat\\ngos"))
    Traceback (most recent call last):
    ...
    pipeline.core.errors.RuscError: <dic>:1: the first line must be the word count (from 1 to 268435329), not 'gat'
    """
    lines = text.split("\n")
    count = _ATOI.match(lines[0])
    if count is None or not 1 <= int(count.group(1)) <= MAX_DIC_COUNT:
        raise RuscError(
            f"the first line must be the word count (from 1 to {MAX_DIC_COUNT}), not {lines[0][:40]!r}", path, 1
        )
    for number, line in enumerate(lines[1:], 2):
        if "\0" in line:
            raise RuscError("a NUL character in an entry (libhunspell would read the word only up to it)", path, number)
        if line.strip():
            yield number, line


def read_dic(text: str, path: Path, parse_flags: Callable[[str], frozenset], ignore: str) -> list[Entry]:
    """The entries of .dic ``text`` in file order (IGNORE characters removed; a word that
    IGNORE empties is no entry). A word that starts with a space is no entry either:
    Hunspell files it as read, but ``spell()`` strips a word's leading blanks before looking
    it up, so nothing it makes is ever accepted (dictionary-ka 1.1.0 opens its .dic with a
    licence indented by spaces). Trailing blanks stay in the word, as ``load_tables`` keeps
    them (:func:`split_dic_line`), and ``spell()`` keeps them too: dictionary-cs 4.0.0's
    ``Úř. `` is the word ``Úř. ``, never ``Úř.``."""
    table = str.maketrans("", "", ignore) if ignore else None
    entries = []
    for number, line in dic_lines(text, path):
        word, field = split_dic_line(line)
        try:
            flags = parse_flags(field) if field else frozenset()
        except (KeyError, IndexError, ValueError):
            raise RuscError(f"bad flags {field!r} (unknown AF alias?)", path, number) from None
        if table is not None:
            word = word.translate(table)
        if word and not word[0].isspace():
            entries.append(Entry(word, flags, number))
    return entries
