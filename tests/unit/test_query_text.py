"""What the sentence model reads for a question (recall/query_text.py): prose as typed, code as the
words it is made of and as typed; the word index gets the question as typed and, for code, its words too."""

from __future__ import annotations

from lore.api import Lore
from lore.embedding.embedder import HashEmbedder
from lore.memory import Memory
from lore.recall import Query
from lore.recall.query_text import embedded_query, holds_code, indexed_query, question_vector


class Recording(HashEmbedder):
    """The test embedder, keeping every text it was asked to embed."""

    def __init__(self):
        super().__init__()
        self.seen: list[str] = []

    def embed(self, texts):
        self.seen += texts
        return super().embed(texts)


def test_prose_is_read_as_typed():
    for q in ("Why do we keep secrets out of the public repository?",
              "Which database did the team choose, and why not the other one?",
              "Pourquoi garder l'état côté serveur ?"):
        assert not holds_code(q)
        assert embedded_query(q) == q


def test_code_is_read_as_its_words():
    code = "useEffect(() => {\n    fetch(formatApiPath('api/admin/projects')).then(setProjects);\n}, []);"
    assert holds_code(code)
    assert embedded_query(code) == "use Effect fetch format Api Path api admin projects then set Projects"
    assert embedded_query('resource "aws_ssm_parameter" "db" {\n  type = "SecureString"\n}') == \
        "resource aws ssm parameter db type Secure String"


def test_letters_of_every_script_are_kept_and_a_wordless_question_is_left_alone():
    assert embedded_query("größe_der_datei = 3") == "größe der datei 3"
    assert embedded_query("{} => ();") == "{} => ();"


def test_a_code_question_is_matched_by_the_mean_of_its_words_and_its_form():
    """tektoncd/community: `when: - cel: "'$(params.branch)' == 'main'"` read as words alone was nearest no record
    about CEL in when expressions (as typed, the record quoting the same block was first). A block of code is
    matched by the unit mean of both readings; prose by itself, and a line of code (a name alone: `hlm_add_test`
    as typed is nearest a README) by its words alone."""
    asked: list[list[str]] = []

    def embed(texts):
        asked.append(list(texts))
        return [[0.0, 4.0] if "\n" in t else [3.0, 0.0] for t in texts]

    assert question_vector(embed, "Why CEL in when expressions?") == [3.0, 0.0]
    assert asked == [["Why CEL in when expressions?"]]
    asked.clear()
    code = "when:\n  - cel: \"'$(params.branch)' == 'main'\""
    vector = question_vector(embed, code)
    assert asked == [["when cel params branch main"], [code]]
    assert abs(vector[0] - 0.6) < 1e-9 and abs(vector[1] - 0.8) < 1e-9  # (3, 4) / 5
    asked.clear()
    assert question_vector(embed, "hlm_add_test\n\n") == [3.0, 0.0]
    assert asked == [["hlm add test"]]


def test_search_embeds_a_code_question_as_words_and_still_finds_it_by_its_identifier(tmp_workspace):
    emb = Recording()
    with Lore(tmp_workspace, user_db=tmp_workspace.parent / "user.db", embedder=emb) as lore:
        lore.add(Memory(title="Secrets live in the parameter store",
                        body="Database passwords are `aws_ssm_parameter` values of type SecureString."))
        lore.add(Memory(title="Logs go to CloudWatch", body="Every service ships its logs to CloudWatch."))
        emb.seen.clear()
        hits = lore.search(Query('resource "aws_ssm_parameter" "db_password" {\n}'))
    assert emb.seen == ["resource aws ssm parameter db password", 'resource "aws_ssm_parameter" "db_password" {\n}']
    assert hits and hits[0].memory.title == "Secrets live in the parameter store"


def test_product_names_and_remarks_in_parentheses_are_prose():
    for q in ("Why TypeScript types from Orval instead of hand-written interfaces?",
              "Do we keep PostgreSQL (the managed one) for the event store; or move?",
              "My change is about 1500 lines; is it okay to open it as a single pull request?"):
        assert not holds_code(q)


def test_calls_lisp_forms_and_statements_are_code():
    for q in ("if sr, ok := reader.(tracestore.SummaryReader); ok {", "(extend-type :myapp/employee :myapp/person)",
              "const id = filename.match(/x/)", "return useStyles;\n", "bloom_filter trace_id skip index"):
        assert holds_code(q)


