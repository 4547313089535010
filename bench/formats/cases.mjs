// The cases of bench/formats.mjs, from which make.mjs builds each directory. A case names real
// files (see make.mjs for the source specs), the intended edits in each file's own bytes (`old`
// lines as the file has them, `new` lines as they should be, `at` when `old` alone is not unique,
// `ctx` lines of context before/after), and how the model's copy differs (`mangle`: ctx, del and add
// lines of the change; `modelOld`: the removed lines as the model misremembered them; `shift` and
// `miscount`: wrong @@ numbers).

const tabsTo = (n) => (l) => l.replace(/^\t+/, (t) => " ".repeat(t.length * n))
const spacesTo = (n) => (l) => l.replace(/^ +/, (s) => "\t".repeat(Math.floor(s.length / n)) + " ".repeat(s.length % n))
const shift = (d) => (l) => (l.length === 0 ? l : d > 0 ? " ".repeat(d) + l : l.replace(new RegExp(`^ {0,${-d}}`), ""))
const all = (f) => ({ ctx: f, del: f, add: f })
const copied = (f) => ({ ctx: f, del: f })
const curly = (l) => l.replace(/'([^'\n]*)'/g, "\u2018$1\u2019").replace(/"([^"\n]*)"/g, "\u201c$1\u201d")
const dashes = (l) => l.replace(/ - /g, " \u2013 ").replace(/--/g, "\u2014")
const nbsp = (l) => l.replace(/(\S) = /g, "$1\u00a0=\u00a0")
const trailing = (pad) => (l) => (l.length === 0 ? l : l + pad)
const trimEnd = (l) => l.trimEnd()
const ascii = (l) => l.replace(/\u2014/g, "-").replace(/[\u2018\u2019]/g, "'")
const expandTabs = (l) => l.replace(/^[\t ]+/, (ws) => { let col = 0; for (const ch of ws) col = ch === "\t" ? col + 8 - (col % 8) : col + 1; return " ".repeat(col) })

const EXPRESS = "express-4.22.3/lib"
const CHALK = "chalk-4.1.2/source"
const DEBUG = "debug-4.4.3/src"

