"""What Python's own parser says of each file named on stdin: every def and class with its line,
end line and first decorator's line, and how many functions and classes there are (JSON on stdout)."""
import ast
import json
import sys

out = {}
for path in sys.stdin.read().split("\n"):
    if not path:
        continue
    try:
        tree = ast.parse(open(path, "rb").read())
    except (SyntaxError, ValueError):
        continue
    defs = []
    for node in ast.walk(tree):
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
            decorators = [d.lineno for d in node.decorator_list]
            defs.append({"name": node.name, "line": node.lineno, "end": node.end_lineno, "decorator": min(decorators) if decorators else None})
    out[path] = {
        "defs": defs,
        "functions": sum(isinstance(n, (ast.FunctionDef, ast.AsyncFunctionDef)) for n in ast.walk(tree)),
        "classes": sum(isinstance(n, ast.ClassDef) for n in ast.walk(tree)),
    }
json.dump(out, sys.stdout)
