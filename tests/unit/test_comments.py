"""Comment extraction: tree-sitter comment nodes per language and the line-based fallback."""

from __future__ import annotations

import os
import textwrap

import pytest

from lore.anchors import Comment, extract_comments


def _dedent(text: str) -> str:
    return textwrap.dedent(text).lstrip("\n")


CASES = [
    pytest.param("python", '''
        # DECISION: use attrs, not dataclasses
        # because we need validators.
        import attrs

        x = "# not a comment"  # trailing note
        def f():
            """A docstring is not a comment."""
    ''', [(0, 1, "DECISION: use attrs, not dataclasses\nbecause we need validators."),
          (4, 4, "trailing note")], id="python"),
    pytest.param("javascript", '''
        // first
        // second
        const url = "http://example.com"; /* inline */
        /**
         * JSDoc block.
         * @param x value
         */
        function f(x) {}
    ''', [(0, 1, "first\nsecond"), (2, 2, "inline"), (3, 6, "\nJSDoc block.\n@param x value")],
        id="javascript"),
    pytest.param("typescript", '''
        interface A {
          // a field
          x: number; // trailing
        }
    ''', [(1, 1, "a field"), (2, 2, "trailing")], id="typescript"),
    pytest.param("tsx", '''
        const el = <div>{/* jsx comment */}</div>;
    ''', [(0, 0, "jsx comment")], id="tsx"),
    pytest.param("go", '''
        // Package store keeps things.
        package store

        /* block
           comment */
        func F() {}
    ''', [(0, 0, "Package store keeps things."), (3, 4, "block\ncomment")], id="go"),
    pytest.param("rust", '''
        //! Crate docs.
        /// Item docs
        /// more.
        fn f() {} // after
        /* block */
    ''', [(0, 0, "Crate docs."), (1, 2, "Item docs\nmore."), (3, 3, "after"), (4, 4, "block")],
        id="rust"),
    pytest.param("java", '''
        /** Javadoc. */
        class A {
            // line
            int x; /* trailing block */
        }
    ''', [(0, 0, "Javadoc."), (2, 2, "line"), (3, 3, "trailing block")], id="java"),
    pytest.param("ruby", '''
        # frozen_string_literal: true
        def f = 1 # why: speed
        =begin
        block text
        =end
    ''', [(0, 0, "frozen_string_literal: true"), (1, 1, "why: speed"), (2, 4, "\nblock text")],
        id="ruby"),
    pytest.param("c", '''
        /* license
         * text */
        int x; // trailing
        char *u = "http://x";
    ''', [(0, 1, "license\ntext"), (2, 2, "trailing")], id="c"),
    pytest.param("swift", '''
        /* license
         * text */
        var x = 1 // trailing
        let u = "http://x"
    ''', [(0, 1, "license\ntext"), (2, 2, "trailing")], id="swift"),
]


@pytest.mark.parametrize(("language", "source", "expected"), CASES)
def test_tree_sitter_comments(language, source, expected):
    found = [(c.line, c.end_line, c.text) for c in extract_comments(_dedent(source), language)]
    assert found == expected


FALLBACK = [
    pytest.param("dart", '''
        /* license
         * text */
        var x = 1; // trailing
        final u = "http://x";
    ''', [(0, 1, "license\ntext"), (2, 2, "trailing")], id="dart"),
    pytest.param("shell", '''
        #!/bin/sh
        echo "$#" # count
    ''', [(0, 0, "!/bin/sh"), (1, 1, "count")], id="shell"),
    pytest.param("sql", '''
        -- pick active users
        SELECT * FROM users; /* all */
    ''', [(0, 0, "pick active users"), (1, 1, "all")], id="sql"),
    pytest.param("lua", '''
        --[[ long
        comment ]]
        local x = 1 -- short
    ''', [(0, 1, "long\ncomment"), (2, 2, "short")], id="lua"),
    pytest.param("markdown", '''
        # Title is not a comment
        <!-- lore: decision
        keep it short -->
    ''', [(1, 2, "lore: decision\nkeep it short")], id="markdown"),
    pytest.param("css", '''
        a { color: #fff; } /* white */
    ''', [(0, 0, "white")], id="css"),
    pytest.param("lisp", '''
        ;; helper
        (defun f () 1)
    ''', [(0, 0, "helper")], id="lisp"),
    # flyingcircusio/fc-nixos: "We decided …" in nixos/services/nginx/base-module.nix was never read
    pytest.param("nix", '''
        # We decided to keep the default vhost.
        services.nginx.enable = true; /* on */
    ''', [(0, 0, "We decided to keep the default vhost."), (1, 1, "on")], id="nix"),
    pytest.param("apex", '''
        // Deprecated - use setRecord(Id recordId) instead
        public void setRecordId(Id recordId) {}
    ''', [(0, 0, "Deprecated - use setRecord(Id recordId) instead")], id="apex"),
    pytest.param("ocaml", '''
        (* keep the parser total *)
        let parse s = s
    ''', [(0, 0, "keep the parser total")], id="ocaml"),
    pytest.param("dart", '''
        /* never closed
        int x;
    ''', [(0, 1, "never closed\nint x;")], id="unterminated-block"),
]


@pytest.mark.parametrize(("language", "source", "expected"), FALLBACK)
def test_line_based_fallback(language, source, expected):
    found = [(c.line, c.end_line, c.text) for c in extract_comments(_dedent(source), language)]
    assert found == expected


@pytest.mark.parametrize("language", [pytest.param("python", id="tree-sitter"),
                                      pytest.param("shell", id="fallback")])
def test_lines_count_newlines_only(language):
    """CRLF endings and a form feed inside a line do not shift line numbers."""
    source = "# a\r\n# b\r\nx = 1\x0c\n# c\n"
    found = [(c.line, c.end_line, c.text) for c in extract_comments(source, language)]
    assert found == [(0, 1, "a\nb"), (3, 3, "c")]


@pytest.mark.parametrize(("source", "language"), [
    pytest.param("", "python", id="empty"),
    pytest.param(b"\xff\xfe\x00# x\n", "python", id="binary-grammar"),
    pytest.param(b"\xff\xfe\x00# x\n", "perl", id="binary-fallback"),
    pytest.param(os.urandom(5000), "rust", id="random"),
    pytest.param("# x\n", "no-such-language", id="unknown-language"),
])
def test_bad_input_does_not_raise(source, language):
    assert isinstance(extract_comments(source, language), list)


def test_unknown_language_has_no_comments():
    assert extract_comments("# x\n// y\n", "no-such-language") == []


def test_comment_is_frozen_value():
    comment = extract_comments("# hi\n", "python")[0]
    assert comment == Comment(line=0, text="hi", end_line=0)
    with pytest.raises(AttributeError):
        comment.text = "changed"  # type: ignore[misc]


@pytest.mark.parametrize(("path", "language"), [
    ("nixos/services/nginx/base-module.nix", "nix"), ("force-app/main/default/triggers/LogEntry.trigger", "apex"),
    ("schema/PACK.xsd", "xml"), ("build.gradle", "groovy"), ("main.bicep", "bicep"), ("env/prod.tfvars", "terraform"),
])
def test_files_of_languages_without_a_grammar_are_known(path, language):
    """Their comments are read and a record can anchor them as whole files (fc-nixos, NebulaLogger, Open-CMSIS-Pack)."""
    from lore.anchors.languages import language_for_path

    assert language_for_path(path) == language
