"""Secret redaction: one realistic example per kind (`fixtures/secrets/samples.py`), and ordinary code
that must stay untouched."""

from __future__ import annotations

import random
import re
import time

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from fixtures.secrets.formats import FORMATS
from fixtures.secrets.samples import (B64URL, GITHUB, HEX, POSITIVES, PRIVATE_RSA, UPPER_DIGITS, b64, corpus_kind, jwt,
                                      rnd, uuid4ish)
from lore.redact import KINDS, Redaction, RedactResult, contains_secret, redact
from lore.redact.checks import shannon_entropy

FILLER = "# settings for the staging deploy\n\n"  # pushes each secret down to line 3


@pytest.mark.parametrize(("kind", "template", "secret"), [pytest.param(*p, id=p[0]) for p in POSITIVES])
def test_secret_is_redacted_with_kind_and_line(kind: str, template: str, secret: str) -> None:
    text = FILLER + template.format(s=secret) + "\nnext_line = 1\n"
    result = redact(text)
    assert secret not in result.text
    assert f"[REDACTED:{kind}]" in result.text
    found = [r for r in result.redactions if r.kind == kind]
    assert len(found) == 1, result.redactions
    assert found[0].line == 3
    assert text[found[0].start : found[0].end] == secret
    assert result.text.startswith(FILLER) and result.text.endswith("\nnext_line = 1\n")
    assert contains_secret(text)
    assert not redact(result.text).changed  # placeholders are never redacted again


@pytest.mark.parametrize("fmt", [pytest.param(f, id=f.name) for f in FORMATS])
def test_every_corpus_format_is_redacted(fmt) -> None:
    text = FILLER + fmt.text + "\nnext_line = 1\n"
    result = redact(text)
    runs = re.findall(r"[A-Za-z0-9+/]{12,}", fmt.secret)
    assert fmt.secret not in result.text and not [r for r in runs if r in result.text], result.text
    assert result.text.startswith(FILLER) and result.text.endswith("\nnext_line = 1\n")
    assert not redact(result.text).changed


def test_corpus_has_sixty_formats() -> None:
    assert len({f.name for f in FORMATS}) == len(FORMATS) >= 60


def test_every_kind_has_a_positive_example() -> None:
    kinds = {kind for kind, _, _ in POSITIVES} | {corpus_kind(f) for f in FORMATS}
    assert kinds == KINDS
    assert len(KINDS) >= 24


def _data_url() -> str:
    return "data:image/png;base64," + b64(random.Random(1).randbytes(600))


