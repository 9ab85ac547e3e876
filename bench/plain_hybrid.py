"""The plain hybrid baseline that Lore's ranking is judged against, written apart from Lore's code.

Every markdown file of a corpus is split at its headings (outside code fences); each section is
indexed as `file title / heading / text`. A question is answered by FTS5 BM25 over the sections
(its words OR-ed, stop words dropped, porter stemming) and by cosine similarity of MiniLM
embeddings (inputs cut at 128 tokens), the two section rankings fused by reciprocal rank
(k = 60), nothing else, and the sections mapped to their files. Only apsw, numpy and the model.
"""

from __future__ import annotations

import re
from pathlib import Path

import apsw
import numpy as np

RRF_K = 60
MAX_TOKENS = 128
STOP = frozenset(
    """a an and are as at be been but by can could did do does for from had has have how i if in into
    is it its me my no not of on or our should so such than that the their them then there these they
    this those to was we were what when where which while who why will with would you your""".split()
)
_HEADING = re.compile(r"^#{1,6}\s+(.+?)\s*#*\s*$")
_FENCE = re.compile(r"^\s*(```|~~~)")


def sections(text: str, fallback_title: str) -> list[str]:
    """`title / heading / body` texts of a markdown file's heading sections."""
    title, parts, fence = None, [[None, []]], False
    for line in text.splitlines():
        if _FENCE.match(line):
            fence = not fence
        m = None if fence else _HEADING.match(line)
        if m:
            title = title or (m.group(1) if line.startswith("# ") else None)
            parts.append([m.group(1), []])
        else:
            parts[-1][1].append(line)
    title = title or fallback_title
    out = []
    for heading, lines in parts:
        body = "\n".join(lines).strip()
        if not body and heading is None:
            continue
        head = title if heading in (None, title) else f"{title}\n{heading}"
        out.append(f"{head}\n{body}".strip())
    return out or [title]


class ModelEmbedder:
    """fastembed's ONNX model loaded from a folder, cut at MAX_TOKENS tokens, two threads unless told.
    One thread gives the same vectors for about a third less CPU time (fastembed's idle worker
    threads spin), at a longer wall time on an idle machine."""

    def __init__(self, model_path: str, model_name: str = "sentence-transformers/all-MiniLM-L6-v2", *,
                 threads: int = 2):
        from fastembed import TextEmbedding

        self.model = TextEmbedding(model_name, specific_model_path=model_path, threads=threads)
        self.model.model.tokenizer.enable_truncation(max_length=MAX_TOKENS)
        self.model_id = f"baseline:{model_name}:{MAX_TOKENS}"
        self.dim = len(next(iter(self.model.embed(["probe"]))))

    def embed(self, texts: list[str]) -> list[list[float]]:
        """Unit vectors, in the order given. Texts go through shortest first, sixteen a batch: a batch
        is padded to its longest text, so similar lengths together cost about 40% less CPU than
        four texts a batch in file order, with the same vectors (each text is cut at MAX_TOKENS,
        so memory stays flat)."""
        order = sorted(range(len(texts)), key=lambda i: len(texts[i]))
        out: list[list[float]] = [[] for _ in texts]
        for i, v in zip(order, self.model.embed([texts[i] for i in order], batch_size=16)):
            out[i] = v.tolist()
        return out


class PlainHybrid:
    """One corpus indexed for the baseline."""

    def __init__(self, root: Path, embedder):
        self.embedder = embedder
        self.files: list[str] = []
        texts: list[str] = []
        for path in sorted(root.rglob("*.md")):
            if not path.is_file():
                continue
            rel = path.relative_to(root).as_posix()
            for s in sections(path.read_text(encoding="utf-8", errors="replace"), path.stem):
                self.files.append(rel)
                texts.append(s)
        self.db = apsw.Connection(":memory:")
        self.db.execute("CREATE VIRTUAL TABLE sec USING fts5(text, tokenize='porter unicode61 remove_diacritics 2')")
        with self.db:
            for i, t in enumerate(texts):
                self.db.execute("INSERT INTO sec(rowid, text) VALUES (?, ?)", (i, t))
        vecs = np.asarray(embedder.embed(texts), dtype=np.float32)
        self.vectors = vecs / np.maximum(np.linalg.norm(vecs, axis=1, keepdims=True), 1e-12)

    def words(self, query: str) -> list[int]:
        """Section ids by BM25, best first."""
        words = list(dict.fromkeys(w for w in re.findall(r"\w+", query.lower()) if len(w) > 1 and w not in STOP))
        if not words:
            return []
        match = " OR ".join(f'"{w}"' for w in words)
        return [r[0] for r in self.db.execute("SELECT rowid FROM sec WHERE sec MATCH ? ORDER BY bm25(sec)", (match,))]

    def meaning(self, query: str) -> list[int]:
        """Section ids by cosine similarity, best first."""
        q = np.asarray(self.embedder.embed([query])[0], dtype=np.float32)
        return list(np.argsort(-(self.vectors @ q), kind="stable"))

    def search(self, query: str, n: int = 20) -> list[str]:
        """Files best first: sections fused by reciprocal rank, then mapped to their files."""
        score: dict[int, float] = {}
        for ranking in (self.words(query), self.meaning(query)):
            for rank, sid in enumerate(ranking, 1):
                score[int(sid)] = score.get(int(sid), 0.0) + 1.0 / (RRF_K + rank)
        files = list(dict.fromkeys(self.files[s] for s in sorted(score, key=lambda s: -score[s])))
        return files[:n]
