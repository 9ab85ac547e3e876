"""Match rules against one file's text (`check_text`): an editor buffer, a file on disk, a file after a diff."""

from __future__ import annotations

import fnmatch
import functools

import attrs
import logging
import re
from typing import Iterable

from lore.anchors.languages import language_for_id, language_for_path
from lore.checks.model import Fix, Rule, RuleException, Violation
from lore.checks.position import Positions
from lore.checks.syntax import SEPARATORS, FileSites, Site, has_syntax, read_sites
from lore.recall.anchoring import glob_covers
from lore.checks.exceptions import covers

log = logging.getLogger(__name__)
SYNTAX_KINDS = ("forbid_import", "require_import", "forbid_call")
MAX_PATTERN_HITS = 200  # per rule per file: a pattern that matches everything is not worth 10,000 lines


def applies(rule: Rule, path: str, language: str | None) -> bool:
    """Whether a rule covers a file: its language (syntax kinds need a grammar) and path globs."""
    if rule.kind in SYNTAX_KINDS and not has_syntax(language):
        return False
    if rule.languages and language not in rule.languages:
        return False
    if not rule.paths:
        return True
    include = [g for g in rule.paths if not g.startswith("!")]
    if any(_covers(g[1:], path) for g in rule.paths if g.startswith("!")):
        return False
    return not include or any(_covers(g, path) for g in include)


def _covers(glob: str, path: str) -> bool:

    return glob_covers(glob, path) is not None


def name_matches(value: str, name: str, sep: str | None) -> bool:
    """Whether a site's name is what a rule names: equal, a glob match (`*.objects.*`), or for an
    import (`sep` given) a submodule of it (`requests` covers `requests.adapters`)."""
    if name == value:
        return True
    if _is_glob(value):
        return _glob(value)(name) is not None
    return sep is not None and name.startswith(value) and name[len(value):len(value) + len(sep)] == sep


@functools.lru_cache(maxsize=1024)
def _is_glob(value: str) -> bool:
    return any(c in value for c in "*?[")


@functools.lru_cache(maxsize=512)
def _glob(value: str):
    return re.compile(fnmatch.translate(value)).match


def check_text(rules: Iterable[Rule], path: str, text: str, language: str | None = None,
               exceptions: Iterable[RuleException] = (), *, symbols: bool = True,
               reuse: bool = True) -> list[Violation]:
    """The violations of `rules` in one file's text (an editor buffer or a file read from disk).

    `path` is workspace-relative with forward slashes (it decides which rules apply); `language`
    is our language name or an LSP languageId, else guessed from the path. Unconfirmed rules are
    skipped here too. Violations come in document order, each with the definition it sits in
    (`symbol`, named as `lore.anchors.symbols` names it; read from the tree already parsed, so
    cheap, and skipped with `symbols=False` unless an exception names a symbol); an excepted
    location yields none. With `reuse` (an editor buffer) the file's syntax tree is kept for the
    next call on the same path, which then parses only what changed; files checked once pass
    `reuse=False`."""
    language = (language_for_id(language) if language else None) or language_for_path(path)
    exceptions = list(exceptions)
    active = [r for r in rules if r.confirmed and applies(r, path, language)]
    if not active:
        return []
    data = text.encode("utf-8", "surrogatepass")
    sites = FileSites()
    if any(r.kind in SYNTAX_KINDS for r in active) and language:
        sites = read_sites(data, language, calls=any(r.kind == "forbid_call" for r in active), key=path if reuse else "")
    pos = Positions(text, data)
    found: list[Violation] = []
    for rule in active:
        try:
            found += _violations(rule, path, language, text, sites, pos)
        except Exception:  # one rule's surprise never hides the others
            log.warning("rule %s failed on %s", rule.key, path, exc_info=True)
    named = symbols or any(ex.symbol for ex in exceptions)
    if found and named and language and has_syntax(language) and sites.tree is None:
        sites = read_sites(data, language, calls=False, key=path if reuse else "")  # a pattern rule's file
    found = _outside_exceptions(found, exceptions, path, data, language, sites, symbols)
    return sorted(found, key=lambda v: (v.start_line, v.start_col, v.rule.key))


