"""Rules matched against source text: imports and calls read from tree-sitter trees per language,
regex patterns for anything else, fixes, positions in UTF-16 columns, and what is not a match."""

from __future__ import annotations

import pytest

from lore.checks import Rule, check_text


def rule(kind: str, value: str, **kw) -> Rule:
    return Rule(kw.pop("id", "r"), kw.pop("memory_id", "m1"), kind, value, memory_title="We use httpx", **kw)


def found(r: Rule, path: str, text: str, language: str | None = None) -> list[tuple[int, int, int, str]]:
    return [(v.start_line, v.start_col, v.end_col, text.split("\n")[v.start_line][v.start_col:v.end_col])
            for v in check_text([r], path, text, language)]


IMPORTS = [
    pytest.param("requests", "a.py", "import requests\n", [(0, 7, 15, "requests")], id="py-import"),
    pytest.param("requests", "a.py", "import requests.adapters as ra\n", [(0, 7, 24, "requests.adapters")],
                 id="py-submodule-aliased"),
    pytest.param("requests", "a.py", "from requests import get\n", [(0, 5, 13, "requests")], id="py-from"),
    pytest.param("os.path", "a.py", "from os import path\n", [(0, 5, 7, "os")], id="py-from-names-submodule"),
    pytest.param("requests", "a.py", "import requests_toolbelt\nfrom . import requests\n", [], id="py-not-a-prefix-nor-relative"),
    pytest.param("requests", "a.py", "def f():\n    import requests\n", [(1, 11, 19, "requests")], id="py-nested"),
    pytest.param("requests", "a.py", "# import requests\ns = 'import requests'\n", [], id="py-comment-and-string"),
    pytest.param("axios", "a.js", "import axios from 'axios';\n", [(0, 19, 24, "axios")], id="js-default"),
    pytest.param("axios", "a.js", "const a = require('axios');\n", [(0, 19, 24, "axios")], id="js-require"),
    pytest.param("lodash", "a.ts", "import { map } from 'lodash/fp';\n", [(0, 21, 30, "lodash/fp")], id="ts-subpath"),
    pytest.param("lodash", "a.ts", "import x from 'lodash-es';\n", [], id="ts-other-package"),
    pytest.param("moment", "a.ts", "const m = await import('moment');\n", [(0, 24, 30, "moment")], id="ts-dynamic"),
    pytest.param("moment", "a.ts", "export { x } from 'moment';\n", [(0, 19, 25, "moment")], id="ts-reexport"),
    pytest.param("enzyme", "a.tsx", "import { mount } from 'enzyme';\nconst A = () => <div/>;\n",
                 [(0, 23, 29, "enzyme")], id="tsx"),
    pytest.param("@emotion/*", "a.tsx", "import { css } from '@emotion/react';\n", [(0, 21, 35, "@emotion/react")],
                 id="tsx-glob"),
    pytest.param("github.com/pkg/errors", "a.go", 'package a\nimport (\n\t"fmt"\n\terrs "github.com/pkg/errors"\n)\n',
                 [(3, 7, 28, "github.com/pkg/errors")], id="go-aliased"),
    pytest.param("io/ioutil", "a.go", 'package a\nimport "io/ioutil"\n', [(1, 8, 17, "io/ioutil")], id="go-single"),
    pytest.param("std::sync", "a.rs", "use std::sync::Mutex;\nfn main() {}\n", [(0, 4, 20, "std::sync::Mutex")],
                 id="rust-use"),
    pytest.param("java.util.Vector", "A.java", "import java.util.Vector;\nclass A {}\n", [(0, 7, 23, "java.util.Vector")],
                 id="java"),
]


@pytest.mark.parametrize("value, path, text, expected", IMPORTS)
def test_forbid_import(value, path, text, expected):
    assert found(rule("forbid_import", value), path, text) == expected


