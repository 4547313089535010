/**
 * Go build constraints, as go/build reads them: a file's `//go:build` expression (or its old
 * `// +build` lines) and its name's `_GOOS`, `_GOARCH`, `_GOOS_GOARCH` suffix. The compiler gate
 * uses them to vet a file the default build leaves out (`//go:build integration`, `_windows.go`)
 * under a build configuration that takes it in: a satisfying assignment of the constraint, with
 * GOOS/GOARCH and `cgo` fixed by the environment and every other tag free (`-tags`).
 */

/** go/build's knownOS, knownArch and unixOS (syslist.go). */
export const KNOWN_OS: ReadonlyArray<string> = ["aix", "android", "darwin", "dragonfly", "freebsd", "hurd", "illumos", "ios", "js", "linux", "nacl", "netbsd", "openbsd", "plan9", "solaris", "wasip1", "windows", "zos"]
export const KNOWN_ARCH: ReadonlyArray<string> = ["386", "amd64", "amd64p32", "arm", "armbe", "arm64", "arm64be", "loong64", "mips", "mipsle", "mips64", "mips64le", "mips64p32", "mips64p32le", "ppc", "ppc64", "ppc64le", "riscv", "riscv64", "s390", "s390x", "sparc", "sparc64", "wasm"]
const UNIX_OS = new Set(["aix", "android", "darwin", "dragonfly", "freebsd", "hurd", "illumos", "ios", "linux", "netbsd", "openbsd", "solaris"])

/** The GOOS/GOARCH pairs the gc toolchain builds (`go tool dist list`, Go 1.19–1.23). */
const PORTS = new Set(
  ("aix/ppc64 android/386 android/amd64 android/arm android/arm64 darwin/amd64 darwin/arm64 dragonfly/amd64 freebsd/386 freebsd/amd64 " +
    "freebsd/arm freebsd/arm64 freebsd/riscv64 illumos/amd64 ios/amd64 ios/arm64 js/wasm linux/386 linux/amd64 linux/arm linux/arm64 linux/loong64 " +
    "linux/mips linux/mips64 linux/mips64le linux/mipsle linux/ppc64 linux/ppc64le linux/riscv64 linux/s390x netbsd/386 netbsd/amd64 netbsd/arm " +
    "netbsd/arm64 openbsd/386 openbsd/amd64 openbsd/arm openbsd/arm64 openbsd/mips64 openbsd/ppc64 openbsd/riscv64 plan9/386 plan9/amd64 plan9/arm " +
    "solaris/amd64 wasip1/wasm windows/386 windows/amd64 windows/arm windows/arm64").split(" ")
)

const PORTED_OS = KNOWN_OS.filter((o) => KNOWN_ARCH.some((a) => PORTS.has(`${o}/${a}`)))

export type GoExpr =
  | { readonly kind: "tag"; readonly name: string }
  | { readonly kind: "not"; readonly x: GoExpr }
  | { readonly kind: "and" | "or"; readonly x: GoExpr; readonly y: GoExpr }

const tag = (name: string): GoExpr => ({ kind: "tag", name })
const and = (x: GoExpr, y: GoExpr): GoExpr => ({ kind: "and", x, y })
const or = (x: GoExpr, y: GoExpr): GoExpr => ({ kind: "or", x, y })

/** A `//go:build` expression (`linux && (arm64 || amd64) && !cgo`); undefined when it does not parse. */
export const parseGoBuildExpr = (text: string): GoExpr | undefined => {
  const tokens = text.match(/&&|\|\||[!()]|[\w.]+|\S/g) ?? []
  let i = 0
  const primary = (): GoExpr | undefined => {
    const t = tokens[i++]
    if (t === "!") {
      const x = primary()
      return x === undefined ? undefined : { kind: "not", x }
    }
    if (t === "(") {
      const x = orExpr()
      return tokens[i++] === ")" ? x : undefined
    }
    return t !== undefined && /^[\w.]+$/.test(t) ? tag(t) : undefined
  }
  const binary = (op: "&&" | "||", next: () => GoExpr | undefined, make: (x: GoExpr, y: GoExpr) => GoExpr) => (): GoExpr | undefined => {
    let x = next()
    while (x !== undefined && tokens[i] === op) {
      i++
      const y = next()
      x = y === undefined ? undefined : make(x, y)
    }
    return x
  }
  const andExpr = binary("&&", primary, and)
  const orExpr = binary("||", andExpr, or)
  const e = orExpr()
  return e !== undefined && i === tokens.length ? e : undefined
}

