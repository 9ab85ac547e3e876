"""Every field of every symbol, on the inline samples of `test_symbols` (Python, JavaScript,
TypeScript, Go, Rust, Java), a Python file with what its docstrings and signatures can hold, and the vendored files of `tests/fixtures/code` (Ruby, C#, PHP, Kotlin, Scala, Swift,
C, C++), equals what was recorded in `tests/fixtures/symbols/recorded.json`: a change in how
signatures, docstrings, hashes or positions are computed (when or how cheaply) must not change
what they are. After an intended change, rewrite the record with
`PYTHONPATH=server python tests/unit/test_symbols_recorded.py --write` and read its diff."""

from __future__ import annotations

import importlib.util
import json
import sys
from pathlib import Path

from lore.anchors import extract_symbols, language_for_path

HERE = Path(__file__).resolve().parent
CODE = HERE.parent / "fixtures" / "code"
RECORD = HERE.parent / "fixtures" / "symbols" / "recorded.json"
FIELDS = ("name", "qualified_name", "kind", "start_line", "start_col", "end_line", "end_col", "name_line",
          "name_col", "name_end_col", "signature", "docstring", "parent", "body_hash", "shape_hash")

PYTHON_MORE = '''"""Module docstring."""
import functools


@functools.cache
@other.decorator(1,
                 2)
def decorated(a: int = 1,  # the first
              b: "str" = "é😀") -> dict[str, int]:  # trailing
    r"""Raw docstring.

        Indented second paragraph.
    """
    return {"a": a}


class Outer(Base, metaclass=Meta):
    \'\'\'Single-quoted docstring.\'\'\'

    x: int = 1

    class Inner:
        def method(self): pass

    async def run(self, *args, **kwargs):
        # a comment first, not a docstring
        """A docstring after a comment line."""
        def helper(): return 1
        return helper()

    @property
    def value(self) -> int: return self.x
'''


def _samples() -> dict[str, tuple[str | bytes, str, str]]:
    """Sample name -> (source, language, path)."""
    spec = importlib.util.spec_from_file_location("symbol_samples", HERE / "test_symbols.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    out = {f"inline:{language}": (source, language, path) for language, (source, path) in module.SOURCES.items()}
    out["inline:python-more"] = (PYTHON_MORE, "python", "pkg/__init__.py")
    for path in sorted(CODE.rglob("*")):
        inner = path.relative_to(CODE).as_posix().split("/", 1)[-1]
        language = language_for_path(inner)
        if path.is_file() and language:
            out[f"code:{path.relative_to(CODE).as_posix()}"] = (path.read_bytes(), language, inner)
    return out


def _record() -> dict[str, list[list]]:
    return {name: [[getattr(s, f) for f in FIELDS] for s in extract_symbols(source, language, path)]
            for name, (source, language, path) in _samples().items()}


def test_every_field_of_every_symbol_is_as_recorded():
    want = json.loads(RECORD.read_text())
    got = json.loads(json.dumps(_record()))
    assert set(got) == set(want)
    assert len(want) >= 12 and sum(map(len, want.values())) > 100
    for sample, symbols in want.items():
        assert len(got[sample]) == len(symbols), sample
        for mine, recorded in zip(got[sample], symbols):
            assert dict(zip(FIELDS, mine)) == dict(zip(FIELDS, recorded)), sample


if __name__ == "__main__" and "--write" in sys.argv:
    RECORD.write_text(json.dumps(_record(), indent=0, ensure_ascii=False) + "\n")
    print(f"wrote {RECORD}")
