"""Finders for JavaScript and TypeScript style choices, read from tree-sitter syntax trees.

The same finders serve JavaScript, TypeScript and TSX: the grammars share the node types used
here. Each finder stays silent about code that does not bear on its choice.
"""

from __future__ import annotations

from collections.abc import Iterator

import tree_sitter

from lore.learn.features import Use
from lore.learn.features_python import naming_style
from lore.learn.syntax import Snippet, shorten

_LOG_METHODS = {"log", "info", "warn", "error", "debug", "trace", "fatal"}
_LOGGER_NAMES = {"logger", "log", "LOGGER", "_logger"}
_FUNCTIONS = {"function_declaration", "function_expression", "function", "arrow_function",
              "method_definition", "generator_function_declaration", "generator_function"}
_LOOPS = {"for_statement", "for_in_statement", "while_statement", "do_statement"}
_EXITS = {"return_statement", "throw_statement", "continue_statement", "break_statement"}


def _walk(node: tree_sitter.Node) -> Iterator[tree_sitter.Node]:
    stack = [node]
    while stack:
        node = stack.pop()
        yield node
        stack.extend(reversed(node.named_children))


def _nodes(snippet: Snippet) -> Iterator[tree_sitter.Node]:
    return _walk(snippet.tree.root_node)


def _text(node: tree_sitter.Node | None) -> str:
    return node.text.decode("utf-8", errors="replace") if node is not None and node.text else ""


def _use(snippet: Snippet, node: tree_sitter.Node, option: str) -> Use:
    line, col = snippet.point(*node.start_point)
    return Use(option, line, col, shorten(_text(node).split("\n", 1)[0], 60))


def find_output(snippet: Snippet) -> list[Use]:
    """A logger object versus console.log and friends."""
    uses = []
    for node in _nodes(snippet):
        if node.type != "call_expression":
            continue
        func = node.child_by_field_name("function")
        if func is None or func.type != "member_expression":
            continue
        method = _text(func.child_by_field_name("property"))
        owner = _text(func.child_by_field_name("object")).rsplit(".", 1)[-1]
        if method in _LOG_METHODS and owner == "console":
            uses.append(_use(snippet, node, "console"))
        elif method in _LOG_METHODS and owner in _LOGGER_NAMES:
            uses.append(_use(snippet, node, "logger"))
    return uses


def find_quotes(snippet: Snippet) -> list[Use]:
    """Single versus double quotes on string literals (JSX attributes follow their own rule)."""
    uses = []
    for node in _nodes(snippet):
        if node.type != "string" or (node.parent is not None and node.parent.type == "jsx_attribute"):
            continue
        text = _text(node)
        if len(text) < 2 or text[0] not in "'\"":
            continue
        other = '"' if text[0] == "'" else "'"
        if other in text[1:-1]:
            continue
        uses.append(_use(snippet, node, "single" if text[0] == "'" else "double"))
    return uses


def _declared_names(node: tree_sitter.Node) -> Iterator[tree_sitter.Node]:
    if node.type in {"variable_declarator", "function_declaration", "method_definition",
                     "generator_function_declaration"}:
        name = node.child_by_field_name("name")
        if name is not None and name.type in {"identifier", "property_identifier"}:
            yield name
    elif node.type == "formal_parameters":
        for param in node.named_children:
            if param.type in {"required_parameter", "optional_parameter"}:
                param = param.child_by_field_name("pattern") or param
            if param.type == "assignment_pattern":
                param = param.child_by_field_name("left") or param
            if param.type == "identifier":
                yield param


def find_naming(snippet: Snippet) -> list[Use]:
    """camelCase versus snake_case for declared names (destructured data keys are not counted)."""
    uses, seen = [], set()
    for node in _nodes(snippet):
        for name_node in _declared_names(node):
            name = _text(name_node)
            style = naming_style(name)
            if style is None or name in seen:
                continue
            seen.add(name)
            uses.append(_use(snippet, name_node, style))
    return uses