/** Old `// +build` lines: each line an OR of space-separated terms, a term an AND of `,`-separated (maybe `!`) tags; lines ANDed. */
const parsePlusBuild = (lines: ReadonlyArray<string>): GoExpr | undefined => {
  let all: GoExpr | undefined
  for (const line of lines) {
    let any: GoExpr | undefined
    for (const term of line.trim().split(/\s+/).filter((t) => t.length > 0)) {
      let conj: GoExpr | undefined
      for (const lit of term.split(",")) {
        const neg = lit.startsWith("!")
        const name = neg ? lit.slice(1) : lit
        if (!/^[\w.]+$/.test(name)) return undefined
        const x: GoExpr = neg ? { kind: "not", x: tag(name) } : tag(name)
        conj = conj === undefined ? x : and(conj, x)
      }
      if (conj !== undefined) any = any === undefined ? conj : or(any, conj)
    }
    if (any !== undefined) all = all === undefined ? any : and(all, any)
  }
  return all
}

/** The build constraint of a file's header (before its package clause): `//go:build` wins over `// +build`. */
export const goHeaderConstraint = (source: string): { readonly text: string; readonly expr: GoExpr | undefined } | undefined => {
  const end = source.search(/^\s*package\s/m)
  const header = (end < 0 ? "" : source.slice(0, end)).split(/\r?\n/)
  const goBuild = header.find((l) => /^\/\/go:build(\s|$)/.test(l))
  if (goBuild !== undefined) {
    const text = goBuild.slice("//go:build".length).trim()
    return { text, expr: parseGoBuildExpr(text) }
  }
  const plus = header.filter((l) => /^\/\/\s*\+build(\s|$)/.test(l)).map((l) => l.replace(/^\/\/\s*\+build/, ""))
  if (plus.length === 0) return undefined
  return { text: plus.map((l) => l.trim()).join(" / "), expr: parsePlusBuild(plus) }
}

/** The GOOS/GOARCH a file's name asks for (`x_windows.go`, `x_linux_arm64_test.go`), as go/build's goodOSArchFile reads it. */
export const goFileNameConstraint = (fileName: string): { readonly goos?: string; readonly goarch?: string } => {
  let name = fileName
  const dot = name.indexOf(".")
  if (dot >= 0) name = name.slice(0, dot)
  const underscore = name.indexOf("_")
  if (underscore < 0) return {}
  name = name.slice(underscore)
  if (name.endsWith("_test")) name = name.slice(0, -"_test".length)
  const l = name.split("_")
  const n = l.length
  if (n >= 2 && KNOWN_OS.includes(l[n - 2]!) && KNOWN_ARCH.includes(l[n - 1]!)) return { goos: l[n - 2]!, goarch: l[n - 1]! }
  if (n >= 1 && KNOWN_OS.includes(l[n - 1]!)) return { goos: l[n - 1]! }
  if (n >= 1 && KNOWN_ARCH.includes(l[n - 1]!)) return { goarch: l[n - 1]! }
  return {}
}

/** Whether a file has a build constraint at all (a header line or a GOOS/GOARCH name suffix). */
export const goConstrained = (fileName: string, source: string): boolean => {
  const named = goFileNameConstraint(fileName)
  return goHeaderConstraint(source) !== undefined || named.goos !== undefined || named.goarch !== undefined
}

