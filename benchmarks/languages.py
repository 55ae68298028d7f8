"""Four more languages for the benchmark corpus, so that it can be as wide as the wiki (nine).

The real project has five languages, and no source gives its texts in Spanish, French,
Italian or Russian. The corpus only has to be *shaped* like a nine-language site: every
unit translated and current, texts of the real lengths, in a language a detector can tell
apart. So the extra languages are made mechanically from the English text: the commonest
English words are swapped for the language's own (a few dozen function words, which is
what language detectors weigh most), the others are kept, and for Russian every remaining
letter is written in Cyrillic. The result is no translation anyone should read; it is never
published, only built and linted by the benchmarks.

Placeholders (``{first}``, ``{fn:id}``, ``{page:id|label}``) and Markdown markers are kept
as they are, so the texts pass the same checks a real translation does.
"""

from __future__ import annotations

import re
from typing import Any

from babel import Locale

from generator.model import plurals

# The commonest English words and the word used in their place, one row a word, one column
# a language ("-": the word is left out, as Russian has no articles).
_TABLE = """
    the        el          le         il         -
    a          un          un         un         -
    an         una         une        una        -
    and        y           et         e          и
    or         o           ou         o          или
    of         de          de         di         из
    to         a           à          a          к
    in         en          dans       nel        в
    on         sobre       sur        su         на
    is         es          est        è          есть
    are        son         sont       sono       суть
    it         lo          il         esso       он
    its        su          sa         suo        его
    with       con         avec       con        с
    for        para        pour       per        для
    that       que         que        che        что
    this       este        ce         questo     этот
    not        no          pas        non        не
    be         ser         être       essere     быть
    by         por         par        da         по
    from       desde       depuis     dal        от
    as         como        comme      come       как
    at         en          chez       presso     у
    one        uno         un         uno        один
    each       cada        chaque     ogni       каждый
    every      cada        chaque     ogni       каждый
    player     jugador     joueur     giocatore  игрок
    players    jugadores   joueurs    giocatori  игроки
    tile       loseta      tuile      tessera    тайл
    tiles      losetas     tuiles     tessere    тайлы
    city       ciudad      ville      città      город
    cities     ciudades    villes     città      города
    road       camino      route      strada     дорога
    roads      caminos     routes     strade     дороги
    field      campo       pré        prato      поле
    fields     campos      prés       prati      поля
    points     puntos      points     punti      очки
    point      punto       point      punto      очко
    score      puntuar     marquer    segnare    считать
    scores     puntúa      marque     segna      считает
    follower   seguidor    partisan   seguace    подданный
    followers  seguidores  partisans  seguaci    подданные
    when       cuando      quand      quando     когда
    if         si          si         se         если
    but        pero        mais       ma         но
    also       también     aussi      anche      также
    only       solo        seulement  solo       только
    has        tiene       a          ha         имеет
    have       tienen      ont        hanno      имеют
    game       juego       jeu        gioco      игра
    his        su          son        suo        его
    her        su          sa         sua        её
    their      sus         leurs      loro       их
    may        puede       peut       può        может
    can        puede       peut       può        может
    more       más         plus       più        больше
    no         ningún      aucun      nessun     нет
    two        dos         deux       due        два
    three      tres        trois      tre        три
    new        nuevo       nouveau    nuovo      новый
    rule       regla       règle      regola     правило
    rules      reglas      règles     regole     правила
    edition    edición     édition    edizione   издание
    end        final       fin        fine       конец
    after      después     après      dopo       после
    before     antes       avant      prima      до
    there      allí        là         lì         там
    which      cual        lequel     quale      который
    who        quien       qui        chi        кто
    all        todos       tous       tutti      все
"""
_CODES = ("es", "fr", "it", "ru")
_WORDS: dict[str, dict[str, str]] = {
    code: {row.split()[0]: "" if row.split()[1 + i] == "-" else row.split()[1 + i]
           for row in _TABLE.strip().splitlines()}
    for i, code in enumerate(_CODES)
}
EXTRA = tuple(_WORDS)
"""The codes the corpus can add after the project's own languages, in the order they are added."""

# One Cyrillic letter for each Latin one, by sound where there is one.
_LATIN_TO_CYRILLIC = str.maketrans(dict(zip("abcdefghijklmnopqrstuvwxyz", "абцдефгхийклмнопкрстуввксз")) |
                                   dict(zip("ABCDEFGHIJKLMNOPQRSTUVWXYZ", "АБЦДЕФГХИЙКЛМНОПКРСТУВВКСЗ")))
# What is kept as it is: placeholders and links in braces, Markdown's markers, URLs, numbers.
_KEPT = re.compile(r"(\{[^{}]*\}|\[[^\]]*\]\([^)]*\)|https?://\S+|<[^>]*>)")
_WORD = re.compile(r"[A-Za-z]+")


# The ending given to the other words of four letters or more, so that no text is left as the
# English (the site's check rightly calls such a text untranslated).
_ENDINGS = {"es": "o", "fr": "e", "it": "i"}


def _word(code: str, match: re.Match[str]) -> str:
    word = match.group()
    swapped = _WORDS[code].get(word.lower())
    if swapped is None:
        if code == "ru":
            return word.translate(_LATIN_TO_CYRILLIC)
        return word + _ENDINGS[code] if len(word) >= 4 else word
    if word[0].isupper() and swapped:
        swapped = swapped[0].upper() + swapped[1:]
    return swapped


def pseudo(code: str, english: str) -> str:
    """``english`` made to read as language ``code`` (see the module's docstring)."""
    parts = _KEPT.split(english)
    for index in range(0, len(parts), 2):  # the even parts are the text between kept pieces
        parts[index] = _WORD.sub(lambda match: _word(code, match), parts[index])
    text = "".join(parts)
    text = re.sub(r"(?<=\S)  +(?=\S)", " ", text)  # a dropped article leaves no double space
    if english == english.strip():
        text = text.strip()  # nor a space at the start
    return text or english


def _count(code: str, english: str) -> str:
    """A count string (``one: {count} tile | other: {count} tiles``) with one form for each of
    the language's plural categories: the English ``one`` form for ``one``, ``other`` for the rest."""
    forms = plurals.forms(english) or {}
    return " | ".join(f"{category}: {pseudo(code, forms.get('one' if category == 'one' else 'other', english))}"
                      for category in plurals.categories(code))


def pseudo_translation(code: str, template: dict[str, Any]) -> dict[str, Any]:
    """A translation file in ``code`` made from another language's ``template`` file: every unit
    the template translates, with the same English and fingerprint, worded by :func:`pseudo`."""
    units = {}
    for key, unit in template.get("units", {}).items():
        if isinstance(unit, dict) and isinstance(unit.get("source_text"), str):
            english = unit["source_text"]
            text = _count(code, english) if plurals.is_plural(key) else pseudo(code, english)
            units[key] = {**unit, "text": text}
        else:
            units[key] = unit
    return {**template, "units": units}


def language_entry(code: str) -> dict[str, str]:
    """The language's entry for site.yaml, its names from Babel's locale data."""
    locale = Locale.parse(code)
    native = locale.get_display_name(code) or code
    return {"code": code, "english_name": locale.english_name or code, "native_name": native[:1].upper() + native[1:]}
