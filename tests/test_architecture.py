"""The shape of the code: stages in order, one definition of each vocabulary.

Every module of ``generator/`` names its stage in its docstring (``Stage: render.``); an
import may only point at the same or an earlier stage, and the import graph has no
cycle. Imports under ``if TYPE_CHECKING:`` are for type hints only and do not count.
"""

from __future__ import annotations

import ast
import re
from pathlib import Path

import pytest

from generator import scorer

PACKAGE = Path(__file__).resolve().parent.parent / "generator"
STAGES = ("scorer", "vocabulary", "read", "model", "validate", "check", "score", "translations", "load",
          "render", "write", "build", "command")


def _module_name(path: Path) -> str:
    parts = path.relative_to(PACKAGE.parent).with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


MODULES = {_module_name(path): path for path in sorted(PACKAGE.rglob("*.py"))}


def _stage(path: Path) -> str:
    doc = ast.get_docstring(ast.parse(path.read_text(encoding="utf-8"))) or ""
    found = re.findall(r"^Stage: ([a-z]+)", doc, re.M)
    assert len(found) == 1, f"{path.name}: the docstring must name its stage once, as 'Stage: <name>.'"
    assert found[0] in STAGES, f"{path.name}: unknown stage {found[0]!r}; stages are {', '.join(STAGES)}"
    return found[0]


def _type_checking_only(tree: ast.Module) -> set[int]:
    lines: set[int] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.If) and "TYPE_CHECKING" in ast.unparse(node.test):
            for child in node.body:
                lines.update(range(child.lineno, (child.end_lineno or child.lineno) + 1))
    return lines


def _imports(name: str, path: Path) -> set[str]:
    """Modules of the package that ``name`` imports at run time (functions included)."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    skip = _type_checking_only(tree)
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
            # `from . import markup` imports the module generator.markup, not the package.
            targets = [f"{module}.{alias.name}" if f"{module}.{alias.name}" in MODULES else module
                       for alias in node.names]
        for target in targets:
            while target and target not in MODULES:
                target = target.rpartition(".")[0]
            if target and target != name and target.startswith("generator"):
                found.add(target)
    return found


GRAPH = {name: _imports(name, path) for name, path in MODULES.items()}


def test_every_module_names_its_stage():
    for path in MODULES.values():
        _stage(path)


@pytest.mark.parametrize("name", sorted(MODULES))
def test_no_module_imports_a_later_stage(name):
    stage = STAGES.index(_stage(MODULES[name]))
    later = {target: _stage(MODULES[target]) for target in GRAPH[name] if STAGES.index(_stage(MODULES[target])) > stage}
    assert not later, f"{name} ({STAGES[stage]}) imports later stages: {later}"


def test_the_import_graph_has_no_cycle():
    done: set[str] = set()

    def visit(name: str, trail: tuple[str, ...]) -> None:
        assert name not in trail, "import cycle: " + " -> ".join(trail + (name,))
        if name in done:
            return
        for target in sorted(GRAPH[name]):
            visit(target, trail + (name,))
        done.add(name)

    for name in sorted(GRAPH):
        visit(name, ())


def test_the_scorer_imports_only_the_standard_library_and_itself():
    for name, path in MODULES.items():
        if not name.startswith("generator.scorer"):
            continue
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.ImportFrom) and not node.level:
                assert node.module in ("__future__", "dataclasses", "types", "typing", "collections", "math",
                                       "functools", "itertools", "string"), f"{name} imports {node.module}"
            elif isinstance(node, ast.Import):
                assert all(a.name in ("math", "string") for a in node.names), f"{name} imports {node.names}"


def test_the_graph_sees_real_imports():
    # The checks above would pass on an empty graph: make sure imports are found at all.
    assert "generator.project" in GRAPH["generator.build"]
    assert "generator.scorer" in GRAPH["generator.scenario"]
    assert "generator.render.generate" in GRAPH["generator.mkdocs_adapter"]


# --------------------------------------------------------------------------- one definition each

# (what, regular expression finding a copy in source text, the one module allowed to hold it)
DEFINITIONS = [
    ("the id pattern", re.escape("[a-z0-9]+(?:[-.][a-z0-9]+)*"), "generator/vocabulary.py"),
    ("the language-code pattern", re.escape("[a-z]{2,3}"), "generator/vocabulary.py"),
    ("the edition pattern", re.escape("C[0-9]"), "generator/vocabulary.py"),
    ("the list of editions", r"""["']C1["']\s*,\s*["']C2["']""", "generator/scorer/features.py"),
    ("the template-syntax pattern", re.escape(r"\{\{|\{%"), "generator/vocabulary.py"),
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
    from generator.scenario import _only

    documented = {code for row in _doc_rows("|Code|Situation|") for code in re.findall(r"`([a-z-]+)`", row[0])}
    placement = {_only(name) for name in ("complete", *scorer.ATTRIBUTES)}
    assert placement <= documented
    assert {code for code in documented if code.endswith("-only")} == placement


# --------------------------------------------------------------------------- build() names its stages

# The stage function build() calls, and the stage of the module it must live in.
STAGE_CALLS = [("read_all", "read"), ("validate_all", "validate"), ("check_references", "check"),
               ("score_examples", "score"), ("load_translations", "translations"), ("check_terms", "translations"),
               ("render_language", "render"), ("write_language", "write"), ("build_language", "build")]


def _calls(function: ast.FunctionDef) -> list[str]:
    calls = [node for node in ast.walk(function) if isinstance(node, ast.Call) and isinstance(node.func, ast.Name)]
    return [call.func.id for call in sorted(calls, key=lambda call: (call.lineno, call.col_offset))]


def test_build_calls_each_stage_by_name_in_order():
    tree = ast.parse(MODULES["generator.build"].read_text(encoding="utf-8"))
    functions = {node.name: node for node in tree.body if isinstance(node, ast.FunctionDef)}
    # build() runs the load stages itself, then each language's render, write and MkDocs stages.
    order = [name for name in _calls(functions["build"]) + _calls(functions["_build_language"])
             if name in dict(STAGE_CALLS)]
    assert order == [name for name, _ in STAGE_CALLS]


@pytest.mark.parametrize("function, stage", STAGE_CALLS)
def test_each_stage_function_lives_in_the_module_named_after_its_stage(function, stage):
    homes = [name for name, path in MODULES.items()
             if re.search(rf"^def {function}\(", path.read_text(encoding="utf-8"), re.M)]
    assert len(homes) == 1, homes
    assert _stage(MODULES[homes[0]]) == stage


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
