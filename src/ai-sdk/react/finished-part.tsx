/**
 * A tool part whose call ended (on this page, or before it loaded): its
 * result folded to one line (FoldedResult), through the tool's MCP App when
 * there is one, or its error, or the line of a call the person stopped or
 * chose not to run. It calls nothing, and offers nothing that would.
 */
import type { ReactNode } from 'react'
import { displayText, type JsonObject, type McpResult } from '../../core/index.js'
import { CardBoundary, useMcpViews } from '../../forms/index.js'
import type { callTexts } from '../../forms/texts/call.js'
import type { PartTexts } from '../../forms/texts/resolve.js'
import type { runTexts } from '../../forms/texts/run.js'
import { FoldedResult } from '../../chat/FoldedResult.js'
import { isObject } from '../../chat/json.js'
import { argumentsOf, type ToolPartLike } from '../tool-part.js'
import type { McpToolPartProps } from './McpToolPart.js'
import { DECLINED_TEXT, STOPPED_TEXT } from './part-output.js'

/** A part's output as an MCP result: one itself, else its text. */
function asResult(output: unknown): McpResult {
  if (isObject(output) && Array.isArray(output.content)) return output as McpResult
  return { content: [{ type: 'text', text: displayText(output) }] }
}

export interface FinishedProps {
  part: ToolPartLike
  name?: string | undefined
  text: PartTexts<[typeof callTexts, typeof runTexts]>
  messages?: McpToolPartProps['messages']
  onError?: McpToolPartProps['onError']
}

/**
 * A part whose call ended: its result as one folded line (through the app's
 * view when it has one), its error, or the line of a call the person stopped
 * or chose not to run. The heading around it is the part's (ToolPartHeading).
 */
export function Finished({ part, name, text, messages, onError }: FinishedProps) {
  const toolView = useMcpViews().toolView
  if (part.state === 'output-error') {
    const stopped = part.errorText === STOPPED_TEXT || part.errorText === DECLINED_TEXT
    return (
      <section className="mcp-elicit-call" data-state={stopped ? 'cancelled' : 'error'}>
        {stopped ? (
          <p role="status" className="mcp-elicit-cancelled">
            {part.errorText === DECLINED_TEXT ? text.runDeclined : text.cancelled}
          </p>
        ) : (
          <div role="alert" className="mcp-elicit-error">
            <p>{text.errorHeading}</p>
            <p className="mcp-elicit-error-message" dir="auto">
              {displayText(part.errorText)}
            </p>
          </div>
        )}
      </section>
    )
  }
  if (part.state !== 'output-available') return null
  const result = asResult(part.output)
  const folded: ReactNode = <FoldedResult result={result} messages={messages} onError={onError} />
  return (
    <section className="mcp-elicit-call" data-state="done">
      {toolView && name !== undefined ? (
        <CardBoundary onError={onError} resetKey={result} fallback={() => folded}>
          <View render={toolView} props={{ name, arguments: argumentsOf(part) as JsonObject, status: 'done', result, error: undefined, fallback: folded }} />
        </CardBoundary>
      ) : (
        folded
      )}
    </section>
  )
}

/** A view function called as a component, so the boundary around it catches what it throws. */
function View<TProps>({ render, props }: { render: (props: TProps) => ReactNode; props: TProps }) {
  return render(props)
}
