// The code graph's Python and Go references, one fixture per class of reference the language
// oracles (jedi, go/types; bench/graph-truth) showed it missing or getting wrong.
import { describe, expect, it } from "vitest"
import { findCommand } from "../../src/commands/graph/find.js"
import { refsCommand } from "../../src/commands/graph/refs.js"
import { runGraph, SavedGraph } from "../support/graph.js"
import { MemoryFs } from "../support/memory.js"

type Ref = { file: string; line: number; col: number; kind: string; resolution: string; in: string | null }

const refs = async (files: Record<string, string>, name: string, file?: string, kind?: string) => {
  const r = await runGraph(refsCommand({ name, ...(file ? { file } : {}), ...(kind ? { kind } : {}) }), new MemoryFs(files), new SavedGraph())
  expect(r.error).toBeUndefined()
  return { definition: r.last["definition"] as Record<string, unknown>, references: r.last["references"] as Ref[] }
}
const sites = (rs: Ref[]) => rs.map((r) => `${r.file}:${r.line}:${r.col} ${r.kind} ${r.resolution}`)

describe("Python references", () => {
  it("a qualified call through `import a.b` (a.b.name(…))", async () => {
    const r = await refs({
      "pkg/__init__.py": "",
      "pkg/util.py": "def parse(s):\n    return s\n",
      "main.py": "import pkg.util\n\ndef run():\n    return pkg.util.parse('x')\n"
    }, "parse")
    expect(sites(r.references)).toEqual(["main.py:4:21 call exact"])
  })

  it("a read in a default argument; a parameter or keyword of the same name is not one", async () => {
    const r = await refs({
      "m.py": "LIMIT = 3\n\ndef f(n=LIMIT):\n    return n\n\ndef g(LIMIT):\n    return LIMIT\n\nf(LIMIT=1)\n"
    }, "LIMIT")
    expect(sites(r.references)).toEqual(["m.py:3:9 read exact"])
  })

  it("super().__init__ is the base class's method, found through the import of the base", async () => {
    const files = {
      "base.py": "class Base:\n    def __init__(self, v):\n        self.v = v\n",
      "child.py": "from base import Base\n\nclass Child(Base):\n    def __init__(self):\n        super().__init__(1)\n"
    }
    const base = await refs(files, "__init__", "base.py")
    expect(sites(base.references)).toEqual(["child.py:5:17 call exact"])
    const child = await refs(files, "__init__", "child.py")
    expect(child.references).toEqual([])
  })

  it("class attributes are symbols, used through self, cls, the class and a subclass", async () => {
    const files = {
      "kinds.py": "class Shape:\n    kind = 'shape'\n    sides: int\n\n    def describe(self):\n        return self.kind\n\n    @classmethod\n    def make(cls):\n        return cls.sides\n",
      "use.py": "from kinds import Shape\n\nclass Square(Shape):\n    def name(self):\n        return self.kind + Shape.kind\n"
    }
    const found = await runGraph(findCommand({ name: "kind", exported: false, fuzzy: false, limit: 10 }), new MemoryFs(files), new SavedGraph())
    expect(found.lines.filter((l) => l["type"] === "symbol").map((l) => `${l["kind"]} ${l["qualified_name"]}`)).toEqual(["variable Shape.kind"])
    const kind = await refs(files, "kind")
    expect(sites(kind.references)).toEqual(["kinds.py:6:21 read exact", "use.py:5:21 read exact", "use.py:5:34 read exact"])
    const sides = await refs(files, "sides")
    expect(sites(sides.references)).toEqual(["kinds.py:10:20 read exact"])
  })

  it("self.x in a class that assigns self.x is the instance's attribute, not the class attribute it shadows", async () => {
    const r = await refs({
      "env.py": "class Project:\n    _env = None\n\n    def get(self):\n        if self._env is None:\n            self._env = 1\n        return self._env\n\n\ndef default():\n    return Project._env\n"
    }, "_env")
    expect(sites(r.references)).toEqual(["env.py:11:20 read exact"])
  })

  it("self.x is an instance attribute of any base before a class attribute of an earlier one", async () => {
    const files = {
      "m.py": "class Mixin:\n    node: object\n\nclass Tree:\n    def __init__(self, node):\n        self.node = node\n\nclass Module(Mixin, Tree):\n    def start(self):\n        return self.node\n"
    }
    const r = await runGraph(refsCommand({ name: "Tree.node" }), new MemoryFs(files), new SavedGraph())
    expect(sites(r.last["references"] as Ref[])).toEqual(["m.py:10:21 read exact"])
    expect((await refs(files, "Mixin.node")).references).toEqual([])
  })

  it("a method called on a local of known type: an annotated parameter, a constructed object, a function's annotated result", async () => {
    const files = {
      "shapes.py": "class Rect:\n    def area(self):\n        return 1\n\ndef make() -> Rect:\n    return Rect()\n",
      "use.py": "from shapes import Rect, make\n\ndef a(r: Rect):\n    return r.area()\n\ndef b():\n    r = Rect()\n    return r.area()\n\ndef c():\n    r = make()\n    return r.area()\n\ndef d(x):\n    return x.area()\n"
    }
    expect(sites((await refs(files, "area")).references)).toEqual(["use.py:4:14 call exact", "use.py:8:14 call exact", "use.py:12:14 call exact"])
  })

  it("an attribute read on a local of known type or on a call's result, instance and class attributes alike", async () => {
    const files = {
      "shapes.py": "class Rect:\n    sides = 4\n\n    def __init__(self):\n        self.width = 1\n\ndef make() -> Rect:\n    return Rect()\n",
      "use.py": "from shapes import Rect, make\n\ndef a(r: Rect):\n    return r.width + r.sides\n\ndef b():\n    r = Rect()\n    return r.width + Rect().width + make().sides\n\ndef c(x, s: str):\n    return x.width + s.width + len(s).width\n"
    }
    expect(sites((await refs(files, "width")).references)).toEqual(["use.py:4:14 read exact", "use.py:8:14 read exact", "use.py:8:29 read exact"])
    expect(sites((await refs(files, "sides")).references)).toEqual(["use.py:4:24 read exact", "use.py:8:44 read exact"])
  })

  it("a bare name in a class's own body is the class's member (a method passed along, an attribute read); in a method it is not", async () => {
    const files = {
      "frac.py": "def _fallbacks(op):\n    return op\n\n\nclass F:\n    word = 'w'\n    pattern = '(%s)' % word\n\n    def _add(a, b):\n        return a + b\n\n    __add__ = _fallbacks(_add)\n    both = _fallbacks(op=_add)\n\n    def m(self):\n        return word\n\n\nword = 'top'\n"
    }
    expect(sites((await refs(files, "F._add")).references)).toEqual(["frac.py:12:26 read exact", "frac.py:13:26 read exact"])
    expect(sites((await refs(files, "F.word")).references)).toEqual(["frac.py:7:24 read exact"])
    // `word` in the method is the module's, not the class's.
    expect(sites((await refs(files, "word", "frac.py", "constant")).references)).toEqual(["frac.py:16:16 read exact"])
  })

  it("a method of an object of unknown type is not listed under another class's method of that name", async () => {
    const r = await refs({
      "a.py": "class A:\n    def close(self):\n        pass\n",
      "b.py": "class B:\n    def close(self):\n        pass\n\n    def done(self):\n        self.close()\n",
      "c.py": "def shut(x):\n    x.close()\n"
    }, "close", "a.py")
    expect(r.references).toEqual([])
  })
})

