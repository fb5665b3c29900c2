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
