/** The next step of a move put back, from what its two names hold (every state a crash can leave). */
import { describe, expect, it } from "vitest"
import { type MoveEnds, nextMoveBackStep, ownAtNewName } from "../../src/domain/moveBack.js"

const A = "absent"
/** a.ts (bytes OLD) moved to b.ts; `rewritten`: its imports rewritten there (bytes NEW). */
const move = (o: { rewritten?: boolean; replaced?: boolean; inPlace?: boolean; createdAtOld?: boolean } = {}): MoveEnds => ({
  from: { checksumBefore: "OLD", checksumAfter: o.createdAtOld === true ? "MADE" : A },
  to: { checksumBefore: o.replaced === true ? "REPLACED" : A, checksumAfter: o.rewritten === true ? "NEW" : "OLD", inPlace: o.inPlace === true }
})
const at = (checksum: string, identity?: string) => ({ checksum, ...(identity !== undefined ? { identity } : {}) })

describe("nextMoveBackStep", () => {
  it("a move that never happened, or is back: home (the new name is looked at file by file)", () => {
    expect(nextMoveBackStep(move(), at("OLD", "i1"), at(A))).toBe("home")
    expect(nextMoveBackStep(move({ replaced: true }), at("OLD", "i1"), at("REPLACED", "i2"))).toBe("home")
  })

  it("moved (renamed, and rewritten or not): renamed back", () => {
    expect(nextMoveBackStep(move(), at(A), at("OLD", "i1"))).toBe("rename_back")
    expect(nextMoveBackStep(move({ rewritten: true }), at(A), at("OLD", "i1"))).toBe("rename_back")
    expect(nextMoveBackStep(move({ rewritten: true }), at(A), at("NEW", "i1"))).toBe("rename_back")
  })

  it("both names one file (a crash between the link and the unlink, either way): the new name goes", () => {
    expect(nextMoveBackStep(move(), at("OLD", "i1"), at("OLD", "i1"))).toBe("unlink_to")
    expect(nextMoveBackStep(move({ rewritten: true }), at("NEW", "i1"), at("NEW", "i1"))).toBe("unlink_to")
  })

  it("back at its old name with the rewritten bytes: its old bytes restored", () => {
    expect(nextMoveBackStep(move({ rewritten: true }), at("NEW", "i1"), at(A))).toBe("restore_bytes")
    // A replaced file not yet made again is no obstacle.
    expect(nextMoveBackStep(move({ rewritten: true, replaced: true }), at("NEW", "i1"), at(A))).toBe("restore_bytes")
  })

  it("a hard-linked file rewritten in place can be torn: still the transaction's own", () => {
    expect(nextMoveBackStep(move({ rewritten: true, inPlace: true }), at(A), at("TORN", "i1"))).toBe("rename_back")
    expect(nextMoveBackStep(move({ rewritten: true, inPlace: true }), at("TORN", "i1"), at(A))).toBe("restore_bytes")
    // Without in-place writes, unknown bytes are someone else's.
    expect(nextMoveBackStep(move({ rewritten: true }), at(A), at("TORN", "i1"))).toBe("per_file")
    expect(nextMoveBackStep(move({ rewritten: true }), at("TORN", "i1"), at(A))).toBe("per_file")
  })

  it("what the transaction made at the old name (an undo of mv --force) is cleared before the rename back", () => {
    expect(nextMoveBackStep(move({ createdAtOld: true }), at("MADE", "i2"), at("OLD", "i1"))).toBe("clear_from")
    // Not while the moved file is not at the new name: then that is the old name's content.
    expect(nextMoveBackStep(move({ createdAtOld: true }), at("MADE", "i2"), at(A))).toBe("per_file")
  })

  it("someone else's file at the old name while the moved file is at the new one: both left alone", () => {
    expect(nextMoveBackStep(move(), at("THEIRS", "i2"), at("OLD", "i1"))).toBe("left_alone")
    expect(nextMoveBackStep(move({ rewritten: true, inPlace: true }), at("THEIRS", "i2"), at("NEW", "i1"))).toBe("left_alone")
  })

  it("someone else's content where the moved file is not: file by file (conflicts left alone)", () => {
    expect(nextMoveBackStep(move(), at(A), at("THEIRS", "i1"))).toBe("per_file")
    expect(nextMoveBackStep(move(), at(A), at(A))).toBe("per_file")
  })

  it("once home, the new name may hold what the move left, nothing, or a copy of the old bytes", () => {
    expect(ownAtNewName(move({ rewritten: true }))).toEqual(["NEW", A, "OLD"])
  })
})
