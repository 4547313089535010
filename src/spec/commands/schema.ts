/** `splice schema`. */
import { schemaCommand } from "../../commands/schema.js"
import { defineCommand } from "../command.js"
import { text } from "../param.js"

export const schemaSpec = defineCommand({
  name: "schema",
  summary: "The JSON Schema of a command's output lines or of an error code's error line",
  guide: "Every line splice prints has a schema: a command's result line and the lines it prints before it (events), and the error line of each code with its context. " +
    "Give a command (edit) or an error code (SPL-E071) for one of them; nothing for all. SPL-E010 for a name that is neither.",
  params: {
    of: text("of", "A command name (edit, find, ...) or an error code (SPL-E071)", { positional: "COMMAND" })
  },
  needs: "workspace",
  readOnly: true,
  examples: ["splice schema edit", "splice schema SPL-E071", "splice schema > splice-schema.json"],
  run: (v) => schemaCommand(v.of)
})
