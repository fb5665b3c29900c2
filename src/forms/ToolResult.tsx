/**
 * What an MCP server returned, shown safely: a tool result (`content`,
 * `structuredContent`, `isError`), a prompt (`messages`: each speaker and its
 * content block) or a resource read (`contents`), through the same blocks
 * (see {@link ContentBlocks}). Used by `McpToolCall`; usable alone:
 *
 *   <ToolResult result={await client.callTool('search', { q })} />
 *
 * Nothing is fetched: images and audio come from `data:` URLs of allowed
 * types only, links are plain http(s) links opened by the person, the
 * structured value is a lazy tree. All of it sits behind an error boundary.
 */
import { forwardRef, type ErrorInfo, type ForwardedRef } from 'react'
import { boundedJson } from './bounded-json.js'
import { CardBoundary } from './CardBoundary.js'
import { Block, Blocks, EmbeddedResource, resultPartTexts, type BlockOptions, type ResultTexts } from './content-blocks.js'
import { DEFAULT_MAX_IMAGE_PIXELS, DEFAULT_MAX_MEDIA_BYTES } from './content-media.js'
import { JsonTree } from './content-tree.js'
import { inlineText } from './IsolatedLine.js'
import type { Messages } from './messages.js'

export interface ToolResultProps {
  /** A `tools/call` result, a `prompts/get` result or a `resources/read` result, as the server sent it. */
  result: unknown
  /** Replacement texts (i18n). */
  messages?: Partial<Messages> | undefined
  /** Decoded bytes of an image or audio clip shown at most; larger ones become a note. @defaultValue 5 MiB */
  maxMediaBytes?: number | undefined
  /**
   * Pixels an image may declare in its header (width × height) and still be
   * shown; a larger one (a "pixel bomb": a few bytes that decode to
   * gigabytes) becomes a note with its declared size, and so does an image
   * whose size cannot be read from its bytes. @defaultValue 50,000,000 (50 megapixels)
   */
  maxImagePixels?: number | undefined
  /** Told when the result, or one block of it, failed to render (replaced by a short notice). */
  onError?: ((error: unknown, info: ErrorInfo) => void) | undefined
  className?: string | undefined
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
}

/** A server's result, rendered safely, behind its own error boundary. */
export const ToolResult = /* @__PURE__ */ forwardRef(function ToolResult(props: ToolResultProps, ref: ForwardedRef<HTMLDivElement>) {
  const text = resultPartTexts(props.messages)
  return (
    <CardBoundary onError={props.onError} resetKey={props.result} fallback={() => <p className="mcp-elicit-result-failed">{text.resultFailed}</p>}>
      <ResultBody {...props} text={text} forwardedRef={ref} />
    </CardBoundary>
  )
})

function ResultBody({ result, maxMediaBytes, maxImagePixels, onError, className, text, forwardedRef }: ToolResultProps & { text: ResultTexts; forwardedRef: ForwardedRef<HTMLDivElement> }) {
  const value = isObject(result) ? result : {}
  const isError = value.isError === true
  const options: BlockOptions = { text, maxMediaBytes: maxMediaBytes ?? DEFAULT_MAX_MEDIA_BYTES, maxImagePixels: maxImagePixels ?? DEFAULT_MAX_IMAGE_PIXELS, onError }
  const content = Array.isArray(value.content) ? value.content : []
  const messages = Array.isArray(value.messages) ? value.messages : undefined
  const contents = Array.isArray(value.contents) ? value.contents : undefined
  const hasStructured = value.structuredContent !== undefined
  return (
    <div ref={forwardedRef} className={['mcp-elicit-tool-result', className].filter(Boolean).join(' ')} data-state={isError ? 'error' : 'ok'}>
      {isError && (
        <p role="alert" className="mcp-elicit-result-error">
          {text.resultIsError}
        </p>
      )}
      {(content.length > 0 || messages || contents) && (
        <div className="mcp-elicit-result-content">
          <Blocks content={content} options={options} />
          {messages && (
            <ol className="mcp-elicit-prompt-messages">
              {messages.map((message, index) => {
                const role = isObject(message) ? inlineText(message.role) : ''
                return (
                  <li key={index} data-role={role}>
                    <strong className="mcp-elicit-prompt-role">
                      <bdi dir="auto">{text.role(role)}</bdi>:
                    </strong>
                    <CardBoundary onError={onError} resetKey={message} fallback={() => <p className="mcp-elicit-result-failed">{text.resultFailed}</p>}>
                      <Block block={isObject(message) ? message.content : undefined} options={options} />
                    </CardBoundary>
                  </li>
                )
              })}
            </ol>
          )}
          {contents?.map((entry, index) => (
            <CardBoundary key={index} onError={onError} resetKey={entry} fallback={() => <p className="mcp-elicit-result-failed">{text.resultFailed}</p>}>
              <EmbeddedResource resource={entry} text={text} type="contents" />
            </CardBoundary>
          ))}
        </div>
      )}
      {hasStructured && (
        <div className="mcp-elicit-result-structured-view">
          <CardBoundary onError={onError} resetKey={value.structuredContent} fallback={() => <p className="mcp-elicit-result-failed">{text.resultFailed}</p>}>
            <JsonTree value={value.structuredContent} text={text} />
          </CardBoundary>
          <details className="mcp-elicit-result-json">
            <summary>{text.resultRawJson}</summary>
            {/* Bounded in depth and length: never throws, never renders megabytes. */}
            <pre className="mcp-elicit-result-structured">{boundedJson(value.structuredContent)}</pre>
          </details>
        </div>
      )}
    </div>
  )
}
