/** `splice get/set/del` on the memory layers: every outcome line is checked against its schema by run(). */
import { describe, expect, it } from "vitest"
import { del, type DataWriteConfig, get, set, type SetConfig } from "../../src/commands/data.js"
import { DEFAULT_MAX_BYTES } from "../../src/commands/textTarget.js"
import { undo } from "../../src/commands/undo.js"
import { MemoryFs, run } from "../support/memory.js"

const writing = (file: string, keyPath: string, over: Partial<DataWriteConfig> = {}): DataWriteConfig => ({
  file,
  keyPath,
  preview: false,
  showDiff: false,
  maxBytes: DEFAULT_MAX_BYTES,
  lockTimeoutMs: 200,
  ...over
})
const setCfg = (file: string, keyPath: string, value: string, over: Partial<SetConfig> = {}): SetConfig => ({ ...writing(file, keyPath), value, json: false, ...over })
const getCfg = (file: string, keyPath: string) => ({ file, keyPath, maxBytes: DEFAULT_MAX_BYTES })

const PACKAGE = '{\n  "name": "demo",\n  "version": "1.0.0",\n  "scripts": { "test": "vitest" }\n}\n'
const CARGO = '# The demo crate\n[package]\nname = "demo" # crate name\nversion = "0.1.0"\n\n[dependencies]\nserde = "1"\n'
const COMPOSE = "# services\nservices:\n  web:\n    image: nginx:1.25 # pinned\n    ports:\n      - \"80:80\"\n"

/** Transactions in the journal (each committed write leaves one directory under .splice/tx). */
const txCount = (mem: MemoryFs) => new Set([...mem.entries.keys()].filter((p) => p.startsWith("/ws/.splice/tx/")).map((p) => p.split("/")[4])).size

describe("splice get", () => {
  it("reads a value of each format", async () => {
    const mem = new MemoryFs({ "package.json": PACKAGE, "Cargo.toml": CARGO, "compose.yaml": COMPOSE })
    const a = await run(get(getCfg("package.json", "scripts.test")), mem)
    expect(a.last).toMatchObject({ command: "get", format: "json", key_path: "scripts.test", value: "vitest", value_type: "string" })
    const b = await run(get(getCfg("Cargo.toml", "package")), mem)
    expect(b.last).toMatchObject({ format: "toml", value: { name: "demo", version: "0.1.0" }, value_type: "object" })
    const c = await run(get(getCfg("compose.yaml", "services.web.ports[0]")), mem)
    expect(c.last).toMatchObject({ format: "yaml", key_path: "services.web.ports[0]", value: "80:80" })
    expect(c.human).toBe("80:80\n")
  })

  it("a missing key: SPL-E073 with the deepest existing prefix, the keys there and a did-you-mean", async () => {
    const mem = new MemoryFs({ "Cargo.toml": CARGO })
    const r = await run(get(getCfg("Cargo.toml", "package.verison")), mem)
    expect([r.exit, r.error?.code]).toEqual([6, "SPL-E073"])
    expect(r.error?.context).toEqual({
      file: "Cargo.toml",
      format: "toml",
      key_path: "package.verison",
      found: "package",
      missing: "verison",
      reason: "missing_key",
      container: "object",
      available: ["name", "version"],
      did_you_mean: ["version"]
    })
    expect(r.error?.effectiveHint).toContain("package.version")
  })

  it("a missing file: SPL-E020", async () => {
    const r = await run(get(getCfg("nope.json", "a")), new MemoryFs({}))
    expect([r.exit, r.error?.code]).toEqual([4, "SPL-E020"])
  })

  it("unparsable TOML, YAML and JSON: SPL-E048 with the line and column", async () => {
    const mem = new MemoryFs({ "bad.toml": "a = 1\n[b\n", "bad.yaml": "a: [1\nb: 2\n", "bad.json": '{"a": 1,,}' })
    const t = await run(get(getCfg("bad.toml", "a")), mem)
    expect([t.exit, t.error?.code]).toEqual([5, "SPL-E048"])
    expect(t.error?.context).toMatchObject({ file: "bad.toml", format: "toml", line: 2, column: 3 })
    const y = await run(get(getCfg("bad.yaml", "a")), mem)
    expect(y.error?.context).toMatchObject({ format: "yaml", line: 2, column: 1 })
    const j = await run(get(getCfg("bad.json", "a")), mem)
    expect(j.error?.context).toMatchObject({ format: "json", line: 1, column: 9, reason: "PropertyNameExpected" })
  })

  it("a YAML stream of several documents (a Kubernetes manifest) is valid YAML, refused as a shape get/set/del do not edit (SPL-E048 saying so)", async () => {
    const text = "kind: Service\n---\nkind: Deployment\n"
    const mem = new MemoryFs({ "k8s.yaml": text })
    const r = await run(get(getCfg("k8s.yaml", "kind")), mem)
    expect([r.exit, r.error?.code]).toEqual([5, "SPL-E048"])
    expect(r.error?.message).toBe("k8s.yaml: it holds several YAML documents (a stream separated by ---); get, set and del edit a file of one document: split it, or use splice edit (the second begins at line 2)")
    expect(r.error?.message).not.toMatch(/not valid|parseAllDocuments/)
    expect((await run(set(setCfg("k8s.yaml", "kind", "Pod")), mem)).error?.code).toBe("SPL-E048")
    expect(mem.text("k8s.yaml")).toBe(text)
  })

  it("a bad key path (SPL-E014) or file name (SPL-E015) is refused before the file is read", async () => {
    const mem = new MemoryFs({ "a.json": "{}" })
    const p = await run(get(getCfg("a.json", "a..b")), mem)
    expect([p.exit, p.error?.code, p.error?.context]).toEqual([2, "SPL-E014", { key_path: "a..b", offset: 2, expected: "a key (quote it if it holds . [ ] quotes or spaces)" }])
    const f = await run(get(getCfg("notes.txt", "a")), mem)
    expect([f.exit, f.error?.code]).toEqual([2, "SPL-E015"])
  })
})

