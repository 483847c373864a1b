"""Games hold only their rules, and core has no import circle (issue 49).

A game module (core/games/*.py) holds rules and labels. What it must not do, read from
its source, each with where that need goes instead:
- prepare a screen ahead (rehearse, a prompt's warm, a secret's ready): core.prepare
  works out the next screen from the game's contract;
- manage the device's memory (release, forget_large, sys.modules, gc, HOLDS): the
  Tablebox firmware keeps the code in flash; core.home and core.play let go of core's own
  modules for the stock firmware;
- import inside a function (for memory or time): imports go at the top; only the games'
  registry (core/games/__init__.py) imports a game by its id;
- keep a module-level cache (a list, dict or bytearray, or core.Recent, filled by its
  functions): a game's work is a function of the state; what is slow is prepared by
  core.prepare (its kept state: a guess is judged once);
- import a module that imports it back (a circle), here or anywhere in core.

And a module name written as a string in core must name a module (and function) that is
there: a typo would send the box home with an error screen.
"""

import ast
import os
import re

import pytest

HERE = os.path.dirname(os.path.abspath(__file__))
CORE = os.path.join(os.path.dirname(HERE), "core")
GAMES = os.path.join(CORE, "games")

CALLS = {
    "rehearse": "core.prepare draws the next screen ahead, from the game's contract",
    "release": "the Tablebox firmware keeps the code in flash; core lets go of its own modules",
    "forget_large": "core.frame keeps its recent texts itself",
    "__import__": "import at the top of the module (only core.games.load imports a game by id)",
}
ATTRS = {
    "warm": "core.prepare prepares the next screen (App.warm is core's)",
    "ready": "core.prepare prepares what a secret leads to",
    "modules": "sys.modules is core's (core.games.load, core.release)",
}
NAMES = {
    "HOLDS": "core.play lets go only of core's own modules",
    "Recent": "a game keeps no cache: core.prepare keeps the state an action leads to",
    "gc": "the device loop collects garbage (firmware/main.py)",
}
MUTATORS = ("append", "extend", "clear", "put", "pop", "update", "insert", "remove", "setdefault")


def _game_files():
    """Every game module, and host_sim/kit.py (the small test game, written as a game is)."""
    kit = os.path.join(os.path.dirname(CORE), "host_sim", "kit.py")
    return sorted(os.path.join(GAMES, f) for f in os.listdir(GAMES) if f.endswith(".py")) + [kit]


def _tactics(path):
    """[(line, what, where it goes)] of a game module's source."""
    tree = ast.parse(open(path, encoding="utf-8").read(), path)
    registry = os.path.basename(path) == "__init__.py"
    out = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Call):
            f = node.func
            name = f.id if isinstance(f, ast.Name) else f.attr if isinstance(f, ast.Attribute) else None
            if name in CALLS and not (registry and name == "__import__"):
                out.append((node.lineno, name + "()", CALLS[name]))
        elif isinstance(node, ast.Attribute) and node.attr in ATTRS:
            out.append((node.lineno, "." + node.attr, ATTRS[node.attr]))
        elif isinstance(node, ast.Name) and node.id in NAMES:
            out.append((node.lineno, node.id, NAMES[node.id]))
        elif isinstance(node, (ast.Import, ast.ImportFrom)):
            mods = [a.name for a in node.names] + ([node.module] if isinstance(node, ast.ImportFrom) and node.module else [])
            for m in mods:
                if m in ("gc", "sys"):
                    out.append((node.lineno, "import " + m, NAMES["gc"] if m == "gc" else ATTRS["modules"]))
    for fn in ast.walk(tree):
        if isinstance(fn, (ast.FunctionDef, ast.Lambda)):
            for node in ast.walk(fn):
                if isinstance(node, (ast.Import, ast.ImportFrom)):
                    out.append((node.lineno, "an import inside a function", CALLS["__import__"]))
    out += [(line, "a module-level cache " + name, NAMES["Recent"]) for line, name in _caches(tree)]
    return sorted(set(out))


def _caches(tree):
    """Module-level names bound to a list, dict, set or bytearray that a function fills."""
    bound = {}
    for node in tree.body:
        if isinstance(node, ast.Assign) and isinstance(node.value, (ast.List, ast.Dict, ast.Set, ast.Call, ast.ListComp)):
            v = node.value
            if isinstance(v, ast.Call) and not (isinstance(v.func, ast.Name) and v.func.id in ("list", "dict", "set", "bytearray", "Recent")):
                continue
            for t in node.targets:
                if isinstance(t, ast.Name):
                    bound[t.id] = node.lineno
    found = []
    for fn in ast.walk(tree):
        if not isinstance(fn, (ast.FunctionDef, ast.Lambda)):
            continue
        for node in ast.walk(fn):
            target = None
            if isinstance(node, (ast.Assign, ast.AugAssign)):
                for t in node.targets if isinstance(node, ast.Assign) else [node.target]:
                    if isinstance(t, ast.Subscript) and isinstance(t.value, ast.Name):
                        target = t.value.id
            elif isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute) and node.func.attr in MUTATORS:
                if isinstance(node.func.value, ast.Name):
                    target = node.func.value.id
            elif isinstance(node, ast.Global):
                found += [(bound[n], n) for n in node.names if n in bound]
            if target in bound and not _local(fn, target):
                found.append((bound[target], target))
    return found


