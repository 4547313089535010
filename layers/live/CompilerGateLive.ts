import * as fs from "node:fs"
import * as os from "node:os"
import * as path from "node:path"
import type * as Context from "effect/Context"
import * as Effect from "effect/Effect"
import * as Layer from "effect/Layer"
import { GO_LIST_FILES, interpretCheckerOutput, parseGoListedFiles, parseTscListedFiles } from "../../src/domain/checkerOutput.js"
import { describeGoConfig, type GoBuildConfig, goConfigFor, goConstrained, goDefaultConfig, goFileIncluded, type GoToolchain, GO_CONTEXT, goSurelyBuilt, parseGoContext } from "../../src/domain/goBuildConstraint.js"
import { goIgnored, goImporterDirs, goSourcesOf } from "./goImporters.js"
import { goOtherBuilds } from "../../src/domain/goOtherBuilds.js"
import type { Diagnostic } from "../../src/domain/diagnostics.js"
import { extensionOf, grammarForPath } from "../../src/domain/languages.js"
import { type CheckerPlan, type CheckerRun, type CheckerStep, CompilerGate, type CompilerMode, UNTRUSTED_REASON } from "../../services/CompilerGate.js"
import { FileStore, type WorkspacePath } from "../../services/FileStore.js"
import { ProcessRunner } from "../../services/ProcessRunner.js"
import { ProjectConfig } from "../../services/ProjectConfig.js"
import { Trust } from "../../services/Trust.js"
import { COMPILE_ARGS, interpreterOf, PYFLAKES_ARGS } from "./pythonChecks.js"

/**
 * Which checker a file has, found the way its project would run it: the nearest project file
 * (tsconfig.json, Cargo.toml, go.mod, …) between the file and the workspace root, the project's own
 * tool first (node_modules/.bin/tsc), then PATH. A custom gate in splice.json wins over the built-in.
 *
 * Trust: a checker that runs the project's own code (a custom gate, node_modules/.bin/tsc, cargo
 * with its build scripts and proc macros) is planned only when the user trusts the workspace.
 * In an untrusted workspace the other checkers still run, as the user's own tools: looked up on
 * PATH without its relative entries and those inside the workspace, with that PATH in their
 * environment (so `#!/usr/bin/env node` cannot pick a workspace `node`), Python isolated from a
 * scratch directory, javac without annotation processors.
 */

const PROJECT_FILES: Record<string, ReadonlyArray<string>> = {
  typescript: ["tsconfig.json"],
  tsx: ["tsconfig.json"],
  javascript: ["package.json"],
  python: ["pyproject.toml", "setup.py", "setup.cfg", "requirements.txt", "Pipfile"],
  rust: ["Cargo.toml"],
  go: ["go.mod"],
  c: ["compile_commands.json", "CMakeLists.txt", "Makefile", "meson.build"],
  cpp: ["compile_commands.json", "CMakeLists.txt", "Makefile", "meson.build"],
  java: ["pom.xml", "build.gradle", "build.gradle.kts", "build.xml"]
}

/** Flags from a compile_commands.json entry that change how a file parses; output flags are dropped. */
const KEEP_FLAG = /^(-I|-D|-U|-std=|-isystem|-include|-iquote|-idirafter|-f(no-)?(exceptions|rtti|signed-char|unsigned-char|char8_t)|-m\d\d)/

const splitCommand = (cmd: string): string[] =>
  [...cmd.matchAll(/"((?:\\.|[^"])*)"|'([^']*)'|(\S+)/g)].map((m) => m[1]?.replace(/\\(.)/g, "$1") ?? m[2] ?? m[3]!)