export const cases = [
  // ---- tabs vs spaces ---------------------------------------------------------------------
  {
    name: "tabs-udiff-chalk-util", kind: "tabs-vs-spaces", format: "udiff", expect: "apply",
    why: "chalk indents with tabs; the model's diff uses 2 spaces for every line",
    files: { "source/util.js": `${CHALK}/util.js` },
    edits: [{ file: "source/util.js", old: "\t\treturnValue += string.substr(endIndex, index - endIndex) + substring + replacer;", new: "\t\treturnValue += string.slice(endIndex, index) + substring + replacer;" }],
    mangle: all(tabsTo(2))
  },
  {
    name: "tabs-codex-debug-browser", kind: "tabs-vs-spaces", format: "codex", expect: "apply",
    why: "debug indents with tabs; the model's patch uses 4 spaces",
    files: { "src/browser.js": `${DEBUG}/browser.js` },
    edits: [{ file: "src/browser.js", old: "\t\tr = exports.storage.getItem('debug') || exports.storage.getItem('DEBUG') ;", new: "\t\tr = exports.storage.getItem('debug') || exports.storage.getItem('DEBUG');" }],
    mangle: all(tabsTo(4))
  },
  {
    name: "tabs-sr-chalk-templates", kind: "tabs-vs-spaces", format: "search-replace", expect: "apply",
    why: "tab-indented file, SEARCH/REPLACE written with 4 spaces",
    files: { "source/templates.js": `${CHALK}/templates.js` },
    edits: [{ file: "source/templates.js", old: "\tif (u && bracket) {\n\t\treturn String.fromCodePoint(parseInt(c.slice(2, -1), 16));\n\t}", new: "\tif (u && bracket) {\n\t\tconst codePoint = parseInt(c.slice(2, -1), 16);\n\t\treturn String.fromCodePoint(codePoint);\n\t}", ctx: [1, 1] }],
    mangle: all(tabsTo(4))
  },
  {
    name: "tabs-plan-debug-common", kind: "tabs-vs-spaces", format: "plan", expect: "apply",
    why: "plan edit whose old/new use 2 spaces per level in a tab-indented file",
    files: { "src/common.js": `${DEBUG}/common.js` },
    edits: [{ file: "src/common.js", old: "\t\t\thash |= 0; // Convert to 32bit integer", new: "\t\t\thash |= 0; // Convert to a 32-bit integer", ctx: [1, 1] }],
    mangle: all(tabsTo(2))
  },
  {
    name: "tabs-udiff-express-view", kind: "tabs-vs-spaces", format: "udiff", expect: "apply",
    why: "the reverse: express indents with 2 spaces, the model's diff with tabs",
    files: { "lib/view.js": `${EXPRESS}/view.js` },
    edits: [{ file: "lib/view.js", old: "  debug('lookup \"%s\"', name);", new: "  debug('lookup \"%s\" in %o', name, roots);" }],
    mangle: all(spacesTo(2))
  },
  {
    name: "tabs-codex-python-colorsys", kind: "tabs-vs-spaces", format: "codex", expect: "apply",
    why: "Python indented with 4 spaces, the model's patch with tabs",
    files: { "colorsys.py": "py:colorsys.py" },
    edits: [{ file: "colorsys.py", old: "def yiq_to_rgb(y, i, q):", new: "def yiq_to_rgb(y, i, q):\n    # Inverse of rgb_to_yiq, clamped to [0, 1]." , ctx: [0, 4] }],
    mangle: all(spacesTo(4))
  },

  // ---- CRLF files, LF change sets -----------------------------------------------------------
  {
    name: "crlf-udiff-typescript-getexepath", kind: "crlf", format: "udiff", expect: "apply",
    why: "typescript's getExePath.js has CRLF line endings; the model's diff has LF",
    files: { "lib/getExePath.js": "nm:typescript/lib/getExePath.js" },
    edits: [{ file: "lib/getExePath.js", old: "        throw new Error(\"Executable not found: \" + exe);", new: "        throw new Error(\"Executable not found: \" + exe + \" (\" + process.platform + \"-\" + process.arch + \")\");" }]
  },
  {
    name: "crlf-codex-lexer-dts", kind: "crlf", format: "codex", expect: "apply",
    why: "es-module-lexer's lexer.d.ts is CRLF; LF Codex patch adding an enum member",
    files: { "types/lexer.d.ts": "es-module-lexer-1.7.0/types/lexer.d.ts" },
    edits: [{ file: "types/lexer.d.ts", old: "    DynamicDeferPhase = 7\n}", new: "    DynamicDeferPhase = 7,\n    /**\n     * A require() call, for CommonJS sources\n     */\n    Require = 8\n}" }]
  },
  {
    name: "crlf-sr-hashwasm-blake2b", kind: "crlf", format: "search-replace", expect: "apply",
    why: "hash-wasm's blake2b.c is CRLF; LF search/replace block",
    files: { "src/blake2b.c": "hash-wasm-4.13.0/src/blake2b.c" },
    edits: [{ file: "src/blake2b.c", old: "  int outlen = bits & 0xFFFF;\n  int keylen = bits >> 16;", new: "  int outlen = (int)(bits & 0xFFFF);\n  int keylen = (int)(bits >> 16);", ctx: [1, 1] }]
  },
  {
    name: "crlf-plan-venv-activate-ps1", kind: "crlf", format: "plan", expect: "apply",
    why: "CPython's venv Activate.ps1 is CRLF; plan edit with \\n in old/new",
    files: { "Activate.ps1": "py:venv/scripts/common/Activate.ps1" },
    edits: [{ file: "Activate.ps1", old: "Write-Verbose \"Prompt = '$Prompt'\"\nWrite-Verbose \"VenvDir='$VenvDir'\"", new: "Write-Verbose \"Prompt = '$Prompt'\"\nWrite-Verbose \"VenvDir='$VenvDir'\"\nWrite-Verbose \"VenvExecDir='$VenvExecDir'\"", ctx: [0, 0] }]
  },

  // ---- trailing whitespace --------------------------------------------------------------------
  {
    name: "trailing-udiff-gettext-dropped", kind: "trailing-whitespace", format: "udiff", expect: "apply",
    why: "Debian's gettext.py has lines with trailing spaces and a whitespace-only line; the model's context drops them",
    files: { "gettext.py": "py:gettext.py" },
    edits: [{ file: "gettext.py", old: "                result.append(mofile_lp)", new: "                result.append(os.path.abspath(mofile_lp))", ctx: [4, 3] }],
    mangle: copied(trimEnd)
  },
  {
    name: "trailing-codex-signal-exit-dropped", kind: "trailing-whitespace", format: "codex", expect: "apply",
    why: "signal-exit's compiled index.js has 'export const { ' with a trailing space; the model's context drops it",
    files: { "dist/mjs/index.js": "signal-exit-4.1.0/dist/mjs/index.js" },
    edits: [{ file: "dist/mjs/index.js", old: "// wrap so that we call the method on the actual handler, without", new: "// wrap so that we call the method on the actual SignalExit handler, without", ctx: [1, 3] }],
    mangle: copied(trimEnd)
  },
  {
    name: "trailing-sr-loupe-dropped", kind: "trailing-whitespace", format: "search-replace", expect: "apply",
    why: "loupe's helpers.js has a long line ending in a space; the SEARCH block's copy has none",
    files: { "lib/helpers.js": "loupe-3.2.1/lib/helpers.js" },
    edits: [{ file: "lib/helpers.js", old: "// eslint-disable-next-line no-shadow", new: "// eslint-disable-next-line no-shadow -- `truncate` is also a module export", ctx: [1, 1] }],
    mangle: copied(trimEnd)
  },
  {
    name: "trailing-plan-express-view-added", kind: "trailing-whitespace", format: "plan", expect: "apply",
    why: "the model added two trailing spaces to every line it copied",
    files: { "lib/view.js": `${EXPRESS}/view.js` },
    edits: [{ file: "lib/view.js", old: "      throw new Error('Module \"' + mod + '\" does not provide a view engine.')", new: "      throw new TypeError('Module \"' + mod + '\" does not provide a view engine.')", ctx: [1, 1] }],
    mangle: copied(trailing("  "))
  },
  {
    name: "trailing-udiff-ms-added", kind: "trailing-whitespace", format: "udiff", expect: "apply",
    why: "a terminal copy left one trailing space on each context line",
    files: { "index.js": "ms-2.1.3/index.js" },
    edits: [{ file: "index.js", old: "  if (str.length > 100) {", new: "  if (str.length > 1000) {" }],
    mangle: copied(trailing(" "))
  },

  // ---- Unicode look-alikes in the model's copy -------------------------------------------------
  {
    name: "unicode-udiff-zlib-curly-quotes", kind: "lookalikes", format: "udiff", expect: "apply",
    why: "the model's copy of the context has curly quotes for 'strict'",
    files: { "encodings/zlib_codec.py": "py:encodings/zlib_codec.py" },
    edits: [{ file: "encodings/zlib_codec.py", old: "        return zlib_encode(input, errors)", new: "        return zlib_encode(input, errors=errors)" }],
    mangle: copied(curly)
  },
  {
    name: "unicode-codex-ms-en-dash", kind: "lookalikes", format: "codex", expect: "apply",
    why: "the model turned ' - ' in a doc comment into an en dash",
    files: { "index.js": "ms-2.1.3/index.js" },
    edits: [{ file: "index.js", old: " * @throws {Error} throw an error if val is not a non-empty string or a number", new: " * @throws {Error} throw an error if val is not a non-empty string or a finite number", ctx: [5, 3] }],
    mangle: copied(dashes)
  },
  {
    name: "unicode-sr-express-nbsp", kind: "lookalikes", format: "search-replace", expect: "apply",
    why: "non-breaking spaces around '=' in the SEARCH copy (as pasted from a rendered page)",
    files: { "lib/middleware/query.js": `${EXPRESS}/middleware/query.js` },
    edits: [{ file: "lib/middleware/query.js", old: "      var val = parseUrl(req).query;\n      req.query = queryparse(val, opts);", new: "      var val = parseUrl(req).query;\n      req.query = queryparse(val || '', opts);" }],
    mangle: copied(nbsp)
  },
  {
    name: "unicode-plan-express-curly-double", kind: "lookalikes", format: "plan", expect: "apply",
    why: "curly single and double quotes in the plan's copy of the debug() line",
    files: { "lib/view.js": `${EXPRESS}/view.js` },
    edits: [{ file: "lib/view.js", old: "    var fn = require(mod).__express", new: "    var fn = require(mod).__express || require(mod).renderFile", ctx: [3, 0] }],
    mangle: copied(curly)
  },
  {
    name: "unicode-codex-python-en-dash", kind: "lookalikes", format: "codex", expect: "apply",
    why: "'# - ' list items in a Python comment became en dashes in the model's copy",
    files: { "gettext.py": "py:gettext.py" },
    edits: [{ file: "gettext.py", old: "#   find this format documented anywhere.", new: "#   find this format documented anywhere (see Solaris msgfmt(1)).", ctx: [1, 1] }],
    mangle: copied(dashes)
  },

  // ---- stale line numbers --------------------------------------------------------------------
  {
    name: "stale-udiff-express-route", kind: "stale-line-numbers", format: "udiff", expect: "apply",
    why: "@@ numbers 37 lines too high (the model counted in an older version)",
    files: { "lib/router/route.js": `${EXPRESS}/router/route.js` },
    edits: [{ file: "lib/router/route.js", old: "  if (name === 'head' && !this.methods['head']) {", new: "  if (name === 'head' && !this.methods.head) {" }],
    shift: 37
  },
  {
    name: "stale-udiff-express-utils-two-hunks", kind: "stale-line-numbers", format: "udiff", expect: "apply",
    why: "two hunks, the first 12 lines too low, the second 25 too high",
    files: { "lib/utils.js": `${EXPRESS}/utils.js` },
    edits: [
      { file: "lib/utils.js", old: "  if ('/' === path[0]) return true;", new: "  if (path[0] === '/') return true;" },
      { file: "lib/utils.js", old: "    ret.push(exports.normalizeType(types[i]));", new: "    ret.push(exports.normalizeType(String(types[i])));" }
    ],
    shift: [-12, 25]
  },
  {
    name: "stale-udiff-escape-html", kind: "stale-line-numbers", format: "udiff", expect: "apply",
    why: "@@ -1 for a hunk at line 46 (the model left the numbers of a fresh file)",
    files: { "index.js": "escape-html-1.0.3/index.js" },
    edits: [{ file: "index.js", old: "      case 39: // '\n        escape = '&#39;';", new: "      case 39: // '\n        escape = '&#x27;';" }],
    shift: -50
  },
  {
    name: "stale-codex-numbers-header-layer", kind: "stale-line-numbers", format: "codex", expect: "apply",
    why: "Codex hunk headed by a unified-diff '@@ -120,7 +120,8 @@' with wrong numbers",
    files: { "lib/router/layer.js": `${EXPRESS}/router/layer.js` },
    edits: [{ file: "lib/router/layer.js", old: "  this.name = fn.name || '<anonymous>';", new: "  this.name = fn.name || '<anonymous>';\n  this.method = undefined;", codexHeader: "-120,7 +120,8 @@" }]
  },

  // ---- miscounted @@ lengths -------------------------------------------------------------------
  {
    name: "miscount-udiff-layer-short", kind: "miscounted-lengths", format: "udiff", expect: "apply",
    why: "@@ old length one short, new length two long",
    files: { "lib/router/layer.js": `${EXPRESS}/router/layer.js` },
    edits: [{ file: "lib/router/layer.js", old: "    // not a standard error handler\n    return next(error);", new: "    // not a standard error handler: pass the error on\n    return next(error);" }],
    miscount: [-1, 2]
  },
  {
    name: "miscount-udiff-bisect-long", kind: "miscounted-lengths", format: "udiff", expect: "apply",
    why: "@@ old length two too long (the model counted the removed lines twice)",
    files: { "bisect.py": "py:bisect.py" },
    edits: [{ file: "bisect.py", at: 30, old: "    if lo < 0:\n        raise ValueError('lo must be non-negative')\n    if hi is None:\n        hi = len(a)\n    # Note, the comparison uses \"<\" to match the", new: "    if lo < 0:\n        raise ValueError(f'lo must be non-negative, not {lo}')\n    if hi is None:\n        hi = len(a)\n    # Note, the comparison uses \"<\" to match the", ctx: [3, 3] }],
    miscount: [2, 0]
  },
  {
    name: "miscount-udiff-ms-two-hunks", kind: "miscounted-lengths", format: "udiff", expect: "apply",
    why: "two hunks, each with a new length one short",
    files: { "index.js": "ms-2.1.3/index.js" },
    edits: [
      { file: "index.js", old: "var w = d * 7;", new: "var w = d * 7;\nvar mo = d * 30.4375;" },
      { file: "index.js", old: "  var n = parseFloat(match[1]);", new: "  var n = Number.parseFloat(match[1]);" }
    ],
    miscount: [[0, -1], [0, -1]]
  },

  // ---- ambiguous context: must be refused -------------------------------------------------------
  {
    name: "ambiguous-udiff-tty", kind: "ambiguous-context", format: "udiff", expect: "refuse",
    why: "setraw and setcbreak end with the same three lines; the hunk has no other context and its line number is stale",
    files: { "tty.py": "py:tty.py" },
    edits: [{ file: "tty.py", at: 34, old: "    mode[CC][VMIN] = 1", new: "    mode[CC][VMIN] = 0", ctx: [0, 2] }],
    shift: -4
  },
  {
    name: "ambiguous-codex-zlib-no-anchor", kind: "ambiguous-context", format: "codex", expect: "refuse",
    why: "IncrementalEncoder and IncrementalDecoder have the same __init__ lines and the patch gives no @@ anchor",
    files: { "encodings/zlib_codec.py": "py:encodings/zlib_codec.py" },
    edits: [{ file: "encodings/zlib_codec.py", at: 45, old: "        assert errors == 'strict'", new: "        if errors != 'strict':\n            raise ValueError(errors)", ctx: [1, 1] }]
  },
  {
    name: "ambiguous-sr-debug-swallow", kind: "ambiguous-context", format: "search-replace", expect: "refuse",
    why: "the same catch block occurs three times in debug's browser.js",
    files: { "src/browser.js": `${DEBUG}/browser.js` },
    edits: [{ file: "src/browser.js", at: 224, old: "\t\t// Swallow\n\t\t// XXX (@Qix-) should we be logging these?", new: "\t\t// localStorage is unavailable: nothing to load", ctx: [1, 1] }]
  },
  {
    name: "ambiguous-plan-chalk-util", kind: "ambiguous-context", format: "plan", expect: "refuse",
    why: "both helpers of chalk's util.js start their loop with the same two lines",
    files: { "source/util.js": `${CHALK}/util.js` },
    edits: [{ file: "source/util.js", at: 23, old: "\tlet endIndex = 0;\n\tlet returnValue = '';", new: "\tlet endIndex = 0;\n\tlet returnValue = \"\";", ctx: [0, 0] }]
  },
  {
    name: "ambiguous-udiff-chunk-closed", kind: "ambiguous-context", format: "udiff", expect: "refuse",
    why: "the closed-file check (with the blank line before it) repeats in seek, read and skip; stale line number",
    files: { "chunk.py": "py:chunk.py" },
    edits: [{ file: "chunk.py", at: 132, old: "        if self.closed:\n            raise ValueError(\"I/O operation on closed file\")", new: "        if self.closed:\n            raise ValueError(\"I/O operation on closed chunk\")", ctx: [1, 0] }],
    shift: 10
  },

  // ---- a failing hunk midway through a multi-file change: nothing may be written ---------------
  {
    name: "midway-udiff-express-three-files", kind: "failing-hunk-midway", format: "udiff", expect: "refuse",
    why: "three files; the second file's hunk removes a line that is not in the file (the model misremembered it)",
    files: { "lib/middleware/init.js": `${EXPRESS}/middleware/init.js`, "lib/middleware/query.js": `${EXPRESS}/middleware/query.js`, "lib/router/route.js": `${EXPRESS}/router/route.js` },
    modelOldDiffers: true,
    edits: [
      { file: "lib/middleware/init.js", old: "    req.next = next;", new: "    req.next = next;\n    res.next = next;" },
      { file: "lib/middleware/query.js", old: "  var queryparse = qs.parse;", new: "  var queryparse = qs.parse.bind(qs);", modelOld: "  var queryparse = qs.parse.bind(qs, opts);" },
      { file: "lib/router/route.js", old: "  debug('new %o', path)", new: "  debug('new route %o', path)" }
    ]
  },
  {
    name: "midway-codex-chalk-three-files", kind: "failing-hunk-midway", format: "codex", expect: "refuse",
    why: "three files; the second hunk's removed line has a renamed variable the file does not have",
    files: { "source/util.js": `${CHALK}/util.js`, "source/templates.js": `${CHALK}/templates.js`, "source/index.js": `${CHALK}/index.js` },
    modelOldDiffers: true,
    edits: [
      { file: "source/util.js", old: "\tlet index = string.indexOf(substring);", new: "\tlet index = string.indexOf(substring, 0);" },
      { file: "source/templates.js", old: "\treturn ESCAPES.get(c) || c;", new: "\treturn ESCAPES.get(c) ?? c;", modelOld: "\treturn ESCAPES.get(char) || char;" },
      { file: "source/index.js", old: "const {isArray} = Array;", new: "const {isArray} = Array; // eslint-disable-line no-shadow" }
    ]
  },
  {
    name: "midway-sr-email-three-files", kind: "failing-hunk-midway", format: "search-replace", expect: "refuse",
    why: "three files; the second SEARCH block quotes a comment that reads differently in the file",
    files: { "email/encoders.py": "py:email/encoders.py", "email/errors.py": "py:email/errors.py", "email/charset.py": "py:email/charset.py" },
    modelOldDiffers: true,
    edits: [
      { file: "email/encoders.py", old: "    return enc.replace(b' ', b'=20')", new: "    return enc.replace(b' ', b'=20')  # RFC 2047 section 4.2" },
      { file: "email/errors.py", old: "class MessageError(Exception):\n    \"\"\"Base class for errors in the email package.\"\"\"", new: "class MessageError(Exception):\n    \"\"\"Base class for all errors raised by the email package.\"\"\"", modelOld: "class MessageError(Exception):\n    \"\"\"Base class for all errors in the email package.\"\"\"" },
      { file: "email/charset.py", old: "DEFAULT_CHARSET = 'us-ascii'", new: "DEFAULT_CHARSET = 'utf-8'" }
    ]
  },
  {
    name: "midway-plan-debug-three-files", kind: "failing-hunk-midway", format: "plan", expect: "refuse",
    why: "three edits; the second one's old text names a function that does not exist in common.js",
    files: { "src/browser.js": `${DEBUG}/browser.js`, "src/common.js": `${DEBUG}/common.js`, "src/node.js": `${DEBUG}/node.js` },
    modelOldDiffers: true,
    edits: [
      { file: "src/browser.js", old: "\t\tr = exports.storage.getItem('debug') || exports.storage.getItem('DEBUG') ;", new: "\t\tr = exports.storage.getItem('debug') || exports.storage.getItem('DEBUG');", ctx: [0, 0] },
      { file: "src/common.js", old: "\tcreateDebug.selectColor = selectColor;", new: "\tcreateDebug.selectColor = selectColor;\n\tcreateDebug.hashNamespace = selectColor;", modelOld: "\tcreateDebug.selectColour = selectColour;", ctx: [0, 0] },
      { file: "src/node.js", old: "exports.colors = [6, 2, 3, 4, 5, 1];", new: "exports.colors = [6, 2, 3, 4, 5, 1, 7];", ctx: [0, 0] }
    ]
  },
  {
    name: "midway-udiff-last-of-four-files", kind: "failing-hunk-midway", format: "udiff", expect: "refuse",
    why: "four files, the last hunk fails; three earlier files would already be written by a file-at-a-time tool",
    files: { "a/index.js": "ms-2.1.3/index.js", "b/index.js": "escape-html-1.0.3/index.js", "c/layer.js": `${EXPRESS}/router/layer.js`, "d/view.js": `${EXPRESS}/view.js` },
    modelOldDiffers: true,
    edits: [
      { file: "a/index.js", old: "var y = d * 365.25;", new: "var y = d * 365.2425;" },
      { file: "b/index.js", old: "  var str = '' + string;", new: "  var str = String(string);" },
      { file: "c/layer.js", old: "  this.params = undefined;", new: "  this.params = {};" },
      { file: "d/view.js", old: "  this.path = this.lookup(fileName);", new: "  this.path = this.lookup(fileName) || null;", modelOld: "  this.path = this.lookup(name);" }
    ]
  },

  // ---- multi-file changes with add / delete / rename ---------------------------------------------
  {
    name: "multi-udiff-git-rename-add-delete", kind: "multi-file", format: "udiff", expect: "apply",
    why: "git diff -M style: an edit, a rename with an edit, a new file and a deleted file",
    files: { "lib/view.js": `${EXPRESS}/view.js`, "lib/router/layer.js": `${EXPRESS}/router/layer.js`, "lib/middleware/query.js": `${EXPRESS}/middleware/query.js` },
    edits: [
      { file: "lib/view.js", old: "  var roots = [].concat(this.root);", new: "  var roots = Array.isArray(this.root) ? this.root : [this.root];" },
      { file: "lib/router/layer.js", old: "module.exports = Layer;", new: "module.exports = Layer;\nmodule.exports.Layer = Layer;" }
    ],
    moves: [{ from: "lib/router/layer.js", to: "lib/router/route-layer.js" }],
    adds: [{ file: "lib/middleware/noop.js", content: "'use strict'\n\nmodule.exports = function noop(req, res, next) {\n  next();\n};\n" }],
    deletes: ["lib/middleware/query.js"]
  },
  {
    name: "multi-codex-add-delete-move", kind: "multi-file", format: "codex", expect: "apply",
    why: "Codex patch: Add File, Delete File, Update File with Move to",
    files: { "source/util.js": `${CHALK}/util.js`, "source/templates.js": `${CHALK}/templates.js` },
    edits: [{ file: "source/util.js", old: "module.exports = {\n\tstringReplaceAll,\n\tstringEncaseCRLFWithFirstIndex\n};", new: "module.exports = {\n\tstringReplaceAll,\n\tstringEncaseCRLFWithFirstIndex,\n\tisEmpty\n};" }],
    moves: [{ from: "source/util.js", to: "source/utilities.js" }],
    adds: [{ file: "source/is-empty.js", content: "'use strict';\n\nmodule.exports = string => string.length === 0;\n" }],
    deletes: ["source/templates.js"]
  },
  {
    name: "multi-plan-create-move-delete", kind: "multi-file", format: "plan", expect: "apply",
    why: "plan ops: create, edit + move, delete",
    files: { "email/encoders.py": "py:email/encoders.py", "email/errors.py": "py:email/errors.py" },
    edits: [{ file: "email/encoders.py", old: "def encode_noop(msg):\n    \"\"\"Do nothing.\"\"\"", new: "def encode_noop(msg):\n    \"\"\"Leave the payload as it is.\"\"\"", ctx: [0, 0] }],
    moves: [{ from: "email/encoders.py", to: "email/encoding.py" }],
    adds: [{ file: "email/_compat.py", content: "\"\"\"Names kept for old imports.\"\"\"\n\nfrom email.encoding import *  # noqa: F401,F403\n" }],
    deletes: ["email/errors.py"]
  },
  {
    name: "multi-sr-two-files-and-new", kind: "multi-file", format: "search-replace", expect: "apply",
    why: "blocks for two files and an empty SEARCH creating a third",
    files: { "index.js": "ms-2.1.3/index.js", "lib/init.js": `${EXPRESS}/middleware/init.js` },
    edits: [
      { file: "index.js", old: "var y = d * 365.25;", new: "var y = d * 365.25;\nvar units = { s: s, m: m, h: h, d: d, w: w, y: y };", ctx: [1, 1] },
      { file: "lib/init.js", old: "    res.locals = res.locals || Object.create(null);", new: "    res.locals = res.locals || Object.create(null);\n    res.locals.units = require('../index').units;", ctx: [1, 1] }
    ],
    adds: [{ file: "lib/units.js", content: "module.exports = require('../index').units;\n" }]
  },

  // ---- already applied by hand: no journal evidence, must be refused --------------------------
  {
    name: "applied-udiff-express-route", kind: "already-applied", format: "udiff", expect: "refuse",
    why: "the file already holds the diff's + side (the user made the change by hand); splice has no record of it",
    files: { "lib/router/route.js": `${EXPRESS}/router/route.js` },
    edits: [{ file: "lib/router/route.js", old: "  var sync = 0", new: "  var sync = 0;" }],
    preapplied: true
  },
  {
    name: "applied-codex-debug-node", kind: "already-applied", format: "codex", expect: "refuse",
    why: "the change is already in the file, made outside splice",
    files: { "src/node.js": `${DEBUG}/node.js` },
    edits: [{ file: "src/node.js", old: "exports.colors = [6, 2, 3, 4, 5, 1];", new: "exports.colors = [6, 2, 3, 4, 5, 1, 7];" }],
    preapplied: true
  },
  {
    name: "applied-sr-ms", kind: "already-applied", format: "search-replace", expect: "refuse",
    why: "the REPLACE text is already there and the SEARCH text is gone",
    files: { "index.js": "ms-2.1.3/index.js" },
    edits: [{ file: "index.js", old: "  if (str.length > 100) {\n    return;\n  }", new: "  if (str.length > 100) {\n    return undefined;\n  }", ctx: [1, 0] }],
    preapplied: true
  },
  {
    name: "applied-plan-bisect", kind: "already-applied", format: "plan", expect: "refuse",
    why: "the plan's new text is in the file and its old text is not",
    files: { "bisect.py": "py:bisect.py" },
    edits: [{ file: "bisect.py", old: "    If x is already in a, insert it to the right of the rightmost x.", new: "    If x is already in a, insert it to the right of the rightmost x\n    (after all items equal to x).", ctx: [0, 0] }],
    preapplied: true
  },

  // ---- Codex @@ anchors ----------------------------------------------------------------------------
  {
    name: "anchor-codex-zlib-class", kind: "codex-anchors", format: "codex", expect: "apply",
    why: "the hunk's lines occur in both incremental classes; '@@ class IncrementalDecoder' names which",
    files: { "encodings/zlib_codec.py": "py:encodings/zlib_codec.py" },
    edits: [{ file: "encodings/zlib_codec.py", at: 45, old: "        assert errors == 'strict'", new: "        if errors != 'strict':\n            raise ValueError(errors)", ctx: [1, 1], anchor: "class IncrementalDecoder(codecs.IncrementalDecoder):" }]
  },
  {
    name: "anchor-codex-utf16-two-anchors", kind: "codex-anchors", format: "codex", expect: "apply",
    why: "two anchors (class, then method) pick the byte-order branch of IncrementalEncoder.setstate among three alike",
    files: { "encodings/utf_16.py": "py:encodings/utf_16.py" },
    edits: [{ file: "encodings/utf_16.py", at: 48, old: "            if sys.byteorder == 'little':\n                self.encoder = codecs.utf_16_le_encode\n            else:\n                self.encoder = codecs.utf_16_be_encode", new: "            self.encoder = (codecs.utf_16_le_encode if sys.byteorder == 'little'\n                            else codecs.utf_16_be_encode)", ctx: [1, 0], anchor: ["class IncrementalEncoder(codecs.IncrementalEncoder):", "def setstate(self, state):"] }]
  },
  {
    name: "anchor-codex-chunk-def-read", kind: "codex-anchors", format: "codex", expect: "apply",
    why: "the closed-file check repeats in every method; '@@ def read' names the one to change",
    files: { "chunk.py": "py:chunk.py" },
    edits: [{ file: "chunk.py", at: 132, old: "        if self.closed:\n            raise ValueError(\"I/O operation on closed file\")", new: "        if self.closed:\n            raise ValueError(\"cannot read from a closed chunk\")", ctx: [0, 0], anchor: "    def read(self, size=-1):" }]
  },
  {
    name: "anchor-codex-bz2-ambiguous-anchor", kind: "codex-anchors", format: "codex", expect: "refuse",
    why: "the anchor 'def __init__' itself occurs in both classes, so it does not say which hunk is meant",
    files: { "encodings/bz2_codec.py": "py:encodings/bz2_codec.py" },
    edits: [{ file: "encodings/bz2_codec.py", at: 47, old: "        assert errors == 'strict'", new: "        if errors != 'strict':\n            raise ValueError(errors)", ctx: [0, 1], anchor: "def __init__(self, errors='strict'):" }]
  },

  // ---- Aider blocks: fenced, path in bold ---------------------------------------------------------
  {
    name: "aider-bold-email-encoders", kind: "aider-fenced-bold", format: "search-replace", expect: "apply", style: "bold",
    why: "path in bold above a ```python fence, as chat models format Aider blocks",
    files: { "email/encoders.py": "py:email/encoders.py" },
    edits: [{ file: "email/encoders.py", old: "    encdata = str(_bencode(orig), 'ascii')", new: "    encdata = _bencode(orig).decode('ascii')", ctx: [1, 1] }]
  },
  {
    name: "aider-bold-two-files", kind: "aider-fenced-bold", format: "search-replace", expect: "apply", style: "bold",
    why: "two bold paths, two fenced blocks, prose before",
    prose: "I'll make the powered-by header configurable and keep the query parser.\n\nFirst, the init middleware:",
    files: { "lib/middleware/init.js": `${EXPRESS}/middleware/init.js`, "lib/middleware/query.js": `${EXPRESS}/middleware/query.js` },
    edits: [
      { file: "lib/middleware/init.js", old: "    if (app.enabled('x-powered-by')) res.setHeader('X-Powered-By', 'Express');", new: "    if (app.enabled('x-powered-by')) res.setHeader('X-Powered-By', app.get('powered by') || 'Express');", ctx: [1, 1] },
      { file: "lib/middleware/query.js", old: "    // back-compat for qs module\n    opts.allowPrototypes = true;", new: "    // back-compat for qs module (qs 6 defaults to false)\n    opts.allowPrototypes = true;", ctx: [1, 1] }
    ]
  },
  {
    name: "aider-bold-deep-path-tabs", kind: "aider-fenced-bold", format: "search-replace", expect: "apply", style: "bold",
    why: "bold path three directories deep, tab-indented file, block copied exactly",
    files: { "packages/debug/src/node.js": `${DEBUG}/node.js` },
    edits: [{ file: "packages/debug/src/node.js", old: "\tif (supportsColor && (supportsColor.stderr || supportsColor).level >= 2) {", new: "\tconst level = (supportsColor.stderr || supportsColor).level;\n\tif (supportsColor && level >= 2) {", ctx: [1, 1] }]
  },
  {
    name: "aider-bold-edit-and-new-file", kind: "aider-fenced-bold", format: "search-replace", expect: "apply", style: "bold",
    why: "bold paths: an edit and an empty SEARCH that creates a test file",
    files: { "index.js": "escape-html-1.0.3/index.js" },
    edits: [{ file: "index.js", old: "      case 39: // '\n        escape = '&#39;';\n        break;", new: "      case 39: // '\n        escape = '&#39;';\n        break;\n      case 96: // `\n        escape = '&#96;';\n        break;", ctx: [0, 0] }],
    adds: [{ file: "test/backtick.js", content: "var assert = require('assert')\nvar escapeHtml = require('..')\n\nassert.strictEqual(escapeHtml('`'), '&#96;')\n" }]
  },

  // ---- indentation offset: the model re-indented the whole block ---------------------------------
  {
    name: "indent-udiff-chunk-method-dedented", kind: "indentation-offset", format: "udiff", expect: "apply",
    why: "a method body shown at column 0 (4 spaces less on every line)",
    files: { "chunk.py": "py:chunk.py" },
    edits: [{ file: "chunk.py", old: "        return False", new: "        return self.file.isatty()", ctx: [3, 1] }],
    mangle: all(shift(-4))
  },
  {
    name: "indent-codex-express-route-plus2", kind: "indentation-offset", format: "codex", expect: "apply",
    why: "the model indented the whole hunk by 2 more spaces",
    files: { "lib/router/route.js": `${EXPRESS}/router/route.js` },
    edits: [{ file: "lib/router/route.js", old: "  for (var i = 0; i < methods.length; i++) {\n    // make upper case\n    methods[i] = methods[i].toUpperCase();\n  }", new: "  for (var i = 0; i < methods.length; i++) {\n    methods[i] = methods[i].toUpperCase();\n  }" }],
    mangle: all(shift(2))
  },
  {
    name: "indent-sr-bisect-dedented", kind: "indentation-offset", format: "search-replace", expect: "apply",
    why: "the SEARCH/REPLACE of a function body written without its 4-space indent",
    files: { "bisect.py": "py:bisect.py" },
    edits: [{ file: "bisect.py", old: "    if key is None:\n        lo = bisect_right(a, x, lo, hi)\n    else:\n        lo = bisect_right(a, key(x), lo, hi, key=key)\n    a.insert(lo, x)", new: "    if key is None:\n        lo = bisect_right(a, x, lo, hi)\n    else:\n        lo = bisect_right(a, key(x), lo, hi, key=key)\n    a.insert(lo, x)\n    return lo", ctx: [0, 0] }],
    mangle: all(shift(-4))
  },
  {
    name: "indent-plan-express-utils-plus4", kind: "indentation-offset", format: "plan", expect: "apply",
    why: "plan edit whose old and new are both indented 4 spaces more than the file",
    files: { "lib/utils.js": `${EXPRESS}/utils.js` },
    edits: [{ file: "lib/utils.js", old: "  for (var i = 0; i < types.length; ++i) {\n    ret.push(exports.normalizeType(types[i]));\n  }", new: "  for (var i = 0; i < types.length; ++i) {\n    var type = types[i];\n    ret.push(exports.normalizeType(type));\n  }", ctx: [0, 0] }],
    mangle: all(shift(4))
  },
  // ---- harder mixes: tolerance must never turn a refusal into a guess ----------------------------
  {
    name: "tabs-udiff-gettext-expanded", kind: "tabs-vs-spaces", format: "udiff", expect: "apply",
    why: "Debian's gettext.py mixes tab-indented and 8-space-indented lines at one level; the model's copy expands every tab to 8 columns",
    files: { "gettext.py": "py:gettext.py" },
    edits: [{ file: "gettext.py", old: "\t# standard mo file", new: "\t# standard mo file first", ctx: [3, 3] }],
    mangle: all(expandTabs)
  },
  {
    name: "crlf-udiff-activate-curly", kind: "crlf", format: "udiff", expect: "apply",
    why: "CRLF file, LF diff, and the model's copy of the context has curly quotes",
    files: { "Activate.ps1": "py:venv/scripts/common/Activate.ps1" },
    edits: [{ file: "Activate.ps1", old: "deactivate -nondestructive", new: "deactivate -nondestructive -ErrorAction SilentlyContinue" }],
    mangle: copied(curly)
  },
  {
    name: "unicode-udiff-zod-ascii-for-em-dash", kind: "lookalikes", format: "udiff", expect: "apply",
    why: "the reverse: zod's .d.ts has em dashes, the model's copy has ASCII hyphens",
    files: { "v4/core/to-json-schema.d.ts": "zod-3.25.76/v4/core/to-json-schema.d.ts" },
    edits: [{ file: "v4/core/to-json-schema.d.ts", old: "    target?: \"draft-7\" | \"draft-2020-12\";", new: "    target?: \"draft-4\" | \"draft-7\" | \"draft-2020-12\";" }],
    mangle: copied(ascii)
  },
  {
    name: "unicode-plan-zod-ascii-apostrophe", kind: "lookalikes", format: "plan", expect: "apply",
    why: "the reverse: the test names have a curly apostrophe (doesn\u2019t), the model's plan a straight one",
    files: { "src/v3/tests/object-in-es5-env.test.ts": "zod-3.25.76/src/v3/tests/object-in-es5-env.test.ts" },
    edits: [{ file: "src/v3/tests/object-in-es5-env.test.ts", at: 20, old: "  expect(result.success).toEqual(true);", new: "  expect(result.success).toBe(true);", ctx: [3, 0] }],
    mangle: copied(ascii)
  },
  {
    name: "ambiguous-udiff-tabs-chalk-util", kind: "ambiguous-context", format: "udiff", expect: "refuse",
    why: "spaces for tabs AND a repeated block: no exact match, two matches once indentation is ignored, and a stale line number",
    files: { "source/util.js": `${CHALK}/util.js` },
    edits: [{ file: "source/util.js", at: 24, old: "\tlet returnValue = '';", new: "\tlet returnValue = \"\";", ctx: [1, 1] }],
    mangle: all(tabsTo(2)),
    shift: 3
  },
  {
    name: "ambiguous-sr-utf16-dedented", kind: "ambiguous-context", format: "search-replace", expect: "refuse",
    why: "a dedented copy of the byte-order branch, which occurs three times (in IncrementalEncoder twice and in StreamWriter)",
    files: { "encodings/utf_16.py": "py:encodings/utf_16.py" },
    edits: [{ file: "encodings/utf_16.py", at: 116, old: "            if sys.byteorder == 'little':\n                self.encoder = codecs.utf_16_le_encode\n            else:\n                self.encoder = codecs.utf_16_be_encode", new: "            self.encoder = codecs.utf_16_le_encode if sys.byteorder == 'little' else codecs.utf_16_be_encode", ctx: [0, 0] }],
    mangle: all(shift(-8))
  },
  {
    name: "applied-udiff-tabs-chalk", kind: "already-applied", format: "udiff", expect: "refuse",
    why: "already applied by hand, and the model's diff uses spaces for tabs: only a tolerant look finds the result",
    files: { "source/util.js": `${CHALK}/util.js` },
    edits: [{ file: "source/util.js", old: "\t\treturnValue += string.substr(endIndex, index - endIndex) + substring + replacer;", new: "\t\treturnValue += string.slice(endIndex, index) + substring + replacer;" }],
    mangle: all(tabsTo(2)),
    preapplied: true
  },
  {
    name: "midway-codex-ambiguous-second-file", kind: "failing-hunk-midway", format: "codex", expect: "refuse",
    why: "three files; the second file's hunk is ambiguous (the catch block repeats), not missing",
    files: { "src/node.js": `${DEBUG}/node.js`, "src/browser.js": `${DEBUG}/browser.js`, "src/common.js": `${DEBUG}/common.js` },
    edits: [
      { file: "src/node.js", old: "exports.colors = [6, 2, 3, 4, 5, 1];", new: "exports.colors = [6, 2, 3, 4, 5, 1, 7];" },
      { file: "src/browser.js", at: 224, old: "\t\t// Swallow\n\t\t// XXX (@Qix-) should we be logging these?", new: "\t\t// Swallow: storage is unavailable", ctx: [1, 1] },
      { file: "src/common.js", old: "\tcreateDebug.selectColor = selectColor;", new: "\tcreateDebug.selectColor = selectColor;\n\tcreateDebug.hashNamespace = selectColor;" }
    ]
  },
  {
    name: "crlf-udiff-crlf-patch-on-lf-files", kind: "crlf", format: "udiff", expect: "apply",
    why: "the reverse: the diff was saved with CRLF line endings (Windows editor), the files are LF",
    files: { "lib/router/route.js": `${EXPRESS}/router/route.js`, "lib/router/layer.js": `${EXPRESS}/router/layer.js` },
    edits: [
      { file: "lib/router/route.js", old: "  this.stack = [];", new: "  this.stack = [];\n  this.name = path;" },
      { file: "lib/router/layer.js", old: "  this.params = undefined;", new: "  this.params = {};" }
    ],
    changeEol: "\r\n"
  },
  {
    name: "unicode-sr-zod-fr-nfd", kind: "lookalikes", format: "search-replace", expect: "apply",
    why: "zod's French messages are NFC; the model's SEARCH copy is NFD (e + combining acute)",
    files: { "src/v4/locales/fr.ts": "zod-3.25.76/src/v4/locales/fr.ts" },
    edits: [{ file: "src/v4/locales/fr.ts", old: "    e164: \"numéro E.164\",", new: "    e164: \"numéro de téléphone E.164\",", ctx: [2, 1] }],
    mangle: copied((l) => l.normalize("NFD"))
  },
  {
    name: "miscount-udiff-two-files-long", kind: "miscounted-lengths", format: "udiff", expect: "apply",
    why: "the first file's only hunk claims 3 more lines than it has on both sides, so a count-driven reader would swallow the next file's header",
    files: { "lib/middleware/init.js": `${EXPRESS}/middleware/init.js`, "lib/middleware/query.js": `${EXPRESS}/middleware/query.js` },
    edits: [
      { file: "lib/middleware/init.js", old: "    res.locals = res.locals || Object.create(null);", new: "    res.locals = res.locals || {};" },
      { file: "lib/middleware/query.js", old: "  var queryparse = qs.parse;", new: "  var queryparse = qs.parse.bind(qs);" }
    ],
    miscount: [[3, 3], [0, 0]]
  },
  {
    name: "midway-sr-misspelled-path", kind: "failing-hunk-midway", format: "search-replace", expect: "refuse",
    why: "three blocks; the second names lib/middleware/querys.js, which does not exist",
    files: { "lib/middleware/init.js": `${EXPRESS}/middleware/init.js`, "lib/middleware/query.js": `${EXPRESS}/middleware/query.js`, "lib/view.js": `${EXPRESS}/view.js` },
    edits: [
      { file: "lib/middleware/init.js", old: "    req.next = next;", new: "    req.next = next;\n    res.next = next;", ctx: [1, 1] },
      { file: "lib/middleware/query.js", old: "  var queryparse = qs.parse;", new: "  var queryparse = qs.parse.bind(qs);", ctx: [1, 1], modelFile: "lib/middleware/querys.js" },
      { file: "lib/view.js", old: "  this.name = name;", new: "  this.name = String(name);", ctx: [1, 1] }
    ]
  },
  {
    name: "midway-codex-delete-missing-file", kind: "failing-hunk-midway", format: "codex", expect: "refuse",
    why: "update, delete of a file that is not there, update: the delete fails after the first update",
    files: { "src/node.js": `${DEBUG}/node.js`, "src/common.js": `${DEBUG}/common.js` },
    edits: [],
    raw: "*** Begin Patch\n*** Update File: src/node.js\n@@\n-exports.colors = [6, 2, 3, 4, 5, 1];\n+exports.colors = [6, 2, 3, 4, 5, 1, 7];\n*** Delete File: src/inspect.js\n*** Update File: src/common.js\n@@\n \tcreateDebug.selectColor = selectColor;\n+\tcreateDebug.hashNamespace = selectColor;\n*** End Patch\n"
  },
  {
    name: "midway-plan-move-onto-existing", kind: "failing-hunk-midway", format: "plan", expect: "refuse",
    why: "edit, then a move onto a file that exists, then an edit: the move must not overwrite, and the first edit must not land alone",
    files: { "email/encoders.py": "py:email/encoders.py", "email/errors.py": "py:email/errors.py", "email/charset.py": "py:email/charset.py" },
    edits: [],
    raw: JSON.stringify({ ops: [
      { op: "edit", file: "email/charset.py", old: "DEFAULT_CHARSET = 'us-ascii'", new: "DEFAULT_CHARSET = 'utf-8'" },
      { op: "move", from: "email/encoders.py", to: "email/errors.py" },
      { op: "edit", file: "email/errors.py", old: "def encode_noop(msg):", new: "def encode_noop(msg):  # kept for compatibility" }
    ] }, null, 2) + "\n"
  },
  {
    name: "applied-plan-one-of-two-files", kind: "already-applied", format: "plan", expect: "refuse",
    why: "two edits; the second file already holds its change (made by hand), the first does not: nothing may be written",
    files: { "src/node.js": `${DEBUG}/node.js`, "src/common.js": `${DEBUG}/common.js` },
    edits: [
      { file: "src/node.js", old: "exports.colors = [6, 2, 3, 4, 5, 1];", new: "exports.colors = [6, 2, 3, 4, 5, 1, 7];", ctx: [0, 0] },
      { file: "src/common.js", old: "\tcreateDebug.selectColor = selectColor;", new: "\tcreateDebug.selectColor = selectColor;\n\tcreateDebug.hashNamespace = selectColor;", ctx: [0, 0], preapplied: true }
    ]
  },
  {
    name: "order-udiff-hunks-bottom-up", kind: "hunks-out-of-order", format: "udiff", expect: "apply",
    why: "two hunks of one file listed bottom-up (each with right numbers): a top-down cursor would miss the second",
    files: { "lib/utils.js": `${EXPRESS}/utils.js` },
    edits: [
      { file: "lib/utils.js", old: "  if ('/' === path[0]) return true;", new: "  if (path[0] === '/') return true;" },
      { file: "lib/utils.js", old: "    ret.push(exports.normalizeType(types[i]));", new: "    ret.push(exports.normalizeType(String(types[i])));" }
    ],
    reverseHunks: true
  },
  {
    name: "order-codex-hunks-bottom-up", kind: "hunks-out-of-order", format: "codex", expect: "apply",
    why: "two hunks of one file listed bottom-up in a Codex patch",
    files: { "source/index.js": `${CHALK}/index.js` },
    edits: [
      { file: "source/index.js", old: "\t\t\tconst builder = createBuilder(this, createStyler(style.open, style.close, this._styler), this._isEmpty);", new: "\t\t\tconst styler = createStyler(style.open, style.close, this._styler);\n\t\t\tconst builder = createBuilder(this, styler, this._isEmpty);" },
      { file: "source/index.js", old: "\t\tconst builder = createBuilder(this, this._styler, true);", new: "\t\tconst builder = createBuilder(this, this._styler, /* isEmpty */ true);" }
    ],
    reverseHunks: true
  },
  {
    name: "blank-udiff-bare-empty-context", kind: "bare-blank-lines", format: "udiff", expect: "apply",
    why: "empty context lines written as empty lines, without the leading space (most models do this)",
    files: { "lib/view.js": `${EXPRESS}/view.js` },
    edits: [{ file: "lib/view.js", old: "  var roots = [].concat(this.root);", new: "  var roots = [].concat(this.root || []);" }],
    bareBlankLines: true
  },
  {
    name: "blank-codex-bare-empty-context", kind: "bare-blank-lines", format: "codex", expect: "apply",
    why: "empty context lines without the leading space in a Codex hunk, two files",
    files: { "email/encoders.py": "py:email/encoders.py", "bisect.py": "py:bisect.py" },
    edits: [
      { file: "email/encoders.py", old: "    encdata = _qencode(orig)", new: "    encdata = _qencode(orig or b'')" },
      { file: "bisect.py", old: "def insort_right(a, x, lo=0, hi=None, *, key=None):", new: "def insort_right(a, x, lo=0, hi=None, *, key=None) -> None:" }
    ],
    bareBlankLines: true
  },
  // ---- more re-indentation, ends of files, deletions -------------------------------------------------
  {
    name: "indent-codex-express-4-space-units", kind: "indentation-offset", format: "codex", expect: "apply",
    why: "express uses 2-space levels; the model wrote the hunk with 4-space levels and a new nested block",
    files: { "lib/router/route.js": `${EXPRESS}/router/route.js` },
    edits: [{ file: "lib/router/route.js", old: "  return Boolean(this.methods[name]);", new: "  if (!name) {\n    return false;\n  }\n\n  return Boolean(this.methods[name]);" }],
    mangle: all((l) => l.replace(/^ +/, (sp) => " ".repeat(sp.length * 2)))
  },
  {
    name: "indent-sr-bisect-nested-dedented", kind: "indentation-offset", format: "search-replace", expect: "apply",
    why: "a dedented SEARCH/REPLACE whose REPLACE adds a nested block",
    files: { "bisect.py": "py:bisect.py" },
    edits: [{ file: "bisect.py", at: 15, old: "        lo = bisect_right(a, key(x), lo, hi, key=key)\n    a.insert(lo, x)", new: "        lo = bisect_right(a, key(x), lo, hi, key=key)\n    if lo < len(a) and a[lo] == x:\n        return\n    a.insert(lo, x)", ctx: [3, 0] }],
    mangle: all(shift(-4))
  },
  {
    name: "indent-plan-crlf-activate-2-space", kind: "indentation-offset", format: "plan", expect: "apply",
    why: "CRLF PowerShell file with 4-space levels; the plan's old/new use LF and 2-space levels, with a nested block added",
    files: { "Activate.ps1": "py:venv/scripts/common/Activate.ps1" },
    edits: [{ file: "Activate.ps1", old: "        _OLD_VIRTUAL_PROMPT", new: "        if ($env:VIRTUAL_ENV_PROMPT) {\n            Write-Verbose \"venv: $env:VIRTUAL_ENV_PROMPT\"\n        }\n        _OLD_VIRTUAL_PROMPT", ctx: [2, 1] }],
    mangle: all((l) => l.replace(/^ +/, (sp) => " ".repeat(sp.length / 2)))
  },
  {
    name: "eof-udiff-no-newline-marker", kind: "end-of-file", format: "udiff", expect: "apply",
    why: "signal-exit's signals.js has no final newline; the diff's context reaches it, with '\\ No newline at end of file'",
    files: { "dist/mjs/signals.js": "signal-exit-4.1.0/dist/mjs/signals.js" },
    edits: [{ file: "dist/mjs/signals.js", old: "    signals.push('SIGIO', 'SIGPOLL', 'SIGPWR', 'SIGSTKFLT');", new: "    signals.push('SIGIO', 'SIGPOLL', 'SIGPWR', 'SIGSTKFLT', 'SIGUNUSED');", ctx: [3, 2] }]
  },
  {
    name: "eof-udiff-marker-omitted", kind: "end-of-file", format: "udiff", expect: "apply",
    why: "the same change, the model left out the '\\ No newline at end of file' line: the file keeps its ending",
    files: { "dist/mjs/signals.js": "signal-exit-4.1.0/dist/mjs/signals.js" },
    edits: [{ file: "dist/mjs/signals.js", old: "    signals.push('SIGIO', 'SIGPOLL', 'SIGPWR', 'SIGSTKFLT');", new: "    signals.push('SIGIO', 'SIGPOLL', 'SIGPWR', 'SIGSTKFLT', 'SIGUNUSED');", ctx: [3, 2], omitNoNewlineMarker: true }]
  },
  {
    name: "eof-codex-end-of-file-marker", kind: "end-of-file", format: "codex", expect: "apply",
    why: "Codex hunk at the end of ms's index.js closed by '*** End of File'",
    files: { "index.js": "ms-2.1.3/index.js" },
    edits: [{ file: "index.js", old: "  return Math.round(ms / n) + ' ' + name + (isPlural ? 's' : '');\n}", new: "  return Math.round(ms / n) + ' ' + name + (isPlural ? 's' : '');\n}\n\nmodule.exports.plural = plural;", ctx: [2, 0], eofMarker: true }]
  },
  {
    name: "eof-codex-no-final-newline", kind: "end-of-file", format: "codex", expect: "apply",
    why: "Codex has no way to say 'no newline at end of file'; the file's own ending must be kept",
    files: { "dist/mjs/signals.js": "signal-exit-4.1.0/dist/mjs/signals.js" },
    edits: [{ file: "dist/mjs/signals.js", old: "    signals.push('SIGIO', 'SIGPOLL', 'SIGPWR', 'SIGSTKFLT');", new: "    signals.push('SIGIO', 'SIGPOLL', 'SIGPWR', 'SIGSTKFLT', 'SIGUNUSED');", ctx: [1, 2] }]
  },
  {
    name: "delete-sr-function-and-export", kind: "aider-fenced-bold", format: "search-replace", expect: "apply", style: "bold",
    why: "two bold-path blocks with empty REPLACE parts: a function and its __all__ entry are removed",
    files: { "email/encoders.py": "py:email/encoders.py" },
    edits: [
      { file: "email/encoders.py", old: "    'encode_noop',", new: "", ctx: [0, 0] },
      { file: "email/encoders.py", old: "def encode_noop(msg):\n    \"\"\"Do nothing.\"\"\"", new: "", ctx: [0, 0] }
    ]
  },
  {
    name: "multi-udiff-one-file-two-sections", kind: "multi-file", format: "udiff", expect: "apply",
    why: "the model wrote a separate ---/+++ section for each hunk of the same file",
    files: { "lib/utils.js": `${EXPRESS}/utils.js`, "lib/view.js": `${EXPRESS}/view.js` },
    edits: [
      { file: "lib/utils.js", old: "  if ('/' === path[0]) return true;", new: "  if (path[0] === '/') return true;" },
      { file: "lib/utils.js", old: "    ret.push(exports.normalizeType(types[i]));", new: "    ret.push(exports.normalizeType(String(types[i])));" },
      { file: "lib/view.js", old: "  this.name = name;", new: "  this.name = String(name);" }
    ],
    splitSections: true
  },
  // ---- elided context, stale deletes, existing files ------------------------------------------------
  {
    name: "elided-sr-rest-of-function", kind: "elided-context", format: "search-replace", expect: "refuse",
    why: "the SEARCH part skips lines with '# ... rest of the function ...' (a lazy model): no tier may bridge it",
    files: { "email/encoders.py": "py:email/encoders.py", "bisect.py": "py:bisect.py" },
    modelOldDiffers: true,
    edits: [
      { file: "bisect.py", at: 4, old: "def insort_right(a, x, lo=0, hi=None, *, key=None):", new: "def insort_right(a, x, lo=0, hi=None, *, key=None) -> None:", ctx: [0, 0] },
      { file: "email/encoders.py", old: "def encode_7or8bit(msg):\n    \"\"\"Set the Content-Transfer-Encoding header to 7bit or 8bit.\"\"\"\n    orig = msg.get_payload(decode=True)\n    if orig is None:\n        # There's no payload.  For backwards compatibility we use 7bit\n        msg['Content-Transfer-Encoding'] = '7bit'\n        return\n    # We play a trick to make this go fast.  If decoding from ASCII succeeds,\n    # we know the data must be 7bit, otherwise treat it as 8bit.\n    try:\n        orig.decode('ascii')\n    except UnicodeError:\n        msg['Content-Transfer-Encoding'] = '8bit'\n    else:\n        msg['Content-Transfer-Encoding'] = '7bit'", new: "def encode_7or8bit(msg):\n    \"\"\"Set the Content-Transfer-Encoding header to 7bit or 8bit.\"\"\"\n    orig = msg.get_payload(decode=True)\n    if orig is None:\n        # There's no payload.  For backwards compatibility we use 7bit\n        msg['Content-Transfer-Encoding'] = '7bit'\n        return\n    # ... rest of the function ...\n    else:\n        msg['Content-Transfer-Encoding'] = '7bit'  # pure ASCII", modelOld: "def encode_7or8bit(msg):\n    \"\"\"Set the Content-Transfer-Encoding header to 7bit or 8bit.\"\"\"\n    orig = msg.get_payload(decode=True)\n    if orig is None:\n        # There's no payload.  For backwards compatibility we use 7bit\n        msg['Content-Transfer-Encoding'] = '7bit'\n        return\n    # ... rest of the function ...\n    else:\n        msg['Content-Transfer-Encoding'] = '7bit'", ctx: [0, 0] }
    ]
  },
  {
    name: "elided-udiff-existing-code-comment", kind: "elided-context", format: "udiff", expect: "refuse",
    why: "a context line '// ... existing code ...' stands for lines the model did not copy",
    files: { "lib/view.js": `${EXPRESS}/view.js` },
    modelOldDiffers: true,
    edits: [{ file: "lib/view.js", old: "  var fileName = name;\n\n  if (!this.ext) {\n    // get extension from default engine name\n    this.ext = this.defaultEngine[0] !== '.'\n      ? '.' + this.defaultEngine\n      : this.defaultEngine;\n\n    fileName += this.ext;\n  }", new: "  var fileName = name;\n\n  if (!this.ext) {\n    // ... existing code ...\n    fileName += this.ext;\n    debug('default extension %s', this.ext);\n  }", modelOld: "  var fileName = name;\n\n  if (!this.ext) {\n    // ... existing code ...\n    fileName += this.ext;\n  }", ctx: [1, 1] }]
  },
  {
    name: "elided-codex-ellipsis-line", kind: "elided-context", format: "codex", expect: "refuse",
    why: "a bare '...' context line in a Codex hunk in place of the skipped lines",
    files: { "lib/router/layer.js": `${EXPRESS}/router/layer.js` },
    modelOldDiffers: true,
    edits: [{ file: "lib/router/layer.js", old: "  this.handle = fn;\n  this.name = fn.name || '<anonymous>';\n  this.params = undefined;\n  this.path = undefined;\n  this.regexp = pathRegexp(path, this.keys = [], opts);", new: "  this.handle = fn;\n  ...\n  this.regexp = pathRegexp(path, this.keys = [], opts);\n  this.regexp.source_path = path;", modelOld: "  this.handle = fn;\n  ...\n  this.regexp = pathRegexp(path, this.keys = [], opts);", ctx: [1, 1] }]
  },
  {
    name: "crlf-codex-blake2b-trailing-dropped", kind: "crlf", format: "codex", expect: "apply",
    why: "CRLF file with a trailing space on a context line; the model's LF copy drops it",
    files: { "src/blake2b.c": "hash-wasm-4.13.0/src/blake2b.c" },
    edits: [{ file: "src/blake2b.c", old: "uint8_t* Hash_GetState() {", new: "uint8_t *Hash_GetState(void) {", ctx: [4, 2] }],
    mangle: copied(trimEnd)
  },
  {
    name: "applied-codex-add-file-exists", kind: "already-applied", format: "codex", expect: "refuse",
    why: "an Add File whose file is already there with that content (made by hand, no journal record), beside an edit",
    files: { "index.js": "escape-html-1.0.3/index.js" },
    edits: [{ file: "index.js", old: "module.exports = escapeHtml;", new: "module.exports = escapeHtml;\nmodule.exports.escapeHtml = escapeHtml;", preapplied: true }],
    adds: [{ file: "index.d.ts", content: "declare function escapeHtml(string: unknown): string;\nexport = escapeHtml;\n" }],
    preapplied: true
  },
  {
    name: "midway-udiff-stale-delete", kind: "failing-hunk-midway", format: "udiff", expect: "refuse",
    why: "an edit, then a deleted file whose - lines are an older version of it: the delete must not go ahead, nor the edit",
    files: { "lib/view.js": `${EXPRESS}/view.js`, "index.js": "escape-html-1.0.3/index.js" },
    modelOldDiffers: true,
    edits: [{ file: "lib/view.js", old: "  this.name = name;", new: "  this.name = String(name);" }],
    deletes: [{ file: "index.js", staleLine: [34, "  var str = String(string);"] }]
  },
  {
    name: "aider-fence-then-path", kind: "aider-fenced-bold", format: "search-replace", expect: "apply", style: "path-in-fence",
    why: "the path written as the first line inside the fence",
    files: { "lib/middleware/query.js": `${EXPRESS}/middleware/query.js` },
    edits: [{ file: "lib/middleware/query.js", old: "  return function query(req, res, next){", new: "  return function query(req, res, next) {", ctx: [1, 1] }]
  },
  // ---- tolerance meeting order, anchors, mixed indentation -----------------------------------------
  {
    name: "ambiguous-udiff-bottom-up-repeated", kind: "ambiguous-context", format: "udiff", expect: "refuse",
    why: "hunks listed bottom-up; the second one's lines occur three times before the first, and its line number is stale",
    files: { "chunk.py": "py:chunk.py" },
    edits: [
      { file: "chunk.py", at: 107, old: "\n        if self.closed:\n            raise ValueError(\"I/O operation on closed file\")", new: "\n        if self.closed:\n            raise ValueError(\"I/O operation on closed chunk\")", ctx: [0, 0] },
      { file: "chunk.py", old: "                self.size_read = self.size_read + n", new: "                self.size_read += n", ctx: [1, 1] }
    ],
    reverseHunks: true,
    shift: [5, 7]
  },
  {
    name: "order-codex-anchored-bottom-up", kind: "hunks-out-of-order", format: "codex", expect: "apply",
    why: "two anchored hunks (def read, then def seek) where seek comes first in the file",
    files: { "chunk.py": "py:chunk.py" },
    edits: [
      { file: "chunk.py", at: 108, old: "        if self.closed:\n            raise ValueError(\"I/O operation on closed file\")", new: "        if self.closed:\n            raise ValueError(\"cannot seek in a closed chunk\")", ctx: [0, 0], anchor: "    def seek(self, pos, whence=0):" },
      { file: "chunk.py", at: 132, old: "        if self.closed:\n            raise ValueError(\"I/O operation on closed file\")", new: "        if self.closed:\n            raise ValueError(\"cannot read from a closed chunk\")", ctx: [0, 0], anchor: "    def read(self, size=-1):" }
    ],
    reverseHunks: true
  },
  {
    name: "tabs-udiff-gettext-code-nested", kind: "tabs-vs-spaces", format: "udiff", expect: "apply",
    why: "the mixed tab/space block of Debian's gettext.py, tabs expanded by the model, and a code line wrapped in a new if",
    files: { "gettext.py": "py:gettext.py" },
    edits: [{ file: "gettext.py", old: "                result.append(mofile)", new: "                if mofile not in result:\n                    result.append(mofile)", ctx: [3, 3] }],
    mangle: all(expandTabs)
  },
  {
    name: "unicode-sr-curly-and-dedented", kind: "lookalikes", format: "search-replace", expect: "apply",
    why: "curly quotes AND a block dedented by 4: two tolerances at once",
    files: { "encodings/zlib_codec.py": "py:encodings/zlib_codec.py" },
    edits: [{ file: "encodings/zlib_codec.py", old: "    def decode(self, input, errors='strict'):\n        return zlib_decode(input, errors)", new: "    def decode(self, input, errors='strict'):\n        if not input:\n            return (b'', 0)\n        return zlib_decode(input, errors)", ctx: [0, 0] }],
    mangle: { ctx: (l) => shift(-4)(curly(l)), del: (l) => shift(-4)(curly(l)), add: shift(-4) }
  },
  {
    name: "unicode-udiff-nbsp-indentation", kind: "lookalikes", format: "udiff", expect: "apply",
    why: "the context was pasted from a web page: its indentation is non-breaking spaces",
    files: { "lib/router/route.js": `${EXPRESS}/router/route.js` },
    edits: [{ file: "lib/router/route.js", old: "    methods.push('head');", new: "    methods.push('head'); // HEAD is served by GET" }],
    mangle: copied((l) => l.replace(/^ +/, (sp) => "\u00a0".repeat(sp.length)))
  },
  {
    name: "multi-plan-edit-move-edit", kind: "multi-file", format: "plan", expect: "apply",
    why: "an edit, a move of that file, then an edit of it at its new path",
    files: { "email/encoders.py": "py:email/encoders.py" },
    edits: [],
    raw: JSON.stringify({ ops: [
      { op: "edit", file: "email/encoders.py", old: "def encode_noop(msg):\n    \"\"\"Do nothing.\"\"\"", new: "def encode_noop(msg):\n    \"\"\"Leave the payload as it is.\"\"\"" },
      { op: "move", from: "email/encoders.py", to: "email/encoding/__init__.py" },
      { op: "edit", file: "email/encoding/__init__.py", old: "\"\"\"Encodings and related functions.\"\"\"", new: "\"\"\"Content-Transfer-Encoding helpers.\"\"\"" }
    ] }, null, 2) + "\n",
    rawAfter: { from: "email/encoders.py", to: "email/encoding/__init__.py", edits: [["def encode_noop(msg):\n    \"\"\"Do nothing.\"\"\"", "def encode_noop(msg):\n    \"\"\"Leave the payload as it is.\"\"\""], ["\"\"\"Encodings and related functions.\"\"\"", "\"\"\"Content-Transfer-Encoding helpers.\"\"\""]] }
  },
  {
    name: "multi-codex-move-into-new-dir", kind: "multi-file", format: "codex", expect: "apply",
    why: "Update File with Move to a directory that does not exist yet, plus an Add File beside it",
    files: { "source/templates.js": `${CHALK}/templates.js` },
    edits: [{ file: "source/templates.js", old: "const ESCAPES = new Map([", new: "const ESCAPES = new Map([ // JS escapes, as in string literals" }],
    moves: [{ from: "source/templates.js", to: "source/template/parse.js" }],
    adds: [{ file: "source/template/index.js", content: "'use strict';\nmodule.exports = require('./parse');\n" }]
  },
  {
    name: "order-udiff-bottom-up-line-hints", kind: "hunks-out-of-order", format: "udiff", expect: "apply",
    why: "hunks listed bottom-up with the original (right) line numbers, as tools that edit bottom-up write them; the upper hunk's lines also occur 8 lines lower, and the lower hunk adds 8 lines",
    files: { "tty.py": "py:tty.py" },
    edits: [
      { file: "tty.py", at: 26, old: "    mode[CC][VMIN] = 1", new: "    mode[CC][VMIN] = 0", ctx: [0, 2] },
      { file: "tty.py", at: 36, old: "    tcsetattr(fd, when, mode)", new: "    tcsetattr(fd, when, mode)\n\ndef setcooked(fd, when=TCSAFLUSH):\n    \"\"\"Put terminal back into canonical mode with echo.\"\"\"\n    mode = tcgetattr(fd)\n    mode[IFLAG] = mode[IFLAG] | ICRNL\n    mode[OFLAG] = mode[OFLAG] | OPOST\n    mode[LFLAG] = mode[LFLAG] | ECHO | ICANON\n    tcsetattr(fd, when, mode)", ctx: [2, 0] }
    ],
    reverseHunks: true
  },
  {
    name: "order-codex-bottom-up-number-headers", kind: "hunks-out-of-order", format: "codex", expect: "apply",
    why: "the same bottom-up change as a Codex patch whose hunks are headed by right '@@ -34,3 +34,11 @@'-style numbers",
    files: { "tty.py": "py:tty.py" },
    edits: [
      { file: "tty.py", at: 26, old: "    mode[CC][VMIN] = 1", new: "    mode[CC][VMIN] = 0", ctx: [0, 2], codexHeader: "-26,3 +26,3 @@" },
      { file: "tty.py", at: 36, old: "    tcsetattr(fd, when, mode)", new: "    tcsetattr(fd, when, mode)\n\ndef setcooked(fd, when=TCSAFLUSH):\n    \"\"\"Put terminal back into canonical mode with echo.\"\"\"\n    mode = tcgetattr(fd)\n    mode[IFLAG] = mode[IFLAG] | ICRNL\n    mode[OFLAG] = mode[OFLAG] | OPOST\n    mode[LFLAG] = mode[LFLAG] | ECHO | ICANON\n    tcsetattr(fd, when, mode)", ctx: [2, 0], codexHeader: "-34,3 +34,11 @@" }
    ],
    reverseHunks: true
  },
]
