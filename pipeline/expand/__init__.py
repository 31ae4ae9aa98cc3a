"""The expander: every word form Hunspell 1.7's ``spell()`` accepts through affixes.

Bird's-eye view, one job per module, in the order the data flows:

* :mod:`~pipeline.expand.text`: a dictionary's bytes decoded by its ``SET`` into NFC text
  with LF lines (the one decoding; the fetch step writes every dictionary with it);
  :mod:`~pipeline.expand.affixes`: the parsed rules and entries, data only.
* :mod:`~pipeline.expand.read`: the .aff through a sanitiser and spylls, the .dic line by
  line, into :class:`~pipeline.expand.affixes.AffixData` and :class:`~pipeline.expand.affixes.Entry`
  records (:func:`read_dictionary`). It stops where libhunspell stops reading the .aff
  (:mod:`~pipeline.expand.aff_stops`), tests conditions as libhunspell does in a UTF-8
  dictionary (:mod:`~pipeline.expand.conditions`) and, after an early stop, indexes the
  rules as libhunspell's unordered index does (:mod:`~pipeline.expand.affix_index`, used by
  :mod:`~pipeline.expand.forms`).
* :mod:`~pipeline.expand.engine`: for one entry, the affix paths of Hunspell's affix
  checker, walked forwards (:meth:`Expander.batches`), as
  :class:`~pipeline.expand.batch.Batch` records (:mod:`~pipeline.expand.batch`) of rules
  prepared for the hot loop (:mod:`~pipeline.expand.ops`).
* :mod:`~pipeline.expand.forms`: batches into forms (:func:`batch_forms`, the only place
  affixes are applied) and Hunspell's acceptance of them (the only place forms are
  dropped).
* :mod:`~pipeline.expand.walk`: an entry's forms through both: :func:`emit_forms` (the
  writer), :func:`entry_forms` and :func:`derivations` (forms with the rules that made
  them: ``rusc expand --stem``, the lemma rules).
* :mod:`~pipeline.expand.fastpath`: the word-game fast path (:func:`fast_variant`).
* :mod:`~pipeline.expand.external_sort`: worker processes, buckets, run files and the
  sorted, deduplicated output (:func:`expand_to_file`).
* :mod:`~pipeline.expand.estimate`: the size of an expansion, counted before it runs, and
  the refusal over a bound (:func:`plan_expansion`).
* :mod:`~pipeline.expand.bounded`: the bounded mode for agglutinative dictionaries
  (:func:`bounded_variant`).

Start reading at :meth:`Expander.batches`. The command line (``rusc expand``) is
:mod:`pipeline.commands.expand`; nothing here imports it.

Extending: a new job is a new module of this package that builds on these public names
(e.g. estimating an expansion's size walks :meth:`Expander.batches` and counts
:func:`batch_forms`) and is exported here.
"""

from pipeline.expand.batch import Batch, BatchKind
from pipeline.expand.bounded import bounded_variant
from pipeline.expand.engine import Expander, RuleFilter
from pipeline.expand.estimate import Estimate, Plan, estimate_expansion, plan_expansion
from pipeline.expand.external_sort import BUCKET_BYTES, SPILL_FORMS, ExpansionStats, expand_to_file, write_metadata
from pipeline.expand.fastpath import OrdinaryForms, fast_variant
from pipeline.expand.forms import Acceptance, Converter, Run, batch_chains, batch_forms, batch_rank
from pipeline.expand.read import COMPOUND_DIRECTIVES, read_dictionary
from pipeline.expand.walk import Derivation, derivations, emit_forms, entry_forms

__all__ = [
    "BUCKET_BYTES",
    "COMPOUND_DIRECTIVES",
    "SPILL_FORMS",
    "Acceptance",
    "Batch",
    "BatchKind",
    "Converter",
    "Derivation",
    "Estimate",
    "Expander",
    "ExpansionStats",
    "OrdinaryForms",
    "Plan",
    "RuleFilter",
    "Run",
    "batch_chains",
    "batch_forms",
    "batch_rank",
    "bounded_variant",
    "derivations",
    "emit_forms",
    "entry_forms",
    "estimate_expansion",
    "expand_to_file",
    "fast_variant",
    "plan_expansion",
    "read_dictionary",
    "write_metadata",
]
