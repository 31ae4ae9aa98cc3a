"""The imports of ``pipeline/`` run one way: the command line imports the build, the build
imports the stages, a stage imports what it reads with and the shared foundations; never
the other way (an engine that imports the CLI cannot be used without it, and cycles hide).

Every ``import`` in every module counts, also those inside functions (a lazy import is
still an arrow). A module belongs to the layer of its package in :data:`LAYERS`, and every
module is in one: a new module has to be placed. Within a layer, no two modules import
each other, directly or round a circle.
"""

from __future__ import annotations

import ast
from pathlib import Path

PACKAGE = Path(__file__).resolve().parent.parent / "pipeline"

#: Layers, lowest first: a module may import its own layer and the layers below it. One
#: entry per package of ``pipeline/``, in the order the pipeline runs.
LAYERS: dict[str, int] = {
    "pipeline": 0,  # the package itself: __version__
    "pipeline.core": 0,  # foundations: errors, paths, files, progress, dates
    "pipeline.config": 1,  # a language as data
    "pipeline.expand": 2,  # every form Hunspell accepts (with the decoding of a dictionary)
    "pipeline.sources": 3,  # fetching and unpacking pinned sources
    "pipeline.lists": 4,  # the word lists
    "pipeline.games": 5,  # the games, from the lists
    "pipeline.browser": 6,  # what the browser reads, from the games
    "pipeline.render": 7,  # the site's pages
    # The build of whole languages; add-language checks the site can show the language
    # (its CLDR locale, of the site's i18n). Then the subcommands and the entry point.
    "pipeline.build": 8,
    "pipeline.newlang": 8,
    "pipeline.commands": 9,
    "pipeline.cli": 10,
    "pipeline.__main__": 10,
}
#: The first layer that is not an engine.
ORCHESTRATION = LAYERS["pipeline.build"]


def layer(module: str) -> int:
    parts = module.split(".")
    for n in range(len(parts), 0, -1):
        found = LAYERS.get(".".join(parts[:n]))
        if found is not None and (n > 1 or len(parts) == 1):
            return found
    raise KeyError(f"{module} is in no package of LAYERS")


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
            # "from pipeline import cli" imports the module pipeline.cli (the package's
            # __init__ runs first, as for any module of it, but its names are not used).
            submodules = {f"{name}.{alias.name}" for alias in node.names} & _modules()
            found.update(submodules)
            if len(submodules) < len(node.names):
                found.add(name)
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


def test_every_module_is_in_a_package_of_the_layers():
    unplaced = []
    for path in sorted(PACKAGE.rglob("*.py")):
        try:
            layer(module_name(path))
        except KeyError as error:
            unplaced.append(str(error))
    assert not unplaced, unplaced


def import_graph() -> dict[str, set[str]]:
    """Each module of ``pipeline/`` -> the modules of ``pipeline/`` it imports (a package
    imported through ``from package import name`` counts as its ``__init__``)."""
    modules = _modules()
    graph = {}
    for path in sorted(PACKAGE.rglob("*.py")):
        module = module_name(path)
        targets = imported(path.read_text("utf-8"), module, path.name == "__init__.py")
        graph[module] = {target for target in targets if target in modules and target != module}
    return graph


def circles(graph: dict[str, set[str]]) -> list[list[str]]:
    """The strongly connected groups of more than one module (Tarjan's algorithm), each
    sorted: every module of a group imports every other, directly or round a circle.

    >>> circles({"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": {"a"}})
    [['a', 'b', 'c']]
    >>> circles({"a": {"b"}, "b": set()})
    []
    """
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    found = []

    def visit(module: str) -> None:
        index[module] = low[module] = len(index)
        stack.append(module)
        for target in sorted(graph.get(module, ())):
            if target not in index:
                visit(target)
                low[module] = min(low[module], low[target])
            elif target in stack:
                low[module] = min(low[module], index[target])
        if low[module] == index[module]:
            group = []
            while True:
                member = stack.pop()
                group.append(member)
                if member == module:
                    break
            if len(group) > 1:
                found.append(sorted(group))

    for module in sorted(graph):
        if module not in index:
            visit(module)
    return sorted(found)


def test_no_modules_import_each_other_round_a_circle():
    """A package's ``__init__`` that re-exports its modules is not a circle with them
    unless one of them imports the package back."""
    found = circles(import_graph())
    assert not found, "modules that import each other:\n" + "\n".join(" <-> ".join(group) for group in found)


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
        "from ..commands import args": "pipeline.commands.args",
    }
    for source, target in cases.items():
        module = "pipeline.expand.engine" if source.startswith("from ..") else "pipeline.games.beehive"
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
#: progress, the worker pool and the paused garbage collector; the language file (and its
#: reader) only through the bounded mode, which the expansion stamp records itself.
NOT_SHAPING_FORMS = {
    "pipeline",
    "pipeline.core.errors",
    "pipeline.core.fsutil",
    "pipeline.core.progress",
    "pipeline.core.workers",
    "pipeline.core.collector",
    "pipeline.config",
    "pipeline.config.language",
    "pipeline.config.schema",
}


def test_the_expansion_stamp_covers_every_module_the_expander_reads_with():
    """A build reuses forms.txt while :func:`pipeline.build.expander_digest` is unchanged, so
    every module an expansion runs through must be among the sources it hashes."""
    from pipeline.build import EXPANDER_PACKAGE

    hashed = {f"pipeline.{EXPANDER_PACKAGE}"}

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
    assert "pipeline.expand.engine" in seen and "pipeline.expand.text" in seen
