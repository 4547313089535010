/**
 * The string literals that name a property as a key of its type: `Pick<Item, 'lane'>`,
 * `Omit<Item, 'lane'>`, `Exclude<keyof Item, 'lane'>`, `const k: keyof Item = 'lane'`,
 * `pluck(item, 'lane')` of `pluck<T, K extends keyof T>(o: T, k: K)`, `k === 'lane'` of a
 * `k: keyof Item`. TypeScript's rename leaves them (microsoft/TypeScript#30263: "working as
 * intended"), so renaming the property breaks the program (Pick, keyof) or silently changes a type
 * (Omit now keeps the renamed property). Each literal is kept only when its owner type's property of
 * that name is declared at one of the places the rename renames: a literal of the same text that
 * keys another type, or no type, is left.
 */
import type * as TS from "typescript-parser"

export interface KeyLiteral {
  /** "/" + workspace path, as the LanguageService names files. */
  readonly fileName: string
  /** UTF-16 offset of the name inside the quotes. */
  readonly start: number
}

/** `keyof X` (through parentheses): X's node. */
const keyofOperand = (ts: typeof TS, node: TS.TypeNode): TS.TypeNode | undefined => {
  while (ts.isParenthesizedTypeNode(node)) node = node.type
  return ts.isTypeOperatorNode(node) && node.operator === ts.SyntaxKind.KeyOfKeyword ? node.type : undefined
}

/** The index of the type parameter a type node names (`T` of `<T, K extends keyof T>`), or -1. */
const parameterIndex = (ts: typeof TS, node: TS.TypeNode | undefined, params: ReadonlyArray<TS.TypeParameterDeclaration>) =>
  node !== undefined && ts.isTypeReferenceNode(node) && ts.isIdentifier(node.typeName) && node.typeArguments === undefined
    ? params.findIndex((p) => p.name.text === (node.typeName as TS.Identifier).text)
    : -1

/**
 * Of a generic declaration, the type parameter whose keys the `index`th one is: its constraint is
 * `keyof T` (Pick), or the body pairs it with `keyof T` in one type reference (Omit's
 * `Exclude<keyof T, K>`). -1 when none.
 */
const keyedParameter = (ts: typeof TS, decl: TS.Declaration & { readonly typeParameters?: TS.NodeArray<TS.TypeParameterDeclaration> | undefined }, index: number): number => {
  const params = decl.typeParameters ?? []
  const param = params[index]
  if (param === undefined) return -1
  const constraint = param.constraint === undefined ? undefined : keyofOperand(ts, param.constraint)
  const direct = parameterIndex(ts, constraint, params)
  if (direct !== -1) return direct
  let found = -1
  const visit = (n: TS.Node): void => {
    if (found !== -1) return
    if (ts.isTypeReferenceNode(n) && n.typeArguments !== undefined && n.typeArguments.some((a) => parameterIndex(ts, a, params) === index)) {
      for (const a of n.typeArguments) {
        const operand = keyofOperand(ts, a)
        const owner = parameterIndex(ts, operand, params)
        if (owner !== -1 && owner !== index) {
          found = owner
          return
        }
      }
    }
    ts.forEachChild(n, visit)
  }
  if (ts.isTypeAliasDeclaration(decl)) visit(decl.type)
  return found
}

/** The owner types a key type stands for: `keyof X` (kept by TypeScript as a union's origin) → X. */
const ownersOfKeyType = (ts: typeof TS, checker: TS.TypeChecker, type: TS.Type | undefined, depth = 0): TS.Type[] => {
  if (type === undefined || depth > 8) return []
  if (type.flags & ts.TypeFlags.Index) return [(type as TS.IndexType).type]
  // `origin` is internal: the `keyof Item` a union of literal keys was made from (what quick info shows).
  const origin = (type as TS.Type & { origin?: TS.Type }).origin
  if (origin !== undefined) return ownersOfKeyType(ts, checker, origin, depth + 1)
  if (type.flags & ts.TypeFlags.Union) return (type as TS.UnionType).types.flatMap((t) => ownersOfKeyType(ts, checker, t, depth + 1))
  if (type.flags & ts.TypeFlags.TypeParameter) return ownersOfKeyType(ts, checker, checker.getBaseConstraintOfType(type), depth + 1)
  return []
}

/** A declaration's generic parameters, through an import alias. */
const genericDeclaration = (ts: typeof TS, checker: TS.TypeChecker, name: TS.Node) => {
  let symbol = checker.getSymbolAtLocation(name)
  if (symbol !== undefined && symbol.flags & ts.SymbolFlags.Alias) symbol = checker.getAliasedSymbol(symbol)
  return symbol?.declarations?.find((d) => "typeParameters" in d && (d as { typeParameters?: unknown }).typeParameters !== undefined) as
    | (TS.Declaration & { readonly typeParameters?: TS.NodeArray<TS.TypeParameterDeclaration> | undefined })
    | undefined
}

