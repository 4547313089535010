/** English texts of the commands that read, inspect, move and explain (the catalog's CommandTexts). */
import { type ErrorCode, ErrorRegistry } from "../errors.js"
import type { CommandTexts, FileCounts, StatView } from "./catalog.js"

const plural = (n: number, one: string, many = `${one}s`) => `${n} ${n === 1 ? one : many}`

export const size = (n: number): string =>
  n < 1024 ? `${n} B` : n < 1024 * 1024 ? `${(n / 1024).toFixed(1)} KiB` : n < 1024 ** 3 ? `${(n / 1024 / 1024).toFixed(1)} MiB` : `${(n / 1024 ** 3).toFixed(1)} GiB`

const transferSummary = (from: string, to: string, c: FileCounts) =>
  `${from} → ${to} (${plural(c.files, "file")}${c.links > 0 ? `, ${plural(c.links, "link")}` : ""}, ${c.bytes} bytes${(c.replaced ?? 0) > 0 ? `, ${c.replaced} replaced` : ""})`
const removeSummary = (paths: ReadonlyArray<string>, c: FileCounts) =>
  `${paths.join(", ")} (${plural(c.files, "file")}${c.links > 0 ? `, ${plural(c.links, "link")}` : ""}, ${c.bytes} bytes${(c.directories ?? 0) > 0 ? `, ${plural(c.directories!, "directory", "directories")}` : ""})`
const verb = (command: "mv" | "cp") => (command === "mv" ? "move" : "copy")

const statLine = (s: StatView): string => {
  const parts: string[] = [s.kind === "file" ? `${s.size} bytes` : `${s.kind}, ${s.size} bytes`, `mode ${s.mode}`]
  if (s.lines !== null) parts.push(`${s.lines} line(s)`, `${s.line_ending!} line endings`)
  if (s.encoding !== null) parts.push(s.bom === true ? `${s.encoding} with BOM` : s.encoding)
  if (s.language !== null) parts.push(s.language)
  if (s.nlink > 1) parts.push(`${s.nlink} hard links`)
  parts.push(`modified ${s.mtime}`)
  const link = s.symlink === null ? "" : ` -> ${s.symlink.target}`
  return `${s.file}${link}: ${parts.join(", ")}${s.checksum === null ? "" : `\n  blake3 ${s.checksum}`}\n`
}

