#!/usr/bin/env python3
"""Runs the steps of docs/ci/github-actions.yml that can run outside GitHub,
in their order, with their commands as written, as GitHub would run them in
a job's workspace: each `run:` in bash -e, with GITHUB_OUTPUT, GITHUB_PATH,
GITHUB_ENV and RUNNER_TEMP, `${{ ... }}` and `if:` evaluated over the steps'
outputs and the event.

What cannot run here is replaced, and each replacement is printed:
  - actions/checkout: the project (a directory given) copied to the
    workspace;
  - the container's apt-get (`tools`) and the CUDA compiler (`toolkit`)
    steps, which need root and the network: the machine must have the
    tools (cmake, ninja, g++) and nvcc already; `toolkit` becomes putting
    nvcc's directory on GITHUB_PATH;
  - the build of cuda-coalesce's package from its repository (`commit`,
    `build`; actions/cache does not run here) and its installation
    (`install`): the build under test, BUILD_DIR, installed with
    `cmake --install BUILD_DIR --prefix $RUNNER_TEMP/prefix`, whose bin/
    goes on GITHUB_PATH (the .deb itself: test/ci/deb-chroot.sh and
    test/lit/ecosystem/deb-package.test);
  - github/codeql-action/upload-sarif: the SARIF validated against the
    official schema when --sarif-schema is given, else parsed as JSON.

  run-workflow.py --workflow FILE --project DIR --build BUILD_DIR
                  --nvcc NVCC --work DIR [--event pull_request|push]
                  [--fork] [--baseline FILE] [--sarif-schema FILE]

Prints one line per step and `job: success` or `job: failure (exit N)`;
exits 0 either way (the caller checks what it expects), 2 on a broken
workflow.
"""
import argparse
import json
import os
import re
import shutil
import subprocess
import sys

import yaml


def expression(text, context):
    """Evaluates a GitHub Actions expression over `context` (nested dicts)."""
    text = text.strip()
    if text.startswith("${{") and text.endswith("}}"):
        text = text[3:-2].strip()
    out, i = [], 0
    tokens = re.finditer(
        r"\s+|'(?:[^']|'')*'|&&|\|\||==|!=|!|\(|\)|[A-Za-z_][\w.-]*(?:\(\))?|\d+",
        text)
    pos = 0
    for m in tokens:
        if m.start() != pos:
            raise ValueError("cannot read expression: " + text)
        pos = m.end()
        t = m.group(0)
        if t.isspace():
            continue
        if t == "&&":
            out.append(" and ")
        elif t == "||":
            out.append(" or ")
        elif t == "!":
            out.append(" not ")
        elif t in ("==", "!=", "(", ")") or t.isdigit():
            out.append(" %s " % t)
        elif t.startswith("'"):
            out.append(repr(t[1:-1].replace("''", "'")))
        elif t in ("always()", "success()", "failure()", "cancelled()"):
            out.append(repr(context["_functions"][t]))
        else:
            value = context
            for part in t.split("."):
                value = value.get(part, "") if isinstance(value, dict) else ""
            out.append(repr(value))
    if pos != len(text):
        raise ValueError("cannot read expression: " + text)
    return eval("".join(out), {"__builtins__": {}}, {})


