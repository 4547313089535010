import * as fs from "node:fs"
import * as path from "node:path"
import * as Effect from "effect/Effect"
import { describe, expect, it } from "vitest"
import { SyntaxLive } from "../../layers/live/SyntaxLive.js"
import { goCall } from "../../src/commands/graph/resolveMembers.js"
import { discoverDb } from "../../src/domain/graph/discovery.js"
import { extractFacts } from "../../src/domain/graph/extract.js"
import type { ImportFact } from "../../src/domain/graph/facts.js"
import { graphQueries } from "../../src/domain/graph/queries.js"
import { parsePackageJson, parseTsconfig, resolveModule } from "../../src/domain/graph/resolveModule.js"
import { buildScaffold, keywordsOf, relativeImport } from "../../src/domain/graph/scaffold.js"
import { grammarForPath } from "../../src/domain/languages.js"
import { Syntax } from "../../services/Syntax.js"
import { FIXTURES } from "../support/graph.js"

const facts = async (file: string, source?: string) => {
  const text = source ?? fs.readFileSync(path.join(FIXTURES, file), "utf8")
  const g = grammarForPath(file)!
  const matches = await Effect.runPromise(Effect.flatMap(Syntax, (s) => s.query(g, text, graphQueries[g.language]!)).pipe(Effect.provide(SyntaxLive)))
  return extractFacts(g.language, text, matches)
}
const defs = (f: Awaited<ReturnType<typeof facts>>) => f.symbols.map((s) => `${s.kind} ${s.qualifiedName}${s.exported ? " (exported)" : ""}`)

