/**
 * The form's default validator, `chooseValidator()` (`csp.ts`), loaded on
 * demand. Only a form without a `validator` prop asks for it, so a page that
 * passes its own (e.g. `@rjsf/validator-ajv8`) never downloads `csp.ts` and
 * the no-eval validator behind it: the `import()` makes them a chunk of their
 * own. The chunk loads once per page; a failed load is forgotten, so the next
 * form tries again.
 *
 * `chooseValidator()` itself is called per form, as before: it asks
 * `canEvaluateCode()`, so a page without `'unsafe-eval'` still gets the
 * no-eval validator.
 */
import { useEffect, useMemo, useState } from 'react'
import type { ValidatorType } from '@rjsf/utils'
import { loadOnce } from '../core/index.js'

type Choose = () => ValidatorType

let choose: Choose | undefined

/** Loads `chooseValidator` (once; again after a failure). */
export const loadChooseValidator: () => Promise<Choose> = loadOnce(() => import('./csp.js').then((module) => (choose = module.chooseValidator)))

/**
 * The validator a form runs: `given`, or else the page's default, which is
 * `undefined` while its chunk loads (the form waits for it before showing
 * fields, so nothing typed can be lost). A failed load is thrown while
 * rendering, for the card's error boundary: its fallback still declines and
 * skips.
 */
export function useFormValidator(given: ValidatorType | undefined): ValidatorType | undefined {
  const [loaded, setLoaded] = useState<{ choose?: Choose | undefined; failure?: { error: unknown } }>(() => ({ choose }))
  useEffect(() => {
    if (given !== undefined || loaded.choose || loaded.failure) return
    let live = true
    loadChooseValidator().then(
      (chooser) => live && setLoaded({ choose: chooser }),
      (error: unknown) => live && setLoaded({ failure: { error } }),
    )
    return () => {
      live = false
    }
  }, [given, loaded])
  const validator = useMemo(() => given ?? loaded.choose?.(), [given, loaded.choose])
  if (validator === undefined && loaded.failure) throw loaded.failure.error
  return validator
}
