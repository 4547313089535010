import { type ErrorCode } from "../../src/domain/errors.js"
import { SpliceError } from "../../src/domain/SpliceError.js"

/** Map a Node/Deno fs error to splice's error for the operation at hand. */
export const fromErrno = (
  cause: unknown,
  op: "read" | "write" | "stat" | "list" | "lock",
  path: string
): SpliceError => {
  const errno = (cause as { code?: string } | null)?.code ?? "UNKNOWN"
  const detail = (cause as Error | null)?.message ?? String(cause)
  const make = (code: ErrorCode, message: string) =>
    new SpliceError({ code, message, context: { path, op, errno, detail } })
  switch (errno) {
    case "ENOENT":
    case "ENOTDIR":
      return make("SPL-E020", `no such file: ${path}`)
    case "EISDIR":
      return make("SPL-E065", `is a directory: ${path}`)
    case "EACCES":
    case "EPERM":
    case "EROFS":
      return op === "read" || op === "stat" || op === "list"
        ? make("SPL-E021", `permission denied reading ${path}`)
        : make("SPL-E082", `permission denied writing ${path}`)
    case "ENOSPC":
    case "EDQUOT":
      return make("SPL-E081", `disk full while writing ${path}`)
    case "EEXIST":
      return make("SPL-E033", `already exists: ${path}`)
    default:
      return op === "read"
        ? make("SPL-E021", `cannot read ${path}: ${detail}`)
        : make("SPL-E083", `I/O error on ${path}: ${detail}`)
  }
}
