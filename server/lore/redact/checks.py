"""Judgements shared by the rules: entropy, placeholders, code-looking values, secret names."""

from __future__ import annotations

import math
import re
import unicodedata
from collections import Counter

_NAME_SPLIT = re.compile(r"[^A-Za-z0-9]+|(?<=[a-z0-9])(?=[A-Z])|(?<=[A-Z])(?=[A-Z][a-z])")
_IDENTIFIER = re.compile(r"[A-Za-z_$][A-Za-z0-9_$]*")
_DOTTED = re.compile(r"[A-Za-z_$][A-Za-z0-9_$]*(?:\.[A-Za-z_$][A-Za-z0-9_$]*)+")
_NAME_LIKE = re.compile(r"[A-Za-z0-9_\-]+")
_SECRET_SUBSTRING = re.compile(r"token|passw|secret|api_?key|credential")
# Words of one case joined by `_` or `-` (THE_PASSWORD_FROM_PHASE_3, your-api-token-here): a name.
_WORDS_OF_ONE_CASE = re.compile(r"(?:[A-Z0-9]+(?:[_-][A-Z0-9]+){2,}|[a-z0-9]+(?:[_-][a-z0-9]+){2,})")
_TEMPLATE = re.compile(r"%[-+ #0]*\d*(?:\.\d+)?[sdrfx]|\{\d*\}|\{[A-Za-z_][\w.]*\}")

_GLUED_PASSWORD = ("password", "passwd")
SECRET_WORDS = frozenset(
    """password passwd passphrase pass pwd secret secrets token credential credentials apikey
    secretkey privatekey accesskey authkey authtoken accesstoken clientsecret""".split()
)
PASSWORD_WORDS = frozenset("password passwd passphrase pwd".split())
# A word followed by "key" that makes the pair a secret name (api_key, signing_key, ...).
KEY_QUALIFIERS = frozenset(
    """api access private secret signing encryption master auth account app session shared
    sas""".split()
)
# Words that, after the secret word, make the name about the secret rather than the secret
# itself: TOKEN_URL, password_min_length, secret_name, token_type.
NOT_SECRET_AFTER = frozenset(
    """url uri urls endpoint host path file filename files dir directory name names id ids type
    types field fields header headers prefix suffix length len size count max min regex re regexp
    pattern env var vars variable param params arg args expiry expire expires expiration ttl timeout
    lifetime age format kind mode source provider label class cls method policy validator schema
    hint prompt placeholder help text message msg error errors attr attribute column table index
    enabled enable disabled required cache store manager service factory handler callback reset
    changed updated created at date time version rotation scope scopes audience issuer algorithm
    alg algorithms encoding charset limit location hash hasher hashers hashing digest bits strength
    rounds iterations template widget input form view ref reference arn option options setting
    settings flag spec parser storage backend backends module plugin generator loader getter setter
    response request num number chars delimiter separator sep start end pos offset cmd command
    script fn func function lookup usage description doc docs title note comment status state valid
    invalid verify check exists missing present fingerprint kid minutes seconds days hours secs
    ms mins delta duration interval window namespace namespaces millis milliseconds skew uuid uuids guid
    org organization organisation owner holder subject email""".split()
)
# Words that, anywhere in a name, make it the name of a slot rather than a value:
# HEADER_X_ACCESS_TOKEN, ENV_VAR_TOKEN, PASSWORD_FIELD_LABEL; and a mapping's source
# (`fromConnectionSecretKey: admin-username`, a Kubernetes resource copying a key out of a secret).
NOT_SECRET_ANYWHERE = frozenset(
    """header headers field fields column param params env var vars label prompt placeholder regex
    pattern url uri path file dir from""".split()
)
FIXTURE_PREFIXES = frozenset(
    "fake dummy mock example sample placeholder bogus invalid wrong bad test".split()
)
PLACEHOLDER_VALUES = frozenset(
    """changeme changeit password passwd pass secret token example placeholder dummy fake test
    testing todo tbd none null nil undefined true false yes no on off empty redacted hidden masked
    required optional string str bytes int bool any default foo bar baz foobar qux secretkey apikey
    mypassword mysecret mytoken bearer basic token_here key value include omit
    same-origin""".split()
)
PLACEHOLDER_MARKERS = (
    "${", "$(", "{{", "}}", "%(", "your", "example", "placeholder", "changeme",
    "change_me", "change-me", "redacted", "dummy", "fake", "xxxx", "****", "insert",
    "replace", "sample", "…", "...", "abc123", "123456", "abcdef", "deadbeef",
)
# The same stand-ins in the languages whose statuses Lore reads, as whole words of the value, accents folded:
# "your" beside another word ("sua-chave", "votre_clé", "ihr-passwort", "tu-contraseña"), or a secret's name
# ("senha", "minha-chave", "mot-de-passe"). Whole words only: `Miracle2024` holds "cle" and stands in for nothing.
YOUR_WORDS = frozenset("sua seu su tu tua tuo vos votre ihr ihre ihren dein deine deinen jouw uw".split())
SECRET_NOUNS = frozenset(
    """chave clave cle cles chiave schlussel sleutel senha contrasena passwort kennwort wachtwoord motdepasse
    segredo secreto segreto geheimnis""".split()
)
TYPE_NAMES = frozenset(
    """str string int bytes bool boolean any object number optional secretstr secretbytes none
    list dict char float double""".split()
)
CODE_MARKERS = (
    "os.environ", "getenv", "process.env", "env(", "environ", "=>", "==", "&&", "||", " = ",
    "lambda", "await ", "function", "new ",
)

