/**
 * The texts of the MCP Apps cards that load when an app first asks
 * (`mcp-elicit/apps/react`: the message card, the download card's warning),
 * kept out of `apps.ts` so a page that shows apps loads them with the cards.
 */
import type { Messages } from '../messages.js'

export const appCardTexts = {
  appDownloadTypeMismatch: (extension: string, mimeType: string) => `Its name ends in .${extension}, but the app says it is ${mimeType}: your system opens it by its name.`,
  appMessageAsks: (host: string | undefined) => `The app${host ? ` from ${host}` : ''} wants to send this to the chat:`,
  appMessageClipped: 'The app sent more; only this part would be sent.',
  appMessageSend: 'Send',
  appMessageDiscard: 'Discard',
} satisfies Partial<Messages>
