import * as Exit from "effect/Exit"
import * as FiberId from "effect/FiberId"
import { describe, expect, it } from "vitest"
import { outcomeOf, signalExit, terminatingSignals } from "../../src/cli/outcome.js"

describe("terminating signals", () => {
  it("exit 128 + the signal's number", () => {
    expect(["SIGHUP", "SIGINT", "SIGQUIT", "SIGUSR2", "SIGALRM", "SIGTERM"].map((s) => signalExit(s as never))).toEqual([129, 130, 131, 140, 142, 143])
  })

  it("SIGUSR1 only under Deno (Node's starts the inspector); never SIGPIPE, SIGPROF or a crash signal", () => {
    expect(terminatingSignals(false)).not.toContain("SIGUSR1")
    expect(terminatingSignals(true)).toContain("SIGUSR1")
    for (const s of ["SIGPIPE", "SIGPROF", "SIGSEGV", "SIGABRT", "SIGKILL"]) expect(terminatingSignals(true)).not.toContain(s)
    expect(terminatingSignals(false)).toEqual(expect.arrayContaining(["SIGHUP", "SIGINT", "SIGQUIT", "SIGUSR2", "SIGALRM", "SIGTERM"]))
  })

  it("an interrupted run is SPL-E130 naming the signal, with its exit", () => {
    const o = outcomeOf(Exit.interrupt(FiberId.none), "SIGALRM")
    expect(o.exit).toBe(142)
    expect(o.error).toMatchObject({ code: "SPL-E130", context: { signal: "SIGALRM" } })
    expect(o.error!.message).toContain("SIGALRM")
  })
})
