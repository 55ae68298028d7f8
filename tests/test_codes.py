"""The registry of problem codes (``generator/core/codes.py``) against the package and the guide.

Every code the package can make has an entry, found two ways: by scanning the source for
the code position of every call that makes a problem, and by running every fixture.
Every entry is made somewhere and shown by a fixture that really produces it or by a test
that exists, and the contributor guide's table is the one the registry generates.
"""

from __future__ import annotations

import ast
import contextlib
import importlib
import io
import itertools
import re
import shutil
import subprocess
import sys
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Iterator

import pytest

from generator import cli
from generator.check.catalogue import load_catalogue
from generator.check.rulesets import load_rulesets
from generator.commands import codes as command
from generator.core.codes import CODES, ENTRIES, table
from generator.core.problem import Problem
from generator.project import load
from generator.score.scenario import load_scenario

from .conftest import FIXTURES, ROOT
from .fixture_header import place, read_header

PACKAGE = ROOT / "generator"
GUIDE = ROOT / "content" / "en" / "contributing.md"

# ---------------------------------------------------------------- the package's source, scanned

FORWARD = "forwarded"
"""What a code or level position holds when it hands on one made elsewhere (``p.code``, a
helper's own ``code`` parameter): the place that made it is scanned instead."""


@dataclass(frozen=True)
class Module:
    name: str
    path: Path
    tree: ast.Module
    nodes: list[ast.AST]
    """Every node of the tree, from one walk: the scan below reads the package many times."""
    parents: dict[ast.AST, ast.AST]

    @property
    def namespace(self) -> dict[str, Any]:
        return vars(importlib.import_module(self.name))


@dataclass(frozen=True)
class Maker:
    """A function or class that makes a problem: whatever takes a code and a message."""

    name: str
    node: ast.AST
    module: Module
    method: bool
    """Called as ``something.name(...)``; a plain function is called by its name in its own module."""
    code: int
    """Position of the code among a call's arguments."""
    level: int | None
    """Position of the level, None when the maker takes none."""
    default: str
    """The level of a call that gives none."""


@dataclass(frozen=True)
class Use:
    """One call that makes a problem, and what the scan can tell of its code and level."""

    where: str
    codes: frozenset[str] | None
    """Every code it can make; None when part of it is known only at run time (see ``pattern``)."""
    pattern: str
    """A regular expression every code it can make matches."""
    levels: frozenset[str] | None
    """The levels it makes, None when the level is handed on from elsewhere."""


def _modules() -> list[Module]:
    found = []
    for path in sorted(PACKAGE.rglob("*.py")):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        nodes: list[ast.AST] = [tree]
        parents: dict[ast.AST, ast.AST] = {}
        for node in nodes:  # grows as it goes: a breadth-first walk that notes each parent
            for child in ast.iter_child_nodes(node):
                parents[child] = node
                nodes.append(child)
        parts = path.relative_to(ROOT).with_suffix("").parts
        found.append(Module(".".join(parts[:-1] if parts[-1] == "__init__" else parts), path, tree, nodes, parents))
    return found


MODULES = _modules()


def _constant(node: ast.AST | None) -> str | None:
    """``"error"`` from ``= "error"`` or ``= field(default="error")``."""
    if isinstance(node, ast.Call):
        node = next((k.value for k in node.keywords if k.arg == "default"), None)
    return node.value if isinstance(node, ast.Constant) and isinstance(node.value, str) else None


def _maker(module: Module, node: ast.AST) -> Maker | None:
    if isinstance(node, ast.FunctionDef):
        names = [a.arg for a in node.args.args]
        defaults = dict(zip(names[len(names) - len(node.args.defaults):], node.args.defaults))
        method = bool(names) and names[0] in ("self", "cls")
    elif isinstance(node, ast.ClassDef):
        fields = [s for s in node.body if isinstance(s, ast.AnnAssign) and isinstance(s.target, ast.Name)]
        names = [s.target.id for s in fields]
        defaults, method = {s.target.id: s.value for s in fields}, False
    else:
        return None
    if "code" not in names or "message" not in names:
        return None
    shift = 1 if method else 0
    level = names.index("level") - shift if "level" in names else None
    return Maker(node.name, node, module, method, names.index("code") - shift, level,
                 _constant(defaults.get("level")) or "error")


MAKERS = [maker for module in MODULES for node in module.nodes if (maker := _maker(module, node))]


