"""Adds FILE to the compile database DB with the command of its first
entry (as CMake would list another .cu of the target).

  add-entry.py DB FILE
"""
import json
import sys

db, file = sys.argv[1:3]
entries = json.load(open(db))
first = dict(entries[0])
first["command"] = first["command"].replace(first["file"], file)
first["file"] = file
entries.append(first)
json.dump(entries, open(db, "w"), indent=2)
