import { runInNewContext } from 'node:vm'
import { describe, expect, it } from 'vitest'
import { McpAppError, isMcpAppError } from './errors'

describe('McpAppError', () => {
  it('carries its code, name, message, uri and cause', () => {
    const cause = new Error('HTTP 500')
    const error = new McpAppError('APP_RESOURCE_INVALID', 'Reading ui://a failed.', { uri: 'ui://a', cause })
    expect(error).toBeInstanceOf(Error)
    expect(error.name).toBe('McpAppError')
    expect(error.code).toBe('APP_RESOURCE_INVALID')
    expect(error.message).toBe('Reading ui://a failed.')
    expect(error.uri).toBe('ui://a')
    expect(error.cause).toBe(cause)
    expect(String(error)).toBe('McpAppError: Reading ui://a failed.')
  })

  it('has no cause property when none was given', () => {
    expect('cause' in new McpAppError('APP_INIT_TIMEOUT', 'x')).toBe(false)
  })
})

describe('isMcpAppError', () => {
  it('recognises its own errors', () => {
    expect(isMcpAppError(new McpAppError('APP_TORN_DOWN', 'gone'))).toBe(true)
  })

  it('recognises one made in another realm, where instanceof is false', () => {
    const foreign = runInNewContext(`(() => { const e = new Error('x'); e.name = 'McpAppError'; e.code = 'APP_INIT_TIMEOUT'; return e })()`)
    expect(foreign instanceof McpAppError).toBe(false)
    expect(isMcpAppError(foreign)).toBe(true)
  })

  it('refuses other errors and values', () => {
    for (const value of [undefined, null, 'McpAppError', 42, new Error('x'), { name: 'McpAppError' }, { name: 'McpAppError', code: 1 }, { name: 'McpError', code: 'APP_INIT_TIMEOUT' }]) {
      expect(isMcpAppError(value)).toBe(false)
    }
  })
})
