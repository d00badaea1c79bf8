#!/usr/bin/env python3
"""Writes the tree of one commit of a bare git directory into a folder (a checkout without git
metadata), blob by blob, for the suites' checkouts (docs/development.md, "No loss").

  git-extract.py GIT_DIR COMMIT DEST [--sub PATH] [--missing FILE] [--links-as-files]

The workplace's `fetch` gives a bare git directory whose largest blobs may be absent; `git archive`
and `git checkout` stop at the first one. This reads every blob of COMMIT's tree (under PATH only,
with --sub: the folder's contents become DEST's) through one `git cat-file --batch` and writes it
with its mode: the executable bit, symbolic links (--links-as-files: a link as the blob git keeps
for it, a file holding its target path, as HeCBench's checkout has them: suites/hecbench.sh).
The blobs the directory lacks are listed, one path a line, in FILE (default DEST.missing; empty
when none is missing); submodules (gitlinks) are left out and listed there too, marked
"(submodule)". Python 3 standard library only.
"""
import argparse
import os
import subprocess
import sys


def tree_entries(git_dir, commit, sub):
    """(mode, type, sha, path) of every entry of COMMIT's tree, recursively (under SUB)."""
    cmd = ["git", "--git-dir", git_dir, "ls-tree", "-r", "-z", "--full-tree", commit]
    if sub:
        cmd.append(sub.rstrip("/") + "/")
    out = subprocess.run(cmd, capture_output=True, check=True).stdout
    for rec in out.split(b"\0"):
        if not rec:
            continue
        meta, path = rec.split(b"\t", 1)
        mode, kind, sha = meta.decode().split()
        yield mode, kind, sha, path.decode("utf-8", "surrogateescape")


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("git_dir")
    ap.add_argument("commit")
    ap.add_argument("dest")
    ap.add_argument("--sub", default="")
    ap.add_argument("--missing")
    ap.add_argument("--links-as-files", action="store_true")
    a = ap.parse_args()
    sub = a.sub.strip("/")
    entries = list(tree_entries(a.git_dir, a.commit, sub))
    if not entries:
        sys.exit("no entries under %r in %s" % (sub or "/", a.commit))
    os.makedirs(a.dest, exist_ok=True)
    missing = []
    proc = subprocess.Popen(["git", "--git-dir", a.git_dir, "cat-file", "--batch"],
                            stdin=subprocess.PIPE, stdout=subprocess.PIPE)
    written = 0
    for mode, kind, sha, path in entries:
        rel = path[len(sub) + 1:] if sub else path
        if kind == "commit":
            missing.append(rel + " (submodule)")
            continue
        proc.stdin.write((sha + "\n").encode())
        proc.stdin.flush()
        header = proc.stdout.readline().decode().split()
        if len(header) < 3 or header[1] != "blob":   # "<sha> missing"
            missing.append(rel)
            continue
        data = proc.stdout.read(int(header[2]))
        proc.stdout.read(1)                            # the newline after the contents
        target = os.path.join(a.dest, rel)
        os.makedirs(os.path.dirname(target) or ".", exist_ok=True)
        if os.path.lexists(target):
            os.remove(target)
        if mode == "120000" and not a.links_as_files:
            os.symlink(data.decode("utf-8", "surrogateescape"), target)
        else:
            with open(target, "wb") as fh:
                fh.write(data)
            if mode == "100755":
                os.chmod(target, 0o755)
        written += 1
    proc.stdin.close()
    proc.wait()
    listing = a.missing or a.dest.rstrip("/") + ".missing"
    with open(listing, "w") as fh:
        fh.write("".join(m + "\n" for m in missing))
    print("%s: %d files written, %d missing (%s)" % (a.dest, written, len(missing), listing))


if __name__ == "__main__":
    main()
