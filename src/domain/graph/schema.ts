/** The code graph's schema and its migrations. A database records who made it and at which version. */

export const CREATOR = "splice"

/** bindings.id of `scope`: a reference the parser bound to a declaration of its own file. */
export const SCOPE_BINDING = 1

/**
 * refs.kind and refs.resolution as small integers (the position of the text here), the most common
 * first: SQLite stores 0 and 1 in the record header alone. Appending keeps older databases' codes.
 */
export const REF_KINDS = ["call", "read", "type", "import"] as const
export const RESOLUTIONS = ["exact", "name", "none"] as const
export const refKindCode = (kind: string): number => codeOf(REF_KINDS, kind, "reference kind")
export const resolutionCode = (how: string): number => codeOf(RESOLUTIONS, how, "resolution")
const codeOf = (texts: ReadonlyArray<string>, text: string, what: string) => {
  const i = texts.indexOf(text)
  if (i < 0) throw new Error(`unknown ${what} ${text}`)
  return i
}
/** SQL: a code column read back as its text (`CASE r.kind WHEN 0 THEN 'call' … END`). */
const decoded = (column: string, texts: ReadonlyArray<string>) => `CASE ${column} ${texts.map((t, i) => `WHEN ${i} THEN '${t}'`).join(" ")} END`
const encoded = (column: string, texts: ReadonlyArray<string>) => `CASE ${column} ${texts.map((t, i) => `WHEN '${t}' THEN ${i}`).join(" ")} END`
export const refKindText = (column: string) => decoded(column, REF_KINDS)
export const resolutionText = (column: string) => decoded(column, RESOLUTIONS)
/** SQL: the names.id of a text parameter, NULL when no reference uses that name (so `r.name_id = ${NAME_ID}` matches none). */
export const NAME_ID = "(SELECT id FROM names WHERE text = ?)"
/** The code of a call: refs_calls, the index `refs` reads callees through, holds calls only. */
export const CALL = REF_KINDS.indexOf("call")