export const flagsFromCompileCommands = (json: string, absFile: string): string[] | undefined => {
  let entries: Array<{ directory: string; file: string; command?: string; arguments?: string[] }>
  try {
    entries = JSON.parse(json)
  } catch {
    return undefined
  }
  if (!Array.isArray(entries)) return undefined
  const entry = entries.find((e) => path.resolve(e.directory ?? "", e.file ?? "") === absFile)
  if (entry === undefined) return undefined
  const argv = entry.arguments ?? splitCommand(entry.command ?? "")
  const out: string[] = []
  for (let i = 1; i < argv.length; i++) {
    const a = argv[i]!
    if (!KEEP_FLAG.test(a)) continue
    // "-I dir" as two words, and relative include paths, are made absolute for our cwd.
    if (/^(-I|-isystem|-include|-iquote|-idirafter)$/.test(a) && i + 1 < argv.length) {
      out.push(a, path.resolve(entry.directory, argv[++i]!))
    } else if (/^(-D|-U)$/.test(a) && i + 1 < argv.length) {
      out.push(a, argv[++i]!)
    } else if (/^-I./.test(a)) out.push("-I" + path.resolve(entry.directory, a.slice(2)))
    else out.push(a)
  }
  return out
}

/** PATH without relative entries and without directories inside `root` (real paths compared). */
export const pathOutside = (root: string, entries: ReadonlyArray<string>): string[] =>
  entries.filter((d) => {
    if (!path.isAbsolute(d)) return false
    let real = d
    try {
      real = fs.realpathSync(d)
    } catch {
      // a directory that does not exist holds no executable; keeping it is harmless
    }
    return ![path.resolve(d), real].some((p) => p === root || p.startsWith(root + path.sep))
  })

/** A workspace path as a command-line argument: `-x.txt` would be read as an option. */
export const asArgument = (relative: string): string => (relative.startsWith("-") ? `./${relative}` : relative)

