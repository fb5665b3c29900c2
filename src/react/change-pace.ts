/**
 * The least time between the starts of two listings or reads a change
 * notification caused (useMcpList, a live useMcpResource). A server may
 * answer every listing or read with a change (or flood them): without a
 * floor a hook would ask at network speed for as long as it is mounted. The
 * client's limits are not readable from a hook; this is the floor of its
 * `minRetryMs` (how soon a server may have the client come back).
 */
export const CHANGE_PACE_MS = 250
