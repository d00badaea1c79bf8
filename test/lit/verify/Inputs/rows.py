"""Prints verify's JSON rows one a line, for FileCheck:
FILE:LINE KERNEL SPACE KIND VERDICT [by HOW] measured M predicted P attribution A
(file names without folders)."""
import json
import os
import sys

data = json.load(open(sys.argv[1]) if len(sys.argv) > 1 else sys.stdin)
for r in data["rows"]:
    m, p = r["measured"], r["predicted"]
    launch = data["launches"][r["launch"]]
    text = "%s:%d %s %s %s %s" % (os.path.basename(r["file"]), r["line"], r["kernel"],
                                  r["space"], r["kind"], r["verdict"])
    if r.get("matched_by"):
        text += " by " + r["matched_by"]
    if launch["block"]:
        text += " block %s" % "x".join(map(str, launch["block"]))
    if m:
        text += " measured %s (%s instructions, %s %s) attribution %s" % (
            m["per_request"], m["instructions"], m["units"], r["unit"], m["attribution"])
    if p:
        text += " predicted %s" % (p["per_request"] if p["per_request"] is not None
                                   else "%s..%s" % tuple(p["range"]))
    print(text)
for n in data["notes"]:
    print("note: " + n)
