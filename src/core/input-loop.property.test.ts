/**
 * Property tests of the MRTR round loop against a server that answers
 * anything: whatever the results, `runInputLoop` ends in a complete result or
 * a typed `McpError` after at most `maxRounds + 1` sends, and every retry is
 * the original params plus exactly the asked keys' answers and the
 * `requestState` just received, byte for byte.
 */
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import {
  McpError,
  McpInputRoundsExceededError,
  McpResponseFormatError,
  McpUnsupportedResultError,
} from './errors'
import { runInputLoop, type InputLoopEvent } from './input-loop'
import type { InputRequests, InputResponses, JsonObject, McpResult } from './types'
import { SENTINEL, guardPrototypes, objectOf } from '../../test/support/prototype-guard'

const expectClean = guardPrototypes()

const hostileKey = fc.oneof(
  { weight: 2, arbitrary: fc.constantFrom('__proto__', 'constructor', 'prototype', 'toString', 'valueOf', 'hasOwnProperty', SENTINEL, 'inputResponses', 'requestState', 'resultType', 'then', '0', '') },
  { weight: 1, arbitrary: fc.string({ maxLength: 6 }) },
)
const { hostile } = fc.letrec<{ hostile: unknown }>((tie) => ({
  hostile: fc.oneof(
    { depthSize: 'small' },
    fc.jsonValue({ maxDepth: 1 }),
    fc.array(tie('hostile'), { maxLength: 3 }),
    fc.array(fc.tuple(hostileKey, tie('hostile')), { maxLength: 4 }).map(objectOf),
  ),
}))

const stateString = fc.oneof(
  fc.string({ unit: 'binary', maxLength: 30 }),
  fc.constantFrom('', ' ', '  eyJ4Ijoi\u00e9\u4e16"}\n ==  ', '\u0000', '\uFEFFbom', '\ud800', 'a'.repeat(5000)),
)
const inputRequestsArb = fc.oneof(
  fc.dictionary(hostileKey, fc.record({ method: fc.constantFrom('elicitation/create', 'sampling/createMessage', 'roots/list'), params: fc.constant({}) }), { maxKeys: 3 }).map((d) => objectOf(Object.entries(d))),
  fc.array(fc.tuple(hostileKey, hostile), { maxLength: 3 }).map(objectOf),
  fc.array(hostile, { maxLength: 3 }),
  fc.constant(null),
  fc.constant({}),
  hostile,
)
const resultArb: fc.Arbitrary<McpResult> = fc
  .record(
    {
      resultType: fc.oneof(
        { weight: 6, arbitrary: fc.constant('input_required') },
        { weight: 2, arbitrary: fc.constant('complete') },
        { weight: 1, arbitrary: fc.constantFrom('task', 'INPUT_REQUIRED', 'input_required ', '', '__proto__', 'toString') },
        { weight: 1, arbitrary: hostile },
      ),
      inputRequests: inputRequestsArb,
      requestState: fc.oneof({ weight: 3, arbitrary: stateString }, { weight: 1, arbitrary: hostile }),
      content: hostile,
      extra: hostile,
    },
    { requiredKeys: [] },
  )
  .map((record) => objectOf(Object.entries(record)) as McpResult)

/** Original params: any object without the two keys a retry adds. */
const paramsArb = fc
  .array(fc.tuple(hostileKey.filter((k) => k !== 'inputResponses' && k !== 'requestState'), hostile), { maxLength: 4 })
  .map((entries) => objectOf(entries) as JsonObject)

/** `inputRequests` as the loop reads it: an object map; a list, null or anything else asks nothing. */
function asked(result: McpResult): Record<string, unknown> {
  const value: unknown = result.inputRequests
  return typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Record<string, unknown>) : {}
}

type Outcome =
  | { kind: 'complete'; at: number }
  | { kind: 'error'; type: abstract new (...args: never[]) => McpError; at: number }

/** The loop's contract, read from the results alone. `at` is the index of the last result sent for. */
function model(results: McpResult[], maxRounds: number): Outcome {
  let rounds = 0
  for (let at = 0; ; at++) {
    const result = results[at]!
    const type: unknown = result.resultType
    if (type !== 'input_required') {
      return type === undefined || type === 'complete' ? { kind: 'complete', at } : { kind: 'error', type: McpUnsupportedResultError, at }
    }
    rounds += 1
    if (rounds > maxRounds) return { kind: 'error', type: McpInputRoundsExceededError, at }
    const requests = asked(result)
    // Each input request must be an object naming its method; anything else could be neither shown nor answered.
    if (Object.values(requests).some((input) => typeof input !== 'object' || input === null || typeof (input as { method?: unknown }).method !== 'string')) {
      return { kind: 'error', type: McpResponseFormatError, at }
    }
    if (Object.keys(requests).length === 0 && typeof result.requestState !== 'string') return { kind: 'error', type: McpResponseFormatError, at }
  }
}

/** The params of the retry after `result`: the original plus the asked keys' answers and the state given. */
function expectedRetry(original: JsonObject, result: McpResult, answer: (key: string) => unknown): JsonObject {
  const params: JsonObject = objectOf(Object.entries(original))
  const requests = asked(result)
  const keys = Object.keys(requests)
  if (keys.length > 0) params.inputResponses = objectOf(keys.map((key) => [key, answer(key)]))
  if (typeof result.requestState === 'string') params.requestState = result.requestState
  return params
}