CALLS = [
    pytest.param("os.path.join", "a.py", "import os\nos.path.join('a', 'b')\n", [(1, 0, 12, "os.path.join")], id="py-dotted"),
    pytest.param("os.path.*", "a.py", "from os.path import join as j\nj('a')\n", [(1, 0, 1, "j")], id="py-through-alias"),
    pytest.param("requests.get", "a.py", "import requests as r\nr.get(u)\n", [(1, 0, 5, "r.get")], id="py-module-alias"),
    pytest.param("print", "a.py", "print(1)\nlog.print(2)\n", [(0, 0, 5, "print")], id="py-bare-not-method"),
    pytest.param("*.objects.*", "svc.py", "User.objects.filter(id=1).first()\n", [(0, 0, 19, "User.objects.filter")],
                 id="py-glob"),
    pytest.param("eval", "a.py", "x = 'eval(1)'\n# eval(2)\n", [], id="py-not-in-strings-or-comments"),
    pytest.param("console.log", "a.ts", "console.log(1);\nconsole.error(2);\n", [(0, 0, 11, "console.log")], id="ts-member"),
    pytest.param("makeStyles", "a.tsx", "import { makeStyles } from '@mui/styles';\nconst u = makeStyles({});\n",
                 [(1, 10, 20, "makeStyles")], id="tsx-named-import"),
    pytest.param("axios.get", "a.js", "import http from 'axios';\nhttp.get(u);\n", [(1, 0, 8, "http.get")],
                 id="js-default-import-alias"),
    pytest.param("Date", "a.js", "const d = new Date();\n", [(0, 14, 18, "Date")], id="js-new"),
    pytest.param("println", "a.rs", 'fn main() { println!("x"); }\n', [(0, 12, 19, "println")], id="rust-macro"),
    pytest.param("std::process::exit", "a.rs", "fn main() { std::process::exit(1); }\n", [(0, 12, 30, "std::process::exit")],
                 id="rust-path"),
    pytest.param("System.out.println", "A.java", "class A { void f() { System.out.println(1); } }\n",
                 [(0, 32, 39, "println")], id="java-method"),
    pytest.param("fmt.Println", "a.go", 'package a\nimport "fmt"\nfunc f() { fmt.Println(1) }\n', [(2, 11, 22, "fmt.Println")],
                 id="go"),
    pytest.param("github.com/pkg/errors.Wrap", "a.go",
                 'package a\nimport pe "github.com/pkg/errors"\nfunc f() { pe.Wrap(nil, "x") }\n', [(2, 11, 18, "pe.Wrap")],
                 id="go-resolved-import-path"),
]


@pytest.mark.parametrize("value, path, text, expected", CALLS)
def test_forbid_call(value, path, text, expected):
    assert found(rule("forbid_call", value), path, text) == expected


def test_pattern_reads_any_language_and_positions_are_utf16():
    r = rule("pattern", r"TODO\(\w+\)")
    text = "# é𝄞 TODO(ann)\nx = 1\n"
    [v] = check_text([r], "a.rb", text)
    assert (v.start_line, v.start_col, v.end_col) == (0, 6, 15), "é is one UTF-16 unit, 𝄞 two"
    assert check_text([r], "notes.txt", "plain TODO(bob)")[0].start_col == 6


def test_import_columns_are_utf16_after_wide_characters():
    [v] = check_text([rule("forbid_import", "requests")], "a.py", "x = '𝄞'; import requests\n")
    assert (v.start_col, v.end_col) == (17, 25)


def test_require_import():
    r = rule("require_import", "logging", fix="import logging", languages=("python",))
    [v] = check_text([r], "a.py", "x = 1\n")
    assert (v.start_line, v.fix.new_text) == (0, "import logging\n")
    assert check_text([r], "a.py", "import logging.handlers\n") == []
    assert check_text([r], "a.js", "x = 1\n") == [], "scoped to python"


def test_fixes_replace_the_module_keeping_the_submodule():
    r = rule("forbid_import", "requests", fix="httpx")
    [a, b] = check_text([r], "a.py", "import requests\nimport requests.auth\n")
    assert (a.fix.new_text, b.fix.new_text) == ("httpx", "httpx.auth")
    assert (b.fix.start_col, b.fix.end_col) == (7, 20)
    [c] = check_text([rule("forbid_call", "os.path.join", fix="Path.joinpath")], "a.py", "os.path.join(a)\n")
    assert c.fix.new_text == "Path.joinpath" and (c.fix.start_col, c.fix.end_col) == (0, 12)
    [d] = check_text([rule("pattern", r"assertEquals\((.*)\)", fix=r"assertEqual(\1)")], "t.py", "self.assertEquals(a, b)\n")
    assert d.fix.new_text == "assertEqual(a, b)"


def test_a_glob_value_gets_no_fix():
    [v] = check_text([rule("forbid_import", "@emotion/*", fix="styled")], "a.ts", "import '@emotion/css';\n")
    assert v.fix is None


PATHS = [
    pytest.param(("src/**",), "src/a/b.py", True, id="glob"),
    pytest.param(("src/**",), "lib/a.py", False, id="outside"),
    pytest.param(("src/**", "!src/legacy/**"), "src/legacy/a.py", False, id="excluded"),
    pytest.param(("!tests/**",), "src/a.py", True, id="only-exclusions"),
    pytest.param(("*.py",), "deep/down/a.py", True, id="name-glob-any-depth"),
]


@pytest.mark.parametrize("paths, path, hit", PATHS)
def test_path_globs(paths, path, hit):
    assert bool(check_text([rule("forbid_import", "requests", paths=paths)], path, "import requests\n")) is hit


def test_languages_scope_and_language_ids():
    r = rule("forbid_call", "console.log", languages=("typescript",))
    assert check_text([r], "a.js", "console.log(1)\n") == []
    assert len(check_text([r], "a.js", "console.log(1)\n", "typescript")) == 1, "an LSP languageId wins over the name"
    assert len(check_text([r], "untitled", "console.log(1)\n", "typescript")) == 1


def test_unconfirmed_rules_never_match():
    text = "import requests\n"
    for state in ("proposed", "rejected"):
        assert check_text([rule("forbid_import", "requests", state=state)], "a.py", text) == []