describe("extraction per language (fixtures in test/fixtures/graph)", () => {
  it("TypeScript: kinds, containers, signatures, return types, exports, imports", async () => {
    const f = await facts("ts/src/lib/shapes.ts")
    expect(defs(f)).toEqual([
      "interface Shape (exported)", "method Shape.area", "class Circle (exported)", "method Circle.constructor", "method Circle.area",
      "function makeCircle (exported)", "type ShapeList (exported)", "enum Unit (exported)", "constant internalScale", "constant DEFAULT_RADIUS (exported)"
    ])
    const make = f.symbols.find((s) => s.name === "makeCircle")!
    expect(make).toMatchObject({ signature: "function makeCircle(radius: number): Circle", parameters: "(radius: number)", returnType: "Circle", startLine: 12, startColumn: 8, endLine: 14 })
    expect(f.refs.filter((r) => r.kind === "call").map((r) => r.name)).toEqual(["Circle"])
    const main = await facts("ts/src/main.ts")
    expect(main.imports.map((i) => [i.module, i.names.map((n) => n.name)])).toEqual([["./lib/index", ["makeCircle", "describe"]], ["@util/format", ["formatArea"]], ["./lib/shapes", ["Shape"]]])
    const index = await facts("ts/src/lib/index.ts")
    expect(index.imports).toEqual([
      expect.objectContaining({ module: "./shapes", reexports: [{ name: "makeCircle", alias: null }, { name: "Circle", alias: null }] }),
      expect.objectContaining({ module: "./more", wildcard: true })
    ])
  })

  it("Python: classes, methods, module constants, relative imports", async () => {
    const f = await facts("py/pkg/geometry.py")
    expect(defs(f)).toEqual(["class Rect (exported)", "method Rect.__init__", "variable Rect.w", "variable Rect.h", "method Rect.area", "function scale (exported)", "constant _private", "constant UNIT (exported)"])
    expect(f.symbols.find((s) => s.name === "scale")).toMatchObject({ signature: "def scale(r: Rect, k: float) -> Rect", returnType: "Rect" })
    const r = await facts("py/pkg/report.py")
    expect(r.imports.map((i) => [i.module, i.names.map((n) => n.name)])).toEqual([[".geometry", ["Rect", "scale"]], ["pkg", ["geometry"]]])
    expect(r.refs.find((x) => x.name === "UNIT")).toMatchObject({ kind: "read", qualifier: "geometry" })
  })

  it("Rust: structs, impl methods, traits, pub, mod and use", async () => {
    const f = await facts("rs/src/shapes.rs")
    expect(defs(f)).toEqual(["struct Square (exported)", "method Square::new (exported)", "trait Area (exported)", "method Area::area", "function perimeter (exported)", "function helper"])
    const m = await facts("rs/src/main.rs")
    expect(m.imports).toEqual([
      expect.objectContaining({ module: "shapes", isModDeclaration: true }),
      expect.objectContaining({ module: "crate::shapes", names: [{ name: "Square", alias: null }, { name: "perimeter", alias: null }] })
    ])
    expect(m.refs.find((r) => r.name === "new")).toMatchObject({ kind: "call", qualifier: "Square" })
  })

  it("Go: functions, methods on receivers, structs and their fields, capitalised exports, imports", async () => {
    const f = await facts("go/pkg/geo/point.go")
    expect(defs(f)).toEqual(["struct Point (exported)", "property Point.X (exported)", "property Point.Y (exported)", "function NewPoint (exported)", "method Point.Norm (exported)", "function clamp"])
    const m = await facts("go/main.go")
    expect(m.imports.map((i) => i.module)).toEqual(["fmt", "example.com/app/pkg/geo"])
    expect(m.refs.find((r) => r.name === "NewPoint")).toMatchObject({ kind: "call", qualifier: "geo" })
  })

  it("Go: fields of anonymous structs (test tables) are named after the variable and function; literal keys and range reads are exact", async () => {
    const f = await facts("p_test.go", [
      "package p",
      "type Box struct{ Size int }",
      "var tests = []struct {",
      "\tname string",
      "\twant int",
      "}{{name: \"a\", want: 1}}",
      "func TestX() {",
      "\ttests := []struct {",
      "\t\tin, out string",
      "\t\tbox     Box",
      "\t}{{in: \"a\", out: \"b\", box: Box{Size: 1}}}",
      "\tfor _, tt := range tests { use(tt.in, tt.box.Size) }",
      "\tfor _, c := range [...]struct{ k string }{{k: \"x\"}, 3: {k: \"y\"}} { use(c.k) }",
      "\tm := map[string]*struct{ v int }{\"a\": {v: 1}}",
      "\tfor _, e := range m { use(e.v) }",
      "\tone := struct{ a, b int }{a: 1}",
      "\tuse(one.b, tests[0].in)",
      "\tfunc(x struct{ z int }) { use(x.z) }(struct{ z int }{z: 1})",
      "}",
      "func TestY() { for _, tt := range tests { use(tt.name) } }",
      "var boxes, byName = []Box{{Size: 1}, 2: {Size: 2}}, map[string]*Box{\"a\": {Size: 3}}",
      ""
    ].join("\n"))
    // Keys of elided elements of a named struct are its fields, as in `Box{Size: 1}` (its type the qualifier).
    expect(f.refs.filter((r) => r.name === "Size").map((r) => `${r.startLine}:${r.startColumn} ${r.qualifier}`).sort()).toEqual(["11:33 Box", "21:28 Box", "21:42 Box", "21:75 Box"])
    expect(defs(f).filter((d) => d.startsWith("property"))).toEqual([
      "property Box.Size (exported)", "property tests.name", "property tests.want", "property TestX.tests.in", "property TestX.tests.out",
      "property TestX.tests.box", "property TestX.c.k", "property TestX.m.v", "property TestX.one.a", "property TestX.one.b", "property TestX.x.z"
    ])
    // Each reference is bound to its struct's field where it is written: the keys of the literal (its
    // elements' type elided), reads through a range variable or a variable (or parameter) of the
    // struct type. A struct no variable declares (the argument `struct{ z int }{z: 1}`: another type
    // than the parameter's for go/types, written alike) has no symbols, its key no reference.
    const bound = f.refs.filter((r) => r.binding !== undefined).map((r) => {
      const b = r.binding as { kind: "symbol"; index: number }
      return `${r.startLine}:${r.startColumn} ${f.symbols[b.index]!.qualifiedName}`
    })
    expect(bound.sort()).toEqual([
      "11:14 TestX.tests.out", "11:24 TestX.tests.box", "11:5 TestX.tests.in", "12:36 TestX.tests.in", "12:43 TestX.tests.box", "13:45 TestX.c.k",
      "13:58 TestX.c.k", "13:75 TestX.c.k", "14:41 TestX.m.v", "15:30 TestX.m.v", "16:28 TestX.one.a", "17:10 TestX.one.b", "18:34 TestX.x.z", "20:50 tests.name",
      "6:15 tests.want", "6:4 tests.name"
    ])
    expect(f.refs.filter((r) => (r.name === "z" && r.qualifier !== "x") || (r.name === "in" && r.qualifier !== "tt" && r.qualifier !== null))).toEqual([])
  })

  it("Java, C and C++", async () => {
    expect(defs(await facts("java/src/demo/Greeter.java"))).toEqual(["class Greeter (exported)", "method Greeter.Greeter (exported)", "method Greeter.greet (exported)", "method Greeter.format"])
    expect(defs(await facts("c/util.c"))).toEqual(["function twice", "function add (exported)"])
    expect(defs(await facts("c/util.h"))).toEqual(["macro MAX_ITEMS (exported)", "struct point (exported)", "function add (exported)"])
    expect(defs(await facts("c/shape.cpp"))).toEqual(["namespace geo (exported)", "class geo::Box (exported)", "method geo::Box::width (exported)", "method geo::Box::area (exported)", "method geo::Box::width (exported)"])
  })

  it("Ruby: modules, classes, methods, singleton methods, constants; require and require_relative", async () => {
    const f = await facts("rb/lib/shop/money.rb")
    // attr_reader defines a reader method; `class ::Object::Ledger` is named Ledger.
    expect(defs(f)).toEqual(["module Shop (exported)", "class Shop::Money (exported)", "constant Shop::Money::ZERO (exported)", "method Shop::Money::cents (exported)",
      "method Shop::Money::initialize (exported)", "method Shop::Money::+ (exported)", "method Shop::Money::parse (exported)", "class Shop::Ledger (exported)", "function Shop::display (exported)"])
    // The comment between `module Shop` and its body is not part of the signature.
    expect(f.symbols[0]!.signature).toBe("module Shop")
    const cart = await facts("rb/lib/shop/cart.rb")
    expect(cart.imports.map((i) => [i.module, i.wildcard])).toEqual([["json", true], ["./money", true]])
    expect(cart.refs.filter((r) => r.qualifier === "Money").map((r) => `${r.kind} ${r.name}:${r.startLine}`)).toEqual(["call parse:13", "call new:18", "read ZERO:18"])
    expect(cart.refs.find((r) => r.name === "Base")).toMatchObject({ kind: "type" })
    // require_relative is an import, not a call.
    expect((await facts("rb/app.rb")).refs.map((r) => r.name)).not.toContain("require_relative")
  })

  it("C#: namespaces, types, methods, constructors, fields (const and readonly as constants), usings", async () => {
    const f = await facts("cs/Geometry/Shapes.cs")
    expect(defs(f)).toEqual(["namespace Acme.Geometry (exported)", "interface Acme.Geometry.IShape (exported)", "method Acme.Geometry.IShape.Surface",
      "class Acme.Geometry.Ring (exported)", "constant Acme.Geometry.Ring.UnitRadius (exported)", "constant Acme.Geometry.Ring._radius", "method Acme.Geometry.Ring.Ring (exported)",
      "method Acme.Geometry.Ring.Surface (exported)", "method Acme.Geometry.Ring.Grow (exported)", "enum Acme.Geometry.Measure (exported)", "struct Acme.Geometry.Spot", "variable Acme.Geometry.Spot.X (exported)"])
    expect(f.symbols.find((s) => s.name === "Grow")).toMatchObject({ signature: "public static Ring Grow(Ring c, double k)", returnType: "Ring" })
    const p = await facts("cs/App/Program.cs")
    expect(p.imports.map((i) => [i.module, i.namespace, i.wildcard])).toEqual([["System", null, true], ["Acme.Geometry", null, true], ["Acme.Geometry", "Geo", false]])
    expect(p.refs.map((r) => `${r.kind} ${r.qualifier ?? ""}.${r.name}`)).toEqual(expect.arrayContaining(["type .IShape", "call Ring.Grow", "call .Ring", "read Ring.UnitRadius", "call .Explain"]))
  })

  it("PHP: namespaces, classes, interfaces, methods, functions, constants; use and require", async () => {
    expect(defs(await facts("php/src/Geometry/Disc.php"))).toEqual(["namespace App\\Geometry (exported)", "interface Outline (exported)", "method Outline::surface (exported)",
      "class Disc (exported)", "constant Disc::UNIT_RADIUS (exported)", "method Disc::__construct (exported)", "method Disc::surface (exported)", "method Disc::unit (exported)",
      "function enlarge (exported)", "constant ORIGIN (exported)"])
    const r = await facts("php/src/Statement.php")
    expect(r.imports.map((i) => [i.module, i.names])).toEqual([
      ["App\\Geometry", [{ name: "Disc", alias: null }]], ["App\\Geometry", [{ name: "Outline", alias: "Figure" }]], ["App\\Geometry", [{ name: "enlarge", alias: null }]], ["/Geometry/Disc.php", []]
    ])
    // `static`, `self` and `parent` name no class of their own.
    expect(r.refs.map((x) => `${x.kind} ${x.qualifier ?? ""}.${x.name}`)).toEqual(["type .Figure", "call .enlarge", "type .Disc", "call Disc.unit", "call .sprintf", "call .surface", "call .surface"])
  })

  it("Kotlin: classes, interfaces, objects, enums, functions, properties, type aliases; imports with aliases", async () => {
    expect(defs(await facts("kt/src/main/kotlin/com/acme/geo/Vec.kt"))).toEqual(["constant ORIGIN_NAME (exported)", "interface Solid (exported)", "method Solid.volume (exported)",
      "class Vec (exported)", "constant Vec.x (exported)", "constant Vec.y (exported)", "method Vec.length (exported)", "method Vec.of (exported)", "class Origin (exported)",
      "method Origin.volume (exported)", "function distance (exported)", "enum Axis (exported)", "type Vecs (exported)"])
    const m = await facts("kt/src/main/kotlin/com/acme/app/Main.kt")
    expect(m.imports.map((i) => [i.module, i.names])).toEqual([
      ["com.acme.geo", [{ name: "Vec", alias: null }]], ["com.acme.geo", [{ name: "distance", alias: null }]], ["com.acme.geo", [{ name: "Solid", alias: "Figure" }]]
    ])
    expect(m.refs.filter((r) => r.kind === "call").map((r) => `${r.qualifier ?? ""}.${r.name}`)).toEqual(["s.volume", "Vec.of", ".println", ".distance", ".Vec"])
  })

  it("byte spans count UTF-8 bytes, not UTF-16 units", async () => {
    const text = "const é = \"ü\"\nexport function f(): number { return 1 }\n"
    const g = grammarForPath("x.ts")!
    const matches = await Effect.runPromise(Effect.flatMap(Syntax, (s) => s.query(g, text, graphQueries["typescript"]!)).pipe(Effect.provide(SyntaxLive)))
    const f = extractFacts("typescript", text, matches).symbols.find((s) => s.name === "f")!
    expect(f.startByte).toBe(new TextEncoder().encode("const é = \"ü\"\n").length + "export ".length)
  })
})

