// The wasm-bindgen glue of @rainbowatcher/toml-edit-js without its shim: the shim's top-level await
// (to read the wasm from beside itself) breaks the CommonJS bundle; splice hands it the bytes instead.
declare module "@rainbowatcher/toml-edit-js/index" {
  export function initSync(module: { module: BufferSource | WebAssembly.Module }): unknown
  /** Sets (or, given undefined, removes) the value at a dotted path (`a."b.c".[0]`); throws a string on error. */
  export function edit(input: string, path: string, value: unknown, opts?: { finalNewline?: boolean; inline?: boolean } | null): string
  /** The document as plain values; throws a string ("TOML parse error at line L, column C ...") on error. */
  export function parse(input: string): unknown
  /** Plain values as TOML text (tables as [sections] unless inline). */
  export function stringify(input: unknown, opts?: { finalNewline?: boolean; inline?: boolean } | null): string
}
