"""Rules that need context: secrets assigned to secret-named keys, in URLs and in headers."""

from __future__ import annotations

import base64
import binascii
import re
from urllib.parse import unquote

from lore.redact.checks import (
    KEY_QUALIFIERS,
    PASSWORD_WORDS,
    SECRET_WORDS,
    has_variety,
    is_identifier,
    is_placeholder,
    is_secret_name,
    looks_like_code,
    looks_random,
    name_words,
    shannon_entropy,
)
from lore.redact.rule import Rule, rule

_NAME_CHARS = re.compile(r"[A-Za-z0-9_.\-]{1,80}")
_NAME_CHARS_BEFORE = re.compile(r"[A-Za-z0-9_.\-]{1,80}$")
_ASSIGN = r"[\"'\]]?[ \t]{0,8}(?P<op>=|:=|:|=>|,)[ \t]{0,8}"
_NAME_LIKE = re.compile(r"[A-Za-z_$][A-Za-z0-9_$.\-]*")
_EXAMPLE_HOST = re.compile(
    r"(?:[A-Za-z0-9\-]+\.)*example(?:\.(?:com|org|net))?(?![A-Za-z0-9\-])", re.IGNORECASE
)
_KEY_PATH = re.compile(r"[A-Za-z_$][\w$.\-]*(?:/[A-Za-z_$][\w$.\-]*)+")  # a qualified key: `example.io/name.part`
_CAMEL_WORDS = re.compile(r"[a-z][a-z0-9]*(?:[A-Z][a-z0-9]*)+")
_CSS_COLOUR = re.compile(r"#(?:[0-9A-Fa-f]{3,4}|[0-9A-Fa-f]{6}|[0-9A-Fa-f]{8})")
_MIN_ENV_VALUE = 4
_MIN_PASSWORD = 6
_PATH_PREFIXES = ("/", "./", "../", "~/", "http://", "https://", "file:")
# A lookup table's type and path, as Postfix and Dovecot write where secrets are kept
# (`smtp_sasl_password_maps = hash:/etc/postfix/sasl_passwd`): a place, not a secret. An encoding's name
# (`base64:…`) opens a key.
_TABLE_PATH = re.compile(r"(?!base\d|hex:)[a-z][a-z0-9]{1,11}:/(?:[\w.-]+/)+[\w.-]+")


def _variable_name(match: re.Match[str], start: int) -> str:
    """The whole identifier around offset START (the regex anchors on a word inside it)."""
    text = match.string
    before = _NAME_CHARS_BEFORE.search(text, max(0, start - 80), start)
    after = _NAME_CHARS.match(text, start)
    return (before.group(0) if before else "") + (after.group(0) if after else "")


def _context_value(secret: str, match: re.Match[str]) -> bool:
    return not is_placeholder(secret) and has_variety(secret, min_distinct=8)


def _url_password(secret: str, match: re.Match[str]) -> bool:
    secret = unquote(secret)  # `p%40ss%21`: an encoded password is no `%s` template
    if " " in secret and all(word.isalpha() for word in secret.split()):
        return False  # `user:a%20secret@` in docs: words, not a password
    if is_placeholder(secret) or secret.lower() in {"pass", "pwd", "pw", "p"}:
        return False
    user = unquote(match.string[match.start() + 3:match.start("s") - 1])
    if user == secret:
        return False  # `amqp://guest:guest@`, `postgres:postgres@`: a service's documented default, no secret
    return not _EXAMPLE_HOST.match(match.string, match.end())


def _basic_auth(secret: str, match: re.Match[str]) -> bool:
    try:
        decoded = base64.b64decode(secret + "=" * (-len(secret) % 4), validate=True).decode("utf-8")
    except (binascii.Error, ValueError):
        return False
    user, sep, password = decoded.partition(":")
    if not (sep and user and password and decoded.isprintable()):
        return False
    return not is_placeholder(password)


def _bearer(secret: str, match: re.Match[str]) -> bool:
    return (
        not is_placeholder(secret)
        and any(c.isdigit() for c in secret)
        and has_variety(secret, min_distinct=10)
        and shannon_entropy(secret) >= 3.5
    )


