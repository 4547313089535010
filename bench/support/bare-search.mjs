// The floor for any Node program searching a tree: what a bare script costs doing the least a
// search must do, as a whole process like splice and rg — walk the directories (names starting
// with a dot skipped, no .gitignore read), read each file into one reused buffer (a NUL in the
// first 64 KiB: binary, the rest not read), find a literal with Buffer's native search. It prints
// how many files hold the literal; bench/search.mjs times it beside splice and ripgrep.
// Usage: node bench/support/bare-search.mjs LITERAL   (in the directory to search)
import * as fs from "node:fs"

const needle = Buffer.from(process.argv[2] ?? "")
const PROBE = 64 * 1024
let buf = Buffer.allocUnsafe(1 << 20)
let hits = 0

const search = (file) => {
  const fd = fs.openSync(file, fs.constants.O_RDONLY | fs.constants.O_NOFOLLOW)
  try {
    const size = fs.fstatSync(fd).size
    if (buf.length <= size) buf = Buffer.allocUnsafe(size * 2)
    let filled = fs.readSync(fd, buf, 0, Math.min(PROBE, size), null)
    buf[filled] = 0
    if (buf.indexOf(0) < filled) return
    while (filled < size) {
      const n = fs.readSync(fd, buf, filled, size - filled, null)
      if (n === 0) break
      filled += n
    }
    if (buf.subarray(0, filled).indexOf(needle) !== -1) hits++
  } finally {
    fs.closeSync(fd)
  }
}

const walk = (dir) => {
  for (const e of fs.readdirSync(dir, { withFileTypes: true }).sort((a, b) => (a.name < b.name ? -1 : 1))) {
    if (e.name.startsWith(".")) continue
    const p = `${dir}/${e.name}`
    if (e.isDirectory()) walk(p)
    else if (e.isFile()) search(p)
  }
}
walk(".")
process.stdout.write(`${hits}\n`)
