import { SCRIPT_LANGUAGES } from "./fileFacts.js"

/**
 * The languages whose files can use a definition of this language by name (TS, TSX and JS use each
 * other's members; any other language only its own): a use known only by name in another language
 * is not one of its uses.
 */
export const languageFamily = (language: string): ReadonlyArray<string> => (SCRIPT_LANGUAGES.has(language) ? [...SCRIPT_LANGUAGES] : [language])

/** `AND <column> IN (…)` over a language family, with its parameters. */
export const inFamily = (column: string, language: string) => {
  const family = languageFamily(language)
  return { sql: `${column} IN (${family.map(() => "?").join(", ")})`, params: family }
}
