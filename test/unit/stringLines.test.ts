// Which lines of new code begin or end inside a multi-line string literal, per language.
import { describe, expect, it } from "vitest"
import { stringLines } from "../../src/domain/symbolEdit/stringLines.js"

/** The 0-based lines that begin inside a string. */
const inside = (text: string, language: string) => {
  const r = stringLines(text.split("\n"), language)
  return r.startsInside.flatMap((v, i) => (v ? [i] : []))
}

describe("stringLines", () => {
  it("Python: triple quotes with any prefix, not one-line strings, comments or a quote inside the other kind", () => {
    expect(inside('x = f"""a\nb {y}\n"""\ny = 1', "python")).toEqual([1, 2])
    expect(inside("x = r'''\n'''\n# '''\nz = \"'''\"\nw = 2", "python")).toEqual([1])
    expect(inside('s = "a\\\nb"\nt = 1', "python")).toEqual([1]) // a backslash-continued string
  })

  it("JS/TS: templates, with code (and strings, braces, nested templates) inside ${…}", () => {
    expect(inside("const a = `x\n${b({ c: '}' })}\n${`in\nner`}\n`\nconst d = 1", "typescript")).toEqual([1, 2, 3, 4])
    expect(inside("// `\nconst a = '`'\n/* `\n*/\nconst b = 1", "javascript")).toEqual([])
  })

  it("Go: raw strings without escapes; Rust: strings span lines, raw strings with hashes, char literals and lifetimes", () => {
    expect(inside("s := `a\\\nb`\nt := 1", "go")).toEqual([1])
    expect(inside('let s = "a\nb";\nlet r = r#"x"\ny"#;\nlet c = \'"\';\nfn f<\'a>(x: &\'a str) {}\nlet t = "\nz";', "rust")).toEqual([1, 3, 7])
  })

  it("Java, Kotlin, C#: text blocks, raw and verbatim strings", () => {
    expect(inside('String s = """\n  a\n  """;\nint i;', "java")).toEqual([1, 2])
    expect(inside('val s = """\n${x}\n"""\nval t = 1', "kotlin")).toEqual([1, 2])
    expect(inside('var s = @"a ""b""\nc";\nvar t = """\nd\n""";', "csharp")).toEqual([1, 3, 4])
  })

  it("C++ raw strings; Ruby and PHP heredocs and multi-line strings", () => {
    expect(inside('auto s = R"x(a\n)"\n)x";\nint i;', "cpp")).toEqual([1, 2])
    expect(inside("s = <<~SQL\n  SELECT 1\n  SQL\nt = 'a\nb'\nu = 1", "ruby")).toEqual([1, 2, 4])
    expect(inside("$s = <<<EOT\nabc\nEOT;\n$t = 1;", "php")).toEqual([1, 2])
  })

  it("a language it does not know: no line is inside a string", () => {
    expect(inside('x = """\na\n"""', "haskell")).toEqual([])
  })
})
