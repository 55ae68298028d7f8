"""The shape of the code: packages in pipeline order, one definition of each vocabulary.

The folder listing of ``generator/`` is the architecture: each package (or top-level
module) is one stage, and ``STAGES`` lists them in pipeline order. A module may import at
run time only the same or an earlier stage; ``cache/`` imports only ``core/``; the scorer
imports nothing of the project; and the import graph has no cycle, imports under
``if TYPE_CHECKING:`` included (those are allowed to point at a later stage, for type
hints, as long as they close no cycle).
"""

from __future__ import annotations

import ast
import re
from pathlib import Path

import pytest

from generator import scorer

PACKAGE = Path(__file__).resolve().parent.parent / "generator"
# Pipeline order. A top-level module is a stage of its own (project, build); cli and
# __main__ belong to the command line.
STAGES = ("scorer", "core", "cache", "read", "model", "check", "score", "project", "i18n", "wiki", "render",
          "output", "site", "build", "commands")
_COMMAND_LINE = {"cli", "__main__", "__init__"}


def _module_name(path: Path) -> str:
    parts = path.relative_to(PACKAGE.parent).with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


MODULES = {_module_name(path): path for path in sorted(PACKAGE.rglob("*.py"))}


def _stage(path: Path) -> str:
    first = path.relative_to(PACKAGE).parts[0].removesuffix(".py")
    stage = "commands" if first in _COMMAND_LINE else first
    assert stage in STAGES, f"{path}: {stage!r} is no stage; add it to STAGES in pipeline order"
    return stage


def _type_checking_only(tree: ast.Module) -> set[int]:
    lines: set[int] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.If) and "TYPE_CHECKING" in ast.unparse(node.test):
            for child in node.body:
                lines.update(range(child.lineno, (child.end_lineno or child.lineno) + 1))
    return lines


