"""Exclusive choices guidance makes, and the stance a sentence takes on each option.

A group lists options a project picks one of (a JavaScript package manager, a test runner, tabs or
spaces). A sentence *endorses* an option when it prescribes it ("use pnpm", "run `pnpm install`",
"we test with vitest", "indent with tabs") and *rejects* it when the option follows a negation or a
contrast ("not npm", "instead of jest", "never yarn", "pnpm over npm", "migrated from yarn").
A sentence only describing an option ("npm is a package manager") takes no stance, nor do links
and URLs, nor what every project does with npm whatever its package manager (`npm install -g` a
tool, `npm publish`, `npm version`).
"""

from __future__ import annotations

import re

import attrs


@attrs.frozen
class Group:
    """Options a project chooses one of; each option is (name, pattern)."""

    name: str
    options: tuple[tuple[str, str], ...]


_I = re.I
GROUPS = (
    Group("JavaScript package manager", (
        ("npm", r"\bnpm\b(?!\s+(?:i|install)\s+(?:-g|--global)\b)(?!\s+(?:version|publish|login|pack|view|info|"
                r"dist-tag|deprecate|trends|registry|package)\b)|\bnpx\b|package-lock\.json"), ("pnpm", r"\bpnpm\b|pnpm-lock\.yaml"),
        ("yarn", r"\byarn\b(?!\.lock\b.{0,20}\bignored)|yarn\.lock"), ("bun", r"\bbunx?\b(?= (?:install|run|add|test|x)\b)|\bbun\.lockb?\b"))),
    Group("JavaScript test runner", (
        ("jest", r"\bjest\b(?![-./]dom)(?!-environment)"), ("vitest", r"\bvitest\b"), ("mocha", r"\bmocha\b"))),
    Group("Python test framework", (
        ("pytest", r"\bpytest\b"), ("unittest", r"\bunittest\b(?!\.mock)(?! *\. *mock)"))),
    Group("indentation", (
        ("tabs", r"\b(?:indent\w*|indentation)\b[^.\n]{0,30}\btabs?\b|\btabs?\b[^.\n]{0,20}\bindent\w*|\bhard tabs\b"),
        ("spaces", r"\b(?:indent\w*|indentation)\b[^.\n]{0,30}\b(?:\d+|two|four) spaces\b|\b(?:\d+|two|four)[- ]spaces?\b[^.\n]{0,20}\bindent\w*|\bsoft tabs\b"))),
    Group("string quotes", (
        ("single quotes", r"\bsingle[- ]quot\w*"), ("double quotes", r"\bdouble[- ]quot\w*"))),
    Group("Python dependency manager", (
        ("poetry", r"\bpoetry\b"), ("uv", r"\buv (?:run|sync|add|pip|lock|venv)\b|\buv\.lock\b|`uv`"),
        ("pipenv", r"\bpipenv\b|Pipfile"), ("pdm", r"\bpdm\b"))),
    Group("Python formatter", (
        ("black", r"\bblack\b(?= (?:\.|format|--|for|to|as|formatter|formatting)|`)|`black`"),
        ("ruff format", r"\bruff format\b"), ("yapf", r"\byapf\b"), ("autopep8", r"\bautopep8\b"))),
    Group("Python HTTP client", (("requests", r"`requests`|\brequests library\b|\bimport requests\b"),
                                 ("httpx", r"\bhttpx\b"))),
    Group("JavaScript formatter", (("prettier", r"\bprettier\b"), ("biome", r"\bbiome\b"))),
)
_COMPILED = [(g, [(name, re.compile(p, _I)) for name, p in g.options]) for g in GROUPS]
NEGATION = re.compile(
    r"\b(?:not|never|no longer|don'?t|do not|doesn'?t|avoid|instead of|rather than|over|without|stop using|"
    r"migrat\w* (?:away )?from|moved? (?:away )?from|replac\w*|deprecated|drop(?:ped)?|remove[ds]?|"
    r"switch\w* from|no)\b[^.;\n]{0,40}$", _I)
AFTER_NEGATION = re.compile(r"^[^.;\n]{0,25}\b(?:is|are|was) (?:deprecated|not (?:used|supported|allowed)|forbidden|banned|"
                            r"no longer used)\b", _I)
PRESCRIPTIVE = re.compile(
    r"\b(?:use[sd]?|using|prefer\w*|always|must|should|required?|run|runs|with|via|through|install|we|our|"
    r"standard|default|only|configured|written|managed)\b|`", _I)
_SENTENCE = re.compile(r"(?<=[.!?])\s+(?=[A-Z`])|\n+")
# Links name other documents (`[…with-yarn-and-lerna](…)`) and URLs name sites: neither prescribes.
_LINK = re.compile(r"!?\[[^\[\]\n]*\]\([^)\n]*\)|<?https?://[^\s)>]+>?")


@attrs.frozen
class Stance:
    """A sentence's stance on one option of a group."""

    group: str
    option: str
    endorses: bool
    sentence: str


def sentences(text: str) -> list[str]:
    """A text's sentences and list items (code blocks kept whole as one)."""
    text = _LINK.sub(" ", text)
    return [s.strip(" -*#>\t") for s in _SENTENCE.split(text) if s.strip(" -*#>\t")]


def stances(text: str) -> list[Stance]:
    """Every stance the text's sentences take on the options of `GROUPS`."""
    out = []
    for sentence in sentences(text):
        for group, options in _COMPILED:
            for name, pattern in options:
                for m in pattern.finditer(sentence):
                    before, after = sentence[: m.start()], sentence[m.end():]
                    if NEGATION.search(before) or AFTER_NEGATION.search(after):
                        out.append(Stance(group.name, name, False, sentence))
                    elif PRESCRIPTIVE.search(sentence):
                        out.append(Stance(group.name, name, True, sentence))
                    break
    return out


def positions(text: str) -> dict[str, dict[str, Stance]]:
    """group -> option -> the first sentence endorsing it, for options the text endorses and never
    rejects (a text endorsing two options of a group, "npm or yarn", says nothing about that group)."""
    endorsed: dict[str, dict[str, Stance]] = {}
    rejected: set[tuple[str, str]] = set()
    for s in stances(text):
        if s.endorses:
            endorsed.setdefault(s.group, {}).setdefault(s.option, s)
        else:
            rejected.add((s.group, s.option))
    out = {}
    for group, options in endorsed.items():
        kept = {o: s for o, s in options.items() if (group, o) not in rejected}
        if len(kept) == 1:
            out[group] = kept
    return out
