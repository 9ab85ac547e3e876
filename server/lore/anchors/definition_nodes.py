"""What a definition's syntax node says, for any grammar: its name and the scope written in it, its
kind, the statement it is written as (decorators, `export`), its body, its qualified name and a
Python docstring's place (`lore.anchors.symbols` builds symbols from these)."""

from __future__ import annotations

import re

import tree_sitter

from lore.anchors import definition_rules

_WRAPPERS = frozenset({"decorated_definition", "export_statement", "template_declaration"})
_KINDS = {
    "class_definition": "class", "class_declaration": "class", "abstract_class_declaration": "class",
    "record_declaration": "class", "method_definition": "method", "field_definition": "method", "pair": "method",
    "public_field_definition": "method", "abstract_method_signature": "method",
    "method_signature": "method", "method_declaration": "method", "method_elem": "method",
    "constructor_declaration": "constructor", "compact_constructor_declaration": "constructor",
    "interface_declaration": "interface", "annotation_type_declaration": "interface",
    "type_alias_declaration": "type", "type_alias": "type", "type_item": "type",
    "enum_declaration": "enum", "enum_item": "enum", "struct_item": "struct",
    "union_item": "struct", "trait_item": "trait", "internal_module": "module",
    "module": "module", "mod_item": "module", "macro_definition": "macro",
    **definition_rules.KINDS,
}
_PASCAL_CASE = re.compile(r"[A-Z][A-Za-z0-9$]*[a-z0-9][A-Za-z0-9$]*")  # `Title`, `H1`; not `QUERY`, `GET_USER`
_GO_TYPE_KINDS = {"struct_type": "struct", "interface_type": "interface"}
_METHOD_SCOPES = frozenset({"class_definition", "impl_item", "trait_item"})
_TYPE_WRAPPERS = {"generic_type": "type", "scoped_type_identifier": "name",
                  "reference_type": "type", "pointer_type": "type"}


def is_definition(node: tree_sitter.Node, data: bytes, language: str) -> bool:
    """Whether a captured definition is one: by `definition_rules.keep` (C/C++), and a JS value made by
    a tagged template (styled.h1`...`) only under a PascalCase name, a component's; a template under
    another name (const QUERY = gql`...`, const base = css`...`) is a value."""
    if not definition_rules.keep(node, language):
        return False
    if node.type != "variable_declarator" or not _tagged_template(node.child_by_field_name("value")):
        return True
    name = node.child_by_field_name("name")
    return name is not None and _PASCAL_CASE.fullmatch(node_text(name, data)) is not None


def _tagged_template(value: tree_sitter.Node | None) -> bool:
    arguments = value.child_by_field_name("arguments") if value is not None and value.type == "call_expression" else None
    return arguments is not None and arguments.type == "template_string"


def definition_name(node: tree_sitter.Node, data: bytes, language: str,
                    default_name: str = "") -> tuple[tree_sitter.Node, str, str]:
    """The identifier node of a definition, its text ("" when anonymous or missing), and the scope
    written before it, dotted (Ruby `class Admin::User`, C++ `Widget::draw`: "Admin", "Widget").
    An anonymous function or class a JS/TS module exports as its default is named `default_name`
    (`symbols.default_export_name`: its file's), at the `default` keyword when one is given."""
    ruled = definition_rules.name_target(node, language)
    if ruled is not None:
        target, scopes = ruled
        if target is None or target.is_missing:
            return node, "", ""
        written = (node_text(s, data).partition("<")[0].strip() for s in scopes)  # `Stack<T>::push`
        return target, node_text(target, data).strip(), ".".join(w.replace("::", ".") for w in written if w)
    if node.type == "impl_item":
        target = node.child_by_field_name("type")
        while target is not None and target.type in _TYPE_WRAPPERS:
            target = target.child_by_field_name(_TYPE_WRAPPERS[target.type])
    else:
        field = {"field_definition": "property", "pair": "key"}.get(node.type, "name")
        target = node.child_by_field_name(field)
    if target is None and default_name and (keyword := _default_keyword(node)) is not None:
        return keyword, default_name, ""
    if target is None or target.is_missing:
        return node, "", ""
    name = node_text(target, data).strip()
    if target.type == "string":  # `{"delete": function () {}}`
        name = name[1:-1] if len(name) >= 2 and name[0] == name[-1] and name[0] in "'\"" else name
    return target, name, ""


def _default_keyword(node: tree_sitter.Node) -> tree_sitter.Node | None:
    """The `default` of `export default <node>`, when `node` is the value a module exports so."""
    parent = node.parent
    if parent is None or parent.type != "export_statement":
        return None
    value = parent.child_by_field_name("value")
    if value is None or value.id != node.id:
        return None
    return next((c for c in parent.children if c.type == "default"), None)


