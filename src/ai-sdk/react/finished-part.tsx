/**
 * A tool part that was answered before this page loaded (the conversation
 * reloaded, or scrolled back): its result, through the tool's MCP App when
 * there is one, or its error, or the line of a call the person stopped or
 * chose not to run. It calls nothing.
 */
import type { ReactNode } from 'react'
import { displayText, type JsonObject, type McpResult } from '../../core/index.js'
import { CardBoundary, useMcpViews } from '../../forms/index.js'
// The result renderer loads when first shown, as in McpToolCall (forms/lazy-parts.tsx).
import { LazyToolResult } from '../../forms/lazy-parts.js'
import type { callTexts } from '../../forms/texts/call.js'
import type { PartTexts } from '../../forms/texts/resolve.js'
import type { runTexts } from '../../forms/texts/run.js'
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
  common: Record<string, string>
  part: ToolPartLike
  name?: string | undefined
  text: PartTexts<[typeof callTexts, typeof runTexts]>
  messages?: McpToolPartProps['messages']
  onError?: McpToolPartProps['onError']
}

/** A part that was answered before this page loaded: its result (through the app's view when it has one) or its error. */
export function Finished({ common, part, name, text, messages, onError }: FinishedProps) {
  const toolView = useMcpViews().toolView
  if (part.state === 'output-error') {
    const stopped = part.errorText === STOPPED_TEXT || part.errorText === DECLINED_TEXT
    return (
      <div className="mcp-elicit-tool-part" {...common}>
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
      </div>
    )
  }
  if (part.state !== 'output-available') return <div className="mcp-elicit-tool-part" {...common} />
  const result = asResult(part.output)
  const block: ReactNode = (
    <div className="mcp-elicit-result" data-error={result.isError === true || undefined}>
      <p className="mcp-elicit-result-heading">{text.resultHeading}</p>
      <CardBoundary onError={onError} resetKey={result} fallback={() => <p className="mcp-elicit-result-failed">{text.resultFailed}</p>}>
        <LazyToolResult result={result} messages={messages} onError={onError} />
      </CardBoundary>
    </div>
  )
  return (
    <div className="mcp-elicit-tool-part" {...common}>
      <section className="mcp-elicit-call" data-state="done">
        {toolView && name !== undefined ? (
          <CardBoundary onError={onError} resetKey={result} fallback={() => block}>
            <View render={toolView} props={{ name, arguments: argumentsOf(part) as JsonObject, status: 'done', result, error: undefined, fallback: block }} />
          </CardBoundary>
        ) : (
          block
        )}
      </section>
    </div>
  )
}

/** A view function called as a component, so the boundary around it catches what it throws. */
function View<TProps>({ render, props }: { render: (props: TProps) => ReactNode; props: TProps }) {
  return render(props)
}
