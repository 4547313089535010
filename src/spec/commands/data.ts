/** `splice get`, `splice set`, `splice del`: one value of a JSON, JSONC, TOML or YAML file, by key path. */
import * as Effect from "effect/Effect"
import { del, get, set } from "../../commands/data.js"
import { DEFAULT_MAX_BYTES } from "../../commands/textTarget.js"
import { defineCommand } from "../command.js"
import { flag, text } from "../param.js"
import { given, holdMs, settingsFrom } from "../settings.js"
import { allowGitDir, diff, expectChecksum, gates, maxBytes, preview, refreshDb } from "../shared.js"

const file = text("file", "The JSON, JSONC, TOML or YAML file (the format is chosen by its name)", { required: true, positional: "FILE" })
const keyPath = text("key-path", "Key path: a.b[0].c; quote keys holding dots: servers.\"api.example.com\".port or a[\"x.y\"]", { required: true, positional: "KEYPATH" })

const PATHS = "Paths: a.b[0].c; quote keys with dots: x.\"a.b\".c or x[\"a.b\"]. Format by name: .json, .jsonc (and tsconfig), .toml, .yaml/.yml. "
const ERRORS = "SPL-E073 no value there (context.found: deepest existing part; available, did_you_mean: keys there); SPL-E048 file does not parse (line, column)."

export const getSpec = defineCommand({
  name: "get",
  summary: "Read one value of a JSON, JSONC, TOML or YAML file by key path",
  guide: "Prints the value at KEYPATH as JSON with the file's checksum (pass it to set/del as the expected checksum). " + PATHS + ERRORS,
  params: { file, keyPath, maxBytes },
  needs: "workspace",
  readOnly: true,
  examples: [
    "splice get package.json scripts.test",
    "splice get pyproject.toml 'tool.poetry.dependencies.python'",
    "splice get config.yaml 'servers.\"api.example.com\".port'"
  ],
  run: (v) => get({ file: v.file, keyPath: v.keyPath, maxBytes: v.maxBytes ?? DEFAULT_MAX_BYTES })
})

/** The write parameters set and del share with edit and write. */
const writing = { preview, diff, expectChecksum, allowGitDir, ...gates, db: refreshDb }

const writeSettings = (v: { readonly preview: boolean; readonly diff: boolean; readonly expectChecksum: string | undefined; readonly allowGitDir: boolean; readonly db: string | undefined } & Parameters<typeof settingsFrom>[0]) =>
  Effect.map(settingsFrom(v), (settings) => ({
    preview: v.preview,
    showDiff: v.diff,
    ...given("expectChecksum", v.expectChecksum),
    ...settings,
    ...holdMs(),
    ...(v.allowGitDir ? { allowGitDir: true } : {}),
    ...given("db", v.db)
  }))

export const setSpec = defineCommand({
  name: "set",
  summary: "Set one value of a JSON, JSONC, TOML or YAML file by key path, keeping its comments: validated, atomic, journaled, undoable",
  guide: "VALUE is a string; with json it is parsed as JSON (1, true, [..], {..}). Missing objects are created; index = length appends. " +
    "The result must parse and hold exactly the old data plus this change, else nothing is written (SPL-E049). Same value: changed false. " +
    PATHS + ERRORS,
  params: {
    file,
    keyPath,
    value: text("value", "The new value: a string, or JSON with --json", { required: true, positional: "VALUE" }),
    json: flag("json", "Parse VALUE as JSON (1, true, null, [..], {..}) instead of taking it as a string"),
    ...writing
  },
  needs: "workspace",
  readOnly: false,
  examples: [
    "splice set package.json version 1.4.0",
    "splice set tsconfig.json compilerOptions.strict true --json",
    "splice set Cargo.toml dependencies.serde '{\"version\":\"1\",\"features\":[\"derive\"]}' --json --preview"
  ],
  run: (v) =>
    Effect.gen(function*() {
      const settings = yield* writeSettings(v)
      return yield* set({ file: v.file, keyPath: v.keyPath, value: v.value, json: v.json, ...settings })
    })
})

export const delSpec = defineCommand({
  name: "del",
  summary: "Delete one key or array element of a JSON, JSONC, TOML or YAML file, keeping its comments: validated, atomic, journaled, undoable",
  guide: "Removes the value at KEYPATH (of an array: the rest move up); a missing key is an error, not a silent success. " +
    "The result must parse and hold exactly the old data minus this value, else nothing is written (SPL-E049). " +
    PATHS + ERRORS,
  params: { file, keyPath, ...writing },
  needs: "workspace",
  readOnly: false,
  examples: [
    "splice del package.json scripts.prepublish",
    "splice del .github/workflows/ci.yml 'jobs.test.steps[2]' --preview"
  ],
  run: (v) =>
    Effect.gen(function*() {
      const settings = yield* writeSettings(v)
      return yield* del({ file: v.file, keyPath: v.keyPath, ...settings })
    })
})