export const enCommands: CommandTexts = {
  notes: {
    skipped: (path, message) => `splice: skipped ${path}: ${message}`,
    binary: (file) => `splice: ${file} is binary: not searched`,
    indexing: (done, total, rate) => `splice: indexing ${done}/${total} files (${rate} files/s)`,
    graphNotRefreshed: (code, message) => `splice: the change is committed, but the code graph was not refreshed (${code}: ${message}); the next graph query refreshes it`,
    testHold: (tx, ms) => `splice: test hold: ${tx} written, waiting ${ms} ms before commit`,
    rolledBack: (tx) => `splice: rolled back ${tx}`,
    rollbackIncomplete: (message, retry) => `splice: ${message}${retry ? "; run `splice recover` to retry" : ""}`,
    rollbackFailed: (tx, message) => `splice: rollback of ${tx} incomplete (${message}); run \`splice recover\``,
    applying: (count, file) => `applying ${count} edits to ${file}`,
    applyingProgress: (file, done, total) => `applying edits to ${file}: ${done} of ${total} done`,
    notRolledBack: (tx, command, failures) =>
      `splice: could not roll back interrupted transaction ${tx} (${command}): ${failures.map((f) => `${f.file}: ${f.error}`).join("; ")}; run \`splice recover\``,
    rolledBackInterrupted: (tx, command, conflicts) =>
      `splice: rolled back interrupted transaction ${tx} (${command})${conflicts.length > 0 ? `; changed since, left alone: ${conflicts.join(", ")}` : ""}`
  },
  words: { size, kind: (kind) => kind, language: (language) => language },
  transfer: {
    preview: (command, from, to, counts) => `would ${verb(command)} ${transferSummary(from, to, counts)}\n`,
    previewFile: (from, to, replaces) => `  ${from} → ${to}${replaces ? " (replaces the file there)" : ""}\n`,
    previewLink: (from, to, target) => `  ${from} → ${to} (symlink to ${target})\n`,
    nothing: (command, from, to) => `nothing to ${verb(command)}: ${from} is empty and ${to} exists\n`,
    done: (command, from, to, counts, compiler, tx) => `${command === "mv" ? "moved" : "copied"} ${transferSummary(from, to, counts)}, ${compiler}, tx ${tx}\n`,
    imports: (preview, c, notRewritten) =>
      `imports: ${preview ? "would rewrite" : "rewrote"} ${c.specifiers} specifier${c.specifiers === 1 ? "" : "s"} in ${c.importers} importer${c.importers === 1 ? "" : "s"} and ${c.moved} moved file${c.moved === 1 ? "" : "s"}\n` +
      notRewritten.map((n) => `  not rewritten: ${n.file}:${n.line}: ${n.specifier} (${n.reason.replace(/_/g, " ")})\n`).join("")
  },
  remove: {
    preview: (paths, counts) => `would remove ${removeSummary(paths, counts)}\n`,
    link: (file, target) => `  ${file} (symlink to ${target})\n`,
    done: (paths, counts, tx) => `removed ${removeSummary(paths, counts)}, tx ${tx}\n`
  },
  hash: { verified: (file) => `${file}: OK\n` },
  trust: {
    status: (workspace, trusted, via, why) =>
      trusted
        ? `${workspace}: trusted${via === "env" ? " (SPLICE_TRUST)" : ""}\n`
        : `${workspace}: not trusted${why === "changed" ? " (splice.json changed since it was trusted)" : ""}; run splice trust\n`,
    revoked: (workspace, revoked) => (revoked ? `${workspace}: no longer trusted\n` : `${workspace}: was not trusted\n`),
    trusted: (workspace, spliceJson, store) => `trusted ${workspace} with ${spliceJson === null ? "no splice.json" : `splice.json ${spliceJson}`}; recorded in ${store}\n`,
    gate: (extension, argv) => `  gate ${extension}: ${argv}\n`
  },
  recover: {
    discarded: (tx, files) => `discarded ${tx}: ${files.join(", ")} left as they are\n`,
    quarantined: (id, kind, reason, movedTo) => `journal entry ${id} is ${kind} (${reason}); moved to ${movedTo}, never replayed`,
    transaction: (status, tx, command) =>
      `${status === "rolled_back" ? "rolled back" : status === "incomplete" ? "NOT rolled back (restore failed)" : status === "damaged" ? "NOT rolled back (journal entry damaged)" : "still in progress (owner alive)"}: ${tx} (${command})\n`,
    file: (action, file, error) => `  ${action.padEnd(9)} ${file}${error !== undefined ? ` (${error})` : ""}\n`,
    nothing: "nothing to recover\n",
    recovered: (count) => `recovered ${count} transaction(s)\n`
  },
  diff: { binary: (a, b) => `Binary files ${a} and ${b} differ (compared by checksum)\n` },
  history: {
    transaction: (tx, state, command, files, links) => {
      const ties = [
        links.undoes !== undefined ? `undoes ${links.undoes}` : undefined,
        links.redoes !== undefined ? `redoes ${links.redoes}` : undefined,
        links.undoneBy !== undefined ? `undone by ${links.undoneBy}` : undefined,
        links.redoneBy !== undefined ? `redone by ${links.redoneBy}` : undefined
      ].filter((t) => t !== undefined)
      return `${tx}  ${state.padEnd(11)} ${command.padEnd(6)} ${files.join(", ")}${ties.length > 0 ? `  (${ties.join("; ")})` : ""}\n`
    },
    quarantined: (entry) => `${entry}  quarantined (not replayed; see .splice/quarantine/${entry})\n`,
    none: (file) => (file !== undefined ? `no transactions touched ${file}\n` : "no transactions\n"),
    stats: (total, bytes, states, oldest, quarantined) =>
      `${total} transaction(s), ${bytes} bytes in .splice/tx: ${states.map(([s, n]) => `${n} ${s}`).join(", ")}; ` +
      `${oldest !== undefined ? `oldest ${oldest.tx} (${oldest.created})` : "no entries"}; ${quarantined} quarantined\n`
  },
  stat: { file: statLine },
  tree: {
    lsTotal: (files, bytes) => `${files} files, ${size(bytes)}\n`,
    countTotal: (files, lines, bytes, binary) => `${files} files, ${lines} lines, ${size(bytes)}${binary > 0 ? ` (${binary} binary)` : ""}\n`,
    largest: "largest:\n",
    byLanguage: "by language:\n",
    languageRow: (language, files, lines, bytes) => `  ${language.padEnd(16)} ${String(files).padStart(6)} files ${String(lines).padStart(9)} lines ${size(bytes).padStart(10)}\n`
  },
  query: {
    kinds: (named, anonymous, supertypes) => `named: ${named.join(" ")}\nanonymous: ${anonymous.map((k) => JSON.stringify(k)).join(" ")}\nsupertypes: ${supertypes.join(" ")}\n`,
    truncated: (shown, total, flag) => `(${shown} of ${total} shown; raise ${flag} to see more)\n`
  },
  check: {
    diagnostic: (file, line, column, severity, code, message) => `${file || "(project)"}:${line}:${column}: ${severity}${code ? ` ${code}` : ""}: ${message}\n`,
    ok: (files, syntax, compiler, reason, warnings) =>
      // A checker that gave no verdict leaves the files unchecked by it: not "ok".
      `${compiler === "failed_to_run" ? "not fully checked" : "ok"}: ${files} file(s); syntax ${syntax.join("/")}; compiler ${compiler}${reason ? ` (${reason})` : ""}${warnings > 0 ? `; ${warnings} warning(s)` : ""}\n`
  },
  graph: {
    indexed: (s) =>
      `indexed ${s.files} files (${s.parsed} parsed, ${s.unchanged} unchanged, ${s.removed} removed) in ${s.ms} ms: ${s.symbols} symbols, ${s.references} references → ${s.db ?? "memory"}\n`,
    status: (s) =>
      `graph: ${s.db} (found by ${s.foundBy})\n${s.files} files, ${s.symbols} symbols, ${s.references} references (${s.exact} resolved exactly)\n` +
      `${s.stale} stale, ${s.unindexed} not yet indexed${s.stale + s.unindexed > 0 ? " — the next query refreshes them" : ""}\n`,
    skipped: (file, reason) => `skipped ${file}: ${reason}\n`,
    file: (state, language, symbols, file) => `${state.padEnd(7)} ${language.padEnd(10)} ${String(symbols).padStart(5)}  ${file}\n`,
    files: (files, stale, unindexed) => `${plural(files, "file")} indexed, ${stale} stale, ${unindexed} not yet indexed\n`,
    refs: (kind, name, file, line, signature) => `${kind} ${name} at ${file}:${line}\n  ${signature}\n`,
    refsCalls: (callers, callees) => `callers (${callers.length}): ${callers.join(", ")}\ncallees (${callees.length}): ${callees.join(", ")}\n`,
    refsReferences: (count) => `references (${count}):\n`,
    refsByName: (count) => `by name only, unresolved (${count}):\n`,
    reference: (file, line, column, kind, enclosing) => `  ${file}:${line}:${column}  ${kind}${enclosing ? `  in ${enclosing}` : ""}\n`,
    impacted: (file, line, kind, name, via, byName) => `${file}:${line}  ${kind} ${name}  (uses ${via}${byName ? ", by name" : ""})\n`,
    impact: (kind, name, symbols, files, depth, tests) =>
      `${kind} ${name}: ${symbols} symbol(s) in ${files} file(s) within ${depth} level(s); tests: ${tests.length === 0 ? "none reach it" : tests.join(", ")}\n`,
    dead: (file, line, kind, name, exported) =>
      `${file}:${line}  ${kind.padEnd(9)} ${name}  ${exported ? "exported, but no file of the workspace imports or uses it" : `no reference to it anywhere in the workspace${kind === "method" ? " (not even a call by name)" : ""}`}\n`,
    deadSummary: (count, lines, skipped, includeExported) =>
      `${count} dead symbol(s), ${lines} line(s); not listed: ${skipped.tests} in tests, ${skipped.entry_points} exported by entry files, ${skipped.protocol} main/protocol/accessors` +
      (includeExported ? "" : `, ${skipped.exported} other exported (--include-exported lists them)`) + "\n",
    candidate: (name, kind, signature, source) => `${name.padEnd(24)} ${kind.padEnd(10)} ${signature}${source !== null ? `  (from ${source})` : ""}\n`,
    candidates: (count, prefix, receiver, engine) => `${count} candidate(s) for ${JSON.stringify(prefix)}${receiver !== null ? ` after ${receiver}.` : ""} (${engine})\n`,
    scaffold: (comment, name, inferredFrom) =>
      `${comment} Suggested scaffold for ${name}\n${comment} ${inferredFrom.length > 0 ? `Inferred from: ${inferredFrom.join(", ")}` : "Nothing related found in the code graph"}\n`
  },
  rename: {
    summary: (kind, name, newName, renamed, files) => `${kind} ${name} → ${newName}: ${renamed} name(s) in ${files} file(s)`,
    tied: (names) => ` (with ${names.join(", ")}, tied through an interface)`,
    preview: (summary) => `${summary} (preview)\n`,
    done: (summary, syntax, compiler, tx) => `${summary}; ${syntax}, ${compiler}, tx ${tx}\n`,
    unresolvedRenamed: (count) => `${count} use(s) known only by name renamed too (--include-unresolved)\n`,
    unresolvedLeft: (count) => `${count} use(s) known only by name left as they are (check them; --include-unresolved renames them):\n`,
    unresolved: (file, line, column, kind) => `  ${file}:${line}:${column}  ${kind}\n`,
    unresolvedMore: (count) => `  … and ${count} more (the JSON result lists every one)\n`
  },
  explain: {
    line: (code, exit, retryable, name) => `${code}  exit ${String(exit).padEnd(3)} ${retryable ? "retryable " : "          "}${name}\n`,
    entry: (code, name, exit, retryable, explanation, hint) => `${code} ${name} (exit ${exit}${retryable ? ", retryable" : ""})\n\n${explanation}\n\nhint: ${hint}\n`,
    explanation: (code: ErrorCode, english) => english || ErrorRegistry[code].explanation
  }
}
