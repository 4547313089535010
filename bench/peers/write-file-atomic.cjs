// The peer for `splice write`: a Node process that reads stdin and writes the file with npm's
// write-file-atomic (temp file, fsync, rename), as a careful Node tool would.
const writeFileAtomic = require("write-file-atomic")
const chunks = []
process.stdin.on("data", (c) => chunks.push(c))
process.stdin.on("end", () => writeFileAtomic.sync(process.argv[2], Buffer.concat(chunks), { fsync: true }))
