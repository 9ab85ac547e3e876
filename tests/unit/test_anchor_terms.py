"""A term a decision writes as code that one code file spells anchors that file (`sources.literals`)."""

from pathlib import Path

from lore.sources.mentions import AnchorContext, derive_anchors
from tree_files import write

# From content-publisher's docs/adr/0008-restricted-deletion.md (alphagov/content-publisher, MIT).
RECORD = ("# 8. Restricted Deletion\n\nWe use foreign keys to help enforce database integrity.\n\n"
          "There are other `on_delete` behaviours instead of `restrict`.\n")
SCHEMA = 'ActiveRecord::Schema.define do\n  add_foreign_key "documents", "users", on_delete: :restrict\nend\n'


def anchors(root: Path, text: str = RECORD) -> list[str]:
    return sorted(d.anchor.to_text() for d in derive_anchors(text, "docs/adr/0008.md", AnchorContext(root)))


def test_the_one_file_spelling_the_term_is_anchored(tmp_path):
    ws = write(tmp_path, {"db/schema.rb": SCHEMA, "app/models/edition.rb": "class Edition\n  def restrict\n  end\nend\n",
                          "spec/schema_spec.rb": "on_delete\n"})
    assert anchors(ws) == ["db/schema.rb"]


def test_a_term_several_files_spell_is_vocabulary_not_a_place(tmp_path):
    ws = write(tmp_path, {"db/schema.rb": SCHEMA, "db/other.rb": "add_foreign_key :a, :b, on_delete: :cascade\n"})
    assert anchors(ws) == []


def test_a_long_term_a_few_files_spell_anchors_each_of_them(tmp_path):
    """DFE-Digital/register-trainee-teachers (MIT) 0008 writes `show_draft_trainee_course_year_choice`, declared in
    the settings and read in one controller: a flag of six words is no shared vocabulary, and both files are its."""
    text = "# 8. Course year choice\n\nThe `show_draft_trainee_course_year_choice` flag shows the choice.\n"
    ws = write(tmp_path, {"config/settings.rb": "show_draft_trainee_course_year_choice = true\n",
                          "app/controllers/publish_controller.rb": "if show_draft_trainee_course_year_choice\nend\n",
                          "app/views/helper.rb": "x = 1\n"})
    assert anchors(ws, text) == ["app/controllers/publish_controller.rb", "config/settings.rb"]
    four = {f"app/m{i}.rb": "show_draft_trainee_course_year_choice\n" for i in range(4)}
    assert anchors(write(tmp_path / "four", four), text) == []


def test_one_word_terms_defined_names_and_terms_in_code_blocks_do_not_count(tmp_path):
    ws = write(tmp_path, {"db/schema.rb": SCHEMA + "def on_update_rule\nend\n"})
    text = ("Use `restrict` and `on_update_rule`.\n\n```ruby\nadd_foreign_key :a, :b, on_delete: :restrict\n```\n")
    assert [d.why for d in derive_anchors(text, "docs/adr/0008.md", AnchorContext(ws))] == \
        ["names `on_update_rule`"]


def test_a_camel_case_field_one_file_spells_is_anchored_and_one_of_common_words_is_not(tmp_path):
    # Shaped on adyen-commercetools' docs/adr/0005-adding-line-items.md (Adyen/adyen-commercetools, MIT): a flag
    # of the payment request, which only the service stripping it before the call spells.
    ws = write(tmp_path, {
        "extension/src/service/web-component-service.js":
            "function removeFlag(request) {\n  delete request.addCommercetoolsLineItems\n  return request\n}\n",
        "extension/src/handler.js": "const pageType = request.pageType\n",
        "extension/test/unit/web-component-service.spec.js": "addCommercetoolsLineItems: true\n",
    })
    text = ("# Adding line items\n\nSet `addCommercetoolsLineItems` to true to have the line items generated; "
            "the `pageType` stays as it is.\n")
    assert anchors(ws, text) == ["extension/src/service/web-component-service.js"]
    assert "writes `addCommercetoolsLineItems`" in derive_anchors(text, "docs/adr/0005.md", AnchorContext(ws))[0].why


def test_a_file_a_symbol_of_which_the_decision_names_keeps_that_symbols_anchor(tmp_path):
    # Shaped on kuma's docs/madr/decisions/016-retry-policy.md (kumahq/kuma, Apache-2.0): the policy type is named,
    # and its file alone spells the fields the record writes.
    ws = write(tmp_path, {"pkg/policies/meshretry/api/meshretry.go":
                          "package api\n\ntype MeshRetry struct {\n\tRetriableRequestHeaders []string `json:\"retriableRequestHeaders\"`\n}\n"})
    text = "# Retry policy\n\n`MeshRetry` gets `retriableRequestHeaders` to match requests by header.\n"
    assert anchors(ws, text) == ["symbol:go:MeshRetry"]


def test_a_hyphenated_name_one_file_writes_as_a_string_is_anchored(tmp_path):
    """network-goods-institute/negation-game's ADR 0008 upgrades to `gemini-2.0-flash`, which one service writes as
    the model's name (its test too, which does not count). A plain word, a version or a file name written so is not
    such a name, nor one that several files write; nor is `gemini-flash-1.5`, a name going on with a version, the
    numbered marker `gemini-flash-1`."""
    text = ("# 8. Upgrade to Gemini 2.0 Flash\n\nWe've upgraded from `gemini-flash-1.5` to `gemini-2.0-flash`, and pin "
            "`1.2.3` of `ai-sdk.ts`; the `x-space` header stays.\n")
    ws = write(tmp_path, {
        "src/services/ai/geminiService.ts": 'const models = [{ name: "gemini-2.0-flash" }];\n'
                                            "export const run = () => google('gemini-2.0-flash');\n",
        "src/services/ai/__tests__/geminiService.test.ts": 'expect(model).toBe("gemini-2.0-flash");\n',
        "src/lib/version.ts": 'export const VERSION = "1.2.3";\nimport x from "./ai-sdk.ts";\n',
        "src/constants.ts": 'export const SPACE_HEADER = "x-space";\n',
        "src/a.ts": 'const old = "gemini-flash-1.5";\n',
        "src/b.ts": 'const old = "gemini-flash-1.5";\n',
    })
    assert anchors(ws, text) == ["src/services/ai/geminiService.ts"]


