import * as v8 from "node:v8"
import * as vm from "node:vm"

/**
 * A full garbage collection, where the engine lets the process ask for one (V8's `gc`, exposed
 * at run time: Node and Deno do), else nothing. For a long-running process after long work: V8
 * collects when allocation asks it to, so the garbage of an index (CPython's standard library:
 * ~200 MB of a 270 MB heap) stayed resident in an idle `splice mcp` until its next large allocation.
 */
let gc: (() => void) | null | undefined
export const collectGarbage = (): void => {
  if (gc === undefined) {
    try {
      v8.setFlagsFromString("--expose-gc")
      gc = vm.runInNewContext("gc") as () => void
    } catch {
      gc = null
    }
  }
  gc?.()
}
