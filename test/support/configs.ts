/** Command configurations with the CLI's defaults, for tests that only care about a few fields. */
import type { EditConfig } from "../../src/commands/edit.js"
import { DEFAULT_MAX_BYTES } from "../../src/commands/textTarget.js"
import type { WriteConfig } from "../../src/commands/write.js"

export const editConfig = (over: Partial<EditConfig> & { file: string }): EditConfig => ({
  edits: [],
  preview: false,
  showDiff: false,
  validate: "syntax",
  maxBytes: DEFAULT_MAX_BYTES,
  lockTimeoutMs: 200,
  ...over
})

/** One replacement of OLD by NEW in FILE. */
export const oneEdit = (file: string, old: string, neu: string, over: Partial<EditConfig> = {}): EditConfig =>
  editConfig({ file, edits: [{ old, new: neu }], ...over })

export const writeConfig = (file: string, content: string, over: Partial<WriteConfig> = {}): WriteConfig => ({
  file,
  content: new TextEncoder().encode(content),
  create: false,
  allowEmpty: false,
  raw: false,
  preview: false,
  showDiff: false,
  validate: "syntax",
  maxBytes: DEFAULT_MAX_BYTES,
  lockTimeoutMs: 200,
  ...over
})
