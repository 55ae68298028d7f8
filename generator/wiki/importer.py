"""``rulesite import wiki``: wiki pages into the project's page, translation and example files.

:func:`import_pages` takes the pages :func:`generator.wiki.source.read_inputs` read, groups them
by title (one English source page and its language subpages), converts each
(:mod:`generator.wiki.convert`), pairs every subpage with its source (:mod:`generator.wiki.pairing`),
gives ids and builds the data (:mod:`generator.wiki.page_data`), and writes it in the style of the
hand-written files (:mod:`generator.wiki.emit`), each file with a comment naming its origin.

Nothing is written when any page has an error; a file without that comment is hand-written and
is not replaced without ``force``; a file whose text would not change is not touched, so
importing the same input twice changes no byte.
"""

from __future__ import annotations

import json
import re
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from pydantic import ValidationError

from generator.core import atomic
from generator.core.problem import Problem
from generator.core.vocabulary import ID_PATTERN, reserved_names
from generator.model.data import Page
from generator.model.units import fingerprint, page_units
from generator.project import Project, load
from generator.read.source import read
from generator.wiki.additions import Additions, add_expansion, site_text
from generator.wiki.convert import convert
from generator.wiki.drafts import drafted
from generator.wiki.draft import DPage, SiteIndex, replace_markers
from generator.wiki.emission import Order, emitted
from generator.wiki.index import site_index
from generator.wiki.mapping import MAPPING_FILE, Mapping, load_mapping
from generator.wiki.meta import Given, page_meta
from generator.wiki.page_data import Built, Meta, PageBuilder, caption_totals, slug
from generator.wiki.pairing import Pairing, pair_pages
from generator.wiki.source import WikiPage, line_col

ORIGIN = "Imported by `rulesite import wiki`"
_ORIGIN_TITLE = re.compile(r'^# Imported by `rulesite import wiki` from the wiki page ("(?:[^"\\]|\\.)*")')
# A translation that the wiki marks outdated records this as the fingerprint of its English:
# no English text has it, so the unit shows as outdated until a translator looks at it.
OUTDATED = "000000000000"
_HEADER_LINES = 8


@dataclass
class Planned:
    path: Path
    text: str = ""
    """The file's text: made from ``order`` once everything is planned (see :func:`_emit`)."""
    addition: bool = False
    """Entries added to a hand-written file (site.yaml), which is therefore not refused as one."""
    order: Order | None = None
    """What the text is made from, when it is not given."""


@dataclass
class Run:
    """One import: the project, the mapping and everything planned and found so far."""

    root: Path
    project: Project
    mapping: Mapping
    site: SiteIndex
    force: bool
    earlier: dict[str, str]
    """Wiki title to page id, of the pages an earlier import wrote (read once per run)."""
    given: Given = Given()
    additions: Additions = field(default_factory=Additions)
    problems: list[Problem] = field(default_factory=list)
    planned: list[Planned] = field(default_factory=list)
    drafts: dict[int, tuple[DPage, list[Problem]]] = field(default_factory=dict)
    """Each page's draft and what its conversion found, by the page's identity, made before the plan."""
    by_where: tuple[int, dict[str, list[tuple[int, Any]]]] = (-1, {})
    """The page sources of site.yaml, each with its place in the list, by the last part of their
    ``where`` (and ``where`` itself), for :meth:`sources_of`; made again when sources were added
    (the first number is how many there were)."""

    def sources_of(self, page: WikiPage) -> list[str]:
        """The ids of the sources of kind page that name ``page``'s file or title, in site.yaml's order.

        Looked up by name rather than tried one by one: every imported page adds a source, so
        trying them all for every page made a whole wiki's import grow with the square of its pages."""
        sources = self.site.sources
        if self.by_where[0] != len(sources):
            index: dict[str, list[tuple[int, Any]]] = {}
            for place, reference in enumerate(sources):
                if reference.kind == "page" and reference.where:
                    for name in {Path(reference.where).name, reference.where.strip()}:
                        index.setdefault(name, []).append((place, reference))
            self.by_where = (len(sources), index)
        index = self.by_where[1]
        full = page.title + (f"/{page.language}" if page.language else "")
        found = dict(item for name in (Path(page.file).name, page.title, full) for item in index.get(name, ()))
        return [found[place].id for place in sorted(found) if _is_source(found[place].where, page)]

    def report(self, page: WikiPage, offset: int, code: str, message: str) -> None:
        line, column = line_col(page, offset)
        self.problems.append(Problem(page.file, line, column, code, message, "warning"))


