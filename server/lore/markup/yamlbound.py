"""YAML with limits, for front matter a repository controls (ADRs, rules files, team files).

`yaml.safe_load` runs no code, but a "billion laughs" document of nested aliases is a few hundred
bytes that expand to gigabytes once turned into text, and a 20,000-deep nesting exhausts Python's
recursion. `load_bounded` refuses, with YamlLimitError naming the limit, any text over a size,
any nesting over a depth, any document whose nodes (aliases expanded) or characters (aliases
expanded) pass a count, and any document that takes too long to compose.
"""

from __future__ import annotations

import time

import attrs
import yaml
from yaml.composer import Composer
from yaml.constructor import SafeConstructor
from yaml.nodes import MappingNode, Node, ScalarNode, SequenceNode
from yaml.parser import Parser
from yaml.reader import Reader
from yaml.resolver import Resolver
from yaml.scanner import Scanner


@attrs.frozen
class Limits:
    """What one front matter may cost."""

    max_chars: int = 65_536  # the text itself
    max_depth: int = 64  # nested collections
    max_nodes: int = 20_000  # nodes once aliases are expanded
    max_aliases: int = 200  # alias uses in the text
    max_expanded_chars: int = 262_144  # characters of every scalar once aliases are expanded
    max_seconds: float = 2.0


LIMITS = Limits()


class YamlLimitError(ValueError):
    """YAML refused for passing a limit; the message names the limit."""


class _BoundedComposer(Composer):
    """A composer that counts depth, nodes and alias uses as it builds the node graph."""

    def compose_node(self, parent, index):
        self._depth += 1
        if self._depth > self._limits.max_depth:
            raise YamlLimitError(f"nesting deeper than {self._limits.max_depth} levels (limit: nesting)")
        if self.check_event(yaml.AliasEvent):
            self._aliases += 1
            if self._aliases > self._limits.max_aliases:
                raise YamlLimitError(f"more than {self._limits.max_aliases} alias uses (limit: aliases)")
        self._composed += 1
        if self._composed % 256 == 0 and time.monotonic() > self._deadline:
            raise YamlLimitError(f"took longer than {self._limits.max_seconds:g} s to read (limit: time)")
        try:
            return super().compose_node(parent, index)
        finally:
            self._depth -= 1


class _BoundedLoader(Reader, Scanner, Parser, _BoundedComposer, SafeConstructor, Resolver):
    """SafeLoader's parts with the bounded composer."""

    def __init__(self, stream: str, limits: Limits):
        Reader.__init__(self, stream)
        Scanner.__init__(self)
        Parser.__init__(self)
        Composer.__init__(self)
        SafeConstructor.__init__(self)
        Resolver.__init__(self)
        self._limits = limits
        self._depth = 0
        self._aliases = 0
        self._composed = 0
        self._deadline = time.monotonic() + limits.max_seconds


def _timestamp_or_text(loader: _BoundedLoader, node: ScalarNode):
    """A date or time as YAML reads one, or the text as written when it names none (`created: 2021-26-02`,
    month 26: a typo in a repository's front matter, which would otherwise fail the whole page)."""
    try:
        return SafeConstructor.construct_yaml_timestamp(loader, node)
    except (ValueError, OverflowError):
        return loader.construct_scalar(node)


_BoundedLoader.add_constructor("tag:yaml.org,2002:timestamp", _timestamp_or_text)


def _untagged(loader: _BoundedLoader, _suffix: str, node: Node):
    """A value under an application's own tag (GitLab CI's `!reference [.cache, script]`, CloudFormation's `!Ref`,
    `!Sub`) as the plain value it is written as: the tag is for that application to interpret, and a file using one
    is still a file to read. YAML's own tags (`!!python/object`) are no such tag and stay refused."""
    if isinstance(node, ScalarNode):
        return loader.construct_scalar(node)
    if isinstance(node, SequenceNode):
        return loader.construct_sequence(node, deep=True)
    return loader.construct_mapping(node, deep=True)


_BoundedLoader.add_multi_constructor("!", _untagged)


def _expanded_cost(root: Node, limits: Limits) -> None:
    """Raise when the graph, aliases expanded, holds too many nodes or characters (memoised: linear time)."""
    cost: dict[int, tuple[int, int]] = {}
    order: list[Node] = []
    stack, seen = [root], set()
    while stack:  # post-order without recursion: children before parents
        node = stack.pop()
        if id(node) in seen:
            continue
        seen.add(id(node))
        order.append(node)
        if isinstance(node, SequenceNode):
            stack += node.value
        elif isinstance(node, MappingNode):
            stack += [x for pair in node.value for x in pair]
    for node in reversed(order):
        if isinstance(node, ScalarNode):
            cost[id(node)] = (1, len(node.value))
            continue
        children = node.value if isinstance(node, SequenceNode) else [x for pair in node.value for x in pair]
        nodes, chars = 1, 0
        for child in children:
            n, c = cost.get(id(child), (1, 0))  # a cycle back to an ancestor counts once
            nodes, chars = nodes + n, chars + c
        cost[id(node)] = (min(nodes, 1 << 62), min(chars, 1 << 62))
    nodes, chars = cost.get(id(root), (0, 0))
    if nodes > limits.max_nodes:
        raise YamlLimitError(f"expands to more than {limits.max_nodes} values (limit: aliases/nodes)")
    if chars > limits.max_expanded_chars:
        raise YamlLimitError(f"expands to more than {limits.max_expanded_chars} characters (limit: aliases/size)")


def load_bounded(text: str, limits: Limits = LIMITS):
    """`yaml.safe_load` of `text` within `limits`; YamlLimitError (naming the limit) or yaml.YAMLError."""
    if len(text) > limits.max_chars:
        raise YamlLimitError(f"front matter of {len(text)} characters is over {limits.max_chars} (limit: size)")
    loader = _BoundedLoader(text, limits)
    try:
        node = loader.get_single_node()
        if node is None:
            return None
        _expanded_cost(node, limits)
        return loader.construct_document(node)
    except YamlLimitError:
        raise
    except (ValueError, OverflowError, TypeError) as e:  # a value no type can hold: broken YAML, not a crash
        raise yaml.constructor.ConstructorError(None, None, f"a value cannot be read: {e}") from None
    except RecursionError:
        raise YamlLimitError(f"nesting too deep to read (limit: nesting, {limits.max_depth} levels)") from None
    finally:
        loader.dispose()
