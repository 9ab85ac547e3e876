"""The cloud services an infrastructure template declares: what it imports.

Infrastructure as code does not import a cloud service, it declares resources of it: a CloudFormation or SAM
template writes `Type: AWS::CodePipeline::Pipeline`, Terraform `resource "azurerm_key_vault_certificate" "tls"`, Bicep `resource kv 'Microsoft.KeyVault/vaults@2023-02-01'` and an ARM template
`"type": "Microsoft.KeyVault/vaults"`. A decision choosing the service (`Use AWS CodePipeline and CodeBuild`, `Use
Azure Key Vault`) lives in the few templates declaring it, as a library's choice lives in the files importing it
(`imports.ImportIndex`).

A resource type is read as the runs of its segments from its vendor or its service (`awscodepipeline`,
`codepipeline`; with the vendor as a product's name writes it, `amazon` for `aws`, `azure` for `azurerm` and
`Microsoft`), never from the resource's own word alone (`Pipeline`, `Vault`), which names no service. A database
resource's engine (`Engine: aurora-mysql` of `AWS::RDS::DBCluster`) is the product it runs: its runs count too,
alone (`aurora`, `auroramysql`) and after the service's (`rdsauroramysql`).

A Terraform `data` block only looks up what is declared elsewhere (`data "aws_iam_roles" "admins"` reading the
account's roles to map them to cluster users is not the module adopting IAM roles): it declares nothing. Only
templates are read: a `.tf`, `.tf.json` or `.bicep` file, a YAML or JSON file that is a CloudFormation template
(`AWSTemplateFormatVersion`, or a `Resources` map with `AWS::` types) or an ARM deployment template.

A server a project runs rather than imports (a message broker, a database, a cache) is declared as the container
image it runs: `image: rabbitmq:4-management` in a Docker Compose file, a Kubernetes manifest's container, a Helm
chart's values (`image: bitnami/rabbitmq:3.12`, or an `image:` map's `repository:`). The image's name, its last path
segment before the tag (`rabbitmq`), is the product the file declares (`images`): a decision choosing RabbitMQ
governs the compose file running it, though the code talks to it through a client library (`pika`). A CI workflow's
service containers and a build's base image (`.gitlab-ci.yml`, a `Dockerfile`) run tests and builds, and are not
read; nor is an image written with a variable (`${REGISTRY}/app`, `{{ .Values.image }}`).
"""

from __future__ import annotations

import json
import re
from typing import NamedTuple

from lore.sources.layout import BUILT, VENDORED, agent_tool_folder, in_folder_of

TEMPLATE_SUFFIXES = (".tf", ".tf.json", ".bicep", ".yaml", ".yml", ".json", ".template")
_CFN_TYPE = re.compile(rb"""(?:^|[\s{,])["']?Type["']?[ \t]*:[ \t]*["']?(AWS::[A-Za-z0-9]+::[A-Za-z0-9]+)(?![\w:<])""",
                       re.M)
_CFN_RESOURCES = re.compile(rb"""^["']?Resources["']?[ \t]*:|["']Resources["'][ \t]*:[ \t]*\{""", re.M)
_ARM_TYPE = re.compile(rb"""["']type["'][ \t]*:[ \t]*["'](Microsoft\.[A-Za-z]+/[A-Za-z/]+)["']""", re.I)
_BICEP_TYPE = re.compile(rb"""^[ \t]*resource[ \t]+\w+[ \t]+'(Microsoft\.[A-Za-z]+/[A-Za-z/]+)@""", re.M)
_TF_TYPE = re.compile(rb"""^[ \t]*resource[ \t]+"([a-z][a-z0-9]*_[a-z0-9_]+)"[ \t]+"[^"\n]*"[ \t]*\{""", re.M)
# A resource's engine, written as a literal: `Engine: aurora-mysql`, `"Engine": "postgres"`, `engine = "redis"`; not
# `EngineVersion`, `DBEngine` or `Engine: !Ref DatabaseEngine`.
_ENGINE = re.compile(rb"""(?<![\w-])["']?[Ee]ngine["']?[ \t]*[:=][ \t]*["']?([a-z][a-z0-9.-]{1,40})(?![\w-])""")
_SEGMENT = re.compile(r"[./:_-]+")
# What a vendor's products are called besides the provider's name: `aws_s3_bucket` is Amazon S3's.
_VENDOR_NAMES = {"aws": ("amazon",), "azurerm": ("azure",), "microsoft": ("azure",)}
# Terraform's own providers, of no cloud service: `random_password`, `null_resource`, `terraform_remote_state`.
_UTILITY_PROVIDERS = frozenset({"random", "null", "local", "time", "template", "external", "archive", "tls", "http",
                                "terraform", "cloudinit"})
