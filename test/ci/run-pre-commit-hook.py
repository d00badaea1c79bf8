#!/usr/bin/env python3
"""Runs a hook of .pre-commit-hooks.yaml as pre-commit runs a `language:
system` hook: its `entry`, then the `args` of the user's configuration, then
the staged files its `files` pattern selects, all in one run when it has
`require_serial` (pre-commit would otherwise split the files over parallel
runs). Prints the hook's settings, then runs it from the current directory.

  run-pre-commit-hook.py HOOKS_FILE HOOK_ID BIN_DIR ARG... -- STAGED_FILE...

BIN_DIR goes first on PATH (where the tool is installed). Exits with the
hook's exit status.
"""
import os
import re
import subprocess
import sys

import yaml

hooks_file, hook_id, bin_dir = sys.argv[1:4]
rest = sys.argv[4:]
split = rest.index("--")
args, staged = rest[:split], rest[split + 1:]
hook = next(h for h in yaml.safe_load(open(hooks_file)) if h["id"] == hook_id)
print("hook %s: language %s, require_serial %s" %
      (hook_id, hook["language"], str(hook.get("require_serial", False)).lower()))
if hook["language"] != "system":
    sys.exit("run-pre-commit-hook.py: only language: system runs here")
selected = [f for f in staged if re.search(hook["files"], f)]
print("files: " + " ".join(selected))
env = dict(os.environ, PATH=bin_dir + os.pathsep + os.environ["PATH"])
command = hook["entry"].split() + args + selected
sys.stdout.flush()
sys.exit(subprocess.call(command, env=env))
