"""Feature finders, feedback event parsing and observations from feedback events."""

from __future__ import annotations

import pytest

from lore.learn import FeedbackEvent, observe
from lore.learn import catalog
from lore.learn.extract import WEIGHT_ACCEPTED, WEIGHT_FLIPPED, WEIGHT_REJECTED, WEIGHT_UNREASONED_REJECTION
from lore.learn.syntax import parse

UNRELATED_PY = "total = 0\nfor item in items:\n    total += item.price\n"
UNRELATED_JS = "export function area(r) {\n  return Math.PI * r * r;\n}\n"

# (feature, language, code, expected option or None)
DETECTIONS = [
    # 1. paths
    pytest.param("paths.pathlib", "python",
                 "from pathlib import Path\n\nconfig = Path(root) / 'config.toml'\ntext = config.read_text()\n",
                 "pathlib", id="paths-pathlib"),
    pytest.param("paths.pathlib", "python",
                 "import os\n\nconfig = os.path.join(root, 'config.toml')\nif os.path.exists(config):\n    load(config)\n",
                 "os.path", id="paths-os-path"),
    pytest.param("paths.pathlib", "python", UNRELATED_PY, None, id="paths-silent"),
    pytest.param("paths.pathlib", "python",
                 "base = Path(root)\nname = os.path.basename(path)\n", None, id="paths-mixed"),
    # 2. tests
    pytest.param("tests.pytest", "python",
                 "import pytest\n\ndef test_parse_empty():\n    assert parse('') == []\n\n"
                 "def test_parse_bad():\n    with pytest.raises(ValueError):\n        parse('{')\n",
                 "pytest", id="tests-pytest"),
    pytest.param("tests.pytest", "python",
                 "import unittest\n\nclass ParseTest(unittest.TestCase):\n    def test_empty(self):\n"
                 "        self.assertEqual(parse(''), [])\n",
                 "unittest", id="tests-unittest"),
    pytest.param("tests.pytest", "python", UNRELATED_PY, None, id="tests-silent"),
    pytest.param("tests.pytest", "python",
                 "def test_a():\n    assert f()\n\nclass B(TestCase):\n    pass\n", None, id="tests-mixed"),
    # 3. string formatting
    pytest.param("strings.format", "python",
                 "message = f'{user.name} has {count} items'\nlogger.info(f'done in {elapsed:.2f}s')\n",
                 "f-string", id="format-fstring"),
    pytest.param("strings.format", "python",
                 "message = '{} has {} items'.format(user.name, count)\n", "str.format", id="format-format"),
    pytest.param("strings.format", "python",
                 "message = '%s has %d items' % (user.name, count)\n", "%-format", id="format-percent"),
    pytest.param("strings.format", "python", "name = 'plain'\nlabel = name + suffix\n", None,
                 id="format-silent"),
    pytest.param("strings.format", "python",
                 "a = f'{x}'\nb = '{}'.format(y)\n", None, id="format-mixed"),
    # 4. output
    pytest.param("output.logging", "python",
                 "logger = logging.getLogger(__name__)\nlogger.info('loaded %d rows', len(rows))\n",
                 "logging", id="output-py-logging"),
    pytest.param("output.logging", "python",
                 "print('loaded', len(rows), 'rows')\n", "print", id="output-py-print"),
    pytest.param("output.logging", "python", UNRELATED_PY, None, id="output-py-silent"),
    pytest.param("output.logging", "python",
                 "print(rows)\nself.logger.debug('rows: %s', rows)\n", None, id="output-py-mixed"),
    pytest.param("output.logger-js", "javascript",
                 "logger.info('server started', { port });\n", "logger", id="output-js-logger"),
    pytest.param("output.logger-js", "typescript",
                 "console.log(`server started on ${port}`);\n", "console", id="output-ts-console"),
    pytest.param("output.logger-js", "javascript", UNRELATED_JS, None, id="output-js-silent"),
    pytest.param("output.logger-js", "javascript",
                 "console.error(err);\nlogger.error(err);\n", None, id="output-js-mixed"),
    # 5. type hints
    pytest.param("types.annotations", "python",
                 "def load(path: Path, *, strict: bool = False) -> dict[str, str]:\n    return {}\n",
                 "annotated", id="types-annotated"),
    pytest.param("types.annotations", "python",
                 "def load(path, strict=False):\n    return {}\n", "unannotated", id="types-unannotated"),
    pytest.param("types.annotations", "python",
                 "def main():\n    run()\n", None, id="types-silent-no-params"),
    pytest.param("types.annotations", "python",
                 "class A:\n    def f(self, x: int) -> int:\n        return x\n    def g(self, y):\n"
                 "        return y\n", None, id="types-mixed"),
    # 6. quotes
    pytest.param("quotes.python", "python",
                 "name = 'lore'\nkinds = ['decision', 'convention']\n", "single", id="quotes-py-single"),
    pytest.param("quotes.python", "python",
                 'name = "lore"\nkinds = ["decision", "convention"]\nmsg = "it\'s here"\n', "double",
                 id="quotes-py-double"),
    pytest.param("quotes.python", "python",
                 'def f():\n    """Docstring."""\n    return "it\'s" + \'say "hi"\'\n', None,
                 id="quotes-py-silent-other-quote-inside"),
    pytest.param("quotes.python", "python", "a = 'x'\nb = \"y\"\n", None, id="quotes-py-mixed"),
    pytest.param("quotes.js", "typescript",
                 "import { x } from './x';\nconst kind: string = 'decision';\n", "single",
                 id="quotes-ts-single"),
    pytest.param("quotes.js", "javascript",
                 'const kind = "decision";\nconst el = <div className="x">{kind}</div>;\n', "double",
                 id="quotes-js-double"),
    pytest.param("quotes.js", "javascript", "const n = 1 + `${x}`;\n", None, id="quotes-js-silent"),
    pytest.param("quotes.js", "javascript", "const a = 'x', b = \"y\";\n", None, id="quotes-js-mixed"),
    # 7. naming
    pytest.param("naming.python", "python",
                 "def load_config(file_path):\n    raw_text = file_path.read_text()\n    return raw_text\n",
                 "snake_case", id="naming-py-snake"),
    pytest.param("naming.python", "python",
                 "def loadConfig(filePath):\n    rawText = filePath.read_text()\n    return rawText\n",
                 "camelCase", id="naming-py-camel"),
    pytest.param("naming.python", "python",
                 "class Test(TestCase):\n    def setUp(self):\n        self.x = 1\n", None,
                 id="naming-py-silent-mandated"),
    pytest.param("naming.python", "python", "user_name = a\nuserId = b\n", None, id="naming-py-mixed"),
    pytest.param("naming.js", "javascript",
                 "function loadConfig(filePath) {\n  const rawText = read(filePath);\n  return rawText;\n}\n",
                 "camelCase", id="naming-js-camel"),
    pytest.param("naming.js", "typescript",
                 "function load_config(file_path: string): string {\n  const raw_text = read(file_path);\n"
                 "  return raw_text;\n}\n", "snake_case", id="naming-ts-snake"),
    pytest.param("naming.js", "javascript",
                 "const { user_id, created_at } = row;\nconst MAX = 3;\n", None, id="naming-js-silent"),
    pytest.param("naming.js", "javascript", "let userName = a;\nlet user_id = b;\n", None,
                 id="naming-js-mixed"),
    # 8. async style
    pytest.param("async.await", "typescript",
                 "async function load(url: string) {\n  const res = await fetch(url);\n  return await res.json();\n}\n",
                 "async/await", id="async-await"),
    pytest.param("async.await", "javascript",
                 "function load(url) {\n  return fetch(url).then(res => res.json()).then(data => data.items);\n}\n",
                 "then-chains", id="async-then"),
    pytest.param("async.await", "javascript", UNRELATED_JS, None, id="async-silent"),
    pytest.param("async.await", "javascript",
                 "const a = await f();\ng().then(h);\n", None, id="async-mixed"),
    # 9. declarations
    pytest.param("declarations.const", "javascript",
                 "const limit = 10;\nlet count = 0;\n", "const/let", id="decl-const"),
    pytest.param("declarations.const", "javascript",
                 "var limit = 10;\nvar count = 0;\n", "var", id="decl-var"),
    pytest.param("declarations.const", "javascript", "count += 1;\nrender(count);\n", None,
                 id="decl-silent"),
    pytest.param("declarations.const", "typescript", "var a = 1;\nconst b = 2;\n", None, id="decl-mixed"),
    # 10. function style
    pytest.param("functions.arrow", "javascript",
                 "const double = (x) => x * 2;\nitems.map(item => item.id);\n", "arrow", id="fn-arrow"),
    pytest.param("functions.arrow", "javascript",
                 "const double = function (x) { return x * 2; };\nitems.map(function (item) { return item.id; });\n",
                 "function-expression", id="fn-expression"),
    pytest.param("functions.arrow", "javascript",
                 "function double(x) {\n  return x * 2;\n}\n", None, id="fn-silent-declaration"),
    pytest.param("functions.arrow", "javascript",
                 "a(() => 1);\nb(function () { return 2; });\n", None, id="fn-mixed"),
    # 11. control flow
    pytest.param("control.early-return", "python",
                 "def save(user):\n    if user is None:\n        return\n    db.add(user)\n    db.commit()\n",
                 "guard-clause", id="control-py-guard"),
    pytest.param("control.early-return", "python",
                 "def save(user):\n    if user is not None:\n        db.add(user)\n        db.commit()\n",
                 "nested-if", id="control-py-nested"),
    pytest.param("control.early-return", "python",
                 "def save(user):\n    db.add(user)\n    db.commit()\n", None, id="control-py-silent"),
    pytest.param("control.early-return", "python",
                 "def a(x):\n    if not x:\n        return\n    go(x)\n\ndef b(y):\n    if y:\n        go(y)\n"
                 "        stop(y)\n", None, id="control-py-mixed"),
    pytest.param("control.early-return", "typescript",
                 "function save(user?: User) {\n  if (!user) return;\n  db.add(user);\n  db.commit();\n}\n",
                 "guard-clause", id="control-ts-guard"),
    pytest.param("control.early-return", "javascript",
                 "for (const user of users) {\n  if (user.active) {\n    notify(user);\n    count++;\n  }\n}\n",
                 "nested-if", id="control-js-nested"),
    pytest.param("control.early-return", "javascript", UNRELATED_JS, None, id="control-js-silent"),
    # 12. exceptions
    pytest.param("exceptions.specific", "python",
                 "try:\n    data = json.loads(raw)\nexcept (ValueError, KeyError) as exc:\n    raise BadInput(raw) from exc\n",
                 "specific", id="exc-specific"),
    pytest.param("exceptions.specific", "python",
                 "try:\n    data = json.loads(raw)\nexcept:\n    data = None\n", "broad", id="exc-bare"),
    pytest.param("exceptions.specific", "python",
                 "try:\n    run()\nexcept Exception:\n    logger.exception('run failed')\n    raise\n", None,
                 id="exc-silent-reraise"),
    pytest.param("exceptions.specific", "python",
                 "try:\n    a()\nexcept OSError:\n    pass\ntry:\n    b()\nexcept Exception:\n    pass\n", None,
                 id="exc-mixed"),
    # 13. bonus features
    pytest.param("loops.comprehension", "python",
                 "names = [user.name for user in users if user.active]\n", "comprehension", id="comp-yes"),
    pytest.param("loops.comprehension", "python",
                 "names = []\nfor user in users:\n    if user.active:\n        names.append(user.name)\n",
                 "loop-append", id="comp-loop"),
    pytest.param("loops.comprehension", "python", UNRELATED_PY, None, id="comp-silent"),
    pytest.param("loops.comprehension", "python",
                 "a = [x for x in y]\nfor z in w:\n    b.append(z)\n", None, id="comp-mixed"),
    pytest.param("access.optional-chaining", "typescript",
                 "const city = user?.address?.city;\n", "optional-chaining", id="chain-optional"),
    pytest.param("access.optional-chaining", "javascript",
                 "const city = user && user.address && user.address.city;\n", "and-chain", id="chain-and"),
    pytest.param("access.optional-chaining", "javascript",
                 "const ok = ready && loaded;\n", None, id="chain-silent"),
    pytest.param("access.optional-chaining", "javascript",
                 "a = u?.x;\nb = v && v.y;\n", None, id="chain-mixed"),
    pytest.param("classes.dataclass", "python",
                 "@dataclass(frozen=True)\nclass Point:\n    x: float\n    y: float\n", "dataclass",
                 id="dataclass-yes"),
    pytest.param("classes.dataclass", "python",
                 "class Point:\n    def __init__(self, x, y):\n        self.x = x\n        self.y = y\n",
                 "plain-class", id="dataclass-plain"),
    pytest.param("classes.dataclass", "python",
                 "class Service:\n    def __init__(self, db):\n        super().__init__()\n        self.db = db\n",
                 None, id="dataclass-silent"),
    pytest.param("classes.dataclass", "python",
                 "@attrs.define\nclass A:\n    x: int\n\nclass B:\n    def __init__(self, p, q):\n"
                 "        self.p = p\n        self.q = q\n", None, id="dataclass-mixed"),
]


