"""The rendered view of one memory (`lore.show`, a lens click, `lore show`): where it applies and
where it comes from read as places, linked where the face can follow links, never anchor syntax."""

from lore.memory import Anchor, Kind, Memory, Provenance, SourceKind
from lore.wire.places import place
from lore.wire.views import memory_markdown


def _memory() -> Memory:
    sym = Anchor.parse("symbol:typescript:features.FeaturesReadModel")
    sym.file = "src/lib/features/features-read-model.ts"
    method = Anchor.parse("symbol:python:billing.ledger.InvoiceLedger.post")
    method.file = "billing/ledger.py"
    return Memory(title="Read models hold the dashboard queries", kind=Kind.DECISION, body="Stores stay CRUD.",
                  anchors=[sym, method, Anchor.parse("src/lib/db/**"), Anchor.parse("src/server.ts"),
                           Anchor.parse("**/*.test.ts"), Anchor.parse("lang:python"),
                           Anchor.parse("symbol:go:tracestore.Reader")],
                  provenance=Provenance(SourceKind.ADR, "docs/adr/0013-read-models.md", 9))


def file_linker(path: str, line: int | None = None) -> str:
    return f"file:///work/repo/{path}" + (f"#L{line}" if line else "")


def test_anchors_read_as_places_with_file_links():
    md = memory_markdown(_memory(), file_linker)
    applies = next(line for line in md.splitlines() if line.startswith("**Applies to:**"))
    assert "symbol:" not in md and "lang:" not in md and "@" not in applies
    assert ("`FeaturesReadModel` in [src/lib/features/features-read-model.ts]"
            "(file:///work/repo/src/lib/features/features-read-model.ts)") in applies
    assert "`InvoiceLedger.post` in [billing/ledger.py](file:///work/repo/billing/ledger.py)" in applies
    assert "files under `src/lib/db/`" in applies
    assert "[src/server.ts](file:///work/repo/src/server.ts)" in applies
    assert "files matching `**/*.test.ts`" in applies and "every python file" in applies
    assert "`tracestore.Reader` (go code)" in applies
    source = next(line for line in md.splitlines() if line.startswith("**Source:**"))
    assert source.startswith("**Source:** [docs/adr/0013-read-models.md:9]"
                             "(file:///work/repo/docs/adr/0013-read-models.md#L9)")


def test_without_links_places_are_code():
    """What `lore.show` (an editor's preview), `lore show` and MCP read."""
    md = memory_markdown(_memory())
    assert "`FeaturesReadModel` in `src/lib/features/features-read-model.ts`" in md
    assert "**Source:** `docs/adr/0013-read-models.md:9`" in md
    assert "](" not in md


def test_a_link_label_is_escaped():
    anchor = Anchor.parse("docs/my_<notes>.md")
    assert place(anchor, lambda p, line=None: "file:///x") == "[docs/my\\_\\<notes\\>.md](file:///x)"


def test_a_record_a_later_one_amends_or_partly_supersedes_says_so():
    """alphagov/gsp ADR036 ("Accepted, amended by [ADR039]") and christiangroth/james-platform 0018 ("partially
    superseded by [ADR 0019]") showed as *active* with nothing of the later record."""
    from lore.memory import NEWER_META
    m = _memory()
    m.meta[NEWER_META] = {"0a1b2c3d4e5f": "amended", "9f8e7d6c5b4a": "partly superseded"}
    md = memory_markdown(m)
    assert "Amended by: `0a1b2c3d4e5f`" in md and "Partly superseded by: `9f8e7d6c5b4a`" in md
    assert "Amended by" not in memory_markdown(_memory())


def test_lore_show_gives_the_date_and_names_a_successor_by_its_title(tmp_path, capsys, monkeypatch):
    """nationalarchives/tdr-dev-documentation: `lore show` of 0007 said "Superseded by: `10b4069f7d73`" and no date,
    though the record's "**Date:** 2020-03-16" was read."""
    import json

    from lore.cli.main import main
    from tree_files import write

    monkeypatch.setenv("LORE_EMBEDDER", "hash")
    record = "# {n}. {title}\n\n**Date:** {date}\n\n## Status\n\n{status}\n\n## Context\n\nUploads.\n\n## Decision\n\n{d}\n"
    write(tmp_path, {
        "docs/adr/0007-cognito-uploads.md": record.format(n=7, title="Upload with Cognito", date="2020-03-16",
                                                          status="Superseded by [22](0022-proxy-uploads.md)",
                                                          d="Browsers upload with Cognito credentials."),
        "docs/adr/0022-proxy-uploads.md": record.format(n=22, title="Proxy S3 uploads through CloudFront",
                                                        date="2021-10-01", status="Accepted",
                                                        d="Uploads go through CloudFront.")})
    assert main(["-w", str(tmp_path), "import"]) == 0
    capsys.readouterr()
    assert main(["-w", str(tmp_path), "list", "--json"]) == 0
    by_title = {m["title"]: m for m in json.loads(capsys.readouterr().out)}
    old, new = by_title["7. Upload with Cognito"], by_title["22. Proxy S3 uploads through CloudFront"]
    assert main(["-w", str(tmp_path), "show", old["id"]]) == 0
    shown = capsys.readouterr().out
    assert "*2020-03-16*" in shown
    assert f"Superseded by: `{new['id']}` (22. Proxy S3 uploads through CloudFront)" in shown