/** What `go list -e -f GO_CONTEXT unsafe` prints: the toolchain's default build context. */
export const GO_CONTEXT = "{{context.GOOS}}\n{{context.GOARCH}}\n{{context.CgoEnabled}}\n{{join context.ReleaseTags \" \"}}\n{{join context.ToolTags \" \"}}\n"

/** GO_CONTEXT's five lines; undefined when they are not that. */
export const parseGoContext = (out: string): GoToolchain | undefined => {
  const [goos, goarch, cgo, release, tool] = out.split(/\r?\n/).map((l) => l.trim())
  const releaseTags = (release ?? "").split(" ").filter((t) => /^go1\.\d+$/.test(t))
  if (goos === undefined || goarch === undefined || !KNOWN_OS.includes(goos) || !KNOWN_ARCH.includes(goarch) || releaseTags.length === 0) return undefined
  const minor = Math.max(...releaseTags.map((t) => Number(t.slice(4))))
  return { goos, goarch, cgo: cgo === "true", minor, toolTags: (tool ?? "").split(" ").filter((t) => t.length > 0) }
}

/**
 * Whether the default build surely reads a file without asking go list: no constraint, no `import "C"`
 * (left out when cgo is off), not the old `package documentation`, and no path component go skips
 * (`_x.go`, `.x.go`, a `testdata` directory).
 */