@pytest.mark.parametrize(("feature_id", "language", "code", "expected"), DETECTIONS)
def test_feature_detects_the_option_a_snippet_uses(feature_id, language, code, expected):
    feature = catalog.get(feature_id)
    snippet = parse(code, language)
    assert feature is not None and snippet is not None
    assert feature.detect(snippet) == expected


def test_every_feature_has_detection_cases():
    covered = {param.values[0] for param in DETECTIONS}
    assert covered == {feature.id for feature in catalog.FEATURES}
    assert len(catalog.FEATURES) >= 12


@pytest.mark.parametrize(
    ("language", "expected"),
    [
        pytest.param("python", {"paths.pathlib", "quotes.python", "control.early-return"}, id="python"),
        pytest.param("typescriptreact", {"quotes.js", "declarations.const", "control.early-return"}, id="tsx"),
        pytest.param("rust", set(), id="unsupported"),
    ],
)
def test_features_are_language_aware(language, expected):
    ids = {feature.id for feature in catalog.for_language(language)}
    assert expected <= ids if expected else ids == set()
    if language == "python":
        assert "declarations.const" not in ids


def test_python_fragment_that_does_not_parse_is_salvaged_statement_by_statement():
    fragment = (
        "        config = os.path.join(root, 'a.toml')\n"
        "        data = load(config\n"  # unbalanced: ast rejects the whole fragment
        "def later(p):\n"
        "    return os.path.exists(p)\n"
    )
    snippet = parse(fragment, "python")
    feature = catalog.get("paths.pathlib")
    uses = feature.uses(snippet)
    assert feature.detect(snippet) == "os.path"
    assert (0, 17) in {(use.line, use.col) for use in uses}
    assert any(use.line == 3 for use in uses)


