/**
 * Kills a process started in its own process group (detached) and everything it started: a timeout
 * or an interrupt must not leave a compiler's children (cargo runs rustc) or a worker behind.
 */
export const killGroup = (pid: number | undefined) => {
  if (pid === undefined) return
  try {
    process.kill(-pid, "SIGKILL")
  } catch {
    try {
      process.kill(pid, "SIGKILL")
    } catch {
      // already gone
    }
  }
}
