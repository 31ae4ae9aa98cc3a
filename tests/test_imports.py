"""The imports of ``pipeline/`` run one way: the command line imports the build, the build
imports the stages, a stage imports what it reads with and the shared foundations; never
the other way (an engine that imports the CLI cannot be used without it, and cycles hide).

Every ``import`` in every module counts, also those inside functions (a lazy import is
still an arrow). A module belongs to the layer of the longest prefix in :data:`LAYERS`; a
module not listed is an engine stage (:data:`DEFAULT_LAYER`).
"""

from __future__ import annotations

import ast
from pathlib import Path

PACKAGE = Path(__file__).resolve().parent.parent / "pipeline"

#: Layers, lowest first: a module may import its own layer and the layers below it.
LAYERS: dict[str, int] = {
    # 0: foundations every stage may use.
    "pipeline": 0,  # the package itself: __version__
    "pipeline.errors": 0,
    "pipeline.paths": 0,
    "pipeline.progress": 0,
    "pipeline.fsutil": 0,
    "pipeline.config": 0,
    "pipeline.tomlschema": 0,
    "pipeline.daily": 0,
    "pipeline.dates": 0,
    "pipeline.urls": 0,
    "pipeline.assets": 0,
    "pipeline.resources": 0,
    "pipeline.affixes": 0,
    "pipeline.lexicon": 0,
    "pipeline.downloads": 0,
    "pipeline.workers": 0,
    # 1: reading a dictionary and the language rules.
    "pipeline.extract": 1,
    "pipeline.expand": 1,
    "pipeline.clean": 1,
    # 2: stages built on those (fetching, lists, games).
    "pipeline.sources": 2,
    "pipeline.lists": 2,
    "pipeline.beehive": 2,
    "pipeline.racks": 2,
    "pipeline.wordle": 2,
    # 3: the site, which shows the games.
    "pipeline.render": 3,
    # 4: the build of whole languages; 5: the subcommands; 6: the entry point.
    "pipeline.build": 4,
    # add-language checks the site can show the language (its CLDR locale, of the site's i18n).
    "pipeline.add_language": 4,
    "pipeline.commands": 5,
    "pipeline.cli": 6,
    "pipeline.__main__": 6,
}
#: Layer of a module :data:`LAYERS` does not list: an engine stage.
DEFAULT_LAYER = 2
#: The first layer that is not an engine.
ORCHESTRATION = LAYERS["pipeline.build"]


def layer(module: str) -> int:
    parts = module.split(".")
    for n in range(len(parts), 0, -1):
        found = LAYERS.get(".".join(parts[:n]))
        if found is not None and (n > 1 or len(parts) == 1):
            return found
    return DEFAULT_LAYER


def module_name(path: Path) -> str:
    parts = path.relative_to(PACKAGE.parent).with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def imported(source: str, module: str, is_package: bool) -> set[str]:
    """The ``pipeline`` modules that ``source`` (module ``module``) imports, anywhere in it."""
    found = set()
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.Import):
            found.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom):
            if node.level:  # relative: resolve against the importing module's package
                base = module.split(".")
                base = base if is_package else base[:-1]
                base = base[: len(base) - (node.level - 1)]
                name = ".".join(base + ([node.module] if node.module else []))
            else:
                name = node.module or ""
            found.add(name)
            # "from pipeline import cli" imports the module pipeline.cli.
            found.update(f"{name}.{alias.name}" for alias in node.names if f"{name}.{alias.name}" in _modules())
    return {name for name in found if name == "pipeline" or name.startswith("pipeline.")}


def upward_arrows(module: str, targets: set[str]) -> list[str]:
    """``module -> target`` for each import that runs to a higher layer."""
    own = layer(module)
    return [
        f"{module} (layer {own}) -> {target} (layer {layer(target)})"
        for target in sorted(targets)
        if layer(target) > own
    ]


def _modules() -> set[str]:
    return {module_name(path) for path in PACKAGE.rglob("*.py")}


def test_no_import_runs_up():
    arrows = []
    for path in sorted(PACKAGE.rglob("*.py")):
        module = module_name(path)
        targets = imported(path.read_text("utf-8"), module, path.name == "__init__.py")
        arrows.extend(upward_arrows(module, targets))
    assert not arrows, "imports that run up:\n" + "\n".join(arrows)


def test_engines_never_import_the_command_line():
    offenders = []
    for path in sorted(PACKAGE.rglob("*.py")):
        module = module_name(path)
        if layer(module) >= ORCHESTRATION:
            continue
        targets = imported(path.read_text("utf-8"), module, path.name == "__init__.py")
        offenders.extend(f"{module} -> {t}" for t in sorted(targets) if layer(t) >= ORCHESTRATION)
    assert not offenders, offenders


def test_the_walk_sees_every_kind_of_upward_import():
    """The checker itself: each spelling of an upward import is found."""
    cases = {
        "from pipeline.cli import main": "pipeline.cli",
        "import pipeline.commands.expand": "pipeline.commands.expand",
        "def later():\n    from pipeline.build import build_language\n": "pipeline.build",
        "from pipeline import cli": "pipeline.cli",
        "from ..commands import args": "pipeline.commands",
    }
    for source, target in cases.items():
        module = "pipeline.expand.engine" if source.startswith("from ..") else "pipeline.beehive"
        targets = imported(source, module, False)
        assert target in targets, (source, targets)
        assert upward_arrows(module, targets), source
    # A downward import is not an arrow up.
    assert not upward_arrows(
        "pipeline.commands.expand", imported("from pipeline.expand import Expander", "pipeline.commands.expand", False)
    )


def test_every_subcommand_lives_in_the_commands_package():
    """No stage registers a subcommand any more (the old ``add_cli`` hooks are gone)."""
    hooks = [
        module_name(p)
        for p in PACKAGE.rglob("*.py")
        if layer(module_name(p)) < ORCHESTRATION and "def add_cli(" in p.read_text("utf-8")
    ]
    assert not hooks, hooks


#: Modules the expander may import whose source does not shape its output: errors, files,
#: progress and the worker pool; the language file (and its reader) only through the
#: bounded mode, which the expansion stamp records itself.
NOT_SHAPING_FORMS = {
    "pipeline",
    "pipeline.errors",
    "pipeline.fsutil",
    "pipeline.progress",
    "pipeline.workers",
    "pipeline.config",
    "pipeline.tomlschema",
}


def test_the_expansion_stamp_covers_every_module_the_expander_reads_with():
    """A build reuses forms.txt while :func:`pipeline.build.expander_digest` is unchanged, so
    every module an expansion runs through must be among the sources it hashes."""
    from pipeline.build import EXPANDER_SOURCES

    hashed = {f"pipeline.{name.removesuffix('.py')}" for name in EXPANDER_SOURCES}

    def is_hashed(module: str) -> bool:
        return any(module == top or module.startswith(top + ".") for top in hashed)

    sources = {module_name(path): path for path in PACKAGE.rglob("*.py")}
    seen, todo = set(), [m for m in sources if is_hashed(m)]
    while todo:
        module = todo.pop()
        if module in seen or module not in sources:
            continue
        seen.add(module)
        path = sources[module]
        todo.extend(imported(path.read_text("utf-8"), module, path.name == "__init__.py"))
    outside = sorted(m for m in seen if not is_hashed(m) and m not in NOT_SHAPING_FORMS)
    assert not outside, f"the expander reads with modules its stamp does not hash: {outside}"
    assert "pipeline.expand.engine" in seen and "pipeline.extract" in seen
