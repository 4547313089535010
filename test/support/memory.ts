/** Runs a command program against the memory layers and reports what it printed and how it ended. */
import type { Catalog } from "../../src/domain/locale/index.js"
import { errorObject } from "../../src/domain/render.js"
import { assertSchemaLines } from "./outputSchema.js"
import * as Effect from "effect/Effect"
import * as Layer from "effect/Layer"
import { HasherLive } from "../../layers/live/HasherLive.js"
import { JournalKeyFixed } from "../../layers/live/JournalKeyLive.js"
import { DEFAULT_LIMITS, type HistoryLimits, JournalWithLimits } from "../../layers/live/JournalLive.js"
import { ProcessRunnerLive } from "../../layers/live/ProcessRunnerLive.js"
import { SyntaxLive } from "../../layers/live/SyntaxLive.js"
import { ValidatorLive } from "../../layers/live/ValidatorLive.js"
import { CompilerGateScripted, ScriptedChecker } from "../../layers/memory/CompilerGateScripted.js"
import { InputMemory } from "../../layers/memory/InputMemory.js"
import { LockMemory, MemoryLocks } from "../../layers/memory/LockMemory.js"
import { FileStoreMemory, MemoryFs } from "../../layers/memory/MemoryFs.js"
import { CapturedOutput, OutputMemory } from "../../layers/memory/OutputMemory.js"
import { outcomeOf } from "../../src/cli/outcome.js"
import type { SpliceError } from "../../src/domain/SpliceError.js"
import type { CompilerGate } from "../../services/CompilerGate.js"
import type { FileStore } from "../../services/FileStore.js"
import type { Hasher } from "../../services/Hasher.js"
import type { Input } from "../../services/Input.js"
import type { Journal } from "../../services/Journal.js"
import type { Lock } from "../../services/Lock.js"
import type { Output } from "../../services/Output.js"
import type { Syntax } from "../../services/Syntax.js"
import type { Validator } from "../../services/Validator.js"

export { MemoryFs, MemoryLocks, ScriptedChecker }

/** The journal key of the test user. */
export const TEST_KEY = new Uint8Array(32).fill(42)

export type Services = FileStore | Lock | Journal | Hasher | Validator | Output | Input | CompilerGate | Syntax

// Grammars and the hasher are pure and costly to load: share them across tests.
const shared = Layer.mergeAll(HasherLive, SyntaxLive, ValidatorLive.pipe(Layer.provide(Layer.merge(SyntaxLive, ProcessRunnerLive))))
const sharedMemo = Layer.succeedContext(await Effect.runPromise(Effect.scoped(Layer.build(shared))))

export interface RunOptions {
  /** Replaces the real syntax gate (e.g. ValidatorScripted). */
  readonly validator?: Layer.Layer<Validator>
  /** The compiler gate's checker (default: none for any file). */
  readonly checker?: ScriptedChecker
  readonly locks?: MemoryLocks
  /** Journal history limits (default: the real ones). */
  readonly history?: HistoryLimits
  /** Write transactions in the first layout, a directory each (journals earlier versions left on disk). */
  readonly journalLayout?: "file" | "directory"
  readonly stdin?: string
  readonly files?: Record<string, string>
  /** This "user's" journal key (default: one fixed test key). */
  readonly journalKey?: Uint8Array
  /** Workspace-relative directory the command runs from (default: the root). */
  readonly cwd?: string
  /** The catalog human texts are built from (default: English). */
  readonly catalog?: Catalog
}

export interface RunResult {
  readonly exit: number
  readonly lines: ReadonlyArray<Record<string, unknown>>
  readonly last: Record<string, unknown>
  readonly logs: ReadonlyArray<string>
  /** Human-mode text of the events and the result. */
  readonly human: string
  readonly error?: SpliceError
}

export const layerFor = (mem: MemoryFs, captured: CapturedOutput, options: RunOptions = {}) => {
  const store = FileStoreMemory(mem, options.cwd)
  return Layer.mergeAll(
    store,
    LockMemory(options.locks ?? new MemoryLocks()),
    JournalWithLimits(options.history ?? DEFAULT_LIMITS, options.journalLayout).pipe(Layer.provide(Layer.mergeAll(store, sharedMemo, JournalKeyFixed(options.journalKey ?? TEST_KEY)))),
    options.validator === undefined ? sharedMemo : Layer.merge(sharedMemo, options.validator),
    OutputMemory(captured),
    InputMemory(options.stdin ?? "", options.files ?? {}),
    CompilerGateScripted(options.checker ?? new ScriptedChecker(mem, { tool: "none", extensions: [], check: () => [] }))
  )
}

export const run = async (
  program: Effect.Effect<unknown, SpliceError, Services>,
  mem: MemoryFs,
  options: RunOptions = {}
): Promise<RunResult> => {
  const captured = new CapturedOutput(options.catalog)
  const exit = await Effect.runPromiseExit(program.pipe(Effect.provide(layerFor(mem, captured, options))))
  const outcome = outcomeOf(exit, undefined)
  // Every line, the error line as the CLI prints it, must match its schema (src/schema/).
  assertSchemaLines([...captured.lines, ...(outcome.error !== undefined ? [errorObject(outcome.error, outcome.exit)] : [])])
  if (outcome.error !== undefined) captured.lines.push({ type: "error", ok: false, code: outcome.error.code, exit: outcome.exit, message: outcome.error.message, context: outcome.error.context ?? {} })
  return {
    exit: outcome.exit,
    lines: captured.lines,
    last: captured.lines[captured.lines.length - 1] ?? {},
    logs: captured.logs,
    human: captured.human.join(""),
    ...(outcome.error !== undefined ? { error: outcome.error } : {})
  }
}