def _cli_flag(secret: str, match: re.Match[str]) -> bool:
    # `--secret :empty`: a symbol or a keyword the tool reads, not a value
    if secret.startswith(("-", ":")) or not is_secret_name(match.group("flag")):
        return False
    if is_placeholder(secret) or looks_like_code(secret):
        return False
    # "--password options" in prose: a separate word must look like a value, not English.
    return match.group("sep") == "=" or not secret.isalpha()


def _generic_assignment(secret: str, match: re.Match[str]) -> bool:
    name = _variable_name(match, match.start())
    if not is_secret_name(name, allow_fixture=True):
        return False
    if _KEY_PATH.fullmatch(secret) and _names_itself(name, secret):
        return False  # the qualified key a secret is kept under, not the secret
    if looks_random(secret):
        return True
    # A literal password needs no entropy to be one (`login(user, password=<literal>)`),
    # but "password", "repository" in a list is two words, hence no comma as operator.
    return (
        match.group("op") != ","
        and len(secret) >= _MIN_PASSWORD
        and bool(PASSWORD_WORDS & set(name_words(name.rsplit(".", 1)[-1])))
        and is_secret_name(name)
        and not is_placeholder(secret)
        and not (_NAME_LIKE.fullmatch(secret) and _names_itself(name, secret))
        and not secret.startswith(_PATH_PREFIXES)
    )


def _xml_element(secret: str, match: re.Match[str]) -> bool:
    """A secret element's text: any literal in a password's (`<password>hunter2</password>`), a
    random-looking one in a token's or key's, as for assignments (`<branchToken>branch/with/wildcard/*`,
    `<brandingToken>Release` name a branch and a build, and no credential is a plain word)."""
    tag = match.group("tag").rsplit(":", 1)[-1]
    if not is_secret_name(tag) or is_placeholder(secret) or secret.startswith(_PATH_PREFIXES):
        return False
    if not PASSWORD_WORDS & set(name_words(tag)) and not looks_random(secret):
        return False
    return not (_NAME_LIKE.fullmatch(secret) and _names_itself(tag, secret))


def _query_secret(secret: str, match: re.Match[str]) -> bool:
    return is_secret_name(match.group("name")) and looks_random(secret, min_len=12)


def _split_env_value(raw: str) -> tuple[int, int, bool] | None:
    """Offsets of the value inside RAW (quotes and trailing comments removed), and if quoted."""
    stripped = raw.rstrip()
    if stripped[:1] in ("'", '"', "`"):
        quote = stripped[0]
        close = stripped.find(quote, 1)
        if close < 0:  # cut short (a glob, a title): the value runs to the end
            close = len(stripped)
        tail = stripped[close + 1 :].strip()
        if tail and tail[0] not in ",;#" and not tail.startswith("//"):
            return None
        return 1, close, True
    end = len(stripped)
    for marker in (" #", "\t#", " //", " ;"):
        cut = stripped.find(marker)
        if cut >= 0:
            end = min(end, cut)
    return 0, len(stripped[:end].rstrip()), False


def _names_itself(name: str, value: str) -> bool:
    """True when an identifier VALUE names a secret instead of being one: `token: auth_token`,
    `LAST_TOKEN = "LAST_TOKEN"`, `CHALLENGE_PASSWORD: "challengePassword"`."""
    lowered = value.lower()
    if lowered == name.lower():
        return True
    words = {w[:-1] if w.endswith("s") and w[:-1] in SECRET_WORDS else w for w in name_words(value)}
    return bool(words & SECRET_WORDS) or ("key" in words and bool(words & KEY_QUALIFIERS))


def _env_value_is_secret(name: str, value: str, quoted: bool, match: re.Match[str]) -> bool:
    if len(value) < _MIN_ENV_VALUE:
        return False
    # Most lines that reach here are code (`password = get_password()`): the cheap test first.
    if not quoted and (value.endswith((",", ";", ":")) or " " in value or looks_like_code(value)):
        return False
    if is_placeholder(value) or value.startswith(_PATH_PREFIXES) or _TABLE_PATH.fullmatch(value):
        return False
    if (value.isdigit() and len(value) < 6) or _CSS_COLOUR.fullmatch(value):
        return False
    if (_NAME_LIKE.fullmatch(value) or _KEY_PATH.fullmatch(value)) and _names_itself(name, value):
        return False  # `tokenKey = "csi.storage.k8s.io/serviceAccount.tokens"`: the key a token is kept under
    if match.group("op") == ":" and value.isalpha():
        # `password: bcrypt` in notes, `token: opaque` in docs, `password: "Passwort"` in a
        # translation file: words, not secrets.
        return False
    if quoted:
        return not any(c.isspace() for c in value)
    if is_identifier(value):
        if _CAMEL_WORDS.fullmatch(value) and not any(c.isdigit() for c in value):
            return False  # withCredentials: kEnumerableProperty
        if match.group("op") != ":" and (match.group("op_space") or match.group("indent")):
            return False  # `token = auth_token`, `    password=pw,`: code referring to a variable
    return True


