#!/usr/bin/env python3
"""Tests of check_code_size.py on small trees of its own: the scan that picks
the files clang-tidy reads, and (where clang-tidy-22 is installed) the whole
check."""

import json
import os
import shutil
import subprocess
import sys
import tempfile
import unittest

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import check_code_size as check  # noqa: E402

SCRIPT = os.path.join(os.path.dirname(os.path.abspath(__file__)),
                      "check_code_size.py")


def function(name, body_lines, indent=""):
    """A function whose body spans body_lines lines as clang-tidy counts
    them (the closing brace's line minus the opening brace's)."""
    inner = [f"{indent}  x += 1; // {{ in a comment"] * (body_lines - 2)
    inner.append(f"{indent}  return x;")
    return "\n".join([f"{indent}int {name}(int x) {{"] + inner +
                     [f"{indent}}}"]) + "\n"


class HiddenState(unittest.TestCase):
    def test_thread_local_and_mutable_statics_are_found(self):
        text = ("int f() {\n"
                "  thread_local std::vector<int> Kept;\n"
                "  static std::map<int, int> All;\n"
                "  static int Count = 0;\n"
                "  static inline int Once = 1;\n"
                "  return 0;\n"
                "}\n")
        self.assertEqual(check.hidden_state(text), [2, 3, 4, 5])

    def test_constants_and_static_functions_are_not(self):
        text = ("static const std::string Dir = dir();\n"
                "static constexpr int N = 4;\n"
                "static std::optional<int> parse(llvm::StringRef S);\n"
                "static int twice(int X) { return 2 * X; }\n"
                "static inline int half(int X) { return X / 2; }\n"
                "  // static int InAComment;\n")
        self.assertEqual(check.hidden_state(text), [])


class Scan(unittest.TestCase):
    def test_long_function_at_namespace_and_class_scope(self):
        text = "namespace a {\n" + function("f", 151) + "}\n"
        self.assertEqual(check.candidate_blocks(text), [(2, 153)])
        text = "struct S {\n" + function("f", 151, "  ") + "};\n"
        self.assertEqual(check.candidate_blocks(text), [(2, 153)])

    def test_function_of_the_limit_is_no_candidate(self):
        self.assertEqual(check.candidate_blocks(function("f", 150)), [])

    def test_long_namespaces_and_classes_are_no_candidates(self):
        filler = "int v;\n" * 200
        for head in ("namespace a", "namespace", "class C : public B",
                     "template <class T> struct S", "enum class E : int",
                     'extern "C"'):
            with self.subTest(head=head):
                self.assertEqual(
                    check.candidate_blocks(head + " {\n" + filler + "}\n"), [])

    def test_a_struct_returning_function_is_a_candidate(self):
        text = function("f", 160).replace("int f", "struct S *f")
        self.assertEqual(len(check.candidate_blocks(text)), 1)

    def test_braces_in_literals_comments_and_directives_are_skipped(self):
        text = ('const char *s = "{";\nchar c = \'{\';\n/* { */\n'
                '#define OPEN {\nconst char *r = R"x({)x";\nint n = 1\'000;\n')
        self.assertEqual(check.candidate_blocks(text), [])

    def test_unmatched_braces_send_the_file_to_clang_tidy(self):
        self.assertIsNone(check.candidate_blocks("void f() {\n"))
        self.assertIsNone(check.candidate_blocks("}\n"))


class WholeCheck(unittest.TestCase):
    def setUp(self):
        self.root = tempfile.mkdtemp()
        self.build = os.path.join(self.root, "build")
        os.makedirs(self.build)
        self.units = []

    def tearDown(self):
        shutil.rmtree(self.root)

    def add(self, rel, text):
        path = os.path.join(self.root, rel)
        os.makedirs(os.path.dirname(path), exist_ok=True)
        with open(path, "w") as f:
            f.write(text)
        if rel.endswith(".cpp"):
            self.units.append({"directory": self.build, "file": path,
                               "arguments": ["c++", "-c", path]})

    def run_check(self):
        with open(os.path.join(self.build, "compile_commands.json"), "w") as f:
            json.dump(self.units, f)
        run = subprocess.run(
            [sys.executable, SCRIPT, "--source-dir", self.root, "--build-dir",
             self.build], stdout=subprocess.PIPE, text=True)
        return run.returncode, run.stdout

    def test_a_long_file_fails(self):
        self.add("lib/A.cpp", "int v;\n" * 800)
        self.add("lib/B.cpp", "int v;\n" * 799)
        rc, out = self.run_check()
        self.assertEqual(rc, 1, out)
        self.assertIn("lib/A.cpp: 800 lines", out)
        self.assertNotIn("lib/B.cpp", out)

    @unittest.skipUnless(shutil.which("clang-tidy-22"), "needs clang-tidy-22")
    def test_functions_over_the_limit_fail(self):
        self.add("lib/A.cpp", function("fits", 150) + function("over", 151))
        self.add("tool/main.cpp", '#include "../include/H.h"\nint m;\n')
        self.add("include/H.h", "inline " + function("inHeader", 151))
        self.add("test/T.cpp", function("inTests", 300))
        rc, out = self.run_check()
        self.assertEqual(rc, 1, out)
        self.assertIn("lib/A.cpp:152: function 'over' has 151 lines", out)
        self.assertIn("include/H.h:1: function 'inHeader' has 151 lines", out)
        self.assertNotIn("fits", out)
        self.assertNotIn("inTests", out)

    @unittest.skipUnless(shutil.which("clang-tidy-22"), "needs clang-tidy-22")
    def test_within_bounds_passes(self):
        self.add("lib/A.cpp", function("fits", 150))
        rc, out = self.run_check()
        self.assertEqual(rc, 0, out)


if __name__ == "__main__":
    unittest.main()