def test_a_hyphenated_name_that_is_a_crates_folder_is_no_term(tmp_path):
    """afomera/relay's D20 "`relay-acme` uses `instant-acme`" (MIT): `relay-acme` is a crate, and the one other crate's
    doc comment naming it ("used by `relay-acme`") is no place the decision governs."""
    ws = write(tmp_path, {
        "crates/relay-acme/src/issue.rs": 'pub fn issue() { let client = "instant-acme"; }\n',
        "crates/relay-dns/src/lib.rs": "//! Pluggable DNS provider interface, used by `relay-acme` for DNS-01 challenges\n"
                                       "pub struct Dns;\n",
    })
    text = "# D20 — relay-acme uses instant-acme\n\nStanding on `instant-acme`; `relay-acme` holds no ACME logic.\n"
    assert "crates/relay-dns/src/lib.rs" not in anchors(ws, text)
    assert "crates/relay-acme/src/issue.rs" in anchors(ws, text)


def test_a_time_stamp_or_author_column_is_every_models_vocabulary(tmp_path):
    """openedx/edx-enterprise (AGPL-3.0) 0010 writes `updated_at`, enterprise-catalog's field: the one file spelling it,
    the Canvas client reading Canvas's own, was the record's file lens. `first_public_at` is a field of its own."""
    ws = write(tmp_path, {"integrated_channels/canvas/client.py": "def sync(c):\n    return c['updated_at']\n",
                          "app/editions.rb": "first_public_at = nil\n"})
    text = "# 10. Catalog diffing\n\nCompare `updated_at` and `createdAt` of each item; keep `first_public_at`.\n"
    assert anchors(ws, text) == ["app/editions.rb"]


def test_a_command_line_option_one_file_declares_is_anchored(tmp_path):
    """open-feature/flagd (Apache-2.0): "static and dynamic context" writes the options `--context-value` and
    `--context-from-header`, which only `flagd/cmd/start.go` declares (`contextValueFlagName = "context-value"`)."""
    text = ("# Static and dynamic context\n\n## Decision\n\nStart flagd with `--context-value=env=prod` or "
            "`--context-from-header`; a `-v` stays a flag of every command.\n")
    ws = write(tmp_path, {
        "flagd/cmd/start.go": 'package cmd\n\nconst (\n\tcontextValueFlagName = "context-value"\n'
                              '\tcontextFromHeaderFlagName = "context-from-header"\n)\n',
        "flagd/cmd/root.go": 'package cmd\n\nconst verbose = "v"\n',
    })
    assert anchors(ws, text) == ["flagd/cmd/start.go"]


def test_a_snake_case_name_in_italics_is_a_term(tmp_path):
    """openedx/ecommerce 0004 (AGPL-3.0, reStructuredText) writes `*lms_user_id*` and `*allow_missing_lms_user_id*`:
    names of the code in italics. Italic prose (`*must*`, `*not yet*`) is none."""
    text = ("# 4. Unique identifier for users\n\nEach user gets an *lms_user_id*; *allow_missing_lms_user_id* must "
            "*not* be set.\n")
    ws = write(tmp_path, {"ecommerce/core/models.py": "class User:\n    lms_user_id = None\n",
                          "ecommerce/core/constants.py": "ALLOW = 'allow_missing_lms_user_id'\n",
                          "ecommerce/extensions/a.py": "x = lms_user_id = 1\n"})
    assert anchors(ws, text) == ["ecommerce/core/constants.py"]


def test_the_file_writing_most_of_a_records_terms_together_is_anchored(tmp_path):
    """ONSdigital/census31-eq-questionnaire-runner (MIT) 0010 lists the session cookie's keys; several files write
    each one, but `app/routes/session.py` writes five of them (`schema_name` is common words), no other over two."""
    text = ("# 10. Session cookie\n\nThe cookie holds `user_ik`, `eq_session_id`, `log_out_url`, "
            "`schema_name`, `schema_url` and `expires_in`.\n")
    keys = ["user_ik", "eq_session_id", "log_out_url", "schema_name", "schema_url", "expires_in"]
    files = {"app/routes/session.py": "\n".join(f"session['{k}'] = {k}" for k in keys) + "\n",
             "app/globals.py": "schema_name = 1\nschema_url = 2\nexpires_in = 3\n",
             "app/views/a.py": "user_ik = 1\neq_session_id = 2\n", "app/views/b.py": "log_out_url = 1\n"}
    assert anchors(write(tmp_path / "lead", files), text) == ["app/routes/session.py"]
    # no clear lead (four against three), or a record of too few terms: nothing
    even = {**files, "app/routes/session.py": "user_ik = 1\neq_session_id = 2\nlog_out_url = 3\nexpires_in = 4\n",
            "app/views/c.py": "log_out_url = 1\nexpires_in = 2\nschema_url = 3\n"}
    assert anchors(write(tmp_path / "even", even), text) == []
    assert anchors(write(tmp_path / "few", files), "# 10.\n\nIt holds `user_ik`, `schema_name` and `expires_in`.\n") == []
