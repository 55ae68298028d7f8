"""A synthetic rulesite project shaped like the real pages, for measuring builds at scale.

    python -m benchmarks.corpus --pages 150 --languages 5 --out /tmp/corpus-150

The real project's pages are the templates: page ``i`` is a copy of template
``i % T`` for T real pages (30 to 70 units each, footnotes of every kind, printing differences, worked
examples) with its own id, title and order, filed under a synthetic expansion of six
pages, as the community wiki groups its pages, with that expansion's own printings
(clones of the template's, so publisher pages grow with the site as they would). Every translation stays complete and
current: the new titles and expansion names get translated texts whose stored English
fingerprint matches the new English. The result passes ``rulesite check``.

Only the first ``--languages`` languages of ``rules_data/site.yaml`` are kept (1 to 5);
above five, the languages of :mod:`benchmarks.languages` are added (up to nine, as many as
the community wiki has), their texts made mechanically from the English of every unit that
the Dutch translation holds, so they are as complete and current as the real ones.
The real pages keep their ids, so the links between them keep resolving.

With ``--wikitext`` every page is also written as the community wiki would hold it, under
``wiki/``: a source page (``ID.wiki``: ``<languages />``, ``<translate>``, a ``<!--T:n-->``
marker per unit) and one language subpage per translation (``ID.CODE.wiki``, no markers),
each a view-source copy whose first line names it. The texts are the project's own, turned
into wikitext: headings, footnotes with their icon (named, reused as ``<ref name=…/>``),
lists, the captioned worked examples and the tile list. The same pages are also written as
one ``Special:Export`` file, ``wiki/export.xml``. ``benchmarks/wiki.py`` lints both.
"""

from __future__ import annotations

import argparse
import copy
import re
import shutil
import sys
from functools import lru_cache
from pathlib import Path
from typing import Any

import yaml
from xml.sax.saxutils import escape

from benchmarks.languages import EXTRA, language_entry, pseudo_translation
from benchmarks.wikitext import WikiPage
from generator.model.units import fingerprint

ROOT = Path(__file__).resolve().parent.parent
PAGES_PER_EXPANSION = 6
# Folders and files of the real project that a build reads, copied as they are.
COPIED = ("content", "theme", "mkdocs.yml")
# The same under rules_data/: the interface, the rulesets, the termbase and the tile catalogue.
COPIED_DATA = ("ui.yaml", "rulesets.yaml", "terms", "tiles")


# libyaml's safe loader and dumper when available: the corpus has thousands of files.
_LOADER = getattr(yaml, "CSafeLoader", yaml.SafeLoader)
_DUMPER = getattr(yaml, "CSafeDumper", yaml.SafeDumper)


@lru_cache(maxsize=None)
def _read(path: Path) -> Any:
    return yaml.load(path.read_text(encoding="utf-8"), Loader=_LOADER)  # noqa: S506 (a safe loader)


def _load(path: Path) -> Any:
    """A fresh copy of a template file (each is parsed once, then copied)."""
    return copy.deepcopy(_read(path))


def _dump(path: Path, data: Any) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(yaml.dump(data, Dumper=_DUMPER, allow_unicode=True, sort_keys=False, width=1000), encoding="utf-8")


def _translated(text: str, english: str) -> dict[str, str]:
    """A current translation unit: its stored English and fingerprint match ``english``."""
    return {"text": text, "source": fingerprint(english), "source_text": english}


def real_pages(source: Path) -> int:
    """How many rules pages the project at ``source`` has: the smallest corpus."""
    return len(list((source / "rules_data" / "pages").glob("*.yaml")))