# Every call of the package, by the name it calls (``f(...)``) and by attribute (``x.f(...)``).
CALLS_BY_NAME: dict[str, list[tuple[Module, ast.Call]]] = {}
CALLS_BY_ATTRIBUTE: dict[str, list[tuple[Module, ast.Call]]] = {}
for _module in MODULES:
    for _node in _module.nodes:
        if isinstance(_node, ast.Call) and isinstance(_node.func, ast.Name):
            CALLS_BY_NAME.setdefault(_node.func.id, []).append((_module, _node))
        elif isinstance(_node, ast.Call) and isinstance(_node.func, ast.Attribute):
            CALLS_BY_ATTRIBUTE.setdefault(_node.func.attr, []).append((_module, _node))


def _calls_to(name: str, *, method: bool, plain: Module | None = None) -> list[tuple[Module, ast.Call]]:
    """Calls of ``name``: as an attribute when ``method``, by name in ``plain`` only when given
    (``key`` and ``value`` are common names), else by name or attribute anywhere."""
    by_name = [] if method else CALLS_BY_NAME.get(name, [])
    if plain is not None:
        return [(module, call) for module, call in by_name if module is plain]
    return by_name + CALLS_BY_ATTRIBUTE.get(name, [])


def maker_calls(maker: Maker) -> list[tuple[Module, ast.Call]]:
    plain = maker.module if isinstance(maker.node, ast.FunctionDef) and not maker.method else None
    return _calls_to(maker.name, method=maker.method, plain=plain)


def argument(call: ast.Call, position: int | None, keyword: str) -> ast.AST | None:
    found = next((k.value for k in call.keywords if k.arg == keyword), None)
    if found is None and position is not None and position < len(call.args):
        found = call.args[position]
    return found


def _ancestors(module: Module, node: ast.AST) -> Iterator[ast.AST]:
    while node in module.parents:
        node = module.parents[node]
        yield node


def _value(module: Module, expr: ast.AST) -> Any:
    """The value of a name or attribute chain (``scorer.ATTRIBUTES``) in the module; None if it has none."""
    if not all(isinstance(n, (ast.Name, ast.Attribute, ast.Load)) for n in ast.walk(expr)):
        return None
    try:
        return eval(compile(ast.Expression(expr), str(module.path), "eval"), module.namespace)  # noqa: S307
    except Exception:  # noqa: BLE001 - a local variable, say: the scan cannot know it
        return None


def _domain(module: Module, expr: ast.AST) -> frozenset[str] | None:
    """The texts a loop over ``expr`` takes: a table of the module or of the scorer."""
    value = _value(module, expr)
    if isinstance(value, str):
        return frozenset({value})
    items = list(value) if isinstance(value, (tuple, list, set, frozenset, dict)) or hasattr(value, "keys") else []
    return frozenset(items) if items and all(isinstance(i, str) for i in items) else None


def _union(results: list[Any]) -> Any:
    if not results or any(r is None for r in results):
        return None
    if all(r == FORWARD for r in results):
        return FORWARD
    if any(r == FORWARD for r in results):
        return None
    return frozenset().union(*results)


def resolve(module: Module, node: ast.AST, depth: int = 0) -> Any:
    """Every text ``node`` can be (a frozenset), FORWARD, or None when only the running code knows."""
    if isinstance(node, ast.Constant) and isinstance(node.value, str):
        return frozenset({node.value})
    if isinstance(node, ast.Attribute) and node.attr in ("code", "level"):
        return FORWARD  # a problem's own code or level, handed on
    if isinstance(node, ast.IfExp):
        return _union([resolve(module, node.body, depth), resolve(module, node.orelse, depth)])
    if isinstance(node, ast.JoinedStr):
        parts = [resolve(module, v.value, depth) if isinstance(v, ast.FormattedValue) and v.format_spec is None
                 else frozenset({v.value}) if isinstance(v, ast.Constant) else None for v in node.values]
        if not all(isinstance(part, frozenset) for part in parts):
            return None
        return frozenset("".join(texts) for texts in itertools.product(*parts))
    if isinstance(node, ast.Name):
        return _name(module, node, depth)
    if isinstance(node, ast.Call):
        return _scorer_call(module, node, depth)
    return None


def _name(module: Module, node: ast.Name, depth: int) -> Any:
    """A loop variable takes its loop's values; a local its assigned ones; a parameter what its callers pass."""
    for scope in _ancestors(module, node):
        loops = [scope] if isinstance(scope, ast.For) else getattr(scope, "generators", [])
        for loop in loops:
            if isinstance(loop.target, ast.Name) and loop.target.id == node.id:
                return _domain(module, loop.iter)
        if isinstance(scope, ast.FunctionDef):
            return _local(module, scope, node.id, depth)
    return _domain(module, node)


