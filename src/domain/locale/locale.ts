/**
 * Which language human-mode output speaks: `--locale`, else SPLICE_LOCALE, else the OS locale
 * (LC_ALL, then LC_MESSAGES, then LANG, as POSIX orders them), else English. NDJSON and MCP
 * results are never translated: codes, keys, `message` and `hint` stay English for programs.
 */

export const LOCALES = ["en", "pt-BR"] as const
export type Locale = (typeof LOCALES)[number]

/**
 * The supported locale a tag names, or undefined. Takes BCP 47 (`pt-BR`) and POSIX
 * (`pt_BR.UTF-8`, `pt_BR@euro`) spellings in any case; a language alone picks our variant of it
 * (`pt` and `pt_PT` are Brazilian Portuguese, the only Portuguese there is); `C` and `POSIX` are English.
 */
export const localeOfTag = (tag: string): Locale | undefined => {
  const bare = tag.trim().replace(/[.@].*$/, "")
  if (bare === "C" || bare === "POSIX") return "en"
  const language = /^([A-Za-z]{2,3})(?:[-_][A-Za-z0-9]{1,8})*$/.exec(bare)?.[1]?.toLowerCase()
  if (language === "en") return "en"
  if (language === "pt") return "pt-BR"
  return undefined
}

/** The environment variables that choose the locale, in the order they count. */
export const LOCALE_VARIABLES = ["SPLICE_LOCALE", "LC_ALL", "LC_MESSAGES", "LANG"] as const

export type LocaleEnvironment = Readonly<Record<string, string | undefined>>

/**
 * The locale of a run. The flag must name a supported locale (undefined result: the caller reports
 * a usage error); the environment never fails: the first variable that is set and not empty decides,
 * and what it names falls back to English when splice does not speak it (as gettext does). With no
 * variable set, `system` (the runtime's Intl locale: on Windows and macOS the user's setting) decides.
 */
export const resolveLocale = (
  flag: string | undefined,
  env: LocaleEnvironment,
  system?: string | (() => string)
): { readonly locale: Locale } | { readonly invalid: string } => {
  if (flag !== undefined) {
    const chosen = localeOfTag(flag)
    return chosen === undefined ? { invalid: flag } : { locale: chosen }
  }
  for (const name of LOCALE_VARIABLES) {
    const value = env[name]
    if (value !== undefined && value.trim() !== "") return { locale: localeOfTag(value) ?? "en" }
  }
  const fallback = typeof system === "function" ? system() : system
  return { locale: fallback !== undefined ? localeOfTag(fallback) ?? "en" : "en" }
}

/**
 * `--locale X` / `--locale=X` taken out of a command line, wherever it is before `--` (it is a global
 * flag: `splice --locale pt-BR edit …` and `splice edit … --locale pt-BR` mean the same). A word
 * that is another flag's value is not a flag (`valueFlags` of the command).
 */
export const takeLocaleFlag = (args: ReadonlyArray<string>, takesValue: ReadonlySet<string>): { readonly flag: string | undefined; readonly args: ReadonlyArray<string> } => {
  const rest: string[] = []
  let flag: string | undefined
  for (let i = 0; i < args.length; i++) {
    const a = args[i]!
    if (a === "--") {
      rest.push(...args.slice(i))
      break
    }
    if (a === "--locale") {
      flag = args[i + 1] ?? ""
      i++
    } else if (a.startsWith("--locale=")) flag = a.slice("--locale=".length)
    else {
      rest.push(a)
      if (takesValue.has(a) && i + 1 < args.length) rest.push(args[++i]!)
    }
  }
  return { flag, args: rest }
}