const imp = (module: string, extra: Partial<ImportFact> = {}): ImportFact => ({ module, line: 1, names: [], namespace: null, defaultName: null, reexports: [], wildcard: false, isModDeclaration: false, ...extra })

describe("module resolution", () => {
  const files = new Set(["src/a.ts", "src/b/index.ts", "src/c.tsx", "lib/x.ts", "pkg/__init__.py", "pkg/mod.py", "pkg/sub/deep.py", "src/app/core.py",
    "rs/src/main.rs", "rs/src/net.rs", "rs/src/net/http.rs", "rs/src/util/mod.rs", "go/m.go", "go/pkg/geo/p.go", "go/pkg/geo/p_test.go", "j/src/a/b/C.java", "c/inc.h", "c/m.c",
    "rb/app.rb", "rb/lib/shop/cart.rb", "rb/lib/shop/money.rb", "php/src/Geometry/Disc.php", "php/src/Geometry/functions.php", "php/src/Statement.php",
    "cs/Geometry/Shapes.cs", "cs/Geometry/More.cs", "cs/App/Program.cs", "kt/src/main/kotlin/com/acme/geo/Vec.kt", "kt/src/main/kotlin/com/acme/geo/Line.kt",
    "zod/src/v3/index.ts", "zod/src/v4/core/index.ts", "zod/src/v4/locales/en.ts", "packages/util/src/index.ts", "packages/util/src/str.ts"])
  const ctx = {
    files,
    tsconfigs: [parseTsconfig('{ /* c */ "compilerOptions": { "baseUrl": ".", "paths": { "@lib/*": ["lib/*"] }, }, }', "")],
    goModules: [{ dir: "go", module: "example.com/m" }],
    // A package importing itself by name through exports conditions (zod's tests), and a monorepo package without exports.
    packages: [
      parsePackageJson(JSON.stringify({ name: "zod", exports: { "./v3": { "@zod/source": "./src/v3/index.ts", types: "./v3/index.d.cts", import: "./v3/index.js" }, "./v4/core": "./src/v4/core/index.ts", "./v4/locales/*": "./src/v4/locales/*" } }), "zod")!,
      parsePackageJson(JSON.stringify({ name: "@acme/util", main: "src/index.ts" }), "packages/util")!
    ]
  }
  it.each([
    ["typescript", "src/main.ts", imp("./a"), ["src/a.ts"]],
    ["typescript", "src/main.ts", imp("./a.js"), ["src/a.ts"]],
    ["typescript", "src/main.ts", imp("./b"), ["src/b/index.ts"]],
    ["tsx", "src/main.ts", imp("./c"), ["src/c.tsx"]],
    ["typescript", "src/main.ts", imp("@lib/x"), ["lib/x.ts"]],
    ["typescript", "src/main.ts", imp("lib/x"), ["lib/x.ts"]],
    ["typescript", "src/main.ts", imp("react"), []],
    ["typescript", "zod/src/v3/tests/a.test.ts", imp("zod/v3"), ["zod/src/v3/index.ts"]],
    ["typescript", "zod/src/x.ts", imp("zod/v4/core"), ["zod/src/v4/core/index.ts"]],
    ["typescript", "zod/src/x.ts", imp("zod/v4/locales/en.js"), ["zod/src/v4/locales/en.ts"]],
    ["typescript", "zod/src/x.ts", imp("zod/v5"), []],
    ["typescript", "src/main.ts", imp("@acme/util"), ["packages/util/src/index.ts"]],
    ["typescript", "src/main.ts", imp("@acme/util/src/str"), ["packages/util/src/str.ts"]],
    ["python", "pkg/sub/deep.py", imp("..mod"), ["pkg/mod.py"]],
    ["python", "pkg/mod.py", imp("."), ["pkg/__init__.py"]],
    ["python", "x.py", imp("pkg.sub.deep"), ["pkg/sub/deep.py"]],
    ["python", "x.py", imp("pkg", { names: [{ name: "mod", alias: null }] }), ["pkg/__init__.py", "pkg/mod.py"]],
    ["python", "src/app/main.py", imp("app.core"), ["src/app/core.py"]],
    ["rust", "rs/src/main.rs", imp("net", { isModDeclaration: true }), ["rs/src/net.rs"]],
    ["rust", "rs/src/net.rs", imp("http", { isModDeclaration: true }), ["rs/src/net/http.rs"]],
    ["rust", "rs/src/net/http.rs", imp("crate::util"), ["rs/src/util/mod.rs"]],
    ["rust", "rs/src/net/http.rs", imp("super"), []],
    ["rust", "rs/src/main.rs", imp("std::io"), []],
    ["go", "go/m.go", imp("example.com/m/pkg/geo"), ["go/pkg/geo/p.go"]],
    ["java", "j/src/Main.java", imp("a.b", { names: [{ name: "C", alias: null }] }), ["j/src/a/b/C.java"]],
    ["c", "c/m.c", imp("inc.h"), ["c/inc.h"]],
    ["ruby", "rb/lib/shop/cart.rb", imp("./money"), ["rb/lib/shop/money.rb"]],
    ["ruby", "rb/app.rb", imp("./lib/shop/cart"), ["rb/lib/shop/cart.rb"]],
    ["ruby", "rb/app.rb", imp("shop/money"), ["rb/lib/shop/money.rb"]],
    ["ruby", "rb/app.rb", imp("json"), []],
    ["php", "php/src/Statement.php", imp("App\\Geometry", { names: [{ name: "Disc", alias: null }] }), ["php/src/Geometry/Disc.php"]],
    ["php", "php/src/Statement.php", imp("App\\Geometry", { names: [{ name: "enlarge", alias: null }] }), ["php/src/Geometry/Disc.php", "php/src/Geometry/functions.php"]],
    ["php", "php/src/Statement.php", imp("/Geometry/Disc.php"), ["php/src/Geometry/Disc.php"]],
    ["php", "php/src/Statement.php", imp("Psr\\Log", { names: [{ name: "LoggerInterface", alias: null }] }), []],
    ["csharp", "cs/App/Program.cs", imp("Acme.Geometry"), ["cs/Geometry/More.cs", "cs/Geometry/Shapes.cs"]],
    ["csharp", "cs/App/Program.cs", imp("System.Linq"), []],
    ["kotlin", "kt/src/main/kotlin/com/acme/app/Main.kt", imp("com.acme.geo", { names: [{ name: "Vec", alias: null }] }),
      ["kt/src/main/kotlin/com/acme/geo/Line.kt", "kt/src/main/kotlin/com/acme/geo/Vec.kt"]],
    ["kotlin", "kt/src/main/kotlin/com/acme/app/Main.kt", imp("kotlin.math"), []]
  ] as const)("%s: %s imports %j", (language, from, i, expected) => {
    expect(resolveModule(language, from, i, ctx)).toEqual(expected)
  })
})

