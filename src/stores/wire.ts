/** What the backend store and its browser half say to each other, written once for both entries. */

/** One of the user's kept calls, as the backend lists it (no call: the listing stays small). */
export interface CallSummary {
  key: string
  rev: number
  /** The tool's name, for a call of a tool. */
  tool: string | null
  /** `'pending'` (a round, a task), `'started'` (no round yet), `'finished'` (a result kept for the time-to-live). */
  status: 'pending' | 'started' | 'finished'
  updatedAt: string
  expiresAt: string
}
