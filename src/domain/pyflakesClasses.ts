/**
 * How much each pyflakes message class matters, by the class pyflakes itself reports (never by
 * its wording). An error is a certain failure: a SyntaxError when the module is compiled, or an
 * exception every time the line runs (NameError, UnboundLocalError, TypeError/ValueError/KeyError
 * from a format string that cannot work). Everything else is a warning: it may be a bug, but the
 * code runs (unused names, star imports that hide what is defined, a literal compared with `is`).
 * A class this table does not know (a newer pyflakes) is a warning: splice never blocks an edit
 * on a finding whose meaning it cannot vouch for.
 */
import type { Severity } from "./diagnostics.js"

const ERROR_CLASSES: ReadonlySet<string> = new Set([
  // Syntax errors: the module does not compile.
  "SyntaxError",
  "DuplicateArgument",
  "ReturnOutsideFunction",
  "YieldOutsideFunction",
  "ContinueOutsideLoop",
  "BreakOutsideLoop",
  "ContinueInFinally", // reported only for Pythons where it is a SyntaxError
  "DefaultExceptNotLast",
  "TwoStarredExpressions",
  "TooManyExpressionsInStarredAssignment",
  "LateFutureImport",
  "FutureFeatureNotDefined",
  "ImportStarNotPermitted",
  // Certain exceptions when the line runs.
  "UndefinedName", // NameError
  "UndefinedLocal", // UnboundLocalError
  "UndefinedExport", // `from m import *` raises AttributeError
  "RaiseNotImplemented", // TypeError: exceptions must derive from BaseException
  "InvalidPrintSyntax", // TypeError: `print >> f`
  "StringDotFormatMissingArgument", // IndexError / KeyError
  "StringDotFormatMixingAutomatic", // ValueError
  "StringDotFormatInvalidFormat", // ValueError
  "PercentFormatInvalidFormat", // ValueError
  "PercentFormatMixedPositionalAndNamed", // TypeError
  "PercentFormatUnsupportedFormatCharacter", // ValueError
  "PercentFormatPositionalCountMismatch", // TypeError
  "PercentFormatMissingArgument", // KeyError
  "PercentFormatExpectedMapping", // TypeError
  "PercentFormatExpectedSequence", // TypeError
  "PercentFormatStarRequiresSequence" // TypeError
])

/**
 * Warnings, listed so that the table is the whole decision: ImportStarUsed, ImportStarUsage,
 * UnusedImport, UnusedVariable, UnusedAnnotation, RedefinedWhileUnused, ImportShadowedByLoopVar,
 * MultiValueRepeatedKeyLiteral, MultiValueRepeatedKeyVariable, IfTuple, AssertTuple, IsLiteral,
 * FStringMissingPlaceholders, StringDotFormatExtraPositionalArguments,
 * StringDotFormatExtraNamedArguments, PercentFormatExtraNamedArguments, ForwardAnnotationSyntaxError
 * (only fails when the annotation is evaluated), CommentAnnotationSyntaxError, DoctestSyntaxError.
 */
export const pyflakesSeverity = (messageClass: string): Severity => (ERROR_CLASSES.has(messageClass) ? "error" : "warning")
