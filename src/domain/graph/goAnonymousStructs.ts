/**
 * Go's anonymous struct types (`tests := []struct{ name string }{ {name: "a"} }`, the table of a
 * table-driven test). go/types gives their fields no qualified name — each is a `*types.Var` (a
 * field) of an unnamed `*types.Struct`; the graph names them after the variable the type is declared
 * through and the function around it: `TestX.tests.name` (`tests.name` at package level, the range
 * variable's name for `for _, tt := range []struct{…}{…}`). A struct no variable declares (a function
 * parameter's, a nested field's) gets no symbols.
 *
 * Type texts carry a struct's identity as `struct#<offset>` (its start in the file), so a slice's,
 * map's or range's element type (goRangeType) still says which struct it is: two structs written
 * alike are two types' fields for go/types too.
 */
import { goRangeType } from "./goRangeTypes.js"

export interface Span {
  readonly start: number
  readonly end: number
}

/** A node's place, as a query capture gives it. */
export interface Located extends Span {
  readonly startRow: number
  readonly startColumn: number
  readonly endRow: number
  readonly endColumn: number
}

export interface AnonymousStruct extends Span {
  readonly fields: Array<{ readonly name: string; readonly nameAt: Located; readonly decl: Located }>
}

const TOKEN = /^\*?\s*struct#(\d+)$/

export class AnonymousStructs {
  private readonly byStart = new Map<number, AnonymousStruct>()
  private sorted: AnonymousStruct[] | undefined

  constructor(private readonly text: string) {}

  /** A field of a struct type (named structs too: `forget` drops those once the named ones are known). */
  field(struct: Span, name: Located, decl: Located): void {
    let s = this.byStart.get(struct.start)
    if (s === undefined) this.byStart.set(struct.start, s = { start: struct.start, end: struct.end, fields: [] })
    if (!s.fields.some((f) => f.nameAt.start === name.start)) s.fields.push({ name: this.text.slice(name.start, name.end), nameAt: name, decl })
    this.sorted = undefined
  }

  /** A named type's struct (`type T struct{…}`): not anonymous. */
  forget(start: number): void {
    this.byStart.delete(start)
    this.sorted = undefined
  }

  get size(): number {
    return this.byStart.size
  }

  all(): ReadonlyArray<AnonymousStruct> {
    return (this.sorted ??= [...this.byStart.values()].sort((a, b) => a.start - b.start))
  }

  at(start: number): AnonymousStruct | undefined {
    return this.byStart.get(start)
  }

  /** A type's text with each outermost anonymous struct in it written `struct#<offset>`. */
  typeText(span: Span): string {
    let out = ""
    let at = span.start
    for (const s of this.all()) {
      if (s.start < at || s.end > span.end) continue
      out += this.text.slice(at, s.start) + `struct#${s.start}`
      at = s.end
    }
    return out + this.text.slice(at, span.end)
  }

  /** The struct a type text names itself (`struct#12`, `*struct#12`). */
  named(typeText: string | undefined): AnonymousStruct | undefined {
    const m = typeText === undefined ? null : TOKEN.exec(typeText.trim())
    return m === null ? undefined : this.byStart.get(Number(m[1]))
  }

  /** The struct a type or its elements are (`struct#12`, `[]struct#12`, `map[string]*struct#12`): what a literal's elided elements and a range's values are. */
  elementOrSelf(typeText: string): AnonymousStruct | undefined {
    return this.named(typeText) ?? this.named(goRangeType(typeText, "value"))
  }
}
