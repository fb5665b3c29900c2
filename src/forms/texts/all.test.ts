import { describe, expect, it } from 'vitest'
import { defaultMessages, resolveMessages } from './all'
import { appCardTexts } from './app-cards'
import { appTexts } from './apps'
import { approvalTexts } from './approval'
import { callTexts } from './call'
import { cardTexts } from './card'
import { contentTexts } from './content'
import { fileTexts } from './file'
import { fileLoadTexts } from './file-load'
import { formTexts } from './form'
import { resolvePart } from './resolve'
import { resultTexts } from './result'
import { roundTexts } from './round'
import { runTexts } from './run'
import { signInTexts } from './sign-in'
import { taskTexts } from './task'
import { urlTexts } from './url'

const groups = { appTexts, appCardTexts, approvalTexts, callTexts, cardTexts, contentTexts, fileTexts, fileLoadTexts, formTexts, resultTexts, roundTexts, runTexts, signInTexts, taskTexts, urlTexts }

describe('the texts of each part', () => {
  it('are groups that share no key, so no part resolves a text to another part’s default', () => {
    const seen = new Map<string, string>()
    for (const [name, group] of Object.entries(groups)) {
      for (const key of Object.keys(group)) {
        expect(seen.get(key), `${key} in ${name}`).toBeUndefined()
        seen.set(key, name)
      }
    }
    expect([...seen.keys()].sort()).toEqual(Object.keys(defaultMessages).sort())
  })

  it('resolves a part as resolveMessages does: the app’s texts over the part’s defaults', () => {
    const messages = { decline: 'Ablehnen', urlLabel: 'Adresse' }
    const part = resolvePart(messages, cardTexts, urlTexts)
    const all = resolveMessages(messages)
    for (const key of [...Object.keys(cardTexts), ...Object.keys(urlTexts)] as Array<keyof typeof part>) expect(part[key]).toBe(all[key])
    expect(part.decline).toBe('Ablehnen')
    expect(resolvePart(undefined, callTexts).running).toBe(defaultMessages.running)
  })
})
