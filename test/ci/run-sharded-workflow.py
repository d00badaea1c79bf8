#!/usr/bin/env python3
"""Runs docs/ci/github-actions-sharded.yml job by job, as run-workflow.py
runs github-actions.yml: each `run:` in bash -e with its commands as written,
`${{ ... }}` (matrix and strategy.job-total too) and `if:` evaluated. Jobs
run one after the other, a matrix job once per value, a job after those it
`needs`; each in the same workspace path, emptied in between (GitHub's is the
same path on every runner: the shards' JSON names files by it).

Replaced, and said so, besides what run-workflow.py replaces (the container
tools, cuda-coalesce's package, nvcc, upload-sarif):
  - actions/cache of a path other than the package's: a store directory
    (--cache-store) that keeps it between workflow runs, restored by `key`
    or else the newest entry of a `restore-keys` prefix, saved after the job;
  - actions/upload-artifact and download-artifact (pattern, merge-multiple):
    a directory of the run.

  run-sharded-workflow.py --workflow FILE --project DIR --build BUILD_DIR
      --nvcc NVCC --work DIR --cache-store DIR [--sha SHA] [--baseline FILE]
      [--sarif-schema FILE]

Prints a line per step, `job NAME: success` or `failure (exit N)` per job and
`workflow: success` or `failure`; exits 0 either way, 2 on a broken workflow.
"""
import argparse
import fnmatch
import glob
import importlib.util
import itertools
import json
import os
import shutil
import subprocess
import sys

import yaml

spec = importlib.util.spec_from_file_location(
    "run_workflow", os.path.join(os.path.dirname(__file__), "run-workflow.py"))
run_workflow = importlib.util.module_from_spec(spec)
spec.loader.exec_module(run_workflow)
expression, substitute = run_workflow.expression, run_workflow.substitute


def matrix_values(job):
    """Each combination of the job's matrix, or one empty one."""
    matrix = job.get("strategy", {}).get("matrix", {})
    keys = [k for k in matrix if k not in ("include", "exclude")]
    return [dict(zip(keys, combo))
            for combo in itertools.product(*(matrix[k] for k in keys))] or [{}]


