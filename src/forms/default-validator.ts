/**
 * The form's default validator, the no-eval validator, loaded on demand.
 * Only a form without a `validator` prop asks for it, so a page that passes
 * its own (e.g. `@rjsf/validator-ajv8`, or `chooseValidator()`) never
 * downloads it: the `import()` makes it a chunk of its own. The chunk loads
 * once per page; a failed load is forgotten, so the next form tries again.
 *
 * It is the default on every page, with no `new Function` probe to pick
 * another: under a strict CSP such a probe is itself a violation, reported on
 * every load (csp.ts).
 */
import { useEffect, useState } from 'react'
import type { ValidatorType } from '@rjsf/utils'
import { loadOnce } from '../core/index.js'

let loadedValidator: ValidatorType | undefined

/** Loads the no-eval validator (once; again after a failure). */
export const loadDefaultValidator: () => Promise<ValidatorType> = loadOnce(() =>
  import('./no-eval-validator.js').then((module) => (loadedValidator = module.noEvalValidator as ValidatorType)),
)

/**
 * The validator a form runs: `given`, or else the default, which is
 * `undefined` while its chunk loads (the form waits for it before showing
 * fields, so nothing typed can be lost). A failed load is thrown while
 * rendering, for the card's error boundary: its fallback still declines and
 * skips.
 */
export function useFormValidator(given: ValidatorType | undefined): ValidatorType | undefined {
  const [loaded, setLoaded] = useState<{ validator?: ValidatorType | undefined; failure?: { error: unknown } }>(() => ({ validator: loadedValidator }))
  useEffect(() => {
    if (given !== undefined || loaded.validator || loaded.failure) return
    let live = true
    loadDefaultValidator().then(
      (validator) => live && setLoaded({ validator }),
      (error: unknown) => live && setLoaded({ failure: { error } }),
    )
    return () => {
      live = false
    }
  }, [given, loaded])
  const validator = given ?? loaded.validator
  if (validator === undefined && loaded.failure) throw loaded.failure.error
  return validator
}
