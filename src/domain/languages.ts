/**
 * Which tree-sitter grammar parses which file, by extension. Grammars are the official per-language
 * npm packages; the build copies their .wasm files into `grammars/` beside the bundle.
 */

export interface Grammar {
  /** Language id used in output (`"typescript"`, `"python"`, …). */
  readonly language: string
  /** npm package that ships the wasm. */
  readonly pkg: string
  /** File name of the wasm inside the package root (and inside `grammars/`). */
  readonly wasm: string
}

const g = (language: string, pkg: string, wasm: string): Grammar => ({ language, pkg, wasm })

const TS = g("typescript", "tree-sitter-typescript", "tree-sitter-typescript.wasm")
const TSX = g("tsx", "tree-sitter-typescript", "tree-sitter-tsx.wasm")
const JS = g("javascript", "tree-sitter-javascript", "tree-sitter-javascript.wasm")
const PY = g("python", "tree-sitter-python", "tree-sitter-python.wasm")
const RS = g("rust", "tree-sitter-rust", "tree-sitter-rust.wasm")
const GO = g("go", "tree-sitter-go", "tree-sitter-go.wasm")
const JAVA = g("java", "tree-sitter-java", "tree-sitter-java.wasm")
const C = g("c", "tree-sitter-c", "tree-sitter-c.wasm")
const CPP = g("cpp", "tree-sitter-cpp", "tree-sitter-cpp.wasm")
const JSON_ = g("json", "tree-sitter-json", "tree-sitter-json.wasm")
const CSS = g("css", "tree-sitter-css", "tree-sitter-css.wasm")
const BASH = g("bash", "tree-sitter-bash", "tree-sitter-bash.wasm")

const byExtension: Record<string, Grammar> = {
  ".ts": TS, ".mts": TS, ".cts": TS,
  ".tsx": TSX,
  ".js": JS, ".mjs": JS, ".cjs": JS, ".jsx": JS,
  ".py": PY, ".pyi": PY,
  ".rs": RS,
  ".go": GO,
  ".java": JAVA,
  ".c": C, ".h": C,
  ".cc": CPP, ".cpp": CPP, ".cxx": CPP, ".c++": CPP, ".hh": CPP, ".hpp": CPP, ".hxx": CPP,
  ".json": JSON_,
  ".css": CSS,
  ".sh": BASH, ".bash": BASH
}

/** Every grammar splice ships, once each (the build copies these). */
export const allGrammars: ReadonlyArray<Grammar> = [TS, TSX, JS, PY, RS, GO, JAVA, C, CPP, JSON_, CSS, BASH]

const extensionOf = (path: string): string => {
  const base = path.slice(path.lastIndexOf("/") + 1)
  const dot = base.lastIndexOf(".")
  return dot <= 0 ? "" : base.slice(dot).toLowerCase()
}

export const grammarForPath = (path: string): Grammar | undefined => byExtension[extensionOf(path)]

export { extensionOf }