def test_indented_fragment_keeps_original_positions():
    snippet = parse("    x = os.path.join(a, b)\n    print(x)\n", "python")
    uses = catalog.get("paths.pathlib").uses(snippet)
    assert [(use.line, use.col, use.text) for use in uses] == [(0, 8, "os.path.join")]


def _event(outcome, proposed, final=None, language="python", **extra):
    return FeedbackEvent(uri="file:///w/app.py", language=language, proposed=proposed, final=final,
                         outcome=outcome, at=100.0, **extra)


def _by_feature(observations):
    return {obs.feature: obs for obs in observations}


def test_accepted_edit_mildly_prefers_what_was_proposed():
    obs = _by_feature(observe(_event("accepted", "out = os.path.join(root, 'out')\nprint(out)\n")))
    assert obs["paths.pathlib"].prefers == "os.path"
    assert obs["paths.pathlib"].over == "pathlib"
    assert obs["paths.pathlib"].weight == WEIGHT_ACCEPTED
    assert obs["paths.pathlib"].example == "out = os.path.join(root, 'out')"
    assert obs["output.logging"].prefers == "print"
    assert obs["paths.pathlib"].at == 100.0


def test_rejected_edit_prefers_the_alternative_where_there_is_one():
    proposed = "msg = '{} items'.format(n)\nfor x in xs:\n    out.append(x)\n"
    obs = _by_feature(observe(_event("rejected", proposed)))
    loop = obs["loops.comprehension"]
    # no reason: weak evidence only, never a decisive vote
    assert (loop.prefers, loop.over, loop.weight) == ("comprehension", "loop-append", WEIGHT_UNREASONED_REJECTION)
    assert loop.example == "instead of: for x in xs:"
    # three ways to format strings: rejecting one does not say which other was wanted
    assert "strings.format" not in obs


