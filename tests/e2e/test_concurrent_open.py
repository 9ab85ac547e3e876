"""Several processes creating, opening and closing one database at the same moments all succeed."""

import subprocess
import sys
import textwrap
import time

OPENER = textwrap.dedent(
    """
    import sys, time
    from lore.store.db import Database

    path, start = sys.argv[1], float(sys.argv[2])
    time.sleep(max(0.0, start - time.time()))
    for i in range(int(sys.argv[3])):
        db = Database(path)
        with db.transaction() as conn:
            conn.execute("CREATE TABLE IF NOT EXISTS t(x)")
            conn.execute("INSERT INTO t VALUES (?)", (i,))
        db.close()
    print("ok")
    """
)


def test_simultaneous_first_opens(tmp_path):
    failures = []
    for round_ in range(4):
        path = tmp_path / f"r{round_}" / "lore.db"
        start = time.time() + 1.0
        procs = [
            subprocess.Popen([sys.executable, "-c", OPENER, str(path), str(start), "25"],
                             stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
            for _ in range(6)
        ]
        for p in procs:
            out, err = p.communicate(timeout=120)
            if p.returncode != 0 or out.strip() != "ok":
                failures.append(err.strip().splitlines()[-1] if err.strip() else f"exit {p.returncode}")
    assert not failures, failures
