/**
 * A copy of a string that keeps nothing else alive. V8 (Node and Deno) makes a slice of 13 characters
 * or more a view of the whole string it was cut from, and a concatenation a pair of its parts: a name
 * taken from a file's text with `text.slice` and kept in a map for the rest of an index keeps the
 * whole file in memory (CPython's standard library: 33 MB of source texts held by the set of new
 * symbol names alone). Concatenated and sliced again, the string is flattened into a copy of its
 * own. Shorter strings are copies already.
 */
export const detached = (s: string): string => (s.length < 13 ? s : (" " + s).slice(1))
