"""verify's reading of Nsight Compute's pages against runtime-bench/parse_ncu.py's,
record by record: the H200 source pages stored in runtime-bench/results/raw
(ncu-csv.tar.gz, with the .sass and .ptx beside them), read by verify with no
prediction, against runtime-bench/results/measurements.json, which
parse_ncu.py made of the same pages.

  differential.py TOOL REPO WORKDIR

Prints the counts and every difference; exits 1 on any."""
import glob
import json
import os
import subprocess
import sys
import tarfile

tool, repo, work = sys.argv[1:4]
raw = os.path.join(repo, "runtime-bench", "results", "raw")
# The runs in the order measurements.json took them (its header's
# "added_runs"): a page measured again replaces the earlier one.
runs = [".", "34_fix_kinds2", "35_36", "37_39", "40", "41", "42", "43", "44", "45", "46", "47",
        "48", "49", "50", "51"]
pages = {}
for run in runs:
    dest = os.path.join(work, run.replace(".", "first"))
    os.makedirs(dest, exist_ok=True)
    with tarfile.open(os.path.join(raw, run, "ncu-csv.tar.gz")) as tar:
        for member in tar.getmembers():
            if member.isfile() and member.name.endswith((".csv", ".ptx", ".sass")):
                member.name = os.path.basename(member.name)
                tar.extract(member, dest)
    for extra in glob.glob(os.path.join(raw, run, "*.sass")):
        with open(extra) as src, open(os.path.join(dest, os.path.basename(extra)), "w") as out:
            out.write(src.read())
    for page in glob.glob(os.path.join(dest, "*.csv")):
        name = os.path.basename(page)
        if name.count(".") == 1:
            pages[name] = page
empty = os.path.join(work, "no-predictions.json")
with open(empty, "w") as f:
    f.write('{"accesses": []}\n')
out = subprocess.run([tool, "verify", "--format=json", "--predictions=" + empty] +
                     ["--measured=" + p for _, p in sorted(pages.items())],
                     capture_output=True, text=True)
if out.returncode not in (0, 1):
    sys.exit("verify failed: " + out.stderr)
data = json.loads(out.stdout)


def key(file, line, kernel, kind, space):
    return (os.path.basename(file), line, kernel, kind, space)


rows = {}
for r in data["rows"]:
    k = key(r["file"], r["line"], data["launches"][r["launch"]]["kernel"], r["kind"], r["space"])
    if k in rows:
        print("twice in verify:", k)
    rows[k] = r
meas = json.load(open(os.path.join(repo, "runtime-bench", "results", "measurements.json")))
records = {key(r["file"], r["line"], r["kernel"], r["kind"], r.get("space", "global")): r
           for r in meas["records"]}
print("%d pages, %d records, %d rows" % (len(pages), len(records), len(rows)))
bad = 0
for k in sorted(set(rows) ^ set(records)):
    print("only in %s: %s" % ("verify" if k in rows else "measurements.json", k))
    bad += 1
for k in sorted(set(rows) & set(records)):
    m, r = rows[k]["measured"], records[k]
    unit = "sectors" if k[4] == "global" else "wavefronts"
    per_request = "sectors_per_request" if unit == "sectors" else "wavefronts_per_request"
    for field, mine, theirs in (
            ("instructions", m["instructions"], r["instructions"]),
            (unit, m["units"], r[unit]),
            ("ideal " + unit, m["ideal_units"], r["ideal_" + unit]),
            ("per request", m["per_request"], r[per_request]),
            ("attribution", m["attribution"], r["attribution"]),
            ("instructions' addresses", [i["address"] for i in m["per_instruction"]],
             [i["address"] for i in r["per_instruction"]]),
            ("source", m["source"], r.get("source", ""))):
        if mine != theirs:
            print("%s %s: verify %r, measurements.json %r" % (k, field, mine, theirs))
            bad += 1
print("%d differences" % bad)
sys.exit(1 if bad else 0)
