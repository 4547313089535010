/** `splice recover`. */
import { recoverWith } from "../../commands/recover.js"
import { defineCommand } from "../command.js"
import { text } from "../param.js"
import { given } from "../settings.js"

export const recoverSpec = defineCommand({
  name: "recover",
  summary: "Roll back transactions left behind by a crashed or killed splice; quarantine journal entries that are not yours; clean up leftovers",
  guide: "Every writing command already recovers the files it touches; run this after a crash to restore everything at once, or when an error says a pending transaction blocks a file. " +
    "SPL-E131 some files changed after the interrupted write and were left as they are: inspect them. SPL-E035/E036 a transaction could not be restored and stays pending: once its files are as they should be, discard resolves it.",
  params: {
    discard: text("discard", "Resolve a pending transaction that cannot be rolled back by accepting its files as they are now (an id or a unique prefix)")
  },
  needs: "workspace",
  readOnly: false,
  examples: ["splice recover", "splice recover --discard 20261130T204903296Z"],
  run: (v) => recoverWith(given("discard", v.discard))
})