MAX_RUN = 4
# Where the infrastructure tools write their own copies: downloaded modules, synthesised and packaged templates.
TOOL_OUTPUT = frozenset({".terraform", ".terragrunt-cache", ".aws-sam", "cdk.out", ".serverless", "node_modules"})


# Files declaring the containers a project runs: Docker Compose's (`compose.yaml`, `docker-compose.prod.yml`) and a Helm
# chart's values (`values.yaml`, `values-dev.yaml`); a Kubernetes manifest is known by its content (`apiVersion:` and `kind:`).
_COMPOSE = re.compile(r"(?:^|/)(?:docker-)?compose(?:[.-][\w.-]+)?\.ya?ml$")
_HELM_VALUES = re.compile(r"(?:^|/)values(?:[.-][\w.-]+)?\.ya?ml$")
_API_VERSION = re.compile(rb"^apiVersion:[ \t]*\S", re.M)
_KIND = re.compile(rb"^kind:[ \t]*\S", re.M)
_IMAGE = re.compile(rb"""^[ \t]*(?:-[ \t]+)?image:[ \t]*["']?([A-Za-z0-9][\w.:@/-]*)["']?[ \t]*(?:#.*)?\r?$""", re.M)
_REPOSITORY = re.compile(rb"""^([ \t]*)image:[ \t]*(?:#.*)?\r?\n(?:\1[ \t]+[\w-]+:.*\n){0,4}?\1[ \t]+repository:[ \t]*"""
                         rb"""["']?([A-Za-z0-9][\w.:@/-]*)["']?[ \t]*(?:#.*)?\r?$""", re.M)


class Declared(NamedTuple):
    """A resource type a template declares (`AWS::RDS::DBCluster`), and the engine it runs (`aurora-mysql`) if any."""
    type: str
    engine: str | None = None


def candidates(layout) -> list[str]:
    """The workspace's files that may be templates (see the module), in order, outside vendored trees and what the
    infrastructure tools write (`TOOL_OUTPUT`). A `build` folder holds a project's build stacks
    (`cloudformation/build/deployment-pipeline.yaml`): what a build writes there is no template, and one a tool
    writes lies in the tool's own folder."""
    return [rel for rel in sorted(layout.files) if rel.endswith(TEMPLATE_SUFFIXES)
            and not in_folder_of(rel, (VENDORED - BUILT) | TOOL_OUTPUT) and not agent_tool_folder(rel)]


def resources(rel: str, data: bytes) -> list[Declared]:
    """The resource types the file at `rel` declares, if it is a template (see the module); none otherwise."""
    if rel.endswith(".tf.json"):
        return _terraform_json(data)
    if rel.endswith(".tf"):
        return _with_engines(data, list(_TF_TYPE.finditer(data)))
    if rel.endswith(".bicep"):
        return [Declared(m.group(1).decode("ascii")) for m in _BICEP_TYPE.finditer(data)]
    if b"AWS::" in data and (b"AWSTemplateFormatVersion" in data or _CFN_RESOURCES.search(data)):
        return _with_engines(data, list(_CFN_TYPE.finditer(data)))
    if b"deploymentTemplate.json" in data:
        return [Declared(m.group(1).decode("ascii")) for m in _ARM_TYPE.finditer(data)]
    return []


