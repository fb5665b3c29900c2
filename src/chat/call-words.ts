/**
 * What the model is told of a call the person ended, the same words in both
 * chat adapters (the AI SDK's error output, assistant-ui's error result).
 */

/** The person pressed Stop (or the run's Stop ended the call). */
export const STOPPED_TEXT = 'The person stopped this tool call.'

/** The person chose Don't run on the card the call waited on. */
export const DECLINED_TEXT = 'The person chose not to run this tool call.'