def _locate_inline_env(match: re.Match[str]) -> tuple[int, int] | None:
    span = _locate_env(match)
    if span is None:
        return None
    value = match.string[span[0] : span[1]]
    if is_identifier(value) and not any(c.isdigit() for c in value):
        return None  # `set GITHUB_TOKEN=SECRET_NAME` in prose names a variable
    return span


def _locate_env(match: re.Match[str]) -> tuple[int, int] | None:
    name = match.group("key")
    if not is_secret_name(name):
        return None
    parts = _split_env_value(match.group("value"))
    if parts is None:
        return None
    lo, hi, quoted = parts
    base = match.start("value")
    if not _env_value_is_secret(name, match.string[base + lo : base + hi], quoted, match):
        return None
    return base + lo, base + hi


_ENV_LINE = (
    r"(?m)^(?P<indent>[ \t]*)(?:-[ \t]+)?"
    r"(?:(?:export|set|env|arg|const|let|var|readonly|static|final|val)[ \t]+){0,3}"
    r"[\"']?(?P<key>[A-Za-z0-9_.\-]{0,60}(?:pass|pwd|secret|token|key|credential)"
    r"[A-Za-z0-9_.\-]{0,60})"
    r"[\"']?(?P<op_space>[ \t]*)(?P<op>:=|=|:)(?![=:])[ \t]*(?P<value>[^\r\n]{1,1000})\r?$"
)
# The same assignment inside a line of prose or a joined comment ("never inline DB_PASSWORD=..."):
# only an upper-case variable name with `=` and no spaces, which prose and code rarely write otherwise.
_ENV_INLINE = (
    r"(?<![A-Za-z0-9_$.\-])(?P<indent>)(?P<key>[A-Z0-9_]{0,60}(?:PASS|PWD|SECRET|TOKEN|KEY|CREDENTIAL)[A-Z0-9_]{0,60})"
    r"(?P<op_space>)(?P<op>=)(?P<value>[^\s\"'`<>(){}\[\],;]{1,500})"
)
_SECRET_WORD = (
    r"(?:pass(?:word|wd|phrase)?|pwd|secret|token|credential"
    r"|(?:api|access|private|signing|auth)[_\-]?key)"
)
_UUID = r"[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}"

