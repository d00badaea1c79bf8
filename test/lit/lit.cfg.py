# lit configuration for cuda-coalesce's end-to-end tests. Each test runs the
# tool on one .cu file and checks its output with FileCheck. ctest runs the
# suite twice: with the CUDA toolkit and with the built-in header shim
# (--param shim=1), so every test passes both ways.
import os
import shutil

import lit.formats

config.name = "cuda-coalesce"
config.test_format = lit.formats.ShTest(execute_external=False)
config.suffixes = [".cu", ".test"]
config.excludes = ["Inputs"]
config.test_source_root = os.path.dirname(__file__)
use_shim = lit_config.params.get("shim", "0") == "1"
# ctest runs both suites at once: each keeps its %t files apart.
config.test_exec_root = os.path.join(config.cuda_coalesce_obj_root, "test",
                                     "lit-shim" if use_shim else "lit")
if use_shim:
    config.name += " (shim)"
    config.available_features.add("shim")
else:
    config.available_features.add("cuda-toolkit")
    toolkits = [os.environ.get("CUDA_PATH", ""), "/usr/local/cuda"]
    if not any(t and os.path.exists(os.path.join(t, "include", "cuda_runtime.h"))
               for t in toolkits):
        lit_config.note("no CUDA toolkit found: the toolkit run is skipped")
        config.unsupported = True

tool = os.path.join(config.cuda_coalesce_obj_root, "tool", "cuda-coalesce")
config.substitutions.append(
    ("%cc", tool + (" --no-cuda-toolkit" if use_shim else "")))
config.substitutions.append(("%cuda-coalesce-build", config.cuda_coalesce_obj_root))
config.substitutions.append(("%cuda-coalesce", tool))
config.substitutions.append(("%python", config.python_executable))
# FileCheck that fails on any warning or error no CHECK line names, as
# clang-tidy's check_clang_tidy does: a wrongly flagged access in a test's
# input must not pass unseen.
config.substitutions.append(
    ("%filecheck",
     "FileCheck --implicit-check-not=warning: --implicit-check-not=error:"))
config.substitutions.append(("%inputs", os.path.join(config.test_source_root, "Inputs")))
# The official SARIF schema lives in the shared folder beside the repository.
sarif_schema = os.path.normpath(os.path.join(
    config.test_source_root, "..", "..", "..", "shared", "schemas",
    "sarif-schema-2.1.0.json"))
if os.path.exists(sarif_schema):
    config.available_features.add("sarif-schema")
    config.substitutions.append(("%sarif-schema", sarif_schema))

# The clang-tidy plugin, run by the real clang-tidy-22 on the CUDA toolkit's
# headers (clang-tidy has no shim).
tidy_module = os.path.join(config.cuda_coalesce_obj_root, "tool",
                           "libCudaCoalesceTidyModule.so")
clang_tidy = os.path.join(config.llvm_tools_dir, "clang-tidy")
if os.path.exists(clang_tidy) and os.path.exists(tidy_module):
    config.available_features.add("clang-tidy")
    config.substitutions.append(
        ("%clang-tidy", clang_tidy + " --load=" + tidy_module))
    config.substitutions.append(
        ("%cuda-flags", "-x cuda --cuda-gpu-arch=sm_90 -Wno-unknown-cuda-version"))

clangd = os.path.join(config.cuda_coalesce_obj_root, "tool", "cuda-coalesce-clangd")
if os.path.exists(clangd):
    config.available_features.add("clangd")
    config.substitutions.append(("%clangd", clangd))
    config.substitutions.append(
        ("%lsp-session", config.python_executable + " " +
         os.path.join(config.test_source_root, "Inputs", "lsp-session.py") + " " + clangd))

# The fixture project (test/fixtures/fluid): a CMake project with CUDA as a
# language, configured in the test with nvcc (no GPU needed).
nvcc = shutil.which("nvcc") or "/usr/local/cuda/bin/nvcc"
if os.path.exists(nvcc):
    config.available_features.add("nvcc")
    config.substitutions.append(("%nvcc", nvcc))
# nvdisasm reads the SASS nvcc makes (the unrolling oracle's second half):
# $NVDISASM, else on PATH, else the toolkit's. CUDA's Debian packages of an
# older toolkit have one; the CUDA 13 install here may not.
nvdisasm = (os.environ.get("NVDISASM") or shutil.which("nvdisasm")
            or "/usr/local/cuda/bin/nvdisasm")
if os.path.exists(nvcc) and os.path.exists(nvdisasm):
    config.available_features.add("nvdisasm")
    config.substitutions.append(("%nvdisasm", nvdisasm))
if os.path.exists(nvcc) and shutil.which("cmake"):
    config.available_features.add("nvcc-project")
    config.substitutions.append(
        ("%fluid-project", config.python_executable + " " +
         os.path.join(config.test_source_root, "Inputs", "fluid-project.py") +
         " " + nvcc))
if os.path.exists(tidy_module):
    config.substitutions.append(("%tidy-module", tidy_module))
config.substitutions.append(
    ("%fixtures", os.path.join(config.test_source_root, "..", "fixtures")))
# docs/ci/github-actions.yml, run step by step (test/ci/run-workflow.py).
repo_root = os.path.normpath(os.path.join(config.test_source_root, "..", ".."))
if os.path.exists(nvcc):
    config.substitutions.append(
        ("%ci-workflow", " ".join([
            config.python_executable,
            os.path.join(repo_root, "test", "ci", "run-workflow.py"),
            "--workflow", os.path.join(repo_root, "docs", "ci", "github-actions.yml"),
            "--build", config.cuda_coalesce_obj_root, "--nvcc", nvcc] +
            (["--sarif-schema", sarif_schema] if os.path.exists(sarif_schema) else []))))
# docs/ci/github-actions-sharded.yml, job by job (run-sharded-workflow.py).
if os.path.exists(nvcc):
    config.substitutions.append(
        ("%ci-sharded-workflow", " ".join([
            config.python_executable,
            os.path.join(repo_root, "test", "ci", "run-sharded-workflow.py"),
            "--workflow", os.path.join(repo_root, "docs", "ci",
                                       "github-actions-sharded.yml"),
            "--build", config.cuda_coalesce_obj_root, "--nvcc", nvcc] +
            (["--sarif-schema", sarif_schema] if os.path.exists(sarif_schema) else []))))
run_clang_tidy = os.path.join(config.llvm_tools_dir, "run-clang-tidy")
if os.path.exists(run_clang_tidy) and os.path.exists(clang_tidy):
    config.available_features.add("run-clang-tidy")
    config.substitutions.append(("%run-clang-tidy", run_clang_tidy))

# Debian's chromium renders the HTML audit report headless: its DOM and a
# screenshot show what a reviewer would see.
if os.path.exists("/usr/bin/chromium"):
    config.available_features.add("chromium")
    config.substitutions.append(("%chromium", "/usr/bin/chromium"))

# --max-memory limits the data segment, which the sanitizers' shadow memory
# counts against.
if not getattr(config, "sanitizers", ""):
    config.available_features.add("memory-limit")

config.environment["PATH"] = os.pathsep.join(
    [config.llvm_tools_dir, config.environment.get("PATH", "")])
# The tool must not depend on the caller's terminal or toolkit variables.
config.environment.pop("CUDA_PATH", None)
# The clang-tidy check's and clangd's launch index caches its entries here,
# not in the home directory of whoever runs the tests.
config.environment["XDG_CACHE_HOME"] = os.path.join(
    config.cuda_coalesce_obj_root, "test", "lit", "xdg-cache" + ("-shim" if use_shim else ""))
