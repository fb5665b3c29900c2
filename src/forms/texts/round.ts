/** The texts of a round of questions (`InputRequestPanel`). In the first load with the panel. */
import type { Messages } from '../messages.js'

export const roundTexts = {
  roundHeading: (pending, total) =>
    total === 1 ? 'The server is waiting for your answer.' : `The server is waiting for ${total} answers (${total - pending} of ${total} given).`,
  unknownRequest: (method) => `The server sent a request this app does not understand (${method}).`,
} satisfies Partial<Messages>
