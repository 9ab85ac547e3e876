"""The modules a first hover, lens or code action needs are imported once the server is up, not on
that first request, and not before `initialize` is answered."""

import subprocess
import sys

CODE = """
import sys
from lore.lsp import lifecycle, server, hover, lens
cold = [m for m in lifecycle.WARM_MODULES if m in sys.modules]
lifecycle.warm_imports()
warm = [m for m in lifecycle.WARM_MODULES if m in sys.modules]
print(cold, warm == list(lifecycle.WARM_MODULES))
"""


def test_the_first_requests_modules_are_left_to_the_warm_up():
    out = subprocess.run([sys.executable, "-c", CODE], capture_output=True, text=True, timeout=120, check=True)
    assert out.stdout.split() == ["[]", "True"], out.stdout + out.stderr