def _local(fn, name):
    """name is bound inside the function (an argument or an assignment): not the module's."""
    if isinstance(fn, ast.Lambda):
        return name in [a.arg for a in fn.args.args]
    if name in [a.arg for a in fn.args.args + fn.args.kwonlyargs]:
        return True
    for node in ast.walk(fn):
        if isinstance(node, ast.Assign):
            for t in node.targets:
                if isinstance(t, ast.Name) and t.id == name:
                    return True
                if isinstance(t, ast.Tuple) and name in [e.id for e in t.elts if isinstance(e, ast.Name)]:
                    return True
        elif isinstance(node, (ast.For, ast.comprehension)) and isinstance(node.target, ast.Name) and node.target.id == name:
            return True
    return False


@pytest.mark.parametrize("path", _game_files(), ids=os.path.basename)
def test_a_game_module_holds_no_tactic(path):
    found = _tactics(path)
    rel = os.path.relpath(path, os.path.dirname(CORE))
    assert not found, "\n".join("%s:%d: %s: %s" % (rel, line, what, where) for line, what, where in found)


def test_the_lint_finds_every_kind_of_tactic(tmp_path):
    """The checks above can fail: a module with one of each is refused on each line."""
    bad = tmp_path / "bad.py"
    bad.write_text(
        "import gc\n"  # 1
        "from core import release\n"  # 2
        "_SEEN = []\n"  # 3
        "def f(s, p):\n"
        "    from core.tiles import Multi\n"  # 5
        "    p.warm = (lambda: rehearse(p),)\n"  # 6
        "    release('core.show')\n"  # 7
        "    _SEEN.append(s)\n"
        "    return HOLDS\n"  # 9
    )
    lines = {line for line, _, _ in _tactics(str(bad))}
    assert {1, 3, 5, 6, 7, 9} <= lines, _tactics(str(bad))


def _modules():
    """{dotted name: path} of every module of core."""
    out = {}
    for root, _, files in os.walk(CORE):
        for f in files:
            if f.endswith(".py"):
                rel = os.path.relpath(os.path.join(root, f), os.path.dirname(CORE))[:-3].replace(os.sep, ".")
                out[rel[: -len(".__init__")] if rel.endswith(".__init__") else rel] = os.path.join(root, f)
    return out


def _imports(name, path, modules):
    """The core modules `name` imports, at the top or inside a function."""
    tree = ast.parse(open(path, encoding="utf-8").read(), path)
    package = name if path.endswith("__init__.py") else name.rpartition(".")[0]
    out = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            out.update(a.name for a in node.names if a.name in modules)
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                base = package + ("." + base if base else "")
            for a in node.names:
                sub = base + "." + a.name
                out.add(sub if sub in modules else base)
    out.discard(name)
    return {m for m in out if m in modules}


def import_graph():
    modules = _modules()
    return {m: _imports(m, p, modules) for m, p in modules.items()}


def circles(graph):
    """Each import circle once, as the list of modules around it."""
    found = []
    state = {}

    def visit(m, path):
        state[m] = 1
        path.append(m)
        for n in sorted(graph[m]):
            if state.get(n) == 1:
                found.append(path[path.index(n) :] + [n])
            elif n not in state:
                visit(n, path)
        path.pop()
        state[m] = 2

    for m in sorted(graph):
        if m not in state:
            visit(m, [])
    return found


def test_core_has_no_import_circle():
    graph = import_graph()
    assert "core.start" in graph["core.home"] and "core.play" in graph["core.start"]
    assert not circles(graph), "\n".join(" -> ".join(c) for c in circles(graph))


def test_the_circle_check_finds_a_circle():
    graph = import_graph()
    graph["core.gamemenu"].add("core.play")  # as gamemenu and play once imported each other
    assert circles(graph) == [["core.play", "core.gamemenu", "core.play"]]


MODULE = re.compile(r"^core(\.[a-z_0-9]+)+$")


def test_every_module_named_in_a_string_is_there():
    """Strings that name a core module (a screen's opener, what core lets go of) name one
    that exists; a screen's (module, function) names a function of it."""
    modules = _modules()
    bad = []
    for name, path in modules.items():
        tree = ast.parse(open(path, encoding="utf-8").read(), path)
        for node in ast.walk(tree):
            if isinstance(node, ast.Constant) and isinstance(node.value, str) and MODULE.match(node.value):
                if node.value not in modules:
                    bad.append("%s:%d: %r" % (name, node.lineno, node.value))
            if isinstance(node, ast.Tuple) and len(node.elts) == 2 and all(isinstance(e, ast.Constant) and isinstance(e.value, str) for e in node.elts):
                mod, fn = node.elts[0].value, node.elts[1].value
                if MODULE.match(mod) and fn and mod in modules:
                    if not re.search(r"^(def|class) %s\b" % re.escape(fn), open(modules[mod], encoding="utf-8").read(), re.M):
                        bad.append("%s:%d: %s has no %s" % (name, node.lineno, mod, fn))
    from core.games import GAMES

    bad += ["GAMES: core.games.%s" % g[1] for g in GAMES if g[1] and "core.games." + g[1] not in modules]
    assert not bad, "\n".join(bad)
