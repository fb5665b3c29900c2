/**
 * The form validator for a page whose policy the host knows.
 *
 * `@rjsf/validator-ajv8` compiles every schema with `new Function`; on a page
 * whose Content-Security-Policy lacks `'unsafe-eval'` that throws an
 * `EvalError`, rjsf reports it as a schema error and the form can never be
 * submitted. Elicitation schemas arrive at run time, so they cannot be
 * precompiled either. So a form without a `validator` prop runs
 * {@link noEvalValidator}, which works under any policy.
 *
 * The library never tries `new Function` to find out: under a strict policy
 * the attempt itself is a violation, and Firefox and Chromium file a CSP
 * report for it (and fire `securitypolicyviolation`), on every page load.
 * The host knows its policy and says so here.
 *
 * Importing `@rjsf/validator-ajv8` is safe on such a page: its module body
 * builds an Ajv instance (options, vocabularies, formats, the draft-07 meta
 * schema added WITHOUT being compiled) and generates no code; ajv calls
 * `new Function` only in `compile()`, i.e. on the first validation. (Checked
 * against @rjsf/validator-ajv8 6.11 / ajv 8.20 sources, and by `csp.test.ts`,
 * which imports it while `Function` throws.)
 */
import type { ValidatorType } from '@rjsf/utils'
import { customizeValidator } from '@rjsf/validator-ajv8'
import { fileKeyword } from './file-data-uri.js'
import { noEvalValidator } from './no-eval-validator.js'

let ajvWithFiles: ValidatorType | undefined

/** What the host knows about its page. */
export interface ValidatorChoice {
  /**
   * The page's Content-Security-Policy allows `'unsafe-eval'` (or it has
   * none): ajv8, which compiles each schema to code, may run.
   * @defaultValue false
   */
  unsafeEval?: boolean
}

/**
 * The validator for forms on this page: `@rjsf/validator-ajv8`'s with rjsf's
 * defaults plus SEP-2356's `x-mcp-file` keyword (`fileKeyword`) where the
 * host says code generation is allowed, else {@link noEvalValidator} (what a
 * form without a `validator` prop runs). Nothing is probed.
 *
 * @example <McpToolCall validator={chooseValidator({ unsafeEval: true })} … />
 */
export function chooseValidator(choice: ValidatorChoice = {}): ValidatorType {
  if (choice.unsafeEval !== true) return noEvalValidator as ValidatorType
  // Built on first use: creating it compiles nothing either.
  ajvWithFiles ??= customizeValidator({ extenderFn: (ajv) => ajv.addKeyword(fileKeyword) }) as ValidatorType
  return ajvWithFiles
}