_PLACEHOLDER_MARKER = re.compile("|".join(map(re.escape, PLACEHOLDER_MARKERS)))
_CODE_MARKER = re.compile("|".join(map(re.escape, CODE_MARKERS)) + r"|[()\[\]{}]")
_TOKEN_PLACEHOLDER = re.compile(r"xxxxx|example|placeholder|\*{5}|\.{5}")


def shannon_entropy(value: str) -> float:
    """Bits per character of VALUE's character distribution."""
    if not value:
        return 0.0
    total = len(value)
    return -sum(n / total * math.log2(n / total) for n in Counter(value).values())


def name_words(name: str) -> list[str]:
    """Split an identifier into lowercase words: snake, kebab, dotted and camelCase."""
    return [w.lower() for w in _NAME_SPLIT.split(name) if w]


def secret_word_index(words: list[str]) -> int:
    """Index of the first word that makes a name secret-like, or -1."""
    for i, word in enumerate(words):
        if word in SECRET_WORDS or word.endswith(_GLUED_PASSWORD):  # PGPASSWORD, mysqlpasswd
            return i
        if word == "key" and i > 0 and words[i - 1] in KEY_QUALIFIERS:
            return i
    return -1


def is_secret_name(name: str, *, allow_fixture: bool = False) -> bool:
    """True when NAME names a secret (DB_PASSWORD, apiKey) rather than something about one.

    Only the last dotted part counts: `db.password` is a secret, `token.markup` is not.
    """
    words = name_words(name.rsplit(".", 1)[-1])
    index = secret_word_index(words)
    if index < 0:
        return False
    if any(w in NOT_SECRET_AFTER for w in words[index + 1 :]):
        return False
    if any(w in NOT_SECRET_ANYWHERE for w in words[:index]):
        return False
    return allow_fixture or words[0] not in FIXTURE_PREFIXES


_SECRET_REFERENCE = re.compile(r"[A-Za-z_]{2,20}\[[\w.:/-]{1,120}\]")


def is_placeholder(value: str) -> bool:
    """True for values that stand in for a secret: `${VAR}`, `<your-key>`, `changeme`, `xxx`."""
    stripped = value.strip().strip("\"'`")
    lowered = stripped.lower()
    if not stripped or lowered.rstrip(":.!?") in PLACEHOLDER_VALUES:
        return True
    if _PLACEHOLDER_MARKER.search(lowered):
        return True
    if stripped[0] == "$" or (stripped[0] == "%" and stripped[-1] == "%"):
        return True
    if (stripped[0] in "{[" and stripped[-1] in "}]") or stripped[0] == "<" or stripped[-1] == ">":
        return True
    if _SECRET_REFERENCE.fullmatch(stripped):
        return True  # `SECRET[vault.api_key]`: where the value is kept, read when the tool runs
    if _TEMPLATE.search(stripped):
        return True
    if len(stripped) < 24 and _NAME_LIKE.fullmatch(stripped) and _SECRET_SUBSTRING.search(lowered):
        return True  # MYTOKEN1, my-secret, your_password: a name standing in for the value
    if _WORDS_OF_ONE_CASE.fullmatch(stripped) and _SECRET_SUBSTRING.search(lowered):
        return True  # THE_PASSWORD_FROM_PHASE_3: a name of three words or more, whatever its length
    if _stands_in_elsewhere(stripped):
        return True
    return len(set(lowered)) <= 2


_LETTER_WORDS = re.compile(r"[^\W\d_]+(?:[-_. ][^\W\d_]+){0,5}")


def _stands_in_elsewhere(value: str) -> bool:
    """Whether a value of letters only, in words, says "your …" or names a secret in another language
    (`YOUR_WORDS`, `SECRET_NOUNS`): `sua-chave`, `votre_clé`, `senha`."""
    if not _LETTER_WORDS.fullmatch(value):
        return False
    bare = "".join(c for c in unicodedata.normalize("NFKD", value) if not unicodedata.combining(c))
    words = name_words(bare)  # accents folded (`lore.text.folded`, which this package cannot import)
    return bool(len(words) >= 2 and YOUR_WORDS.intersection(words) or SECRET_NOUNS.intersection(words)
                or "motdepasse" in "".join(words))


def looks_like_code(value: str) -> bool:
    """True for values that are expressions (calls, attributes, types), not literal secrets."""
    lowered = value.lower()
    if lowered in TYPE_NAMES or _CODE_MARKER.search(lowered):
        return True
    return bool(_DOTTED.fullmatch(value))


def is_identifier(value: str) -> bool:
    """True when VALUE is a bare identifier (a variable reference in most languages)."""
    return bool(_IDENTIFIER.fullmatch(value))


def has_variety(token: str, *, min_distinct: int = 6) -> bool:
    """True unless the token is a run of a few repeated characters or a marked placeholder."""
    lowered = token.lower()
    if _TOKEN_PLACEHOLDER.search(lowered):
        return False
    return len(set(token)) >= min_distinct


def looks_random(value: str, *, min_len: int = 16) -> bool:
    """True when VALUE looks like generated key material: long, mixed, high entropy."""
    if len(value) < min_len or any(c.isspace() for c in value):
        return False
    if "://" in value or value.startswith(("/", "./", "~/", "../")):
        return False
    if _DOTTED.fullmatch(value) or is_placeholder(value):
        return False
    has_digit = any(c.isdigit() for c in value)
    classes = sum(
        (
            any(c.islower() for c in value),
            any(c.isupper() for c in value),
            has_digit,
            any(not c.isalnum() for c in value),
        )
    )
    if not (has_digit and classes >= 2) and classes < 3:
        return False
    threshold = min(3.5, 0.8 * math.log2(len(value)))
    return shannon_entropy(value) >= threshold