def import_pages(project_root: Path, pages: list[WikiPage], *, page_id: str | None = None, force: bool = False,
                 mapping_file: Path = MAPPING_FILE, expansion: str | None = None,
                 editions: list[str] | None = None, jobs: int = 0) -> tuple[list[Path], list[Problem]]:
    """Import ``pages`` into the project at ``project_root``: the paths written and every problem.

    ``expansion`` and ``editions`` (``--expansion``, ``--edition``) stand for what a page does not
    say; an expansion site.yaml lacks is added to it. Nothing is written when a problem is an error.
    The pages are parsed (when they are not yet) and converted ``jobs`` processes at a time."""
    mapping, problems = load_mapping(mapping_file)
    if mapping is None:
        return [], problems
    project, loaded = load(project_root)
    if project is None:
        return [], [p for p in loaded if p.level == "error"]
    # Pages parsed already (by the caller) are known to be rendered copies now; the others when drafted.
    rendered = [_rendered(page) for page in pages if page.rendered]
    if rendered:
        return [], rendered
    groups: dict[str, list[WikiPage]] = {}
    for page in pages:
        groups.setdefault(page.title, []).append(page)
    if page_id is not None and len(groups) > 1:
        return [], [Problem(pages[0].file, 1, 1, "bad-value", f"--page-id names one page, but the input holds "
                            f"{len(groups)} ({', '.join(sorted(groups)[:5])}): import them one at a time")]
    earlier = imported_titles(project.root)
    run = Run(project.root, project, mapping, site_index(project, groups, page_id, earlier), force, earlier,
              Given(expansion, tuple(editions or ())))
    refused = _draft_and_plan(run, pages, groups, page_id, jobs)
    if refused:
        return [], refused
    _plan_site(run)
    if any(p.level == "error" for p in run.problems):
        return [], run.problems
    _emit(run, jobs)
    return _write(run), run.problems


def _emit(run: Run, jobs: int) -> None:
    """The text of every planned file that has an order, made on every core (:mod:`generator.wiki.emission`)."""
    ordered = [plan for plan in run.planned if plan.order is not None]
    for plan, text in zip(ordered, emitted([plan.order for plan in ordered if plan.order], jobs)):
        plan.text = text


def _draft_and_plan(run: Run, pages: list[WikiPage], groups: dict[str, list[WikiPage]], page_id: str | None,
                    jobs: int) -> list[Problem]:
    """Every page drafted on every core (:mod:`generator.wiki.drafts`), and each title's pages
    planned in the titles' order as soon as all their drafts are in, so that the plan runs while
    the workers draft the pages after it. Returns the problems that refuse the import (a rendered
    copy, a page that does not parse); the plan stops at the first."""
    last = {page.title: number for number, page in enumerate(pages)}  # where each title's last page is
    titles, planned, refused = list(groups), 0, []
    for number, (page, (rendered, draft, problems)) in enumerate(zip(pages, drafted(pages, run.mapping, run.site,
                                                                                    jobs))):
        if rendered or page.rendered:
            page.rendered = True
            refused.append(_rendered(page))
        elif draft is None:
            refused += problems
        else:
            run.drafts[id(page)] = (draft, problems)
        while not refused and planned < len(titles) and last[titles[planned]] <= number:
            _plan_page(run, titles[planned], groups[titles[planned]], page_id)
            planned += 1
    return refused


def _rendered(page: WikiPage) -> Problem:
    return Problem(page.file, page.first_line, 1, "rendered-text",
                   f"this is the text of the page {page.title!r} as the browser shows it (rendered text), not its "
                   "wikitext: the footnotes, kinds, dates and links are gone from it. Give the page's wikitext "
                   "instead: open the page's \"View source\" and save what it shows, or export the page with "
                   "Special:Export")


# --------------------------------------------------------------------------- the site's names


def _origin_title(path: Path) -> str | None:
    try:
        with open(path, encoding="utf-8") as handle:
            head = [handle.readline() for _ in range(_HEADER_LINES)]
    except (OSError, UnicodeDecodeError):
        return None
    for line in head:
        found = _ORIGIN_TITLE.match(line)
        if found:
            try:
                return str(json.loads(found.group(1)))
            except ValueError:
                return None
    return None


