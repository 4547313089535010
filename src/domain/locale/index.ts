/** The catalogs by locale (one module each) and the choice of one. */
import type { Catalog } from "./catalog.js"
import { en } from "./en.js"
import type { Locale } from "./locale.js"
import { ptBR } from "./ptBR.js"

export const catalogs: { readonly [L in Locale]: Catalog } = { en, "pt-BR": ptBR }

export const catalogOf = (locale: Locale): Catalog => catalogs[locale]

/** A human text: as it is, or built from the catalog of the run's locale (only in human mode). */
export type Human = string | ((t: Catalog) => string)

export const humanText = (human: Human, t: Catalog): string => (typeof human === "function" ? human(t) : human)

export { type Catalog, en }
