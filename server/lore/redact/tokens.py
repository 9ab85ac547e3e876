"""Rules for vendor tokens recognisable by their own shape (prefixes, lengths, alphabets)."""

from __future__ import annotations

import base64
import binascii
import re

from lore.redact.checks import has_variety, shannon_entropy
from lore.redact.rule import Rule, rule

_E = r"(?![A-Za-z0-9_])"  # no word character after
_ED = r"(?![A-Za-z0-9_\-])"  # ... nor a dash (base64url tokens)


def _lead(prefix: str, width: int, chars: str = r"A-Za-z0-9_\-") -> str:
    """PREFIX (WIDTH characters), then a check that none of CHARS came right before it.

    The check follows the prefix rather than preceding it so that the regex engine can scan
    for the literal prefix quickly instead of trying the lookbehind at every position.
    """
    return prefix + rf"(?<![{chars}].{{{width}}})"


_W = r"A-Za-z0-9_"


def _varied(secret: str, match: re.Match[str]) -> bool:
    return has_variety(secret)


def _hex_mixed(secret: str, match: re.Match[str]) -> bool:
    body = secret[-32:]
    return has_variety(body) and any(c.isdigit() for c in body) and any(c.isalpha() for c in body)


def _mixed_case_digits(secret: str, match: re.Match[str]) -> bool:
    body = secret.split("-", 1)[-1]
    return (
        has_variety(body, min_distinct=10)
        and any(c.isdigit() for c in body)
        and any(c.isupper() for c in body)
        and any(c.islower() for c in body)
        and shannon_entropy(body) >= 3.5
    )


def _openai(secret: str, match: re.Match[str]) -> bool:
    return not secret.startswith("sk-ant-") and _mixed_case_digits(secret, match)


def _discord(secret: str, match: re.Match[str]) -> bool:
    """The first part of a Discord bot token is the bot's numeric id in base64."""
    first = secret.split(".", 1)[0]
    try:
        decoded = base64.urlsafe_b64decode(first + "=" * (-len(first) % 4))
    except (binascii.Error, ValueError):
        return False
    return len(decoded) >= 17 and decoded.isdigit() and _mixed_case_digits(secret, match)


def _slack(secret: str, match: re.Match[str]) -> bool:
    return has_variety(secret) and sum(c.isdigit() for c in secret) >= 4


def _hf(secret: str, match: re.Match[str]) -> bool:
    body = secret[3:]
    return has_variety(body) and any(c.isupper() for c in body) and any(c.islower() for c in body)


_B64URL = r"[A-Za-z0-9_\-]"