NEGATIVES = {
    # openedx/credentials' docs/sharing/verifiable_credentials/api_reference.rst (AGPL-3.0): identifiers of a credential
    "json-identifiers": """
    "credential_id": 1,
    "credential_uuid": "525756b010aa4c788881141acca72538",
    "credential_title": "Title of a program",
    "credential_org": "",
    "credential_uuid": "course-v1:rg+program_course+2024",
    "token_owner": "7f3d9c2a5b8e4f10a6c1d2e3f4a5b6c7",
""",
    "python": '''
import os
from dataclasses import dataclass
from typing import Optional


@dataclass
class Settings:
    token: str
    password: str | None = None
    api_key: Optional[str] = None
    token_type: str = "bearer"
    password_min_length: int = 12


def connect(settings, password=None):
    """Connect with the token from the environment.

    Args:
        token: str
            The token to use.
    """
    password = get_password()
    token = os.environ["GITHUB_TOKEN"]
    secret = os.getenv("APP_SECRET", "")
    api_key = settings.api_key
    if token is None:
        raise ValueError("token is required")
    fake_token = "abc123"
    dummy_password = "hunter2"
    test_secret = "s3cr3t"
    headers = {"Authorization": f"Bearer {token}", "X-Api-Key": api_key}
    TOKEN_URL = "https://oauth2.googleapis.com/token"
    SECRET_NAME = "prod/db/password"
    PRIVATE_KEY_PATH = "~/.ssh/id_rsa"
    tokenizer_config_hash = "9f86d081884c7d659a2feaa0c55ad015a3bf4f1b2b0b822cd15d6c15b0f00a08"
    defaults = dict.fromkeys(["username", "password", "repository"], "")
    if hasattr(self.passwd, "is_authenticated"):
        keywords = ["pwd", "re_syntax", "read", "CURLOPT_PASSWORD", "CURLOPT_READDATA"]
    return Client(token=token, password=password,
                  secret=secret)
''',
    "javascript": '''
const token = process.env.NPM_TOKEN;
const apiKey = config.get("apiKey");
export function login({ username, password }) {
  return fetch(url, {
    headers: { Authorization: `Bearer ${token}` },
    credentials: "include",
    withCredentials: kEnumerableProperty
  });
}
const id = "550e8400-e29b-41d4-a716-446655440000";
const spinner = "sk-spinner-double-bounce-container";
const className = "AbstractSingletonProxyFactoryBeanImplementation";
const auth = "Basic " + btoa(user + ":" + pass);
''',
    "go": '''
type Config struct {
	Password string `json:"password" yaml:"password"`
	Token    string `env:"TOKEN"`
}

func Load() (*Config, error) {
	token := os.Getenv("GITHUB_TOKEN")
	password := flag.String("password", "", "database password")
	if token == "" {
		return nil, errors.New("missing token")
	}
	return &Config{Password: *password, Token: token}, nil
}
''',
    "yaml": '''
services:
  db:
    image: postgres:16
    environment:
      POSTGRES_PASSWORD: ${POSTGRES_PASSWORD}
      API_TOKEN: "<your-token>"
      SECRET_KEY: changeme
      PASSWORD: xxx
      TOKEN:
      REDIS_PASSWORD: ""
      CLIENT_SECRET: {{ vault_client_secret }}
steps:
  - uses: actions/checkout@v4
  - run: npm publish
    env:
      NODE_AUTH_TOKEN: ${{ secrets.NPM_TOKEN }}
''',
    "dotenv-placeholders": '''
DATABASE_PASSWORD=
API_KEY=<your-api-key>
SECRET_TOKEN=${SECRET_TOKEN}
AUTH_TOKEN=changeme
STRIPE_SECRET=xxxxxxxx
export GITHUB_TOKEN=$(gh auth token)
SESSION_SECRET=your_session_secret_here
ACCESS_TOKEN_EXPIRE_MINUTES=30
PASSWORD_RESET_URL=https://app.example.com/reset
''',
    "urls": '''
git clone https://user@github.com/org/repo.git
DSN = f"postgres://{user}:{password}@{host}/db"
redis://:${REDIS_PASSWORD}@redis:6379/0
https://example.com:8443/path?q=1
mongodb://admin:<password>@cluster0.mongodb.net/test
new Uri("amqp://guest:guest@localhost:5672")
postgres://postgres:postgres@db:5432/app
http://abc:xyz@example.com/
Authorization: Basic <credentials>
Authorization: Bearer <token>
Authorization: Bearer ${TOKEN}
''',
    "notes": '''
We store the API key in Vault; the token is rotated daily.
Password: must be at least 12 characters.
- token: opaque
- password: bcrypt
Pass --password-stdin to docker login, or the --username and --password options.
login(password="password123") is what the tutorial shows.
render(password_field="pass_input")
<input type="password" name="password"><label>Password</label>
<password>${env.NEXUS_PASSWORD}</password> <token></token> <apiKey>{{ api_key }}</apiKey>
https://x.io/docs?key_id=abc123456789xyz
''',
    "translations": '''
login:
  password: "Passwort"
  token: "Jeton"
  secret: "Geheimnis"
password_label = "Password:"
''',
    "kubernetes-manifests": '''
spec:
  writeConnectionSecretsToNamespace: crossplane-system
  patches:
    - type: ToCompositeFieldPath
      fromConnectionSecretKey: admin-username
  accessTokenSkewMillis: 120000
const serviceAccountTokenKey = "csi.storage.k8s.io/serviceAccount.tokens"
kubectl apply --config-map ./notifications-cm.yaml --secret :empty
token = "SECRET[local_exec.vault_token]"
      secret_access_key: "SECRET[backend_1.aws_secret_access_key]"
**Note: the server caches groups as long as the ID token is valid!**
''',
    "xml-settings": '''
<alwaysDisabledBranchTokens>
    <branchToken>branch/with/wildcard/*</branchToken>
</alwaysDisabledBranchTokens>
<alwaysDisabledBrandingTokens>
    <brandingToken>Release</brandingToken>
</alwaysDisabledBrandingTokens>
''',
    "css": '''
.button { color: #ff00aa; background: #123456; border-color: #abc; }
:root { --token-primary: #0d6efd; --token-secondary: #6c757d; }
''',
    "pem-markers-only": (
        'PEM_HEADER = "-----BEGIN " + "RSA PRIVATE KEY-----"\n'
        "if line.startswith('-----" + "BEGIN OPENSSH PRIVATE KEY-----'):\n"
        "    raise ValueError('unsupported key')\n"
    ),
}


