/**
 * A command's parameters, defined once as data: the CLI's flags and arguments and the MCP tool's
 * input schema are both generated from these (src/cli/fromSpec.ts, src/mcp/toolSchema.ts), so the
 * two surfaces cannot drift. A parameter's name is its long flag (`replace-old`); MCP spells it in
 * snake_case (`replace_old`). Each builder's type says what the command receives.
 */

export type ParamType = "text" | "boolean" | "integer" | "number" | "choice" | "list"

export interface Param<A> {
  readonly flag: string
  readonly type: ParamType
  /** One line for a person reading --help and for a model reading the tool schema. */
  readonly description: string
  readonly choices?: ReadonlyArray<string>
  /** A short CLI alias (`-f`). */
  readonly alias?: string
  /** A second, long CLI alias kept for compatibility (`--dry-run` for `--preview`). */
  readonly longAlias?: string
  /** On the CLI a positional argument with this name (`FILE`) instead of a flag. */
  readonly positional?: string
  readonly required: boolean
  readonly defaultValue?: A
  /** A parameter only one surface has (stdin-only forms on the CLI; none so far for MCP). */
  readonly only?: "cli" | "mcp"
  /** Phantom: the value's type. */
  readonly _A?: () => A
}

interface Common {
  readonly alias?: string
  readonly longAlias?: string
  readonly positional?: string
  readonly only?: "cli" | "mcp"
}

const make = <A>(flag: string, type: ParamType, description: string, options: Common & { readonly required?: boolean; readonly defaultValue?: A; readonly choices?: ReadonlyArray<string> }): Param<A> => ({
  flag,
  type,
  description,
  required: options.required ?? false,
  ...(options.defaultValue !== undefined ? { defaultValue: options.defaultValue } : {}),
  ...(options.choices !== undefined ? { choices: options.choices } : {}),
  ...(options.alias !== undefined ? { alias: options.alias } : {}),
  ...(options.longAlias !== undefined ? { longAlias: options.longAlias } : {}),
  ...(options.positional !== undefined ? { positional: options.positional } : {}),
  ...(options.only !== undefined ? { only: options.only } : {})
})

export function text(flag: string, description: string, options: Common & { readonly required: true }): Param<string>
export function text(flag: string, description: string, options?: Common): Param<string | undefined>
export function text(flag: string, description: string, options: Common & { readonly required?: boolean } = {}): Param<any> {
  return make(flag, "text", description, options)
}

/** A switch: false unless given. */
export const flag = (name: string, description: string, options: Common = {}): Param<boolean> =>
  make(name, "boolean", description, { ...options, defaultValue: false })

export function integer(flag: string, description: string, options: Common & { readonly defaultValue: number }): Param<number>
export function integer(flag: string, description: string, options: Common & { readonly required: true }): Param<number>
export function integer(flag: string, description: string, options?: Common): Param<number | undefined>
export function integer(flag: string, description: string, options: Common & { readonly defaultValue?: number; readonly required?: boolean } = {}): Param<any> {
  return make(flag, "integer", description, options)
}

export const number = (flag: string, description: string, options: Common = {}): Param<number | undefined> =>
  make(flag, "number", description, options)

export function choice<C extends string>(flag: string, values: ReadonlyArray<C>, description: string, options: Common & { readonly defaultValue: C }): Param<C>
export function choice<C extends string>(flag: string, values: ReadonlyArray<C>, description: string, options: Common & { readonly required: true }): Param<C>
export function choice<C extends string>(flag: string, values: ReadonlyArray<C>, description: string, options?: Common): Param<C | undefined>
export function choice<C extends string>(flag: string, values: ReadonlyArray<C>, description: string, options: Common & { readonly defaultValue?: C; readonly required?: boolean } = {}): Param<any> {
  return make(flag, "choice", description, { ...options, choices: values })
}

/** Repeatable (`--expect-checksum A --expect-checksum B`), or a positional list (`FILE...`); `required`: at least one. */
export const list = (flag: string, description: string, options: Common & { readonly required?: boolean } = {}): Param<ReadonlyArray<string>> =>
  make(flag, "list", description, { ...options, defaultValue: [] })

export type Params = Record<string, Param<any>>

/** What a command receives: each parameter's value, absent ones undefined (or their default). */
export type Values<P extends Params> = { readonly [K in keyof P]: P[K] extends Param<infer A> ? A : never }

/** `replace-old` → `replace_old`: a parameter's name in MCP. */
export const snakeName = (p: Param<unknown>): string => p.flag.replace(/-/g, "_")