def _local(module: Module, function: ast.FunctionDef, name: str, depth: int) -> Any:
    assigned = [n.value for n in ast.walk(function) if isinstance(n, ast.Assign)
                and any(isinstance(t, ast.Name) and t.id == name for t in n.targets)]
    if assigned:
        return _union([resolve(module, value, depth) for value in assigned])
    names = [a.arg for a in function.args.args]
    if name not in names:
        return None
    if name in ("code", "level") and any(maker.node is function for maker in MAKERS):
        return FORWARD  # a maker's own code: its callers are scanned as uses
    if depth >= 4:
        return None
    method = names[0] in ("self", "cls")
    position = names.index(name) - (1 if method else 0)
    passed = [(caller, argument(call, position, name)) for caller, call in _calls_to(function.name, method=method)]
    return _union([None if arg is None else resolve(caller, arg, depth + 1) for caller, arg in passed])


def _scorer_call(module: Module, call: ast.Call, depth: int) -> Any:
    # The scorer's functions are pure and its names give some codes (only_code, too_many_code):
    # calling them on every value their argument can take gives every code they make.
    func = _value(module, call.func)
    if not callable(func) or not getattr(func, "__module__", "").startswith("generator.scorer") or call.keywords:
        return None
    args = [resolve(module, arg, depth) for arg in call.args]
    if not all(isinstance(arg, frozenset) for arg in args):
        return None
    return frozenset(func(*values) for values in itertools.product(*args))


ANY = "[a-z0-9-]+"


def _pattern(module: Module, node: ast.AST) -> str:
    """A regular expression for a code known in part: an f-string's fixed parts, and what the scan knows of the rest."""
    values = node.values if isinstance(node, ast.JoinedStr) else [node]
    parts = []
    for value in values:
        known = resolve(module, value.value if isinstance(value, ast.FormattedValue) else value)
        parts.append("(?:" + "|".join(map(re.escape, sorted(known))) + ")" if isinstance(known, frozenset)
                     else ANY)
    return "".join(parts)


def _levels(module: Module, call: ast.Call, maker: Maker) -> frozenset[str] | None:
    if maker.level is not None:
        expr = argument(call, maker.level, "level")
        found = frozenset({maker.default}) if expr is None else resolve(module, expr)
        return found if isinstance(found, frozenset) else None
    if isinstance(maker.node, ast.FunctionDef):
        # A helper without a level (warn, _at): the level of the problem it makes of its own code.
        inside = {id(node) for node in ast.walk(maker.node)}
        inner = [_levels(other_module, inner_call, other) for other in MAKERS
                 for other_module, inner_call in maker_calls(other) if id(inner_call) in inside
                 and isinstance(code := argument(inner_call, other.code, "code"), ast.Name) and code.id == "code"]
        return _union(inner) if inner else None
    # A class without a level (MarkupError, BoardProblem) becomes a problem where its code is
    # handed on, at the default level there; the fixture runs below check the levels made.
    return frozenset({"error"})


def _uses() -> list[Use]:
    found = []
    for maker in MAKERS:
        for module, call in maker_calls(maker):
            code = argument(call, maker.code, "code")
            codes = None if code is None else resolve(module, code)
            if code is None or codes == FORWARD:
                continue
            found.append(Use(f"{module.path.relative_to(ROOT).as_posix()}:{call.lineno}",
                             codes if isinstance(codes, frozenset) else None, _pattern(module, code),
                             _levels(module, call, maker)))
    return found


USES = _uses()


def _static_codes() -> set[str]:
    return set().union(*(use.codes for use in USES if use.codes is not None))


# ---------------------------------------------------------------- every fixture, run


def _has_header(path: Path) -> bool:
    text = path.read_text(encoding="utf-8", errors="replace")
    return any(line.startswith("# expect: ") for line in text.splitlines())


# minimal/ is the clean project the project fixtures are put into; valid/ fixtures produce nothing.
FIXTURE_FILES = sorted(path for path in FIXTURES.rglob("*.yaml")
                       if path.relative_to(FIXTURES).parts[0] != "minimal" and _has_header(path))


def _run(path: Path, project: Path, rulesets: Any, catalogue: Any) -> list[Problem]:
    """What a fixture produces, run as its own tests run it: a project fixture put into a copy
    of the minimal project, which is loaded; a scenario or board read where it is, on the
    real rulesets and tile catalogue."""
    if read_header(path).file is None:
        return load_scenario(path, rulesets, tiles=catalogue)[1]
    shutil.copytree(FIXTURES / "minimal", project)
    # As conftest's minimal project: the interface strings are the real ones.
    shutil.copy(ROOT / "rules_data" / "ui.yaml", project / "rules_data" / "ui.yaml")
    place(project, path)
    return list(load(project)[1])