@pytest.mark.parametrize(
    ("reason", "stated", "expected"),
    [
        pytest.param("use a comprehension", "loops.comprehension", {"loops.comprehension": WEIGHT_REJECTED},
                     id="reason-names-the-feature"),
        pytest.param("requests is banned in this repo", None, {}, id="reason-names-another-choice"),
        pytest.param("not what I asked for", None, {}, id="reason-names-nothing"),
    ],
)
def test_a_reasoned_rejection_charges_only_what_the_reason_names(reason, stated, expected):
    proposed = "import requests\nprint('got', requests.get(u))\nfor x in xs:\n    out.append(x)\n"
    obs = observe(_event("rejected", proposed, reason=reason), stated)
    assert {o.feature: o.weight for o in obs} == expected


def test_modified_edit_flip_is_a_strong_signal_and_unchanged_choices_are_mild():
    proposed = "import os\n\ndef out_dir(root):\n    return os.path.join(root, 'out')\n"
    final = "from pathlib import Path\n\ndef out_dir(root):\n    return Path(root) / 'out'\n"
    obs = _by_feature(observe(_event("modified", proposed, final)))
    paths = obs["paths.pathlib"]
    assert (paths.prefers, paths.over, paths.weight) == ("pathlib", "os.path", WEIGHT_FLIPPED)
    assert paths.example == "from pathlib import Path"
    quotes = obs["quotes.python"]
    assert (quotes.prefers, quotes.weight) == ("single", WEIGHT_ACCEPTED)
    assert obs["types.annotations"].prefers == "unannotated"


