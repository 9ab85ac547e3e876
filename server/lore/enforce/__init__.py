"""Decisions checking the code as it is edited: what an editor shows and offers for one document.

`LiveChecks` keeps a workspace's enforced rules (`lore.checks.load_checks`) and reloads them when a
team file changes or memories change status; `problems_in` gives one document's violations (its
text as the editor holds it) and the rule errors written in it (a team file); `fix_for`,
`exception_here` and `successor_of` are the code actions' core: the convention's edit, an
exception recorded at the violation, and the template file of a successor that would supersede the
decision.
"""

from lore.enforce.live import DocumentProblems, LiveChecks, problems_in
from lore.enforce.remedies import ExceptionPlace, exception_here, exception_place, fix_for

__all__ = ["DocumentProblems", "ExceptionPlace", "LiveChecks", "exception_here", "exception_place", "fix_for",
           "problems_in"]
