/**
 * The texts of a tool call (`McpToolCall`) around its result: run, progress,
 * stop, failure. In the first load with the call; the chat adapters read them
 * too.
 */
import type { Messages } from '../messages.js'

export const callTexts = {
  run: (tool) => `Run ${tool}`,
  running: 'Working…',
  retrying: 'Sending your answers…',
  checkingStored: 'Looking for this call…',
  storedUnreadable: 'This call may have run already: where it was kept could not be read. Running it again may repeat what it does.',
  storedUnconfirmed: 'This call was started before (in another tab, on another device, or before a reload) and has not said how it ended. Running it again may repeat what it does.',
  progress: (progress, total) => (total === undefined ? `${progress} done` : `${progress} of ${total}`),
  resultHeading: 'Result',
  resultFailed: 'This result could not be shown.',
  roundFailed: 'The questions could not be shown.',
  errorHeading: 'The call failed.',
  stopCall: 'Stop',
  cancelled: 'Cancelled.',
  retry: 'Try again',
  reset: 'Start over',
  cutByReload: (question) =>
    `This call was cut off when the page reloaded: its server (an older MCP version) keeps the open question in its own session, so it cannot pick up where it was.${question ? ` Its last question: “${question}”.` : ''}`,
  runAgain: 'Run it again',
} satisfies Partial<Messages>
