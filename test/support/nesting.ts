/** Source files with functions nested `depth` deep, each inside the previous one. */

export const nestedPython = (depth: number): string =>
  Array.from({ length: depth }, (_, i) => `${" ".repeat(i)}def f${i}():\n`).join("") + `${" ".repeat(depth)}return 0\n`

export const nestedTypeScript = (depth: number): string =>
  Array.from({ length: depth }, (_, i) => `function f${i}() {\n`).join("") + "return 0\n" + "}\n".repeat(depth)
