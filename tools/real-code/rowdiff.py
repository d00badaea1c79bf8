#!/usr/bin/env python3
"""Row by row, two no-loss runs (no-loss.sh's OUTDIR/rows.json): which rows are better, worse or
changed from A (the older analyzer) to B (the newer), each listed.

  rowdiff.py A/rows.json B/rows.json [--all] [--no-fail]
  rowdiff.py --selftest

A row is one measured line of one launch: (suite, program, file, line, kernel, kind, space,
launch) names it (a key met twice in a run gets its order of meeting as well). Verdicts rank
exact > in range > wrong = not predicted:
  better    B's verdict ranks above A's (not predicted -> in range, in range -> exact, ...)
  worse     B's ranks below A's
  changed   the same rank and another verdict (wrong <-> not predicted), a verdict that judges no
            measurement on either side (no instruction, not executed, other launch) that is not
            the same, or the same verdict with another prediction (listed apart)
  only A / only B   rows one run has and the other does not (a measurement, a suite or a program
            added or gone, or a row whose file or kernel the analyzer names otherwise)
Then both runs' totals (global and shared: exact / in range / wrong / not predicted) of the suites,
llm.c and runtime-bench, over every row and over the rows they share. Lists every row of each
class; rows only one run has are counted per program (--all: listed, with the unchanged rows'
count per suite). Exits 1 when a row is worse (unless --no-fail), 2 on bad input.
Python 3 standard library only.
"""
import argparse
import collections
import json
import sys

RANK = {"exact": 3, "in range": 2, "wrong": 1, "not predicted": 1}
MEASURED = ("exact", "in range", "wrong", "not predicted")
KEY = ("suite", "program", "file", "line", "kernel", "kind", "space", "launch")


def keyed(rows):
    out = collections.OrderedDict()
    seen = collections.Counter()
    for r in rows:
        k = tuple(r.get(f) for f in KEY)
        seen[k] += 1
        out[k + (seen[k],)] = r
    return out


def classify(a, b):
    """'better', 'worse', 'changed', 'prediction' or None (the same) for one row of A and of B."""
    va, vb = a["verdict"], b["verdict"]
    ra, rb = RANK.get(va), RANK.get(vb)
    if ra is not None and rb is not None:
        if rb > ra:
            return "better"
        if rb < ra:
            return "worse"
    if va != vb:
        return "changed"
    if a.get("predicted") != b.get("predicted"):
        return "prediction"
    return None


def diff(rows_a, rows_b):
    ka, kb = keyed(rows_a), keyed(rows_b)
    classes = collections.OrderedDict((c, []) for c in (
        "better", "worse", "changed", "prediction", "only A", "only B"))
    same = collections.Counter()
    for k, a in ka.items():
        b = kb.get(k)
        if b is None:
            classes["only A"].append((a, None))
            continue
        c = classify(a, b)
        if c is None:
            same[a["suite"]] += 1
        else:
            classes[c].append((a, b))
    for k, b in kb.items():
        if k not in ka:
            classes["only B"].append((None, b))
    common = set(ka) & set(kb)
    return classes, same, common, ka, kb


def totals(rows):
    c = collections.Counter()
    for r in rows:
        if r["verdict"] in MEASURED:
            c[(r["space"], r["verdict"])] += 1
    return c


def fmt_totals(c):
    return "; ".join("%s %s" % (sp, " / ".join("{:,}".format(c[(sp, v)]) for v in MEASURED))
                     for sp in ("global", "shared"))


def pred(r):
    p = r.get("predicted")
    if p is None:
        return "-"
    if isinstance(p, list):
        mid, rng = p
        return "%s..%s" % tuple(rng) if mid is None else "%s (%s..%s)" % (mid, rng[0], rng[1])
    return str(p)


def describe(a, b):
    r = a or b
    where = "%s %s %s:%s %s %s %s launch %s" % (r["suite"], r["program"], r["file"], r["line"],
                                                r["kernel"], r["space"], r["kind"], r.get("launch"))
    meas = "measured %s" % r.get("measured")
    if a and b:
        return "%s: %s [%s] -> %s [%s], %s" % (where, a["verdict"], pred(a), b["verdict"], pred(b), meas)
    side = a or b
    return "%s: %s [%s], %s" % (where, side["verdict"], pred(side), meas)


def sets(rows):
    """The rows by set: the suites together, llm.c, runtime-bench."""
    out = collections.OrderedDict((k, []) for k in ("suites", "llm.c", "runtime-bench"))
    for r in rows:
        out[r["suite"] if r["suite"] in ("llm.c", "runtime-bench") else "suites"].append(r)
    return out