export const goSurelyBuilt = (relativePath: string, source: string): boolean =>
  !goConstrained(relativePath.slice(relativePath.lastIndexOf("/") + 1), source) &&
  !/^\s*import\s*(\(\s*)?"C"/m.test(source) && !/^\s*package\s+documentation\b/m.test(source) &&
  !relativePath.split("/").some((part) => part.startsWith("_") || part.startsWith(".") || part === "testdata")

/** One build configuration: what `go vet` is run with (env GOOS/GOARCH/CGO_ENABLED, `-tags`). */
export interface GoBuildConfig {
  readonly goos: string
  readonly goarch: string
  readonly cgo: boolean
  readonly tags: ReadonlyArray<string>
}

/**
 * The toolchain's default build context (GO_CONTEXT): GOOS, GOARCH, cgo, its Go minor version (1.N;
 * the `go1.N` release tags up to it hold) and its tool tags (`goexperiment.regabiargs`: fixed by the
 * toolchain, never a `-tags` to pass; taken as the host's for every GOARCH).
 */
export interface GoToolchain {
  readonly goos: string
  readonly goarch: string
  readonly cgo: boolean
  readonly minor: number
  readonly toolTags: ReadonlyArray<string>
}

/** Whether a tag holds in a configuration (go/build's matchTag). */
export const goTagHolds = (name: string, c: GoBuildConfig, tc: GoToolchain): boolean => {
  if (name === "cgo") return c.cgo
  if (name === c.goos || name === c.goarch || name === "gc") return true
  if (name === "linux" && c.goos === "android") return true
  if (name === "solaris" && c.goos === "illumos") return true
  if (name === "darwin" && c.goos === "ios") return true
  if (name === "unix") return UNIX_OS.has(c.goos)
  const release = /^go1\.(\d+)$/.exec(name)
  if (release !== null) return Number(release[1]) <= tc.minor
  if (name.startsWith("goexperiment.")) return tc.toolTags.includes(name)
  return c.tags.includes(name)
}

/** Whether a file (name and text) is in the build of configuration `c`; a constraint that does not parse takes it in nowhere. */
export const goFileIncluded = (fileName: string, source: string, c: GoBuildConfig, tc: GoToolchain): boolean => {
  const expr = constraintOf(fileName, source)
  return expr === "unparsable" ? false : expr === undefined || evalGoExpr(expr, (t) => goTagHolds(t, c, tc))
}

/** The file's whole constraint: its header's expression and its name's GOOS/GOARCH, ANDed. */
const constraintOf = (fileName: string, source: string): GoExpr | "unparsable" | undefined => {
  const header = goHeaderConstraint(source)
  if (header !== undefined && header.expr === undefined) return "unparsable"
  const named = goFileNameConstraint(fileName)
  const parts = [header?.expr, named.goos === undefined ? undefined : tag(named.goos), named.goarch === undefined ? undefined : tag(named.goarch)]
    .filter((x): x is GoExpr => x !== undefined)
  return parts.length === 0 ? undefined : parts.reduce((x, y) => and(x, y))
}

/** The toolchain's default build configuration. */
export const goDefaultConfig = (tc: GoToolchain): GoBuildConfig => ({ goos: tc.goos, goarch: tc.goarch, cgo: tc.cgo, tags: [] })

export const evalGoExpr = (e: GoExpr, holds: (name: string) => boolean): boolean => {
  switch (e.kind) {
    case "tag":
      return holds(e.name)
    case "not":
      return !evalGoExpr(e.x, holds)
    case "and":
      return evalGoExpr(e.x, holds) && evalGoExpr(e.y, holds)
    case "or":
      return evalGoExpr(e.x, holds) || evalGoExpr(e.y, holds)
  }
}

const tagsOf = (e: GoExpr, out: Set<string> = new Set()): Set<string> => {
  if (e.kind === "tag") out.add(e.name)
  else if (e.kind === "not") tagsOf(e.x, out)
  else {
    tagsOf(e.x, out)
    tagsOf(e.y, out)
  }
  return out
}

/**
 * Tags the toolchain sets itself (never a `-tags` to pass), and `ignore`: by convention never set —
 * `-tags ignore` takes in the standard library's own generators (`//go:build ignore`, package main)
 * and breaks it.
 */
const fixedTag = (t: string) => t === "ignore" || KNOWN_OS.includes(t) || KNOWN_ARCH.includes(t) || t === "cgo" || t === "gc" || t === "gccgo" || t === "unix" || /^go1\.\d+$/.test(t) || t.startsWith("goexperiment.")

/** At most this many free tags are tried in every combination (2^n); more are only tried all set or one left out. */
const MAX_FREE_TAGS = 10

export type GoConfigAnswer =
  | { readonly kind: "default" }
  | { readonly kind: "config"; readonly config: GoBuildConfig }
  | { readonly kind: "none"; readonly reason: string }

/**
 * The build configuration to vet a file under: `default` when the toolchain's default build takes it
 * in; else the configuration closest to the default (its GOOS/GOARCH/cgo first, the fewest tags)
 * that does; `none` when no configuration can (contradictory constraints, an unparsable one).
 */
export const goConfigFor = (fileName: string, source: string, tc: GoToolchain): GoConfigAnswer => {
  const expr = constraintOf(fileName, source)
  const header = goHeaderConstraint(source)
  if (expr === undefined) return { kind: "default" }
  if (expr === "unparsable") return { kind: "none", reason: `its build constraint \`${header?.text ?? ""}\` does not parse` }
  if (evalGoExpr(expr, (t) => goTagHolds(t, goDefaultConfig(tc), tc))) return { kind: "default" }
  const named = goFileNameConstraint(fileName)
  const config = solve(expr, tc)
  if (config !== undefined) return { kind: "config", config }
  const said = [header === undefined ? undefined : `\`//go:build ${header.text}\``, named.goos !== undefined || named.goarch !== undefined ? `its name (${[named.goos, named.goarch].filter(Boolean).join("/")})` : undefined]
  return { kind: "none", reason: `no build configuration satisfies ${said.filter(Boolean).join(" with ")} (Go 1.${tc.minor}, gc)` }
}

/**
 * The configuration closest to the toolchain's default under which both files build (a sibling of
 * the edited file, or a file of a package that imports it, behind another constraint): what go vet
 * needs to see the edit's effect on it. Undefined when none does.
 */
export const goConfigForBoth = (a: { readonly name: string; readonly text: string }, b: { readonly name: string; readonly text: string }, tc: GoToolchain): GoBuildConfig | undefined => {
  const parts = [constraintOf(a.name, a.text), constraintOf(b.name, b.text)]
  if (parts.includes("unparsable")) return undefined
  const defined = parts.filter((x): x is GoExpr => x !== undefined && x !== "unparsable")
  if (defined.length === 0) return goDefaultConfig(tc)
  const expr = defined.reduce((x, y) => and(x, y))
  return evalGoExpr(expr, (t) => goTagHolds(t, goDefaultConfig(tc), tc)) ? goDefaultConfig(tc) : solve(expr, tc)
}

/** A satisfying configuration of `expr`: the host's GOOS/GOARCH/cgo first, the fewest tags. */
const solve = (expr: GoExpr, tc: GoToolchain): GoBuildConfig | undefined => {
  const mentioned = tagsOf(expr)
  const free = [...mentioned].filter((t) => !fixedTag(t)).sort()
  // GOOS/GOARCH that decide differently: the host's, those the constraint names (and what they imply),
  // and one it names none of, unix and not.
  const oses = unique([tc.goos, ...KNOWN_OS.filter((o) => mentioned.has(o)),
    ...(mentioned.has("linux") ? ["android"] : []), ...(mentioned.has("solaris") ? ["illumos"] : []), ...(mentioned.has("darwin") ? ["ios"] : []),
    ...PORTED_OS.filter((o) => UNIX_OS.has(o) && !mentioned.has(o)).slice(0, 1), ...PORTED_OS.filter((o) => !UNIX_OS.has(o) && !mentioned.has(o)).slice(0, 1)])
  const arches = (goos: string) => {
    const ported = KNOWN_ARCH.filter((a) => PORTS.has(`${goos}/${a}`))
    return unique([tc.goarch, ...ported.filter((a) => mentioned.has(a)), ...ported.filter((a) => !mentioned.has(a)).slice(0, 1)]).filter((a) => PORTS.has(`${goos}/${a}`))
  }
  for (const tags of tagSets(free)) {
    for (const goos of oses) {
      for (const goarch of arches(goos)) {
        // cgo across platforms needs a cross C compiler: only the host's platform may turn it on.
        const native = goos === tc.goos && goarch === tc.goarch
        for (const cgo of native ? [tc.cgo, !tc.cgo] : [false]) {
          const c: GoBuildConfig = { goos, goarch, cgo, tags }
          if (evalGoExpr(expr, (t) => goTagHolds(t, c, tc))) return c
        }
      }
    }
  }
  return undefined
}

const unique = <A>(xs: ReadonlyArray<A>): A[] => [...new Set(xs)]

/** Subsets of the free tags, fewest first (all of them when there are few; else none, each alone, all, all but one). */
function* tagSets(free: ReadonlyArray<string>): Generator<ReadonlyArray<string>> {
  if (free.length <= MAX_FREE_TAGS) {
    const subsets: string[][] = []
    for (let mask = 0; mask < 1 << free.length; mask++) subsets.push(free.filter((_, i) => (mask & (1 << i)) !== 0))
    yield* subsets.sort((a, b) => a.length - b.length)
    return
  }
  yield []
  for (const t of free) yield [t]
  yield free
  for (const t of free) yield free.filter((x) => x !== t)
}

/** How a configuration is said in a verdict: `GOOS=windows GOARCH=amd64 -tags integration`. */
export const describeGoConfig = (c: GoBuildConfig, tc: GoToolchain): string =>
  [c.goos !== tc.goos ? `GOOS=${c.goos}` : "", c.goarch !== tc.goarch ? `GOARCH=${c.goarch}` : "", c.cgo !== tc.cgo ? `CGO_ENABLED=${c.cgo ? 1 : 0}` : "",
    c.tags.length > 0 ? `-tags ${c.tags.join(",")}` : ""].filter((s) => s.length > 0).join(" ")
