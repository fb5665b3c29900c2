/** The texts MCP Apps add (`mcp-elicit/apps/react`). Only apps that show MCP Apps load them. */
import type { Messages } from '../messages.js'
import { formatBytes, plural } from './words.js'

export const appTexts = {
  appOpensLink: 'The app asks to open this page.',
  appLinkOpen: (host) => (host ? `Open link to ${host}` : 'Open link'),
  appLinkDecline: "Don't open",
  appDownloadAsks: (host: string | undefined, count: number) => `The app${host ? ` from ${host}` : ''} asks to save ${plural(count, 'this file', `these ${count} files`)}:`,
  appDownloadDetails: (mimeType: string, bytes: number) => `${mimeType}, ${formatBytes(bytes)}`,
  appDownloadSave: 'Save',
  appDownloadDecline: "Don't save",
  appUseNativeForm: 'Use the plain form instead',
} satisfies Partial<Messages>