@pytest.mark.parametrize(
    ("value", "random_looking"),
    [
        pytest.param("pass1234pass1234pass", False, id="repeated-pattern"),
        pytest.param("2024-01-01T00:00:00Z", False, id="timestamp"),
        pytest.param("release-candidate-build", False, id="words"),
        pytest.param("config.auth.provider.default", False, id="dotted-name"),
        pytest.param(rnd(24), True, id="random-alnum"),
        pytest.param(rnd(40, HEX), True, id="random-hex"),
    ],
)
def test_generic_assignment_needs_random_looking_value(value: str, random_looking: bool) -> None:
    result = redact(f'conn = connect(host, api_key="{value}")')
    assert result.changed is random_looking
    assert (value in result.text) is not random_looking


def test_shannon_entropy() -> None:
    assert shannon_entropy("") == 0
    assert shannon_entropy("aaaa") == 0
    assert shannon_entropy("abab") == 1
    assert shannon_entropy("0123456789abcdef") == 4


def _lockfiles() -> str:
    gen = random.Random(5)
    sha512 = b64(gen.randbytes(64))
    return "\n".join(
        [
            '"node_modules/left-pad": {',
            '  "version": "1.3.0",',
            '  "resolved": "https://registry.npmjs.org/left-pad/-/left-pad-1.3.0.tgz",',
            f'  "integrity": "sha512-{sha512}"',
            "},",
            f"requests==2.32.3 --hash=sha256:{gen.randbytes(32).hex()}",
            f"github.com/pkg/errors v0.9.1 h1:{b64(gen.randbytes(32))}",
            f'checksum = "{gen.randbytes(32).hex()}"',
            f"commit {gen.randbytes(20).hex()}",
            f"Merge: {gen.randbytes(4).hex()[:7]} {gen.randbytes(4).hex()[:7]}",
            f'"content_hash": "{gen.randbytes(32).hex()}"',
            f"avatar = '{_data_url()}'",
            "ssh-ed25519 " + "AAAAC3NzaC1lZDI1NTE5AAAA" + b64(gen.randbytes(32)) + " dev@laptop",
            "-----" + "BEGIN CERTIFICATE-----",
            *[b64(gen.randbytes(48)) for _ in range(10)],
            "-----" + "END CERTIFICATE-----",
            f'id = "{uuid4ish(9)}"',
        ]
    )


@pytest.mark.parametrize(
    "text",
    [pytest.param(text, id=name) for name, text in NEGATIVES.items()] + [pytest.param(_lockfiles(), id="lockfiles")],
)
def test_ordinary_code_is_left_alone(text: str) -> None:
    result = redact(text)
    assert result.redactions == (), result.summary()
    assert result.text == text
    assert not result.changed
    assert not contains_secret(text)


PW = "pa55" + "word"  # assembled, so the source holds no credential-shaped literal


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        pytest.param(f"DB_PASSWORD={PW}", "DB_PASSWORD=[REDACTED:env-secret]", id="dotenv-keeps-key"),
        pytest.param(f'export API_TOKEN="{PW}-1"', 'export API_TOKEN="[REDACTED:env-secret]"', id="quoted-export"),
        pytest.param(
            f"PASSWORD={PW} # rotate monthly", "PASSWORD=[REDACTED:env-secret] # rotate monthly", id="comment-kept"
        ),
        pytest.param(
            f"postgres://app:{PW}@db:5432/x",
            "postgres://app:[REDACTED:password-in-url]@db:5432/x",
            id="url-keeps-user-and-host",
        ),
        pytest.param(
            f"spring.datasource.password={PW}", "spring.datasource.password=[REDACTED:env-secret]", id="properties"
        ),
        pytest.param(
            '{"user":"ada","password":"' + PW + '1"}',
            '{"user":"ada","password":"[REDACTED:secret-assignment]"}',
            id="inline-json-password",
        ),
        pytest.param(f"PASSWORD={PW}\r\nDEBUG=1\r\n", "PASSWORD=[REDACTED:env-secret]\r\nDEBUG=1\r\n", id="crlf"),
        pytest.param(f"ENV API_TOKEN={PW}-2", "ENV API_TOKEN=[REDACTED:env-secret]", id="dockerfile-env"),
    ],
)
def test_only_the_value_is_replaced(text: str, expected: str) -> None:
    assert redact(text).text == expected


