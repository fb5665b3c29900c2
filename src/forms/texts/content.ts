/**
 * The words for messages shown as text (a sampling request on the approval
 * card, prompt messages in a result): who speaks, and a block that is not
 * text. They load with either part, not up front.
 */
import type { Messages } from '../messages.js'

export const contentTexts = {
  nonTextContent: (type) => `[${type} content not shown]`,
  role: (role) => (role === 'assistant' ? 'Assistant' : role === 'user' ? 'User' : role),
} satisfies Partial<Messages>
