// @vitest-environment jsdom
/**
 * A light rendering property: `ElicitationForm` with a random (often hostile)
 * `requestedSchema`, message, server info and URL renders its own card (not
 * the error fallback), never throws out of React, touches no prototype, and
 * still answers exactly once: Accept (when valid) or Cancel.
 */
import { cleanup, fireEvent, render, waitFor } from '@testing-library/react'
import ajvValidator from '@rjsf/validator-ajv8'
import fc from 'fast-check'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { ElicitationForm } from './ElicitationForm'
import { noEvalValidator } from './no-eval-validator'
import { SENTINEL, objectOf } from '../../test/support/prototype-guard'
import { record, wellFormedField } from '../../test/support/schema-arbitraries'

afterEach(cleanup)

const snapshot = () => [Object.prototype, Array.prototype].map((proto) => Reflect.ownKeys(proto).map(String).sort().join('\u0000'))


const name = fc.oneof(
  { weight: 2, arbitrary: fc.constantFrom('__proto__', 'constructor', 'toString', SENTINEL, 'a.b', 'a[0]', 'a/b', 'ui:widget', '', '名前', '🙂', '\u202Eevil', 'x'.repeat(500), '$ref', 'f0', 'properties') },
  { weight: 2, arbitrary: fc.string({ maxLength: 8 }) },
)
const { hostile } = fc.letrec<{ hostile: unknown }>((tie) => ({
  hostile: fc.oneof(
    { depthSize: 'small' },
    fc.jsonValue({ maxDepth: 1 }),
    fc.array(tie('hostile'), { maxLength: 3 }),
    fc.array(fc.tuple(fc.oneof(name, fc.constantFrom('toString', 'valueOf', 'toJSON')), tie('hostile')), { maxLength: 3 }).map(objectOf),
  ),
}))
const text = fc.oneof(fc.string({ maxLength: 10 }), name)
const options = fc.oneof({ weight: 3, arbitrary: fc.array(record({ const: text, title: fc.oneof(text, hostile) }), { minLength: 1, maxLength: 3 }) }, { weight: 1, arbitrary: hostile })
const enumValues = fc.oneof({ weight: 3, arbitrary: fc.array(text, { minLength: 1, maxLength: 3 }) }, { weight: 1, arbitrary: hostile })
const wellFormed = wellFormedField(text)
const field = fc.oneof(
  { weight: 6, arbitrary: wellFormed },
  {
    weight: 3,
    arbitrary: record({
      type: fc.oneof({ weight: 6, arbitrary: fc.constantFrom('string', 'number', 'integer', 'boolean', 'array') }, { weight: 1, arbitrary: hostile }),
      title: fc.oneof(text, hostile),
      description: fc.oneof(text, hostile),
      format: fc.constantFrom('email', 'uri', 'date', 'date-time', 'time'),
      enum: enumValues,
      enumNames: enumValues,
      oneOf: options,
      minLength: fc.oneof(fc.nat({ max: 5 }), hostile),
      maxLength: fc.oneof(fc.nat({ max: 50 }), hostile),
      minimum: fc.oneof(fc.integer({ min: -5, max: 5 }), hostile),
      maximum: fc.oneof(fc.integer({ min: 0, max: 100 }), hostile),
      minItems: fc.nat({ max: 3 }),
      maxItems: fc.nat({ max: 3 }),
      default: fc.oneof(text, fc.double(), fc.integer(), fc.boolean(), fc.array(text, { maxLength: 2 }), fc.constantFrom('2024-01-15', '2024-01-15T10:30:00Z', '2024-13-45'), hostile),
      items: fc.oneof(record({ type: fc.constant('string'), enum: enumValues, anyOf: options }), hostile),
    }),
  },
  { weight: 1, arbitrary: hostile },
)
const requestedSchema = fc.oneof(
  {
    weight: 6,
    arbitrary: fc
      .record(
        {
          type: fc.oneof({ weight: 6, arbitrary: fc.constant('object') }, { weight: 1, arbitrary: hostile }),
          properties: fc.oneof({ weight: 6, arbitrary: fc.array(fc.tuple(name, field), { minLength: 1, maxLength: 5 }).map(objectOf) }, { weight: 1, arbitrary: hostile }),
          required: fc.oneof(fc.array(fc.oneof(name, hostile), { maxLength: 3 }), hostile),
          anyOf: hostile,
        },
        { requiredKeys: ['properties'] },
      )
      .map((r) => objectOf(Object.entries(r))),
  },
  { weight: 1, arbitrary: hostile },
)
const server = fc.oneof(
  fc.constant(undefined),
  record({ name: fc.oneof(text, hostile), title: fc.oneof(text, hostile), version: fc.oneof(text, hostile) }),
  record({ name: text, version: text }),
  hostile,
)
const url = fc.oneof(fc.constant(undefined), fc.constantFrom('https://mcp.example:8443/mcp', 'http://[::1]:9/x', 'https://xn--80ak6aa92e.com/', 'not a url', 'javascript:alert(1)', ''), fc.webUrl(), fc.string({ maxLength: 10 }))
const validator = fc.constantFrom(ajvValidator, noEvalValidator, undefined)
const initialData = fc.option(fc.array(fc.tuple(name, hostile), { maxLength: 3 }).map(objectOf), { nil: undefined })

