"""Definition queries and naming rules of Ruby, C#, PHP, Kotlin, Scala, Swift, C and C++.

The same shapes as the other languages (`languages.DEFINITION_QUERIES`, `symbols._KINDS`): `@def`
marks a symbol, `@container` a scope that names its members without being a symbol (a C++
`namespace`). What differs is read here:

- where the name sits: a C/C++ function's name is inside its declarator (`static char **names(void)`,
  `int Widget::size() const`), a Ruby constant is the left side of an assignment, a Kotlin type
  alias names itself in its `type` field;
- a scope written in the name (Ruby `class Admin::User`, C++ `void Widget::draw()`): the symbol is
  named `User` / `draw` and its qualified name carries the scope (`Admin.User`, `Widget.draw`);
- which enclosing definitions make a function a method (a Ruby `def` in a class or module, a
  Kotlin `fun` in a class or object, a C++ function in a class).

Namespaces and packages that are written as one line (C# `namespace X;`, PHP `namespace App\\X;`,
Kotlin `package`) are not symbols and do not prefix names, as Java packages do not: an anchor also
records its file. Ruby `class << self` is not a symbol either; the methods in it belong to the class.
"""

from __future__ import annotations

import tree_sitter

_RUBY = """
[(module) (class) (method) (singleton_method)] @def
(assignment left: (constant)) @def
"""
_CSHARP = """
[(class_declaration) (interface_declaration) (struct_declaration) (enum_declaration)
 (record_declaration) (method_declaration) (constructor_declaration) (destructor_declaration)
 (delegate_declaration)] @def
"""
_PHP = """
[(class_declaration) (interface_declaration) (trait_declaration) (enum_declaration)
 (function_definition) (method_declaration)] @def
"""
_KOTLIN = """
[(class_declaration) (object_declaration) (function_declaration) (type_alias)] @def
(companion_object name: (_)) @def
"""
# Scala 2 and 3: classes (case classes too), objects, traits, enums, type aliases, and `def`s with
# or without a body (an abstract member of a trait). A `val` is a value, not a definition people name.
_SCALA = """
[(class_definition) (object_definition) (trait_definition) (enum_definition) (type_definition)
 (function_definition) (function_declaration)] @def
"""
# Swift: one node for classes, structs, actors and enums (its `declaration_kind` says which); an
# `extension` is a scope that names its members with the type it extends, not a symbol of its own.
_SWIFT = """
(class_declaration declaration_kind: ["class" "struct" "actor" "enum"]) @def
(class_declaration declaration_kind: "extension") @container
[(protocol_declaration) (function_declaration) (protocol_function_declaration) (init_declaration)
 (typealias_declaration)] @def
"""
# C: functions with a body, prototypes, types with a body, typedefs and function-like macros. C++
# adds classes, methods declared in a class and namespaces as scopes. The patterns are broad (a
# query with a pattern per enclosing statement took 0.1-0.3 s to compile for C++); `keep` drops what
# is local to a function body and the struct a `typedef` defines, which is the typedef's.
_DECLARED_FUNCTION = "[(function_declarator) (pointer_declarator declarator: (function_declarator))]"
_C_COMMON = f"""
(function_definition) @def
(declaration declarator: {_DECLARED_FUNCTION}) @def
(type_definition declarator: (type_identifier)) @def
(preproc_function_def) @def
"""
_C = _C_COMMON + "[(struct_specifier body: (_)) (union_specifier body: (_)) (enum_specifier body: (_))] @def"
_CPP = _C_COMMON + f"""
[(struct_specifier body: (_)) (union_specifier body: (_)) (enum_specifier body: (_))
 (class_specifier body: (_))] @def
(field_declaration declarator: {_DECLARED_FUNCTION}) @def
(namespace_definition name: (_)) @container
"""

DEFINITION_QUERIES: dict[str, str] = {
    "ruby": _RUBY, "csharp": _CSHARP, "php": _PHP, "kotlin": _KOTLIN, "scala": _SCALA, "swift": _SWIFT,
    "c": _C, "cpp": _CPP,
}
COMMENT_QUERIES: dict[str, str] = {
    "ruby": "(comment) @c", "csharp": "(comment) @c", "php": "(comment) @c",
    "kotlin": "[(line_comment) (block_comment)] @c", "scala": "[(comment) (block_comment)] @c",
    "swift": "[(comment) (multiline_comment)] @c",
    "c": "(comment) @c", "cpp": "(comment) @c",
}

# Node types whose kind is not "function"; the node types shared with Java (`class_declaration`,
# `method_declaration`, ...) already have their kind in `symbols._KINDS`.
KINDS: dict[str, str] = {
    "class": "class", "singleton_method": "method", "assignment": "constant",
    "struct_declaration": "struct", "delegate_declaration": "type", "destructor_declaration": "method",
    "trait_declaration": "trait", "object_declaration": "class", "companion_object": "class",
    "type_alias": "type", "struct_specifier": "struct", "union_specifier": "struct",
    "enum_specifier": "enum", "type_definition": "type", "class_specifier": "class",
    "preproc_function_def": "macro", "object_definition": "class", "trait_definition": "trait",
    "enum_definition": "enum", "protocol_declaration": "interface", "protocol_function_declaration": "method",
    "init_declaration": "constructor", "typealias_declaration": "type",
}
# language -> node types of the scopes in which a function is a method.
METHOD_SCOPES: dict[str, frozenset[str]] = {
    "ruby": frozenset({"class", "module", "assignment"}),
    "kotlin": frozenset({"class_declaration", "object_declaration", "companion_object"}),
    "scala": frozenset({"class_definition", "object_definition", "trait_definition", "enum_definition"}),
    "swift": frozenset({"class_declaration", "protocol_declaration"}),
    # `function_definition`: a class whose name follows an export macro (see `kind`)
    "cpp": frozenset({"class_specifier", "struct_specifier", "union_specifier", "function_definition"}),
}
_DECLARATORS = frozenset({"function_declarator", "pointer_declarator", "reference_declarator",
                          "parenthesized_declarator", "array_declarator"})
