/** `splice explain`. */
import { explain } from "../../commands/explain.js"
import { defineCommand } from "../command.js"
import { text } from "../param.js"

export const explainSpec = defineCommand({
  name: "explain",
  summary: "Explain an error code (or list them all)",
  guide: "Every error carries a stable code (SPL-E071 …), its exit status, whether retrying can help, and a hint. Explain gives the long explanation of one code, or lists every code when none is given. SPL-E010 for an unknown code.",
  params: {
    code: text("code", "An error code such as SPL-E071 (also E071 or 071)", { positional: "CODE" })
  },
  needs: "workspace",
  readOnly: true,
  examples: ["splice explain SPL-E071", "splice explain"],
  run: (v) => explain(v.code)
})
