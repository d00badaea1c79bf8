#!/usr/bin/env python3
"""The size rules of docs/architecture.md ("How big a unit may be"), checked.

  - every file in lib/ has fewer than 800 lines;
  - no function in lib/ or tool/ (their headers included) is over 150 lines,
    as clang-tidy's readability-function-size with LineThreshold 150 counts
    them: the line of the body's closing brace minus that of its opening one.

clang-tidy decides every function size, but it costs a parse with the Clang
headers per file (about two minutes on two cores for all of lib/ and tool/).
So a scan of the text first finds the brace blocks that could be a function
body of more than 150 lines: every block at namespace or class scope except
the bodies of namespaces and of classes, structs, unions and enums (told by
their head: a keyword and no parenthesis). clang-tidy then reads only the
files with such a block; --all makes it read every file. A file whose braces
the scan cannot match (braces in #if branches) goes to clang-tidy too. Where
clang-tidy-22 is not installed the function sizes are not checked and the
script says so.

ALLOWANCES lists what other branches are fixing right now; the coordinator
empties it when they are merged.

Python's standard library only.
"""

import argparse
import concurrent.futures
import json
import os
import re
import shutil
import subprocess
import sys

MAX_FILE_LINES = 800  # a file must have fewer
MAX_FUNCTION_LINES = 150  # a function may have this many, not more

# Work in progress on other branches, to be emptied when they merge: a path
# allows the file's length and every function in it, "path:function" one
# function.
ALLOWANCES = []

SOURCE_SUFFIXES = (".cpp", ".cc", ".h", ".def", ".inc")
SCOPE_KEYWORDS = {"namespace", "class", "struct", "union", "enum"}


def relative(path, root):
    return os.path.relpath(os.path.realpath(path), os.path.realpath(root))


def allowed(rel, function=None):
    if rel in ALLOWANCES:
        return True
    return function is not None and f"{rel}:{function}" in ALLOWANCES


def count_lines(path):
    with open(path, "rb") as f:
        return f.read().count(b"\n")


def long_files(root):
    """(path, lines) of every file under lib/ with too many lines."""
    found = []
    for dirpath, _, names in os.walk(os.path.join(root, "lib")):
        for name in sorted(names):
            path = os.path.join(dirpath, name)
            lines = count_lines(path)
            if lines >= MAX_FILE_LINES:
                found.append((relative(path, root), lines))
    return sorted(found)


# A variable that outlives the call that made it and is not constant: state
# shared by every file a process analyses (docs/architecture.md, "Where state
# lives"). Declarations of functions (a parenthesis before any initializer)
# are not variables.
HIDDEN_STATE = re.compile(
    r"^\s*(thread_local\b.*|static\s+(?!const\b|constexpr\b|"
    r"thread_local\b)[^(=;]*\b\w+\s*(=|;|\{)[^()]*$)")


def hidden_state(text):
    """Line numbers of thread_local and non-constant static variables."""
    found = []
    for number, line in enumerate(text.split("\n"), 1):
        code = line.split("//")[0]
        if "thread_local" in code or HIDDEN_STATE.match(code):
            found.append(number)
    return found


def hidden_state_in_lib(root):
    """(path, line) of every variable of hidden state under lib/."""
    found = []
    for dirpath, _, names in os.walk(os.path.join(root, "lib")):
        for name in sorted(names):
            if not name.endswith(SOURCE_SUFFIXES):
                continue
            path = os.path.join(dirpath, name)
            with open(path, encoding="utf-8", errors="replace") as f:
                for line in hidden_state(f.read()):
                    found.append((relative(path, root), line))
    return sorted(found)