def imported_titles(root: Path) -> dict[str, str]:
    """Wiki title to page id, of the pages an earlier import wrote."""
    found = {}
    for path in sorted((root / "rules_data" / "pages").glob("*.yaml")):
        title = _origin_title(path)
        if title is not None:
            found.setdefault(title, path.stem)
    return found


# --------------------------------------------------------------------------- one page


def _plan_page(run: Run, title: str, group: list[WikiPage], page_id: str | None) -> None:
    sources = [page for page in group if page.is_source]
    if len(sources) != 1:
        run.problems.append(Problem(group[0].file, group[0].first_line, 1, "no-source-page",
                                    f"the page {title!r} needs its English source page once, not {len(sources)} "
                                    "times: give the view source of the page itself (or of its /en subpage), or name "
                                    "the file that holds the English text with --source"))
        return
    others = _translations(run, [page for page in group if not page.is_source])
    stem = page_id or run.earlier.get(title) or slug(title, "page")
    if not re.match(ID_PATTERN, stem):
        run.problems.append(Problem(sources[0].file, 1, 1, "bad-id", f"the page id {stem!r} is not an id: "
                                    "lower-case letters and digits, joined by '-' or '.' (give one with --page-id)"))
        return
    if stem in reserved_names():
        run.problems.append(Problem(sources[0].file, 1, 1, "reserved-id", f"the page id {stem!r} would take the place "
                                    f"of {reserved_names()[stem]}: give another with --page-id"))
        return
    drafts = []
    for page in [sources[0], *others]:
        draft, problems = run.drafts.pop(id(page), None) or convert(page, run.mapping, run.site)
        run.problems += problems
        drafts.append(draft)
    meta, problems = page_meta(drafts, run.site, run.mapping, run.given)
    run.problems += problems
    if meta is None:
        return
    if meta.new_expansion is not None:
        _add_expansion(run, sources[0], stem, meta)
    # The sections cite the wiki page they came from, when site.yaml has it as a source.
    meta.cited = run.sources_of(sources[0])
    pairings = [pair_pages(drafts[0], draft, run.report) for draft in drafts[1:]]
    claim_sources = _claim_sources(run, drafts, pairings)
    builder = PageBuilder(stem, drafts[0], meta, run.site, run.mapping, _previous_sections(run.root, stem), run.report)
    built = builder.build(claim_sources)
    model = _validated(run, sources[0], built)
    if model is None:
        return
    _plan_files(run, stem, group, drafts, pairings, built, model)


def _translations(run: Run, others: list[WikiPage]) -> list[WikiPage]:
    """The subpages of languages the site translates into, each language once."""
    kept: dict[str, WikiPage] = {}
    for page in others:
        if page.language not in run.project.target_languages:
            run.problems.append(Problem(page.file, page.first_line, 1, "unknown-language",
                                        f"the page is in {page.language!r}, which site.yaml does not translate into "
                                        f"({', '.join(run.project.target_languages)}); give --lang FILE=CODE if the "
                                        "title's suffix is wrong"))
        elif page.language in kept:
            run.problems.append(Problem(page.file, page.first_line, 1, "bad-value",
                                        f"a second {page.language} page of {page.title!r}; the first is "
                                        f"{kept[page.language].file}"))
        else:
            kept[page.language] = page  # type: ignore[index]
    return list(kept.values())


def _add_expansion(run: Run, page: WikiPage, stem: str, meta: Meta) -> None:
    """Add the page's expansion (and the page as a source, unless one names it) to site.yaml, and say so."""
    named = run.sources_of(page)
    run.report(page, 0, "new-expansion", add_expansion(run.site, run.additions, page, stem, meta, named))


def _plan_site(run: Run) -> None:
    """site.yaml with the run's additions, planned like every other file (nothing is written on an error)."""
    if not run.additions or any(p.level == "error" for p in run.problems):
        return
    path = run.root / "rules_data" / "site.yaml"
    text, problem = site_text(path, run.additions)
    if text is None:
        run.problems += [problem] if problem else []
    else:
        run.planned.append(Planned(path, text, addition=True))


