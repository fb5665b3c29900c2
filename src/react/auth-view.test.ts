import { describe, expect, it } from 'vitest'
import { authError, openedSignIn, pendingSignIn, waitingSignIn } from '../../stories/fake-sign-in-store'
import { authViewOf } from './auth-view'

const endpoint = 'https://mcp.travel.example:8443/mcp'
const other = 'https://other.example/mcp'

describe('authViewOf', () => {
  it('passes the store’s sign-in through for its endpoint, every field there', () => {
    const pending = pendingSignIn({ endpoint, dpopUnsupported: true })
    expect(authViewOf(waitingSignIn(pending, { popupBlocked: true }), endpoint, false)).toEqual({
      status: 'signing_in',
      pending,
      error: undefined,
      popupBlocked: true,
      opened: false,
      windowClosed: false,
      dpopUnsupported: true,
      cancelled: false,
    })
    expect(authViewOf(waitingSignIn(pending, { windowClosed: true }), endpoint, false)).toMatchObject({ status: 'signing_in', opened: false, windowClosed: true })
    // A step-up waits on the person although tokens are held.
    expect(authViewOf(openedSignIn(pending), endpoint, true)).toMatchObject({ status: 'signing_in', opened: true, popupBlocked: false, windowClosed: false })
    const error = authError('AUTH_ACCESS_DENIED')
    expect(authViewOf({ status: 'error', pending, error, cancelled: true }, endpoint, false)).toEqual({
      status: 'error',
      pending,
      error,
      popupBlocked: false,
      opened: false,
      windowClosed: false,
      dpopUnsupported: true,
      cancelled: true,
    })
  })

  it('idle, or another endpoint’s sign-in: the tokens say (shared objects); an error of no known sign-in shows everywhere', () => {
    const signedOut = authViewOf({ status: 'idle' }, endpoint, false)
    expect(signedOut).toMatchObject({ status: 'signed_out', pending: undefined, opened: false })
    expect(authViewOf(waitingSignIn(pendingSignIn({ endpoint: other })), endpoint, false)).toBe(signedOut)
    expect(authViewOf({ status: 'error', pending: pendingSignIn({ endpoint: other }), error: authError('AUTH_TOKEN_FAILED'), cancelled: false }, endpoint, false)).toBe(signedOut)
    expect(authViewOf({ status: 'idle' }, endpoint, true)).toBe(authViewOf(openedSignIn(pendingSignIn({ endpoint: other })), endpoint, true))
    expect(authViewOf({ status: 'idle' }, endpoint, true).status).toBe('signed_in')
    expect(authViewOf({ status: 'error', pending: undefined, error: authError('AUTH_BLOCKED'), cancelled: false }, endpoint, true)).toMatchObject({ status: 'error', pending: undefined })
  })
})
