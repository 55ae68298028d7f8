"""Split builds: languages built apart (other machines, CI jobs), then put together.

``rulesite build --lang nl --out parts/nl`` builds a *part*: the language folders it
built, the site root for them, and a small manifest saying what the whole site has.
``rulesite assemble parts/* --out site`` copies every part's language folders into one
new site, writes the site root for all of them, and swaps it in the way ``build`` does:
the result is the site a single build of those languages gives, byte for byte.
"""

from __future__ import annotations

import json
import os
import shutil
from pathlib import Path

from generator.core.io_failure import inside, naming
from generator.core.lock import hold_folder
from generator.core.problem import Problem, ProblemsFound
from generator.output.sitedir import hold, mark, recover, refuse_unsafe, staging_for, swap
from generator.output.sitemap import sitemap_index
from generator.output.write import site_root

MANIFEST = "rulesite-part.json"


def write_part(folder: Path, languages: list[tuple[str, str]], built: dict[str, str], base: str,
               notfound: dict[str, tuple[str, str]], site_url: str | None) -> None:
    """The manifest of a part: every language of the site in order, what this part built
    (language code -> site title in that language), the base path the site is served under,
    per built language the "not found" title and text the root 404 page shows, and the site's
    address (None when not known), from which the assembled site's root sitemap is written."""
    manifest = {"languages": [list(pair) for pair in languages], "built": built, "base": base,
                "notfound": {code: list(pair) for code, pair in notfound.items()}, "site_url": site_url}
    (folder / MANIFEST).write_text(json.dumps(manifest, ensure_ascii=False, indent=1) + "\n", encoding="utf-8")


def _read(part: Path) -> dict:
    path = part / MANIFEST
    try:
        manifest = json.loads(path.read_text(encoding="utf-8"))
    except (OSError, ValueError) as exc:
        raise ProblemsFound([Problem(str(path), 1, 1, "not-a-part",
                                     f"not a part built with `rulesite build --lang CODE --out DIR` ({exc})")]) from None
    shape = {"languages": list, "base": str, "built": dict, "notfound": dict}
    wrong = [key for key, kind in shape.items() if not isinstance(manifest, dict) or not isinstance(manifest.get(key), kind)]
    if not wrong and set(manifest["built"]) - set(manifest["notfound"]):
        wrong = ["notfound"]  # every built language has its "not found" page words
    if not wrong and not isinstance(manifest.get("site_url", ""), (str, type(None))):
        wrong = ["site_url"]
    if wrong:
        raise ProblemsFound([Problem(str(path), 1, 1, "not-a-part",
                                     "not a part built with `rulesite build --lang CODE --out DIR` "
                                     f"(its manifest lacks {', '.join(wrong)})")])
    return manifest


def assemble(parts: list[Path], out: Path, root: Path, wait: bool = False) -> list[str]:
    """Put the parts together into ``out``; returns the language codes of the site.

    ``out`` is guarded like ``build``'s site folder: never the project ``root`` or a folder a
    build did not make, written by one run at a time (another raises
    :class:`~generator.core.lock.Busy` unless ``wait``), and replaced in one step, so a
    failed or killed run leaves it whole."""
    refuse_unsafe(root, out)
    with naming(out.parent, f"{out} was left as it was"), hold(out, wait, hint=""):
        recover(out)
        manifests = {part: _read(part) for part in parts}
        codes, owner = _owners(parts, manifests)
        staging = staging_for(out)
        held = hold_folder(staging)  # recover() elsewhere leaves it alone while this runs
        try:
            with naming(out, f"{out} was left as it was", inside(staging, out)):
                _fill(staging, codes, owner, manifests)
                swap(staging, out)
        finally:
            if staging.exists():
                shutil.rmtree(staging, ignore_errors=True)
            os.close(held)
    return codes


def _owners(parts: list[Path], manifests: dict[Path, dict]) -> tuple[list[str], dict[str, Path]]:
    """The site's language codes in its order, and the part that holds each; refuses parts that disagree."""
    first = next(iter(manifests.values()))
    problems, owner = [], {}
    for part, manifest in manifests.items():
        if (manifest["languages"], manifest["base"], manifest.get("site_url")) != \
                (first["languages"], first["base"], first.get("site_url")):
            problems.append(Problem(str(part / MANIFEST), 1, 1, "part-mismatch",
                                    f"built from other data or for another address than {parts[0]}"))
        for code in manifest["built"]:
            if code in owner:
                problems.append(Problem(str(part / MANIFEST), 1, 1, "part-mismatch",
                                        f"language {code!r} is also in {owner[code]}"))
            owner[code] = part
    if problems:
        raise ProblemsFound(problems)
    names = dict(map(tuple, first["languages"]))
    return [code for code in names if code in owner], owner  # the site's order, not the parts'


def _fill(staging: Path, codes: list[str], owner: dict[str, Path], manifests: dict[Path, dict]) -> None:
    """Every part's language folders and the site root for all of them, into ``staging``."""
    first = next(iter(manifests.values()))
    names = dict(map(tuple, first["languages"]))
    titles = {code: manifests[owner[code]]["built"][code] for code in codes}
    notfound = {code: tuple(manifests[owner[code]]["notfound"][code]) for code in codes}
    for code in codes:
        shutil.copytree(owner[code] / code, staging / code)
    default = first["languages"][0][0]
    for name, text in site_root([(c, names[c]) for c in codes], default, titles[codes[0]], first["base"],
                                notfound).items():
        (staging / name).write_text(text, encoding="utf-8")
    site_url = first.get("site_url")
    if site_url:  # the root sitemap a single build writes, naming each language's
        (staging / "sitemap.xml").write_text(sitemap_index(site_url, codes), encoding="utf-8")
    mark(staging)
