import { describe, expect, it } from "vitest"
import { type ChainTx, effectiveState, latestInEffect, txEffects } from "../../src/domain/undoChain.js"

/** Newest first, as the journal lists them. */
const h = (...txs: ChainTx[]) => txs.reverse()

describe("undo chains", () => {
  it("an edit undone then redone is in effect again; plain undo picks the redo", () => {
    const history = h(
      { id: "e", state: "undone", undoneBy: "u" },
      { id: "u", state: "undone", undoes: "e", undoneBy: "r" },
      { id: "r", state: "committed", undoes: "u" }
    )
    const fx = txEffects(history)
    expect(fx.get("e")).toEqual({ depth: 0, origin: "e", head: "r", inEffect: true })
    expect(fx.get("u")).toEqual({ depth: 1, origin: "e", head: "r", inEffect: false })
    expect(fx.get("r")).toEqual({ depth: 2, origin: "e", head: "r", inEffect: true })
    expect(history.map((t) => effectiveState(t, fx))).toEqual(["committed", "undone", "committed"])
    expect(latestInEffect(history)?.id).toBe("r")
  })

  it("an undo in effect is not a plain undo's candidate (that would redo); older edits still are", () => {
    const history = h(
      { id: "a", state: "committed" },
      { id: "b", state: "undone", undoneBy: "ub" },
      { id: "ub", state: "committed", undoes: "b" }
    )
    expect(latestInEffect(history)?.id).toBe("a")
    expect(latestInEffect(h({ id: "b", state: "undone", undoneBy: "ub" }, { id: "ub", state: "committed", undoes: "b" }))).toBeUndefined()
  })

  it("the transaction that took effect last goes first: a redo of an old edit before a newer edit", () => {
    const history = h(
      { id: "a", state: "undone", undoneBy: "ua" },
      { id: "ua", state: "undone", undoes: "a", undoneBy: "ra" },
      { id: "b", state: "committed" },
      { id: "ra", state: "committed", undoes: "ua" }
    )
    expect(latestInEffect(history)?.id).toBe("ra")
  })

  it("an origin pruned from the history still counts: depth is the number of undo links", () => {
    const history = h({ id: "u", state: "undone", undoes: "gone", undoneBy: "r" }, { id: "r", state: "committed", undoes: "u" })
    const fx = txEffects(history)
    expect(fx.get("r")).toMatchObject({ depth: 2, origin: "gone", inEffect: true })
    expect(latestInEffect(history)?.id).toBe("r")
  })

  it("pending and rolled-back transactions have no effect; a cycle (damage) ends the walk", () => {
    const fx = txEffects(h({ id: "p", state: "pending" }, { id: "x", state: "rolled_back" }, { id: "c1", state: "undone", undoes: "c2", undoneBy: "c2" }, { id: "c2", state: "undone", undoes: "c1", undoneBy: "c1" }))
    expect(fx.has("p")).toBe(false)
    expect(fx.has("x")).toBe(false)
    expect(fx.get("c1")?.inEffect).toBe(false)
  })
})