/** Migrations in order; migration i brings a database from version i to i + 1. */
export const MIGRATIONS: ReadonlyArray<ReadonlyArray<string>> = [
  [
    "CREATE TABLE meta (key TEXT PRIMARY KEY, value TEXT NOT NULL)",
    "CREATE TABLE files (id INTEGER PRIMARY KEY, path TEXT NOT NULL UNIQUE, language TEXT NOT NULL, hash TEXT NOT NULL, size INTEGER NOT NULL, mtime REAL NOT NULL, indexed_at TEXT NOT NULL)",
    `CREATE TABLE symbols (id INTEGER PRIMARY KEY, file_id INTEGER NOT NULL, name TEXT NOT NULL, kind TEXT NOT NULL, container TEXT, qualified_name TEXT NOT NULL,
      signature TEXT NOT NULL, parameters TEXT, return_type TEXT, exported INTEGER NOT NULL,
      start_byte INTEGER NOT NULL, end_byte INTEGER NOT NULL, start_line INTEGER NOT NULL, start_col INTEGER NOT NULL, end_line INTEGER NOT NULL, end_col INTEGER NOT NULL)`,
    `CREATE TABLE refs (id INTEGER PRIMARY KEY, file_id INTEGER NOT NULL, name TEXT NOT NULL, kind TEXT NOT NULL, qualifier TEXT,
      start_byte INTEGER NOT NULL, end_byte INTEGER NOT NULL, line INTEGER NOT NULL, col INTEGER NOT NULL,
      enclosing_symbol_id INTEGER, symbol_id INTEGER, resolution TEXT NOT NULL)`,
    `CREATE TABLE imports (id INTEGER PRIMARY KEY, file_id INTEGER NOT NULL, module TEXT NOT NULL, line INTEGER NOT NULL,
      names TEXT NOT NULL, namespace TEXT, default_name TEXT, reexports TEXT NOT NULL, wildcard INTEGER NOT NULL, is_mod INTEGER NOT NULL,
      resolved_files TEXT NOT NULL)`,
    "CREATE INDEX symbols_name ON symbols(name)",
    "CREATE INDEX symbols_file ON symbols(file_id)",
    "CREATE INDEX refs_name ON refs(name)",
    "CREATE INDEX refs_file ON refs(file_id)",
    "CREATE INDEX refs_symbol ON refs(symbol_id)",
    "CREATE INDEX refs_enclosing ON refs(enclosing_symbol_id)",
    "CREATE INDEX imports_file ON imports(file_id)"
  ],
  [
    // Source files that cannot be indexed (binary, not UTF-8), so status can say why instead of
    // calling them "not yet indexed" forever, and a refresh does not read them again while unchanged.
    "CREATE TABLE skipped (path TEXT PRIMARY KEY, size INTEGER NOT NULL, mtime REAL NOT NULL, reason TEXT NOT NULL)"
  ],
  [
    // TS/JS facts come from TypeScript's parser with scopes resolved: a reference says how the parser
    // bound it (refs.binding, see bindingColumn), an overloaded function is one symbol with every
    // signature (symbols.overloads, JSON). The files indexed with tree-sitter's facts go, to be indexed again.
    "ALTER TABLE refs ADD COLUMN binding TEXT",
    "ALTER TABLE symbols ADD COLUMN overloads TEXT",
    "DELETE FROM symbols WHERE file_id IN (SELECT id FROM files WHERE language IN ('typescript', 'tsx', 'javascript'))",
    "DELETE FROM refs WHERE file_id IN (SELECT id FROM files WHERE language IN ('typescript', 'tsx', 'javascript'))",
    "DELETE FROM imports WHERE file_id IN (SELECT id FROM files WHERE language IN ('typescript', 'tsx', 'javascript'))",
    "DELETE FROM files WHERE language IN ('typescript', 'tsx', 'javascript')"
  ],
  [
    // A binding is said once (bindings.text) and referred to by id (refs.binding_id): the same
    // `export:./Effect.js` on tens of thousands of references was ~8% of the database. Id 1 is `scope`.
    "CREATE TABLE bindings (id INTEGER PRIMARY KEY, text TEXT NOT NULL UNIQUE)",
    `INSERT INTO bindings (id, text) VALUES (${SCOPE_BINDING}, 'scope')`,
    "INSERT INTO bindings (text) SELECT DISTINCT binding FROM refs WHERE binding IS NOT NULL AND binding != 'scope'",
    "ALTER TABLE refs ADD COLUMN binding_id INTEGER",
    "UPDATE refs SET binding_id = (SELECT id FROM bindings WHERE text = refs.binding) WHERE binding IS NOT NULL",
    "ALTER TABLE refs DROP COLUMN binding"
  ],
  [
    // References were ~70% of a database, and each said its name, its qualifier, its kind and its
    // resolution as text (CPython's standard library: 514,590 of them, 27,244 distinct names). Names
    // and qualifiers are said once (names.text) and referred to by id; kind and resolution are codes
    // (REF_KINDS, RESOLUTIONS). Callees are read by enclosing symbol among calls only, so that index
    // holds calls only; references are read by target only where they have one (half of CPython's
    // have none), so refs_symbol holds those. The table is rebuilt (SQLite cannot change a column's type in place).
    "CREATE TABLE names (id INTEGER PRIMARY KEY, text TEXT NOT NULL UNIQUE)",
    "INSERT INTO names (text) SELECT name FROM refs UNION SELECT qualifier FROM refs WHERE qualifier IS NOT NULL",
    `CREATE TABLE refs_v5 (id INTEGER PRIMARY KEY, file_id INTEGER NOT NULL, name_id INTEGER NOT NULL, kind INTEGER NOT NULL, qualifier_id INTEGER,
      start_byte INTEGER NOT NULL, end_byte INTEGER NOT NULL, line INTEGER NOT NULL, col INTEGER NOT NULL,
      enclosing_symbol_id INTEGER, symbol_id INTEGER, resolution INTEGER NOT NULL, binding_id INTEGER)`,
    `INSERT INTO refs_v5 SELECT r.id, r.file_id, n.id, ${encoded("r.kind", REF_KINDS)}, q.id, r.start_byte, r.end_byte, r.line, r.col,
      r.enclosing_symbol_id, r.symbol_id, ${encoded("r.resolution", RESOLUTIONS)}, r.binding_id
      FROM refs r JOIN names n ON n.text = r.name LEFT JOIN names q ON q.text = r.qualifier ORDER BY r.id`,
    "DROP TABLE refs",
    "ALTER TABLE refs_v5 RENAME TO refs",
    "CREATE INDEX refs_file ON refs(file_id)",
    "CREATE INDEX refs_name ON refs(name_id)",
    "CREATE INDEX refs_symbol ON refs(symbol_id) WHERE symbol_id IS NOT NULL",
    `CREATE INDEX refs_calls ON refs(enclosing_symbol_id) WHERE kind = ${CALL}`
  ],
  [
    // A TS/JS member call known only by name, with several methods of that name, was stored as a use of
    // one of them (the exported one: a .d.ts's declaration of the class), hidden from the others' refs
    // and dead-code. It is now a use by name of each (no target), as a new index stores it.
    `UPDATE refs SET symbol_id = NULL WHERE resolution = ${resolutionCode("name")} AND symbol_id IS NOT NULL
       AND binding_id = (SELECT id FROM bindings WHERE text = 'member')
       AND (SELECT count(*) FROM symbols s JOIN files f ON f.id = s.file_id
            WHERE s.name = (SELECT text FROM names WHERE id = refs.name_id) AND s.kind = 'method' AND f.language IN ('typescript', 'tsx', 'javascript')) > 1`
  ]
]

