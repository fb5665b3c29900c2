/** The texts of a round of questions (`InputRequestPanel`). In the first load with the panel. */
import type { Messages } from '../messages.js'

export const roundTexts = {
  roundHeading: (pending, total) =>
    total === 1 ? 'The server needs an answer to continue.' : `The server needs ${total} answers to continue (${total - pending} of ${total} given).`,
  waitingForYou: 'The server is waiting for your answer.',
  unknownRequest: (method) => `The server sent a request this app does not understand (${method}).`,
} satisfies Partial<Messages>
