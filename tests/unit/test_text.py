"""Cutting a long text where a reader can stop: after a sentence, never inside a word."""

from lore.text import clip_between_sentences, counted

# Shaped on jaeger's docs/adr/013-storage-capability-declaration.md (jaegertracing/jaeger, Apache-2.0):
# its context ran past the rationale's limit and the view ended "All three have the same shape. Only".
CONTEXT = ("A field honoured approximately. SearchDepth is an exact limit on some backends and a hint on "
           "others. " * 12 + "All three have the same shape. Only the backend knows which of its fields it "
           "honours, and nothing tells the caller.")


def test_a_text_that_fits_is_whole():
    assert clip_between_sentences("One sentence. Two.", 100) == "One sentence. Two."


def test_a_long_text_ends_after_its_last_whole_sentence_and_says_it_goes_on():
    cut = clip_between_sentences(CONTEXT, 1300)
    assert len(cut) <= 1300 + 2
    assert cut.endswith(". …"), cut[-40:]
    assert not cut.endswith("Only …")
    assert CONTEXT.startswith(cut[:-2].rstrip())


def test_text_without_sentence_ends_is_cut_between_words():
    cut = clip_between_sentences("word " * 100, 52)
    assert cut.endswith("word …") and "wor …" not in cut


def test_counted_puts_the_noun_in_its_number():
    assert counted(1, "memory", "memories") == "1 memory"
    assert counted(3, "memory", "memories") == "3 memories"
    assert counted(0, "weaker match", "weaker matches") == "0 weaker matches"
    assert counted(2, "token") == "2 tokens"