def _claim_sources(run: Run, drafts: list[DPage], pairings: list[Pairing]) -> list[str]:
    """The site.yaml sources of the wiki pages that state the printing notes: the source page and
    every subpage whose own printing notes were paired with them."""
    stating = [drafts[0].page] + [draft.page for draft, pairing in zip(drafts[1:], pairings)
                                  if any(draft.footnotes[t].kind == "printing" for t in pairing.footnotes)]
    named = {source for page in stating for source in run.sources_of(page)}
    found = [reference.id for reference in run.site.sources if reference.id in named]
    if not found and any(f.kind == "printing" for f in drafts[0].footnotes):
        page = drafts[0].page
        run.report(page, 0, "missing-source", "no source of rules_data/site.yaml is this wiki page, and a printing "
                   "claim needs one: add a source (kind: page, a title naming the wiki page, where: "
                   f"{Path(page.file).name}) and import again; until then its printing notes are editors' notes")
    return found


def _is_source(where: str, page: WikiPage) -> bool:
    """``where`` names the file the page was read from (its last parts), or the page's title."""
    wanted, parts = Path(where).parts, Path(page.file).parts
    if wanted and len(wanted) <= len(parts) and parts[-len(wanted):] == wanted:
        return True
    full = page.title + (f"/{page.language}" if page.language else "")
    return where.strip() in (page.title, full)


def _previous_sections(root: Path, stem: str) -> dict[int, str]:
    """Heading number to section id, in the page an earlier import wrote (a hand-written page has none)."""
    path = root / "rules_data" / "pages" / f"{stem}.yaml"
    if not path.exists() or _origin_title(path) is None:
        return {}
    source, problems = read(path)
    found: dict[int, str] = {}
    stack = list(source.data.get("sections", [])) if isinstance(source.data, dict) and not problems else []
    while stack:
        section = stack.pop()
        if isinstance(section, dict):
            if isinstance(section.get("wiki_unit"), int) and isinstance(section.get("id"), str):
                found.setdefault(section["wiki_unit"], section["id"])
            stack += [s for s in section.get("sections", []) if isinstance(s, dict)]
    return found


def _validated(run: Run, page: WikiPage, built: Built) -> Page | None:
    try:
        return Page.model_validate(built.page)
    except ValidationError as exc:  # a mistake of the importer's own, said as such
        first = exc.errors(include_url=False)[0]
        run.problems.append(Problem(page.file, page.first_line, 1, "bad-value",
                                    f"the import made page data that does not validate ({first['msg']} at "
                                    f"{'.'.join(map(str, first['loc']))}); please report this with the page"))
        return None


# --------------------------------------------------------------------------- files


def _origin(title: str, group: list[WikiPage], what: str) -> list[str]:
    described = []
    for page in group:
        where = Path(page.file).name + (f", revision {page.revision}" if page.revision else "")
        described.append(f"{page.language or 'the source'} from {where}")
    return [f"{ORIGIN} from the wiki page {json.dumps(title, ensure_ascii=False)}: {what}",
            "(" + "; ".join(described) + ").",
            "Edit the wiki and import again. To edit here instead, delete these comment lines: the import",
            "then leaves the file alone unless given --force."]


def _plan_files(run: Run, stem: str, group: list[WikiPage], drafts: list[DPage], pairings: list[Pairing],
                built: Built, model: Page) -> None:
    title = drafts[0].page.title
    pages = run.root / "rules_data" / "pages"
    header = ["yaml-language-server: $schema=../../schema/page.schema.json", *_origin(title, group, "the page")]
    run.planned.append(Planned(pages / f"{stem}.yaml", order=Order(f"rules_data/pages/{stem}.yaml", header, built.page,
                                                                 blank_before=("sections", "footnotes"))))
    english = {unit.id: unit for unit in page_units(model, f"rules_data/pages/{stem}.yaml")}
    for draft, pairing in zip(drafts[1:], pairings):
        units = _translated_units(run, drafts[0], draft, pairing, built, english)
        if not units:
            continue
        language = draft.page.language or ""
        lines = ["yaml-language-server: $schema=../../../schema/translation.schema.json",
                 f"{language}: translation of {stem}. Edit the texts, or round-trip with `rulesite po`.",
                 *_origin(title, [draft.page], f"the {language} subpage")]
        path = run.root / "rules_data" / "translations" / language / f"{stem}.yaml"
        run.planned.append(Planned(path, order=Order(_display(run.root, path), lines, units=units)))
    for example_id, data, block in built.examples:
        path = run.root / "examples" / f"{example_id}.yaml"
        if _boarded(path):
            continue  # an editor gave it a board: the file is theirs now, whatever its comments say
        run.report(drafts[0].page, block.offset, "example-without-board",
                   f"the worked example {block.picture!r} is a picture, not a board: examples/{example_id}.yaml holds "
                   f"its totals ({', '.join(f'{k} {v}' for k, v in data['scenario']['expect'].items())}) and waits for "
                   "a board (see the contributor guide, Moving a wiki), which the scorer then confirms")
        header = ["yaml-language-server: $schema=../schema/example.schema.json",
                  *_origin(title, [drafts[0].page], f"the picture {block.picture}"),
                  "The wiki holds a picture, not a board: draw one under scenario (board, figures, scoring)",
                  "and `rulesite check` confirms the totals under expect; the import then keeps this file."]
        run.planned.append(Planned(path, order=Order(_display(run.root, path), header, data)))


