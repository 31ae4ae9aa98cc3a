"""Read TOML tables into frozen dataclasses: the dataclass is the schema.

Each field's name is its TOML key, its type says what the value must be and its default is
the default, so a default and a check are each written once, beside the field they concern.
Start at :func:`read`; :mod:`pipeline.config` is the schema it reads languages with.

What a type cannot say, a field's metadata (written by :func:`setting`) adds:

- ``key``: where the value is when that is not the field's name (``"conjugations.source"``
  reads a table inside a table);
- ``check``: a function of the value returning what is wrong with it, or None;
- ``inline``: a dataclass read from its parent's own table (a game's ``enabled`` beside
  its other settings);
- ``verbatim``: strings kept exactly as written (affix flags, matched byte for byte with the
  .aff); every other string is NFC-normalised, as the dictionaries' words are;
- ``read``: a function ``(table, where) -> value`` for the rare field no type describes
  (``keys``: the TOML keys it takes).

Rules across fields live in the dataclass's ``problems(where)`` method, which yields what is
wrong with the instance read. Unknown keys are refused: a misspelt setting would otherwise
be silently ignored.

Conversions, by type: ``str``, ``int``, ``float`` (an int is taken), ``bool``, a date,
``tuple[X, ...]`` and ``frozenset[X]`` from a list (whose strings may not be empty),
``tuple[X, Y]`` from a list of exactly that length, ``dict[K, V]`` from a table (an ``int``
key from its text), ``X | None`` as ``X``, and a dataclass from a table, or from a list of its
fields in order where the class says ``POSITIONAL = True`` (a tile: ``["qu", 8, 1]``).

>>> from dataclasses import dataclass
>>> @dataclass(frozen=True)
... class Hive:
...     min_length: int = setting(default=4, check=at_least(3))
...     letters: tuple[str, ...] = ()
>>> read(Hive, {"letters": ["a", "b"]})
Hive(min_length=4, letters=('a', 'b'))
>>> read(Hive, {"min_length": 2}, "beehive.")
Traceback (most recent call last):
...
pipeline.config.schema.SchemaError: field 'beehive.min_length' must be at least 3
>>> read(Hive, {"min_lenght": 5}, "beehive.")
Traceback (most recent call last):
...
pipeline.config.schema.SchemaError: unknown field 'beehive.min_lenght'
"""

from __future__ import annotations

import dataclasses
import datetime as dt
import json
import re
import types
import typing
import unicodedata
from collections.abc import Callable, Iterable, Iterator, Mapping
from functools import cache
from typing import Any

#: Characters a TOML string may not hold as they are, or that would break its line.
LINE_BREAKING = re.compile("[\x00-\x08\x0a-\x1f\x7f\x85\u2028\u2029]")

T = typing.TypeVar("T")

#: A field's rule about its own value: what is wrong with it (after "field 'x' "), or None.
Check = Callable[[Any], "str | None"]


class SchemaError(Exception):
    """What is wrong, naming the field; the caller adds the file."""

    def __init__(self, message: str):
        super().__init__(message)
        self.message = message


def setting(
    default: Any = dataclasses.MISSING,
    *,
    key: str | None = None,
    check: Check | None = None,
    inline: bool = False,
    verbatim: bool = False,
    read: Callable[[Mapping[str, Any], str], Any] | None = None,
    keys: tuple[str, ...] = (),
) -> Any:
    """A dataclass field with what the reader needs beyond its type (see the module's docstring);
    ``keys`` names the TOML keys a ``read`` function takes. A list, set or dict default is
    given as a factory, as dataclasses require."""
    metadata = {
        name: value
        for name, value in (
            ("key", key),
            ("check", check),
            ("inline", inline),
            ("verbatim", verbatim),
            ("read", read),
            ("keys", keys),
        )
        if value
    }
    if isinstance(default, (list, dict, set)):
        return dataclasses.field(default_factory=lambda: type(default)(default), metadata=metadata)
    return dataclasses.field(default=default, metadata=metadata)


