import { describe, expect, it } from 'vitest'
import { McpAssistantUiError, isMcpAssistantUiError } from './errors'
import { readRoundAnswers } from './round-payload'

describe('McpAssistantUiError', () => {
  it('is recognised by instanceof and, across realms, by name and code', () => {
    expect(isMcpAssistantUiError(new McpAssistantUiError('INVALID_ANSWER', 'x'))).toBe(true)
    expect(isMcpAssistantUiError({ name: 'McpAssistantUiError', code: 'UNSUPPORTED_VERSION' })).toBe(true)
    expect(isMcpAssistantUiError(new Error('x'))).toBe(false)
    expect(isMcpAssistantUiError(null)).toBe(false)
  })

  it('refuses a resume() payload that is not answers by question key', () => {
    expect(() => readRoundAnswers('yes', ['a'])).toThrow(expect.objectContaining({ name: 'McpAssistantUiError', code: 'INVALID_ANSWER' }))
    expect(() => readRoundAnswers({ a: 'yes' }, ['a'])).toThrow(/the answer to "a" is not an object/)
    // Keys the round did not ask are dropped, not sent.
    expect(readRoundAnswers({ a: { action: 'decline' }, b: { action: 'accept' } }, ['a'])).toEqual({ a: { action: 'decline' } })
  })
})
