/**
 * The AI SDK side of reading a listing: the shared reader (src/chat), and a
 * typed error ({@link McpAiSdkError} `AI_SDK_LISTING_INVALID`) when what the
 * route was sent is not a listing at all.
 */
import { listingEntries, readListingEntries, type ModelToolListing, type ToolListingLimits } from '../chat/tool-listing.js'
import { McpAiSdkError } from './errors.js'

export type { McpToolHints, ModelTool, ModelToolListing, SkippedTool, SkipReason, ToolListingLimits } from '../chat/tool-listing.js'

/**
 * Reads a listing (a `tools/list` result or its `tools` array) into the
 * tools the model may be offered, each with its model name (never one of
 * `reserved`), and the tools left out with the reason. Throws `AI_SDK_LISTING_INVALID` only when the
 * listing is neither.
 */
export function readToolListing(listing: unknown, limits: ToolListingLimits = {}, reserved: Iterable<string> = []): ModelToolListing {
  const entries = listingEntries(listing)
  if (!entries) {
    const got = listing === null ? 'null' : typeof listing
    throw new McpAiSdkError('AI_SDK_LISTING_INVALID', `A tool listing is a tools/list result ({ tools: [...] }) or an array of tools; got ${got}.`)
  }
  return readListingEntries(entries, limits, reserved)
}
