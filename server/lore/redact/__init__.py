"""Secret redaction: every text Lore stores passes through `redact` first.

Finds credentials (cloud and vendor tokens, private keys, passwords in URLs, secret-named
assignments) with linear regular expressions gated by cheap keyword checks, then judges each
candidate by context and entropy so ordinary code stays untouched.
"""

from lore.redact.engine import KINDS, contains_secret, redact, redact_path
from lore.redact.result import Redaction, RedactResult

__all__ = ["KINDS", "Redaction", "RedactResult", "contains_secret", "redact", "redact_path"]