_DECLARATIONS = frozenset({"function_definition", "declaration", "field_declaration"})
_SCOPED = frozenset({"scope_resolution", "qualified_identifier"})


def name_target(node: tree_sitter.Node, language: str,
                ) -> tuple[tree_sitter.Node | None, tuple[tree_sitter.Node, ...]] | None:
    """(identifier node, the scope nodes written before it) of a definition of these languages;
    None for the other languages. The identifier node is None when the definition has none."""
    if language not in DEFINITION_QUERIES:
        return None
    if node.type == "assignment":
        target = node.child_by_field_name("left")
    elif node.type == "type_alias" and language == "kotlin":
        target = node.child_by_field_name("type")
    elif node.type in _DECLARATIONS and language in ("c", "cpp"):
        target = node.child_by_field_name("declarator")
        while target is not None and target.type in _DECLARATORS:
            target = target.child_by_field_name("declarator")
    elif node.type == "type_definition" and language in ("c", "cpp"):
        target = node.child_by_field_name("declarator")
    else:
        target = node.child_by_field_name("name")
    return _unscope(target)


def _unscope(target: tree_sitter.Node | None,
             ) -> tuple[tree_sitter.Node | None, tuple[tree_sitter.Node, ...]]:
    """`Admin::User` -> (the `User` node, (the `Admin` node,)); `a::b::C` -> (`C`, (`a`, `b`))."""
    scopes: list[tree_sitter.Node] = []
    while target is not None and target.type in _SCOPED:
        scope = target.child_by_field_name("scope")
        if scope is not None:
            scopes.append(scope)
        target = target.child_by_field_name("name")
    return target, tuple(scopes)


def kind(node: tree_sitter.Node, data: bytes, language: str, container_type: str | None,
         scoped: bool) -> str | None:
    """The kind of a definition of these languages where it depends on more than its node type
    (`scoped`: its name is written with a scope); None to use the node type's kind."""
    if language not in DEFINITION_QUERIES:
        return None
    if language == "kotlin" and node.type == "class_declaration":
        for child in node.children:
            if child.type == "interface":
                return "interface"
            if child.type == "modifiers" and any(m.type == "class_modifier" and _text(m, data) == "enum"
                                                 for m in child.children):
                return "enum"
        return None
    if node.type == "type_definition" and language in ("c", "cpp"):  # `typedef struct {...} point_t;`: a struct
        defined = node.child_by_field_name("type")
        if defined is not None and defined.child_by_field_name("body") is not None:
            return KINDS.get(defined.type)
        return None
    if node.type == "function_definition" and language in ("c", "cpp") and _macro_class(node):
        return KINDS[node.child_by_field_name("type").type]
    if language == "swift" and node.type == "class_declaration":
        declared = node.child_by_field_name("declaration_kind")
        return {"struct": "struct", "enum": "enum"}.get(declared.type if declared is not None else "", "class")
    if language == "ruby" and node.type == "assignment":
        right = node.child_by_field_name("right")
        return "class" if right is not None and _defines_class(right, data) else "constant"
    if node.type in ("method", "function_declaration", "function_definition", "declaration",
                     "field_declaration"):
        if scoped and language == "cpp":
            return "method"
        return "method" if container_type in METHOD_SCOPES.get(language, ()) else "function"
    return None


def keep(node: tree_sitter.Node, language: str) -> bool:
    """Whether a captured C/C++ definition is one: not a prototype or type local to a function body,
    not the struct of a `typedef struct {...} name_t` (the typedef is the symbol)."""
    if language not in ("c", "cpp") or node.type in ("function_definition", "preproc_function_def"):
        return True
    if node.parent is not None and node.parent.type == "type_definition":
        return False
    ancestor = node.parent
    while ancestor is not None:
        if ancestor.type == "function_definition":
            return _macro_class(ancestor)  # its "body" is a class body
        ancestor = ancestor.parent
    return True


def _macro_class(node: tree_sitter.Node) -> bool:
    """`class LEVELDB_EXPORT DB { ... };`: without the preprocessor, the grammar reads the export
    macro as the class name and the class as a function `DB` returning it."""
    written = node.child_by_field_name("type")
    declarator = node.child_by_field_name("declarator")
    return (written is not None and written.type in ("class_specifier", "struct_specifier")
            and written.child_by_field_name("body") is None
            and declarator is not None and declarator.type == "identifier")


def _defines_class(value: tree_sitter.Node, data: bytes) -> bool:
    """Ruby `Point = Struct.new(:x, :y) do ... end`, `Error = Class.new(StandardError)`."""
    if value.type != "call":
        return False
    receiver, method = value.child_by_field_name("receiver"), value.child_by_field_name("method")
    return (receiver is not None and method is not None and _text(method, data) == "new"
            and _text(receiver, data) in ("Struct", "Class", "Module", "Data"))


def _text(node: tree_sitter.Node, data: bytes) -> str:
    return data[node.start_byte:node.end_byte].decode("utf-8", "replace")