/**
 * Secondary indexes that a bulk load (a full index) drops and builds again once the rows are in:
 * keeping them up to date row by row costs more than building them at once, and leaves them sparser.
 * Those the load itself reads (refs_file, symbols_file, imports_file) stay. The statements are the
 * ones the migrations ran.
 */
export const DEFERRABLE_INDEXES: ReadonlyArray<{ readonly name: string; readonly create: string }> = [
  { name: "refs_name", create: "CREATE INDEX refs_name ON refs(name_id)" },
  { name: "refs_symbol", create: "CREATE INDEX refs_symbol ON refs(symbol_id) WHERE symbol_id IS NOT NULL" },
  { name: "refs_calls", create: `CREATE INDEX refs_calls ON refs(enclosing_symbol_id) WHERE kind = ${CALL}` }
]

export const SCHEMA_VERSION = MIGRATIONS.length

/**
 * What a file's facts are as this build extracts and resolves them. A database whose facts an older
 * build extracted (meta `facts` missing or another number) is indexed again in full by the next
 * refresh: else a fix to extraction would reach only the files changed since, and two files' facts
 * could disagree about the same code. Raise it whenever extraction or resolution changes what is stored.
 * 1: session 11 (the first recorded; Go range types, CommonJS exports, by-name calls with several candidates).
 * 2: Python attribute reads on a local of known type and on a call's result (`r.width`, `Rect().width`).
 * 3: Python bare names in a class's own body that are the class's members (`__add__ = fallbacks(_add)`).
 * 4: Go locals assigned a call's result (`r := NewReader(x)`), typed by what the function returns.
 * 5: TS/JS members as symbols (class fields, parameter properties, property signatures, type-literal
 *    members, enum members: kind "property", enum members "constant"), and members of typed values
 *    (`p.state` of `p: Props`, `new Box().size`, `({ state }: Props)`, `<C state={1} />`).
 * 6: Go struct fields as symbols (kind "property", `Box.Size`), their reads on values of known type
 *    (`b.Size` of `b Box` or `b := NewBox()`) and the keys of struct literals (`Box{Size: 2}`).
 * 7: Go anonymous structs' fields as symbols (`TestX.tests.name`), exact references for their
 *    literals' keys and reads through range variables; Go package-level variables' declared types.
 *    TS/JS members through destructuring (`const { a } = p`), casts (`(x as T).a`; `(x as any).a` no
 *    one's), `T | undefined`, literals a function returns under its declared result type; an export
 *    is its chain's top-level declaration before any member of the same name (`z.output`).
 * 8: Go keys of another package's struct literal (`box.Box{Size: 2}`, `[]box.Box{{Size: 4}}`) are
 *    that struct's fields.
 */
export const FACTS_VERSION = "8"

/** GraphDb.memo key set when opening migrated the database in memory: the next refresh saves it, else every process migrates again. */
export const MIGRATED = "schema:migrated"

/** The rollback journal's mode of every open graph database (layers/live/sqlDatabase.ts says why); a bulk refresh turns it off for its transaction. */
export const JOURNAL_MODE = "MEMORY"
