"""Sources: a language's pinned dictionary (and the word lists it names) fetched into the
cache, verified by hash on every use, unpacked safely.

* :mod:`~pipeline.sources.fetch` — start here: :func:`fetch` gives a language's .aff/.dic
  as NFC UTF-8 files; one small downloader per source kind (npm, deb, pip, oxt, zip, url);
* :mod:`~pipeline.sources.archives` — unpacking tar, zip and .deb archives with no path
  escaping the folder and no decompression bomb; finding a LibreOffice extension's files.

The decoding of the dictionary's text belongs to the expander
(:mod:`pipeline.expand.text`): what the bytes mean decides every form.
"""

from pipeline.sources.fetch import (
    DictionaryFiles,
    cache_archive,
    fetch,
    fetch_package_files,
    fetch_source,
    fetch_word_list,
    integrity_of,
    run_tool,
)

__all__ = [
    "DictionaryFiles",
    "cache_archive",
    "fetch",
    "fetch_package_files",
    "fetch_source",
    "fetch_word_list",
    "integrity_of",
    "run_tool",
]
