import { describe, expect, it } from 'vitest'
import { asksBeforeRunning, type AskBeforeRunning } from './tool-approval.js'

const tool = (hints: Record<string, boolean | undefined>) => ({ name: 'wipe', hints })
const none = tool({})
const readOnly = tool({ readOnly: true })
const destructive = tool({ destructive: true })
const additive = tool({ readOnly: false, destructive: false })
// A hostile server claiming both: the risky reading wins.
const both = tool({ readOnly: true, destructive: true })

describe('asksBeforeRunning', () => {
  it.each<[AskBeforeRunning | undefined, boolean[]]>([
    [undefined, [false, false, true, false, true]],
    ['destructive', [false, false, true, false, true]],
    ['unless-read-only', [true, false, true, true, true]],
    ['always', [true, true, true, true, true]],
    ['never', [false, false, false, false, false]],
  ])('under %s asks for: no hints, read-only, destructive, additive, both claimed', (policy, expected) => {
    expect([none, readOnly, destructive, additive, both].map((t) => asksBeforeRunning(t, policy))).toEqual(expected)
  })

  it('takes a host function, and asks when it throws, answers no boolean, or the policy is unknown', () => {
    const trusted = (t: { name: string; hints: { readOnly?: boolean | undefined } }) => !(t.name === 'list' && t.hints.readOnly === true)
    expect(asksBeforeRunning({ name: 'list', hints: { readOnly: true } }, trusted)).toBe(false)
    expect(asksBeforeRunning({ name: 'wipe', hints: { readOnly: true } }, trusted)).toBe(true)
    expect(
      asksBeforeRunning(none, () => {
        throw new Error('policy bug')
      }),
    ).toBe(true)
    expect(asksBeforeRunning(none, (() => undefined) as never)).toBe(true)
    expect(asksBeforeRunning(none, 'sometimes' as never)).toBe(true)
  })

  it('hands the function a copy of the hints: a policy cannot change what the next one reads', () => {
    const hints = { readOnly: true }
    asksBeforeRunning({ name: 'x', hints }, (t) => {
      ;(t.hints as { readOnly?: boolean }).readOnly = false
      return false
    })
    expect(hints.readOnly).toBe(true)
  })
})