def test_the_word_index_reads_a_code_question_whole_and_as_words():
    assert indexed_query("Why keep secrets out of git?") == "Why keep secrets out of git?"
    assert indexed_query("if (featureFlags.isEnabled(name))") == \
        "if (featureFlags.isEnabled(name))\nif feature Flags is Enabled name"


def test_prose_naming_what_an_identifier_is_made_of_is_found_by_its_words(tmp_workspace):
    with Lore(tmp_workspace, user_db=tmp_workspace.parent / "user.db", embedder=HashEmbedder()) as lore:
        lore.add(Memory(title="Strategies decide who sees a flag",
                        body="Rollout is decided by activation strategies, never by checks spread through the code."))
        lore.add(Memory(title="Logs go to CloudWatch", body="Every service ships its logs to CloudWatch."))
        hits = lore.search(Query("const ok = activationStrategies.every(isSatisfied);"))
    first = hits[0]
    assert first.memory.title == "Strategies decide who sees a flag" and first.lexical_rank == 1


def test_the_word_index_also_looks_up_the_names_inside_a_compound_name():
    """postgres-command-executor's record writes `ServeMux`; a question asking `http.NewServeMux()` found nothing, as
    the index holds each name as one word. A fragment naming many things is found by its names whole."""
    from lore.recall.query_text import inner_names
    assert inner_names("NewServeMux") == ["newserve", "servemux"]
    assert inner_names("what does getIdempotencyKey return") == ["getidempotency", "idempotencykey"]
    assert "servemux" in indexed_query("http.NewServeMux()").split()
    assert inner_names("TypeScript and PostgreSQL on GitHub") == []  # two words each: nothing inside but the whole
    assert inner_names("cfg := ConsumerConfig{AckPolicy: AckNonePolicy, MaxDeliver: 1, FlowControl: true}") == []


def test_generic_verbs_inside_a_name_are_not_looked_up_alone(tmp_workspace):
    """JonQuxBurton/MobileMicroservicesSample: `services.AddHttpClient().AddPolicyHandler(retry)` found eight "Add …"
    tasks by the word "add" alone. The generic verbs inside a compound name are not looked up alone; the name as
    written and its other words are, and so is a name that is the verb alone."""
    from lore.text import query_words
    question = "services.AddHttpClient().AddPolicyHandler(retry)"
    words = query_words(indexed_query(question))
    assert "add" not in words
    assert {"addhttpclient", "addpolicyhandler", "http", "client", "policy", "handler", "retry"} <= set(words)
    assert "add" in query_words(indexed_query("cart.add(item)"))
    with Lore(tmp_workspace, user_db=tmp_workspace.parent / "user.db", embedder=HashEmbedder()) as lore:
        lore.add(Memory(title="Add the order page", body="Add a page that lists the orders."))
        lore.add(Memory(title="Calls to other services retry", body="Each HTTP client retries through a policy handler."))
        hits = lore.search(Query(question))
    assert [h.memory.title for h in hits if h.lexical_rank] == ["Calls to other services retry"]


def test_the_projects_own_name_is_left_out_of_a_question_unless_it_is_all_the_question_asks(tmp_path):
    """EffortlessMetrics/covguard: nearly every page there writes "covguard" in its title, and "why does covguard
    exit with code 2 instead of 1" put four of them above the record on its exit codes (first without the name).
    The name is matched neither by words nor by meaning when other content words remain."""
    root = tmp_path / "quill-mark"
    root.mkdir()
    emb = Recording()
    with Lore(root, user_db=tmp_path / "user.db", embedder=emb) as lore:
        lore.add(Memory(title="Exit code 2 for a failed policy", body="A failed policy exits with code 2, not 1."))
        lore.add(Memory(title="Quill-mark overview", body="Quillmark checks coverage; quill-mark reads lcov."))
        for question, read in (("why does Quillmark exit with code 2?", "why does   exit with code 2?"),
                               ("why does quill-mark exit with code 2?", "why does   exit with code 2?"),
                               ("quill-mark", "quill-mark"), ("what is Quillmark?", "what is Quillmark?")):
            emb.seen.clear()
            hits = lore.search(Query(question))
            assert emb.seen == [read], question
            kept = any("quill" in w for h in hits for w in h.why)
            assert kept == (read == question), (question, [h.why for h in hits])
