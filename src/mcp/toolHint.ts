/**
 * Hints are written for the command line (`--replace-all`, `splice undo`, `--help`). A model calling
 * a tool has parameters and tools instead: the same hint in those terms. A flag that no tool takes
 * (`--workspace`: the server's own) is said as the server has it.
 */
export const toolHint = (hint: string, tools: ReadonlySet<string>, parameters: ReadonlySet<string>): string =>
  hint
    .replace(/Run the command with --help to see its flags\./g, "The tool's input schema (tools/list) lists its parameters.")
    .replace(/Pass --workspace to choose another root, or use a path inside the workspace\./g, "Use a path inside the workspace (the server's --workspace, else the client's roots).")
    // The server has no current directory of the client's: a relative path is the workspace root's.
    .replace(/a relative path is taken from the current directory \(context\.file is where it led, from the workspace root\)/g, "a relative path is taken from the workspace root (context.file is where it led)")
    // `splice undo` → the `undo` tool; `splice recover --discard TX` → `recover` with discard TX.
    .replace(/`splice ([a-z][a-z-]*)`/g, (whole, name: string) => (tools.has(name) ? `the \`${name}\` tool` : whole))
    .replace(/`splice ([a-z][a-z-]*) ([^`]*)`/g, (whole, name: string, rest: string) => (tools.has(name) ? `\`${name}\` with ${rest}` : whole))
    .replace(/--([a-z][a-z0-9-]*)/g, (whole, flag: string) => {
      const name = flag.replace(/-/g, "_")
      return parameters.has(name) ? name : whole
    })