describe("splice set", () => {
  it("sets a string, journals it and undo restores the file", async () => {
    const mem = new MemoryFs({ "package.json": PACKAGE })
    const r = await run(set(setCfg("package.json", "version", "1.1.0")), mem)
    expect(r.last).toMatchObject({ command: "set", changed: true, value: "1.1.0", old_value: "1.0.0", created: false, format: "json" })
    expect(mem.text("package.json")).toBe(PACKAGE.replace("1.0.0", "1.1.0"))
    const u = await run(undo({ lockTimeoutMs: 200 }), mem)
    expect(u.exit).toBe(0)
    expect(mem.text("package.json")).toBe(PACKAGE)
  })

  it("--json values; missing objects are created", async () => {
    const mem = new MemoryFs({ "Cargo.toml": CARGO })
    const r = await run(set(setCfg("Cargo.toml", "dependencies.tokio", '{"version":"1","features":["full"]}', { json: true })), mem)
    expect(r.last).toMatchObject({ changed: true, created: true, value: { version: "1", features: ["full"] } })
    expect(r.last["old_value"]).toBeUndefined()
    expect(mem.text("Cargo.toml")).toBe(CARGO + 'tokio = { version = "1", features = ["full"] }\n')
    const deep = await run(set(setCfg("Cargo.toml", "profile.release.lto", "true", { json: true })), mem)
    expect(deep.exit).toBe(0)
    const back = await run(get(getCfg("Cargo.toml", "profile.release.lto")), mem)
    expect(back.last["value"]).toBe(true)
    expect(mem.text("Cargo.toml")).toContain("# The demo crate\n")
  })

  it("the value it already has: changed false, nothing written, no transaction", async () => {
    const mem = new MemoryFs({ "compose.yaml": COMPOSE })
    const before = txCount(mem)
    const r = await run(set(setCfg("compose.yaml", "services.web.image", "nginx:1.25")), mem)
    expect(r.last).toMatchObject({ changed: false, tx: null, old_value: "nginx:1.25" })
    expect(r.last["checksum_before"]).toBe(r.last["checksum_after"])
    expect(mem.text("compose.yaml")).toBe(COMPOSE)
    expect(txCount(mem)).toBe(before)
  })

  it("--preview prints the diff and writes nothing", async () => {
    const mem = new MemoryFs({ "compose.yaml": COMPOSE })
    const r = await run(set(setCfg("compose.yaml", "services.web.image", "nginx:1.27", { preview: true })), mem)
    expect(r.last).toMatchObject({ preview: true, changed: false, would_change: true, tx: null })
    expect(r.last["diff"]).toContain("-    image: nginx:1.25 # pinned\n+    image: nginx:1.27 # pinned\n")
    expect(mem.text("compose.yaml")).toBe(COMPOSE)
  })

  it("keeps CRLF and the BOM", async () => {
    const text = "\uFEFF" + PACKAGE.replace(/\n/g, "\r\n")
    const mem = new MemoryFs({ "package.json": text })
    const r = await run(set(setCfg("package.json", "private", "true", { json: true })), mem)
    expect(r.last).toMatchObject({ changed: true, line_ending: "crlf", bom: true })
    expect(mem.text("package.json")).toBe("\uFEFF" + PACKAGE.replace('"scripts": { "test": "vitest" }', '"scripts": { "test": "vitest" },\n  "private": true').replace(/\n/g, "\r\n"))
  })

  it("JSONC with trailing commas: its own parser is the syntax gate (tree-sitter's JSON grammar calls them errors)", async () => {
    const text = '{\n  // shared\n  "compilerOptions": {\n    "strict": true, // always\n  },\n}\n'
    const mem = new MemoryFs({ "tsconfig.json": text })
    const r = await run(set(setCfg("tsconfig.json", "compilerOptions.noEmit", "true", { json: true })), mem)
    expect(r.last).toMatchObject({ changed: true, format: "jsonc", validation: { status: "passed", language: "jsonc", parser: "jsonc-parser" } })
    expect(mem.text("tsconfig.json")).toBe(text.replace("// always\n", "// always\n    \"noEmit\": true,\n"))
  })

  it("a change the format cannot hold is refused (SPL-E049), nothing written", async () => {
    const mem = new MemoryFs({ "Cargo.toml": CARGO })
    const r = await run(set(setCfg("Cargo.toml", "package.edition", "null", { json: true })), mem)
    expect([r.exit, r.error?.code]).toEqual([5, "SPL-E049"])
    expect(r.error?.context).toMatchObject({ format: "toml", key_path: "package.edition", reason: "editor_failed" })
    expect(mem.text("Cargo.toml")).toBe(CARGO)
  })

  it("a result that would hold other data is refused (SPL-E049 data_mismatch): a JSON key written twice", async () => {
    // The last "a" is the value; jsonc-parser edits the first one, which would change nothing a reader sees.
    const text = '{\n  "a": 1,\n  "a": 2\n}\n'
    const mem = new MemoryFs({ "dup.json": text })
    const r = await run(set(setCfg("dup.json", "a", "3", { json: true })), mem)
    expect([r.exit, r.error?.code]).toEqual([5, "SPL-E049"])
    expect(r.error?.context).toMatchObject({ reason: "data_mismatch", differs_at: "a" })
    expect(mem.text("dup.json")).toBe(text)
  })

  it("through a scalar or past an array's end: SPL-E073, nothing written", async () => {
    const mem = new MemoryFs({ "compose.yaml": COMPOSE })
    const a = await run(set(setCfg("compose.yaml", "services.web.image.tag", "x")), mem)
    expect(a.error?.context).toMatchObject({ reason: "not_a_container", found: "services.web.image", container: "scalar" })
    const b = await run(set(setCfg("compose.yaml", "services.web.ports[3]", "x")), mem)
    expect(b.error?.context).toMatchObject({ reason: "index_out_of_range", length: 1 })
    expect(mem.text("compose.yaml")).toBe(COMPOSE)
  })

  it("--json integers beyond 2^53 are written as given, in every format, and read back exact", async () => {
    const BIG = "12345678901234567890"
    const mem = new MemoryFs({
      "a.json": '{\n  "id": 1\n}\n',
      "b.jsonc": '{\n  // ids\n  "id": 1,\n}\n',
      "c.yaml": "id: 1 # the id\n",
      "d.toml": "[ids]\nid = 1 # the id\n"
    })
    for (const [file, text] of [
      ["a.json", `{\n  "id": ${BIG}\n}\n`],
      ["b.jsonc", `{\n  // ids\n  "id": ${BIG},\n}\n`],
      ["c.yaml", `id: ${BIG} # the id\n`]
    ] as const) {
      const r = await run(set(setCfg(file, "id", BIG, { json: true })), mem)
      expect([file, r.exit, r.last?.["value"], mem.text(file)]).toEqual([file, 0, BigInt(BIG), text])
      expect(r.human).toContain(`id: 1 → ${BIG}`)
      const g = await run(get(getCfg(file, "id")), mem)
      expect([g.last?.["value"], g.last?.["value_type"], g.human]).toEqual([BigInt(BIG), "number", `${BIG}\n`])
    }
    // Inside objects and arrays too, and next to values a number holds.
    const nested = await run(set(setCfg("a.json", "more", `{"list": [-${BIG}, 2.5], "n": 9007199254740993}`, { json: true })), mem)
    expect(nested.exit).toBe(0)
    expect(mem.text("a.json")).toContain(`-${BIG}`)
    expect(mem.text("a.json")).toContain("9007199254740993")
    expect((await run(get(getCfg("a.json", "more.n")), mem)).last?.["value"]).toBe(9007199254740993n)
    // TOML's integers are 64-bit: 2^63-1 is written exactly, 12345678901234567890 refused (not rounded).
    const max = await run(set(setCfg("d.toml", "ids.id", "9223372036854775807", { json: true })), mem)
    expect([max.exit, mem.text("d.toml")]).toEqual([0, "[ids]\nid = 9223372036854775807 # the id\n"])
    const over = await run(set(setCfg("d.toml", "ids.id", BIG, { json: true })), mem)
    expect([over.exit, over.error?.code, over.error?.context?.["reason"]]).toEqual([5, "SPL-E049", "editor_failed"])
    expect(String(over.error?.context?.["detail"])).toContain("64-bit")
    expect(mem.text("d.toml")).toBe("[ids]\nid = 9223372036854775807 # the id\n")
  })

  it("invalid JSON with --json: SPL-E010", async () => {
    const r = await run(set(setCfg("package.json", "a", "{nope", { json: true })), new MemoryFs({ "package.json": PACKAGE }))
    expect([r.exit, r.error?.code]).toEqual([2, "SPL-E010"])
  })

  it("a stale --expect-checksum: SPL-E031, nothing written", async () => {
    const mem = new MemoryFs({ "package.json": PACKAGE })
    const r = await run(set(setCfg("package.json", "version", "2.0.0", { expectChecksum: "0".repeat(64) })), mem)
    expect([r.exit, r.error?.code]).toEqual([7, "SPL-E031"])
    expect(mem.text("package.json")).toBe(PACKAGE)
  })

  it("disk full while writing: SPL-E081, rolled back", async () => {
    const mem = new MemoryFs({ "package.json": PACKAGE })
    mem.faults.push({ op: "write", path: "package.json", errno: "ENOSPC" })
    const r = await run(set(setCfg("package.json", "version", "2.0.0")), mem)
    expect([r.exit, r.error?.code]).toEqual([9, "SPL-E081"])
    expect(mem.text("package.json")).toBe(PACKAGE)
  })
})