@pytest.fixture(scope="module")
def produced(tmp_path_factory: pytest.TempPathFactory) -> dict[Path, list[Problem]]:
    """Every fixture with an ``# expect:`` header to the problems it produces."""
    rulesets, _ = load_rulesets(ROOT)
    catalogue, _ = load_catalogue(ROOT)
    folder = tmp_path_factory.mktemp("fixtures")
    return {path: _run(path, folder / str(i), rulesets, catalogue) for i, path in enumerate(FIXTURE_FILES)}


# ---------------------------------------------------------------- the registry itself


def test_the_registry_has_one_plain_entry_per_code() -> None:
    assert len(CODES) == len(ENTRIES), "a code is registered twice"
    for entry in ENTRIES:
        # The fixture header's pattern for a code, so every code can be shown by a fixture.
        assert re.fullmatch(r"[a-z]+(?:-[a-z]+)*", entry.code), entry.code
        assert entry.levels and len(set(entry.levels)) == len(entry.levels), entry.code
        assert set(entry.levels) <= {"error", "warning"}, entry.code
        # One line of a Markdown table: no line break, no cell separator.
        assert entry.description and not re.search(r"[|\n]", entry.description), entry.code
        assert entry.test or entry.shown_by.startswith("tests/fixtures/"), entry.code


def test_the_scan_sees_every_way_a_code_is_made() -> None:
    # The tests below would pass on an empty scan: it must see codes made each way there is.
    made = _static_codes()
    assert len(USES) > 100
    assert {"yaml-syntax", "bad-id", "raw-html", "template-syntax"} <= made  # literals, and both sides of an if
    assert {"too-many-witches", "city-or-road-only", "field-only"} <= made  # the scorer's code functions
    assert "unknown-publisher" in made  # a helper's parameter, through the helpers that pass it on
    assert any(use.codes == {"empty-translation"} and use.levels == {"warning"} for use in USES)  # a helper's level
    partly = [use.pattern for use in USES if use.codes is None]
    assert any(re.fullmatch(pattern, "not-on-field") for pattern in partly)  # an f-string over a run-time value


def test_every_code_the_source_makes_is_registered() -> None:
    missing = []
    for use in USES:
        if use.codes is not None:
            missing += [f"{use.where}: {code}" for code in sorted(use.codes - set(CODES))]
        elif not any(re.fullmatch(use.pattern, code) for code in CODES):
            missing.append(f"{use.where}: a code like {use.pattern}")
    assert not missing, "register these in generator/core/codes.py: " + "; ".join(missing)


def test_the_scan_knows_at_least_the_fixed_part_of_every_code() -> None:
    unknown = [use.where for use in USES if use.codes is None and use.pattern == ANY]
    assert not unknown, ("the scan cannot tell which code these make: write it as a literal, an f-string "
                         f"or a call of a scorer function, or teach the scan: {unknown}")


def test_every_code_is_made_only_at_the_levels_it_registers() -> None:
    wrong = [f"{use.where}: {code} as {sorted(use.levels)}" for use in USES if use.codes and use.levels
             for code in use.codes if code in CODES and not use.levels <= set(CODES[code].levels)]
    assert not wrong, wrong


# ---------------------------------------------------------------- the fixtures and tests that show them


def test_every_problem_the_fixtures_produce_has_a_registered_code_and_level(produced) -> None:
    assert len(produced) > 80  # every family of fixtures was found and run
    wrong = [f"{path.relative_to(ROOT)}: {problem.format_text()}" for path, problems in produced.items()
             for problem in problems if problem.code not in CODES or problem.level not in CODES[problem.code].levels]
    assert not wrong, wrong


FIXTURE_ENTRIES = [entry for entry in ENTRIES if entry.test is None]


@pytest.mark.parametrize("entry", FIXTURE_ENTRIES, ids=[entry.code for entry in FIXTURE_ENTRIES])
def test_the_fixture_of_each_code_produces_it_where_its_header_says(entry, produced) -> None:
    path = ROOT / entry.shown_by
    assert path in produced, f"{entry.shown_by} is no fixture with an '# expect:' header"
    expected = {item for item in read_header(path).expected if item[2] == entry.code}
    assert expected, f"{entry.shown_by} does not say it produces {entry.code}"
    found = {(problem.line, problem.column, problem.code) for problem in produced[path]}
    assert expected & found, f"{entry.shown_by}: expected {sorted(expected)}, produced {sorted(found)}"


