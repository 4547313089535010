/**
 * The part of TypeScript's compiler API that the code graph's facts (scriptFacts) and the syntax
 * check (typescriptParser.ts) use: its parser, its node tests and the enums they read. One list,
 * read by scripts/build.mjs to derive `grammars/typescript-parser.cjs` (lib/typescript.js tree-shaken
 * down to these exports, see scripts/typescriptParserBundle.mjs) and by the compiler, which refuses
 * a use outside it where the small parser is given (`ParserApi`). A name added here is in the next
 * build's parser bundle; the LanguageService paths (rename, complete) use the whole TypeScript.
 */
import type * as TS from "typescript-parser"

export const PARSER_API = [
  "version",
  // parsing: from scratch and incremental
  "createSourceFile",
  "updateSourceFile",
  "createTextSpan",
  "createTextChangeRange",
  // a JavaScript file's errors are ordered as a program orders them (with getJSSyntacticDiagnosticsForFile below)
  "sortAndDeduplicateDiagnostics",
  "ScriptTarget",
  "ScriptKind",
  "JSDocParsingMode",
  // reading the tree
  "SyntaxKind",
  "NodeFlags",
  "forEachChild",
  "canHaveDecorators",
  "canHaveModifiers",
  "getDecorators",
  "getModifiers",
  "getNameOfDeclaration",
  "isArrowFunction",
  "isAsExpression",
  "isBinaryExpression",
  "isBlock",
  "isCallExpression",
  "isCallSignatureDeclaration",
  "isClassDeclaration",
  "isClassExpression",
  "isClassStaticBlockDeclaration",
  "isComputedPropertyName",
  "isConstructSignatureDeclaration",
  "isConstructorDeclaration",
  "isEnumDeclaration",
  "isExpressionStatement",
  "isExternalModuleReference",
  "isFunctionDeclaration",
  "isFunctionExpression",
  "isGetAccessor",
  "isIdentifier",
  "isImportDeclaration",
  "isImportEqualsDeclaration",
  "isIndexSignatureDeclaration",
  "isInferTypeNode",
  "isInterfaceDeclaration",
  "isIntersectionTypeNode",
  "isJsxAttribute",
  "isJsxClosingElement",
  "isJsxNamespacedName",
  "isMethodDeclaration",
  "isMethodSignature",
  "isModuleBlock",
  "isModuleDeclaration",
  "isNamedExports",
  "isNamespaceExport",
  "isNamespaceImport",
  "isNewExpression",
  "isObjectBindingPattern",
  "isObjectLiteralExpression",
  "isOmittedExpression",
  "isParenthesizedExpression",
  "isPrivateIdentifier",
  "isPropertyAccessExpression",
  "isPropertyAssignment",
  "isPropertyDeclaration",
  "isPropertySignature",
  "isQualifiedName",
  "isSatisfiesExpression",
  "isSetAccessor",
  "isShorthandPropertyAssignment",
  "isStringLiteral",
  "isStringLiteralLike",
  "isTypeAliasDeclaration",
  "isTypeAssertionExpression",
  "isTypeLiteralNode",
  "isTypeReferenceNode",
  "isVariableDeclarationList",
  "isVariableStatement"
] as const

/**
 * Not public in TypeScript: a JavaScript file's errors for TypeScript-only syntax (`x: number`,
 * `interface`), which a program adds to its parse's (`program.getSyntacticDiagnostics`). The build
 * lifts it out of createProgram, which needs the whole compiler.
 */
export const LIFTED_API = ["getJSSyntacticDiagnosticsForFile"] as const

/** The tree's part of the parser: TypeScript's own types for these names (the whole TypeScript is one too). */
export type TreeApi = Pick<typeof TS, (typeof PARSER_API)[number]>

/** What the parser bundle exports. */
export type ParserApi = TreeApi & {
  readonly getJSSyntacticDiagnosticsForFile: (sf: TS.SourceFile) => ReadonlyArray<TS.DiagnosticWithLocation>
}
