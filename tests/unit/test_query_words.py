"""The words of a question that go to the word index."""

from lore.text import query_words


def test_query_words_leave_out_function_words():
    """Prepositions, particles, pronouns and degree words ("through", "over", "out", "own") match sections on
    any subject and say nothing of the question's: left out, the words that name its subject decide."""
    words = query_words("How does the yearly token issuance decrease over time, and where does it bottom out?")
    assert words == ["yearly", "token", "issuance", "decrease", "time", "bottom"]
    assert query_words("Why do people sign in through a portal of their own?") == ["people", "sign", "portal"]


def test_a_question_of_function_words_only_still_has_words():
    assert set(query_words("over and out")) >= {"over", "out"}
