"""Rules for secrets inside connection strings, registry configs and plain sentences.

Azure storage and Service Bus keys of any length, keys assigned to Azure- or storage-named
variables, Docker's `auth` entries, the key of a Sentry DSN, and "the password is ..." prose.
"""

from __future__ import annotations

import base64
import binascii
import re

from lore.redact.checks import has_variety, is_identifier, is_placeholder, looks_like_code, looks_random
from lore.redact.rule import Rule, rule

_TRAILING = ".,;:!?)]}"
_WORDS = re.compile(r"[^\W\d_]+(?:[-'][^\W\d_]+)*")  # "required", "self-describing", "don't"


def _base64_key(secret: str, match: re.Match[str]) -> bool:
    return not is_placeholder(secret) and has_variety(secret, min_distinct=8)


def _random_key(secret: str, match: re.Match[str]) -> bool:
    return looks_random(secret, min_len=20)


def _docker_auth(secret: str, match: re.Match[str]) -> bool:
    """`auth` holds base64 of `user:password`; identity and registry tokens are opaque."""
    if match.group("field").lower() != "auth":
        return looks_random(secret, min_len=16) or secret.count(".") == 2
    try:
        decoded = base64.b64decode(secret + "=" * (-len(secret) % 4), validate=True).decode("utf-8")
    except (binascii.Error, ValueError):
        return False
    user, sep, password = decoded.partition(":")
    return bool(sep and password) and decoded.isprintable() and not is_placeholder(password)


def _colon_value_is_secret(match: re.Match[str], value: str) -> bool:
    """`password: X` in a note, not `token: c_int32` or `password: str,` in code."""
    word = match.group(0).split(":", 1)[0].strip().lower()
    if word not in ("password", "passphrase", "passwd", "passcode"):
        return False
    if is_identifier(value) and ("_" in value or not any(c.isdigit() for c in value)):
        return False
    raw = match.group("s")
    if raw.endswith((",", ";")) or value[0] in "*&$@!%":
        return False  # `Password: *password,`: a field set in code
    after = match.string[match.end("s") : match.end("s") + 1]
    return not (after and after in ",;=(")


def _prose_value(match: re.Match[str]) -> tuple[int, int] | None:
    """The word said to be the password, without the punctuation that ends the sentence."""
    start, end = match.span("s")
    text = match.string
    before = text[match.start() - 1] if match.start() else " "
    if before.isalnum() or before in "_-.$":
        return None  # `fake_token is ...`: a name in code, not a sentence
    while end > start and text[end - 1] in _TRAILING + "\"'`*_":  # and emphasis closing round it: "is valid!**"
        end -= 1
    while start < end and text[start] in "\"'`":
        start += 1
    value = text[start:end]
    if len(value) < 6 or is_placeholder(value) or looks_like_code(value):
        return None
    if _WORDS.fullmatch(value.strip("*_")) or value.startswith(("/", "./", "~/", "http://", "https://")):
        return None  # "the password is required", "the token is stored in the vault", "the token is *opaque*"
    if match.group("colon") is not None and not _colon_value_is_secret(match, value):
        return None
    if value.isdigit() and len(value) < 8:
        return None  # "the token is 3600 seconds"
    if is_identifier(value) and "_" in value and value.upper() == value:
        return None  # "the password is DB_PASSWORD": the name of a variable
    offset = text.find(value, start, end)
    return offset, offset + len(value)


CONNECTION_RULES: tuple[Rule, ...] = (
    rule(
        "azure-storage-key",
        r"accountkey[ \t]*=[ \t]*(?P<s>[A-Za-z0-9+/]{20,200}={0,2})(?![A-Za-z0-9+/=])",
        ("accountkey",),
        group="s",
        ignore_case=True,
        check=_base64_key,
    ),
    rule(
        "azure-connection-string",
        r"sharedaccess(?:key|signature)[ \t]*=[ \t]*(?P<s>[A-Za-z0-9+/]{20,120}={0,2})(?![A-Za-z0-9+/=])",
        ("sharedaccess",),
        group="s",
        ignore_case=True,
        check=_base64_key,
    ),
    rule(
        "azure-sas-token",
        r"sharedaccesssignature[ \t]+[^\s\"'<>]{0,500}?\bsig=(?P<s>[A-Za-z0-9%+/]{20,120}(?:%3d|=){0,2})",
        ("sharedaccesssignature",),
        group="s",
        ignore_case=True,
        check=_base64_key,
    ),
    rule(
        "azure-storage-key",
        r"(?:azure|storage|account)[a-z0-9_.\-]{0,40}key[\"']?[ \t]*(?::|=|:=)[ \t]*[\"']?"
        r"(?P<s>[A-Za-z0-9+/]{20,200}={0,2})(?![A-Za-z0-9+/=])",
        ("azure", "storage", "account"),
        group="s",
        ignore_case=True,
        check=_random_key,
    ),
    rule(
        "docker-registry-auth",
        r"\"(?P<field>auth|identitytoken|registrytoken)\"[ \t]*:[ \t]*\"(?P<s>[A-Za-z0-9+/=_\-.]{12,4000})\"",
        ("\"auth\"", "\"identitytoken\"", "\"registrytoken\""),
        group="s",
        ignore_case=True,
        check=_docker_auth,
    ),
    rule(
        "sentry-dsn",
        r"https?://(?P<s>[0-9a-f]{32})(?::[0-9a-f]{32})?@[a-z0-9.\-]{0,100}(?:sentry|ingest)[a-z0-9.\-]{0,100}"
        r"(?::\d{1,5})?/\d{1,12}",
        ("sentry", "ingest"),
        group="s",
        ignore_case=True,
        check=lambda s, m: has_variety(s, min_distinct=8),
    ),
)

# After the assignment rules: `password: x` on its own line is theirs (env-secret), not prose.
PROSE_RULES: tuple[Rule, ...] = (
    rule(
        "password-in-prose",
        r"(?:password|passphrase|passwd|passcode|pwd|pin code|secret key|api key|access token|token)"
        r"(?:[ \t]+(?:for|of|to|on)[ \t]+[^\n.:]{1,40}?)?(?:[ \t]+(?:is|was|will be)[ \t]*:?|(?P<colon>:))[ \t]*"
        r"(?P<s>[\"'`]?[^\s\"'`]{6,200}[\"'`]?)",
        ("password", "passphrase", "passwd", "passcode", "pwd", "pin code", "key", "token"),
        locate=_prose_value,
        ignore_case=True,
        trigger=r"password|passphrase|passwd|passcode|pwd|pin code|secret key|api key|access token|token",
    ),
)
