import { createRequire } from "node:module"

/**
 * A Node built-in module loaded on first use instead of at start-up, for modules few commands need:
 * under Deno each one is a graph of compatibility modules to evaluate (node:child_process or
 * node:net ≈ 3–10 ms), and an import at the top of a module is paid by every command.
 * process.getBuiltinModule exists on Node ≥ 20.16 and Deno 2; older Node 20 releases use require.
 */
export const lazyBuiltin = <T>(id: string): (() => T) => {
  let loaded: T | undefined
  return () => (loaded ??= (process.getBuiltinModule?.(id) ?? createRequire(process.execPath)(id)) as T)
}