def code_tokens(text):
    """Yields (token, line) for the braces, parentheses, semicolons and
    words of C++ text; comments, literals and preprocessor lines skipped."""
    i, line, n = 0, 1, len(text)
    at_line_start = True
    while i < n:
        c = text[i]
        if c == "\n":
            line += 1
            i += 1
            at_line_start = True
            continue
        if c in " \t\r\f\v":
            i += 1
            continue
        if at_line_start and c == "#":
            # A directive, with its continuation lines.
            while i < n and text[i] != "\n":
                if text[i] == "\\" and i + 1 < n and text[i + 1] == "\n":
                    line += 1
                    i += 1
                i += 1
            continue
        at_line_start = False
        if text.startswith("//", i):
            while i < n and text[i] != "\n":
                i += 1
            continue
        if text.startswith("/*", i):
            end = text.find("*/", i + 2)
            end = n if end < 0 else end + 2
            line += text.count("\n", i, end)
            i = end
            continue
        raw = re.match(r'(?:u8|u|U|L)?R"([^()\\ ]{0,16})\(', text[i:i + 24])
        if raw:
            close = ")" + raw.group(1) + '"'
            end = text.find(close, i + raw.end())
            end = n if end < 0 else end + len(close)
            line += text.count("\n", i, end)
            i = end
            continue
        if c in "\"'":
            j = i + 1
            while j < n and text[j] != c and text[j] != "\n":
                j += 2 if text[j] == "\\" else 1
            i = j + 1
            continue
        if c.isalnum() or c == "_":
            j = i
            # Digit separators (1'000) belong to the number.
            while j < n and (text[j].isalnum() or text[j] == "_" or
                             (text[j] == "'" and c.isdigit() and
                              j + 1 < n and text[j + 1].isalnum())):
                j += 1
            word = text[i:j]
            if j < n and text[j] in "\"'" and word in ("u8", "u", "U", "L"):
                i = j  # the prefix of a literal
                continue
            yield word, line
            i = j
            continue
        if c in "{}();":
            yield c, line
        i += 1


def candidate_blocks(text):
    """(first line, last line) of the blocks that may be a long function
    body; None where the braces do not match."""
    stack = []  # per open brace: (line, whether blocks in it are candidates)
    head = []  # the words and parentheses since the last ; { or }
    found = []
    for token, line in code_tokens(text):
        if token == "{":
            in_scope = not stack or stack[-1][1]
            is_scope = in_scope and "(" not in head and (
                bool(SCOPE_KEYWORDS & set(head)) or head == ["extern"])
            stack.append((line, is_scope, in_scope and not is_scope))
            head = []
        elif token == "}":
            if not stack:
                return None
            first, _, candidate = stack.pop()
            if candidate and line - first > MAX_FUNCTION_LINES:
                found.append((first, line))
            head = []
        elif token == ";":
            head = []
        else:
            head.append(token)
    return None if stack else found


def needs_clang_tidy(path):
    with open(path, encoding="utf-8", errors="replace") as f:
        blocks = candidate_blocks(f.read())
    return blocks is None or bool(blocks)


def measured_files(root):
    """Every C++ file of lib/, tool/ and include/ (the headers lib/ and
    tool/ define functions in)."""
    for top in ("lib", "tool", "include"):
        for dirpath, _, names in os.walk(os.path.join(root, top)):
            if os.path.join("Driver", "shim") in dirpath:
                continue  # CUDA's headers, as a stand-in: not our code
            for name in sorted(names):
                if name.endswith(SOURCE_SUFFIXES):
                    yield os.path.join(dirpath, name)


def translation_units(root, build):
    """The compile database's files in lib/ and tool/, by real path."""
    with open(os.path.join(build, "compile_commands.json")) as f:
        entries = json.load(f)
    units = {}
    for e in entries:
        path = os.path.realpath(os.path.join(e["directory"], e["file"]))
        rel = relative(path, root)
        if rel.startswith(("lib" + os.sep, "tool" + os.sep)):
            units[path] = rel
    return units


def units_to_read(root, units, every):
    """The translation units clang-tidy must read; the files it must judge
    that no unit covers."""
    if every:
        return sorted(units), []
    chosen, uncovered = set(), []
    for path in measured_files(root):
        real = os.path.realpath(path)
        if not needs_clang_tidy(path):
            continue
        if real in units:
            chosen.add(real)
            continue
        if path.endswith(".cpp"):
            uncovered.append(relative(path, root))
            continue
        # A header: every unit that names it in an #include.
        name = os.path.basename(path)
        includers = [u for u in units if includes(u, name)]
        if not includers:
            uncovered.append(relative(path, root))
        chosen.update(includers)
    return sorted(chosen), uncovered


