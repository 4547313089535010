/**
 * Português do Brasil dos comandos que leem, inspecionam, movem e explicam (a parte CommandTexts do
 * catálogo). Nomes de tipos de símbolo e estados aparecem traduzidos nas linhas para pessoas; o
 * NDJSON guarda os nomes em inglês.
 */
import type { CommandTexts, FileCounts, StatView } from "./catalog.js"
import { ptBRExplanations } from "./ptBRExplanations.js"

const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`
const decimal = (x: number) => x.toFixed(1).replace(".", ",")
const size = (n: number): string =>
  n < 1024 ? `${n} B` : n < 1024 * 1024 ? `${decimal(n / 1024)} KiB` : n < 1024 ** 3 ? `${decimal(n / 1024 / 1024)} MiB` : `${decimal(n / 1024 ** 3)} GiB`

const kinds: Record<string, string> = {
  function: "função",
  method: "método",
  class: "classe",
  interface: "interface",
  type: "tipo",
  enum: "enum",
  struct: "struct",
  trait: "trait",
  constant: "constante",
  variable: "variável",
  module: "módulo",
  namespace: "namespace",
  macro: "macro",
  // Kinds TypeScript's completions give (splice complete).
  keyword: "palavra-chave",
  "local var": "var local",
  "local function": "função local",
  parameter: "parâmetro",
  property: "propriedade",
  getter: "getter",
  setter: "setter",
  constructor: "construtor",
  "enum member": "membro de enum",
  "type parameter": "parâmetro de tipo",
  "primitive type": "tipo primitivo",
  label: "rótulo",
  var: "var",
  let: "let",
  const: "const",
  alias: "alias",
  // Kinds of reference.
  call: "chamada",
  read: "leitura",
  text: "texto",
  import: "import",
  // Kinds of file system entry (splice stat).
  directory: "diretório",
  symlink: "symlink",
  fifo: "FIFO",
  socket: "socket",
  device: "dispositivo"
}
export const kind = (k: string) => (Object.hasOwn(kinds, k) ? kinds[k]! : k)
/** The kinds whose word is feminine (a função, a constante, a struct): what names them agrees. */
const FEMININE = new Set(["function", "class", "interface", "struct", "constant", "variable", "macro", "keyword", "local var", "local function", "property", "call", "read"])
/** The masculine or the feminine form, as the kind's word asks (a Rust impl block, named by its header, is "o bloco"). */
export const agree = (k: string | null, masculine: string, feminine: string) => (k !== null && FEMININE.has(k) ? feminine : masculine)
/** What ls and count call a file without a language. */
const languages: Record<string, string> = { text: "texto", binary: "binário" }

const transferSummary = (from: string, to: string, c: FileCounts) =>
  `${from} → ${to} (${plural(c.files, "arquivo", "arquivos")}${c.links > 0 ? `, ${plural(c.links, "link", "links")}` : ""}, ${c.bytes} bytes${(c.replaced ?? 0) > 0 ? `, ${plural(c.replaced!, "substituído", "substituídos")}` : ""})`
const removeSummary = (paths: ReadonlyArray<string>, c: FileCounts) =>
  `${paths.join(", ")} (${plural(c.files, "arquivo", "arquivos")}${c.links > 0 ? `, ${plural(c.links, "link", "links")}` : ""}, ${c.bytes} bytes${(c.directories ?? 0) > 0 ? `, ${plural(c.directories!, "diretório", "diretórios")}` : ""})`

const endings: Record<string, string> = { lf: "LF", crlf: "CRLF", cr: "CR", mixed: "mistas", none: "nenhuma" }
const statLine = (s: StatView): string => {
  const parts: string[] = [s.kind === "file" ? `${s.size} bytes` : `${kind(s.kind)}, ${s.size} bytes`, `modo ${s.mode}`]
  if (s.lines !== null) parts.push(plural(s.lines, "linha", "linhas"), `quebras de linha ${endings[s.line_ending!] ?? s.line_ending}`)
  if (s.encoding !== null) parts.push(s.bom === true ? `${s.encoding} com BOM` : s.encoding)
  if (s.language !== null) parts.push(s.language)
  if (s.nlink > 1) parts.push(`${s.nlink} hard links`)
  parts.push(`modificado em ${s.mtime}`)
  const link = s.symlink === null ? "" : ` -> ${s.symlink.target}`
  return `${s.file}${link}: ${parts.join(", ")}${s.checksum === null ? "" : `\n  blake3 ${s.checksum}`}\n`
}

const txStates: Record<string, string> = { pending: "pendente", committed: "commitada", rolled_back: "revertida", undone: "desfeita" }
const fileActions: Record<string, string> = { restored: "restaurado", removed: "removido", unchanged: "inalterado", conflict: "conflito", failed: "falhou" }
const fileStates: Record<string, string> = { fresh: "em dia", stale: "desatualizado", missing: "sumiu" }
const statuses: Record<string, string> = { passed: "ok", failed: "falhou", skipped: "pulado", failed_to_run: "não rodou" }
const severities: Record<string, string> = { error: "erro", warning: "aviso", info: "info", note: "nota", hint: "dica" }
const foundBy: Record<string, string> = { memory: "memória" }
const engines: Record<string, string> = { typescript: "TypeScript", graph: "grafo" }

export const ptBRCommands: CommandTexts = {
  notes: {
    skipped: (path, message) => `splice: ${path} ignorado: ${message}`,
    binary: (file) => `splice: ${file} é binário: não foi pesquisado`,
    indexing: (done, total, rate) => `splice: indexando ${done}/${total} arquivos (${rate} arquivos/s)`,
    graphNotRefreshed: (code, message) => `splice: a mudança foi commitada, mas o grafo de código não foi atualizado (${code}: ${message}); a próxima consulta ao grafo o atualiza`,
    testHold: (tx, ms) => `splice: pausa de teste: ${tx} gravada, esperando ${ms} ms antes do commit`,
    rolledBack: (tx) => `splice: ${tx} desfeita (rollback)`,
    rollbackIncomplete: (message, retry) => `splice: ${message}${retry ? "; rode `splice recover` para tentar de novo" : ""}`,
    rollbackFailed: (tx, message) => `splice: o rollback de ${tx} ficou incompleto (${message}); rode \`splice recover\``,
    applying: (count, file) => `aplicando ${count} edições em ${file}`,
    applyingProgress: (file, done, total) => `aplicando edições em ${file}: ${done} de ${total} feitas`,
    notRolledBack: (tx, command, failures) =>
      `splice: não foi possível desfazer a transação interrompida ${tx} (${command}): ${failures.map((f) => `${f.file}: ${f.error}`).join("; ")}; rode \`splice recover\``,
    rolledBackInterrupted: (tx, command, conflicts) =>
      `splice: transação interrompida ${tx} (${command}) desfeita${conflicts.length > 0 ? `; mudaram desde então e ficaram como estão: ${conflicts.join(", ")}` : ""}`
  },
  words: { size, kind, language: (l) => languages[l] ?? l },
  transfer: {
    preview: (command, from, to, counts) => `${command === "mv" ? "moveria" : "copiaria"} ${transferSummary(from, to, counts)}\n`,
    previewFile: (from, to, replaces) => `  ${from} → ${to}${replaces ? " (substitui o arquivo que está lá)" : ""}\n`,
    previewLink: (from, to, target) => `  ${from} → ${to} (symlink para ${target})\n`,
    nothing: (command, from, to) => `nada a ${command === "mv" ? "mover" : "copiar"}: ${from} está vazio e ${to} já existe\n`,
    done: (command, from, to, counts, compiler, tx) => `${command === "mv" ? "movido" : "copiado"}: ${transferSummary(from, to, counts)}, ${compiler}, tx ${tx}\n`,
    imports: (preview, c, notRewritten) =>
      `imports: ${preview ? "reescreveria" : "reescritos"} ${c.specifiers} especificador${c.specifiers === 1 ? "" : "es"} em ${c.importers} importador${c.importers === 1 ? "" : "es"} e ${c.moved} arquivo${c.moved === 1 ? "" : "s"} movido${c.moved === 1 ? "" : "s"}\n` +
      notRewritten.map((n) => `  não reescrito: ${n.file}:${n.line}: ${n.specifier} (${n.reason.replace(/_/g, " ")})\n`).join("")
  },
  remove: {
    preview: (paths, counts) => `removeria ${removeSummary(paths, counts)}\n`,
    link: (file, target) => `  ${file} (symlink para ${target})\n`,
    done: (paths, counts, tx) => `removido: ${removeSummary(paths, counts)}, tx ${tx}\n`
  },
  // b3sum --check escreve "OK" em qualquer língua; quem lê a saída como a do b3sum continua lendo.
  hash: { verified: (file) => `${file}: OK\n` },
  trust: {
    status: (workspace, trusted, via, why) =>
      trusted
        ? `${workspace}: confiável${via === "env" ? " (SPLICE_TRUST)" : ""}\n`
        : `${workspace}: não confiável${why === "changed" ? " (o splice.json mudou desde que foi marcado como confiável)" : ""}; rode splice trust\n`,
    revoked: (workspace, revoked) => (revoked ? `${workspace}: deixou de ser confiável\n` : `${workspace}: não era confiável\n`),
    trusted: (workspace, spliceJson, store) => `${workspace} marcado como confiável ${spliceJson === null ? "sem splice.json" : `com o splice.json ${spliceJson}`}; registrado em ${store}\n`,
    gate: (extension, argv) => `  gate ${extension}: ${argv}\n`
  },
  recover: {
    discarded: (tx, files) => `${tx} descartada: ${files.join(", ")} ficaram como estão\n`,
    quarantined: (id, k, reason, movedTo) =>
      `a entrada ${id} do journal ${k === "foreign" ? "é de outra origem" : "está danificada"} (${reason}); movida para ${movedTo}, nunca será reaplicada`,
    transaction: (status, tx, command) =>
      `${status === "rolled_back" ? "revertida" : status === "incomplete" ? "NÃO revertida (a restauração falhou)" : status === "damaged" ? "NÃO revertida (entrada do journal danificada)" : "ainda em andamento (o processo dono está vivo)"}: ${tx} (${command})\n`,
    file: (action, file, error) => `  ${(fileActions[action] ?? action).padEnd(10)} ${file}${error !== undefined ? ` (${error})` : ""}\n`,
    nothing: "nada a recuperar\n",
    recovered: (count) => `${plural(count, "transação recuperada", "transações recuperadas")}\n`
  },
  diff: { binary: (a, b) => `Os arquivos binários ${a} e ${b} são diferentes (comparados pelo checksum)\n` },
  history: {
    transaction: (tx, state, command, files, links) => {
      const ties = [
        links.undoes !== undefined ? `desfaz ${links.undoes}` : undefined,
        links.redoes !== undefined ? `refaz ${links.redoes}` : undefined,
        links.undoneBy !== undefined ? `desfeita por ${links.undoneBy}` : undefined,
        links.redoneBy !== undefined ? `refeita por ${links.redoneBy}` : undefined
      ].filter((t) => t !== undefined)
      return `${tx}  ${(txStates[state] ?? state).padEnd(11)} ${command.padEnd(6)} ${files.join(", ")}${ties.length > 0 ? `  (${ties.join("; ")})` : ""}\n`
    },
    quarantined: (entry) => `${entry}  em quarentena (não é reaplicada; veja .splice/quarantine/${entry})\n`,
    none: (file) => (file !== undefined ? `nenhuma transação mexeu em ${file}\n` : "nenhuma transação\n"),
    stats: (total, bytes, states, oldest, quarantined) =>
      `${plural(total, "transação", "transações")}, ${bytes} bytes em .splice/tx: ${states.map(([s, n]) => `${n} ${txStates[s] ?? s}${n === 1 ? "" : "s"}`).join(", ")}; ` +
      `${oldest !== undefined ? `a mais antiga é ${oldest.tx} (${oldest.created})` : "nenhuma entrada"}; ${quarantined} em quarentena\n`
  },
  stat: { file: statLine },
  tree: {
    lsTotal: (files, bytes) => `${plural(files, "arquivo", "arquivos")}, ${size(bytes)}\n`,
    countTotal: (files, lines, bytes, binary) =>
      `${plural(files, "arquivo", "arquivos")}, ${plural(lines, "linha", "linhas")}, ${size(bytes)}${binary > 0 ? ` (${binary} binário${binary === 1 ? "" : "s"})` : ""}\n`,
    largest: "maiores:\n",
    byLanguage: "por linguagem:\n",
    languageRow: (language, files, lines, bytes) =>
      `  ${language.padEnd(16)} ${String(files).padStart(6)} arquivo${files === 1 ? " " : "s"} ${String(lines).padStart(9)} linha${lines === 1 ? " " : "s"} ${size(bytes).padStart(10)}\n`
  },
  query: {
    kinds: (named, anonymous, supertypes) =>
      `nomeados: ${named.join(" ")}\nanônimos: ${anonymous.map((k) => JSON.stringify(k)).join(" ")}\nsupertipos: ${supertypes.join(" ")}\n`,
    truncated: (shown, total, flag) => `(${shown} de ${total} mostrados; aumente ${flag} para ver mais)\n`
  },
  check: {
    diagnostic: (file, line, column, severity, code, message) =>
      `${file || "(projeto)"}:${line}:${column}: ${severities[severity] ?? severity}${code ? ` ${code}` : ""}: ${message}\n`,
    ok: (files, syntax, compiler, reason, warnings) =>
      `${compiler === "failed_to_run" ? "verificação incompleta" : "ok"}: ${plural(files, "arquivo", "arquivos")}; sintaxe ${syntax.map((s) => statuses[s] ?? s).join("/")}; compilador ${statuses[compiler] ?? compiler}${reason ? ` (${reason})` : ""}${warnings > 0 ? `; ${plural(warnings, "aviso", "avisos")}` : ""}\n`
  },
  graph: {
    indexed: (s) =>
      `${plural(s.files, "arquivo indexado", "arquivos indexados")} (${s.parsed} lido${s.parsed === 1 ? "" : "s"} pelo parser, ${s.unchanged} sem mudança, ${s.removed} removido${s.removed === 1 ? "" : "s"}) em ${s.ms} ms: ` +
      `${plural(s.symbols, "símbolo", "símbolos")}, ${plural(s.references, "referência", "referências")} → ${s.db ?? "memória"}\n`,
    status: (s) =>
      `grafo: ${s.db} (encontrado por ${foundBy[s.foundBy] ?? s.foundBy})\n${plural(s.files, "arquivo", "arquivos")}, ${plural(s.symbols, "símbolo", "símbolos")}, ${plural(s.references, "referência", "referências")} (${s.exact} resolvida${s.exact === 1 ? "" : "s"} com exatidão)\n` +
      `${s.stale} desatualizado${s.stale === 1 ? "" : "s"}, ${s.unindexed} ainda não indexado${s.unindexed === 1 ? "" : "s"}${s.stale + s.unindexed > 0 ? " — a próxima consulta os atualiza" : ""}\n`,
    skipped: (file, reason) => `${file} ignorado: ${reason}\n`,
    file: (state, language, symbols, file) => `${(fileStates[state] ?? state).padEnd(13)} ${language.padEnd(10)} ${String(symbols).padStart(5)}  ${file}\n`,
    files: (files, stale, unindexed) =>
      `${plural(files, "arquivo indexado", "arquivos indexados")}, ${stale} desatualizado${stale === 1 ? "" : "s"}, ${unindexed} ainda não indexado${unindexed === 1 ? "" : "s"}\n`,
    refs: (k, name, file, line, signature) => `${kind(k)} ${name} em ${file}:${line}\n  ${signature}\n`,
    refsCalls: (callers, callees) => `chamado por (${callers.length}): ${callers.join(", ")}\nchama (${callees.length}): ${callees.join(", ")}\n`,
    refsReferences: (count) => `referências (${count}):\n`,
    refsByName: (count) => `só pelo nome, não resolvidas (${count}):\n`,
    reference: (file, line, column, k, enclosing) => `  ${file}:${line}:${column}  ${kind(k)}${enclosing ? `  em ${enclosing}` : ""}\n`,
    impacted: (file, line, k, name, via, byName) => `${file}:${line}  ${kind(k)} ${name}  (usa ${via}${byName ? ", pelo nome" : ""})\n`,
    impact: (k, name, symbols, files, depth, tests) =>
      `${kind(k)} ${name}: ${plural(symbols, "símbolo", "símbolos")} em ${plural(files, "arquivo", "arquivos")} até ${plural(depth, "nível", "níveis")}; testes: ${tests.length === 0 ? `nenhum chega até ${agree(k, "ele", "ela")}` : tests.join(", ")}\n`,
    dead: (file, line, k, name, exported) =>
      `${file}:${line}  ${kind(k).padEnd(9)} ${name}  ${exported ? `${agree(k, "exportado", "exportada")}, mas nenhum arquivo do workspace ${agree(k, "o", "a")} importa ou usa` : `nenhuma referência a ${agree(k, "ele", "ela")} em todo o workspace${k === "method" ? " (nem uma chamada pelo nome)" : ""}`}\n`,
    deadSummary: (count, lines, skipped, includeExported) =>
      `${plural(count, "símbolo morto", "símbolos mortos")}, ${plural(lines, "linha", "linhas")}; fora da lista: ${skipped.tests} em testes, ${skipped.entry_points} exportados por arquivos de entrada, ${skipped.protocol} main/protocolo/acessores` +
      (includeExported ? "" : `, ${skipped.exported} outros exportados (--include-exported os lista)`) + "\n",
    candidate: (name, k, signature, source) => `${name.padEnd(24)} ${kind(k).padEnd(10)} ${signature}${source !== null ? `  (de ${source})` : ""}\n`,
    candidates: (count, prefix, receiver, engine) =>
      `${plural(count, "candidato", "candidatos")} para ${JSON.stringify(prefix)}${receiver !== null ? ` depois de ${receiver}.` : ""} (${engines[engine] ?? engine})\n`,
    scaffold: (comment, name, inferredFrom) =>
      `${comment} Esqueleto sugerido para ${name}\n${comment} ${inferredFrom.length > 0 ? `Inferido de: ${inferredFrom.join(", ")}` : "Nada relacionado encontrado no grafo de código"}\n`
  },
  rename: {
    summary: (k, name, newName, renamed, files) => `${kind(k)} ${name} → ${newName}: ${plural(renamed, "nome", "nomes")} em ${plural(files, "arquivo", "arquivos")}`,
    tied: (names) => ` (com ${names.join(", ")}, ligados por uma interface)`,
    preview: (summary) => `${summary} (prévia)\n`,
    done: (summary, syntax, compiler, tx) => `${summary}; ${syntax}, ${compiler}, tx ${tx}\n`,
    unresolvedRenamed: (count) => `${plural(count, "uso conhecido só pelo nome também foi renomeado", "usos conhecidos só pelo nome também foram renomeados")} (--include-unresolved)\n`,
    unresolvedLeft: (count) =>
      `${plural(count, "uso conhecido só pelo nome ficou como estava", "usos conhecidos só pelo nome ficaram como estavam")} (confira; --include-unresolved também os renomeia):\n`,
    unresolved: (file, line, column, k) => `  ${file}:${line}:${column}  ${kind(k)}\n`,
    unresolvedMore: (count) => `  … e mais ${count} (o resultado JSON lista todos)\n`
  },
  explain: {
    line: (code, exit, retryable, name) => `${code}  saída ${String(exit).padEnd(3)} ${retryable ? "repetível " : "          "}${name}\n`,
    entry: (code, name, exit, retryable, explanation, hint) => `${code} ${name} (saída ${exit}${retryable ? ", pode repetir" : ""})\n\n${explanation}\n\ndica: ${hint}\n`,
    explanation: (code) => ptBRExplanations[code]
  }
}
