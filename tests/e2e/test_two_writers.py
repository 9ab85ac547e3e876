"""Two processes writing one database at once: nothing lost, no "database is locked" surfaced."""

import os
import subprocess
import sys
import textwrap

WRITER = textwrap.dedent(
    """
    import sys
    from lore.embedding.embedder import HashEmbedder
    from lore.memory import Memory
    from lore.recall import Query
    from lore.api import Lore

    root, tag, n = sys.argv[1], sys.argv[2], int(sys.argv[3])
    lore = Lore(root, user_db=False, embedder=HashEmbedder())
    for i in range(n):
        lore.add(Memory(title=f"{tag} decision {i}", body=f"body {tag} {i} about caching and queues"))
        if i % 10 == 0:
            lore.search(Query("caching queues"))
    lore.close()
    print("done", tag)
    """
)


def test_two_writers_lose_nothing(tmp_workspace):
    env = dict(os.environ)
    procs = [
        subprocess.Popen([sys.executable, "-c", WRITER, str(tmp_workspace), tag, "150"],
                         stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, env=env)
        for tag in ("alpha", "beta")
    ]
    outs = [p.communicate(timeout=300) for p in procs]
    for p, (out, err) in zip(procs, outs):
        assert p.returncode == 0, err
        assert "locked" not in err.lower()
    from lore.api import Lore
    from lore.embedding.embedder import HashEmbedder

    lore = Lore(tmp_workspace, user_db=False, embedder=HashEmbedder())
    titles = {m.title for m in lore.list(limit=1000)}
    lore.close()
    assert {f"alpha decision {i}" for i in range(150)} <= titles
    assert {f"beta decision {i}" for i in range(150)} <= titles
    assert lore.store is not None