def report(rows_a, rows_b, name_a="A", name_b="B", show_all=False):
    classes, same, common, ka, kb = diff(rows_a, rows_b)
    lines = ["A: %s (%d rows)" % (name_a, len(rows_a)), "B: %s (%d rows)" % (name_b, len(rows_b)),
             "%d rows in both; %s" % (len(common), ", ".join(
                 "%s %d" % (c, len(v)) for c, v in classes.items())),
             "totals, global and shared exact / in range / wrong / not predicted:"]
    both_a = sets(ka[k] for k in common)
    both_b = sets(kb[k] for k in common)
    for (name, ra), rb, ca, cb in zip(sets(rows_a).items(), sets(rows_b).values(), both_a.values(),
                                      both_b.values()):
        if not (ra or rb):
            continue
        lines += ["  %-13s every row     A %s" % (name, fmt_totals(totals(ra))),
                  "  %-13s               B %s" % ("", fmt_totals(totals(rb))),
                  "  %-13s rows in both  A %s" % ("", fmt_totals(totals(ca))),
                  "  %-13s               B %s" % ("", fmt_totals(totals(cb)))]
    titles = {"prediction": "same verdict, another prediction"}
    for c, items in classes.items():
        if not items:
            continue
        lines += ["", "%s (%d):" % (titles.get(c, c), len(items))]
        if c.startswith("only") and not show_all:
            per = collections.Counter("%s %s" % ((a or b)["suite"], (a or b)["program"]) for a, b in items)
            lines += ["  %s: %d rows" % kv for kv in sorted(per.items())]
            lines.append("  (--all lists them row by row)")
            continue
        lines += ["  " + describe(a, b) for a, b in items]
    if show_all:
        lines += ["", "unchanged rows per suite: " + ", ".join(
            "%s %d" % kv for kv in sorted(same.items()))]
    return "\n".join(lines) + "\n", classes


def load(path):
    try:
        rows = json.load(open(path))
    except (OSError, ValueError) as e:
        sys.exit("rowdiff: %s: %s" % (path, e))
    if not isinstance(rows, list) or any(not isinstance(r, dict) or "verdict" not in r for r in rows):
        print("rowdiff: %s: not a list of rows" % path, file=sys.stderr)
        sys.exit(2)
    return rows


def selftest():
    """Hand-made rows, one of each case; each must land in its class."""
    def row(line, verdict, predicted=1.0, space="global", program="p", launch=0, kind="load"):
        return {"suite": "s", "program": program, "file": "k.cu", "line": line, "kernel": "k",
                "kind": kind, "space": space, "launch": launch, "verdict": verdict,
                "group": "code", "measured": 1.0, "predicted": predicted}
    a = [row(1, "in range", [None, [1, 4]]), row(2, "not predicted", None), row(3, "exact"),
         row(4, "wrong", 2.0), row(5, "exact"), row(6, "no instruction"), row(7, "exact"),
         row(8, "in range", [2.0, [1, 4]]), row(9, "exact"), row(9, "wrong", 3.0),
         row(10, "exact", space="shared"), row(11, "wrong", 2.0), row(12, "exact")]
    b = [row(1, "exact"), row(2, "in range", [None, [1, 4]]), row(3, "in range", [None, [1, 4]]),
         row(4, "not predicted", None), row(5, "exact"), row(6, "other launch"),
         row(8, "in range", [None, [1, 8]]), row(9, "exact"), row(9, "exact"),
         row(10, "wrong", 2.0, space="shared"), row(11, "wrong", 2.0), row(13, "exact"),
         row(12, "exact", program="q")]
    want = {"better": [1, 2, 9], "worse": [3, 10], "changed": [4, 6], "prediction": [8],
            "only A": [7, 12], "only B": [12, 13]}
    text, classes = report(a, b, "hand-made A", "hand-made B")
    got = {c: sorted((x or y)["line"] for x, y in items) for c, items in classes.items()}
    bad = 0
    for c, lines in want.items():
        ok = got.get(c) == lines
        bad += not ok
        print("%-4s %-10s lines %s (expected %s)" % ("ok" if ok else "FAIL", c, got.get(c), lines))
    t = totals(b)
    ok = (t[("global", "exact")], t[("shared", "wrong")], t[("global", "not predicted")]) == (6, 1, 1)
    bad += not ok
    print("%-4s totals of B: global exact %d, shared wrong %d, global not predicted %d (expected 6, 1, 1)"
          % ("ok" if ok else "FAIL", t[("global", "exact")], t[("shared", "wrong")],
             t[("global", "not predicted")]))
    ok = "k.cu:3 k global load launch 0: exact [1.0] -> in range [1..4]" in text
    bad += not ok
    print("%-4s the worse row listed with both verdicts and predictions" % ("ok" if ok else "FAIL"))
    print("%d passed, %d failed" % (len(want) + 2 - bad, bad))
    return 1 if bad else 0


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("a", nargs="?")
    ap.add_argument("b", nargs="?")
    ap.add_argument("--all", action="store_true")
    ap.add_argument("--no-fail", action="store_true")
    ap.add_argument("--selftest", action="store_true")
    x = ap.parse_args()
    if x.selftest:
        sys.exit(selftest())
    if not (x.a and x.b):
        ap.error("two rows.json files, or --selftest")
    text, classes = report(load(x.a), load(x.b), x.a, x.b, x.all)
    sys.stdout.write(text)
    sys.exit(1 if classes["worse"] and not x.no_fail else 0)


if __name__ == "__main__":
    main()
