/**
 * Every command's output, by command name: the schema of its result line and, for the commands
 * that print lines before it, of those event lines. A command's definition (src/spec/commands/)
 * must name one of these; the Output service types `result(command, fields)` and `event(line)` with
 * them, `splice schema` prints them as JSON Schema and each MCP tool declares them as outputSchema.
 * Built when first imported: front ends load this module only when they need it.
 */
import * as Schema from "effect/Schema"
import { ApplyResult } from "./results/apply.js"
import { DelResult, GetResult, SetResult } from "./results/data.js"
import { EditResult } from "./results/edit.js"
import { CpResult, MvResult, RmResult } from "./results/files.js"
import { CompleteResult, DeadCodeEvent, DeadCodeResult, ExportEvent, ExportResult, FilesEvent, FilesResult, FindEvent, FindResult, ImpactEvent, ImpactResult, IndexResult, OutlineResult, RefsResult, StatusResult, SuggestResult } from "./results/graph.js"
import { HistoryEvent, HistoryResult } from "./results/history.js"
import { DiffResult, ExtractResult, QueryEvent, QueryResult, StatEvent, StatResult } from "./results/inspectFiles.js"
import { CheckEvent, CheckResult, ExplainResult, HashEvent, HashResult, ReadResult, TrustResult } from "./results/inspect.js"
import { RecoverEvent, RecoverResult } from "./results/recover.js"
import { CaseResult, RenameResult } from "./results/rename.js"
import { SchemaResult } from "./results/schema.js"
import { DeleteResult, InsertResult, PatchResult } from "./results/symbol.js"
import { ReplaceResult, SearchEvent, SearchResult } from "./results/search.js"
import { CountResult, LsEvent, LsResult } from "./results/tree.js"
import { UndoResult } from "./results/undo.js"
import { WriteResult } from "./results/write.js"

export interface CommandOutput {
  /** The last line of a successful run. */
  readonly result: Schema.Schema<any, any, never>
  /** The lines printed before it, if the command prints any. */
  readonly events?: Schema.Schema<any, any, never>
}

export const commandOutputs = {
  edit: { result: EditResult },
  write: { result: WriteResult },
  apply: { result: ApplyResult },
  rename: { result: RenameResult },
  case: { result: CaseResult },
  patch: { result: PatchResult },
  delete: { result: DeleteResult },
  insert: { result: InsertResult },
  "dead-code": { result: DeadCodeResult, events: DeadCodeEvent },
  impact: { result: ImpactResult, events: ImpactEvent },
  complete: { result: CompleteResult },
  get: { result: GetResult },
  set: { result: SetResult },
  del: { result: DelResult },
  mv: { result: MvResult },
  cp: { result: CpResult },
  rm: { result: RmResult },
  check: { result: CheckResult, events: CheckEvent },
  read: { result: ReadResult },
  hash: { result: HashResult, events: HashEvent },
  undo: { result: UndoResult },
  history: { result: HistoryResult, events: HistoryEvent },
  recover: { result: RecoverResult, events: RecoverEvent },
  trust: { result: TrustResult },
  explain: { result: ExplainResult },
  schema: { result: SchemaResult },
  index: { result: IndexResult },
  status: { result: StatusResult },
  find: { result: FindResult, events: FindEvent },
  refs: { result: RefsResult },
  outline: { result: OutlineResult },
  files: { result: FilesResult, events: FilesEvent },
  suggest: { result: SuggestResult },
  export: { result: ExportResult, events: ExportEvent },
  stat: { result: StatResult, events: StatEvent },
  extract: { result: ExtractResult },
  query: { result: QueryResult, events: QueryEvent },
  diff: { result: DiffResult },
  search: { result: SearchResult, events: SearchEvent },
  replace: { result: ReplaceResult },
  ls: { result: LsResult, events: LsEvent },
  count: { result: CountResult }
} as const satisfies Record<string, CommandOutput>

export type CommandName = keyof typeof commandOutputs

/** A command's output schemas by its name (undefined for a name that has none). */
export const outputOf = (name: string): CommandOutput | undefined =>
  Object.hasOwn(commandOutputs, name) ? commandOutputs[name as CommandName] : undefined

type WithoutReserved<T> = T extends unknown ? Omit<T, "type" | "command" | "ok"> : never

/** The fields a command passes to Output.result: its result line without type, command and ok. */
export type ResultFields<C extends CommandName> = WithoutReserved<Schema.Schema.Encoded<(typeof commandOutputs)[C]["result"]>>

/** Any event line some command prints. */
export type EventLine = {
  [C in CommandName]: (typeof commandOutputs)[C] extends { readonly events: infer E extends Schema.Schema.Any } ? Schema.Schema.Encoded<E> : never
}[CommandName]