def test_no_grammar_no_syntax_match_and_broken_code_still_checked():
    assert check_text([rule("forbid_import", "requests")], "a.rb", "require 'requests'\n") == []
    broken = "import requests\ndef f(:\n    pass\n"
    assert len(check_text([rule("forbid_import", "requests")], "a.py", broken)) == 1


def test_violations_name_the_decision_and_the_enclosing_symbol():
    r = rule("forbid_call", "print")
    [v] = check_text([r], "pkg/a.py", "class A:\n    def run(self):\n        print(1)\n")
    assert "We use httpx" in v.message and v.symbol == "pkg.a.A.run"
    [top] = check_text([r], "pkg/a.py", "x = 1\nprint(x)\n")
    assert top.symbol is None
    [plain] = check_text([r], "pkg/a.py", "class A:\n    def run(self):\n        print(1)\n", symbols=False)
    assert plain.symbol is None, "diagnostics may skip it"
    own = rule("forbid_call", "print", message="Use the logger.")
    assert check_text([own], "a.py", "print(1)\n")[0].message == "Use the logger. (decision: We use httpx)"


def test_a_failing_rule_does_not_hide_the_others(monkeypatch):
    from lore.checks import engine

    real = engine._pattern

    def boom(r, *a):
        if r.id == "bad":
            raise RuntimeError("surprise")
        return real(r, *a)

    monkeypatch.setattr(engine, "_pattern", boom)
    rules = [rule("pattern", "x", id="bad"), rule("pattern", "y", id="good")]
    assert [v.rule.id for v in check_text(rules, "a.txt", "x y")] == ["good"]


def test_reparsing_after_edits_reads_what_a_fresh_parse_reads():
    import random

    from lore.checks.syntax import read_sites

    rng = random.Random(7)
    lines = ["import os", "import requests as r", "", "def f(x):", "    return os.path.join(x, 'é𝄞')", "",
             "class A:", "    def g(self):", "        r.get(1)", "        print('x')"]
    pieces = ["import lodash", "print(2)", "def h(:", "    os.path.exists(y)", "x = 'unterminated", "# 𝄞"]
    for i in range(60):
        at = rng.randrange(len(lines) + 1)
        if lines and rng.random() < 0.4:
            del lines[min(at, len(lines) - 1)]
        else:
            lines.insert(at, rng.choice(pieces))
        data = "\n".join(lines).encode()
        again = read_sites(data, "python", key="doc.py")
        fresh = read_sites(data, "python", key="")
        assert again == fresh, (i, lines)


SOURCES = [
    pytest.param("app/svc.py", "import os\n\n@dec\nclass A:\n    x = 1\n\n    def run(self):\n        def inner():\n"
                 "            return os.sep\n        return inner\n\n\ndef top():\n    pass\n", id="python"),
    pytest.param("web/a.ts", "export class Api {\n  get(u: string) {\n    return fetch(u);\n  }\n}\n"
                 "export const helper = () => {\n  return 1;\n};\nfunction plain() {}\n", id="typescript"),
    pytest.param("pkg/a.go", "package a\n\ntype S struct{}\n\nfunc (s *S) Do() {\n\tprintln(1)\n}\n\nfunc F() {}\n", id="go"),
]


@pytest.mark.parametrize("path, text", SOURCES)
def test_enclosing_names_agree_with_extract_symbols(path, text):
    from lore.anchors import languages
    from lore.anchors.enclosing import enclosing_names
    from lore.anchors.symbols import extract_symbols, symbol_at

    language = languages.language_for_path(path)
    data = text.encode()
    rows = list(range(text.count("\n") + 1))
    got = enclosing_names(languages.parse(language, data), data, language, path, rows)
    symbols = extract_symbols(text, language, path)
    for row, name in zip(rows, got):
        line = text.split("\n")[row]
        col = len(line) - len(line.lstrip())
        expected = symbol_at(symbols, row, col)
        assert name == (expected.qualified_name if expected else None), (row, line)
    assert any(got), "the cases hold definitions"


def test_a_pattern_violation_gets_its_symbol_too():
    [v] = check_text([rule("pattern", r"TODO")], "m.py", "def f():\n    # TODO\n    pass\n")
    assert v.symbol == "m.f"


@pytest.mark.parametrize("a, b", [(b"", b""), (b"abc", b"abc"), (b"abc", b"abd"), (b"x" * 9000 + b"1" + b"y" * 5000,
                                   b"x" * 9000 + b"22" + b"y" * 5000), (b"a" * 4096, b"a" * 4096 + b"b"), (b"q", b"")])
def test_common_prefix_and_suffix(a, b):
    from lore.checks.syntax import _common_prefix, _common_suffix

    def slow_prefix():
        i = 0
        while i < min(len(a), len(b)) and a[i] == b[i]:
            i += 1
        return i

    p = _common_prefix(a, b)
    assert p == slow_prefix()
    s = _common_suffix(a, b, len(a) - p, len(b) - p)
    slow = 0
    while slow < min(len(a), len(b)) - p and a[len(a) - 1 - slow] == b[len(b) - 1 - slow]:
        slow += 1
    assert s == slow