describe('ElicitationForm with hostile requests', () => {
  it('renders its own card, throws nothing out of React, and answers exactly once', async () => {
    const before = snapshot()
    await fc.assert(
      fc.asyncProperty(requestedSchema, fc.oneof(text, hostile), server, url, validator, initialData, async (schema, message, who, where, chosen, initial) => {
        const onRespond = vi.fn()
        const onError = vi.fn()
        try {
          const { container } = render(
            <ElicitationForm
              request={{ mode: 'form', message, requestedSchema: schema }}
              server={who as never}
              url={where}
              validator={chosen}
              initialData={initial}
              onRespond={onRespond}
              onError={onError}
              onDraft={() => {}}
            />,
          )
          // The card itself rendered: the error boundary's fallback is a safety net, not the normal path.
          if (onError.mock.calls.length > 0) throw new Error('the form fell back to its error card', { cause: onError.mock.calls[0]![0] })
          const card = container.querySelector<HTMLElement>('.mcp-elicit-form')
          expect(card).not.toBeNull()
          expect(card!.querySelector('.mcp-elicit-message')!.textContent).toBe(typeof message === 'string' ? message : '')

          // Without a validator, the fields (and their Accept) follow once the default one has loaded.
          const accept = await waitFor(() => {
            const button = card!.querySelector<HTMLButtonElement>('button[data-action="accept"]')
            expect(button).not.toBeNull()
            return button!
          })
          if (!accept.disabled) fireEvent.click(accept)
          expect(onRespond.mock.calls.length).toBeLessThanOrEqual(1)
          if (onRespond.mock.calls.length === 1) {
            const [answer] = onRespond.mock.calls[0]! as [{ action: string; content?: Record<string, unknown> }]
            expect(answer.action).toBe('accept')
            expect(Object.getPrototypeOf(answer.content)).toBe(Object.prototype)
            const given = typeof schema === 'object' && schema !== null && !Array.isArray(schema) ? (schema as { properties?: unknown }).properties : undefined
            for (const key of Object.keys(answer.content ?? {})) expect(typeof given === 'object' && given !== null && Object.hasOwn(given, key)).toBe(true)
          } else {
            const cancel = card!.querySelector<HTMLButtonElement>('button[data-action="cancel"]')
            expect(cancel).not.toBeNull()
            fireEvent.click(cancel!)
            expect(onRespond.mock.calls).toEqual([[{ action: 'cancel' }]])
          }
          // Answered: a second click changes nothing.
          fireEvent.keyDown(card!, { key: 'Escape' })
          expect(onRespond).toHaveBeenCalledTimes(1)
          if (onError.mock.calls.length > 0) throw new Error('the form fell back to its error card', { cause: onError.mock.calls[0]![0] })
          expect(({} as Record<string, unknown>)[SENTINEL]).toBeUndefined()
          expect(snapshot()).toEqual(before)
        } finally {
          cleanup()
        }
      }),
      { numRuns: 30 },
    )
  })
})
