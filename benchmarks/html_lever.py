"""How much of MkDocs' work on rulesite's pages is Python-Markdown: the lever left for cold builds.

    python -m benchmarks.html_lever [--pages 150] [--lang en] [--runs 3]

The corpus (:mod:`benchmarks.corpus`) is built once by ``rulesite build``; then two MkDocs
builds of one language, with the page cache off, are timed interleaved, in child processes:

- ``markdown``: the pages as rulesite generates them;
- ``finished HTML``: the same pages with everything but their headings converted to HTML
  beforehand, with the same Markdown extensions and settings (that conversion is not
  timed), and set aside round Markdown the way the comparison tables already are. The
  headings stay Markdown, so the table of contents, the permalinks and the search index's
  sections are built as before.

The difference is the part of MkDocs' work that writing the pages' HTML straight from the
data, instead of Markdown, could save. It is an experiment, not a site to publish: links in
the converted HTML still point at ``.md`` files.
"""

from __future__ import annotations

import argparse
import re
import shutil
import statistics
import sys
from pathlib import Path

import yaml

from benchmarks.corpus import Corpus
from benchmarks.scale import ROOT, build_rulesite, timed
from generator.raw_html import CLOSE, OPEN, restore, set_aside

# A heading as Python-Markdown's toc extension writes it (permalink last).
_HEADING = re.compile(r'<h([1-6]) id="([^"]+)">(.*?)<a class="headerlink"[^>]*>[^<]*</a></h\1>', re.S)


def _variant(config_file: Path, name: str, docs: Path, site: Path) -> Path:
    """A copy of a generated MkDocs configuration: its own output, page cache off, ``docs``."""
    config = yaml.safe_load(config_file.read_text(encoding="utf-8"))
    config["site_dir"] = str(site)
    for plugin in config["plugins"]:
        if isinstance(plugin, dict) and "rulesite" in plugin:
            plugin["rulesite"].update(cache=False, prebuilt=str(docs))
    path = config_file.with_name(f"mkdocs.lever-{name}.yml")
    path.write_text(yaml.safe_dump(config, allow_unicode=True, sort_keys=False), encoding="utf-8")
    return path


def _converter(config_file: Path):
    """Python-Markdown set up as MkDocs sets it up for this configuration."""
    import markdown
    from mkdocs.config import load_config

    config = load_config(config_file=str(config_file))
    return lambda: markdown.Markdown(extensions=config.markdown_extensions, extension_configs=config.mdx_configs)


def _finished(text: str, converter) -> str:
    """A generated page with all but its headings as HTML set aside round Markdown."""
    front, _, body = text.partition("\n---\n") if text.startswith("---\n") else ("", "", text)
    title, _, rest = body.lstrip("\n").partition("\n")
    kept, blocks = set_aside(rest)
    html = restore(converter().convert(kept), blocks)
    parts, at = [], 0
    for match in _HEADING.finditer(html):
        parts.append(f"{OPEN}{html[at:match.start()]}{CLOSE}\n\n")
        parts.append(f"{'#' * int(match.group(1))} {match.group(3).strip()} {{ #{match.group(2)} }}\n\n")
        at = match.end()
    parts.append(f"{OPEN}{html[at:]}{CLOSE}\n")
    head = f"{front}\n---\n" if front else ""
    return f"{head}\n{title}\n\n{''.join(parts)}"


def _convert_tree(source: Path, target: Path, converter) -> int:
    shutil.rmtree(target, ignore_errors=True)
    shutil.copytree(source, target)
    converted = 0
    for path in sorted(target.rglob("*.md")):
        if path.relative_to(target).parts[0] == "translate":
            continue  # the comparison tables go round Markdown already
        path.write_text(_finished(path.read_text(encoding="utf-8"), converter), encoding="utf-8")
        converted += 1
    return converted


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--pages", type=int, default=150)
    parser.add_argument("--lang", default="en")
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--work", type=Path, default=ROOT / "build" / "bench-lever")
    args = parser.parse_args(argv)
    work = args.work.resolve()
    corpus = work / f"corpus-{args.pages}"
    Corpus(ROOT, corpus, args.pages, 5).write()
    build_rulesite(corpus, work / "site")
    generated = corpus / "build" / f"mkdocs.{args.lang}.yml"
    docs = corpus / "build" / "docs" / args.lang
    configs = {"markdown": _variant(generated, "markdown", docs, work / "site-markdown")}
    converted = _convert_tree(docs, work / "docs-html", _converter(generated))
    configs["finished HTML"] = _variant(generated, "html", work / "docs-html", work / "site-html")
    cpu: dict[str, list[float]] = {name: [] for name in configs}
    for run in range(args.runs):
        for name, config in configs.items():
            result, _ = timed([sys.executable, "-m", "mkdocs", "build", "-q", "-f", str(config)], ROOT)
            cpu[name].append(result.cpu)
            print(f"run {run + 1}: {name} {result.cpu:.2f} s CPU", file=sys.stderr)
    before, after = (statistics.median(cpu[name]) for name in configs)
    print(f"{args.pages} pages, language {args.lang}, MkDocs builds with the page cache off, medians of {args.runs}: "
          f"generated Markdown {before:.2f} s CPU; the same pages ({converted} converted) as finished HTML "
          f"{after:.2f} s CPU ({100 * (before - after) / before:.0f} % less)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