def includes(unit, header_name):
    with open(unit, encoding="utf-8", errors="replace") as f:
        return re.search(r'#\s*include\s*[<"][^>"]*\b' + re.escape(header_name) +
                         r'[>"]', f.read()) is not None


WARNING = re.compile(r"^(.*?):(\d+):\d+: warning: function '([^']*)' exceeds "
                     r"recommended size/complexity thresholds")
NOTE = re.compile(r"^.*?: note: (\d+) lines including whitespace")


def long_functions_in(clang_tidy, build, root, unit):
    """(path, line, function, lines) that clang-tidy finds in \\p unit and
    the headers of the tree it includes."""
    tree = re.escape(os.path.realpath(root))
    command = [
        clang_tidy, "-p", build, "--quiet",
        "--checks=-*,readability-function-size",
        "--config={CheckOptions: {readability-function-size.LineThreshold: "
        f"{MAX_FUNCTION_LINES}}}}}",
        f"--header-filter=^{tree}/(lib|tool|include)/", unit
    ]
    run = subprocess.run(command, stdout=subprocess.PIPE,
                         stderr=subprocess.STDOUT, text=True)
    found, last = [], None
    for text in run.stdout.splitlines():
        w = WARNING.match(text)
        if w:
            last = [relative(w.group(1), root), int(w.group(2)), w.group(3)]
            continue
        note = NOTE.match(text)
        if note and last:
            found.append(tuple(last) + (int(note.group(1)),))
            last = None
    if run.returncode != 0 and not found:
        raise RuntimeError(f"clang-tidy failed on {unit}:\n{run.stdout}")
    return found


def unqualified(function):
    return function.split("::")[-1]


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--source-dir", required=True)
    parser.add_argument("--build-dir", required=True,
                        help="with compile_commands.json")
    parser.add_argument("--clang-tidy", default=shutil.which("clang-tidy-22"))
    parser.add_argument("--all", action="store_true",
                        help="clang-tidy reads every file, not only those "
                        "with a long block")
    parser.add_argument("-j", "--jobs", type=int, default=os.cpu_count())
    args = parser.parse_args()
    root, build = args.source_dir, args.build_dir

    failures = []
    for rel, lines in long_files(root):
        if not allowed(rel):
            failures.append(f"{rel}: {lines} lines (fewer than "
                            f"{MAX_FILE_LINES} allowed)")

    for rel, line in hidden_state_in_lib(root):
        failures.append(f"{rel}:{line}: a thread_local or non-constant static "
                        "variable: keep it in the analysis session "
                        "(docs/architecture.md)")

    if not args.clang_tidy:
        print("check-code-size: function sizes not checked: clang-tidy-22 is "
              "not installed (scripts/setup.sh installs it)")
    else:
        units = translation_units(root, build)
        chosen, uncovered = units_to_read(root, units, args.all)
        for rel in uncovered:
            failures.append(f"{rel}: may hold a function over "
                            f"{MAX_FUNCTION_LINES} lines, and no file of the "
                            "compile database reads it")
        print(f"check-code-size: clang-tidy reads {len(chosen)} of "
              f"{len(units)} files")
        seen = set()
        with concurrent.futures.ThreadPoolExecutor(args.jobs) as pool:
            for found in pool.map(
                    lambda u: long_functions_in(args.clang_tidy, build, root,
                                                u), chosen):
                for rel, line, function, lines in found:
                    if (rel, line) in seen:
                        continue
                    seen.add((rel, line))
                    if not allowed(rel, unqualified(function)):
                        failures.append(
                            f"{rel}:{line}: function '{function}' has {lines} "
                            f"lines (at most {MAX_FUNCTION_LINES})")

    for f in sorted(failures):
        print("check-code-size: " + f)
    if failures:
        print("check-code-size: split them along what they do "
              "(docs/architecture.md)")
        return 1
    print("check-code-size: every file and function within bounds")
    return 0


if __name__ == "__main__":
    sys.exit(main())