def _boarded(path: Path) -> bool:
    """An example file that has a board (or features): one the import no longer writes."""
    if not path.exists():
        return False
    source, problems = read(path)
    scenario = source.data.get("scenario") if isinstance(source.data, dict) else None
    return not problems and isinstance(scenario, dict) and bool({"board", "features"} & set(scenario))


def _translated_units(run: Run, source: DPage, draft: DPage, pairing: Pairing, built: Built,
                      english: dict[str, Any]) -> list[tuple[str, str, str, str]]:
    """(id, text, source fingerprint, source text) of every translated unit, in the English order."""
    ids = {mine: built.footnote_ids[theirs] for mine, theirs in pairing.footnotes.items() if theirs in built.footnote_ids}
    texts: dict[str, tuple[str, bool]] = {}
    if draft.head_title:
        texts["title"] = (draft.head_title, False)
    for a, b in pairing.sections:
        if id(a) in built.section_ids:
            texts[f"section.{built.section_ids[id(a)]}"] = (b.title, b.fuzzy)
    for a, b in pairing.units:
        if id(a) in built.unit_ids:
            texts[built.unit_ids[id(a)]] = (replace_markers(b.text, ids), b.fuzzy)
    for mine, theirs in pairing.footnotes.items():
        footnote_id = built.footnote_ids.get(theirs)
        if footnote_id in built.footnote_texts:
            texts[f"footnote.{footnote_id}"] = (draft.footnotes[mine].text, draft.footnotes[mine].fuzzy)
            if draft.footnotes[mine].history != source.footnotes[theirs].history:
                run.report(draft.page, draft.footnotes[mine].offset, "translation-structure",
                           "the ruling's dates differ from the source page's: the source's are imported")
    _compare_totals(run, draft, pairing)
    units = []
    for unit_id, unit in english.items():
        text, outdated = texts.get(unit_id, ("", False))
        if text.strip() and text != unit.text:
            units.append((unit_id, text, OUTDATED if outdated else fingerprint(unit.text), unit.text))
    return units


def _compare_totals(run: Run, draft: DPage, pairing: Pairing) -> None:
    words = run.mapping.points_words
    for a, b in pairing.blocks:
        if a.kind != "example" or not a.units or not b.units:
            continue
        theirs = caption_totals(replace_markers(a.units[0].text, {}), words.get(run.site.source_language, []))
        mine = caption_totals(replace_markers(b.units[0].text, {}), words.get(draft.language, []))
        if mine and mine != theirs:
            run.report(draft.page, b.offset, "translation-structure",
                       f"the caption states the totals {mine}, the source page's {theirs}: the source's are imported")


def _hand_written(path: Path) -> bool:
    return path.exists() and _origin_title(path) is None


def _write(run: Run) -> list[Path]:
    """Write every planned file whose text changes; refuse (all of them) over a hand-written one."""
    refused = [plan.path for plan in run.planned if not plan.addition and _hand_written(plan.path)]
    if refused and not run.force:
        for path in refused:
            run.problems.append(Problem(_display(run.root, path), 1, 1, "hand-written-file",
                                        f"{path.name} has no comment saying the import wrote it, so it is "
                                        "hand-written: it is not replaced (give --force to replace it); nothing "
                                        "was written"))
        return []
    changed = [plan for plan in run.planned
               if not (plan.path.exists() and plan.path.read_text(encoding="utf-8") == plan.text)]
    atomic.write_files([(plan.path, plan.text) for plan in changed])
    return [plan.path for plan in changed]


def _display(root: Path, path: Path) -> str:
    try:
        return path.relative_to(root).as_posix()
    except ValueError:
        return str(path)
