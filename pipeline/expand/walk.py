"""The expander's output, one dictionary entry at a time: :func:`emit_forms` sends the
accepted forms to the writer (its hot path), :func:`entry_forms` collects them, and
:func:`derivations` gives each form with the rules that made it (``rusc expand --stem``,
the lemma rules). All three take the engine's batches (:meth:`Expander.batches`) through
the same :func:`~pipeline.expand.forms.batch_forms` and acceptance, so they agree.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from dataclasses import dataclass

from pipeline.expand.affixes import AffixRule, Entry
from pipeline.expand.batch import Batch
from pipeline.expand.engine import Expander, RuleFilter
from pipeline.expand.forms import Run, batch_chains, batch_forms, batch_rank


def emit_forms(expander: Expander, entry: Entry, sink: Callable[[list[str], str | None], None]) -> int:
    """Send the accepted forms of ``entry`` to ``sink(forms, key)`` (the writer's hot path);
    return how many forms the affix paths made (before acceptance and deduplication).

    ``key`` is the two-character start all the forms share, or None if they may differ.
    """
    accept = expander.acceptance
    keyed = accept.as_spelled  # mirrored forms do not keep their working-space start
    many = None if keyed and not accept.dropped else accept.many  # None: every form is accepted
    heads = accept.forbidden_heads
    max_cut = expander.max_suffix_cut
    index = expander.data.affix_index
    made = 0
    for batch in expander.batches(entry):
        runs = batch_forms(batch, max_cut)
        if index is not None:
            runs = reached_runs(index, expander.working_stem(entry), batch, runs)
        for forms, shared in runs:
            made += len(forms)
            key = shared[:2] if keyed and len(shared) >= 2 else None
            # The hot loop skips the call that would find nothing to drop (see Acceptance.many).
            if many is not None and (key is None or key in heads):
                forms = many(forms, shared, batch_rank(batch))
                if not forms:
                    continue
            sink(forms, key)
    return made


def reached_runs(index, stem: str, batch: Batch, runs: list[Run]) -> list[Run]:
    """``runs`` (the forms of ``batch``) without the forms whose rules libhunspell's
    unordered affix index never reaches (:class:`pipeline.expand.affix_index.AffixIndex`)."""
    chains = iter(batch_chains(batch))
    out = []
    for forms, shared in runs:
        kept = [form for form in forms if index.admits(stem, next(chains), form)]
        out.append((kept, shared))
    return out


def entry_forms(expander: Expander, entry: Entry) -> list[str]:
    """The accepted forms of ``entry`` (duplicates possible), in generation order."""
    out: list[str] = []
    emit_forms(expander, entry, lambda forms, key: out.extend(forms))
    return out


@dataclass(frozen=True)
class Derivation:
    """One generated form and how it was made."""

    #: The form as Hunspell accepts it.
    form: str
    #: The dictionary stem it came from.
    stem: str
    #: The affix rules applied, in order of application, as the .aff wrote them (empty for
    #: the bare stem).
    chain: tuple[AffixRule, ...]


def derivations(expander: Expander, entry: Entry, allow: RuleFilter | None = None) -> Iterator[Derivation]:
    """Every accepted form of ``entry`` with the rules that made it (duplicates possible).

    ``allow(rule)`` restricts the expansion to the rules it accepts. The forms are exactly
    those :func:`emit_forms` writes (the same batches, the same :func:`batch_forms`).
    """
    accept = expander.acceptance
    max_cut = expander.max_suffix_cut
    index = expander.data.affix_index
    stem = expander.working_stem(entry)
    for batch in expander.batches(entry, allow):
        forms = [form for run, _shared in batch_forms(batch, max_cut) for form in run]
        rank = batch_rank(batch)
        for form, chain in zip(forms, batch_chains(batch)):
            if index is not None and not index.admits(stem, chain, form):
                continue
            final = accept.one(form, rank)
            if final is not None:
                yield Derivation(final, entry.stem, tuple(op.rule.source for op in chain))
