/**
 * The tsconfig.json / jsconfig.json that owns each of some TS/JS files (domain/moveImports/owningConfig.ts),
 * with each owner's `extends` chain as TypeScript is given it: in a monorepo, a package's own
 * `paths`, `baseUrl` and `rootDir` apply to its files. Files no config takes in get the root's
 * tsconfig.json (else jsconfig.json), as before.
 */
import * as Effect from "effect/Effect"
import { type ConfigFacts, configScope, configsUpFrom, owningConfig, referencesOf } from "../domain/moveImports/owningConfig.js"
import { tsconfigChain, tsconfigPrecedence } from "./graph/workspaceScripts.js"

export interface ConfigOwners {
  /** Owner (a config's path, or "" for the root fallback) → its chain (undefined: no config at all) and its files. */
  readonly projects: ReadonlyMap<string, { readonly tsconfig: ReadonlyMap<string, string> | undefined; readonly files: ReadonlyArray<string> }>
}

export const configOwners = (files: ReadonlyArray<string>) =>
  Effect.gen(function*() {
    const chains = new Map<string, ReadonlyMap<string, string> | undefined>()
    const chainOf = (config: string) =>
      Effect.gen(function*() {
        if (!chains.has(config)) chains.set(config, yield* tsconfigChain(config))
        return chains.get(config)
      })
    // Every config a file may be owned by, and those their references reach, read once.
    const looked = new Map<string, ConfigFacts | undefined>()
    const queue = [...new Set(files.flatMap((f) => configsUpFrom(f)))]
    while (queue.length > 0) {
      const config = queue.shift()!
      if (looked.has(config)) continue
      const chain = yield* chainOf(config)
      if (chain === undefined) {
        looked.set(config, undefined)
        continue
      }
      const ordered = tsconfigPrecedence(config, chain).map((path) => ({ path, text: chain.get(path)! }))
      const references = referencesOf(config, chain.get(config)!)
      looked.set(config, { scope: configScope(ordered), references })
      queue.push(...references)
    }
    const projects = new Map<string, { tsconfig: ReadonlyMap<string, string> | undefined; files: string[] }>()
    for (const file of files) {
      const owner = owningConfig(file, (c) => looked.get(c)) ?? ""
      let project = projects.get(owner)
      if (project === undefined) {
        const tsconfig = owner !== "" ? chains.get(owner) : (yield* chainOf("tsconfig.json")) ?? (yield* chainOf("jsconfig.json"))
        project = { tsconfig, files: [] }
        projects.set(owner, project)
      }
      project.files.push(file)
    }
    return { projects } satisfies ConfigOwners
  })
