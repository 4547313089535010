import * as Effect from "effect/Effect"
import * as Layer from "effect/Layer"
import { Validator, type ValidationInput, type Verdict } from "../../services/Validator.js"

/**
 * A Validator whose verdicts a test scripts, for command logic that does not depend on any real
 * parser or compiler (the real syntax gate is pure and runs in tests as it is).
 */
export const ValidatorScripted = (verdict: (input: ValidationInput) => Verdict): Layer.Layer<Validator> =>
  Layer.succeed(Validator, { validate: (input) => Effect.sync(() => verdict(input)) })