@typing.overload
def schema(cls: type[T], /) -> type[T]: ...
@typing.overload
def schema(*, eq: bool = True) -> Callable[[type[T]], type[T]]: ...


@typing.dataclass_transform(frozen_default=True, field_specifiers=(setting, dataclasses.field))
def schema(cls: type[T] | None = None, /, *, eq: bool = True) -> Any:
    """A frozen dataclass whose fields may be :func:`setting` (type checkers then know a
    setting with a default is a field with a default)."""

    def wrap(cls: type[T]) -> type[T]:
        return dataclasses.dataclass(frozen=True, eq=eq)(cls)

    return wrap if cls is None else wrap(cls)


def at_least(least: float) -> Check:
    """A check that a number, or each number of a collection, is at least ``least``."""

    def check(value: Any) -> str | None:
        values = value if isinstance(value, (tuple, frozenset)) else (value,)
        if any(v < least for v in values):
            return f"must be at least {least}" if values is not value else f"must list numbers from {least}"
        return None

    return check


def one_of(choices: Iterable[str]) -> Check:
    """A check that a string is one of ``choices``."""
    allowed = tuple(choices)

    def check(value: str) -> str | None:
        return None if value in allowed else f"is {value!r}; expected one of {', '.join(allowed)}"

    return check


def read(cls: type, table: Mapping[str, Any], where: str = "", *, inline: bool = False, **given: Any) -> Any:
    """An instance of the dataclass ``cls`` from ``table``, whose fields are named
    ``where + key`` in messages; ``given`` supplies fields that do not come from the TOML.
    ``inline``: ``table`` is a parent's, whose other keys are the parent's to check."""
    values = dict(given)
    for item in dataclasses.fields(cls):
        if item.name in given or not item.init:
            continue
        meta = item.metadata
        if meta.get("read"):
            value = meta["read"](table, where)
            if value is not dataclasses.MISSING:
                values[item.name] = value
            continue
        hint = _hints(cls)[item.name]
        if meta.get("inline"):
            values[item.name] = read(hint, table, where, inline=True)
            continue
        key = meta.get("key", item.name)
        found, value = _lookup(table, key)
        if not found:
            if item.default is dataclasses.MISSING and item.default_factory is dataclasses.MISSING:
                raise SchemaError(f"missing field {where + key!r}")
            continue
        value = convert(hint, value, where + key, verbatim=meta.get("verbatim", False))
        if meta.get("check") and (problem := meta["check"](value)):
            raise SchemaError(f"field {where + key!r} {problem}")
        values[item.name] = value
    unknown = sorted(set(table) - keys(cls))
    if unknown and not inline:
        raise SchemaError(f"unknown field {where + unknown[0]!r}")
    instance = cls(**values)
    for problem in getattr(instance, "problems", lambda where: ())(where):
        raise SchemaError(problem)
    return instance


@cache
def keys(cls: type) -> frozenset[str]:
    """The top-level keys a table read as ``cls`` may hold."""
    found: set[str] = set()
    for item in dataclasses.fields(cls):
        if item.metadata.get("inline"):
            found |= keys(_hints(cls)[item.name])
        elif item.init and not item.metadata.get("given"):
            found.update(item.metadata.get("keys", ()) or [item.metadata.get("key", item.name).split(".")[0]])
    return frozenset(found)