/** The types whose key a string literal is, by where it stands. */
const ownersOf = (ts: typeof TS, checker: TS.TypeChecker, literal: TS.StringLiteral | TS.NoSubstitutionTemplateLiteral): TS.Type[] => {
  if (ts.isLiteralTypeNode(literal.parent)) {
    // In a type: up through unions and parentheses (`Pick<Item, 'a' | 'lane'>`).
    let node: TS.Node = literal.parent
    while (ts.isUnionTypeNode(node.parent) || ts.isParenthesizedTypeNode(node.parent)) node = node.parent
    const holder = node.parent
    if (ts.isIndexedAccessTypeNode(holder) && holder.indexType === node) return [checker.getTypeFromTypeNode(holder.objectType)]
    if (!(ts.isTypeReferenceNode(holder) || ts.isExpressionWithTypeArguments(holder)) || holder.typeArguments === undefined) return []
    const args = holder.typeArguments
    const index = args.indexOf(node as TS.TypeNode)
    if (index === -1) return []
    const decl = genericDeclaration(ts, checker, ts.isTypeReferenceNode(holder) ? holder.typeName : holder.expression)
    const owner = decl === undefined ? -1 : keyedParameter(ts, decl, index)
    if (owner !== -1 && args[owner] !== undefined) return [checker.getTypeFromTypeNode(args[owner])]
    // `Exclude<keyof Item, 'lane'>`, `Extract<…>`: the key set it filters is written beside it.
    return args.flatMap((a, i) => {
      const operand = i === index ? undefined : keyofOperand(ts, a)
      return operand === undefined ? [] : [checker.getTypeFromTypeNode(operand)]
    })
  }
  // In an expression: its contextual type (`const k: keyof Item = 'lane'`, `['lane']` of `Array<keyof Item>`).
  const contextual = ownersOfKeyType(ts, checker, checker.getContextualType(literal))
  if (contextual.length > 0) return contextual
  const parent = literal.parent
  // `const k: keyof Box = 'size'` where Box has that one key: the contextual type is the literal itself.
  if ((ts.isVariableDeclaration(parent) || ts.isParameter(parent) || ts.isPropertyDeclaration(parent)) && parent.initializer === literal && parent.type !== undefined) {
    const operand = keyofOperand(ts, parent.type)
    if (operand !== undefined) return [checker.getTypeFromTypeNode(operand)]
  }
  // `k === 'lane'` of a `k: keyof Item`; `case 'lane':` of a `switch (k)`. A variable's declared
  // type: narrowed (past `case 'lane': return`), it may no longer say whose keys it holds.
  const typeOf = (e: TS.Expression) => {
    const symbol = ts.isIdentifier(e) ? checker.getSymbolAtLocation(e) : undefined
    return symbol !== undefined && symbol.flags & ts.SymbolFlags.Variable ? checker.getTypeOfSymbol(symbol) : checker.getTypeAtLocation(e)
  }
  if (ts.isBinaryExpression(parent) && [ts.SyntaxKind.EqualsEqualsEqualsToken, ts.SyntaxKind.ExclamationEqualsEqualsToken, ts.SyntaxKind.EqualsEqualsToken, ts.SyntaxKind.ExclamationEqualsToken].includes(parent.operatorToken.kind)) {
    return ownersOfKeyType(ts, checker, typeOf(parent.left === literal ? parent.right : parent.left))
  }
  if (ts.isCaseClause(parent) && parent.expression === literal) return ownersOfKeyType(ts, checker, typeOf(parent.parent.parent.expression))
  // An argument of a generic call whose parameter's type is `K extends keyof T`: T as the call has it.
  if ((ts.isCallExpression(parent) || ts.isNewExpression(parent)) && parent.arguments !== undefined) {
    const at = parent.arguments.indexOf(literal)
    const signature = at === -1 ? undefined : checker.getResolvedSignature(parent)
    const decl = signature?.declaration
    if (decl === undefined || ts.isJSDocSignature(decl) || decl.typeParameters === undefined) return []
    const params = decl.typeParameters
    const k = parameterIndex(ts, decl.parameters[at]?.type, params)
    const t = k === -1 ? -1 : keyedParameter(ts, decl, k)
    if (t === -1) return []
    // The parameter typed by T (`o: T`), as this call instantiates it.
    const j = decl.parameters.findIndex((p) => parameterIndex(ts, p.type, params) === t)
    const symbol = j === -1 ? undefined : signature!.parameters[j]
    return symbol === undefined ? [] : [checker.getTypeOfSymbolAtLocation(symbol, parent)]
  }
  return []
}

/**
 * Every string literal spelled `name` in these source files that keys a type whose property `name`
 * is declared at one of `renamed` ("/" + path + ":" + UTF-16 start of the declaration's name).
 */
export const keyLiterals = (ts: typeof TS, program: TS.Program, files: ReadonlyArray<string>, name: string, renamed: ReadonlySet<string>): KeyLiteral[] => {
  const checker = program.getTypeChecker()
  const out: KeyLiteral[] = []
  const quoted = [`'${name}'`, `"${name}"`, `\`${name}\``]
  const renamedProperty = (owner: TS.Type) => {
    const property = checker.getPropertyOfType(checker.getApparentType(owner), name)
    return property?.declarations?.some((d) => {
      const n = ts.getNameOfDeclaration(d)
      return n !== undefined && renamed.has(`${d.getSourceFile().fileName}:${n.getStart()}`)
    }) === true
  }
  for (const fileName of files) {
    const source = program.getSourceFile(fileName)
    if (source === undefined || !quoted.some((q) => source.text.includes(q))) continue
    const visit = (n: TS.Node): void => {
      if ((ts.isStringLiteral(n) || ts.isNoSubstitutionTemplateLiteral(n)) && n.text === name) {
        const start = n.getStart() + 1
        // Only a literal written as the name itself (no escapes), whose owner has the renamed property.
        if (source.text.slice(start, start + name.length + 1) === name + source.text[n.getStart()] && ownersOf(ts, checker, n).some(renamedProperty)) out.push({ fileName, start })
        return
      }
      ts.forEachChild(n, visit)
    }
    visit(source)
  }
  return out
}
