"""Rules for more vendor tokens that carry their own prefix: CI, hosting, AI, payment, monitoring.

Each is a literal prefix (the keyword that gates the rule) followed by the body's alphabet and
length as the vendor issues it; a body must still show some variety, so `xxxx` stand-ins pass.
"""

from __future__ import annotations

import re

from lore.redact.checks import has_variety
from lore.redact.rule import Rule, rule

_B64URL = r"[A-Za-z0-9_\-]"
_HEX = r"[0-9a-f]"
_ALNUM = r"[A-Za-z0-9]"


def _starts_a_word(secret: str, match: re.Match[str]) -> bool:
    """The token is not the tail of a longer word, and its characters vary."""
    start = match.start()
    before = match.string[start - 1] if start else " "
    return not (before.isalnum() or before in "_-") and has_variety(secret, min_distinct=8)


def _prefixed(kind: str, prefix: str, body: str, *keywords: str) -> Rule:
    """A token that starts with PREFIX (a regex) at a word boundary and continues with BODY.

    The boundary before the prefix is checked in Python, not by a lookbehind, so the regex
    starts with the literal prefix and the engine can scan for it quickly.
    """
    return rule(
        kind,
        prefix + body + r"(?![A-Za-z0-9_\-])",
        keywords or (prefix.replace("\\", "").lower(),),
        check=_starts_a_word,
    )


VENDOR_RULES: tuple[Rule, ...] = (
    _prefixed("newrelic-key", r"NR(?:AK|II|JS|AA)-", _ALNUM + "{27,32}", "nrak-", "nrii-", "nrjs-", "nraa-"),
    _prefixed("okta-token", r"SSWS[ \t]+00", _B64URL + "{40}", "ssws"),
    _prefixed("terraform-cloud-token", _ALNUM + r"{14}\.atlasv1\.", r"[A-Za-z0-9_\-=]{60,90}", ".atlasv1."),
    _prefixed("doppler-token", r"dp\.(?:st|pt|sa|ct|scim|audit)\.(?:[a-z0-9_\-]{2,35}\.)?",
              _ALNUM + "{40,44}", "dp."),
    _prefixed("atlassian-token", r"ATATT3", r"[A-Za-z0-9_\-=]{150,250}"),
    _prefixed("square-token", r"sq0(?:atp|csp|idp)-", _B64URL + "{22,43}", "sq0"),
    _prefixed("square-token", r"EAAA", _B64URL + "{60}", "eaaa"),
    _prefixed("firebase-cloud-messaging-key", r"AAAA" + _B64URL + r"{7}:APA91b", _B64URL + "{130,140}",
              ":apa91b"),
    _prefixed("linear-api-key", r"lin_api_", _ALNUM + "{40}"),
    _prefixed("planetscale-token", r"pscale_(?:tkn|pw|oauth)_", r"[A-Za-z0-9_\-.]{32,64}", "pscale_"),
    _prefixed("grafana-token", r"glc_", r"[A-Za-z0-9+/]{32,400}={0,2}"),
    _prefixed("grafana-token", r"glsa_", _ALNUM + "{32}_" + _HEX + "{8}"),
    _prefixed("databricks-token", r"dapi", _HEX + r"{32}(?:-\d)?"),
    _prefixed("supabase-token", r"sbp_", _HEX + "{40}"),
    _prefixed("pulumi-token", r"pul-", _HEX + "{40}"),
    _prefixed("docker-hub-token", r"dckr_pat_", _B64URL + "{27}"),
    _prefixed("buildkite-token", r"bkua_", _HEX + "{40}"),
    _prefixed("rubygems-token", r"rubygems_", _HEX + "{48}"),
    _prefixed("replicate-token", r"r8_", _ALNUM + "{37}"),
    _prefixed("groq-api-key", r"gsk_", _ALNUM + "{52}"),
    _prefixed("xai-api-key", r"xai-", _ALNUM + "{80}"),
    _prefixed("perplexity-api-key", r"pplx-", _ALNUM + "{48}"),
    _prefixed("notion-token", r"(?:ntn_|secret_)", _ALNUM + "{43,46}", "ntn_", "secret_"),
    _prefixed("airtable-token", r"pat" + _ALNUM + r"{14}\.", _HEX + "{64}", "pat"),
    _prefixed("dynatrace-token", r"dt0c01\.", r"[A-Z0-9]{24}\.[A-Z0-9]{64}"),
    _prefixed("figma-token", r"figd_", _B64URL + "{40}"),
    _prefixed("alibaba-access-key", r"LTAI", _ALNUM + "{20}"),
    _prefixed("mapbox-secret-token", r"sk\.eyJ", _B64URL + r"{20,300}\." + _B64URL + "{20,40}", "sk.eyj"),
    _prefixed("flyio-token", r"fo1_", _B64URL + "{43}"),
    _prefixed("prefect-token", r"pnu_", _ALNUM + "{36}"),
    _prefixed("readme-api-key", r"rdme_", r"[a-z0-9]{70}"),
    _prefixed("shippo-token", r"shippo_(?:live|test)_", _HEX + "{40}", "shippo_"),
    _prefixed("flutterwave-key", r"FLWSECK(?:_TEST)?-", _HEX + r"{32}-X", "flwseck"),
    _prefixed("adafruit-io-key", r"aio_", _ALNUM + "{28}"),
    _prefixed("clojars-token", r"CLOJARS_", r"[a-z0-9]{60}"),
    _prefixed("easypost-key", r"EZ[AT]K", r"[A-Za-z0-9]{54}", "ezak", "eztk"),
    _prefixed("typeform-token", r"tfp_", r"[A-Za-z0-9_\-.=]{59}"),
    _prefixed("circleci-token", r"CCIPAT_", _ALNUM + "{22}_" + _HEX + "{40}"),
    _prefixed("sentry-token", r"sntryu_", _HEX + "{64}"),
    _prefixed("sentry-token", r"sntrys_eyJ", r"[A-Za-z0-9+/=_\-]{60,400}", "sntrys_"),
    _prefixed("nuget-key", r"oy2", r"[a-z0-9]{43}"),
    _prefixed("tailscale-key", r"tskey-(?:api|auth|client|webhook)-", _ALNUM + r"{6,20}-" + _ALNUM + "{20,40}",
              "tskey-"),
    _prefixed("netlify-token", r"nfp_", _ALNUM + "{36}"),
)