def test_a_record_writing_no_date_shows_when_git_first_held_it(tmp_workspace, capsys, monkeypatch):
    """aws/karpenter-provider-aws' designs, nationalarchives/tdr-dev-documentation 0033 and 0038: no date line, so
    no date at all, though git knows when each was added. The record's own date stays None (it orders records)."""
    import json
    import os
    import subprocess

    from lore.cli.main import main

    monkeypatch.setenv("LORE_EMBEDDER", "hash")
    page = tmp_workspace / "docs" / "adr" / "0033-user-permissions.md"
    page.parent.mkdir(parents=True)
    page.write_text("# 33. User permissions\n\n## Status\n\nAccepted\n\n## Decision\n\nRoles live in Keycloak.\n")
    env = {**os.environ, "GIT_AUTHOR_DATE": "2024-08-09T10:00:00", "GIT_COMMITTER_DATE": "2024-08-09T10:00:00"}
    subprocess.run(["git", "add", "-A"], cwd=tmp_workspace, check=True)
    subprocess.run(["git", "commit", "-q", "-m", "permissions record"], cwd=tmp_workspace, check=True, env=env)
    assert main(["-w", str(tmp_workspace), "import"]) == 0
    capsys.readouterr()
    assert main(["-w", str(tmp_workspace), "list", "--json"]) == 0
    (record,) = [m for m in json.loads(capsys.readouterr().out) if m["kind"] == "decision"]
    assert record["date"] is None and record["inGitSince"] == "2024-08-09"
    assert main(["-w", str(tmp_workspace), "show", record["id"]]) == 0
    assert "*in git since 2024-08-09*" in capsys.readouterr().out


def test_a_reverted_task_says_which_task_reverted_it():
    """alphagov/pay-adminusers: `lore show` of "PP-15589 remove apache4 dependencies", reverted by #3305, read
    "*task* · *active*" and nothing more."""
    task = Memory(title="PP-15589 remove apache4 dependencies", kind=Kind.TASK, body="Removes httpclient 4.",
                  meta={"reverted_by": "21ee8daa0000"}, provenance=Provenance(SourceKind.GIT, None, None))
    md = memory_markdown(task, titles={"21ee8daa0000": 'Revert "PP-15589 remove apache4 dependencies"'})
    assert 'Reverted by: `21ee8daa0000` (Revert "PP-15589 remove apache4 dependencies")' in md


def test_a_record_moved_to_another_folder_counts_from_its_first_commit(tmp_workspace):
    """alphagov/publishing-api: four records read "in git since 2020-06-09", the commit renaming `doc/` to `docs/`;
    they were written in 2015 and 2016."""
    import os
    import subprocess
    from pathlib import Path

    from lore.sources.added import added_days

    def commit(message: str, day: str) -> None:
        env = {**os.environ, "GIT_AUTHOR_DATE": f"{day}T10:00:00", "GIT_COMMITTER_DATE": f"{day}T10:00:00"}
        subprocess.run(["git", "add", "-A"], cwd=tmp_workspace, check=True)
        subprocess.run(["git", "commit", "-q", "-m", message], cwd=tmp_workspace, check=True, env=env)

    (tmp_workspace / "doc" / "arch").mkdir(parents=True)
    (tmp_workspace / "doc" / "arch" / "adr-001-events.md").write_text("# Decision record: events\n\nWe log events.\n" * 5)
    commit("event sourcing record", "2015-10-09")
    (tmp_workspace / "docs").mkdir()
    (tmp_workspace / "doc" / "arch").rename(tmp_workspace / "docs" / "arch")
    commit("Rename 'doc' to 'docs'", "2020-06-09")
    assert added_days(Path(tmp_workspace), ["docs/arch/adr-001-events.md"]) == {"docs/arch/adr-001-events.md": "2015-10-09"}


def test_lore_show_quotes_a_records_consequences(tmp_path, capsys, monkeypatch):
    """alphagov/publishing-api ADR-002 and alphagov/signon ADR-001: `lore show` ended on "goes on with: Consequences
    (line 41)", though that part binds the team ("Validations must be performed in the Publishing API …")."""
    import json

    from lore.cli.main import main
    from tree_files import write

    monkeypatch.setenv("LORE_EMBEDDER", "hash")
    write(tmp_path, {"docs/arch/adr-002-dont-log-failed-events.md": (
        "# Decision record: don't log events which result in an error\n\n## Context\n\nRequests can fail validation.\n\n"
        "## Decision\n\nWe will not record an event for a request that fails.\n\n## Consequences\n\nValidations must be "
        "performed in the Publishing API as part of the synchronous request.\n\n## Links\n\nSee the event log.\n")})
    assert main(["-w", str(tmp_path), "import"]) == 0
    capsys.readouterr()
    assert main(["-w", str(tmp_path), "list", "--json"]) == 0
    (record,) = [m for m in json.loads(capsys.readouterr().out) if m["kind"] == "decision"]
    assert main(["-w", str(tmp_path), "show", record["id"]]) == 0
    shown = capsys.readouterr().out
    assert "## Consequences" in shown and "Validations must be performed in the Publishing API" in shown
    assert "goes on with:* Links" in shown
