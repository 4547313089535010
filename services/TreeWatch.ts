import * as Context from "effect/Context"
import type * as Effect from "effect/Effect"

/**
 * Change notification for the tree a graph refresh walks, kept by a long-running process
 * (`splice mcp`) so a query need not look at every file when nothing changed. Optional: a process
 * without one (the CLI, Deno, file systems whose notifications are not reliable) walks every time.
 */
export interface TreeWatchService {
  /**
   * How many changes have been seen so far, once the notifications already queued are taken in (so
   * a change made before the request was sent is counted); undefined when nothing can be trusted to
   * be watched, and a refresh must walk.
   */
  readonly changes: Effect.Effect<number | undefined>
  /**
   * Watch exactly these absolute paths from now on (the directories a walk entered, and files with
   * other hard links, which change without their directory hearing of it). True when every one was
   * already watched: then a walk begun at an earlier count saw all of them under watch.
   */
  readonly cover: (paths: ReadonlyArray<WatchedPath>) => Effect.Effect<boolean>
}

export interface WatchedPath {
  readonly absolute: string
  /** Only changes to this name inside the directory matter (`.git`, for the `info` it may grow). */
  readonly only?: string
}

export class TreeWatch extends Context.Tag("splice/TreeWatch")<TreeWatch, TreeWatchService>() {}
