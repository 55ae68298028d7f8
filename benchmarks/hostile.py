"""Benchmark: large and hostile inputs finish in seconds (a benchmark, not a timed test).

    python -m benchmarks.hostile

1. A 10,000-word unit whose Dutch translation is outdated: load the project and render
   the Dutch site, word diff of the comparison view included.
2. A 1 MB unit: the reader refuses it with a located ``too-long``; and the checks behind it
   (markup scan, error positions) run directly on 1 MB of text with 10,000 mistakes.
3. ``completed_cities: 10**7``: ``rulesite score`` refuses it at its line (a field borders
   at most 1,000 cities); the pure scorer with the per-city farm rules, which has no such
   bound, is timed at growing sizes to show that its cost grows linearly.
"""

from __future__ import annotations

import contextlib
import io
import json
import random
import shutil
import tempfile
import time
from pathlib import Path

import yaml

from generator import cli, scorer
from generator.check import known, texts
from generator.project import load
from generator.render.generate import render_language
from generator.read.source import Source, read

ROOT = Path(__file__).resolve().parent.parent


def _timed(label: str, call) -> object:
    start = time.perf_counter()
    result = call()
    print(f"{label}: {time.perf_counter() - start:.2f} s")
    return result


def long_unit(work: Path) -> None:
    for name in ("rules_data", "examples", "content"):
        shutil.copytree(ROOT / name, work / name)
    rng = random.Random(13)
    words = [w.strip(".,") for w in (ROOT / "README.md").read_text(encoding="utf-8").split() if w.isalpha()]
    text = " ".join(rng.choice(words) for _ in range(10_000))
    older = " ".join(w if rng.random() > 0.05 else "earlier" for w in text.split())
    page = work / "rules_data" / "pages" / "crop-circles-c1.yaml"
    source, _ = read(page)
    path = next(k for k, v in source.spans.items() if k[-1] == "text" and "paragraph" in k)
    start, end, _ = source.spans[path]
    unit_id = source.data
    for part in path[:-1]:
        unit_id = unit_id[part]
    tail = "\n" if source.text[start:end].endswith("\n") else ""  # a block scalar's span takes its line break
    page.write_text(source.text[:start] + json.dumps(text) + tail + source.text[end:], encoding="utf-8")
    # The Dutch translation was made from an older 10,000-word English: outdated, so the
    # comparison view shows a word diff of the two.
    translation = work / "rules_data" / "translations" / "nl" / "crop-circles-c1.yaml"
    tsource, _ = read(translation)
    key = ("units", unit_id["id"], "source_text")
    if key in tsource.spans:
        start, end, _ = tsource.spans[key]
        tail = "\n" if tsource.text[start:end].endswith("\n") else ""
        translation.write_text(tsource.text[:start] + json.dumps(older) + tail + tsource.text[end:], encoding="utf-8")
    else:
        translation.write_text(tsource.text.rstrip("\n") + f"\n  {unit_id['id']}:\n    text: {json.dumps(older)}\n"
                               f"    source: \"000000000000\"\n    source_text: {json.dumps(older)}\n", encoding="utf-8")
    project, problems = _timed("10,000-word unit: load, check, score", lambda: load(work))
    errors = [p for p in problems if p.level == "error"]
    assert project is not None and not errors, errors[:3]
    (work / "build" / "jinja-cache").mkdir(parents=True)
    for code in ("en", "nl"):  # the comparison views with the word diff are in every language
        _timed(f"10,000-word unit: render the {code} site (word diff included)",
               lambda: render_language(project, code, work / "build" / "jinja-cache"))


def megabyte_unit(work: Path) -> None:
    big = "A paragraph with a mistake {fn:nowhere} and *open emphasis " * 17_000
    path = work / "big.yaml"
    path.write_text("units:\n  a:\n    text: " + json.dumps(big) + "\n", encoding="utf-8")
    _, problems = _timed(f"1 MB unit ({len(big):,} characters) through the reader", lambda: read(path))
    print("   ", problems[0].format_text())
    text = "units:\n  a:\n    text: >-\n" + "".join(f"      {big[i:i + 70]}\n" for i in range(0, len(big), 70))
    source = Source(file="big.yaml", text=text, data=yaml.safe_load(text))
    found = _timed("1 MB unit: markup scan and positions of every mistake (check_text)",
                   lambda: texts.check_text(source, ("units", "a", "text"), source.data["units"]["a"]["text"],
                                            "markup", set(), known.Known()))
    print(f"    {len(found):,} problems, last at line {max(p.line for p in found):,}")


def many_cities(work: Path) -> None:
    path = work / "cities.yaml"
    path.write_text("scoring: final\nedition: C1\nfeatures:\n"
                    "  - {type: field, completed_cities: 10000000, followers: {red: 1}}\n", encoding="utf-8")
    err = io.StringIO()
    with contextlib.redirect_stderr(err), contextlib.redirect_stdout(io.StringIO()):
        _timed("rulesite score with completed_cities: 10**7", lambda: cli.main(["--root", str(ROOT), "score", str(path)]))
    print("   ", err.getvalue().strip().splitlines()[0])
    table = load(ROOT)[0].table
    per_city = next((name for name in table if table.rules(name).farm.method == "per-city"), None)
    if per_city is None:
        return
    for cities in (1_000, 10_000, 100_000):
        scenario = scorer.Scenario((scorer.Feature("field", {"red": 1}, completed_cities=cities),), "final")
        _timed(f"scorer, per-city farm rules ({per_city}), {cities:,} cities",
               lambda: scorer.score(scenario, table.rules(per_city)))


def main() -> int:
    with tempfile.TemporaryDirectory(prefix="rulesite-hostile-") as tmp:
        for name, step in (("long", long_unit), ("mega", megabyte_unit), ("cities", many_cities)):
            folder = Path(tmp) / name
            folder.mkdir()
            step(folder)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