def substitute(text, context):
    return re.sub(r"\$\{\{(.*?)\}\}",
                  lambda m: str(expression(m.group(1), context)), text)


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--workflow", required=True)
    ap.add_argument("--project", required=True)
    ap.add_argument("--build", required=True)
    ap.add_argument("--nvcc", required=True)
    ap.add_argument("--work", required=True)
    ap.add_argument("--event", default="pull_request")
    ap.add_argument("--fork", action="store_true")
    ap.add_argument("--baseline")
    ap.add_argument("--sarif-schema")
    args = ap.parse_args()

    workflow = yaml.safe_load(open(args.workflow))
    jobs = workflow.get("jobs", {})
    if len(jobs) != 1:
        sys.exit("run-workflow.py: expected one job")
    job_name, job = next(iter(jobs.items()))
    print("job %s: runs-on %s, container %s" % (job_name, job.get("runs-on"),
                                                job.get("container", "none")))
    print("permissions: " + ", ".join(
        "%s: %s" % kv for kv in sorted(workflow.get("permissions", {}).items())))

    work = os.path.abspath(args.work)
    shutil.rmtree(work, ignore_errors=True)
    workspace = os.path.join(work, "workspace")
    temp = os.path.join(work, "runner-temp")
    os.makedirs(temp)
    files = {k: os.path.join(temp, k) for k in ("output", "path", "env")}
    for f in files.values():
        open(f, "w").close()

    repository = "owner/project"
    context = {
        "github": {
            "event_name": args.event,
            "repository": repository,
            "workspace": workspace,
            "event": {"pull_request": {"head": {"repo": {
                "full_name": "someone/project" if args.fork else repository}}}},
        },
        "env": dict(workflow.get("env", {}), **job.get("env", {})),
        "steps": {},
        "_functions": {"always()": True, "success()": True, "failure()": False,
                       "cancelled()": False},
    }
    env = dict(os.environ)
    env.update({k: str(v) for k, v in context["env"].items()})
    env.update({"GITHUB_OUTPUT": files["output"], "GITHUB_PATH": files["path"],
                "GITHUB_ENV": files["env"], "RUNNER_TEMP": temp,
                "GITHUB_WORKSPACE": workspace, "CI": "true",
                "GITHUB_ACTIONS": "true", "GITHUB_EVENT_NAME": args.event})
    extra_path = []
    failed_status = None

    def run(command, name):
        nonlocal failed_status
        for f in ("output", "path", "env"):
            open(files[f], "w").close()
        full_env = dict(env)
        full_env["PATH"] = os.pathsep.join(extra_path + [env["PATH"]])
        result = subprocess.run(["bash", "-e", "-c", command], cwd=workspace,
                                env=full_env, stdout=subprocess.PIPE,
                                stderr=subprocess.STDOUT, text=True)
        print("step '%s': ran, exit %d" % (name, result.returncode))
        for line in result.stdout.splitlines():
            print("    | " + line)
        outputs = {}
        for line in open(files["output"]).read().splitlines():
            if "=" in line:
                k, v = line.split("=", 1)
                outputs[k] = v
        for line in open(files["path"]).read().splitlines():
            if line.strip():
                extra_path.insert(0, line.strip())
        for line in open(files["env"]).read().splitlines():
            if "=" in line:
                k, v = line.split("=", 1)
                env[k] = v
        return result.returncode, outputs

    for index, step in enumerate(job["steps"]):
        name = step.get("name") or step.get("uses") or "step %d" % (index + 1)
        sid = step.get("id")
        condition = step.get("if")
        if condition is not None:
            context["_functions"]["success()"] = failed_status is None
            context["_functions"]["failure()"] = failed_status is not None
            go = bool(expression(str(condition), context))
        else:
            go = failed_status is None
        if not go:
            print("step '%s': skipped (if: %s)" % (name, condition or "success()"))
            continue
        outputs, status = {}, 0
        uses = step.get("uses", "")
        if uses.startswith("actions/checkout@"):
            shutil.copytree(args.project, workspace)
            if args.baseline:
                shutil.copy(args.baseline,
                            os.path.join(workspace, ".cuda-coalesce-baseline.json"))
            print("step '%s': replaced: %s copied to the workspace" %
                  (name, os.path.basename(args.project.rstrip("/"))))
        elif uses.startswith("github/codeql-action/upload-sarif@"):
            sarif = os.path.join(workspace, step["with"]["sarif_file"])
            log = json.load(open(sarif))
            how = "parsed"
            if args.sarif_schema:
                import jsonschema
                jsonschema.validate(log, json.load(open(args.sarif_schema)))
                how = "valid SARIF 2.1.0"
            run_log = log["runs"][0]
            print("step '%s': replaced: %s is %s: %d results, "
                  "executionSuccessful %s, category %s" %
                  (name, step["with"]["sarif_file"], how,
                   len(run_log["results"]),
                   str(run_log["invocations"][0]["executionSuccessful"]).lower(),
                   step["with"].get("category")))
        elif uses:
            print("step '%s': skipped: %s does not run here" % (name, uses))
        elif sid == "tools":
            missing = [t for t in ("cmake", "ninja", "g++", "jq")
                       if not shutil.which(t)]
            if missing:
                sys.exit("run-workflow.py: this machine lacks " + " ".join(missing))
            print("step '%s': replaced: apt-get in the container; this machine "
                  "has cmake, ninja, g++ and jq" % name)
        elif sid == "commit":
            outputs = {"hash": "under-test"}
            print("step '%s': replaced: the cuda-coalesce under test" % name)
        elif sid == "build":
            print("step '%s': replaced: the build under test, %s" %
                  (name, os.path.basename(os.path.abspath(args.build))))
        elif sid == "toolkit":
            extra_path.insert(0, os.path.dirname(os.path.abspath(args.nvcc)))
            print("step '%s': replaced: nvcc from %s on the PATH" %
                  (name, os.path.dirname(args.nvcc)))
        elif sid == "install":
            prefix = os.path.join(temp, "prefix")
            subprocess.run(["cmake", "--install", args.build, "--prefix", prefix],
                           check=True, stdout=subprocess.DEVNULL)
            extra_path.insert(0, os.path.join(prefix, "bin"))
            print("step '%s': replaced: cmake --install of the build into "
                  "$RUNNER_TEMP/prefix, its bin/ on the PATH" % name)
            status, outputs = run("cuda-coalesce --version", name + " (check)")
        else:
            command = substitute(step["run"], context)
            status, outputs = run(command, name)
        if sid:
            context["steps"][sid] = {"outputs": outputs,
                                     "outcome": "failure" if status else "success"}
        if status and failed_status is None:
            failed_status = status
    if failed_status is None:
        print("job: success")
    else:
        print("job: failure (exit %d)" % failed_status)


if __name__ == "__main__":
    try:
        main()
    except (KeyError, ValueError, yaml.YAMLError) as e:
        sys.exit("run-workflow.py: broken workflow: %s" % e)