def _violations(rule: Rule, path: str, language: str | None, text: str, sites: FileSites,
                pos: Positions) -> list[Violation]:
    sep = SEPARATORS.get(language or "", ".")
    if rule.kind == "forbid_import":
        return [_at_site(rule, path, s, pos, f"imports {s.name}", sep) for s in sites.imports
                if any(name_matches(rule.value, n, sep) for n in s.names)]
    if rule.kind == "forbid_call":
        if _is_glob(rule.value):
            hits = [s for s in sites.calls if any(name_matches(rule.value, n, None) for n in s.names)]
        else:
            hits = [s for s in sites.calls if s.name == rule.value or rule.value in s.also]
        first: dict[tuple[int, int], Site] = {}
        for s in hits:  # `a.objects.filter().first()`: one violation, at the innermost call of the chain
            if s.start not in first or s.end < first[s.start].end:
                first[s.start] = s
        return [_at_site(rule, path, s, pos, f"calls {s.name}", None) for s in first.values()]
    if rule.kind == "require_import":
        if not sites.parsed or any(name_matches(rule.value, n, sep) for s in sites.imports for n in s.names):
            return []
        fix = Fix(0, 0, 0, 0, rule.fix if rule.fix.endswith("\n") else rule.fix + "\n",
                  f"Add {rule.fix.strip()}") if rule.fix else None
        end = len(text.split("\n", 1)[0])
        return [Violation(rule, path, 0, 0, 0, pos.col16(0, end), _message(rule, f"does not import {rule.value}"), fix)]
    if rule.kind == "pattern":
        return _pattern(rule, path, text, pos)
    return []


def _at_site(rule: Rule, path: str, site: Site, pos: Positions, what: str, sep: str | None) -> Violation:
    sl, sc = pos.point(site.start)
    el, ec = pos.point(site.end)
    fix = None
    if rule.fix is not None and name_matches(rule.value, site.name, sep) and not any(c in rule.value for c in "*?["):
        new = rule.fix + site.name[len(rule.value):]
        fix = Fix(sl, sc, el, ec, new, f"Use {new} ({rule.memory_title or rule.memory_id})")
    return Violation(rule, path, sl, sc, el, ec, _message(rule, what), fix)


def _pattern(rule: Rule, path: str, text: str, pos: Positions) -> list[Violation]:
    out = []
    for i, m in enumerate(_compiled(rule.value).finditer(text)):
        if i >= MAX_PATTERN_HITS:
            break
        if m.end() == m.start():
            continue
        sl, sc = pos.offset(m.start())
        el, ec = pos.offset(m.end())
        fix = None
        if rule.fix is not None:
            try:
                new = m.expand(rule.fix)
                fix = Fix(sl, sc, el, ec, new, f"Replace with {new!r}")
            except (re.error, IndexError):
                fix = None
        out.append(Violation(rule, path, sl, sc, el, ec, _message(rule, f"`{_short(m.group(0))}`"), fix))
    return out


@functools.lru_cache(maxsize=512)
def _compiled(pattern: str) -> re.Pattern:
    return re.compile(pattern, re.M)


def _short(text: str, most: int = 40) -> str:
    text = " ".join(text.split())
    return text if len(text) <= most else text[: most - 1] + "…"


def _message(rule: Rule, what: str) -> str:
    """The rule's own message, else what was found; both name the decision."""
    title = rule.memory_title or rule.memory_id
    if rule.message:
        return rule.message if title in rule.message else f"{rule.message} (decision: {title})"
    hint = f"; use {rule.fix.strip()}" if rule.fix and rule.kind != "pattern" else ""
    return f"{what}: against the decision “{title}”{hint}"


def _outside_exceptions(found: list[Violation], exceptions: list[RuleException], path: str, data: bytes,
                        language: str | None, sites: FileSites, symbols: bool) -> list[Violation]:
    """Violations with their enclosing definition (when wanted or an exception needs it), less those
    a recorded exception covers."""
    if not found:
        return found

    files = {v.rule.file for v in found}
    exceptions = [ex for ex in exceptions if not ex.file or ex.file in files]
    if sites.tree is not None and language and (symbols or any(ex.symbol for ex in exceptions)):
        from lore.anchors.enclosing import enclosing_names

        names = enclosing_names(sites.tree, data, language, path, [v.start_line for v in found])
        found = [v if name is None else attrs.evolve(v, symbol=name) for v, name in zip(found, names)]
    return [v for v in found if not any(covers(ex, v) for ex in exceptions)]
