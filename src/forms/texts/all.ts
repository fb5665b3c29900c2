/**
 * All the English defaults in one object, for the public `defaultMessages`
 * and `resolveMessages`. The components themselves take their texts from
 * their own groups (`resolvePart`), so only an app that imports these loads
 * every part's texts.
 */
import type { Messages } from '../messages.js'
import { appCardTexts } from './app-cards.js'
import { appTexts } from './apps.js'
import { approvalTexts } from './approval.js'
import { callTexts } from './call.js'
import { cardTexts } from './card.js'
import { contentTexts } from './content.js'
import { fileTexts } from './file.js'
import { fileLoadTexts } from './file-load.js'
import { formTexts } from './form.js'
import { resultTexts } from './result.js'
import { roundTexts } from './round.js'
import { runTexts } from './run.js'
import { signInTexts } from './sign-in.js'
import { taskTexts } from './task.js'
import { urlTexts } from './url.js'

/** The English defaults (typed `Messages`: a key without a default does not compile). */
export const defaultMessages: Messages = {
  ...cardTexts,
  ...formTexts,
  ...roundTexts,
  ...callTexts,
  ...urlTexts,
  ...approvalTexts,
  ...contentTexts,
  ...signInTexts,
  ...resultTexts,
  ...taskTexts,
  ...fileTexts,
  ...fileLoadTexts,
  ...appTexts,
  ...appCardTexts,
  ...runTexts,
}

/** The defaults with the given replacements on top. */
export function resolveMessages(messages: Partial<Messages> | undefined): Messages {
  return messages ? { ...defaultMessages, ...messages } : defaultMessages
}