class Runner:
    def __init__(self, args, workflow):
        self.args, self.workflow = args, workflow
        self.work = os.path.abspath(args.work)
        shutil.rmtree(self.work, ignore_errors=True)
        self.workspace = os.path.join(self.work, "workspace")
        self.artifacts = os.path.join(self.work, "artifacts")
        os.makedirs(self.artifacts)

    def run_job(self, name, job, matrix, total):
        shutil.rmtree(self.workspace, ignore_errors=True)
        temp = os.path.join(self.work, "runner-temp-" + name +
                            "".join("-%s" % v for v in matrix.values()))
        os.makedirs(temp)
        files = {k: os.path.join(temp, k) for k in ("output", "path", "env")}
        context = {
            "github": {"event_name": "pull_request", "repository": "o/p",
                       "sha": self.args.sha, "workspace": self.workspace,
                       "event": {"pull_request": {"head": {"repo": {
                           "full_name": "o/p"}}}}},
            "env": dict(self.workflow.get("env", {})),
            "matrix": matrix, "strategy": {"job-total": total},
            "steps": {},
            "_functions": {"always()": True, "success()": True,
                           "failure()": False, "cancelled()": False},
        }
        env = dict(os.environ)
        env.update({k: str(v) for k, v in context["env"].items()})
        env.update({"GITHUB_OUTPUT": files["output"], "GITHUB_PATH": files["path"],
                    "GITHUB_ENV": files["env"], "RUNNER_TEMP": temp,
                    "GITHUB_WORKSPACE": self.workspace, "CI": "true"})
        extra_path, failed, saves = [], None, []

        def run(command, step):
            for f in files.values():
                open(f, "w").close()
            full = dict(env, PATH=os.pathsep.join(extra_path + [env["PATH"]]))
            os.makedirs(self.workspace, exist_ok=True)
            r = subprocess.run(["bash", "-e", "-c", command], cwd=self.workspace,
                               env=full, stdout=subprocess.PIPE,
                               stderr=subprocess.STDOUT, text=True)
            print("  step '%s': ran, exit %d" % (step, r.returncode))
            for line in r.stdout.splitlines():
                print("      | " + line)
            outputs = dict(l.split("=", 1) for l in
                           open(files["output"]).read().splitlines() if "=" in l)
            extra_path[:0] = [l for l in open(files["path"]).read().split() if l]
            return r.returncode, outputs

        label = name + "".join(" (%s)" % v for v in matrix.values())
        print("job %s" % label)
        for index, step in enumerate(job["steps"]):
            step_name = step.get("name") or step.get("uses") or str(index)
            sid, uses = step.get("id"), step.get("uses", "")
            context["_functions"]["success()"] = failed is None
            context["_functions"]["failure()"] = failed is not None
            condition = step.get("if")
            if not (expression(str(condition), context) if condition is not None
                    else failed is None):
                print("  step '%s': skipped" % step_name)
                continue
            status, outputs = 0, {}
            with_ = {k: substitute(str(v), context)
                     for k, v in step.get("with", {}).items()}
            if uses.startswith("actions/checkout@"):
                shutil.copytree(self.args.project, self.workspace)
                if self.args.baseline:
                    shutil.copy(self.args.baseline, os.path.join(
                        self.workspace, ".cuda-coalesce-baseline.json"))
                print("  step '%s': replaced: the project copied" % step_name)
            elif uses.startswith("actions/cache@") and sid == "package":
                print("  step '%s': skipped: the package is the build under "
                      "test" % step_name)
            elif uses.startswith("actions/cache@"):
                self.restore(with_, step_name)
                saves.append(with_)
            elif uses.startswith("actions/upload-artifact@"):
                into = os.path.join(self.artifacts, with_["name"])
                os.makedirs(into)
                shutil.copy(os.path.join(self.workspace, with_["path"]), into)
                print("  step '%s': replaced: %s kept as artifact %s" %
                      (step_name, with_["path"], with_["name"]))
            elif uses.startswith("actions/download-artifact@"):
                names = sorted(n for n in os.listdir(self.artifacts)
                               if fnmatch.fnmatch(n, with_["pattern"]))
                for n in names:
                    for f in glob.glob(os.path.join(self.artifacts, n, "*")):
                        shutil.copy(f, self.workspace)
                print("  step '%s': replaced: %d artifacts into the workspace" %
                      (step_name, len(names)))
            elif uses.startswith("github/codeql-action/upload-sarif@"):
                log = json.load(open(os.path.join(self.workspace,
                                                  with_["sarif_file"])))
                if self.args.sarif_schema:
                    import jsonschema
                    jsonschema.validate(log, json.load(open(self.args.sarif_schema)))
                print("  step '%s': replaced: %s is valid SARIF: %d results" %
                      (step_name, with_["sarif_file"], len(log["runs"][0]["results"])))
            elif sid == "tools":
                print("  step '%s': replaced: apt-get in the container" % step_name)
            elif sid == "commit":
                outputs = {"hash": "under-test"}
                print("  step '%s': replaced: the cuda-coalesce under test" % step_name)
            elif sid == "build":
                print("  step '%s': replaced: the build under test" % step_name)
            elif sid == "toolkit":
                extra_path.insert(0, os.path.dirname(os.path.abspath(self.args.nvcc)))
                print("  step '%s': replaced: nvcc on the PATH" % step_name)
            elif sid == "install":
                prefix = os.path.join(self.work, "prefix")
                if not os.path.exists(prefix):
                    subprocess.run(["cmake", "--install", self.args.build,
                                    "--prefix", prefix], check=True,
                                   stdout=subprocess.DEVNULL)
                extra_path.insert(0, os.path.join(prefix, "bin"))
                print("  step '%s': replaced: cmake --install of the build" % step_name)
            else:
                status, outputs = run(substitute(step["run"], context), step_name)
            if sid:
                context["steps"][sid] = {"outputs": outputs}
            if status and failed is None:
                failed = status
        for with_ in saves:
            self.save(with_)
        print("job %s: %s" % (label, "success" if failed is None
                                 else "failure (exit %d)" % failed))
        return failed is None

    def restore(self, with_, step_name):
        store = os.path.abspath(self.args.cache_store)
        found = os.path.join(store, with_["key"])
        if not os.path.isdir(found):
            prefixes = [p for p in with_.get("restore-keys", "").split("\n") if p]
            older = sorted((os.path.getmtime(d), d) for p in prefixes
                           for d in glob.glob(os.path.join(store, glob.escape(p) + "*")))
            found = older[-1][1] if older else None
        if found:
            shutil.copytree(found, os.path.join(self.workspace, with_["path"]))
            print("  step '%s': replaced: %s restored from %s" %
                  (step_name, with_["path"], os.path.basename(found)))
        else:
            print("  step '%s': replaced: no cache for %s" % (step_name, with_["key"]))

    def save(self, with_):
        into = os.path.join(os.path.abspath(self.args.cache_store), with_["key"])
        source = os.path.join(self.workspace, with_["path"])
        if os.path.isdir(source) and not os.path.exists(into):
            shutil.copytree(source, into)
            print("  post: %s saved as %s" % (with_["path"], with_["key"]))


def main():
    ap = argparse.ArgumentParser()
    for a in ("--workflow", "--project", "--build", "--nvcc", "--work",
              "--cache-store"):
        ap.add_argument(a, required=True)
    ap.add_argument("--sha", default="0001")
    ap.add_argument("--baseline")
    ap.add_argument("--sarif-schema")
    args = ap.parse_args()
    workflow = yaml.safe_load(open(args.workflow))
    runner, succeeded = Runner(args, workflow), {}
    for name, job in workflow["jobs"].items():
        needs = job.get("needs", [])
        needs = [needs] if isinstance(needs, str) else needs
        if not all(succeeded.get(n) for n in needs):
            print("job %s: skipped (needs %s)" % (name, ", ".join(needs)))
            succeeded[name] = False
            continue
        values = matrix_values(job)
        succeeded[name] = all([runner.run_job(name, job, m, len(values))
                               for m in values])
    print("workflow: %s" % ("success" if all(succeeded.values()) else "failure"))


if __name__ == "__main__":
    try:
        main()
    except (KeyError, ValueError, yaml.YAMLError) as e:
        sys.exit("run-sharded-workflow.py: broken workflow: %s" % e)
