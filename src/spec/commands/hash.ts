/** `splice hash`. */
import { hash } from "../../commands/hash.js"
import { defineCommand } from "../command.js"
import { list, text } from "../param.js"

export const hashSpec = defineCommand({
  name: "hash",
  summary: "BLAKE3 checksums, b3sum-compatible",
  guide: "Checksums of files as they are now (identical to b3sum). With verify, exit 7 (SPL-E031) when the file's checksum differs.",
  params: {
    files: list("files", "The files to hash", { required: true, positional: "FILE" }),
    verify: text("verify", "Check the file against this BLAKE3 checksum (exit 7 on mismatch)")
  },
  needs: "workspace",
  readOnly: true,
  examples: ["splice hash src/a.ts src/b.ts", "splice hash --verify 9cae44b67cc8 src/a.ts"],
  run: (v) => hash({ files: v.files, ...(v.verify !== undefined ? { verify: v.verify } : {}) })
})
