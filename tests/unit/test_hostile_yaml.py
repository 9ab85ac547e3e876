"""Front matter built to explode (alias bombs, deep nesting, huge values) is refused by the bounded
YAML loader, naming the limit it passed, while ordinary front matter reads. That a whole `lore`
command survives such a file in a process capped at 500 MB and 30 seconds is
tests/e2e/test_hostile_yaml_cli.py.
"""

from __future__ import annotations

import pytest
import yaml
from fixtures.hostile_yaml import bomb, deep, deep_block, huge_value, wide_alias

from lore.markup.markdown import split_front_matter
from lore.markup.yamlbound import LIMITS, YamlLimitError, load_bounded


@pytest.mark.parametrize(("text", "limit"), [
    pytest.param(bomb(), "aliases", id="unit-bomb"),
    pytest.param(bomb(levels=4, width=4), "aliases", id="unit-small-bomb"),
    pytest.param(deep(), "nesting", id="unit-deep-flow"),
    pytest.param(deep_block(), "nesting", id="unit-deep-block"),
    pytest.param(wide_alias(size=50_000, copies=40), "aliases", id="unit-wide-alias"),
    pytest.param(huge_value(), "size", id="unit-huge"),
])
def test_bounded_loader_names_the_limit(text, limit):
    with pytest.raises(YamlLimitError) as info:
        load_bounded(text)
    assert limit in str(info.value)


@pytest.mark.parametrize("text", [
    pytest.param("title: &t Cents\nname: *t\ntags: [a, b]\n", id="one-alias-is-fine"),
    pytest.param("a:\n  b:\n    c: [1, {d: 2}]\n", id="ordinary-nesting"),
    pytest.param("date: 2024-01-31\nstatus: accepted\n", id="dates"),
])
def test_bounded_loader_reads_ordinary_front_matter(text):
    assert load_bounded(text)


def test_split_front_matter_refuses_the_whole_file():
    """A front matter over a limit is not salvaged key by key: the importer skips the file."""
    with pytest.raises(YamlLimitError) as info:
        split_front_matter(f"---\n{bomb()}\n---\n# T\n")
    assert str(LIMITS.max_aliases) in str(info.value) or str(LIMITS.max_nodes) in str(info.value)


def test_a_date_no_calendar_holds_is_kept_as_written():
    """filecoin-project/FIPs: `created: 2021-26-02` (month 26) failed three proposals' import outright."""
    assert load_bounded("created: 2021-26-02\ndate: 2021-02-03\nstatus: Final\n") == {
        "created": "2021-26-02", "date": __import__("datetime").date(2021, 2, 3), "status": "Final"}


def test_a_page_whose_front_matter_holds_an_impossible_date_is_imported(tmp_path):
    from lore.api import Lore
    from lore.embedding.embedder import HashEmbedder
    from lore.ingest import run_import

    root = tmp_path / "ws"
    (root / "FIPS").mkdir(parents=True)
    for n in (1, 2, 3, 4, 14):
        (root / "FIPS" / f"fip-{n:04d}.md").write_text(
            f"---\nfip: \"{n:04d}\"\ntitle: Proposal {n}\nstatus: Final\ncreated: 2021-26-02\n---\n\n"
            f"## Simple Summary\n\nExtend sectors {n}.\n\n## Specification\n\nAs written.\n")
    with Lore(root, user_db=tmp_path / "user.db", embedder=HashEmbedder()) as lore:
        summary = run_import(lore)
        assert not summary.skipped and len(summary.decisions) == 5


def test_an_applications_own_tags_read_as_plain_values_and_yamls_own_stay_refused():
    """GSA-TTS/continuous-assessment-poc (CC0): its `.gitlab-ci.yml` reuses steps with `!reference [.cache-pull]`, and
    the import warned "not read: ConstructorError" for the pipeline its security-scan record is about."""
    text = "scan:\n  script:\n    - !reference [.cache-pull, script]\n  image: !Sub '${Registry}/ruby'\nb: !Ref Bucket\n"
    assert load_bounded(text) == {"scan": {"script": [[".cache-pull", "script"]], "image": "${Registry}/ruby"},
                                  "b": "Bucket"}
    with pytest.raises(yaml.YAMLError):
        load_bounded("a: !!python/object/apply:os.system [echo]\n")


def test_a_value_opening_on_a_reserved_character_is_read_as_written_without_a_warning():
    """open-feature/flagd (Apache-2.0): seven records' `author: @toddbaert` broke their YAML (`@` is reserved) and
    each import warned of it, though every key was read; a value so written means its text."""
    text = "---\nstatus: accepted\nauthor: @toddbaert\nreviewer: `alice`\ncreated: 2025-06-06\n---\n\n# X\n"
    front, lines, warnings = split_front_matter(text)
    assert front["author"] == "@toddbaert" and front["reviewer"] == "`alice`" and front["status"] == "accepted"
    assert str(front["created"]) == "2025-06-06" and lines == 6 and warnings == []
    broken = "---\nstatus: [accepted\nauthor: @toddbaert\n---\n\n# X\n"  # broken otherwise too: still said
    assert split_front_matter(broken)[2]
