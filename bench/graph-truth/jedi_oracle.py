"""The Python oracle for bench/graph-truth/py.mjs: jedi's own view of a project.

  python3 jedi_oracle.py defs ROOT    -> JSON list of declarations (module level and class level)
  python3 jedi_oracle.py refs ROOT    <- JSON list of {file, line, col0} on stdin
                                      -> JSON list of {refs, declarations}, one per input
  python3 jedi_oracle.py rename ROOT  <- JSON list of {file, line, col0, name} on stdin
                                      -> JSON list, one per input: the sites `Script.rename` would
                                         rewrite ({file, line, col}), or null when jedi refuses
Columns out are 1-based UTF-8 byte columns (what splice reports); jedi's are 0-based code points.
"""
import json
import os
import sys

import jedi


def byte_col(line_text, col0):
    return len(line_text[:col0].encode("utf-8")) + 1


def source_files(root):
    for d, dirs, files in os.walk(root):
        dirs[:] = sorted(x for x in dirs if not x.startswith("."))
        for f in sorted(files):
            if f.endswith(".py"):
                yield os.path.join(d, f)


def lines_of(path, cache={}):
    if path not in cache:
        with open(path, encoding="utf-8") as f:
            cache[path] = f.read().splitlines()
    return cache[path]


def is_import(name):
    """`from m import X` (also on a continuation line) binds X but does not declare it."""
    tree_name = getattr(name._name, "tree_name", None)
    definition = tree_name.get_definition(import_name_always=True) if tree_name is not None else None
    return definition is not None and definition.type in ("import_from", "import_name")


def in_comprehension(name):
    """`k` in `{k: v for k, v in ...}` at module level is the comprehension's own, not the module's."""
    tree_name = getattr(name._name, "tree_name", None)
    return tree_name is not None and tree_name.search_ancestor("sync_comp_for", "comp_for") is not None


def kind_of(name):
    parent = name.parent()
    if parent is None:
        return None
    if name.type == "class":
        return "class"
    if name.type == "function":
        return "method" if parent.type == "class" else "function" if parent.type == "module" else None
    if name.type == "statement":
        return "attribute" if parent.type == "class" else "variable" if parent.type == "module" else None
    return None


def defs(project, root):
    out, seen = [], set()
    for path in source_files(root):
        script = jedi.Script(path=path, project=project)
        for name in script.get_names(all_scopes=True, definitions=True, references=False):
            kind = kind_of(name)
            if kind is None:
                continue
            text = lines_of(path)[name.line - 1]
            if is_import(name) or in_comprehension(name):
                continue
            scope = name.parent()
            key = (path, scope.line, scope.name, name.name)
            if key in seen:  # assigned again in the same scope: one symbol, its first assignment
                continue
            seen.add(key)
            out.append({"name": name.name, "kind": kind, "file": os.path.relpath(path, root),
                        "line": name.line, "col": byte_col(text, name.column), "col0": name.column})
    return out


def refs(project, root, wanted):
    out = []
    for w in wanted:
        script = jedi.Script(path=os.path.join(root, w["file"]), project=project)
        found, decls = [], []
        for r in script.get_references(w["line"], w["col0"], scope="project"):
            if r.module_path is None or not str(r.module_path).startswith(root + os.sep):
                continue
            path = str(r.module_path)
            site = {"file": os.path.relpath(path, root), "line": r.line,
                    "col": byte_col(lines_of(path)[r.line - 1], r.column)}
            (decls if r.is_definition() else found).append(site)
        out.append({"refs": found, "declarations": decls})
    return out


def rename(project, root, wanted):
    """What jedi's own rename edits: the names of its Refactoring (a private field: the public API
    only gives diffs), kept to the project's files and to the names that spell the old name."""
    out = []
    for w in wanted:
        script = jedi.Script(path=os.path.join(root, w["file"]), project=project)
        try:
            refactoring = script.rename(w["line"], w["col0"], new_name=w["name"] + "Rn")
        except jedi.RefactoringError:
            out.append(None)
            continue
        sites = []
        for path, names in refactoring._file_to_node_changes.items():
            if path is None or not str(path).startswith(root + os.sep):
                continue
            for tree_name in names:
                if tree_name.value != w["name"]:
                    continue
                line, col0 = tree_name.start_pos
                sites.append({"file": os.path.relpath(str(path), root), "line": line,
                              "col": byte_col(lines_of(str(path))[line - 1], col0)})
        out.append(sites)
    return out


def main():
    mode, root = sys.argv[1], os.path.realpath(sys.argv[2])
    # The project's own directory first and no site-packages, so `import jedi` inside it is this copy.
    stdlib = [p for p in sys.path if p and "-packages" not in p and os.path.isdir(p)]
    project = jedi.Project(root, sys_path=[root] + stdlib, smart_sys_path=False)
    if mode == "defs":
        json.dump(defs(project, root), sys.stdout)
    elif mode == "rename":
        json.dump(rename(project, root, json.load(sys.stdin)), sys.stdout)
    else:
        json.dump(refs(project, root, json.load(sys.stdin)), sys.stdout)


main()