def test_modified_edit_that_deletes_a_choice_says_nothing_about_it():
    obs = _by_feature(observe(_event("modified", "print(rows)\nx = 1\n", "x = 1\n")))
    assert "output.logging" not in obs


def test_naming_is_only_observed_when_the_unidiomatic_style_is_involved():
    snake = "def load_rows(file_path):\n    return file_path\n"
    camel = "def loadRows(filePath):\n    return filePath\n"
    assert "naming.python" not in _by_feature(observe(_event("accepted", snake)))
    assert "naming.python" not in _by_feature(observe(_event("rejected", snake)))
    accepted_camel = _by_feature(observe(_event("accepted", camel)))["naming.python"]
    assert accepted_camel.prefers == "camelCase"
    fixed = _by_feature(observe(_event("modified", camel, snake)))["naming.python"]
    assert (fixed.prefers, fixed.over, fixed.weight) == ("snake_case", "camelCase", WEIGHT_FLIPPED)
    js = _by_feature(observe(_event("modified", "const user_name = a;", "const userName = a;",
                                     language="javascript")))
    assert js["naming.js"].prefers == "camelCase"


def test_javascript_modified_edit():
    proposed = "var items = [];\nfetchItems().then(function (res) { items = res; });\n"
    final = "const items = await fetchItems();\n"
    obs = _by_feature(observe(_event("modified", proposed, final, language="javascript")))
    assert obs["declarations.const"].prefers == "const/let"
    assert obs["declarations.const"].weight == WEIGHT_FLIPPED
    assert obs["async.await"].prefers == "async/await"
    assert obs["async.await"].over == "then-chains"
    assert "functions.arrow" not in obs


