import { execFileSync } from 'node:child_process'
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import type { RJSFSchema } from '@rjsf/utils'
import { getDefaultFormState } from '@rjsf/utils'
import ajvValidator, { customizeValidator } from '@rjsf/validator-ajv8'
import { afterEach, describe, expect, test, vi } from 'vitest'
import { chooseValidator } from './csp'
import { noEvalValidator } from './no-eval-validator'
import { toFormSchema } from './form-schema'

const EXAMPLES = join(import.meta.dirname, '../../test/fixtures/mcp-schema/2026-07-28/examples')
const contactRequest = JSON.parse(readFileSync(join(EXAMPLES, 'ElicitRequestFormParams/elicit-multiple-fields.json'), 'utf8'))
const contactAnswer = JSON.parse(readFileSync(join(EXAMPLES, 'ElicitResult/input-multiple-fields.json'), 'utf8')).content

/** What a page with `Content-Security-Policy: script-src 'self'` does to `new Function` / `Function()`; counts the attempts (each one a CSP report in a browser). */
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
  generationAttempts = 0
})

describe('the host says whether its page allows code generation; nothing is probed', () => {
  test('by default (a strict CSP, or the host does not say): the no-eval validator, which validates and accepts, with no attempt to generate code', () => {
    disableCodeGeneration()
    const validator = chooseValidator()
    expect(validator).toBe(noEvalValidator)
    expect(chooseValidator({ unsafeEval: false })).toBe(noEvalValidator)

    const { schema, uiSchema } = toFormSchema(contactRequest.requestedSchema)
    expect(validator.validateFormData(contactAnswer, schema, undefined, undefined, uiSchema)).toEqual({ errors: [], errorSchema: {} })
    const invalid = validator.validateFormData({ name: 'Mona', email: 'nope', age: 12 }, schema, undefined, undefined, uiSchema)
    expect(invalid.errors.map((error) => [error.property, error.message])).toEqual([
      ['.email', 'must match format "email"'],
      ['.age', 'must be >= 18'],
    ])
    expect(validator.isValid(schema, contactAnswer, schema)).toBe(true)
    expect(getDefaultFormState(validator, schema, undefined)).toEqual({})
    // Under a CSP without 'unsafe-eval' each attempt is a violation the browser reports: there is none.
    expect(generationAttempts).toBe(0)
  })

  test("with { unsafeEval: true }: ajv8 (with SEP-2356's x-mcp-file keyword, file-inputs.test.ts checks it), built once, and it compiles", () => {
    const validator = chooseValidator({ unsafeEval: true })
    expect(validator).not.toBe(noEvalValidator)
    expect(validator).not.toBe(ajvValidator)
    expect(chooseValidator({ unsafeEval: true })).toBe(validator)
    const schema: RJSFSchema = { type: 'object', properties: { a: { type: 'string', minLength: 3 } } }
    expect(validator.validateFormData({ a: 'x' }, schema).errors.map((error) => error.message)).toEqual(['must NOT have fewer than 3 characters'])
  })

  test('…where ajv8 cannot validate at all (why the default compiles nothing)', () => {
    disableCodeGeneration()
    vi.spyOn(console, 'error').mockImplementation(() => {})
    const fresh = customizeValidator()
    const schema: RJSFSchema = { type: 'object', properties: { a: { type: 'string', minLength: 3 } } }
    const result = fresh.validateFormData({ a: 'x' }, schema)
    expect(result.errors).toEqual([{ stack: expect.stringContaining('unsafe-eval') }])
    expect(noEvalValidator.validateFormData({ a: 'x' }, schema).errors.map((error) => error.message)).toEqual(['must NOT have fewer than 3 characters'])
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