TOKEN_RULES: tuple[Rule, ...] = (
    rule(
        "jwt",
        _lead("eyJ", 3) + _B64URL + r"{10,4000}\." + _B64URL + r"{10,20000}\."
        + _B64URL + "{0,2000}" + _ED,
        ("eyj",),
        check=_varied,
    ),
    rule(
        "aws-access-key",
        _lead(r"(?:AKIA|ASIA|ABIA|ACCA|A3T[A-Z0-9])", 4, "A-Za-z0-9")
        + r"[A-Z0-9]{16}(?![A-Za-z0-9])",
        ("akia", "asia", "abia", "acca", "a3t"),
        check=_varied,
    ),
    rule("gcp-api-key", _lead("AIza", 4) + _B64URL + "{35}" + _ED, ("aiza",), check=_varied),
    rule(
        "github-token",
        r"(?:" + _lead("gh[pousr]_", 4, _W) + r"[A-Za-z0-9]{36,251}"
        + r"|" + _lead("github_pat_", 11, _W) + r"[A-Za-z0-9_]{60,251})" + _E,
        ("ghp_", "gho_", "ghu_", "ghs_", "ghr_", "github_pat_"),
        check=_varied,
    ),
    rule(
        "gitlab-token",
        _lead("gl", 2) + r"(?:pat|dt|rt|ptt|cbt|soat|ft|imt|oas|agent)-" + _B64URL + "{20,64}"
        + r"(?:\." + _B64URL + r"{2,64}){0,3}" + _ED,
        ("glpat-", "gldt-", "glrt-", "glptt-", "glcbt-", "glsoat-", "glft-", "glimt-", "gloas-",
         "glagent-"),
        check=_varied,
    ),
    rule(
        "slack-token",
        r"(?:" + _lead("xox[abposre]-", 5) + r"[0-9A-Za-z\-]{10,250}"
        + r"|" + _lead("xapp-", 5) + r"[0-9A-Za-z\-]{20,250})" + _ED,
        ("xoxa-", "xoxb-", "xoxp-", "xoxo-", "xoxs-", "xoxr-", "xoxe-", "xapp-"),
        check=_slack,
    ),
    rule(
        "slack-webhook",
        r"https?://hooks\.slack\.com/(?:services|workflows|triggers)/[A-Za-z0-9+/_\-]{20,200}",
        ("hooks.slack.com",),
        check=_varied,
    ),
    rule(
        "stripe-key",
        _lead(r"[sr]k_(?:live|test)_", 8, _W) + r"[0-9A-Za-z]{20,247}" + _E,
        ("sk_live_", "rk_live_", "sk_test_", "rk_test_"),
        check=_varied,
    ),
    rule(
        "stripe-key",
        _lead("whsec_", 6, _W) + r"[0-9A-Za-z]{32,64}" + _E,
        ("whsec_",),
        check=_varied,
    ),
    rule(
        "twilio-api-key",
        _lead("SK", 2, "A-Za-z0-9") + r"[0-9a-f]{32}(?![A-Za-z0-9])",
        ("sk",),
        check=_hex_mixed,
    ),
    rule(
        "sendgrid-api-key",
        _lead(r"SG\.", 3) + _B64URL + r"{22}\." + _B64URL + "{43}" + _ED,
        ("sg.",),
        check=_varied,
    ),
    rule("npm-token", _lead("npm_", 4, _W) + r"[A-Za-z0-9]{36}" + _E, ("npm_",), check=_varied),
    rule(
        "pypi-token",
        _lead("pypi-AgE", 8) + _B64URL + "{50,1000}" + _ED,
        ("pypi-age",),
        check=_varied,
    ),
    rule(
        "anthropic-api-key",
        _lead("sk-ant-", 7) + _B64URL + "{32,300}" + _ED,
        ("sk-ant-",),
        check=_varied,
    ),
    rule(
        "openai-api-key",
        _lead("sk-", 3) + _B64URL + "{20,300}" + _ED,
        ("sk-",),
        check=_openai,
    ),
    rule("heroku-api-key", _lead("HRKU-", 5) + _B64URL + "{60}" + _ED, ("hrku-",), check=_varied),
    rule("mailgun-api-key", _lead("key-", 4) + r"[0-9a-f]{32}" + _ED, ("key-",), check=_hex_mixed),
    rule(
        "discord-bot-token",
        _lead("[MNO]", 1) + _B64URL + r"{23,27}\." + _B64URL + r"{6}\." + _B64URL + "{27,40}" + _ED,
        (".",),
        check=_discord,
    ),
    rule(
        "discord-webhook",
        r"https?://(?:ptb\.|canary\.)?discord(?:app)?\.com/api/webhooks/\d{5,30}/"
        + _B64URL + "{40,100}",
        ("/api/webhooks/",),
        check=_varied,
    ),
    rule(
        "telegram-bot-token",
        r"(?<![A-Za-z0-9_:\-])\d{8,10}:AA" + _B64URL + "{33}" + _ED,
        (":aa",),
        check=_varied,
    ),
    rule(
        "google-oauth-client-secret",
        _lead("GOCSPX-", 7) + _B64URL + "{28}" + _ED,
        ("gocspx-",),
        check=_varied,
    ),
    rule(
        "azure-client-secret",
        # Scan for the fixed "Q~" and look back for the three characters and digit before it.
        r"Q~(?<=(?<![A-Za-z0-9_~.\-])[A-Za-z0-9_~.]{3}\dQ~)[A-Za-z0-9_~.\-]{31,34}"
        r"(?![A-Za-z0-9_~.\-])",
        ("q~",),
        check=_varied,
        locate=lambda m: (m.start() - 4, m.end()),
    ),
    rule("huggingface-token", _lead("hf_", 3, _W) + r"[A-Za-z]{34}" + _E, ("hf_",), check=_hf),
    rule(
        "shopify-token",
        _lead("shp(?:at|ss|ca|pa)_", 6, _W) + r"[a-fA-F0-9]{32}" + _E,
        ("shpat_", "shpss_", "shpca_", "shppa_"),
        check=_hex_mixed,
    ),
    rule(
        "digitalocean-token",
        _lead("do[por]_v1_", 7, _W) + r"[a-f0-9]{64}" + _E,
        ("_v1_",),
        check=_varied,
    ),
    rule(
        "vault-token",
        _lead(r"hv[sb]\.", 4) + _B64URL + "{24,200}" + _ED,
        ("hvs.", "hvb."),
        check=_mixed_case_digits,
    ),
    rule(
        "age-secret-key",
        r"AGE-SECRET-KEY-1[QPZRY9X8GF2TVDW0S3JN54KHCE6MUA7L]{58}",
        ("age-secret-key-1",),
        check=_varied,
    ),
    rule(
        "postman-api-key",
        _lead("PMAK-", 5) + r"[a-f0-9]{24}-[a-f0-9]{34}" + _ED,
        ("pmak-",),
        check=_varied,
    ),
)
