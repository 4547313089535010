/**
 * Finding the graph database (Splice v3's chain): --db, then SPLICE_DB, then
 * <workspace>/.splice/graph.db, then ~/.magellan/<project>/<project>.db, then
 * <workspace>/.magellan/<project>.db (the workspace root, not the current directory: one graph
 * whichever subdirectory a command runs from). An explicit path is used as given (created if missing); otherwise the
 * first that exists, or — for commands that build the graph — a new one in the workspace.
 */
import type { DbLocation } from "../../../services/GraphDb.js"

export interface DiscoveryInput {
  readonly explicit?: string
  readonly env?: string
  readonly workspace: string
  readonly home: string
}

const join = (...parts: string[]) => parts.join("/").replace(/\/+/g, "/")
const base = (p: string) => p.replace(/\/+$/, "").split("/").pop() ?? p

export const discoverDb = (input: DiscoveryInput, exists: (path: string) => boolean, create: boolean): DbLocation | { readonly tried: string[] } => {
  const project = base(input.workspace)
  const chain: Array<{ source: DbLocation["source"]; path: string }> = []
  if (input.explicit) chain.push({ source: "flag", path: input.explicit })
  if (input.env) chain.push({ source: "env", path: input.env })
  chain.push(
    { source: "workspace", path: join(input.workspace, ".splice", "graph.db") },
    { source: "magellan-home", path: join(input.home, ".magellan", project, `${project}.db`) },
    { source: "magellan-local", path: join(input.workspace, ".magellan", `${project}.db`) }
  )
  const tried = chain.map((c) => c.path)
  const explicit = chain[0]!.source === "flag" || chain[0]!.source === "env" ? chain[0]! : undefined
  if (explicit !== undefined) {
    const there = exists(explicit.path)
    if (there || create) return { path: explicit.path, source: explicit.source, existed: there, tried: [explicit.path] }
    return { tried: [explicit.path] }
  }
  for (const c of chain) {
    if (exists(c.path)) return { path: c.path, source: c.source, existed: true, tried: tried.slice(0, tried.indexOf(c.path) + 1) }
  }
  if (create) return { path: chain[0]!.path, source: "workspace", existed: false, tried }
  return { tried }
}
