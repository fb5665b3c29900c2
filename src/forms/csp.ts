/**
 * Picks the form validator the page can run.
 *
 * `@rjsf/validator-ajv8` compiles every schema with `new Function`; on a page
 * whose Content-Security-Policy lacks `'unsafe-eval'` that throws an
 * `EvalError`, rjsf reports it as a schema error and the form can never be
 * submitted. Elicitation schemas arrive at run time, so they cannot be
 * precompiled either. There, {@link noEvalValidator} is used instead.
 *
 * Importing `@rjsf/validator-ajv8` is safe on such a page: its module body
 * builds an Ajv instance (options, vocabularies, formats, the draft-07 meta
 * schema added WITHOUT being compiled) and generates no code; ajv calls
 * `new Function` only in `compile()`, i.e. on the first validation. (Checked
 * against @rjsf/validator-ajv8 6.11 / ajv 8.20 sources, and by `csp.test.ts`,
 * which imports it while `Function` throws.)
 */
import type { FormContextType, RJSFSchema, StrictRJSFSchema, ValidatorType } from '@rjsf/utils'
import { customizeValidator } from '@rjsf/validator-ajv8'
import { fileKeyword } from './file-data-uri.js'
import { noEvalValidator } from './no-eval-validator.js'

let ajvWithFiles: ValidatorType | undefined

let cached: boolean | undefined

/**
 * Whether the page allows code generation from strings (`new Function`).
 * Tried once and cached: under a CSP without `'unsafe-eval'` the attempt
 * throws an `EvalError` (and the browser files one CSP violation report).
 */
export function canEvaluateCode(): boolean {
  if (cached === undefined) {
    try {
      // The only code generation in this library, and the point of the check.
      cached = new Function('return 1')() === 1
    } catch {
      // EvalError (CSP), or TypeError / SecurityError from Trusted Types or a sandbox.
      cached = false
    }
  }
  return cached
}

/** Forgets the result of {@link canEvaluateCode} (for tests, or after a policy change). */
export function resetCodeEvaluationCheck(): void {
  cached = undefined
}

/**
 * The validator for this page: `preferred` (by default `@rjsf/validator-ajv8`'s
 * validator with rjsf's defaults, plus the SEP-2356 `x-mcp-file` keyword,
 * `fileKeyword`) where code generation works, {@link noEvalValidator}
 * where it does not.
 *
 * @param preferred - an ajv-based validator of your own (e.g. from
 *   `customizeValidator()`), used only when the page allows code generation
 * @example <Form validator={chooseValidator()} … />
 */
export function chooseValidator<T = any, S extends StrictRJSFSchema = RJSFSchema, F extends FormContextType = any>(
  preferred?: ValidatorType<T, S, F>,
): ValidatorType<T, S, F> {
  if (!canEvaluateCode()) return noEvalValidator as ValidatorType<T, S, F>
  // Built on first use, where code generation works: creating it compiles nothing either.
  ajvWithFiles ??= customizeValidator({ extenderFn: (ajv) => ajv.addKeyword(fileKeyword) }) as ValidatorType
  return preferred ?? (ajvWithFiles as unknown as ValidatorType<T, S, F>)
}
