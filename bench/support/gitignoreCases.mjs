// The hand-made .gitignore case shared by bench/gitignore-truth.mjs and test/integration/walk-git.test.ts:
// nested files, negation, anchoring, directory-only patterns, **, bracket expressions (negated, POSIX
// classes, a leading ]), escapes, trailing spaces and .git/info/exclude. Run `git init` first: it
// writes .git/info/exclude.
import { mkdirSync, writeFileSync } from "node:fs"
import { dirname, join } from "node:path"

/** The hand-made case: nested .gitignores, negation, anchoring, directory-only patterns, ** and info/exclude. */
export const handMade = (dir) => {
  const put = (p, s = "x\n") => { mkdirSync(dirname(join(dir, p)), { recursive: true }); writeFileSync(join(dir, p), s) }
  put(".gitignore", "*.log\n!keep.log\n/build/\nout/\ndocs/**/*.tmp\n\\#hash\n\\!bang\nspace\\ \n*.o\n!/lib/*.o\nnode_modules\n.env*\n!.env.example\n")
  put("a.log"); put("keep.log"); put("build/x.js"); put("src/build/y.js"); put("out/z"); put("src/out/z"); put("docs/a/b/c.tmp"); put("docs/c.tmp"); put("docs/x.md")
  put("#hash"); put("!bang"); put("space "); put("space"); put("x.o"); put("lib/y.o"); put("lib/sub/z.o"); put("node_modules/p/index.js"); put(".env"); put(".env.local"); put(".env.example")
  put("src/.gitignore", "*.gen.ts\n!keep.gen.ts\n/local.ts\nsub/deep/\n*.log\n!important.log\n")
  put("src/a.gen.ts"); put("src/keep.gen.ts"); put("src/local.ts"); put("src/x/local.ts"); put("src/sub/deep/f.ts"); put("src/deep/f.ts"); put("src/important.log"); put("src/x/important.log"); put("src/other.log")
  put("src/x/.gitignore", "!*.gen.ts\nimportant.log\n")
  put("src/x/b.gen.ts"); put("src/x/y/c.gen.ts")
  put("pkg/.gitignore", "*\n!*/\n!*.keep\n")
  put("pkg/a.txt"); put("pkg/b.keep"); put("pkg/sub/c.keep"); put("pkg/sub/d.txt")
  put("re/.gitignore", "dir/\n!dir/keep.txt\n")
  put("re/dir/keep.txt"); put("re/dir/other.txt")
  put("q/[ab].txt"); put("q/a.txt"); put("q/.gitignore", "[ab].txt\n?.md\n**/deep/**\nfoo/**/bar\n")
  put("q/c.md"); put("q/cc.md"); put("q/deep/x"); put("q/x/deep/y/z"); put("q/foo/bar"); put("q/foo/a/b/bar"); put("q/foo/barx")
  put("CaseFile.LOG"); put("trailing.txt"); put("ex/excluded.txt"); put("ex/kept.txt")
  put("g/.gitignore", "*.[oa]\n[!m]*.c\n[[:digit:]]*.txt\n\\*star\nx/**/\n**/only/\nfoo/*\n[]]br\n[a-c]?.md\n**/*.bak\n!n/**/*.bak\nabc/**\ntrail/ \n/abs\n")
  put(".git/info/exclude", "ex/excluded.txt\n")
  for (const f of ["a.o", "b.a", "c.x", "main.c", "util.c", "1a.txt", "a1.txt", "*star", "xstar", "x/y/z", "x/f", "p/only/f", "only", "foo/a/b", "foo/c", "]br", "ab.md", "d1.md", "abc.md", "a.bak", "n/m/a.bak", "n/a.bak", "abc/x/y", "abcd", "trail/x", "abs", "s/abs"]) put(`g/${f}`)
}