@pytest.mark.parametrize(
    "template",
    [
        pytest.param("Use `{s}` for the release job.", id="markdown-code"),
        pytest.param("the token is {s}.", id="end-of-sentence"),
        pytest.param('{{"token": "{s}"}}', id="json"),
        pytest.param("token: '{s}'", id="yaml-quoted"),
        pytest.param("https://{s}@github.com/org/repo.git", id="in-url"),
        pytest.param("Authorization: token {s}", id="header"),
        pytest.param("export GH_TOKEN={s}  # ci only", id="shell-comment"),
        pytest.param("\t\t{s}\r\n", id="tabs-crlf"),
    ],
)
def test_token_found_in_common_surroundings(template: str) -> None:
    result = redact(template.format(s=GITHUB))
    assert GITHUB not in result.text
    assert [r.kind for r in result.redactions] == ["github-token"]


def test_pem_block_is_removed_whole() -> None:
    text = "before\n" + PRIVATE_RSA + "\nafter\n"
    result = redact(text)
    assert result.text == "before\n[REDACTED:private-key]\nafter\n"
    assert result.redactions == (Redaction(kind="private-key", line=2, start=7, end=7 + len(PRIVATE_RSA)),)


def test_truncated_pem_block_is_still_redacted() -> None:
    cut = PRIVATE_RSA.rsplit("\n", 3)[0]
    result = redact("pasted: " + cut)
    assert result.text == "pasted: [REDACTED:private-key]"


def test_specific_kind_wins_over_generic_assignment() -> None:
    result = redact(f'GITHUB_TOKEN="{GITHUB}"\nAuthorization: Bearer {jwt()}')
    assert [r.kind for r in result.redactions] == ["github-token", "jwt"]


def test_several_secrets_keep_order_lines_and_summary() -> None:
    aws = "AK" + "IA" + rnd(16, UPPER_DIGITS, seed=2)
    text = f"a = 1\nb = 2\nkey_id = {aws}\n\n\n\nsend({GITHUB})\n"
    result = redact(text)
    assert [(r.kind, r.line) for r in result.redactions] == [("aws-access-key", 3), ("github-token", 7)]
    assert result.summary() == "redacted 2 secrets: aws-access-key (line 3), github-token (line 7)"
    assert result.changed


def test_summary_for_one_and_none() -> None:
    assert redact(f"x {GITHUB}").summary() == "redacted 1 secret: github-token (line 1)"
    assert redact("nothing here").summary() == "no secrets found"
    assert redact("") == RedactResult(text="", redactions=())


@pytest.mark.parametrize(
    "token",
    [
        pytest.param("gh" + "p_" + "A" * 36, id="github-one-char"),
        pytest.param("gh" + "p_" + "x" * 36, id="github-xs"),
        pytest.param("AK" + "IAIOSFODNN7" + "EXAMPLE", id="aws-docs-example"),
        pytest.param("sk" + "-ant-" + "your-key-here-" + "x" * 30, id="anthropic-placeholder"),
    ],
)
def test_placeholder_tokens_are_not_secrets(token: str) -> None:
    assert not contains_secret(f"token = {token}")


@pytest.mark.parametrize("value", [pytest.param(b"token", id="bytes"), pytest.param(None, id="none")])
def test_non_text_is_a_clear_error(value: object) -> None:
    with pytest.raises(TypeError, match="needs a str"):
        redact(value)  # type: ignore[arg-type]
    with pytest.raises(TypeError, match="needs a str"):
        contains_secret(value)  # type: ignore[arg-type]


def test_unicode_and_nul_bytes_do_not_break_offsets() -> None:
    text = "naïve ☃ 𝔘𝔫𝔦𝔠𝔬𝔡𝔢 İstanbul\x00\x00 " + GITHUB + " ✓ ẞ"
    result = redact(text)
    (found,) = result.redactions
    assert text[found.start : found.end] == GITHUB
    assert result.text == text.replace(GITHUB, "[REDACTED:github-token]")


@pytest.mark.parametrize(
    "text",
    [
        pytest.param("a" * 300_000, id="one-long-word"),
        pytest.param(rnd(300_000, B64URL), id="long-base64url"),
        pytest.param(("-----" + "BEGIN RSA PRIVATE KEY-----") * 10_000, id="repeated-pem-headers"),
        pytest.param("password=" * 30_000, id="repeated-assignments"),
        pytest.param("https://" + "u:" * 100_000, id="url-colons"),
        pytest.param("eyJ" + "a" * 100_000 + "." * 50_000, id="jwt-dots"),
        pytest.param(("token: " + "x" * 900 + "\n") * 300, id="long-values"),
        pytest.param("M" + "a" * 30 + "." * 100_000, id="discord-dots"),
    ],
)
def test_pathological_inputs_stay_linear(text: str) -> None:
    # A generous bound: linear scanning takes well under a second; backtracking takes minutes.
    began = time.perf_counter()
    redact(text)
    assert time.perf_counter() - began < 10