TEST_ENTRIES = [entry for entry in ENTRIES if entry.test is not None]


def _test_source(node_id: str) -> str:
    """The text of a test function, its decorators (where parameters are) included."""
    file, _, name = node_id.partition("::")
    text = (ROOT / file).read_text(encoding="utf-8")
    function = next((node for node in ast.parse(text).body if isinstance(node, ast.FunctionDef)
                     and node.name == name.partition("[")[0]), None)
    assert function is not None, f"{node_id}: no such test function"
    first = min([function.lineno] + [decorator.lineno for decorator in function.decorator_list])
    return "\n".join(text.splitlines()[first - 1:function.end_lineno])


@pytest.mark.parametrize("entry", TEST_ENTRIES, ids=[entry.code for entry in TEST_ENTRIES])
def test_the_test_of_each_code_names_the_code(entry) -> None:
    assert re.search(rf"(?<![a-z-]){re.escape(entry.code)}(?![a-z-])", _test_source(entry.test)), entry.test


def test_pytest_collects_every_test_the_registry_names() -> None:
    node_ids = sorted({entry.test for entry in TEST_ENTRIES})
    run = subprocess.run([sys.executable, "-m", "pytest", "--collect-only", "-q", "-p", "no:cacheprovider", *node_ids],
                         capture_output=True, text=True, cwd=ROOT, timeout=300)
    assert run.returncode == 0, run.stdout[-3000:] + run.stderr[-3000:]
    assert set(node_ids) <= set(run.stdout.splitlines()), run.stdout[-3000:]


def test_every_registered_code_and_level_is_made_somewhere(produced) -> None:
    """No dead entry: the scan sees the code made, or it matches a code the scan knows only in
    part (``not-on-{kind}``) and a fixture makes it; and every level registered is made."""
    running: dict[str, set[str]] = {}
    for problems in produced.values():
        for problem in problems:
            running.setdefault(problem.code, set()).add(problem.level)
    partly = [use.pattern for use in USES if use.codes is None]
    static = _static_codes()
    dead, levels = [], []
    for code, entry in CODES.items():
        if code not in static and not (code in running and any(re.fullmatch(pattern, code) for pattern in partly)):
            dead.append(code)
            continue
        made = {level for use in USES if use.codes and code in use.codes for level in use.levels or ()}
        made |= running.get(code, set())
        if not set(entry.levels) <= made:
            levels.append(f"{code}: registered {list(entry.levels)}, made {sorted(made)}")
    assert not dead, f"no part of the package makes these: {dead}"
    assert not levels, levels


# ---------------------------------------------------------------- the guide's table


def test_the_contributor_guide_holds_the_generated_table() -> None:
    text = GUIDE.read_text(encoding="utf-8")
    assert command.with_table(text) == text, "the table of problem codes is stale: run `rulesite codes`"
    assert table().count("\n| `") == len(CODES)


def _rulesite_codes(root: Path, *args: str) -> tuple[int, str]:
    err = io.StringIO()
    with contextlib.redirect_stdout(io.StringIO()), contextlib.redirect_stderr(err):
        status = cli.main(["--root", str(root), "codes", *args])
    return status, err.getvalue()


def test_rulesite_codes_writes_the_table_and_check_refuses_a_stale_one(tmp_path: Path) -> None:
    guide = tmp_path / command.GUIDE
    guide.parent.mkdir(parents=True)
    fresh = GUIDE.read_text(encoding="utf-8")
    stale = fresh.replace("| `term` |", "| `old-term` |")
    assert stale != fresh
    guide.write_text(stale, encoding="utf-8")
    status, err = _rulesite_codes(tmp_path, "--check")
    assert status == 1 and "out of date; run `rulesite codes`" in err
    assert guide.read_text(encoding="utf-8") == stale  # --check writes nothing
    assert _rulesite_codes(tmp_path) == (0, "")
    assert guide.read_text(encoding="utf-8") == fresh  # only the table changed
    assert _rulesite_codes(tmp_path, "--check") == (0, "")


def test_rulesite_codes_refuses_a_guide_without_the_markers(tmp_path: Path) -> None:
    assert _rulesite_codes(tmp_path, "--check")[0] == 1  # no guide at all
    guide = tmp_path / command.GUIDE
    guide.parent.mkdir(parents=True)
    guide.write_text("# Contributor guide\n", encoding="utf-8")
    status, err = _rulesite_codes(tmp_path)
    assert status == 1 and command.START in err
    assert guide.read_text(encoding="utf-8") == "# Contributor guide\n"