def definition_kind(node: tree_sitter.Node, data: bytes, language: str, container_type: str | None,
                    scope: str) -> str:
    """The symbol kind of a definition node, given the node type of its enclosing scope."""
    ruled = definition_rules.kind(node, data, language, container_type, bool(scope))
    if ruled is not None:
        return ruled
    kind = _KINDS.get(node.type, "function")
    name = definition_name(node, data, language)[1] if node.type == "method_definition" else ""
    if node.type == "method_definition" and name == "constructor":
        return "constructor"
    if node.type == "variable_declarator":
        value = node.child_by_field_name("value")
        kind = "class" if value is not None and value.type == "class" else "function"
    elif node.type == "type_spec":
        spec_type = node.child_by_field_name("type")
        kind = _GO_TYPE_KINDS.get(spec_type.type if spec_type is not None else "", "type")
    if kind == "function" and container_type in _METHOD_SCOPES:
        return "method"
    return kind


def statement_of(node: tree_sitter.Node) -> tree_sitter.Node:
    """The statement a definition is written as: with its decorators, `export`, `const`, ..."""
    outer = node
    parent = node.parent
    if node.type == "variable_declarator" and parent is not None:
        if parent.named_child_count > 1:  # `const a = ..., b = ...`: each declarator alone
            return node
        outer, parent = parent, parent.parent
    elif parent is not None and (
        (node.type in ("type_spec", "type_alias") and parent.type == "type_declaration"
         and parent.named_child_count == 1)
        or (node.type == "internal_module" and parent.type == "expression_statement")
    ):
        outer, parent = parent, parent.parent
    while parent is not None and parent.type in _WRAPPERS:
        outer, parent = parent, parent.parent
    return outer


def body_of(node: tree_sitter.Node) -> tree_sitter.Node | None:
    if node.type in ("variable_declarator", "field_definition", "public_field_definition"):
        return _value_body(node.child_by_field_name("value"))
    if node.type == "call_expression":  # `export default memo(() => {...})`
        return _value_body(node)
    if node.type == "type_spec":
        spec_type = node.child_by_field_name("type")
        if spec_type is not None and spec_type.type == "struct_type":
            return spec_type.named_child(0)
        return None
    return node.child_by_field_name("body")


_JS_FUNCTIONS = frozenset({"arrow_function", "function_expression", "generator_function"})


def _value_body(value: tree_sitter.Node | None) -> tree_sitter.Node | None:
    """The body of what a JS value defines: of the function itself, of the function a call wraps
    (`memo(forwardRef(function Button() {...}))`: the `{...}`), or a tagged template's template."""
    while value is not None and value.type == "call_expression":
        arguments = value.child_by_field_name("arguments")
        if arguments is None or arguments.type == "template_string":
            return arguments
        given = arguments.named_children
        value = next((a for a in given if a.type in _JS_FUNCTIONS), None) \
            or next((a for a in given if a.type == "call_expression"), None)
    return value.child_by_field_name("body") if value is not None else None


def qualify(node: tree_sitter.Node, data: bytes, language: str, enclosing: tuple | None, scope: str,
             name: str, prefix: str) -> tuple[str | None, str]:
    """(parent, qualified name) of a definition inside the scope `enclosing` (end byte, qualified
    name, ...), or a Go method's receiver type, and the scope written in its name."""
    parent = enclosing[1] if enclosing else None
    if parent is None and node.type == "method_declaration" and language == "go":
        parent = _go_receiver(node, data)
    parent = ".".join(p for p in (parent, scope) if p) or None
    owner = parent or prefix
    return parent, f"{owner}.{name}" if owner else name


def _go_receiver(node: tree_sitter.Node, data: bytes) -> str | None:
    """The receiver type name of a Go method: `func (s *Stack[T]) Push` -> `Stack`."""
    receiver = node.child_by_field_name("receiver")
    declaration = receiver.named_child(0) if receiver is not None else None
    kind = declaration.child_by_field_name("type") if declaration is not None else None
    while kind is not None and kind.type in ("pointer_type", "generic_type", "parenthesized_type"):
        kind = kind.child_by_field_name("type") or kind.named_child(0)
    return (node_text(kind, data) or None) if kind is not None else None


def python_docstring_span(node: tree_sitter.Node) -> tuple[int, int] | None:
    """The byte range of a Python definition's docstring text (between its quotes), if it has one."""
    body = node.child_by_field_name("body")
    first = body.named_child(0) if body is not None and body.named_child_count else None
    if first is None or first.type != "expression_statement" or first.named_child_count != 1:
        return None
    string = first.named_child(0)
    if string.type != "string":
        return None
    parts = string.named_children
    if len(parts) < 2 or parts[0].type != "string_start" or parts[-1].type != "string_end":
        return None
    return parts[0].end_byte, parts[-1].start_byte


def node_text(node: tree_sitter.Node, data: bytes) -> str:
    # Node.text would re-read the source through the parse callback: slice the bytes instead.
    return data[node.start_byte:node.end_byte].decode("utf-8", "replace")