def convert(hint: Any, value: Any, name: str, verbatim: bool = False) -> Any:
    """``value`` as the type ``hint``, or a :class:`SchemaError` naming the field ``name``."""
    origin, args = typing.get_origin(hint), typing.get_args(hint)
    if origin in (types.UnionType, typing.Union):
        return convert(next(arg for arg in args if arg is not type(None)), value, name, verbatim)
    if isinstance(hint, type) and dataclasses.is_dataclass(hint):
        if isinstance(value, list) and _positional(hint):
            names = [item.name for item in dataclasses.fields(hint) if item.init]
            if len(value) != len(names):
                raise SchemaError(f"field {name!r} must be {describe(hint)}")
            value = dict(zip(names, value))
        if not isinstance(value, dict):
            raise SchemaError(f"field {name!r} must be {describe(hint)}, not {_toml_type(value)}")
        return read(hint, value, name + ".")
    if origin in (tuple, frozenset):
        if not isinstance(value, list):
            raise SchemaError(f"field {name!r} must be {describe(hint)}, not {_toml_type(value)}")
        if origin is tuple and not (len(args) == 2 and args[1] is Ellipsis):
            if len(value) != len(args):
                raise SchemaError(f"field {name!r} must be {describe(hint)}")
            return tuple(convert(arg, item, name, verbatim) for arg, item in zip(args, value))
        items = [convert(args[0], item, f"{name}[{number}]", verbatim) for number, item in enumerate(value, 1)]
        if any(item == "" for item in items):
            raise SchemaError(f"field {name!r} must list non-empty strings")
        return origin(items)
    if origin is dict:
        if not isinstance(value, dict):
            raise SchemaError(f"field {name!r} must be {describe(hint)}, not {_toml_type(value)}")
        key_type, value_type = args
        try:
            return {
                key_type(key) if key_type is int else convert(key_type, key, name, verbatim): convert(
                    value_type, item, f"{name}.{key}", verbatim
                )
                for key, item in value.items()
            }
        except ValueError:
            raise SchemaError(f"field {name!r} must be {describe(hint)}") from None
    if hint is float and isinstance(value, int) and not isinstance(value, bool):
        return float(value)
    if not isinstance(value, hint) or (hint in (int, float) and isinstance(value, bool)):
        raise SchemaError(f"field {name!r} must be {describe(hint)}, not {_toml_type(value)}")
    if hint is str and not verbatim:
        return unicodedata.normalize("NFC", value)
    return value


def describe(hint: Any) -> str:
    """What a value of type ``hint`` looks like in TOML, for messages.

    >>> describe(tuple[tuple[str, float], ...])
    'a list of [str, float]'
    """
    origin, args = typing.get_origin(hint), typing.get_args(hint)
    if origin in (types.UnionType, typing.Union):
        return describe(next(arg for arg in args if arg is not type(None)))
    if dataclasses.is_dataclass(hint):
        if _positional(hint):
            return "[" + ", ".join(item.name for item in dataclasses.fields(hint) if item.init) + "]"
        return "a table"
    if origin in (tuple, frozenset):
        if origin is tuple and not (len(args) == 2 and args[1] is Ellipsis):
            return "[" + ", ".join(describe(arg) for arg in args) + "]"
        return f"a list of {describe(args[0])}"
    if origin is dict:
        return f"a table of {describe(args[0])} to {describe(args[1])}"
    return {dt.date: "a date", float: "float"}.get(hint, getattr(hint, "__name__", str(hint)))


@dataclasses.dataclass(frozen=True)
class Documented:
    """One setting of a schema, for a reference page (:func:`settings`)."""

    #: Its table (``"beehive"``, ``"vocabulary.beehive.tiers"``; ``""`` at the top) and key.
    table: str
    key: str
    #: What its value looks like (:func:`describe`), and its default as TOML ("" = required).
    kind: str
    default: str
    #: The field's ``#:`` comment.
    doc: str
    #: The table is an array of tables (``[[lemma_rules]]``).
    array: bool = False


