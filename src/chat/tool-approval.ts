/**
 * Which calls the model makes wait for the person's click, one rule for both
 * adapters (the AI SDK's tool approval, assistant-ui's tool UI). A chat runs
 * the model's tool calls by itself, and the model can be talked into a call
 * by anything it reads: a tool's result, a web page, an app's message. A
 * call that may change or delete something should not run on that alone.
 *
 * The rule reads the tool's MCP annotations, which are hints from the
 * server, never guarantees: a server that marks a tool `readOnlyHint` is
 * believed only as far as the host's policy says. Under the default
 * (`'destructive'`) no hint lets a tool skip a question it would otherwise
 * get (only `destructiveHint: true` asks, whatever else is claimed); under
 * `'unless-read-only'` a server that claims `readOnlyHint: true` is taken at
 * its word for its own tools, and a lying server gets its own tool run
 * unasked (with arguments the model chose, which may carry the
 * conversation's data to it). A host that trusts no server's hints asks
 * `'always'`; one that trusts some decides per tool with a function.
 * Contradictory hints (`readOnlyHint` and `destructiveHint` both true) are
 * read the risky way.
 */
import type { McpToolHints } from './tool-listing.js'

/** A tool as the approval rule sees it. */
export interface ApprovalTool {
  /** The MCP name (`tools/call` `name`). */
  name: string
  /** Its annotations, as the server sent them (hints). */
  hints: McpToolHints
}

/**
 * When a model-made call asks the person first:
 * - `'destructive'` (the default): tools the server marks `destructiveHint: true`;
 * - `'unless-read-only'`: every tool but those marked `readOnlyHint: true` (and not also destructive).
 *   MCP's own defaults read a tool without annotations as possibly destructive: this is the policy that follows them;
 * - `'always'`: every tool (the server's hints are not trusted at all);
 * - `'never'`: no tool; every call the model makes runs by itself.
 * - a function: true to ask (a function that throws asks).
 */
export type AskBeforeRunning = 'destructive' | 'unless-read-only' | 'always' | 'never' | ((tool: ApprovalTool) => boolean)

export const DEFAULT_ASK_BEFORE_RUNNING = 'destructive' satisfies AskBeforeRunning

/** Whether a model-made call of `tool` waits for the person's click under `policy`. */
export function asksBeforeRunning(tool: ApprovalTool, policy: AskBeforeRunning | undefined = DEFAULT_ASK_BEFORE_RUNNING): boolean {
  const { readOnly, destructive } = tool.hints
  switch (policy) {
    case 'never':
      return false
    case 'always':
      return true
    case 'unless-read-only':
      return readOnly !== true || destructive === true
    case 'destructive':
      return destructive === true
    default:
      if (typeof policy !== 'function') return true
      try {
        return policy({ name: tool.name, hints: { ...tool.hints } }) !== false
      } catch {
        return true
      }
  }
}