/** The service itself, for a caller that builds several without a layer each (liveLayer). */
export const makeCompilerGate: Effect.Effect<Context.Tag.Service<CompilerGate>, never, FileStore | ProcessRunner | ProjectConfig | Trust> = Effect.gen(function*() {
  const store = yield* FileStore
  const runner = yield* ProcessRunner
  const config = yield* ProjectConfig
  const trustService = yield* Trust
  const root = store.root
  // Fails closed: trust that cannot be established (an unreadable store) is no trust; `splice trust --status` shows why.
  // Asked each time (the trust layer answers from a stat while nothing changed): a long-running
  // process must see trust given or revoked, and splice.json changed, since it started.
  const trusted = trustService.status.pipe(Effect.map((s) => s.trusted), Effect.orElseSucceed(() => false))
  const safePath = pathOutside(root, (process.env["PATH"] ?? "").split(path.delimiter).filter((d) => d.length > 0))
  const untrustedSkip = (tool: string): CheckerPlan => ({ kind: "skip", tool, untrusted: true, reason: UNTRUSTED_REASON })

  /** The nearest of `names` from the file's directory up to the workspace root (absolute), if any. */
  const nearest = (absFile: string, names: ReadonlyArray<string>) =>
    Effect.sync(() => {
      let dir = path.dirname(absFile)
      for (;;) {
        for (const n of names) {
          const p = path.join(dir, n)
          if (fs.existsSync(p)) return p
        }
        if (dir === root || !dir.startsWith(root)) return undefined
        dir = path.dirname(dir)
      }
    })

  /** node_modules/.bin directories from `dir` up to the workspace root. */
  const binDirs = (dir: string) => {
    const out: string[] = []
    let d = dir
    for (;;) {
      out.push(path.join(d, "node_modules", ".bin"))
      if (d === root || !d.startsWith(root)) return out
      d = path.dirname(d)
    }
  }

  /** The toolchain's default build context (go list), asked once per go binary and project, and only for a file with build constraints. */
  const toolchains = new Map<string, GoToolchain | undefined>()
  const goToolchain = (go: string, cwd: string, env: Record<string, string>) =>
    Effect.gen(function*() {
      const key = `${go}\u0000${cwd}`
      if (toolchains.has(key)) return toolchains.get(key)
      const r = yield* runner.run({ command: go, args: ["list", "-e", "-f", GO_CONTEXT, "unsafe"], cwd, timeoutMs: 30_000, env })
      const found = r === "not_found" || r.exitCode !== 0 ? undefined : parseGoContext(r.stdout)
      toolchains.set(key, found)
      return found
    })

  /** The environment and `-tags` of a build configuration: only what differs from the toolchain's default. */
  const goEnvFor = (c: GoBuildConfig | undefined, tc: GoToolchain | undefined): Record<string, string> => c === undefined || tc === undefined ? {} : {
    ...(c.goos !== tc.goos ? { GOOS: c.goos } : {}),
    ...(c.goarch !== tc.goarch ? { GOARCH: c.goarch } : {}),
    ...(c.cgo !== tc.cgo ? { CGO_ENABLED: c.cgo ? "1" : "0" } : {})
  }
  const goTags = (c: GoBuildConfig | undefined): string[] => c === undefined || c.tags.length === 0 ? [] : ["-tags", c.tags.join(",")]

  const missing = (tool: string, where: string): CheckerPlan => ({ kind: "skip", tool, missingTool: true, reason: `${tool} is not installed (looked in ${where})` })

  const plan = (file: WorkspacePath, mode: CompilerMode) =>
    Effect.gen(function*() {
      const target = yield* store.locate(file)
      const abs = target.absolute
      const ext = extensionOf(file)
      const cfg = yield* config.load
      const custom = cfg.gates[ext]
      if (custom !== undefined) {
        // The repository chose this command: it runs only once the user trusts splice.json.
        if (!(yield* trusted)) return untrustedSkip(custom[0]!)
        const exe = yield* runner.which(custom[0]!, [path.join(root, "node_modules", ".bin")])
        if (exe === undefined) return missing(custom[0]!, `splice.json gates.${ext}: PATH and node_modules/.bin`)
        const args = custom.slice(1).map((a) => a.replaceAll("{file}", asArgument(target.relative)))
        return { kind: "run", tool: custom[0]!, file: target.relative, custom: true, key: [exe, ...args].join("\u0000"), steps: [{ tool: custom[0]!, command: exe, args, cwd: root }] } satisfies CheckerPlan
      }
      const isTrusted = yield* trusted
      // Untrusted: only the user's own tools, and a PATH in their environment that cannot reach into the workspace.
      const searchPath = isTrusted ? undefined : safePath
      const env = (extra: Record<string, string> = {}): Record<string, string> =>
        isTrusted ? extra : { ...extra, PATH: safePath.join(path.delimiter) }
      const which = (name: string, extraDirs: ReadonlyArray<string> = []) => runner.which(name, extraDirs, searchPath)
      const language = grammarForPath(file)?.language
      const markers = language === undefined ? undefined : PROJECT_FILES[language]
      if (language === undefined || markers === undefined) {
        return { kind: "skip", reason: ext === "" ? "no checker for files without an extension" : `no checker for ${ext} files` } satisfies CheckerPlan
      }
      const marker = yield* nearest(abs, markers)
      if (marker === undefined && mode === "auto") {
        return { kind: "skip", reason: `no ${markers.join(" or ")} between ${target.relative} and the workspace root` } satisfies CheckerPlan
      }
      const projectDir = marker === undefined ? path.dirname(abs) : path.dirname(marker)
      const run = (tool: string, steps: CheckerStep[]): CheckerPlan => ({
        kind: "run", tool, file: target.relative, custom: false, steps, key: steps.map((s) => [s.command, ...s.args, s.cwd, JSON.stringify(s.env ?? {})].join("\u0000")).join("\u0001")
      })
      switch (language) {
        case "typescript":
        case "tsx": {
          // node_modules/.bin/tsc is the project's code: trusted workspaces only. Without one, the
          // user's tsc from PATH type-checks without running anything of the project's.
          const local = yield* runner.which("tsc", binDirs(projectDir), [])
          if (local !== undefined && !isTrusted) return untrustedSkip("tsc")
          const tsc = local ?? (yield* which("tsc"))
          if (tsc === undefined) return missing("tsc", "node_modules/.bin and PATH")
          const args = marker?.endsWith("tsconfig.json")
            // --listFiles: which files the project's program takes in (a file outside its include is not checked at all).
            ? ["--noEmit", "--pretty", "false", "--listFiles", "-p", marker]
            : ["--noEmit", "--pretty", "false", abs]
          return run("tsc", [{ tool: "tsc", command: tsc, args, cwd: projectDir, env: env() }])
        }
        case "javascript": {
          const node = yield* which("node")
          if (node === undefined) return missing("node", "PATH")
          return run("node", [{ tool: "node", command: node, args: ["--check", abs], cwd: projectDir, env: env() }])
        }
        case "python": {
          const python = (yield* which("python3")) ?? (yield* which("python"))
          if (python === undefined) return missing("python3", "PATH")
          // Isolated, from an empty scratch directory (pythonChecks.ts).
          const steps: CheckerStep[] = [{ tool: "py_compile", command: python, args: [...COMPILE_ARGS, abs], cwd: "{tmp}", env: env(), scratch: true }]
          const script = (yield* which("pyflakes")) ?? (yield* which("pyflakes3"))
          const named = script === undefined ? undefined : interpreterOf(script)
          const interpreter = named === undefined ? undefined : named.includes("/") ? named : yield* which(named)
          const usable = interpreter !== undefined && (isTrusted || pathOutside(root, [path.dirname(interpreter)]).length === 1)
          if (usable) steps.push({ tool: "pyflakes", command: interpreter, args: [...PYFLAKES_ARGS, abs], cwd: "{tmp}", env: env(), scratch: true })
          return run(usable ? "py_compile+pyflakes" : "py_compile", steps)
        }
        case "rust": {
          const cargo = yield* which("cargo", [path.join(os.homedir(), ".cargo", "bin")])
          if (cargo === undefined) return missing("cargo", "PATH and ~/.cargo/bin")
          if (marker === undefined) return { kind: "skip", reason: "no Cargo.toml: cargo check needs a crate" } satisfies CheckerPlan
          // cargo check compiles and runs build scripts and proc macros: the project's code.
          if (!isTrusted) return untrustedSkip("cargo")
          return run("cargo", [{ tool: "cargo", command: cargo, args: ["check", "--message-format=json", "--quiet"], cwd: projectDir }])
        }
        case "go": {
          // go vet compiles but never runs the package (cgo only calls the C compiler, with
          // allow-listed flags): it runs untrusted, with the user's PATH minus the workspace.
          const go = yield* which("go", ["/usr/local/go/bin", "/usr/lib/go/bin"])
          if (go === undefined) return missing("go", "PATH")
          const asPattern = (dir: string) => "./" + (path.relative(projectDir, dir).split(path.sep).join("/") || ".")
          // A file its build constraint keeps out of every build (`//go:build ignore`, a generator run
          // with `go run gen.go`) is in no package go vet reads: vetted on its own, as go run builds it.
          // (Planned before the write: a file being created is read as it will be after.)
          const source = fs.existsSync(abs) ? fs.readFileSync(abs, "utf8") : ""
          if (goIgnored(source)) {
            return run("go vet", [{ tool: "go vet", command: go, args: ["vet", "./" + path.relative(projectDir, abs).split(path.sep).join("/")], cwd: projectDir, env: env() }])
          }
          // A file the default build leaves out (`//go:build integration`, `_windows.go`) is vetted, with
          // its package and importers, under a configuration that takes it in (goBuildConstraint.ts).
          let config: GoBuildConfig | undefined
          let toolchain: GoToolchain | undefined
          if (goConstrained(path.basename(abs), source)) {
            toolchain = yield* goToolchain(go, projectDir, env())
            if (toolchain === undefined) return { kind: "skip", tool: "go vet", reason: `go list did not say the toolchain's build context (GOOS, GOARCH, release tags): ${target.relative}'s build constraints cannot be read` } satisfies CheckerPlan
            const answer = goConfigFor(path.basename(abs), source, toolchain)
            if (answer.kind === "none") return { kind: "skip", tool: "go vet", reason: `go vet cannot check ${target.relative}: ${answer.reason}` } satisfies CheckerPlan
            if (answer.kind === "config") config = answer.config
          }
          // With the module's packages that import it: a changed signature breaks them, not itself.
          const pkgDir = path.dirname(abs)
          const importers = marker === undefined ? [] : goImporterDirs(projectDir, pkgDir).map((dir) => ({ dir, sources: goSourcesOf(dir) }))
          const siblings = goSourcesOf(pkgDir).filter((f) => f.name !== path.basename(abs))
          const constrained = [...siblings.map((f) => ({ ...f, dir: pkgDir })), ...importers.flatMap((i) => i.sources.map((f) => ({ ...f, dir: i.dir })))]
            .filter((f) => goConstrained(f.name, f.text) && !goIgnored(f.text)) // `//go:build ignore`: a program of its own, in no build with the edit
          if (constrained.length > 0) toolchain ??= yield* goToolchain(go, projectDir, env())
          const tc = toolchain
          const vetted = tc === undefined ? undefined : config ?? goDefaultConfig(tc)
          // An importer whose files that configuration all leaves out (`app/app_windows.go` only) is no
          // package to go vet there ("build constraints exclude all Go files"): not named (goOtherBuilds may vet it in its own build).
          const built = importers.filter((i) => vetted === undefined || tc === undefined || i.sources.some((f) => goFileIncluded(f.name, f.text, vetted, tc)))
          const pkgs = [asPattern(pkgDir), ...built.map((i) => asPattern(i.dir))]
          const vetStep = (c: GoBuildConfig | undefined, patterns: ReadonlyArray<string>): CheckerStep => ({
            tool: "go vet", command: go, args: ["vet", ...goTags(c), ...patterns], cwd: projectDir, env: env(goEnvFor(c, tc))
          })
          // go list says which files of the package that build read: a file its constraints leave out was not checked.
          const list: CheckerStep = { tool: "go list", command: go, args: ["list", "-e", ...goTags(config), "-f", GO_LIST_FILES, pkgs[0]!], cwd: projectDir, env: env(goEnvFor(config, tc)) }
          const rel = (p: string) => path.relative(root, p).split(path.sep).join("/")
          const others = vetted === undefined || tc === undefined
            ? { extra: [], unchecked: [] }
            : goOtherBuilds({ path: target.relative, text: source }, vetted, constrained.map((f) => ({ path: rel(path.join(f.dir, f.name)), dir: f.dir, text: f.text })), tc)
          const extra = others.extra.map((b) => vetStep(b.config, [...new Set([asPattern(pkgDir), ...b.dirs.map(asPattern)])]))
          const said = config === undefined || tc === undefined ? "" : describeGoConfig(config, tc)
          const unchecked = others.unchecked
          return {
            // go list costs ~0.2 s: asked unless the file is surely in the default build.
            ...run("go vet", [vetStep(config, pkgs), ...(goSurelyBuilt(target.relative, source) ? [] : [list]), ...extra]),
            unreadWhy: `its build constraints leave it out of the package go vet checked${said === "" ? " (the default build)" : ` (${said})`}`,
            ...(unchecked.length > 0
              ? { notChecked: `go vet did not check ${unchecked.slice(0, 3).map((u) => `${u.path} (${u.config})`).join(", ")}${unchecked.length > 3 ? ` and ${unchecked.length - 3} more` : ""}, which build${unchecked.length === 1 ? "s" : ""} with ${target.relative} only in that configuration: \`splice check\` on ${unchecked.length === 1 ? "it" : "them"} vets that build` }
              : {})
          }
        }
        case "c":
        case "cpp": {
          // -fsyntax-only runs nothing; compile_commands.json contributes only allow-listed flags (KEEP_FLAG).
          const tool = language === "c" ? "gcc" : "g++"
          const cc = yield* which(tool)
          if (cc === undefined) return missing(tool, "PATH")
          const db = yield* nearest(abs, ["compile_commands.json", "build/compile_commands.json"])
          const flags = db === undefined ? [] : flagsFromCompileCommands(fs.readFileSync(db, "utf8"), abs) ?? []
          return run(tool, [{ tool, command: cc, args: [...flags, "-fsyntax-only", "-fdiagnostics-format=json", abs], cwd: path.dirname(abs), env: env() }])
        }
        case "java": {
          const javac = yield* which("javac")
          if (javac === undefined) return missing("javac", "PATH")
          // The source root is the file's directory minus its package path.
          // Planned before the write: a file being created is not on disk yet.
          const text = fs.existsSync(abs) ? fs.readFileSync(abs, "utf8") : ""
          const pkg = /^\s*package\s+([\w.]+)\s*;/m.exec(text)?.[1]
          let sourceRoot = path.dirname(abs)
          if (pkg !== undefined && sourceRoot.endsWith(path.join(...pkg.split(".")))) {
            sourceRoot = sourceRoot.slice(0, sourceRoot.length - path.join(...pkg.split(".")).length - 1)
          }
          // Classes go to a scratch directory: a check never litters .class files.
          // Untrusted: no annotation processors (javac would load them from the class path, i.e. the workspace).
          const proc = isTrusted ? [] : ["-proc:none"]
          return run("javac", [{ tool: "javac", command: javac, args: ["-d", "{tmp}", "-implicit:none", ...proc, "-sourcepath", sourceRoot, abs], cwd: path.dirname(abs), env: env(), scratch: true }])
        }
        default:
          return { kind: "skip", reason: `no checker for ${language}` } satisfies CheckerPlan
      }
    })

  const run = (p: CheckerPlan & { readonly kind: "run" }, timeoutMs: number) =>
    Effect.gen(function*() {
      const diagnostics: Diagnostic[] = []
      const commands: string[] = []
      let checked: string[] | undefined
      let durationMs = 0
      for (const step of p.steps) {
        const scratch = step.scratch === true ? fs.mkdtempSync(path.join(os.tmpdir(), "splice-check-")) : undefined
        const fill = (s: string) => (scratch === undefined ? s : s.replaceAll("{tmp}", scratch))
        const args = step.args.map(fill)
        const cwd = fill(step.cwd)
        const env = step.env === undefined ? undefined : Object.fromEntries(Object.entries(step.env).map(([k, v]) => [k, fill(v)]))
        commands.push([step.command, ...args].join(" "))
        const result = yield* runner.run({ command: step.command, args, cwd, timeoutMs: Math.max(1, timeoutMs - durationMs), ...(env ? { env } : {}) }).pipe(
          Effect.ensuring(Effect.sync(() => scratch !== undefined && fs.rmSync(scratch, { recursive: true, force: true })))
        )
        if (result === "not_found") return { kind: "missing", tool: step.tool } as const
        durationMs += result.durationMs
        if (result.timedOut) return { kind: "timeout", tool: p.tool, durationMs, commands } as const
        const rel = (printed: string) => path.relative(root, path.resolve(cwd, printed)).split(path.sep).join("/")
        const outcome = interpretCheckerOutput({ tool: step.tool, custom: p.custom, file: p.file }, result, rel)
        if (outcome.kind === "failed_to_run") {
          return { kind: "failed_to_run", tool: step.tool, exitCode: outcome.exitCode, reason: outcome.reason, outputTail: outcome.outputTail, durationMs, commands } satisfies CheckerRun
        }
        diagnostics.push(...outcome.diagnostics)
        if (step.tool === "tsc" && args.includes("--listFiles")) checked = [...(checked ?? []), ...parseTscListedFiles(result.stdout, rel)]
        if (step.tool === "go list") checked = [...(checked ?? []), ...parseGoListedFiles(result.stdout, rel)]
      }
      return { kind: "ran", tool: p.tool, diagnostics, durationMs, commands, ...(checked !== undefined ? { checked } : {}) } satisfies CheckerRun
    })

  return { plan, run }
})

export const CompilerGateLive: Layer.Layer<CompilerGate, never, FileStore | ProcessRunner | ProjectConfig | Trust> = Layer.effect(CompilerGate, makeCompilerGate)
