// The part of bench/rename.mjs every language shares: each sampled declaration is renamed through
// `splice mcp` (as an agent would), the locations splice rewrote are compared with the oracle's,
// the project is checked for new errors (when the language module can), and the rename is undone.
// A case "matches" when both location sets are equal; a location splice rewrote that the oracle
// would not is a wrong edit; one the oracle has that splice left is a miss. Locations are
// `file:line:col` of the identifier's first byte (1-based UTF-8 byte columns) on both sides.

/** The items of `after` not in `before`, counted as multisets (an error already there twice may stay twice). */
export const subtract = (after, before) => {
  const left = [...before]
  return after.filter((e) => {
    const i = left.indexOf(e)
    if (i === -1) return true
    left.splice(i, 1)
    return false
  })
}

/** splice's symbol for an oracle's declaration: that name in that file, the smallest span holding its line. */
const spliceSymbol = async (server, def) =>
  (await server.find(def.name))
    .filter((s) => s.file === def.file && s.name === def.name && s.span.start_line <= def.line && def.line <= s.span.end_line)
    .sort((a, b) => (a.span.end_byte - a.span.start_byte) - (b.span.end_byte - b.span.start_byte))[0]

/**
 * Renames each of `prepared.chosen` to `<name>Rn` and compares. `prepared.oracle(def)` is the set of
 * locations (or undefined when the oracle cannot rename it); `prepared.errors(changedFiles)`, when
 * present, the project's errors before and after the rename; `prepared.restored(changedFiles)` is told of the undo.
 */
export const renameAll = async (prepared, server, { check = true } = {}) => {
  const outcomes = []
  for (const def of prepared.chosen) {
    const oracle = await prepared.oracle(def)
    if (oracle === undefined) {
      outcomes.push({ def, status: "the oracle cannot rename it" })
      continue
    }
    if (oracle.refuse !== undefined) {
      // The oracle refuses (a Go method tied to an interface outside the tree): so should splice.
      const symbol = await spliceSymbol(server, def)
      const r = symbol === undefined ? { ok: false, value: { code: "not in splice's graph" } } : await server.call("rename", { symbol: symbol.qualified_name, path: symbol.file, kind: symbol.kind, to: `${def.name}Rn`, preview: true })
      outcomes.push({ def, oracle, status: r.ok ? "renamed where the oracle refuses" : `refused as the oracle does (${r.value?.code}; the oracle: ${oracle.refuse})`, refusedAlike: !r.ok && r.value?.code === "SPL-E140" })
      continue
    }
    const symbol = await spliceSymbol(server, def)
    if (symbol === undefined) {
      outcomes.push({ def, oracle, status: "not in splice's graph" })
      continue
    }
    const r = await server.call("rename", { symbol: symbol.qualified_name, path: symbol.file, kind: symbol.kind, to: `${def.name}Rn` })
    if (!r.ok) {
      outcomes.push({ def, oracle, status: `refused ${r.value?.code}: ${String(r.value?.message).slice(0, 160)}` })
      continue
    }
    const sites = new Set(r.value.files.flatMap((f) => f.sites.map((s) => `${f.file}:${s.line}:${s.col}`)))
    const outcome = {
      def, oracle, sites, status: "renamed", engine: r.value.engine,
      right: [...sites].filter((s) => oracle.has(s)), wrong: [...sites].filter((s) => !oracle.has(s)), missed: [...oracle].filter((s) => !sites.has(s))
    }
    const changed = r.value.files.map((f) => f.file)
    try {
      if (check && prepared.errors !== undefined) {
        // A message that only spells the new name where it spelled the old one is not new.
        const { before, after } = await prepared.errors(changed)
        outcome.newErrors = subtract(after.map((e) => e.replaceAll(`${def.name}Rn`, def.name)), before)
      }
    } finally {
      const undo = await server.call("undo", {})
      if (!undo.ok) throw new Error(`undo failed: ${JSON.stringify(undo.value).slice(0, 300)}`)
      await prepared.restored?.(changed)
    }
    outcomes.push(outcome)
  }
  return outcomes
}

const pct = (a, b) => (b === 0 ? "n/a" : `${a}/${b} (${((a / b) * 100).toFixed(0)}%)`)

/** The figures of one project's outcomes: one table row, and the cases that are not a plain match. */
export const summarize = (prepared, outcomes, { check = true } = {}) => {
  const refusedAlike = outcomes.filter((o) => o.refusedAlike).length
  const refusedByOracle = outcomes.filter((o) => o.oracle?.refuse !== undefined).length
  const asked = outcomes.filter((o) => o.status !== "the oracle cannot rename it" && o.oracle?.refuse === undefined)
  const renamed = outcomes.filter((o) => o.status === "renamed")
  const sum = (f) => renamed.reduce((n, o) => n + f(o), 0)
  const right = sum((o) => o.right.length), wrong = sum((o) => o.wrong.length), missed = sum((o) => o.missed.length)
  const equal = renamed.filter((o) => o.wrong.length === 0 && o.missed.length === 0).length
  const kinds = [...new Set(prepared.chosen.map((d) => d.kind))].sort()
  const details = []
  for (const o of outcomes) {
    const at = `${o.def.kind} ${o.def.name} (${o.def.file}:${o.def.line})`
    if (o.status !== "renamed") details.push(`- ${at}: ${o.status}${o.oracle?.size !== undefined ? ` (the oracle: ${o.oracle.size} locations)` : ""}`)
    else if (o.wrong.length > 0 || o.missed.length > 0 || (o.newErrors ?? []).length > 0) {
      details.push(`- ${at}: ${o.right.length} right, wrong ${o.wrong.length} ${JSON.stringify(o.wrong.slice(0, 4))}, missed ${o.missed.length} ${JSON.stringify(o.missed.slice(0, 4))}` +
        ((o.newErrors ?? []).length > 0 ? `, ${o.newErrors.length} new error(s): ${JSON.stringify(o.newErrors.slice(0, 2))}` : ""))
    }
  }
  const hasCheck = check && prepared.errors !== undefined
  return {
    details,
    kinds: kinds.map((k) => `${k} ${prepared.chosen.filter((d) => d.kind === k).length}`).join(", "),
    row: `| ${prepared.label} | ${prepared.oracleName} | ${pct(renamed.length, asked.length)}${refusedByOracle > 0 ? `; refused as the oracle does ${refusedAlike}/${refusedByOracle}` : ""} | ${pct(equal, asked.length)} | ${pct(right, right + wrong)} | ${pct(right, right + missed)} | ` +
      `${hasCheck ? `${renamed.filter((o) => (o.newErrors ?? []).length > 0).length} (${prepared.checkName})` : "not checked"} |`,
    wrong
  }
}

export const TABLE_HEADER = [
  "| project | oracle | renamed (of those the oracle renames) | same locations as the oracle | location precision (goal 100%) | location recall | renames with a new error (goal 0) |",
  "|---|---|---:|---:|---:|---:|---:|"
]
