"""Text helpers shared by the core: hashing, slugs, section splitting, query words."""

from __future__ import annotations

import hashlib
import re
import unicodedata

from lore.memory import Section

SECTION_MIN_CHARS = 400
# Every content word of a question is evidence (a cap of 8 dropped the second half of long questions
# and code fragments); the cap only bounds the cost of pasted text.
QUERY_WORDS = 32

# The words names are built of that say what is done, not to what (`add`, `get`, `handle` of `AddHttpClient`,
# `get_user`, `handleClick`): no name's subject (`sources.concepts`), nor a question's word apart from its name
# (`recall.query_text`).
GENERIC_NAME_WORDS = frozenset("""get set is has add len dao do run new create update delete remove check process
handle init load save fetch find build make put post read write to from by of on in as at""".split())

STOP_WORDS = frozenset(
    """a an and are as at be been but by can could did do does for from had has have how i if in into
    is it its me my no not of on or our should so such than that the their them then there these they
    this those to was we were what when where which while who why will with would you your
    about above after again against all am any because before being below between both doing down during
    each few further having he her here hers herself him himself his itself just more most myself nor now
    off once only other ours ourselves out over own same she some theirs themselves through too under until
    up very whom yours yourself yourselves""".split()
)


def content_hash(text: str) -> str:
    """Stable short hash of text (sha256, 24 hex digits)."""
    return hashlib.sha256(text.encode("utf-8", "surrogatepass")).hexdigest()[:24]


def slugify(text: str, max_len: int = 60) -> str:
    """A filesystem-safe lowercase slug."""
    norm = unicodedata.normalize("NFKD", text).encode("ascii", "ignore").decode()
    slug = re.sub(r"[^a-z0-9]+", "-", norm.lower()).strip("-")
    return (slug[:max_len].rstrip("-")) or "memory"


def folded(text: str) -> str:
    """`text` in lower case with its diacritics dropped (`Decisão` -> `decisao`, `Clé` -> `cle`): words a page may
    write with or without accents compare equal."""
    return "".join(c for c in unicodedata.normalize("NFKD", text) if not unicodedata.combining(c)).lower()


def split_sections(title: str, body: str, base_line: int | None = None) -> list[Section]:
    """Split a body at markdown headings (outside code fences) into sections, each prefixed by context.

    Short bodies stay one section: splitting only pays off when parts are long enough to differ.
    The first section always carries the title so a memory is found by its title.
    """
    if len(body) < SECTION_MIN_CHARS:
        return [Section(None, f"{title}\n{body}".strip(), base_line)]
    from lore.markup.markdown import headings  # markdown-it loads only when a long body is split

    lines = re.split(r"\r\n?|\n", body)  # the lines markdown-it counts
    parts: list[tuple[str | None, list[str], int]] = [(None, [], 0)]
    at = {h.line: h.text for h in headings(body)}  # outside code fences: a fenced `# x` is text
    for i, line in enumerate(lines):
        if i in at:
            parts.append((at[i], [], i))
        else:
            parts[-1][1].append(line)
    sections: list[Section] = []
    for heading, chunk, offset in parts:
        text = "\n".join(chunk).strip()
        if not text and heading is None:
            continue
        line = None if base_line is None else base_line + offset
        prefix = title if heading is None else f"{title} — {heading}"
        sections.append(Section(heading, f"{prefix}\n{text}".strip(), line))
    if not sections or sections[0].heading is not None:
        sections.insert(0, Section(None, title, base_line))
    return sections


# A run of Chinese, Japanese or Korean letters: the word index's tokenizer (unicode61) reads a whole run as one word,
# as these scripts write no spaces between words ("テナントデータの分離方法" is one token), so no two texts share one.
_CJK_RUN = re.compile(r"[\u3040-\u30ff\u3400-\u4dbf\u4e00-\u9fff\uf900-\ufaff\uac00-\ud7af]{2,}")


def cjk_bigrams(text: str) -> list[str]:
    """Every two letters in a row of each run of Chinese, Japanese or Korean letters in `text`, in order: the words the
    index reads such text by ("テナント" -> テナ, ナン, ント), as search engines without a dictionary for them do."""
    return [run[i:i + 2] for run in _CJK_RUN.findall(text) for i in range(len(run) - 1)]


def indexed_text(text: str) -> str:
    """What the word index stores for a text: the text, then its CJK letter pairs (`cjk_bigrams`) when it has any."""
    pairs = cjk_bigrams(text)
    return f"{text}\n{' '.join(pairs)}" if pairs else text


# A dotted version ("PHP 7.2", "Node 18.17"): the word index splits it into numbers too short to look up alone.
_DOTTED_VERSION = re.compile(r"(?<![\w.])\d+(?:\.\d+)+(?![\w.]|\.\w)")


def query_words(query: str, limit: int = QUERY_WORDS) -> list[str]:
    """Distinct content words of a query for the word index: stop words dropped, a CJK run read as its letter pairs
    (`cjk_bigrams`), a dotted version as the phrase of its numbers ("7.2" -> "7 2", which the index matches where
    "7.2" is written, not "7.3"), capped (cost follows matches)."""
    words: list[str] = [" ".join(v.split(".")) for v in dict.fromkeys(_DOTTED_VERSION.findall(query))]
    for w in re.findall(r"\w+", query.lower()):
        if len(w) < 2 or w in STOP_WORDS or w in words:
            continue
        words.append(w)
    words += [p for p in dict.fromkeys(cjk_bigrams(query)) if p not in words]
    if not words:
        words = [w for w in re.findall(r"\w+", query.lower()) if w][:limit]
    return words[:limit]


def identifier_words(name: str) -> str:
    """Split camelCase / snake_case identifiers into words ("UserRepository.save" -> "user repository save")."""
    spaced = re.sub(r"([a-z0-9])([A-Z])", r"\1 \2", name)
    return " ".join(w.lower() for w in re.split(r"[^A-Za-z0-9]+", spaced) if w)


_SENTENCE_END = re.compile(r"(?<=[.!?:;])\s|\n\s*\n")


def clip_between_sentences(text: str, limit: int) -> str:
    """`text` whole when it fits in `limit` characters, else cut after its last sentence (or paragraph)
    that fits, with " …" saying the source goes on; a text with no sentence end in the second half of
    the limit is cut between words. Never in the middle of a word or sentence when one fits."""
    text = text.rstrip()
    if len(text) <= limit:
        return text
    head = text[:limit]
    ends = [m.start() for m in _SENTENCE_END.finditer(head)]
    cut = ends[-1] if ends and ends[-1] >= limit // 2 else head.rfind(" ")
    return (head[:cut] if cut > 0 else head).rstrip() + " …"


def counted(n: int, singular: str, plural: str | None = None) -> str:
    """`n` and the noun in its number: "1 memory", "3 memories", "0 weaker matches"."""
    return f"{n} {singular if n == 1 else plural or singular + 's'}"
