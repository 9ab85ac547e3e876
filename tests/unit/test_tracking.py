"""Anchors follow edits: relocating a symbol in a new version of its file."""

from __future__ import annotations

import textwrap

import pytest

from lore.anchors import extract_symbols, relocate

ORIGINAL = textwrap.dedent('''\
    class Billing:
        def charge(self, account, cents):
            """Charge an account."""
            if cents <= 0:
                raise ValueError(cents)
            return self.gateway.charge(account, cents)

        def refund(self, account, cents):
            return self.gateway.refund(account, cents)
''')

EDITS = [
    pytest.param("Billing.charge", "import logging\n\n\n" + ORIGINAL, "Billing.charge", "found",
                 id="moved-down"),
    pytest.param("Billing.charge", ORIGINAL.replace(
        "            if cents", "            # guard against refunds in disguise\n            if cents"),
                 "Billing.charge", "found", id="comment-added"),
    pytest.param("Billing.charge", ORIGINAL.replace("return self.gateway.charge(account, cents)",
                                                    "return   self.gateway.charge(account,cents)"),
                 "Billing.charge", "found", id="whitespace-only"),
    pytest.param("Billing.charge", ORIGINAL.replace("def charge(", "def bill("),
                 "Billing.bill", "renamed", id="renamed-same-body"),
    pytest.param("Billing.refund", ORIGINAL.replace("class Billing", "class Payments"),
                 "Payments.refund", "renamed", id="class-renamed"),
    pytest.param("Billing.charge", ORIGINAL.replace("cents <= 0", "cents < 100"),
                 "Billing.charge", "changed", id="body-changed"),
    pytest.param("Billing.refund", ORIGINAL.split("\n    def refund")[0] + "\n", None, "missing",
                 id="deleted"),
    pytest.param("Billing.refund", ORIGINAL.replace("def refund(", "def undo(").replace(
        "gateway.refund", "gateway.reverse"), None, "missing", id="renamed-and-changed"),
]


@pytest.mark.parametrize(("anchored", "new_source", "expected_name", "status"), EDITS)
def test_relocate(anchored, new_source, expected_name, status):
    before = {s.qualified_name: s for s in extract_symbols(ORIGINAL, "python")}[anchored]
    after = extract_symbols(new_source, "python")
    found, outcome = relocate(before.qualified_name, before.body_hash, before.shape_hash, after)
    assert outcome == status
    assert (found.qualified_name if found else None) == expected_name


def test_moved_symbol_reports_new_position():
    before = {s.qualified_name: s for s in extract_symbols(ORIGINAL, "python")}["Billing.refund"]
    after = extract_symbols("import os\nimport sys\n" + ORIGINAL, "python")
    found, outcome = relocate(before.qualified_name, before.body_hash, before.shape_hash, after)
    assert outcome == "found" and found.start_line == before.start_line + 2


def test_without_hashes_the_name_decides():
    after = extract_symbols(ORIGINAL, "python")
    assert relocate("Billing.charge", None, None, after)[1] == "found"
    assert relocate("Billing.gone", None, None, after) == (None, "missing")


def test_ambiguous_shape_is_missing_not_a_guess():
    source = "def a():\n    return 1\n\ndef b():\n    return 1\n"
    old, = extract_symbols("def gone():\n    return 1\n", "python")
    found, outcome = relocate("gone", old.body_hash, old.shape_hash, extract_symbols(source, "python"))
    assert (found, outcome) == (None, "missing")


def test_overloads_prefer_the_matching_body():
    source = textwrap.dedent('''\
        class A {
            void put(int x) { store(x); }
            void put(String s) { store(parse(s)); }
        }
    ''')
    symbols = extract_symbols(source, "java")
    second = [s for s in symbols if s.qualified_name == "A.put"][1]
    moved = extract_symbols("\n\n" + source, "java")
    found, outcome = relocate("A.put", second.body_hash, second.shape_hash, moved)
    assert outcome == "found" and found.signature == "void put(String s)"


@pytest.mark.parametrize(("language", "before", "after", "new_name"), [
    pytest.param("typescript", "export function total(xs: number[]) { return sum(xs); }\n",
                 "export function grandTotal(xs: number[]) { return sum(xs); }\n", "grandTotal",
                 id="typescript"),
    pytest.param("go", "package m\nfunc (s *S) Len() int { return len(s.items) }\n",
                 "package m\nfunc (s *S) Size() int { return len(s.items) }\n", "S.Size", id="go"),
    pytest.param("rust", "impl S { fn len(&self) -> usize { self.items.len() } }\n",
                 "impl S { fn size(&self) -> usize { self.items.len() } }\n", "S.size", id="rust"),
])
def test_rename_followed_in_other_languages(language, before, after, new_name):
    old, = [s for s in extract_symbols(before, language) if s.kind in ("function", "method")]
    found, outcome = relocate(old.qualified_name, old.body_hash, old.shape_hash,
                              extract_symbols(after, language))
    assert (found.qualified_name if found else None, outcome) == (new_name, "renamed")