def find_async_style(snippet: Snippet) -> list[Use]:
    """async/await versus promise .then() chains."""
    uses = []
    for node in _nodes(snippet):
        if node.type == "await_expression":
            uses.append(_use(snippet, node, "async/await"))
        elif node.type == "call_expression":
            func = node.child_by_field_name("function")
            if func is not None and func.type == "member_expression":
                if _text(func.child_by_field_name("property")) == "then":
                    uses.append(_use(snippet, func.child_by_field_name("property"), "then-chains"))
    return uses


def find_declarations(snippet: Snippet) -> list[Use]:
    """const/let versus var."""
    uses = []
    for node in _nodes(snippet):
        if node.type == "lexical_declaration":
            uses.append(_use(snippet, node, "const/let"))
        elif node.type == "variable_declaration":
            uses.append(_use(snippet, node, "var"))
    return uses


def find_function_style(snippet: Snippet) -> list[Use]:
    """Arrow functions versus `function` expressions (declarations and methods say nothing)."""
    uses = []
    for node in _nodes(snippet):
        if node.type == "arrow_function":
            uses.append(_use(snippet, node, "arrow"))
        elif node.type in {"function_expression", "function"}:
            uses.append(_use(snippet, node, "function-expression"))
    return uses


def _statements(block: tree_sitter.Node | None) -> list[tree_sitter.Node]:
    if block is None or block.type != "statement_block":
        return []
    return [child for child in block.named_children if child.type != "comment"]


def _is_guard(stmt: tree_sitter.Node) -> bool:
    if stmt.type != "if_statement" or stmt.child_by_field_name("alternative") is not None:
        return False
    consequence = stmt.child_by_field_name("consequence")
    if consequence is None:
        return False
    inner = _statements(consequence) if consequence.type == "statement_block" else [consequence]
    return 0 < len(inner) <= 2 and inner[-1].type in _EXITS


def _is_trivial_return(stmt: tree_sitter.Node) -> bool:
    if stmt.type != "return_statement":
        return False
    values = [c for c in stmt.named_children if c.type != "comment"]
    return not values or values[0].type in {"null", "undefined", "true", "false", "number", "string"}


def _control_use(snippet: Snippet, body: list[tree_sitter.Node]) -> Use | None:
    for stmt in body[:-1]:
        if _is_guard(stmt):
            return _use(snippet, stmt, "guard-clause")
    if len(body) == 2 and _is_trivial_return(body[1]):
        body = body[:1]
    if len(body) == 1 and body[0].type == "if_statement":
        wrapped = body[0]
        if wrapped.child_by_field_name("alternative") is None:
            if len(_statements(wrapped.child_by_field_name("consequence"))) >= 2:
                return _use(snippet, wrapped, "nested-if")
    return None


def find_control_flow(snippet: Snippet) -> list[Use]:
    """Guard clauses that return early versus an if wrapping a whole function or loop body."""
    uses = []
    for node in _nodes(snippet):
        if node.type in _FUNCTIONS or node.type in _LOOPS:
            use = _control_use(snippet, _statements(node.child_by_field_name("body")))
            if use is not None:
                uses.append(use)
    return uses


def _chain_prefixes(node: tree_sitter.Node) -> set[str]:
    """Texts of the objects a member/call chain is built on: `a.b.c()` gives {a.b.c, a.b, a}."""
    prefixes = set()
    while node is not None and node.type in {"member_expression", "call_expression",
                                             "subscript_expression"}:
        field = "function" if node.type == "call_expression" else "object"
        node = node.child_by_field_name(field)
        if node is not None:
            prefixes.add(_text(node))
    return prefixes


def find_optional_chaining(snippet: Snippet) -> list[Use]:
    """Optional chaining (`a?.b`) versus guard chains (`a && a.b`)."""
    uses = []
    for node in _nodes(snippet):
        if node.type in {"member_expression", "call_expression", "subscript_expression"}:
            if any(child.type == "optional_chain" for child in node.children):
                uses.append(_use(snippet, node, "optional-chaining"))
        elif node.type == "binary_expression" and _text(node.child_by_field_name("operator")) == "&&":
            left, right = node.child_by_field_name("left"), node.child_by_field_name("right")
            if left is not None and left.type == "binary_expression":
                left = left.child_by_field_name("right")
            if left is not None and right is not None and _text(left) in _chain_prefixes(right):
                uses.append(_use(snippet, node, "and-chain"))
    return uses
