/** The texts MCP Apps add (`mcp-elicit/apps/react`). Only apps that show MCP Apps load them. */
import type { Messages } from '../messages.js'

export const appTexts = {
  appOpensLink: 'The app asks to open this page.',
  appUseNativeForm: 'Use the plain form instead',
} satisfies Partial<Messages>
