/**
 * Tells a no-eval validator from any other without importing it: the form
 * names the validator it runs on its root (`data-validator`), while the
 * no-eval validator itself loads on demand (`default-validator.ts`), so a
 * page that passes its own validator never downloads it. Every validator
 * `createNoEvalValidator()` makes carries this mark.
 */

// Symbol.for: a validator from another copy of the library still counts.
const NO_EVAL = Symbol.for('mcp-elicit.no-eval-validator')

/** Marks `validator` as one that compiles nothing (not enumerable, so it is no part of its shape). */
export function markNoEval<T extends object>(validator: T): T {
  Object.defineProperty(validator, NO_EVAL, { value: true })
  return validator
}

/** Whether `validator` was made by `createNoEvalValidator()`. */
export function isNoEvalValidator(validator: unknown): boolean {
  return typeof validator === 'object' && validator !== null && (validator as { [NO_EVAL]?: unknown })[NO_EVAL] === true
}