const answerFor = (key: string) => ({ action: 'accept', content: { key } })

describe('runInputLoop against arbitrary results', () => {
  it('ends in a complete result or the typed error the results call for, within maxRounds + 1 sends, retries built from the original params only', async () => {
    await fc.assert(
      fc.asyncProperty(
        paramsArb,
        fc.array(resultArb, { minLength: 8, maxLength: 8 }),
        fc.integer({ min: 0, max: 6 }),
        fc.array(fc.tuple(hostileKey, hostile), { maxLength: 2 }),
        async (params, scripted, maxRounds, extraAnswers) => {
          // Enough results for every round the cap allows, then a plain complete one.
          const results: McpResult[] = [...scripted.slice(0, maxRounds + 1), ...Array.from({ length: Math.max(0, maxRounds + 1 - scripted.length) }, () => ({ resultType: 'complete' }))]
          results.push({ resultType: 'complete' })
          const original = structuredClone(params)
          const request = { method: 'tools/call' as const, params }
          const sent: JsonObject[] = []
          const fulfilled: string[][] = []
          const events: InputLoopEvent[] = []
          const send = async (p: JsonObject) => {
            sent.push(p)
            const next = results[sent.length - 1]
            if (next === undefined) throw new Error('sent more often than there were results')
            return next
          }
          const fulfil = async (requests: InputRequests): Promise<InputResponses> => {
            fulfilled.push(Object.keys(requests))
            // Every key asked, plus keys never asked that must not be sent.
            return objectOf([...extraAnswers, ...Object.keys(requests).map((key): [string, unknown] => [key, answerFor(key)])]) as InputResponses
          }
          let outcome: { value?: McpResult; error?: unknown }
          try {
            outcome = { value: await runInputLoop({ request, send, fulfil, maxRounds, onEvent: (e) => events.push(e) }) }
          } catch (error) {
            outcome = { error }
          }

          const expected = model(results, maxRounds)
          expect(sent.length).toBeLessThanOrEqual(maxRounds + 1)
          expect(sent.length).toBe(expected.at + 1)
          if (expected.kind === 'complete') {
            expect(outcome.error).toBeUndefined()
            expect(outcome.value).toBe(results[expected.at])
            expect(events.at(-1)).toEqual({ type: 'complete', result: results[expected.at], rounds: expected.at })
          } else {
            expect(outcome.error).toBeInstanceOf(McpError)
            expect(outcome.error).toBeInstanceOf(expected.type)
            expect((outcome.error as McpError).method).toBe('tools/call')
            if (outcome.error instanceof McpInputRoundsExceededError) {
              expect(outcome.error.rounds).toBe(maxRounds)
              expect(outcome.error.lastResult).toBe(results[expected.at])
            }
            expect(events.some((e) => e.type === 'complete')).toBe(false)
          }

          // The first send is the original params; each retry is rebuilt from them.
          expect(sent[0]).toEqual(original)
          for (let i = 1; i < sent.length; i++) {
            const retry = sent[i]!
            const wanted = expectedRetry(original, results[i - 1]!, answerFor)
            // toEqual plus exact key sets (toStrictEqual would compare an own `constructor` key as the class).
            expect(retry).toEqual(wanted)
            expect(Object.keys(retry).sort()).toEqual(Object.keys(wanted).sort())
            if (Object.hasOwn(wanted, 'inputResponses')) expect(Object.keys(retry.inputResponses as object).sort()).toEqual(Object.keys(wanted.inputResponses as object).sort())
            // requestState: byte-exact when given, absent when the previous result gave none.
            const state = results[i - 1]!.requestState
            if (typeof state === 'string') expect(retry.requestState === state).toBe(true)
            else expect(Object.hasOwn(retry, 'requestState')).toBe(false)
            expect(Object.getPrototypeOf(retry)).toBe(Object.prototype)
            if (Object.hasOwn(retry, 'inputResponses')) expect(Object.getPrototypeOf(retry.inputResponses)).toBe(Object.prototype)
          }
          // The caller's params are never written to.
          expect(params).toEqual(original)
          expectClean()
        },
      ),
      { numRuns: 400 },
    )
  })

  it('a fulfil that leaves an asked key out ends in McpInputError, never a retry without it', async () => {
    const { McpInputError } = await import('./errors')
    await fc.assert(
      fc.asyncProperty(fc.uniqueArray(hostileKey, { minLength: 1, maxLength: 4 }), fc.nat(), async (keys, drop) => {
        const missing = keys[drop % keys.length]!
        const requests = objectOf(keys.map((key) => [key, { method: 'elicitation/create', params: {} }]))
        const sent: JsonObject[] = []
        const error = await runInputLoop({
          request: { method: 'tools/call', params: {} },
          send: async (p) => {
            sent.push(p)
            return sent.length === 1 ? { resultType: 'input_required', inputRequests: requests as InputRequests } : { resultType: 'complete' }
          },
          fulfil: async (asked) => objectOf(Object.keys(asked).filter((key) => key !== missing).map((key) => [key, { action: 'decline' }])) as InputResponses,
        }).catch((e: unknown) => e)
        expect(error).toBeInstanceOf(McpInputError)
        expect(sent).toHaveLength(1)
      }),
      { numRuns: 100 },
    )
  })
})