describe("splice del", () => {
  it("deletes a key, keeps the comments, and undo brings it back", async () => {
    const mem = new MemoryFs({ "Cargo.toml": CARGO })
    const r = await run(del(writing("Cargo.toml", "dependencies.serde")), mem)
    expect(r.last).toMatchObject({ command: "del", changed: true, old_value: "1", key_path: "dependencies.serde" })
    expect(mem.text("Cargo.toml")).toBe(CARGO.replace('serde = "1"\n', ""))
    await run(undo({ lockTimeoutMs: 200 }), mem)
    expect(mem.text("Cargo.toml")).toBe(CARGO)
  })

  it("deletes an array element of a YAML file", async () => {
    const mem = new MemoryFs({ "compose.yaml": COMPOSE })
    const r = await run(del(writing("compose.yaml", "services.web.ports[0]")), mem)
    expect(r.last).toMatchObject({ changed: true, old_value: "80:80" })
    expect(mem.text("compose.yaml")).toBe("# services\nservices:\n  web:\n    image: nginx:1.25 # pinned\n    ports: []\n")
  })

  it("a missing key: SPL-E073, nothing written", async () => {
    const mem = new MemoryFs({ "package.json": PACKAGE })
    const r = await run(del(writing("package.json", "scripts.build")), mem)
    expect([r.exit, r.error?.code]).toEqual([6, "SPL-E073"])
    expect(r.error?.context).toMatchObject({ found: "scripts", available: ["test"] })
    expect(mem.text("package.json")).toBe(PACKAGE)
  })

  it("a top-level TOML table as a whole is refused (SPL-E049), nothing written", async () => {
    const mem = new MemoryFs({ "Cargo.toml": CARGO })
    const r = await run(del(writing("Cargo.toml", "dependencies")), mem)
    expect([r.exit, r.error?.code]).toEqual([5, "SPL-E049"])
    expect(r.error?.message).toContain("[dependencies]")
    expect(mem.text("Cargo.toml")).toBe(CARGO)
  })

  it("--preview: the diff, nothing written", async () => {
    const mem = new MemoryFs({ "package.json": PACKAGE })
    const r = await run(del(writing("package.json", "scripts", { preview: true })), mem)
    expect(r.last).toMatchObject({ preview: true, would_change: true })
    expect(r.last["diff"]).toContain('-  "scripts": { "test": "vitest" }')
    expect(mem.text("package.json")).toBe(PACKAGE)
  })
})

