import * as fs from "node:fs"
import * as Effect from "effect/Effect"
import { it } from "vitest"
import { SyntaxLive } from "../../layers/live/SyntaxLive.js"
import { grammarForPath } from "../../src/domain/languages.js"
import { graphQueries } from "../../src/domain/graph/queries.js"
import { extractFacts } from "../../src/domain/graph/extract.js"
import { Syntax } from "../../services/Syntax.js"

it("probe", async () => {
  const files = process.env.PROBE!.split(",")
  for (const f of files) {
    const text = fs.readFileSync(f, "utf8")
    const g = grammarForPath(f)!
    const matches = await Effect.runPromise(Effect.flatMap(Syntax, (s) => s.query(g, text, graphQueries[g.language]!)).pipe(Effect.provide(SyntaxLive)))
    const facts = extractFacts(g.language, text, matches)
    console.log("==", f)
    for (const s of facts.symbols) console.log("  def", s.kind, s.qualifiedName, s.exported ? "exp" : "", "|", s.signature, "|", s.parameters, "|", s.returnType, `${s.startLine}:${s.startColumn}`)
    for (const r of facts.refs) console.log("  ref", r.kind, r.qualifier ? r.qualifier + "." : "", r.name, r.startLine, r.enclosing === null ? "" : "in " + facts.symbols[r.enclosing]!.name)
    for (const i of facts.imports) console.log("  imp", JSON.stringify(i))
  }
})