def settings(
    cls: type, table: str = "", array: bool = False, seen: dict[type, str] | None = None
) -> Iterator[Documented]:
    """Every setting of the schema ``cls``, table by table, documented by its ``#:`` comment;
    a table of a kind already shown is one row naming the first such table."""
    seen = {} if seen is None else seen
    docs = field_docs(cls)
    nested = []
    for item in dataclasses.fields(cls):
        meta = item.metadata
        if not item.init or meta.get("given"):
            continue
        hint = _hints(cls)[item.name]
        if meta.get("inline"):
            yield from settings(hint, table, array)
            continue
        key = meta.get("key", item.name)
        inner = _dataclass_in(hint)
        if meta.get("read") and inner is None:
            inner = _dataclass_in(typing.get_args(hint)[-1]) if typing.get_origin(hint) is dict else None
            for name in meta.get("keys", ()):
                nested.append((f"{table}.{name}".lstrip("."), inner, False))
            continue
        if inner is not None and not _positional(hint):
            name = f"{table}.{key}".lstrip(".")
            if inner in seen:
                kind = "a list of tables" if typing.get_origin(hint) is tuple else "a table"
                yield Documented(table, key, f"{kind}, as `[{seen[inner]}]`", "", docs.get(item.name, ""), array)
            else:
                seen[inner] = name
                nested.append((name, inner, typing.get_origin(hint) is tuple))
            continue
        yield Documented(table, key, describe(hint), _toml_default(item), docs.get(item.name, ""), array)
    for name, inner, is_array in nested:
        if inner is not None:
            yield from settings(inner, name, is_array, seen)


def field_docs(cls: type) -> dict[str, str]:
    """Each field's ``#:`` comment (the lines just above it), by field name; a class's
    docstring stands for a field of that class's type that has no comment."""
    import inspect  # only the reference page reads the source

    docs: dict[str, str] = {}
    comment: list[str] = []
    for line in inspect.getsource(cls).splitlines():
        stripped = line.strip()
        if stripped.startswith("#:"):
            comment.append(stripped[2:].strip())
            continue
        match = re.match(r"\s+(\w+)\s*:", line)
        if match and comment:
            docs[match.group(1)] = " ".join(comment)
        comment = []
    return docs


def _dataclass_in(hint: Any) -> type | None:
    """The dataclass ``hint`` is, or holds (``X | None``, ``tuple[X, ...]``), if any."""
    for candidate in (hint, *typing.get_args(hint)):
        if dataclasses.is_dataclass(candidate):
            return candidate  # type: ignore[return-value]
    return None


def _positional(hint: Any) -> bool:
    """A dataclass written as a list of its fields (a tile), not as a table."""
    return bool(getattr(_dataclass_in(hint), "POSITIONAL", False))


def _toml_default(item: dataclasses.Field) -> str:
    if item.default is not dataclasses.MISSING:
        value = item.default
    elif item.default_factory is not dataclasses.MISSING:
        value = item.default_factory()
    else:
        return ""
    return toml_value(value)


def toml_value(value: Any) -> str:
    r"""``value`` written as TOML.

    >>> toml_value({4: 1}), toml_value(("a", "b")), toml_value("-'’"), toml_value(0.15)
    ('{ 4 = 1 }', '["a", "b"]', '"-\'’"', '0.15')
    """
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, (int, float)):
        return repr(value)
    if isinstance(value, str):
        # JSON escapes the quotes, backslashes and C0 controls; DEL, NEL and the Unicode line
        # separators are escaped too (TOML forbids DEL, and a line break would end a comment).
        return LINE_BREAKING.sub(lambda match: f"\\u{ord(match.group()):04x}", json.dumps(value, ensure_ascii=False))
    if isinstance(value, (tuple, list, frozenset)):
        items = sorted(value) if isinstance(value, frozenset) else value
        return "[" + ", ".join(toml_value(item) for item in items) + "]"
    if isinstance(value, dict):
        return "{ " + ", ".join(f"{key} = {toml_value(item)}" for key, item in value.items()) + " }" if value else "{}"
    if value is None:
        return ""
    if dataclasses.is_dataclass(value):
        return ""
    return str(value)


def _lookup(table: Mapping[str, Any], key: str) -> tuple[bool, Any]:
    """``table``'s value at the dotted ``key``, and whether it is there."""
    value: Any = table
    for part in key.split("."):
        if not isinstance(value, dict) or part not in value:
            return False, None
        value = value[part]
    return True, value


@cache
def _hints(cls: type) -> dict[str, Any]:
    return typing.get_type_hints(cls)


def _toml_type(value: Any) -> str:
    names: dict[type, str] = {dict: "table", list: "list"}
    return names.get(type(value), type(value).__name__)