def images(rel: str, data: bytes) -> list[str]:
    """The names of the container images the file at `rel` runs, lower case, once each (see the module), if it is a
    Docker Compose file, a Helm chart's values or a Kubernetes manifest; none otherwise."""
    if not rel.endswith((".yaml", ".yml")) or b"image:" not in data:
        return []
    if not (_COMPOSE.search(rel) or _HELM_VALUES.search(rel) or _API_VERSION.search(data) and _KIND.search(data)):
        return []
    refs = [m.group(1) for m in _IMAGE.finditer(data)] + [m.group(2) for m in _REPOSITORY.finditer(data)]
    out = [image_name(r.decode("ascii", "replace")) for r in refs]
    return list(dict.fromkeys(n for n in out if n))


def image_name(reference: str) -> str:
    """The name of a container image reference: its last path segment, without tag or digest
    (`docker.io/bitnami/rabbitmq:3.12@sha256:…` -> `rabbitmq`)."""
    return reference.split("@", 1)[0].rstrip("/").rsplit("/", 1)[-1].split(":", 1)[0].lower()


def _with_engines(data: bytes, found: list[re.Match[bytes]]) -> list[Declared]:
    """Each declaration in `found`, with the engine written in its block (up to the next declaration)."""
    out = []
    for i, m in enumerate(found):
        block = data[m.end():found[i + 1].start() if i + 1 < len(found) else len(data)]
        engine = _ENGINE.search(block)
        out.append(Declared(m.group(1).decode("ascii"), engine.group(1).decode("ascii") if engine else None))
    return out


def _terraform_json(data: bytes) -> list[Declared]:
    """The `resource` types of Terraform's JSON syntax (`{"resource": {"aws_s3_bucket": {…}}}`)."""
    try:
        doc = json.loads(data)
    except ValueError:
        return []
    out = []
    for block in ([doc.get("resource")] if isinstance(doc, dict) else []):
        for entry in block if isinstance(block, list) else [block]:
            if isinstance(entry, dict):
                out += [Declared(t) for t in entry if re.fullmatch(r"[a-z][a-z0-9]*_[a-z0-9_]+", t)]
    return out


def segments(resource_type: str) -> list[str]:
    """A resource type's segments, lower case: `AWS::Logs::LogGroup` -> aws, logs, loggroup; `azurerm_key_vault` ->
    azurerm, key, vault; empty for Terraform's utility providers (`random_string`)."""
    parts = [p for p in _SEGMENT.split(resource_type.lower()) if p]
    return [] if not parts or parts[0] in _UTILITY_PROVIDERS else parts


def service(resource_type: str) -> str | None:
    """The service a resource type belongs to, folded: `AWS::Logs::LogGroup` -> logs, `Microsoft.Cache/redis` ->
    cache. None for Terraform's, which mark no service apart from its resource (`azurerm_key_vault`: not `key`)."""
    parts = segments(resource_type)
    return parts[1] if len(parts) >= 2 and ("::" in resource_type or "/" in resource_type) else None


def runs(d: Declared) -> set[str]:
    """The folded names a declaration counts as importing (see the module): `AWS::RDS::DBCluster` running
    `aurora-mysql` -> `awsrds`, `rds`, `rdsdbcluster`, `rdsauroramysql`, `aurora`, `auroramysql`, `mysql`, …"""
    parts = segments(d.type)
    if len(parts) < 2:
        return set()
    out = _leading_runs(parts)
    if d.engine:
        engine = [p for p in _SEGMENT.split(d.engine.lower()) if p]
        out |= _leading_runs(parts[:2] + engine)
        out |= {"".join(engine[i:j]) for i in range(len(engine)) for j in range(i + 1, len(engine) + 1)}
    return {r for r in out if len(r) >= 3}


def _leading_runs(parts: list[str]) -> set[str]:
    """The runs of up to `MAX_RUN` segments from the vendor or the service (see the module), under each name of the vendor."""
    out = set()
    for vendor in (parts[0], *_VENDOR_NAMES.get(parts[0], ())):
        whole = [vendor] + parts[1:]
        out |= {"".join(whole[i:j]) for i in (0, 1) for j in range(i + 1, min(len(whole), i + MAX_RUN) + 1)}
    return out

