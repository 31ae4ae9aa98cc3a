"""Where the site's settings come from: the command line, then the environment, then
``pipeline/site.toml``."""

from __future__ import annotations

import os

from pipeline.config import Language, default_languages, load_language, load_site_config, unique_languages
from pipeline.render.urls import Urls


def settings_from(args_languages, base_path, site_url, environ=os.environ) -> tuple[list[Language], Urls, str]:
    """Resolve languages and URLs: command line, then environment, then site.toml."""
    config = load_site_config()
    codes = args_languages or default_languages(environ)
    languages = unique_languages(load_language(code) for code in codes)
    urls = Urls.create(
        base_path or environ.get("BASE_PATH") or config["base_path"],
        site_url or environ.get("SITE_URL") or config["site_url"],
    )
    return languages, urls, str(config["title"])
