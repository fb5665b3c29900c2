/** The texts of the approval card (sampling, roots). They load with the card, not up front. */
import type { Messages } from '../messages.js'

export const approvalTexts = {
  samplingTitle: 'The server asks to use your AI model',
  rootsTitle: 'The server asks which folders it may use',
  approve: 'Approve',
  send: 'Send',
  generating: 'Generating…',
  generatedHeading: 'Answer to send:',
  samplingFailed: (reason) => `Could not generate an answer: ${reason}`,
  cannotApprove: 'This app cannot answer this request; you can only decline it.',
  systemPrompt: 'Instructions',
  rootsToShare: 'Folders to share:',
} satisfies Partial<Messages>