ASSIGNMENT_RULES: tuple[Rule, ...] = (
    rule(
        "aws-secret-key",
        r"(?:aws[A-Za-z0-9_.\-]{0,30}secret[A-Za-z0-9_.\-]{0,30}|secret[_\-]?access[_\-]?key)"
        + _ASSIGN
        + r"[\"']?(?P<s>[A-Za-z0-9/+]{40})(?![A-Za-z0-9/+=])",
        ("secret",),
        group="s",
        ignore_case=True,
        check=lambda s, m: not is_placeholder(s) and has_variety(s) and shannon_entropy(s) >= 3.5,
    ),
    rule(
        "azure-sas-token",
        r"\bsv=\d{4}-\d\d-\d\d&[^\s\"'<>]{0,500}?\bsig=(?P<s>[A-Za-z0-9%+/]{30,120}(?:%3D|=){0,2})",
        ("sig=",),
        group="s",
        check=_context_value,
    ),
    rule(
        "heroku-api-key",
        r"heroku[A-Za-z0-9_.\-]{0,30}" + _ASSIGN + r"[\"']?(?P<s>" + _UUID + r")\b",
        ("heroku",),
        group="s",
        ignore_case=True,
        check=_context_value,
    ),
    rule(
        "datadog-api-key",
        r"(?:datadog|dd)(?<![a-z0-9]dd)[_\-]?(?:api|app(?:lication)?)[_\-]?key" + _ASSIGN
        + r"[\"']?(?P<s>[0-9a-f]{40}|[0-9a-f]{32})\b",
        ("datadog", "dd"),
        group="s",
        ignore_case=True,
        check=_context_value,
    ),
    rule(
        "mailgun-api-key",
        r"mailgun[A-Za-z0-9_.\-]{0,30}" + _ASSIGN
        + r"[\"']?(?P<s>[0-9a-f]{32}-[0-9a-f]{8}-[0-9a-f]{8})\b",
        ("mailgun",),
        group="s",
        ignore_case=True,
        check=_context_value,
    ),
    rule(
        "npm-token",
        r"_authToken[ \t]*=[ \t]*(?P<s>[^\s\"'#]{8,500})",
        ("_authtoken",),
        group="s",
        check=_context_value,
    ),
    rule(
        "password-in-url",
        r"://(?<=[A-Za-z0-9]://)[^\s:@/?#'\"<>\[\]{}]{0,256}"
        r":(?P<s>[^\s@/?#'\"<>:]{1,256})@(?=[A-Za-z0-9\[_])",
        ("://",),
        group="s",
        check=_url_password,
    ),
    rule(
        "basic-auth",
        r"basic(?<![A-Za-z0-9_].{5})[ \t]+(?P<s>[A-Za-z0-9+/]{8,1000}={0,2})(?![A-Za-z0-9+/=])",
        ("basic",),
        group="s",
        ignore_case=True,
        check=_basic_auth,
    ),
    rule(
        "bearer-token",
        r"bearer(?<![A-Za-z0-9_].{6})[ \t]+"
        r"(?P<s>[A-Za-z0-9\-._~+/]{20,4000}=*)(?![A-Za-z0-9\-._~+/=])",
        ("bearer",),
        group="s",
        ignore_case=True,
        check=_bearer,
    ),
    rule(
        "url-query-secret",
        r"[?&](?P<name>[A-Za-z0-9_.\-]{0,40}(?:token|key|secret|password|passwd|pwd)"
        r"[A-Za-z0-9_.\-]{0,20})"
        r"=(?P<s>[^&\s#\"'<>]{12,500})",
        ("token", "key", "secret", "passw", "pwd"),
        group="s",
        check=_query_secret,
    ),
    rule(
        "xml-secret",
        r"<(?P<tag>[a-z0-9_.:\-]{0,40}(?:password|passwd|secret|token|api[_\-]?key)"
        r"[a-z0-9_.\-]{0,20})>"
        r"[ \t]*(?P<s>[^<>\s]{4,500})[ \t]*</(?P=tag)>",
        ("password", "passwd", "secret", "token", "key"),
        group="s",
        ignore_case=True,
        check=_xml_element,
    ),
    rule(
        "connection-string-password",
        r";[ \t]*(?i:password|pwd)[ \t]*=[ \t]*(?P<s>[^;\s\"']{1,200})(?=;|[\"'\s]|$)",
        ("password", "pwd"),
        group="s",
        check=lambda s, m: not is_placeholder(s),
    ),
    rule(
        "cli-secret",
        r"--(?P<flag>(?:[a-z0-9]+-){0,4}(?:password|passwd|token|secret|api-key|apikey))"
        r"(?P<sep>[= ])"
        r"(?P<s>[^\s\"'`]{3,200}(?<![.,;:!?)]))",
        ("--",),
        group="s",
        check=_cli_flag,
    ),
    rule(
        "env-secret",
        _ENV_LINE,
        ("pass", "pwd", "secret", "token", "key", "credential"),
        locate=_locate_env,
        ignore_case=True,
        trigger=r"pass|pwd|secret|token|key|credential",
        line_anchored=True,
    ),
    rule(
        "env-secret",
        _ENV_INLINE,
        ("pass", "pwd", "secret", "token", "key", "credential"),
        locate=_locate_inline_env,
    ),
    rule(
        "secret-assignment",
        r"" + _SECRET_WORD + r"[A-Za-z0-9_.\-]{0,40}" + _ASSIGN
        + r"[A-Za-z]{0,2}(?P<q>[\"'`])(?P<s>[^\"'`\s\\]{6,500})(?P=q)",
        ("pass", "pwd", "secret", "token", "key", "credential"),
        group="s",
        ignore_case=True,
        check=_generic_assignment,
    ),
)
