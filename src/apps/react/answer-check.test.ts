/**
 * An app's answer to a form question (SEP-3118) is the person's answer only
 * when it fits the question's requestedSchema; anything else makes the host
 * fall back to the native form.
 */
import { describe, expect, it } from 'vitest'
import { checkAppAnswer } from './answer-check'

const schema = {
  type: 'object',
  properties: {
    title: { type: 'string', title: 'Title', minLength: 3 },
    severity: { type: 'string', enum: ['low', 'high'] },
    count: { type: 'integer', minimum: 1 },
    urgent: { type: 'boolean' },
    note: { type: 'string' },
  },
  required: ['title', 'severity'],
}

describe('checkAppAnswer', () => {
  it('passes an answer that fits, as the content the form would send', () => {
    expect(checkAppAnswer(schema, { action: 'accept', content: { title: 'Broken', severity: 'high', count: 2, urgent: true } })).toEqual({
      action: 'accept',
      content: { title: 'Broken', severity: 'high', count: 2, urgent: true },
    })
  })

  it('an empty optional field is no answer, as in the native form', () => {
    expect(checkAppAnswer(schema, { action: 'accept', content: { title: 'Broken', severity: 'low', note: '' } })).toEqual({ action: 'accept', content: { title: 'Broken', severity: 'low' } })
  })

  it('decline and cancel pass as they are, without content', () => {
    expect(checkAppAnswer(schema, { action: 'decline', content: { title: 'x' } })).toEqual({ action: 'decline' })
    expect(checkAppAnswer(schema, { action: 'cancel' })).toEqual({ action: 'cancel' })
  })

  it.each([
    ['a required field missing', { action: 'accept', content: { title: 'Broken' } }],
    ['a value outside the enum', { action: 'accept', content: { title: 'Broken', severity: 'critical' } }],
    ['a field not asked for', { action: 'accept', content: { title: 'Broken', severity: 'low', token: 'secret' } }],
    ['a string too short', { action: 'accept', content: { title: 'x', severity: 'low' } }],
    ['an object for a string', { action: 'accept', content: { title: { toString: 'x' }, severity: 'low' } }],
    ['a fraction for an integer', { action: 'accept', content: { title: 'Broken', severity: 'low', count: 1.5 } }],
    ['a number below the minimum', { action: 'accept', content: { title: 'Broken', severity: 'low', count: 0 } }],
    ['an unknown action', { action: 'approve', content: { title: 'Broken', severity: 'low' } }],
    ['content that is an array', { action: 'accept', content: ['Broken'] }],
    ['no object at all', 'accept'],
    ['null', null],
  ])('refuses %s', (_, answer) => {
    expect(checkAppAnswer(schema, answer)).toBeUndefined()
  })
})
