/**
 * The builds an edit of a Go file reaches beyond the one go vet checks it in: the package's other
 * files and its importers' files behind constraints that build leaves out (`m_integration_test.go`,
 * `m_windows.go`, `app/app_windows.go` that calls the edited function) break only in a build that
 * has both them and the edited file. Those the host builds with other tags (or cgo) are vetted too,
 * one go vet each, at most MAX_EXTRA_BUILDS; those only another platform builds (a cross build
 * compiles the standard library for it, ~40 s the first time) and those beyond the cap are named as
 * not checked.
 */
import { describeGoConfig, type GoBuildConfig, goConfigForBoth, goConstrained, goFileIncluded, type GoToolchain } from "./goBuildConstraint.js"

export const MAX_EXTRA_BUILDS = 3

export interface GoSource {
  /** Workspace-relative path. */
  readonly path: string
  /** The package directory (workspace-relative) it belongs to. */
  readonly dir: string
  readonly text: string
}

export interface GoOtherBuilds {
  /** Host builds to vet as well: each configuration with the package directories it builds the reached files of. */
  readonly extra: ReadonlyArray<{ readonly config: GoBuildConfig; readonly dirs: ReadonlyArray<string> }>
  /** Files reached that no vetted build reads, and the configuration that would. */
  readonly unchecked: ReadonlyArray<{ readonly path: string; readonly config: string }>
}

const baseName = (p: string) => p.slice(p.lastIndexOf("/") + 1)

export const goOtherBuilds = (edited: { readonly path: string; readonly text: string }, vetted: GoBuildConfig, others: ReadonlyArray<GoSource>, tc: GoToolchain): GoOtherBuilds => {
  const groups = new Map<string, { config: GoBuildConfig; dirs: Set<string>; paths: string[] }>()
  for (const f of others) {
    const name = baseName(f.path)
    if (!goConstrained(name, f.text) || goFileIncluded(name, f.text, vetted, tc)) continue
    const c = goConfigForBoth({ name: baseName(edited.path), text: edited.text }, { name, text: f.text }, tc)
    if (c === undefined) continue // never built with the edited file: the edit cannot break it
    const key = JSON.stringify([c.goos, c.goarch, c.cgo, c.tags])
    const g = groups.get(key) ?? { config: c, dirs: new Set<string>(), paths: [] }
    g.dirs.add(f.dir)
    g.paths.push(f.path)
    groups.set(key, g)
  }
  const host = [...groups.values()].filter((g) => g.config.goos === tc.goos && g.config.goarch === tc.goarch)
  const kept = host.slice(0, MAX_EXTRA_BUILDS)
  return {
    extra: kept.map((g) => ({ config: g.config, dirs: [...g.dirs].sort() })),
    unchecked: [...groups.values()].filter((g) => !kept.includes(g)).flatMap((g) => g.paths.map((path) => ({ path, config: describeGoConfig(g.config, tc) })))
  }
}
