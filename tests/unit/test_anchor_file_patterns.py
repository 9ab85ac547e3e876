"""A decision naming files by a pattern of their names (`[MyThing].island.tsx`) anchors every file so named."""

from lore.sources.mentions import AnchorContext, derive_anchors
from tree_files import write

# Shaped on guardian/dotcom-rendering's docs/architecture/026-better-partial-hydration.md (Apache-2.0).
ISLANDS = ("# Improved Partial Hydration\n\n## Decision\n\nTo create a new island you now:\n\n"
           "1. Wrap your component on the server with `Island`.\n"
           "2. Add `.island` to the component filename. Eg: `[MyThing].island.tsx`\n")


def anchors(ws, text, proposal=False):
    return sorted(d.anchor.to_text() for d in derive_anchors(text, "docs/architecture/026.md", AnchorContext(ws),
                                                             proposal=proposal))


def test_a_pattern_of_file_names_anchors_every_file_so_named(tmp_workspace):
    ws = write(tmp_workspace, {
        "src/components/Share.island.tsx": "export const Share = () => null;\n",
        "src/components/Nav/Menu.island.tsx": "export const Menu = () => null;\n",
        "src/components/Share.test.tsx": "test('x', () => {});\n",
        "src/components/Plain.tsx": "export const Plain = () => null;\n",
    })
    assert anchors(ws, ISLANDS) == ["**/*.island.tsx"]
    assert anchors(ws, ISLANDS.replace("`[MyThing].island.tsx`", "MyThing.island.tsx")) == [], "not written as code"


def test_tests_stories_generated_files_and_a_lone_file_are_no_kind(tmp_workspace):
    ws = write(tmp_workspace, {
        "src/a.stories.tsx": "x\n", "src/b.stories.tsx": "x\n",
        "x/minfee/types/a.pb.go": "package types\n", "x/minfee/types/b.pb.go": "package types\n",
        "src/Only.island.tsx": "x\n",
    })
    text = "# Stories\n\nWrite `*.stories.tsx` beside each component; `x/minfee/types/*.pb.go` is generated.\n"
    assert anchors(ws, text) == []
    assert anchors(ws, ISLANDS) == [], "one file is no kind of file"
