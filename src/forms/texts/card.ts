/**
 * What every question card shows (form, URL, approval, and the fallback in
 * place of one that failed): who asks, the two ways to say no, the answered
 * line. In the first load: every page that asks anything shows them.
 */
import type { Messages } from '../messages.js'

export const cardTexts = {
  decline: 'Decline',
  skipQuestion: 'Skip question',
  askedBy: (server, host) => {
    const who = server ? [server.title ?? server.name, server.version].filter(Boolean).join(' ') : undefined
    if (who && host) return `Asked by ${who} (${host})`
    if (who) return `Asked by ${who}`
    if (host) return `Asked by ${host}`
    return 'Asked by the server'
  },
  showAll: 'Show all',
  showLess: 'Show less',
  answered: 'Answer sent.',
  cardFailed: 'This request could not be shown. You can still say no to it.',
} satisfies Partial<Messages>
