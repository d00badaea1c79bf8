"""Prints which files each shard's JSON analysed (by name, sorted), and
whether the shards given cover every input exactly once:
shard-files.py SHARD.json..."""
import json
import os
import sys

seen = []
files = None
for path in sys.argv[1:]:
    shard = json.load(open(path))["shard"]
    files = shard["files"]
    names = sorted(os.path.basename(files[o["index"]]) for o in shard["outcomes"])
    seen += [o["index"] for o in shard["outcomes"]]
    print(f"part {shard['part']} of {shard['parts']}: {' '.join(names)}")
if len(sys.argv) > 2:
    ok = sorted(seen) == list(range(len(files)))
    print("every file in one part" if ok else f"parts cover {sorted(seen)}")
