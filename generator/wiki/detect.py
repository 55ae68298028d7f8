"""Which language a page's text is in: lingua, among the site's languages or among all it knows.

Two detectors: one restricted to the site's languages, which tells a rendered copy's
language when nothing else says it (it has no title suffix), and one of every language
lingua knows, which the ``wrong-language`` check asks so that a Romanian text under a Dutch
title is named Romanian, not the nearest of the site's five. Both read trigrams only (low
accuracy mode) and load their models on first use.
"""

from __future__ import annotations

from typing import Any, Callable, Iterable


def detector_among(known: tuple[str, ...]) -> Callable[[str], str | None]:
    """A language guesser for rendered copies, built on first use (loading lingua's models takes a while)."""
    built: list[Any] = []

    def detect(text: str) -> str | None:
        if not built:
            built.append(language_detector(known))
        return detect_language(built[0], text)
    return detect


def language_detector(codes: Iterable[str]) -> Any:
    """A lingua detector restricted to ``codes`` (ISO 639-1); None when fewer than two are known to lingua."""
    from lingua import IsoCode639_1, Language, LanguageDetectorBuilder

    languages = []
    for code in codes:
        try:
            languages.append(Language.from_iso_code_639_1(getattr(IsoCode639_1, code.upper())))
        except (AttributeError, ValueError):
            continue  # a code lingua does not know (a regional variant): nothing to compare with
    if len(languages) < 2:
        return None
    # Low accuracy mode reads trigrams only: four times faster, and as sure on a paragraph or
    # more (the only texts judged); the distance keeps a near tie from being called.
    return (LanguageDetectorBuilder.from_languages(*languages).with_minimum_relative_distance(0.1)
            .with_low_accuracy_mode().build())


def any_language_detector() -> Any:
    """A lingua detector of every language lingua knows (75): a page marked Dutch but written in
    Romanian is named as Romanian, not as the nearest of the site's languages. Its models load on
    first use, only for the texts judged; low accuracy mode as in :func:`language_detector`."""
    from lingua import LanguageDetectorBuilder

    return LanguageDetectorBuilder.from_all_languages().with_minimum_relative_distance(0.1).with_low_accuracy_mode().build()


def detect_language(detector: Any, text: str) -> str | None:
    """The ISO 639-1 code of ``text``'s language, or None when the detector cannot tell."""
    if detector is None:
        return None
    found = detector.detect_language_of(text)
    return found.iso_code_639_1.name.lower() if found is not None else None
