/**
 * What is in effect after any sequence of transactions, undos and undos of undos (redos).
 *
 * An undo is a transaction of its own, and undoing it (by id) is the redo: the journal links them
 * into chains, T0 <- T1 <- ... <- Tn, where each Ti+1 undid Ti and only Tn (the chain's head) is
 * still committed. The chain's effect on disk is that of T0 when n is even, none when n is odd, so
 * Ti is in effect (what it wrote is what it left) exactly when n - i is even: an edit undone and
 * then redone is in effect again, though the journal marked it undone. Reversing Ti's effect means
 * undoing the head.
 *
 * Plain `splice undo` reverses the transaction that took effect last: the newest head whose chain
 * is in effect (an ordinary transaction, or a redo). A head that is an undo in effect (n odd) is
 * not a candidate: undoing it would redo, which only an explicit id asks for.
 */

export interface ChainTx {
  readonly id: string
  readonly state: "pending" | "committed" | "rolled_back" | "undone"
  /** For an undo: the transaction it reversed. */
  readonly undoes?: string
  /** For an undone transaction: the undo that reversed it. */
  readonly undoneBy?: string
}

export interface TxEffect {
  /** 0 an ordinary transaction, 1 an undo, 2 a redo (an undo of an undo), ... */
  readonly depth: number
  /** The chain's first transaction (whose effect this one writes or takes away); may be pruned from the history. */
  readonly origin: string
  /** The chain's committed end (undefined while none is: pending, rolled back, a link pruned). */
  readonly head: string | undefined
  /** What it wrote is what its chain leaves on disk (as far as the journal knows). */
  readonly inEffect: boolean
}

/** Each finished (committed or undone) transaction's place in its chain; pending and rolled-back ones have none. */
export const txEffects = (history: ReadonlyArray<ChainTx>): ReadonlyMap<string, TxEffect> => {
  const byId = new Map(history.map((t) => [t.id, t]))
  const out = new Map<string, TxEffect>()
  const finished = (t: ChainTx | undefined): t is ChainTx => t !== undefined && (t.state === "committed" || t.state === "undone")
  for (const t of history) {
    if (!finished(t)) continue
    // Back to the origin (an id whose transaction was pruned ends the walk; a cycle is damage, cut).
    let depth = 0
    let origin = t.id
    const seen = new Set([t.id])
    for (let at = t; at.undoes !== undefined && !seen.has(at.undoes);) {
      depth++
      origin = at.undoes
      seen.add(at.undoes)
      const up = byId.get(at.undoes)
      if (up === undefined) break
      at = up
    }
    // Forward to the head: the undo of each, while the journal has it.
    let steps = 0
    let head: ChainTx | undefined = t
    const ahead = new Set([t.id])
    while (head !== undefined && head.state === "undone") {
      const next: ChainTx | undefined = head.undoneBy !== undefined && !ahead.has(head.undoneBy) ? byId.get(head.undoneBy) : undefined
      head = finished(next) ? next : undefined
      if (head !== undefined) ahead.add(head.id)
      steps++
    }
    out.set(t.id, { depth, origin, head: head?.id, inEffect: head !== undefined && steps % 2 === 0 })
  }
  return out
}

/** The transaction plain `splice undo` reverses: the newest committed head of a chain in effect (history is newest first). */
export const latestInEffect = <T extends ChainTx>(history: ReadonlyArray<T>, effects: ReadonlyMap<string, TxEffect> = txEffects(history)): T | undefined =>
  history.find((t) => t.state === "committed" && effects.get(t.id)?.depth !== undefined && effects.get(t.id)!.depth % 2 === 0)

/** The state a reader should see: committed when in effect, undone when not (an undone edit redone is committed again). */
export const effectiveState = (t: ChainTx, effects: ReadonlyMap<string, TxEffect>): ChainTx["state"] => {
  const e = effects.get(t.id)
  return e === undefined ? t.state : e.inEffect ? "committed" : "undone"
}
