"""The inline markup: parsing, every kind of mistake, and what counts as the wording."""

from __future__ import annotations

import pytest

from generator.model import markup
from generator.model.units import fingerprint


def test_parses_spans_and_references():
    nodes, errors = markup.parse("**1 {figure:mage|mage}** and *a* {fn:x}{page:p|Page}")
    assert errors == ()
    strong = nodes[0]
    assert isinstance(strong, markup.Span) and strong.style == "strong"
    assert [r.tag for r in markup.refs(nodes)] == ["figure", "fn", "page"]
    assert markup.refs(nodes, "page")[0].label == "Page"
    assert markup.plain(nodes) == "1 mage and a Page"


@pytest.mark.parametrize("text,code,offset", [
    ("open **bold", "bad-markup", 5),
    ("open *em", "bad-markup", 5),
    ("a {nope:x} b", "bad-markup", 2),
    ("a {page:Bad_Id} b", "bad-markup", 2),
    ("a } b", "bad-markup", 2),
    ("x <b>bold</b>", "raw-html", 2),
    ("x <!-- c -->", "raw-html", 2),
    ("{{{title}}} {{{rules}}}", "template-syntax", 0),
    ("a {% if x %}", "template-syntax", 2),
    ("see {fn:x|label}", "bad-markup", 4),
    ("****", "bad-markup", 2),
], ids=lambda v: str(v))
def test_mistakes_are_reported_with_their_offset(text, code, offset):
    _, errors = markup.parse(text)
    assert (offset, code) in {(e.offset, e.code) for e in errors}


def test_template_syntax_is_reported_once_not_also_as_broken_markup():
    _, errors = markup.parse("{{{title}}}")
    assert [e.code for e in errors] == ["template-syntax"]


def test_escapes_give_literal_characters():
    nodes, errors = markup.parse(r"2 \* 3 \{x\} a\\b")
    assert errors == ()
    assert markup.plain(nodes) == r"2 * 3 {x} a\b"


def test_comparison_operators_are_not_html():
    _, errors = markup.parse("3 < 4 and 5 > 2")
    assert errors == ()


def test_wording_ignores_footnote_references_and_spacing():
    assert markup.wording("A  rule.{fn:x}\n Next.") == "A rule. Next."
    assert fingerprint("A rule.{fn:x} Next.") == fingerprint("A  rule. Next.{fn:x}")
    assert fingerprint("A rule. Next.") != fingerprint("A rule. Later.")
    assert len(fingerprint("x")) == 12
