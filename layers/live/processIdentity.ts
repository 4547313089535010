import * as fs from "node:fs"

/**
 * A process named by pid and start time: a pid alone can be recycled (a lock left by a dead
 * process, whose pid a new process now has, must not be taken for a live owner).
 */

/** The start time of a process (clock ticks since boot, Linux /proc), or undefined when unknown. */
export const processStartTime = (pid: number): string | undefined => {
  try {
    const stat = fs.readFileSync(`/proc/${pid}/stat`, "utf8")
    // Field 2 (the command) may hold spaces and parentheses: count from the last ")".
    return stat.slice(stat.lastIndexOf(")") + 2).split(" ")[19]
  } catch {
    return undefined
  }
}

export const SELF_START = processStartTime(process.pid)

/** Whether the process that recorded (pid, start) still runs. */
export const isProcessAlive = (pid: number, start: string | undefined): boolean => {
  try {
    process.kill(pid, 0)
  } catch (e) {
    if ((e as { code?: string }).code !== "EPERM") return false
  }
  if (start === undefined) return true
  const now = processStartTime(pid)
  return now === undefined || now === start
}