describe("database discovery", () => {
  const input = { workspace: "/w/proj", home: "/home/u" }
  it("follows the chain and lists every path tried", () => {
    expect(discoverDb(input, () => false, false)).toEqual({ tried: ["/w/proj/.splice/graph.db", "/home/u/.magellan/proj/proj.db", "/w/proj/.magellan/proj.db"] })
    expect(discoverDb(input, () => false, true)).toMatchObject({ path: "/w/proj/.splice/graph.db", source: "workspace", existed: false })
    expect(discoverDb(input, (p) => p.includes(".magellan/proj/"), false)).toMatchObject({ path: "/home/u/.magellan/proj/proj.db", source: "magellan-home", existed: true })
    expect(discoverDb({ ...input, explicit: "/tmp/g.db", env: "/e.db" }, () => false, true)).toMatchObject({ path: "/tmp/g.db", source: "flag", existed: false })
    expect(discoverDb({ ...input, env: "/e.db" }, (p) => p === "/e.db", false)).toMatchObject({ path: "/e.db", source: "env" })
  })
})

describe("suggest scaffolds", () => {
  it("drops stop words and splits identifiers", () => {
    expect(keywordsOf("parseJsonConfig", "Parse the JSON and validate it")).toEqual(["parse", "json", "config", "validate"])
  })
  it("writes imports relative to the target", () => {
    expect(relativeImport("src/a/b.ts", "src/c/d")).toBe("../c/d")
    expect(relativeImport("src/a.ts", "src/b")).toBe("./b")
    const rust = buildScaffold({ language: "rust", fnName: "handle", desc: "handle a request", params: [{ name: "Request", file: "src/http/types.rs" }], returns: { name: "Response", file: "src/http/types.rs" }, target: "src/main.rs" })
    expect(rust.signature).toBe("pub fn handle(request: &Request) -> Response")
    expect(rust.imports).toEqual(["use crate::http::types::Request;", "use crate::http::types::Response;"])
    const go = buildScaffold({ language: "go", fnName: "handle_it", desc: "x", params: [{ name: "Point", file: "pkg/geo/p.go" }], returns: null, target: "main.go", goModule: { dir: "", module: "example.com/m" } })
    expect(go.signature).toBe("func HandleIt(point geo.Point) error")
    expect(go.imports).toEqual(["import \"errors\"", "import \"example.com/m/pkg/geo\""])
  })
})

describe("goCall: a Go qualifier that is one whole call", () => {
  it("gives the callee of a call, qualified by a package or not, and nothing for anything else", () => {
    expect(goCall("NewT(1)")).toBe("NewT")
    expect(goCall("app.New(f(x), \"(\")")).toBe(undefined) // a parenthesis in a string: not counted as such, so refused
    expect(goCall("app.New(f(x))")).toBe("app.New")
    expect(goCall("f(a).g(b)")).toBe(undefined)
    expect(goCall("f(a)(b)")).toBe(undefined)
    expect(goCall("a.b.c()")).toBe(undefined)
    expect(goCall("x")).toBe(undefined)
  })
})