def _imports(name: str, path: Path, type_only: bool = False) -> set[str]:
    """Modules of the package that ``name`` imports at run time (functions included), or,
    with ``type_only``, under ``if TYPE_CHECKING:`` too."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    skip = set() if type_only else _type_checking_only(tree)
    package = name if path.name == "__init__.py" else name.rpartition(".")[0]
    found: set[str] = set()
    for node in ast.walk(tree):
        if getattr(node, "lineno", 0) in skip:
            continue
        targets: list[str] = []
        if isinstance(node, ast.Import):
            targets = [alias.name for alias in node.names]
        elif isinstance(node, ast.ImportFrom):
            base = package.split(".")
            if node.level:
                base = base[:len(base) - node.level + 1]
                module = ".".join(base + ([node.module] if node.module else []))
            else:
                module = node.module or ""
            # `from . import markup` imports the module generator.model.markup, not the package.
            targets = [f"{module}.{alias.name}" if f"{module}.{alias.name}" in MODULES else module
                       for alias in node.names]
        for target in targets:
            while target and target not in MODULES:
                target = target.rpartition(".")[0]
            if target and target != name and target.startswith("generator"):
                found.add(target)
    return found


GRAPH = {name: _imports(name, path) for name, path in MODULES.items()}
ALL_IMPORTS = {name: _imports(name, path, type_only=True) for name, path in MODULES.items()}


def test_every_module_is_in_a_stage():
    for path in MODULES.values():
        _stage(path)


def test_the_top_level_is_about_a_dozen_entries():
    entries = [p.name for p in PACKAGE.iterdir() if not p.name.startswith((".", "__pycache__"))]
    assert len(entries) <= 20, sorted(entries)


def test_the_cache_package_imports_only_core():
    for name, targets in ALL_IMPORTS.items():
        if name.startswith("generator.cache"):
            outside = {t for t in targets if not t.startswith(("generator.core", "generator.cache"))}
            assert not outside, f"{name} imports {sorted(outside)}"


@pytest.mark.parametrize("name", sorted(MODULES))
def test_no_module_imports_a_later_stage(name):
    stage = STAGES.index(_stage(MODULES[name]))
    later = {target: _stage(MODULES[target]) for target in GRAPH[name] if STAGES.index(_stage(MODULES[target])) > stage}
    assert not later, f"{name} ({STAGES[stage]}) imports later stages: {later}"


def _assert_no_cycle(graph: dict[str, set[str]]) -> None:
    done: set[str] = set()

    def visit(name: str, trail: tuple[str, ...]) -> None:
        assert name not in trail, "import cycle: " + " -> ".join(trail + (name,))
        if name in done:
            return
        for target in sorted(graph[name]):
            visit(target, trail + (name,))
        done.add(name)

    for name in sorted(graph):
        visit(name, ())


def test_the_import_graph_has_no_cycle():
    _assert_no_cycle(GRAPH)


def test_no_cycle_through_type_only_imports_either():
    _assert_no_cycle(ALL_IMPORTS)


def test_the_cycle_check_finds_a_cycle():
    with pytest.raises(AssertionError, match="import cycle"):
        _assert_no_cycle({"a": {"b"}, "b": {"a"}})


def test_the_scorer_imports_only_the_standard_library_and_itself():
    for name, path in MODULES.items():
        if not name.startswith("generator.scorer"):
            continue
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.ImportFrom) and not node.level and not node.module.startswith("generator.scorer"):
                assert node.module in ("__future__", "dataclasses", "types", "typing", "collections", "math",
                                       "functools", "itertools", "string"), f"{name} imports {node.module}"
            elif isinstance(node, ast.Import):
                assert all(a.name in ("math", "string") for a in node.names), f"{name} imports {node.names}"


def test_the_graph_sees_real_imports():
    # The checks above would pass on an empty graph: make sure imports are found at all.
    assert "generator.project" in GRAPH["generator.build"]
    assert "generator.scorer" in GRAPH["generator.score.scenario"]
    assert "generator.render.generate" in GRAPH["generator.site.adapter"]
    assert any(targets for name, targets in ALL_IMPORTS.items() if name.startswith("generator.cache"))


# --------------------------------------------------------------------------- one definition each

# (what, regular expression finding a copy in source text, the one module allowed to hold it)
DEFINITIONS = [
    ("the id pattern", re.escape("[a-z0-9]+(?:[-.][a-z0-9]+)*"), "generator/core/vocabulary.py"),
    ("the language-code pattern", re.escape("[a-z]{2,3}"), "generator/core/vocabulary.py"),
    ("the edition pattern", re.escape("C[0-9]"), "generator/core/vocabulary.py"),
    ("the list of editions", r"""["']C1["']\s*,\s*["']C2["']""", "generator/scorer/features.py"),
    ("the template-syntax pattern", re.escape(r"\{\{|\{%"), "generator/core/vocabulary.py"),
    ("the list of farm methods", r"""["']per-field["']\s*,\s*["']per-field-city-once["']""",
     "generator/scorer/ruleset.py"),
    ("is_int", r"def _?is_int\b", "generator/scorer/features.py"),
]


@pytest.mark.parametrize("what, pattern, home", DEFINITIONS, ids=[d[0] for d in DEFINITIONS])
def test_each_vocabulary_is_defined_once(what, pattern, home):
    places = [path.relative_to(PACKAGE.parent).as_posix() for path in MODULES.values()
              if re.search(pattern, path.read_text(encoding="utf-8"))]
    assert places == [home], f"{what} must be written only in {home}, found in {places}"


def test_ruleset_fields_are_named_only_by_the_scorer():
    # One ruleset definition: the scorer's dataclass. The YAML model, the schema and the
    # docs are derived from it, so no other module spells out a scoring field.
    allowed = {"generator/scorer/ruleset.py", "generator/scorer/compute.py"}
    for name in scorer.Ruleset.__dataclass_fields__:
        if name in ("farm", "small_city"):
            continue  # ordinary words, used in prose and messages
        places = {path.relative_to(PACKAGE.parent).as_posix() for path in MODULES.values()
                  if re.search(rf"\b{name}\b", path.read_text(encoding="utf-8"))}
        assert places <= allowed, f"ruleset field {name} is written in {sorted(places - allowed)}"


