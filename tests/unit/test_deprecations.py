"""Deprecations and unfinished migrations in code become warning memories on their symbols."""

from __future__ import annotations

from lore.memory import Kind
from lore.sources.comments import parse_comments

GO = '''package queue

// Deprecated: use PollLocked, which takes the row with SKIP LOCKED.
func Poll() {}

// Poll the deprecated way; this comment only mentions the word.
func Other() {}
'''

TS = '''/**
 * Old client.
 * @deprecated use NewClient instead
 */
export function oldClient() { return 1; }
'''

PY = '''def legacy():
    """DEPRECATED: call modern() instead."""
    return 1


class Store:
    # TODO(migration): move the rows to the v2 table, then drop this
    def read(self):
        return 2
'''


def test_go_deprecated_comment_anchors_to_the_function():
    parsed = parse_comments("queue/poll.go", GO)
    [m] = parsed.memories
    assert m.kind is Kind.WARNING and m.anchors[0].kind == "symbol" and m.anchors[0].value.endswith("Poll")
    assert "use PollLocked" in m.title and "deprecated" in m.tags


def test_jsdoc_deprecated():
    [m] = parse_comments("src/client.ts", TS).memories
    assert m.title.startswith("oldClient is deprecated") and "NewClient" in m.title


def test_python_docstring_and_migration_todo():
    parsed = parse_comments("app/store.py", PY)
    titles = sorted(m.title for m in parsed.memories)
    assert any(t.startswith("app.store.legacy is deprecated: call modern()") for t in titles)
    assert any(t.startswith("Unfinished migration in app.store.Store: move the rows to the v2 table") for t in titles)
    assert all(m.kind is Kind.WARNING for m in parsed.memories)


def test_a_mention_is_not_a_deprecation():
    assert parse_comments("x.py", "# we replaced the deprecated API long ago\nx = 1\n").memories == []


GO_CONSTS = '''package appconsts

const (
\t// MainnetUpgradeHeightDelay is seven days of blocks.
\tMainnetUpgradeHeightDelay = int64(232_616)
\t// Deprecated: Use MainnetUpgradeHeightDelay instead.
\tUpgradeHeightDelay = MainnetUpgradeHeightDelay
)
'''

TS_STYLES = '''export const flexRow = { display: 'flex' };

/**
 * Please extract styles below into fragments as shown above
 * @deprecated
 */
export const useThemeStyles = makeStyles()((theme) => ({ a: 1 }));
'''


def test_a_deprecation_above_a_declaration_without_a_symbol_names_it_not_the_file():
    (go,) = parse_comments("pkg/appconsts/app_consts.go", GO_CONSTS).memories
    assert go.title == "UpgradeHeightDelay is deprecated: Use MainnetUpgradeHeightDelay instead."
    (ts,) = parse_comments("frontend/src/themes/themeStyles.ts", TS_STYLES).memories
    assert ts.title.startswith("useThemeStyles is deprecated")
    package = parse_comments("pkg/old/doc.go", "// Deprecated: use pkg/new.\npackage old\n").memories
    assert [m.title for m in package] == ["this file is deprecated: use pkg/new."]


JAVA = '''package org.rinna.domain;

public class DefaultWorkItem {
    /**
     * Sets the status.
     * @deprecated Use the workflow service to change states.
     */
    @Deprecated
    public DefaultWorkItem setStatus(WorkflowState status) {
        return this;
    }

    // DEPRECATED: the class keeps no history; read the audit log.
    private String status;
}
'''


def test_a_javadoc_deprecation_inside_a_class_is_the_methods_below_it():
    """heymumford/Rinna (MIT): a method's `@deprecated` is about that method, not the class holding it, and a
    method is named by the word before its parenthesis, not by the type it returns."""
    titles = sorted(m.title for m in parse_comments("src/main/java/org/rinna/domain/DefaultWorkItem.java", JAVA).memories)
    assert titles[0].startswith("DefaultWorkItem is deprecated: the class keeps no history")
    assert titles[1].startswith("DefaultWorkItem.setStatus is deprecated: Use the workflow service")


def test_the_name_declared_below_a_comment_is_the_one_after_its_type():
    from lore.sources.deprecations import declared_after

    for line, name in [("    public DefaultWorkItem setStatus(WorkflowState status) {", "setStatus"),
                       ("public static final int LIMIT = 5;", "LIMIT"), ("func (s *Server) Start() {", "Start"),
                       ("List<String> names() {", "names"), ("export const useThemeStyles = () => 1", "useThemeStyles"),
                       ("    return legacy(x);", None)]:
        assert declared_after(["// Deprecated: no more", line], 0) == name
