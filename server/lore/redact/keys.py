"""Rules for private key material: PEM blocks, OpenSSH and PuTTY keys, GCP service-account JSON."""

from __future__ import annotations

import re

from lore.redact.rule import Check, Rule, rule

_LABEL = r"(?P<label>(?:[A-Z0-9]+ ){0,4})PRIVATE KEY(?: BLOCK)?"
# Anything but the start of another "-----" marker, so a block never swallows the next one.
_BODY = r"(?:[^-]|-(?!----)){16,20000}"
_LINE_BREAK = r"(?:\r?\n|\\r\\n|\\n)"
_BASE64_CHARS = re.compile(r"[A-Za-z0-9+/=]")
_BASE64_LINE = re.compile(r"[A-Za-z0-9+/=]{1,128}(?:\r?\n|\Z)")
_HEADER_LINE = re.compile(r"^[A-Za-z-]+:.*$", re.MULTILINE)
_SSH_LABELS = ("OPENSSH ", "SSH2 ENCRYPTED ", "SSH2 ")
MIN_KEY_CHARS = 64


def _enough_key_material(body: str) -> bool:
    """A real key has a long base64 body; docs and parsers carry only the markers."""
    body = body.replace("\\r", "\n").replace("\\n", "\n")
    body = _HEADER_LINE.sub("", body)
    return len(_BASE64_CHARS.findall(body)) >= MIN_KEY_CHARS


def _pem_check(ssh: bool) -> Check:
    """A check accepting only SSH labels (OPENSSH, SSH2) when SSH, only the others otherwise."""

    def check(secret: str, match: re.Match[str]) -> bool:
        label = match.group("label")
        if (label in _SSH_LABELS) != ssh:
            return False
        return _enough_key_material(match.group("body"))

    return check


def _has_key_body(secret: str, match: re.Match[str]) -> bool:
    return _enough_key_material(match.group("body"))


def _putty_span(match: re.Match[str]) -> tuple[int, int] | None:
    """From the PuTTY header through the number of private lines the file declares."""
    text, end = match.string, match.end()
    for _ in range(int(match.group("lines"))):
        line = _BASE64_LINE.match(text, end)
        if not line:
            return None
        end = line.end()
    if not _enough_key_material(text[match.end() : end]):
        return None
    while text[end - 1] in "\r\n":
        end -= 1
    return match.start(), end


_PEM_BLOCK = (
    r"-----BEGIN " + _LABEL + r"-----(?P<body>" + _BODY + r")"
    r"-----END (?P=label)PRIVATE KEY(?: BLOCK)?-----"
)

KEY_RULES: tuple[Rule, ...] = (
    rule(
        "gcp-service-account-key",
        r'"private_key"[ \t]*:[ \t]*"(?P<key>-----BEGIN [A-Z ]{0,30}PRIVATE KEY-----'
        r'(?P<body>[^"]{16,20000}?)'
        r'-----END [A-Z ]{0,30}PRIVATE KEY-----(?:\\n)?)"',
        ('"private_key"',),
        group="key",
        check=_has_key_body,
    ),
    rule("ssh-private-key", _PEM_BLOCK, ("private key",), check=_pem_check(ssh=True)),
    rule(
        "ssh-private-key",
        r"PuTTY-User-Key-File-\d+:[^\r\n]{0,200}\r?\n(?:[^\r\n]{0,4000}\r?\n){0,40}?"
        r"Private-Lines:[ \t]*(?P<lines>\d{1,3})[ \t]*\r?\n",
        ("putty-user-key-file-",),
        locate=_putty_span,
    ),
    rule("private-key", _PEM_BLOCK, ("private key",), check=_pem_check(ssh=False)),
    # A block cut short (pasted without its END line): redact the base64 that follows the header.
    rule(
        "private-key",
        r"-----BEGIN " + _LABEL + r"-----[ \t]*(?:" + _LINE_BREAK + r"|(?<=[ \t]))"  # one line in a title
        + r"(?P<body>(?:[A-Za-z0-9+/=]|[ \t]|" + _LINE_BREAK + r"){64,20000})",
        ("private key",),
        check=_has_key_body,
    ),
)