def _feature_type_collections(path: Path) -> list[int]:
    """Lines of tuples, lists, sets or dict keys naming two or more feature types."""
    lines = []
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        items = node.keys if isinstance(node, ast.Dict) else getattr(node, "elts", None)
        if isinstance(node, (ast.Tuple, ast.List, ast.Set, ast.Dict)) and items:
            names = {item.value for item in items if isinstance(item, ast.Constant)} & set(scorer.FEATURE_TYPES)
            if len(names) >= 2:
                lines.append(node.lineno)
    return lines


def test_the_feature_types_are_listed_once():
    # The scorer's FEATURE_KINDS is the one table; compute's dispatch by type is checked against it
    # below, and explain's templates are keyed by step codes, some of which are named after a type.
    found = {path.relative_to(PACKAGE.parent).as_posix(): lines for path in MODULES.values()
             if (lines := _feature_type_collections(path))}
    assert set(found) == {"generator/scorer/features.py", "generator/scorer/compute.py",
                          "generator/scorer/explain.py"}, found
    assert len(found["generator/scorer/features.py"]) == 1


def test_the_scorer_values_exactly_the_types_the_table_measures_in_tiles():
    from generator.scorer.compute import _VALUE

    assert set(_VALUE) == set(scorer.carriers("tiles"))
    assert set(scorer.FARM_SCORERS) == set(scorer.FARM_METHODS)


# --------------------------------------------------------------------------- the docs follow the tables

SCENARIO_DOCS = PACKAGE.parent / "content" / "en" / "scenario-format.md"


def _doc_rows(header: str) -> list[list[str]]:
    """The rows of the Markdown table whose header row starts with ``header``."""
    lines = SCENARIO_DOCS.read_text(encoding="utf-8").splitlines()
    start = next(i for i, line in enumerate(lines) if line.replace(" ", "").startswith(header))
    rows = []
    for line in lines[start + 2:]:
        if not line.startswith("|"):
            break
        rows.append([cell.strip() for cell in line.strip("|").split("|")])
    return rows


def test_the_scenario_docs_list_where_each_attribute_goes_as_the_feature_table_does():
    documented = {}
    for keys, carriers_cell, _ in _doc_rows("|Key|For|"):
        for key in re.findall(r"`([a-z_]+)`", keys):
            documented[key] = tuple(t.strip() for t in carriers_cell.split(","))
    expected = {name: scorer.carriers(name) for name in ("tiles", "complete", *scorer.ATTRIBUTES)}
    assert documented == expected


def test_the_scenario_docs_list_every_placement_code_the_reader_can_give():
    from generator.score.scenario import _only

    documented = {code for row in _doc_rows("|Code|Situation|") for code in re.findall(r"`([a-z-]+)`", row[0])}
    placement = {_only(name) for name in ("complete", *scorer.ATTRIBUTES)}
    assert placement <= documented
    assert {code for code in documented if code.endswith("-only")} == placement


# --------------------------------------------------------------------------- load() and build() name their stages

# (function, the stage functions it calls by name, in this order, with the stage of the
# module each must live in). load() is the one definition of the load stages; build()
# calls load(), then each language's render, write and MkDocs stages (in _build_language).
STAGE_CALLS = {
    "load": [("read_all", "read"), ("validate_all", "model"), ("check_references", "check"),
             ("score_examples", "score"), ("load_translations", "check"), ("check_terms", "check"),
             ("assemble", "project")],
    "build": [("load", "project"), ("render_language", "render"), ("write_language", "output"),
              ("build_language", "site")],
}
# Where each function's calls are read: build() hands each language to _build_language.
CALLERS = {"load": ("generator.project", ["load"]), "build": ("generator.build", ["build", "_build_language"])}
# The load stages proper (assemble only puts their results together): only load() chains them.
LOAD_STAGES = {name for name, _ in STAGE_CALLS["load"]} - {"assemble"}


