import * as fs from "node:fs"
import * as path from "node:path"

/**
 * The Go installation's standard library (GOROOT/src), for the interfaces a Go method rename is tied
 * to outside the workspace (`net.Listener`, `io.Writer`). GOROOT is the environment's, else the one
 * the `go` found on PATH lives in (GOROOT/bin/go, usually through a symbolic link).
 */
let root: string | null | undefined

const goRoot = (): string | null => {
  if (root !== undefined) return root
  const candidates: string[] = []
  if (process.env.GOROOT) candidates.push(process.env.GOROOT)
  for (const dir of (process.env.PATH ?? "").split(path.delimiter)) {
    if (dir === "" || !path.isAbsolute(dir)) continue
    try {
      candidates.push(path.dirname(path.dirname(fs.realpathSync(path.join(dir, "go")))))
    } catch {
      // no go here
    }
  }
  root = candidates.find((c) => fs.existsSync(path.join(c, "src", "builtin", "builtin.go"))) ?? null
  return root
}

const packages = new Map<string, ReadonlyArray<{ file: string; text: string }>>()

/** A standard-library package's non-test sources, read once per process; none when it is not one. */
export const goStandardPackage = (importPath: string): ReadonlyArray<{ file: string; text: string }> => {
  const known = packages.get(importPath)
  if (known !== undefined) return known
  const r = goRoot()
  let out: Array<{ file: string; text: string }> = []
  if (r !== null && /^[\w.-]+(\/[\w.-]+)*$/.test(importPath) && !importPath.split("/").includes("..")) {
    for (const dir of [path.join(r, "src", importPath), path.join(r, "src", "vendor", importPath)]) {
      try {
        const names = fs.readdirSync(dir).filter((n) => n.endsWith(".go") && !n.endsWith("_test.go")).sort()
        out = names.map((n) => ({ file: path.join(dir, n), text: fs.readFileSync(path.join(dir, n), "utf8") }))
        if (out.length > 0) break
      } catch {
        // not there
      }
    }
  }
  packages.set(importPath, out)
  return out
}
