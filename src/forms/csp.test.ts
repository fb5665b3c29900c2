import { execFileSync } from 'node:child_process'
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import type { RJSFSchema } from '@rjsf/utils'
import { getDefaultFormState } from '@rjsf/utils'
import ajvValidator, { customizeValidator } from '@rjsf/validator-ajv8'
import { afterEach, describe, expect, test, vi } from 'vitest'
import { canEvaluateCode, chooseValidator, resetCodeEvaluationCheck } from './csp'
import { noEvalValidator } from './no-eval-validator'
import { toFormSchema } from './form-schema'

const EXAMPLES = join(import.meta.dirname, '../../test/fixtures/mcp-schema/2026-07-28/examples')
const contactRequest = JSON.parse(readFileSync(join(EXAMPLES, 'ElicitRequestFormParams/elicit-multiple-fields.json'), 'utf8'))
const contactAnswer = JSON.parse(readFileSync(join(EXAMPLES, 'ElicitResult/input-multiple-fields.json'), 'utf8')).content

/** What a page with `Content-Security-Policy: script-src 'self'` does to `new Function` / `Function()`. */
let generationAttempts = 0
function disableCodeGeneration() {
  vi.stubGlobal('Function', function Function() {
    generationAttempts++
    throw new EvalError('Refused to evaluate a string as JavaScript because \'unsafe-eval\' is not an allowed source of script')
  })
}

afterEach(() => {
  vi.unstubAllGlobals()
  vi.restoreAllMocks()
  resetCodeEvaluationCheck()
  generationAttempts = 0
})

describe('where code generation works', () => {
  test('ajv8 is chosen, or the ajv validator passed in', () => {
    resetCodeEvaluationCheck()
    expect(canEvaluateCode()).toBe(true)
    // rjsf's ajv validator with SEP-2356's x-mcp-file keyword added (file-inputs.test.ts checks it), built once.
    expect(chooseValidator()).not.toBe(noEvalValidator)
    expect(chooseValidator()).not.toBe(ajvValidator)
    expect(chooseValidator()).toBe(chooseValidator())
    const custom = customizeValidator({ ajvOptionsOverrides: { allErrors: true } })
    expect(chooseValidator(custom)).toBe(custom)
  })
})

describe('where a Content-Security-Policy forbids it', () => {
  test('the no-eval validator is chosen, and the form validates and can be accepted', () => {
    disableCodeGeneration()
    resetCodeEvaluationCheck()
    expect(canEvaluateCode()).toBe(false)
    const validator = chooseValidator()
    expect(validator).toBe(noEvalValidator)
    expect(chooseValidator(customizeValidator())).toBe(noEvalValidator)

    const { schema, uiSchema } = toFormSchema(contactRequest.requestedSchema)
    expect(validator.validateFormData(contactAnswer, schema, undefined, undefined, uiSchema)).toEqual({ errors: [], errorSchema: {} })
    const invalid = validator.validateFormData({ name: 'Mona', email: 'nope', age: 12 }, schema, undefined, undefined, uiSchema)
    expect(invalid.errors.map((error) => [error.property, error.message])).toEqual([
      ['.email', 'must match format "email"'],
      ['.age', 'must be >= 18'],
    ])
    expect(validator.isValid(schema, contactAnswer, schema)).toBe(true)
    expect(getDefaultFormState(validator, schema, undefined)).toEqual({})
    // Only the one detection attempt ever tried to generate code.
    expect(generationAttempts).toBe(1)
  })

  test('…where ajv8 cannot validate at all (why the fallback exists)', () => {
    disableCodeGeneration()
    vi.spyOn(console, 'error').mockImplementation(() => {})
    const fresh = customizeValidator()
    const schema: RJSFSchema = { type: 'object', properties: { a: { type: 'string', minLength: 3 } } }
    const result = fresh.validateFormData({ a: 'x' }, schema)
    expect(result.errors).toEqual([{ stack: expect.stringContaining('unsafe-eval') }])
    expect(noEvalValidator.validateFormData({ a: 'x' }, schema).errors.map((error) => error.message)).toEqual(['must NOT have fewer than 3 characters'])
  })

  test('the check runs once and is cached until reset', () => {
    disableCodeGeneration()
    resetCodeEvaluationCheck()
    expect(canEvaluateCode()).toBe(false)
    expect(canEvaluateCode()).toBe(false)
    chooseValidator()
    expect(generationAttempts).toBe(1)
    vi.unstubAllGlobals()
    expect(canEvaluateCode()).toBe(false)
    resetCodeEvaluationCheck()
    expect(canEvaluateCode()).toBe(true)
  })
})

test('importing @rjsf/validator-ajv8 generates no code (fresh process, Function disabled before the import)', () => {
  const script = `
    let calls = 0
    globalThis.Function = function () { calls++; throw new EvalError('blocked') }
    const module = await import('@rjsf/validator-ajv8')
    console.log(JSON.stringify({ calls, hasValidator: typeof module.default?.validateFormData === 'function' }))
  `
  const output = execFileSync(process.execPath, ['--input-type=module', '-e', script], { cwd: join(import.meta.dirname, '../..'), encoding: 'utf8' })
  expect(JSON.parse(output.trim())).toEqual({ calls: 0, hasValidator: true })
})