def _calls(function: ast.FunctionDef) -> list[str]:
    calls = [node for node in ast.walk(function) if isinstance(node, ast.Call) and isinstance(node.func, ast.Name)]
    return [call.func.id for call in sorted(calls, key=lambda call: (call.lineno, call.col_offset))]


def _functions(module: str, source: str | None = None) -> dict[str, ast.FunctionDef]:
    tree = ast.parse(source if source is not None else MODULES[module].read_text(encoding="utf-8"))
    return {node.name: node for node in tree.body if isinstance(node, ast.FunctionDef)}


def _stage_order(caller: str, source: str | None = None) -> list[str]:
    """The stage functions ``caller`` calls by name, in the order its source calls them."""
    module, names = CALLERS[caller]
    functions = _functions(module, source)
    wanted = {name for name, _ in STAGE_CALLS[caller]}
    return [name for function in names for name in _calls(functions[function]) if name in wanted]


@pytest.mark.parametrize("caller", sorted(STAGE_CALLS))
def test_each_stage_is_called_by_name_once_and_in_order(caller):
    assert _stage_order(caller) == [name for name, _ in STAGE_CALLS[caller]]


@pytest.mark.parametrize("caller, first, second", [("load", "score_examples", "load_translations"),
                                                   ("build", "render_language", "write_language")])
def test_the_order_check_sees_a_stage_out_of_place(caller, first, second):
    # The check above must be able to fail: the same scan of the source with two stages swapped.
    source = MODULES[CALLERS[caller][0]].read_text(encoding="utf-8")
    swapped = source.replace(f"{first}(", "\0(").replace(f"{second}(", f"{first}(").replace("\0(", f"{second}(")
    assert swapped != source and _stage_order(caller, swapped) != [name for name, _ in STAGE_CALLS[caller]]


def test_only_load_runs_the_load_stages():
    # build, the preview and every command go through load(): no other function chains two
    # of its stages (one alone is a part: the tile catalogue of `rulesite score` is validated).
    callers = {f"{module}.{name}" for module in MODULES for name, function in _functions(module).items()
               if len(set(_calls(function)) & LOAD_STAGES) > 1}
    assert callers == {"generator.project.load"}, sorted(callers)


def _home(module: str, name: str) -> str:
    """The module that defines the function ``module`` calls as ``name``: itself, or where it imports it from."""
    tree = ast.parse(MODULES[module].read_text(encoding="utf-8"))
    if name in _functions(module):
        return module
    sources = [node.module for node in ast.walk(tree) if isinstance(node, ast.ImportFrom) and node.module
               and any((alias.asname or alias.name) == name for alias in node.names)]
    assert len(sources) == 1, f"{module} gets {name} from {sources}"
    return sources[0]


@pytest.mark.parametrize("caller, function, stage", [(caller, function, stage) for caller, pairs in STAGE_CALLS.items()
                                                     for function, stage in pairs])
def test_each_stage_function_lives_in_the_module_named_after_its_stage(caller, function, stage):
    module = CALLERS[caller][0]
    home = _home(module, function)
    assert home in MODULES and function in _functions(home), f"{function} is not defined in {home}"
    assert _stage(MODULES[home]) == stage


# --------------------------------------------------------------------------- small functions

MAX_FUNCTION_LINES = 60


def test_every_function_is_under_sixty_lines():
    """The guide's size rule, for the package and the benchmarks alike (a function of more
    lines does several things: split it where it changes subject)."""
    long = []
    for path in sorted([*PACKAGE.rglob("*.py"), *(PACKAGE.parent / "benchmarks").rglob("*.py")]):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)):
                lines = node.end_lineno - node.lineno + 1
                if lines > MAX_FUNCTION_LINES:
                    long.append(f"{path.relative_to(PACKAGE.parent)}:{node.lineno} {node.name}: {lines} lines")
    assert long == []


