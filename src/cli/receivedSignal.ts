/**
 * The terminating signal this process received, noted by src/main.ts before it interrupts the run.
 * A signal is process-wide; the MCP server's calls, interrupted as the server stops, name it in their
 * answers (SIGTERM from a supervisor is not the user's Ctrl-C).
 */
import type { Signal } from "./outcome.js"

let received: Signal | undefined

export const noteSignal = (s: Signal): void => {
  received ??= s
}

export const receivedSignal = (): Signal | undefined => received
