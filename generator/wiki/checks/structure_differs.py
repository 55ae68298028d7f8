"""``structure-differs``: a translated unit whose footnotes, numbers or emphasis differ from its source's.

The project's own translation checks (:mod:`generator.check.structure`) read rulesite's
``{fn:…}`` markup and report at YAML paths; wikitext needs the same comparisons made on the
wiki's own nodes, unit by unit (:mod:`generator.wiki.units`). A warning: a translator may
have a reason, but a lost footnote or a changed number is usually a slip.
"""

from __future__ import annotations

from collections import Counter
from typing import Iterator

from generator.core.problem import Level
from generator.wiki.linted import Context, Finding, Linted
from generator.wiki.units import Shape

ID = "structure-differs"
LEVEL: Level = "warning"
DESCRIPTION = "a translated unit whose footnotes, numbers or bold and italics differ from its source unit"


def _differences(english: Shape, translated: Shape) -> list[str]:
    found = []
    if english.refs != translated.refs:
        found.append(f"footnotes {translated.refs or 'none'} where the source has {english.refs or 'none'}")
    if english.numbers != translated.numbers:
        extra, lost = Counter(translated.numbers) - Counter(english.numbers), Counter(english.numbers) - Counter(translated.numbers)
        found.append("numbers " + "; ".join(part for part in (
            f"{sorted(extra.elements(), key=int)} not in the source" if extra else "",
            f"{sorted(lost.elements(), key=int)} missing" if lost else "") if part))
    if (english.bold, english.italic) != (translated.bold, translated.italic):
        found.append(f"{translated.bold} bold and {translated.italic} italic where the source has "
                     f"{english.bold} and {english.italic}")
    return found


def check(linted: Linted, context: Context) -> Iterator[Finding]:
    source = context.source
    for i, j in context.pairs if source is not None else ():
        differences = _differences(source.shapes[i], linted.shapes[j])
        if differences:
            yield linted.units[j].start, f"{source.label(i)}: " + "; ".join(differences)
