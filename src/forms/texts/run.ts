/** The texts of the chat adapters' card before a call the model made (`askBeforeRunning`). They load with the adapters' tool parts. */
import type { Messages } from '../messages.js'

export const runTexts = {
  runAsk: (tool, host) => `Run ${tool}${host ? ` on ${host}` : ''}?`,
  runArguments: 'With:',
  runApprove: 'Run',
  runDecline: "Don't run",
  runDeclined: 'Not run.',
} satisfies Partial<Messages>
