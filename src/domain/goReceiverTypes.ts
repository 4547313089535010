/**
 * Completion of a Go method's receiver type (`func (s *Se|`): a method's receiver must be a defined
 * type of the method's own package (the spec: "its base type … must be defined in the same package
 * as the method"), so the candidates are the types of the files of that package: the same directory
 * and package clause; a non-test file's only from non-test files (a `_test.go` type is not in its
 * build), a test file's from its package's test files too. Never another package's, nor an interface.
 */

/** Whether the text before the position (on its line) is a method's receiver type being typed: `func (s *Se`, `func (Se`. */
export const atGoReceiverType = (before: string): boolean =>
  /^\s*func\s*\(\s*(?:[\p{L}_][\p{L}\p{Nd}_]*\s+)?\*?\s*[\p{L}\p{Nd}_]*$/u.test(before)

/** A Go file's package name (its package clause; comments before it skipped), if it has one. */
export const goPackageName = (text: string): string | undefined =>
  /^package\s+([\p{L}_][\p{L}\p{Nd}_]*)/mu.exec(text.replace(/\/\*[\s\S]*?\*\//g, (c) => c.replace(/[^\n]/g, " ")))?.[1]

const dirOf = (p: string) => p.slice(0, Math.max(0, p.lastIndexOf("/")))
const isTest = (p: string) => p.endsWith("_test.go")

/** Whether `other`'s types can be receivers of methods declared in `file` (both workspace paths, with package names). */
export const receiverFileFits = (file: { readonly path: string; readonly pkg: string | undefined }, other: { readonly path: string; readonly pkg: string | undefined }): boolean =>
  dirOf(other.path) === dirOf(file.path) && other.pkg !== undefined && other.pkg === file.pkg && (isTest(file.path) || !isTest(other.path))

/** Symbol kinds the graph gives Go types that can have methods (`struct`, a defined `type`; an interface cannot). */
export const RECEIVER_KINDS: ReadonlyArray<string> = ["struct", "type"]