@pytest.mark.parametrize(
    ("language", "proposed"),
    [
        pytest.param("plaintext", "use os.path.join", id="unsupported-language"),
        pytest.param("python", "", id="empty"),
        pytest.param("python", "))) def (((: \x00", id="garbage"),
        pytest.param("python", "x = " + "(" * 3000 + "1" + ")" * 3000, id="nested-too-deep"),
        pytest.param("python", "x = a" + ".b" * 20000, id="attribute-chain-too-long"),
        pytest.param("javascript", "x = " + "[" * 3000 + "]" * 3000, id="js-nested-deep"),
    ],
)
def test_observe_is_silent_on_text_it_cannot_read(language, proposed):
    assert observe(_event("accepted", proposed, language=language)) == []


def test_examples_are_short():
    long_line = "value = os.path.join(" + ", ".join(f"'part{i}'" for i in range(40)) + ")\n"
    obs = _by_feature(observe(_event("accepted", long_line)))
    assert len(obs["paths.pathlib"].example) <= 120


VALID = {
    "uri": "file:///w/app.py",
    "languageId": "python",
    "range": {"start": {"line": 1, "character": 0}, "end": {"line": 2, "character": 0}},
    "proposedText": "print(x)",
    "outcome": "accepted",
    "origin": "inline-completion",
}


def test_from_json_reads_protocol_arguments():
    event = FeedbackEvent.from_json({**VALID, "outcome": "modified", "finalText": "logger.info(x)",
                                     "reason": "  no prints  ", "at": 12.5})
    assert (event.language, event.outcome, event.origin) == ("python", "modified", "inline-completion")
    assert (event.final, event.reason, event.at) == ("logger.info(x)", "no prints", 12.5)


def test_from_json_defaults_and_language_from_uri():
    data = {k: v for k, v in VALID.items() if k not in {"languageId", "origin"}}
    event = FeedbackEvent.from_json({**data, "uri": "file:///w/App.tsx", "finalText": "ignored"})
    assert (event.language, event.origin, event.final) == ("tsx", "manual", None)
    assert FeedbackEvent.from_json({**VALID, "languageId": "javascriptreact"}).language == "javascript"


@pytest.mark.parametrize(
    ("data", "message"),
    [
        pytest.param(["not", "an", "object"], "must be a JSON object, got list", id="not-object"),
        pytest.param({**VALID, "outcome": "maybe"}, "outcome must be one of accepted, rejected, modified, got 'maybe'",
                     id="unknown-outcome"),
        pytest.param({k: v for k, v in VALID.items() if k != "outcome"}, "outcome is required", id="no-outcome"),
        pytest.param({k: v for k, v in VALID.items() if k != "proposedText"}, "proposedText is required",
                     id="no-proposed"),
        pytest.param({**VALID, "proposedText": 42}, "proposedText must be a string, got int", id="proposed-int"),
        pytest.param({**VALID, "uri": ""}, "uri must not be empty", id="empty-uri"),
        pytest.param({**VALID, "origin": "robot"}, "origin must be one of", id="unknown-origin"),
        pytest.param({**VALID, "outcome": "modified"}, "finalText is required when outcome is 'modified'",
                     id="modified-without-final"),
        pytest.param({**VALID, "reason": ["x"]}, "reason must be a string, got list", id="reason-list"),
        pytest.param({**VALID, "at": "yesterday"}, "at must be a number", id="bad-time"),
        pytest.param({**VALID, "range": "1:2"}, "range must be an object", id="bad-range"),
    ],
)
def test_from_json_rejects_garbage_with_clear_messages(data, message):
    with pytest.raises(ValueError, match="invalid feedback|must be a JSON object") as info:
        FeedbackEvent.from_json(data)
    assert message in str(info.value)


def test_from_json_reports_every_problem_at_once():
    with pytest.raises(ValueError) as info:
        FeedbackEvent.from_json({"uri": 3, "outcome": "nope"})
    text = str(info.value)
    assert "uri must be a string" in text and "proposedText is required" in text and "outcome must be" in text
