"""What a language's search needs besides the pages, carried in its search index.

Material's search index (``search/search_index.json``) holds a ``config`` that the page
hands to the search worker unchanged; rulesite adds a ``rulesite`` entry to it
(:func:`generator.site.patches.search_index_config`), which its worker in front of
Material's (``theme/assets/javascripts/workers/rulesite-search.js``) reads:

* ``stemmer``: the light stemmer of a language Material's lunr has none for (Polish, Czech);
* ``terms``: every other word the termbase lists for a concept (inflected forms, the word
  each printing uses, words to avoid), with the preferred term a query for it stands for,
  so that a player who types the word of their own box finds the page the site's word does;
* ``contributors``: the addresses of the contributors' pages, which have their own search.

Being part of the index, all of it also reaches a site opened from disk, whose index is a
script rather than a JSON file.
"""

from __future__ import annotations

from typing import Any

from generator.check import terms
from generator.project import Project
from generator.render.generate import contributors_urls

# Languages Material's lunr has no stemmer for, and rulesite's worker has a light one:
# Polish from lunr-languages (theme/assets/javascripts/vendor/lunr.pl.min.js), Czech
# after Dolamic and Savoy (theme/assets/javascripts/workers/rulesite-czech.js).
LIGHT_STEMMERS = frozenset({"pl", "cs"})


def term_forms(project: Project, code: str) -> list[list[str]]:
    """``[form, preferred]`` for every word of the termbase in ``code`` that is not the
    preferred term itself; the first concept to list a word keeps it."""
    pairs: list[list[str]] = []
    seen: set[str] = set()
    for concept in project.concepts:
        if code == project.source_language:
            preferred, others = concept.english, list(concept.english_forms)
        else:
            found = terms.entry(concept, code)
            if found is None:
                continue
            term = found.term
            preferred, others = term.preferred, [*term.forms, *(p.term for p in term.printings), *term.avoid]
        seen.add(preferred.casefold())
        for form in others:
            if form.casefold() not in seen:
                seen.add(form.casefold())
                pairs.append([form, preferred])
    return pairs


def index_config(project: Project, code: str) -> dict[str, Any]:
    """The ``rulesite`` entry of one language's search index configuration."""
    return {"stemmer": code if code in LIGHT_STEMMERS else None, "terms": term_forms(project, code),
            "contributors": contributors_urls()}
