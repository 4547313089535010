/**
 * A command's CLI, generated from its definition (src/spec/): one flag or argument per parameter,
 * plus --workspace and --output, and the live layer it runs against.
 */
import * as Args from "@effect/cli/Args"
import * as Command from "@effect/cli/Command"
import * as Options from "@effect/cli/Options"
import type * as Layer from "effect/Layer"
import type { AnyCommandSpec, CommandSpec, WorkspaceServices } from "../spec/command.js"
import type { Param, Params } from "../spec/param.js"
import type { GraphDb } from "../../services/GraphDb.js"
import * as common from "./common.js"
import { layerOfParsed, valuesOf } from "./runLayer.js"

const camel = (flag: string) => flag.replace(/-([a-z])/g, (_, c: string) => c.toUpperCase())

const argumentOf = (p: Param<unknown>, name: string): Args.Args<unknown> => {
  const base = Args.text({ name }).pipe(Args.withDescription(p.description))
  if (p.type === "list") return p.required ? base.pipe(Args.atLeast(1)) : base.pipe(Args.repeated)
  return p.required ? base : base.pipe(Args.optional)
}

const optionOf = (p: Param<unknown>): Options.Options<unknown> => {
  const named = <A>(o: Options.Options<A>) => {
    const described = o.pipe(Options.withDescription(p.description))
    const aliased = p.alias !== undefined ? described.pipe(Options.withAlias(p.alias)) : described
    return p.longAlias !== undefined ? aliased.pipe(Options.withAlias(p.longAlias)) : aliased
  }
  const optional = <A>(o: Options.Options<A>): Options.Options<unknown> =>
    p.defaultValue !== undefined ? o.pipe(Options.withDefault(p.defaultValue as A)) : p.required ? o : o.pipe(Options.optional)
  switch (p.type) {
    case "boolean":
      return named(Options.boolean(p.flag))
    case "text":
      return optional(named(Options.text(p.flag)))
    case "integer":
      return optional(named(Options.integer(p.flag)))
    case "number":
      return optional(named(Options.float(p.flag)))
    case "choice":
      return optional(named(Options.choice(p.flag, p.choices as ReadonlyArray<string>)))
    case "list":
      return named(Options.text(p.flag)).pipe(Options.repeated)
  }
}

/** A definition's flags and arguments for @effect/cli, with --workspace and --output. */
export const configOf = (spec: AnyCommandSpec): Record<string, Options.Options<unknown> | Args.Args<unknown>> => {
  const config: Record<string, Options.Options<unknown> | Args.Args<unknown>> = {}
  for (const [key, p] of Object.entries(spec.params)) {
    if (p.only === "mcp") continue
    config[key] = p.positional !== undefined ? argumentOf(p, p.positional) : optionOf(p)
  }
  config["workspace"] = common.workspace
  config["output"] = common.output
  return config
}

/** The @effect/cli command for a definition, with its live layer. */
export const cliCommand = <P extends Params>(spec: CommandSpec<P, WorkspaceServices | GraphDb>) => {
  const config = configOf(spec as unknown as AnyCommandSpec)
  // The handler's types are checked through the definition (Values<P>); the record here is generic.
  const command = Command.make(spec.name, config as Record<string, Options.Options<unknown>>, (parsed) =>
    spec.run(valuesOf(spec.params, parsed as Record<string, unknown>))).pipe(Command.withDescription(spec.summary))
  return Command.provide(command, (parsed: Record<string, unknown>) =>
    layerOfParsed(spec as unknown as AnyCommandSpec, parsed) as Layer.Layer<WorkspaceServices | GraphDb, never, never>)
}

export { camel }