describe("Go references", () => {
  const pkg = (files: Record<string, string>) => Object.fromEntries(Object.entries(files).map(([f, t]) => [`app/${f}`, `package app\n\n${t}`]))

  it("variables of a var ( … ) block, used from another file of the package", async () => {
    const files = pkg({
      "errors.go": "import \"errors\"\n\nvar (\n\tErrClosed = errors.New(\"closed\")\n\tretries   = 3\n)\n",
      "use.go": "func check(err error) bool {\n\treturn err == ErrClosed && retries > 0\n}\n"
    })
    const found = await runGraph(findCommand({ name: "ErrClosed", exported: false, fuzzy: false, limit: 10 }), new MemoryFs(files), new SavedGraph())
    expect(found.lines.filter((l) => l["type"] === "symbol").map((l) => `${l["kind"]} ${l["name"]}`)).toEqual(["variable ErrClosed"])
    expect(sites((await refs(files, "ErrClosed")).references)).toEqual(["app/use.go:4:16 read exact"])
    expect(sites((await refs(files, "retries")).references)).toEqual(["app/use.go:4:29 read exact"])
  })

  it("interface method specs are methods of the interface, called through a type assertion", async () => {
    const files = pkg({
      "hijack.go": "type Hijacker interface {\n\tHijack() error\n}\n\nfunc take(w any) error {\n\treturn w.(Hijacker).Hijack()\n}\n"
    })
    const r = await refs(files, "Hijack")
    expect(r.definition).toMatchObject({ qualified_name: "Hijacker.Hijack", kind: "method" })
    expect(sites(r.references)).toEqual(["app/hijack.go:8:22 call exact"])
  })

  it("`case X:` reads and functions used as values", async () => {
    const files = pkg({
      "status.go": "const StatusOK = 200\n\nfunc handleA() {}\n\nvar handlers = map[string]func(){\"a\": handleA}\n\nfunc text(code int) string {\n\tswitch code {\n\tcase StatusOK:\n\t\treturn \"OK\"\n\t}\n\treturn \"\"\n}\n"
    })
    expect(sites((await refs(files, "StatusOK")).references)).toEqual(["app/status.go:11:7 read exact"])
    expect(sites((await refs(files, "handleA")).references)).toEqual(["app/status.go:7:39 read exact"])
  })

  it("x.Method() is not a use of a package function of that name; a local of that name is not either", async () => {
    const files = pkg({
      "close.go": "type conn struct{}\n\nfunc (c *conn) Close() {}\n\nfunc Close() {}\n\nfunc shut(c *conn) {\n\tc.Close()\n\tClose()\n}\n\nfunc (c *conn) stop() {\n\tc.Close()\n}\n\nfunc other() {\n\tClose := func() {}\n\tClose()\n}\n"
    })
    const fn = await refs(files, "Close", "app/close.go", "function")
    expect(sites(fn.references)).toEqual(["app/close.go:11:2 call exact"])
    const method = await refs(files, "Close", "app/close.go", "method")
    // Through a parameter's declared type and through the receiver.
    expect(sites(method.references)).toEqual(["app/close.go:10:4 call exact", "app/close.go:15:4 call exact"])
  })

  it("a method called on a parameter, a local or an assertion of an interface type is the interface's method", async () => {
    const files = {
      ...pkg({
        "iface.go": "type Flusher interface {\n\tFlush()\n}\n\ntype buf struct{}\n\nfunc (b *buf) Flush() {}\n\nfunc a(f Flusher) {\n\tf.Flush()\n}\n\nfunc b(w any) {\n\tfl, ok := w.(Flusher)\n\tif ok {\n\t\tfl.Flush()\n\t}\n\tvar g Flusher\n\tg.Flush()\n\tx := &buf{}\n\tx.Flush()\n}\n"
      }),
      "other/use.go": "package other\n\nimport \"example.com/app\"\n\nfunc c(f app.Flusher) {\n\tf.Flush()\n}\n",
      "go.mod": "module example.com\n"
    }
    const all = await runGraph(refsCommand({ name: "Flusher.Flush" }), new MemoryFs(files), new SavedGraph())
    expect(sites(all.last["references"] as Ref[])).toEqual(["app/iface.go:12:4 call exact", "app/iface.go:18:6 call exact", "app/iface.go:21:4 call exact", "other/use.go:6:4 call exact"])
    const concrete = await runGraph(refsCommand({ name: "buf.Flush" }), new MemoryFs(files), new SavedGraph())
    expect(sites(concrete.last["references"] as Ref[])).toEqual(["app/iface.go:23:4 call exact"])
  })

  it("a method called on a call's result or on a local assigned one: the type the function returns (the first of several), in its own package or another", async () => {
    const files = {
      ...pkg({
        "t.go": "type T struct{ n int }\n\nfunc (t *T) Size() int { return t.n }\n\ntype U struct{}\n\nfunc (u U) Size() int { return 0 }\n\nfunc NewT(n int) *T { return &T{n} }\n\nfunc Pair() (t *T, err error) { return nil, nil }\n\nfunc use() int {\n\treturn NewT(1).Size() + NewT(len(\"ab\")).Size()\n}\n"
      }),
      "other/use.go": "package other\n\nimport \"example.com/app\"\n\nfunc c() int {\n\treturn app.NewT(2).Size()\n}\n\nfunc d() int {\n\tt := app.NewT(3)\n\tu, err := app.Pair()\n\t_ = err\n\treturn t.Size() + u.Size()\n}\n",
      "go.mod": "module example.com\n"
    }
    const t = await runGraph(refsCommand({ name: "T.Size" }), new MemoryFs(files), new SavedGraph())
    expect(sites(t.last["references"] as Ref[])).toEqual(["app/t.go:16:17 call exact", "app/t.go:16:42 call exact", "other/use.go:6:21 call exact", "other/use.go:13:11 call exact", "other/use.go:13:22 call exact"])
    expect(t.last["by_name"]).toEqual([])
    const u = await runGraph(refsCommand({ name: "U.Size" }), new MemoryFs(files), new SavedGraph())
    expect(u.last["references"]).toEqual([])
  })
})


describe("Go struct literals of another package's type", () => {
  it("keys of `box.Box{Size: 2}` and of elided elements of `[]box.Box{{Size: 4}}` are exact references of the field", async () => {
    const files = {
      "go.mod": "module example.com/m\n\ngo 1.19\n",
      "box/box.go": "package box\n\ntype Box struct {\n\tSize int\n}\n",
      "app/app.go": "package app\n\nimport \"example.com/m/box\"\n\nfunc F() int {\n\tc := box.Box{Size: 2}\n\tl := []box.Box{{Size: 4}}\n\tm := map[string]*box.Box{\"a\": {Size: 5}}\n\treturn c.Size + l[0].Size + m[\"a\"].Size\n}\n"
    }
    const r = await runGraph(refsCommand({ name: "Box.Size" }), new MemoryFs(files), new SavedGraph())
    const lines = (r.last["references"] as Array<{ file: string; line: number; col: number }>).map((x) => `${x.file}:${x.line}:${x.col}`)
    expect(lines).toEqual(expect.arrayContaining(["app/app.go:6:15", "app/app.go:7:18", "app/app.go:8:33"]))
  })
})