# --------------------------------------------------------------------------- one home for caching

# Module-level names outside cache/ that are assigned once and changed at run time, with why
# each is not derived state. Everything a stage works out and keeps lives in
# generator/cache/state.py (State per process, Derived per project).
NOT_CACHES = {
    "generator.core.workers._state": "what a worker process was started with (set once by the pool initializer)",
}
_MUTATORS = {"add", "append", "clear", "discard", "extend", "insert", "pop", "popitem", "remove", "setdefault",
             "update", "__setitem__"}
_MUTABLE_CALLS = {"dict", "set", "list", "defaultdict", "OrderedDict", "WeakKeyDictionary", "WeakValueDictionary",
                  "LoadMemo", "Counter", "deque"}


def _changed_at_run_time(tree: ast.Module, name: str) -> bool:
    for node in ast.walk(tree):
        if isinstance(node, ast.Global) and name in node.names:
            return True
        target = None
        if isinstance(node, (ast.Assign, ast.AugAssign, ast.AnnAssign, ast.Delete)):
            targets = node.targets if isinstance(node, (ast.Assign, ast.Delete)) else [node.target]
            for target in targets:
                if isinstance(target, ast.Subscript) and isinstance(target.value, ast.Name) and target.value.id == name:
                    return True
        if (isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute) and node.func.attr in _MUTATORS
                and isinstance(node.func.value, ast.Name) and node.func.value.id == name):
            return True
    return False


def _module_state(path: Path) -> list[str]:
    """Names assigned at module level that the module changes afterwards (caches, memos)."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    names = []
    for node in tree.body:
        targets = node.targets if isinstance(node, ast.Assign) else [node.target] if isinstance(node, ast.AnnAssign) else []
        value = getattr(node, "value", None)
        for target in targets:
            if not isinstance(target, ast.Name):
                continue
            mutable = isinstance(value, (ast.Dict, ast.Set, ast.List, ast.ListComp, ast.DictComp, ast.SetComp)) or (
                isinstance(value, ast.Call) and getattr(value.func, "id", getattr(value.func, "attr", "")) in _MUTABLE_CALLS)
            rebound = any(isinstance(n, ast.Global) and target.id in n.names for n in ast.walk(tree))
            if rebound or (mutable and _changed_at_run_time(tree, target.id)):
                names.append(target.id)
    return names


def test_no_module_keeps_state_of_its_own_outside_the_cache_package():
    found = {f"{name}.{var}" for name, path in MODULES.items() if not name.startswith("generator.cache")
             for var in _module_state(path)}
    assert found - set(NOT_CACHES) == set(), "keep it in generator/cache/state.py"
    assert set(NOT_CACHES) <= found, "an exception that no longer exists: drop it from NOT_CACHES"


def test_memos_of_pure_functions_are_made_only_by_the_cache_package():
    # functools' memos are module-level caches too: every one goes through cache/memo.py's
    # pure(), so they are listed in one place and emptied together.
    for name, path in MODULES.items():
        if name.startswith("generator.cache"):
            continue
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)):
                for decorator in node.decorator_list:
                    text = ast.unparse(decorator)
                    assert not re.search(r"\b(lru_cache|cache)\b", text) or text.startswith("memo."), \
                        f"{name}.{node.name}: use generator.cache.memo.pure, not {text}"
    from generator.cache import memo
    from generator.model import markup

    assert markup.parse in memo.MEMOS  # the memos made through pure() are the ones it lists


def test_the_scan_finds_module_state():
    # The scan above would pass if it found nothing at all: it must see the one real state.
    assert "_CURRENT" in _module_state(PACKAGE / "cache" / "state.py")