class Corpus:
    def __init__(self, source: Path, out: Path, pages: int, languages: int):
        # Every real page is in the corpus: a page links to others and the tile catalogue
        # names the pages that show each tile, so a corpus without some would not check.
        if pages < real_pages(source):
            raise SystemExit(f"benchmarks.corpus: --pages must be at least {real_pages(source)} "
                             "(the real pages, which are the templates)")
        self.source, self.out, self.pages = source, out, pages
        self.site = _load(source / "rules_data" / "site.yaml")
        real = len(self.site["languages"])
        if not 1 <= languages <= real + len(EXTRA):
            raise SystemExit(f"benchmarks.corpus: --languages must be 1 to {real + len(EXTRA)}")
        self.site["languages"] = self.site["languages"][:languages]
        # The added languages the project does not have already (a project may have French).
        addable = tuple(code for code in EXTRA if code not in {lang["code"] for lang in self.site["languages"]})
        if languages > real + len(addable):
            raise SystemExit(f"benchmarks.corpus: --languages must be 1 to {real + len(addable)}")
        self.extra = addable[:max(0, languages - real)]
        self.site["languages"] += [language_entry(code) for code in self.extra]
        self.codes = [lang["code"] for lang in self.site["languages"]]
        self.targets = self.codes[1:]
        self.templates = sorted(p.stem for p in (source / "rules_data" / "pages").glob("*.yaml"))
        self.translations = {code: {} for code in self.targets}  # code -> doc -> units added

    def write(self) -> None:
        if self.out.exists():
            shutil.rmtree(self.out)
        self.out.mkdir(parents=True)
        for name in COPIED:
            src = self.source / name
            if src.is_dir():
                shutil.copytree(src, self.out / name, ignore=self._ignore_languages)
            else:
                shutil.copy2(src, self.out / name)
        for code in self.targets:
            (self.out / "rules_data" / "translations" / code).mkdir(parents=True)
        (self.out / "examples").mkdir()
        for name in COPIED_DATA:
            src = self.source / "rules_data" / name
            if src.is_dir():
                shutil.copytree(src, self.out / "rules_data" / name)
            elif src.exists():
                shutil.copy2(src, self.out / "rules_data" / name)
        self.termbase()
        for code in self.targets:
            for name in ("ui.yaml", "site.yaml"):
                _dump(self.out / "rules_data" / "translations" / code / name, self.translation(code, name[:-5]))
        expansions = {e["id"]: e for e in self.site["expansions"]}
        for index in range(self.pages):
            self.page(index, expansions)
        _dump(self.out / "rules_data" / "site.yaml", self.site)
        for code, docs in self.translations.items():
            path = self.out / "rules_data" / "translations" / code / "site.yaml"
            data = _load(path)
            data["units"].update(docs.get("site", {}))
            _dump(path, data)

    def wikitext(self) -> None:
        """Every page of the written corpus as wiki pages, under ``wiki/`` (see the module's docstring)."""
        folder = self.out / "wiki"
        folder.mkdir(exist_ok=True)
        names = {**{p["id"]: p["name"] for p in self.site["publishers"]},
                 **{f"category:{c['id']}": c["name"] for c in self.site.get("categories", [])}}
        for path in sorted((self.out / "rules_data" / "pages").glob("*.yaml")):
            page = _read(path)
            (folder / f"{page['id']}.wiki").write_text(WikiPage(page, None, {}, names).text(), encoding="utf-8")
            for code in self.targets:
                units = _read(self.out / "rules_data" / "translations" / code / f"{page['id']}.yaml")["units"]
                (folder / f"{page['id']}.{code}.wiki").write_text(WikiPage(page, code, units, names).text(),
                                                                  encoding="utf-8")

    def export(self) -> Path:
        """Every wiki page of :meth:`wikitext` in one ``Special:Export`` file, ``wiki/export.xml``
        (each page's latest revision; the view-source line becomes the page's ``<title>``)."""
        target = self.out / "wiki" / "export.xml"
        with open(target, "w", encoding="utf-8") as out:
            out.write('<mediawiki xmlns="http://www.mediawiki.org/xml/export-0.11/" version="0.11" xml:lang="en">\n'
                      "  <siteinfo><sitename>Synthetic wiki</sitename></siteinfo>\n")
            for number, path in enumerate(sorted((self.out / "wiki").glob("*.wiki")), start=1):
                first, _, text = path.read_text(encoding="utf-8").partition("\n")
                title = first.removeprefix("View source for ")
                out.write(f"  <page>\n    <title>{escape(title)}</title>\n    <ns>0</ns>\n    <id>{number}</id>\n"
                          f"    <revision>\n      <id>{1000 + number}</id>\n      <model>wikitext</model>\n"
                          f'      <format>text/x-wiki</format>\n      <text bytes="{len(text.encode())}" '
                          f'xml:space="preserve">{escape(text)}</text>\n    </revision>\n  </page>\n')
            out.write("</mediawiki>\n")
        return target

    def translation(self, code: str, document: str) -> dict[str, Any]:
        """A fresh copy of the real translation of ``document`` in ``code``; for an added
        language, one made from the Dutch translation's English (:mod:`benchmarks.languages`);
        none (no units) where the project has not translated it yet, as a language just added."""
        if code in self.extra:
            return _pseudo(code, document, self.source)
        return _translation_file(self.source, code, document)

    def termbase(self) -> None:
        """The termbase keeps the terms of the corpus's languages only (the others are not the site's)."""
        for path in sorted((self.out / "rules_data" / "terms").glob("*.yaml")):
            data = _load(path)
            for concept in data.get("concepts", []):
                concept["terms"] = [term for term in concept.get("terms", []) if term.get("language") in self.codes]
                if "meanings" in concept:
                    concept["meanings"] = {code: text for code, text in concept["meanings"].items() if code in self.codes}
            # A concept with terms in left-out languages only has no entry in the corpus's.
            data["concepts"] = [c for c in data.get("concepts", []) if c["terms"]]
            _dump(path, data)

    def _ignore_languages(self, folder: str, names: list[str]) -> list[str]:
        # content/<lang>/ of languages left out of the corpus
        if Path(folder).name == "content":
            return [n for n in names if n not in self.codes]
        return []

    def page(self, index: int, expansions: dict[str, dict[str, Any]]) -> None:
        template = self.templates[index % len(self.templates)]
        data = _load(self.source / "rules_data" / "pages" / f"{template}.yaml")
        original_title, original_expansion = data["title"], data["expansion"]
        if index >= len(self.templates):
            # A copy: its own id, title, place, and a synthetic expansion of six pages.
            page_id = f"{template}-s{index:03d}"
            data["id"], data["order"] = page_id, 100 + index
            # The number before the edition in brackets, as the wiki's titles end: "Base game 14 (first edition)".
            data["title"] = re.sub(r"(\s*\([^()]*\))?$", lambda m: f" {index}{m.group(0)}", original_title, count=1)
            data["expansion"] = self.expansion(index, expansions[original_expansion])
            self.own_printings(data, index // PAGES_PER_EXPANSION)
        page_id = data["id"]
        if page_id != template:
            _rename_examples(data, template, page_id)
        data["related"] = [r for r in data.get("related", []) if r in self.templates]
        _dump(self.out / "rules_data" / "pages" / f"{page_id}.yaml", data)
        for code in self.targets:
            translation = self.translation(code, template)
            title = translation["units"].get("title")
            if page_id != template and title is not None:
                title["text"] = f"{title['text']} {index}"
                translation["units"]["title"] = _translated(title["text"], data["title"])
            _dump(self.out / "rules_data" / "translations" / code / f"{page_id}.yaml", translation)
        for example in sorted((self.source / "examples").glob("*.yaml")):
            scenario = _load(example)
            if scenario.get("page") == template:
                scenario["page"] = page_id
                scenario["id"] = scenario["id"].replace(template, page_id, 1)
                _dump(self.out / "examples" / f"{scenario['id']}.yaml", scenario)

    def own_printings(self, data: dict[str, Any], number: int) -> None:
        """Give the copy printings of its own expansion, as the wiki's pages have.

        Each printing the template names (releases and printing footnotes) is cloned once
        per synthetic expansion, with the same texts, so publisher pages grow with the
        site the way they would with real data.
        """
        known = {p["id"]: p for p in self.site["printings"]}

        def clone(printing_id: str) -> str:
            new_id = f"{printing_id}-s{number:03d}"
            if new_id not in known:
                known[new_id] = {**copy.deepcopy(known[printing_id]), "id": new_id}
                self.site["printings"].append(known[new_id])
                for code in self.targets:
                    units = self.translation(code, "site")["units"]
                    for part in ("description", "name"):  # a name is a unit where it is translated
                        if f"printing.{printing_id}.{part}" in units:
                            self.translations[code].setdefault("site", {})[f"printing.{new_id}.{part}"] = \
                                copy.deepcopy(units[f"printing.{printing_id}.{part}"])
            return new_id

        for release in data["info"].get("releases", []):
            release["printing"] = clone(release["printing"])
        for note in data.get("footnotes", []):
            for name in ("only_in", "missing_from", "kept_in"):
                if note.get(name):
                    note[name] = [clone(p) for p in note[name]]
            if note.get("since"):
                note["since"] = clone(note["since"])

    def expansion(self, index: int, template: dict[str, Any]) -> str:
        number = index // PAGES_PER_EXPANSION
        expansion_id = f"synthetic-{number:03d}"
        if any(e["id"] == expansion_id for e in self.site["expansions"]):
            return expansion_id
        name = f"{template['name']} {number}"
        self.site["expansions"].append({"id": expansion_id, "name": name})
        for code in self.targets:
            units = self.translation(code, "site")["units"]
            found = units.get(f"expansion.{template['id']}")
            if found is None:
                continue  # the real name has no translation in this language: nor has its copy
            self.translations[code].setdefault("site", {})[f"expansion.{expansion_id}"] = \
                _translated(f"{found['text']} {number}", name)
        return expansion_id


def _pseudo(code: str, document: str, source: Path) -> dict[str, Any]:
    return copy.deepcopy(_pseudo_read(code, document, source))


@lru_cache(maxsize=None)
def _pseudo_read(code: str, document: str, source: Path) -> dict[str, Any]:
    return pseudo_translation(code, _translation_file(source, "nl", document))


def _translation_file(source: Path, code: str, document: str) -> dict[str, Any]:
    """A fresh copy of the project's translation of ``document`` in ``code``; none (no units)
    where it has none yet, as for a page or a language just added."""
    path = source / "rules_data" / "translations" / code / f"{document}.yaml"
    return _load(path) if path.is_file() else {"units": {}}


def _rename_examples(node: Any, template: str, page_id: str) -> None:
    """Point the page's ``example: {ref: ...}`` blocks at the copies of its examples."""
    if isinstance(node, dict):
        example = node.get("example")
        if isinstance(example, dict) and isinstance(example.get("ref"), str):
            example["ref"] = example["ref"].replace(template, page_id, 1)
        for value in node.values():
            _rename_examples(value, template, page_id)
    elif isinstance(node, list):
        for value in node:
            _rename_examples(value, template, page_id)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--pages", type=int, required=True, help="rules pages per language (at least 4)")
    parser.add_argument("--languages", type=int, default=5, help="languages, the source language first (default 5)")
    parser.add_argument("--out", type=Path, default=None, help="project folder to write (default: build/corpus-N-L)")
    parser.add_argument("--source", type=Path, default=ROOT, help="project whose pages are the templates")
    parser.add_argument("--wikitext", action="store_true",
                        help="also write every page as wiki pages under wiki/ (a source page and its language subpages)")
    args = parser.parse_args(argv)
    out = args.out or ROOT / "build" / f"corpus-{args.pages}-{args.languages}"
    corpus = Corpus(args.source.resolve(), out.resolve(), args.pages, args.languages)
    corpus.write()
    if args.wikitext:
        corpus.wikitext()
        corpus.export()
    print(out)
    return 0


if __name__ == "__main__":
    sys.exit(main())
