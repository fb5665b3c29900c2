import { describe, expect, it } from 'vitest'
import { IDLE, flagsOf, reduceCall, type CallAction, type CallState, type PendingInput } from './call-state'
import { McpCancelledError, McpHttpError } from './errors'

const request = { method: 'tools/call' as const, params: { name: 't' } }
const input = (key: string): PendingInput => ({ key, method: 'elicitation/create', params: {}, era: 'modern', server: undefined, url: 'u', answered: false })

function run(actions: CallAction[]) {
  let step = { state: IDLE as CallState, memory: { lastResult: undefined, answers: {} } as Parameters<typeof reduceCall>[2] & object }
  const states: CallState[] = []
  for (const action of actions) {
    step = reduceCall(step.state, action, step.memory)
    states.push(step.state)
  }
  return states
}

describe('reduceCall', () => {
  it('ignores transitions that make no sense in the current state', () => {
    const states = run([
      { type: 'answer', key: 'k', response: { action: 'decline' } },
      { type: 'complete', result: {}, rounds: 0 },
      { type: 'start', request },
      { type: 'cancel' },
      { type: 'complete', result: {}, rounds: 0 },
      { type: 'fail', error: new McpCancelledError() },
    ])
    expect(states.map((s) => s.status)).toEqual(['idle', 'idle', 'running', 'cancelled', 'cancelled', 'cancelled'])
  })

  it('marks answers one by one, refusing a second answer to the same key', () => {
    const states = run([
      { type: 'start', request },
      { type: 'input_required', round: 1, inputs: [input('a'), input('b')], pending: undefined, result: undefined },
      { type: 'answer', key: 'b', response: { action: 'decline' } },
      { type: 'answer', key: 'b', response: { action: 'cancel' } },
      { type: 'answer', key: 'zzz', response: { action: 'cancel' } },
    ])
    expect(states[2]).toMatchObject({ inputs: [{ key: 'a', answered: false }, { key: 'b', answered: true, response: { action: 'decline' } }] })
    expect(states[3]).toBe(states[2])
    expect(states[4]).toBe(states[2])
  })

  it('keeps the last input-required result and the answers given when the call fails', () => {
    const lastResult = { resultType: 'input_required' as const, requestState: 's' }
    const error = new McpHttpError(new Response('', { status: 502 }), '')
    const states = run([
      { type: 'start', request },
      { type: 'input_required', round: 1, inputs: [input('a')], pending: undefined, result: lastResult },
      { type: 'answer', key: 'a', response: { action: 'accept', content: { x: 'typed' } } },
      { type: 'retrying', round: 1 },
      { type: 'fail', error },
    ])
    expect(states.at(-1)).toEqual({ status: 'error', request, error, round: 1, lastResult, answers: { a: { action: 'accept', content: { x: 'typed' } } } })
  })

  it('carries progress through running, awaiting and retrying, and resets to idle', () => {
    const states = run([
      { type: 'start', request },
      { type: 'progress', progress: { progress: 1, total: 3 } },
      { type: 'input_required', round: 1, inputs: [input('a')], pending: undefined, result: undefined },
      { type: 'retrying', round: 1 },
      { type: 'reset' },
    ])
    expect(states.slice(1, 4).map((s) => 'progress' in s && s.progress)).toEqual([{ progress: 1, total: 3 }, { progress: 1, total: 3 }, { progress: 1, total: 3 }])
    expect(states.at(-1)).toBe(IDLE)
  })

  it('derives flags from the status in one place', () => {
    expect(flagsOf({ status: 'retrying', request, round: 1, progress: undefined, task: undefined })).toEqual({ isIdle: false, isActive: true, isAwaitingInput: false, isDone: false, isError: false, isCancelled: false })
  })
})
