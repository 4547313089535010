/** `splice read`. */
import { read } from "../../commands/read.js"
import { DEFAULT_MAX_BYTES } from "../../commands/textTarget.js"
import { defineCommand } from "../command.js"
import { flag, text } from "../param.js"
import { maxBytes } from "../shared.js"

export const readSpec = defineCommand({
  name: "read",
  summary: "Print a file (or some of its lines) with its BLAKE3 checksum",
  guide: "Read before editing: the checksum it returns, passed back as the expected checksum of an edit, makes the edit refuse (SPL-E031) if anyone changed the file in between. Lines are 1-based; `lines` takes A:B, A: or :B, and stops at the end of the file (SPL-E120 when it starts past it).",
  params: {
    file: text("file", "The file to read", { required: true, alias: "f" }),
    lines: text("lines", "Line range A:B (1-based, inclusive; A: or :B for open ends)"),
    numbered: flag("numbered", "Prefix each line with its number and a tab"),
    maxBytes
  },
  needs: "workspace",
  readOnly: true,
  examples: ["splice read --file src/app.ts --lines 10:40 --numbered"],
  run: (v) => read({ file: v.file, ...(v.lines !== undefined ? { lines: v.lines } : {}), numbered: v.numbered, maxBytes: v.maxBytes ?? DEFAULT_MAX_BYTES })
})