@settings(max_examples=150, deadline=None)
@given(st.text(alphabet=st.characters(codec="utf-8") | st.sampled_from("=:'\"\n-_.@/+ ")))
def test_any_text_is_handled(text: str) -> None:
    result = redact(text)
    assert result.changed == contains_secret(text)
    if not result.changed:
        assert result.text == text
    previous_end = 0
    for r in result.redactions:
        assert previous_end <= r.start < r.end <= len(text)
        assert r.line == text.count("\n", 0, r.start) + 1
        previous_end = r.end


@settings(max_examples=60, deadline=None)
@given(prefix=st.text(max_size=200), suffix=st.text(max_size=200))
def test_secret_found_in_any_surroundings(prefix: str, suffix: str) -> None:
    text = prefix + " " + GITHUB + " " + suffix
    result = redact(text)
    assert GITHUB not in result.text
    assert "github-token" in {r.kind for r in result.redactions}


@pytest.mark.parametrize("text", [
    # agento-cc/agento DECISIONS.md: prose about tokens, a word set in emphasis
    pytest.param("The honest guarantee: the token is **only** held by the toolbox.", id="bold-word"),
    pytest.param("Microsoft's contract is explicit: the state token is *opaque*; save the entire link.", id="italic-word"),
])
def test_a_word_in_emphasis_after_token_is_prose(text: str) -> None:
    assert redact(text).redactions == ()


def test_a_value_after_token_in_prose_is_still_a_secret() -> None:
    assert redact(f"The deploy token is {PW}9x in the old runbook.").redactions != ()


@pytest.mark.parametrize("line", [
    # flyingcircusio/fc-nixos doc/src/mailstub.md: where Postfix keeps the passwords, not one of them
    pytest.param("smtp_sasl_password_maps = hash:/etc/local/postfix/sasl_passwd", id="postfix-table"),
    pytest.param("passdb_driver_args = passwd-file:/etc/dovecot/users", id="dovecot-file"),
])
def test_a_lookup_tables_path_is_no_secret(line: str) -> None:
    assert not contains_secret(line)


def test_a_value_beside_a_table_path_is_still_a_secret() -> None:
    assert contains_secret("smtp_sasl_password = hash:Zq8vR2mX9kLp4Tw7")


@pytest.mark.parametrize(
    "line",
    [
        pytest.param("PASS='THE_PASSWORD_FROM_PHASE_3'", id="upper-words"),
        pytest.param("password: your-api-token-from-the-dashboard", id="lower-words"),
    ],
)
def test_a_long_name_of_words_standing_for_a_secret_is_a_placeholder(line: str) -> None:
    """However long, words of one case joined by `_` or `-` that name a secret stand in for it."""
    assert not contains_secret(line)


def test_a_long_value_of_mixed_case_beside_a_secret_word_is_still_a_secret() -> None:
    assert contains_secret("password = 'Xk9_mQ2-secret_Lp0z_7TqR_vW3n'")


@pytest.mark.parametrize(
    "line",
    [
        pytest.param("Ai__OpenAi__ApiKey=sua-chave", id="portuguese-your-key"),  # saulomlcosta/SpecPilot's README
        pytest.param("DB_PASSWORD=sua_senha", id="portuguese-your-password"),
        pytest.param("api_key: tu-clave", id="spanish-your-key"),
        pytest.param("password = 'votre-clé'", id="french-your-key-accented"),
        pytest.param("PASSWORD=mot-de-passe", id="french-password"),
        pytest.param("API_KEY=ihr-schlüssel", id="german-your-key"),
        pytest.param("PASSWORD=senha", id="portuguese-password"),
        pytest.param("DB_PASSWORD=tu-contraseña", id="spanish-your-password-accented"),
    ],
)
def test_a_stand_in_written_in_another_language_is_a_placeholder(line: str) -> None:
    assert not contains_secret(line)


@pytest.mark.parametrize(
    "line",
    [
        pytest.param("password=Conclave99", id="a-word-holding-clave"),
        pytest.param("api_key=TuKey8fjs92kdLQ", id="opening-on-tu"),
    ],
)
def test_a_secret_holding_such_a_word_in_part_is_still_a_secret(line: str) -> None:
    assert contains_secret(line)
