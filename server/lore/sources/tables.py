"""Database tables a decision names as the ORM names them.

Django names a model's table `<app>_<model name in lower case>`: the `AdditionalEin` model of the
`dissemination` app lives in the table `dissemination_additionalein`. Decisions about data write the
table, not the class (`dissemination_secondaryauditor`, the `dissemination_combined` view), and the
code they govern is the model. A snake_case term a decision writes as code anchors the one model class
whose app folder and folded name it spells, defined in that app's `models.py` or `models/` package.
"""

from __future__ import annotations

import re

from lore.sources import literals, named
from lore.sources.ranking import Derived, symbol_anchor

SCORE = 0.85


def _models_of(app: str) -> re.Pattern:
    return re.compile(rf"(?:^|/){re.escape(app)}/models(?:\.py|/\w+\.py)$")


def table_anchors(text: str, ctx) -> list[Derived]:
    """Symbol anchors for the Django models whose default tables `text` writes as code (`ctx`: a
    `mentions.AnchorContext`)."""
    out: dict[tuple[str, str], Derived] = {}
    for term in literals.terms_in(text):
        found: set[tuple[str, str]] = set()
        for i in (i for i, ch in enumerate(term) if ch == "_"):
            app, model = term[:i], term[i + 1:].replace("_", "")
            names = ctx.symbols.by_folded.get(model, ())
            if not names:
                continue
            where = _models_of(app)
            found |= {(name, rel) for name in names for rel in ctx.symbols.files_for(name)
                      if where.search(rel) and not named.TEST_PATH.search(rel)}
        if len(found) != 1:
            continue
        name, rel = found.pop()
        hit = ctx.symbols.symbol(rel, name)
        if hit and hit[2] == "class":
            out.setdefault((rel, hit[1]), Derived(symbol_anchor(hit[0], hit[1], rel), SCORE,
                                                  f"names the table `{term}` (`{name}`)"))
    return list(out.values())
