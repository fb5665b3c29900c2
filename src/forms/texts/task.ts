/** The text of the task line (`TaskLine`). It loads with the line, not up front. */
import type { Messages } from '../messages.js'

export const taskTexts = {
  taskRunning: 'Running in the background',
} satisfies Partial<Messages>
