/**
 * .gitignore matching: blank lines and comments skipped, `!` negates, a trailing `/` matches only
 * directories, a pattern with a `/` (other than at the end) is anchored to its .gitignore's
 * directory, `*`, `?`, `[…]` and `**` glob as git does. The last matching rule of a file wins;
 * src/domain/tree/ignoreFile.ts compiles one file, src/commands/tree/walk.ts stacks them as git does.
 */

export interface Rule {
  readonly regex: RegExp
  readonly negate: boolean
  readonly dirOnly: boolean
}

/** POSIX classes git's wildmatch knows inside brackets, as JavaScript class ranges. */
const POSIX_CLASSES: Record<string, string> = {
  alnum: "a-zA-Z0-9", alpha: "a-zA-Z", blank: " \\t", cntrl: "\\x00-\\x1f\\x7f", digit: "0-9", graph: "!-~",
  lower: "a-z", print: " -~", punct: "!-\\/:-@\\[-`{-~", space: " \\t\\n\\r\\v\\f", upper: "A-Z", xdigit: "0-9a-fA-F"
}

/**
 * A bracket expression starting at `glob[start]` (`[`) as a regex class, as wildmatch reads it: `!` or
 * `^` first negates, a `]` right after the opening (or the negation) is a member, `[:digit:]` and
 * the other POSIX classes, backslash escapes; a slash never matches. Undefined when unclosed.
 */
const bracketToRegex = (glob: string, start: number): { re: string; end: number } | undefined => {
  let i = start + 1
  let negate = false
  if (glob[i] === "!" || glob[i] === "^") {
    negate = true
    i++
  }
  let body = ""
  let first = true
  for (; i < glob.length; i++, first = false) {
    const c = glob[i]!
    if (c === "]" && !first) return { re: negate ? `[^/${body}]` : `(?!/)[${body}]`, end: i }
    if (c === "[" && glob[i + 1] === ":") {
      const close = glob.indexOf(":]", i + 2)
      const cls = close === -1 ? undefined : POSIX_CLASSES[glob.slice(i + 2, close)]
      if (cls !== undefined) {
        body += cls
        i = close + 1
        continue
      }
    }
    if (c === "\\" && i + 1 < glob.length) {
      const escaped = glob[++i]!
      body += /[a-zA-Z0-9]/.test(escaped) ? escaped : "\\" + escaped
      continue
    }
    body += c === "-" && !first && glob[i + 1] !== "]" ? "-" : c.replace(/[\]\[\\^-]/g, "\\$&")
  }
  return undefined
}

const globToRegex = (glob: string): string => {
  let re = ""
  for (let i = 0; i < glob.length; i++) {
    const c = glob[i]!
    if (c === "*") {
      // A run of asterisks is `**` only as a whole path segment ("**/", "/**/", "/**"); elsewhere
      // (`***` in "*** x", `a**b`) it is one `*`, as in git's wildmatch.
      let j = i
      while (glob[j] === "*") j++
      const segment = j - i >= 2 && (i === 0 || glob[i - 1] === "/") && (j === glob.length || glob[j] === "/")
      if (segment && glob[j] === "/") {
        re += "(?:.*/)?" // any number of directories, the slash included
        i = j
      } else {
        re += segment ? ".*" : "[^/]*"
        i = j - 1
      }
    } else if (c === "?") re += "[^/]"
    else if (c === "[") {
      const bracket = bracketToRegex(glob, i)
      if (bracket === undefined) re += "\\["
      else {
        re += bracket.re
        i = bracket.end
      }
    } else if (c === "\\" && i + 1 < glob.length) re += "\\" + glob[++i]
    else re += c.replace(/[.+^${}()|]/g, "\\$&")
  }
  return re
}

/** The rules of one .gitignore, in file order; paths are matched relative to its directory. */
export const parseGitignore = (content: string): Rule[] =>
  content.split(/\r?\n/).flatMap((raw) => {
    // Trailing spaces go unless escaped; a tab is part of the pattern (git strips only spaces).
    let line = raw.replace(/(?<!\\) +$/, "")
    if (line === "" || line.startsWith("#")) return []
    const negate = line.startsWith("!")
    if (negate) line = line.slice(1)
    const dirOnly = line.endsWith("/")
    if (dirOnly) line = line.slice(0, -1)
    const anchored = line.includes("/")
    if (line.startsWith("/")) line = line.slice(1)
    const body = globToRegex(line)
    const regex = new RegExp(anchored ? `^${body}$` : `^(?:.*/)?${body}$`)
    return [{ regex, negate, dirOnly }]
  })

/** Directories never indexed, ignored or not: dependencies, tools' state and caches. */
export const ALWAYS_SKIPPED = new Set(["node_modules", ".git", ".hg", ".svn", ".splice", ".magellan", "venv", ".venv", "__pycache__", ".tox", ".mypy_cache", ".next", ".cache"])

/**
 * Where each kind of project's build writes its output: a directory of that name beside the
 * manifest repeats the sources (compiled, bundled, copied). Without such a manifest beside it the
 * directory is source like any other (Go's `go/build` package, its `cmd/dist` tool beside go.mod: Go
 * builds into neither, a `build/` of scripts).
 */
const OUTPUT_OF_MANIFEST: ReadonlyMap<string, ReadonlyArray<string>> = new Map<string, ReadonlyArray<string>>([
  ...["package.json", "tsconfig.json", "deno.json", "deno.jsonc"].map((m) => [m, ["dist", "build"]] as [string, ReadonlyArray<string>]),
  ...["pyproject.toml", "setup.py", "setup.cfg"].map((m) => [m, ["dist", "build"]] as [string, ReadonlyArray<string>]),
  ...["Cargo.toml", "pom.xml", "build.sbt"].map((m) => [m, ["target"]] as [string, ReadonlyArray<string>]),
  ...["build.gradle", "build.gradle.kts", "settings.gradle", "settings.gradle.kts", "CMakeLists.txt", "meson.build"].map((m) => [m, ["build"]] as [string, ReadonlyArray<string>])
])

/** Names some build writes its output to. */
export const BUILD_OUTPUT_NAMES: ReadonlySet<string> = new Set([...OUTPUT_OF_MANIFEST.values()].flat())

/** Whether directory `name`, among its parent's `siblings` (names), is a project's build output. */
export const isBuildOutput = (name: string, siblings: Iterable<string>): boolean => {
  if (!BUILD_OUTPUT_NAMES.has(name)) return false
  for (const s of siblings) if (OUTPUT_OF_MANIFEST.get(s)?.includes(name) === true) return true
  return false
}