describe("YAML anchors, aliases and merge keys", () => {
  const CI = [
    "defaults: &defaults",
    "  timeout: 5 # minutes",
    "  env:",
    "    CI: \"1\"",
    "jobs:",
    "  a:",
    "    <<: *defaults",
    "    name: A",
    "  b: *defaults",
    ""
  ].join("\n")

  it("get resolves a merge key and an alias, and says which it went through", async () => {
    const mem = new MemoryFs({ "ci.yml": CI })
    const merged = await run(get(getCfg("ci.yml", "jobs.a.timeout")), mem)
    expect(merged.exit).toBe(0)
    expect(merged.last).toMatchObject({ value: 5, through: { kind: "merge", anchor: "defaults", at: "jobs.a" } })
    const aliased = await run(get(getCfg("ci.yml", "jobs.b.env.CI")), mem)
    expect(aliased.last).toMatchObject({ value: "1", through: { kind: "alias", anchor: "defaults", at: "jobs.b" } })
    expect((await run(get(getCfg("ci.yml", "jobs.a")), mem)).last).toMatchObject({ value: { timeout: 5, env: { CI: "1" }, name: "A" } })
    // The mapping's own keys: nothing went through anything.
    expect((await run(get(getCfg("ci.yml", "jobs.a.name")), mem)).last["through"]).toBeUndefined()
  })

  it("set of a merged key adds the key to the mapping itself (its own key wins), the anchor untouched; undo restores", async () => {
    const mem = new MemoryFs({ "ci.yml": CI })
    const r = await run(set(setCfg("ci.yml", "jobs.a.timeout", "10", { json: true })), mem)
    expect(r.last).toMatchObject({ changed: true, value: 10, old_value: 5, through: { kind: "merge", anchor: "defaults", at: "jobs.a" } })
    expect(mem.text("ci.yml")).toBe(CI.replace("    name: A\n", "    name: A\n    timeout: 10\n"))
    expect((await run(get(getCfg("ci.yml", "defaults.timeout")), mem)).last).toMatchObject({ value: 5 })
    await run(undo({ lockTimeoutMs: 200 }), mem)
    expect(mem.text("ci.yml")).toBe(CI)
  })

  it("changes that would change the anchor are refused (SPL-E049), nothing written: the anchor itself, through an alias, a merged key's inside, del of a merged key", async () => {
    const mem = new MemoryFs({ "ci.yml": CI })
    const anchor = await run(set(setCfg("ci.yml", "defaults.timeout", "7", { json: true })), mem)
    expect([anchor.exit, anchor.error?.code]).toEqual([5, "SPL-E049"])
    expect(anchor.error?.context).toMatchObject({ reason: "data_mismatch" })
    expect(anchor.error?.message).toContain("through the merge key `<<: *defaults` of jobs.a")
    const alias = await run(set(setCfg("ci.yml", "jobs.b.timeout", "7", { json: true })), mem)
    expect(alias.error?.context).toMatchObject({ reason: "through_alias", through: { kind: "alias", anchor: "defaults", at: "jobs.b" } })
    const inside = await run(set(setCfg("ci.yml", "jobs.a.env.CI", "0")), mem)
    expect(inside.error?.context).toMatchObject({ reason: "through_alias", through: { kind: "merge", at: "jobs.a" } })
    const gone = await run(del(writing("ci.yml", "jobs.a.timeout")), mem)
    expect(gone.error?.context).toMatchObject({ reason: "through_alias" })
    expect(gone.error?.message).toContain("a merged key cannot be deleted from one mapping")
    expect(mem.text("ci.yml")).toBe(CI)
    expect(txCount(mem)).toBe(0)
  })

  it("the alias node itself can be replaced or deleted: the anchor stays", async () => {
    const mem = new MemoryFs({ "ci.yml": CI })
    const r = await run(set(setCfg("ci.yml", "jobs.b", "{\"timeout\": 1}", { json: true })), mem)
    expect(r.last).toMatchObject({ changed: true })
    expect(r.last["through"]).toBeUndefined()
    expect((await run(get(getCfg("ci.yml", "defaults.timeout")), mem)).last).toMatchObject({ value: 5 })
    expect((await run(del(writing("ci.yml", "jobs.b")), mem)).last).toMatchObject({ changed: true })
  })
})
