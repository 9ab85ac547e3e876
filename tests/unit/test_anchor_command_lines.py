"""A path a record writes as a command's argument (`dotnet publish src/Koine.Cli`) is where the command runs, not
what the record governs; the same path named in prose or in a block that is no command anchors as before."""

from lore.sources.mentions import AnchorContext, derive_anchors
from tree_files import write

# Shaped on a compiler project's design page on shipping its CLI as one file.
CLI = {
    "src/Koine.Cli/Program.cs": "public static class Program { }\n",
    "src/Koine.Cli/Koine.Cli.csproj": "<Project Sdk=\"Microsoft.NET.Sdk\"></Project>\n",
    "src/Koine.Compiler/Lexer.cs": "public class Lexer { }\n",
}
HEAD = "# Ship the CLI as one file\n\n## Decision\n\n"


def anchors(root, body: str) -> list[str]:
    return sorted(d.anchor.to_text() for d in derive_anchors(HEAD + body, "docs/design/single-file.md", AnchorContext(root)))


def test_a_path_a_command_line_carries_anchors_nothing(tmp_workspace):
    ws = write(tmp_workspace, CLI)
    assert anchors(ws, "Publish with `dotnet publish src/Koine.Cli -p:PublishSingleFile=true`.\n") == []
    assert anchors(ws, "```bash\ndotnet publish src/Koine.Cli \\\n  -c Release\n```\n") == []
    assert anchors(ws, "```console\n$ ./build.sh src/Koine.Cli\n```\n") == []
    assert anchors(ws, "```powershell\nDOTNET_CLI_TELEMETRY_OPTOUT=1 dotnet test src/Koine.Cli\n```\n") == []


def test_a_path_named_in_prose_or_in_a_block_that_is_no_command_still_anchors(tmp_workspace):
    ws = write(tmp_workspace, CLI)
    assert anchors(ws, "The CLI in src/Koine.Cli is published as one file.\n") == ["src/Koine.Cli/**"]
    assert anchors(ws, "```\nsrc/Koine.Cli/\n  Program.cs\n```\n") == ["src/Koine.Cli/**"]
    assert anchors(ws, "```csharp\n// see src/Koine.Cli/Program.cs\n```\n") == ["src/Koine.Cli/Program.cs"]
    assert anchors(ws, "The CLI (`src/Koine.Cli/`) ships alone: `dotnet publish src/Koine.Compiler`.\n") == [
        "src/Koine.Cli/**"]


def test_a_command_is_a_program_with_words_after_it_or_a_prompt_line():
    from lore.sources.shell import is_command, without_commands

    assert is_command("dotnet publish src/Koine.Cli") and is_command("$ ./build.sh src") and is_command("git diff src/")
    assert not is_command("make") and not is_command("python = \"^3.11\"") and not is_command("src/Koine.Cli/")
    text = "Run `npm run build --workspace web` in web/.\n```toml\npython = \"3.11\"\n```\n$ 5 a month\n"
    assert without_commands(text) == text.replace("npm run build --workspace web", " ")
