/**
 * The packages of a Go module that import a given package of it: the go vet gate checks them with
 * the edited package, since a change of an exported name or signature breaks its importers, not
 * itself. Found by reading the module's .go files for the package's import path in quotes (no go
 * list: that is a process per edit); nested modules, vendor/, testdata/ and directories go ignores
 * (`.`/`_` prefixes) are skipped. A module of more than MAX_FILES files is read only that far.
 */
import * as fs from "node:fs"
import * as path from "node:path"
import { type GoExpr, goHeaderConstraint } from "../../src/domain/goBuildConstraint.js"

const MAX_FILES = 5000

/** The module path of a go.mod's text, if it has one. */
export const goModulePath = (goMod: string): string | undefined => /^\s*module\s+("?)([^\s"]+)\1\s*(?:\/\/.*)?$/m.exec(goMod)?.[2]

/** Directories (absolute) of the module's packages that import the package in `pkgDir`, itself excluded. */
export const goImporterDirs = (moduleDir: string, pkgDir: string): string[] => {
  let goMod: string
  try {
    goMod = fs.readFileSync(path.join(moduleDir, "go.mod"), "utf8")
  } catch {
    return []
  }
  const module = goModulePath(goMod)
  if (module === undefined) return []
  const rel = path.relative(moduleDir, pkgDir).split(path.sep).join("/")
  const needle = `"${rel === "" ? module : `${module}/${rel}`}"`
  const found = new Set<string>()
  let read = 0
  const walk = (dir: string) => {
    let entries: fs.Dirent[]
    try {
      entries = fs.readdirSync(dir, { withFileTypes: true })
    } catch {
      return
    }
    for (const e of entries) {
      if (read >= MAX_FILES) return
      const full = path.join(dir, e.name)
      if (e.isDirectory()) {
        if (e.name.startsWith(".") || e.name.startsWith("_") || e.name === "vendor" || e.name === "testdata") continue
        if (fs.existsSync(path.join(full, "go.mod"))) continue // another module
        walk(full)
      } else if (e.isFile() && e.name.endsWith(".go") && dir !== pkgDir && !found.has(dir)) {
        read++
        try {
          if (fs.readFileSync(full, "utf8").includes(needle)) found.add(dir)
        } catch {
          // unreadable: not counted
        }
      }
    }
  }
  walk(moduleDir)
  return [...found].sort()
}

/** The .go files of a package directory go reads (not `_`/`.`-prefixed), with their text; unreadable ones are left out. */
export const goSourcesOf = (dir: string): Array<{ readonly name: string; readonly text: string }> => {
  let names: string[]
  try {
    names = fs.readdirSync(dir).filter((n) => n.endsWith(".go") && !n.startsWith("_") && !n.startsWith("."))
  } catch {
    return []
  }
  return names.flatMap((name) => {
    try {
      return [{ name, text: fs.readFileSync(path.join(dir, name), "utf8") }]
    } catch {
      return []
    }
  })
}

/**
 * Whether a Go file's build constraint keeps it out of every build by the `ignore` tag
 * (`//go:build ignore`, or the old `// +build ignore`): a constraint is only read in the file's
 * header, before its package clause.
 */
export const goIgnored = (source: string): boolean => {
  // `ignore` alone, or ANDed with more at the top (`//go:build ignore && linux`): built only with a tag nobody sets.
  const conjuncts = (e: GoExpr | undefined): GoExpr[] => e === undefined ? [] : e.kind === "and" ? [...conjuncts(e.x), ...conjuncts(e.y)] : [e]
  return conjuncts(goHeaderConstraint(source)?.expr).some((c) => c.kind === "tag" && c.name === "ignore")
}
