/**
 * MCP content blocks for a person: `text` (long text folded), `image` and
 * `audio` (allow-listed types, size-capped, images pixel-capped by their
 * declared size, from `data:` URLs only),
 * `resource_link` and embedded `resource` (the address with its host
 * highlighted, a link only for http(s), never prefetched; text shown as text,
 * binary as a size note). Anything else is named by its type. Every server
 * value is coerced (`displayText`) and bidi-isolated; each block sits behind
 * its own boundary, so one that fails to render leaves the others.
 */
import { useMemo, useState, type ErrorInfo } from 'react'
import { displayText } from '../core/index.js'
import { base64Bytes } from './base64-bytes.js'
import { CardBoundary } from './CardBoundary.js'
import { checkMedia, DEFAULT_MAX_IMAGE_PIXELS, DEFAULT_MAX_MEDIA_BYTES, type MediaKind } from './content-media.js'
import { inlineText } from './IsolatedLine.js'
import type { Messages } from './messages.js'
import { callTexts } from './texts/call.js'
import { cardTexts } from './texts/card.js'
import { contentTexts } from './texts/content.js'
import { resolvePart, type PartTexts } from './texts/resolve.js'
import { resultTexts } from './texts/result.js'
import { urlTexts } from './texts/url.js'
import { MarkedUrl, SiteEntry, UrlWarnings } from './url-display.js'
import { analyzeUrl } from './url-safety.js'

/** Text longer than this (or with more lines than {@link FOLD_LINES}) is folded with "Show all". */
export const FOLD_CHARS = 1500
export const FOLD_LINES = 20

export interface ContentBlocksProps {
  /** A content array (`CallToolResult.content`), or one block (a prompt message's `content`). */
  content: unknown
  /** Replacement texts (i18n). */
  messages?: Partial<Messages> | undefined
  /** Decoded bytes of an image or audio clip shown at most. @defaultValue 5 MiB */
  maxMediaBytes?: number | undefined
  /** Pixels an image's header may declare (width × height); a larger one, or one whose size cannot be read, becomes a note, never an `<img>`. @defaultValue 50,000,000 */
  maxImagePixels?: number | undefined
  /** Told when a block failed to render (it is replaced by a short notice). */
  onError?: ((error: unknown, info: ErrorInfo) => void) | undefined
}

/** What the result renderer reads: its own texts, the call's `resultFailed`, the clamp's, the address warnings' and the words for content that is not text. */
export type ResultTexts = PartTexts<[typeof cardTexts, typeof callTexts, typeof contentTexts, typeof urlTexts, typeof resultTexts]>

/** The result renderer's texts with the app's replacements on top. */
export const resultPartTexts = (messages: Partial<Messages> | undefined): ResultTexts => resolvePart(messages, cardTexts, callTexts, contentTexts, urlTexts, resultTexts)

export interface BlockOptions {
  text: ResultTexts
  maxMediaBytes: number
  maxImagePixels: number
  onError?: ((error: unknown, info: ErrorInfo) => void) | undefined
}

/** Content blocks, each behind its own boundary. Usable alone (e.g. for sampling or prompt content). */
export function ContentBlocks({ content, messages, maxMediaBytes, maxImagePixels, onError }: ContentBlocksProps) {
  const options = { text: resultPartTexts(messages), maxMediaBytes: maxMediaBytes ?? DEFAULT_MAX_MEDIA_BYTES, maxImagePixels: maxImagePixels ?? DEFAULT_MAX_IMAGE_PIXELS, onError }
  return <Blocks content={content} options={options} />
}

export function Blocks({ content, options }: { content: unknown; options: BlockOptions }) {
  const blocks = Array.isArray(content) ? content : content === undefined || content === null ? [] : [content]
  return (
    <>
      {blocks.map((block, index) => (
        <CardBoundary key={index} onError={options.onError} resetKey={block} fallback={() => <p className="mcp-elicit-result-failed">{options.text.resultFailed}</p>}>
          <Block block={block} options={options} />
        </CardBoundary>
      ))}
    </>
  )
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
}

/** One content block of any kind. */
export function Block({ block, options }: { block: unknown; options: BlockOptions }) {
  const { text } = options
  if (!isObject(block)) return <Note type={typeof block} text={text.nonTextContent(typeof block)} />
  switch (block.type) {
    case 'text':
      return typeof block.text === 'string' ? <TextBlock value={block.text} text={text} /> : <Note type="text" text={text.nonTextContent('text')} />
    case 'image':
    case 'audio':
      return <MediaBlock kind={block.type} mimeType={block.mimeType} data={block.data} options={options} />
    case 'resource_link':
      return (
        <div className="mcp-elicit-content-block mcp-elicit-resource" data-type="resource_link">
          <ResourceHeading resource={block} />
          <ResourceAddress uri={block.uri} text={text} />
        </div>
      )
    case 'resource':
      return <EmbeddedResource resource={block.resource} text={text} type="resource" />
    default: {
      const type = inlineText(block.type, 'unknown')
      return <Note type={type} text={text.nonTextContent(type)} />
    }
  }
}

function Note({ type, text, reason }: { type: string; text: string; reason?: string }) {
  return (
    <div className="mcp-elicit-content-block mcp-elicit-content-note" data-type={type} data-refused={reason} dir="auto">
      {text}
    </div>
  )
}

/** Text, folded to a few lines (CSS) with a disclosure when long. */
export function TextBlock({ value, text }: { value: string; text: ResultTexts }) {
  const [expanded, setExpanded] = useState(false)
  const long = value.length > FOLD_CHARS || countLines(value) > FOLD_LINES
  const block = (
    <div className={long ? 'mcp-elicit-content-block mcp-elicit-fold' : 'mcp-elicit-content-block'} data-type="text" dir="auto">
      {value}
    </div>
  )
  if (!long) return block
  return (
    <div className="mcp-elicit-content-folded" data-expanded={expanded || undefined}>
      {block}
      <button type="button" className="mcp-elicit-more" aria-expanded={expanded} onClick={() => setExpanded(!expanded)}>
        {expanded ? text.showLess : text.showAll}
      </button>
    </div>
  )
}

function countLines(value: string): number {
  let lines = 1
  for (let at = value.indexOf('\n'); at !== -1 && lines <= FOLD_LINES; at = value.indexOf('\n', at + 1)) lines++
  return lines
}

function MediaBlock({ kind, mimeType, data, options }: { kind: MediaKind; mimeType: unknown; data: unknown; options: BlockOptions }) {
  const { text } = options
  const { maxMediaBytes, maxImagePixels } = options
  // Once per block, not per render: reading a header may walk a few MB of base64.
  const check = useMemo(() => checkMedia(kind, mimeType, data, maxMediaBytes, maxImagePixels), [kind, mimeType, data, maxMediaBytes, maxImagePixels])
  if (!check.ok) {
    const message =
      check.reason === 'type'
        ? text.resultMediaRefused(kind, inlineText(check.mimeType, 'unknown'))
        : check.reason === 'size'
          ? text.resultMediaTooLarge(kind, check.bytes, check.limit)
          : check.reason === 'pixels'
            ? text.resultImageTooManyPixels(check.width, check.height, check.limit)
            : check.reason === 'unreadable'
              ? text.resultImageUnreadable
              : text.resultMediaInvalid(kind)
    return <Note type={kind} text={message} reason={check.reason} />
  }
  return (
    <div className="mcp-elicit-content-block mcp-elicit-media" data-type={kind}>
      {kind === 'image' ? (
        <img src={check.src} alt={text.resultImageAlt(check.mimeType)} decoding="async" referrerPolicy="no-referrer" />
      ) : (
        <audio src={check.src} controls preload="none" aria-label={text.resultAudioLabel(check.mimeType)} />
      )}
    </div>
  )
}

function ResourceHeading({ resource }: { resource: Record<string, unknown> }) {
  const title = inlineText(resource.title) || inlineText(resource.name)
  const description = displayText(resource.description)
  const mimeType = inlineText(resource.mimeType)
  return (
    <>
      {title && (
        <p className="mcp-elicit-resource-name">
          <bdi dir="auto">{title}</bdi>
          {mimeType && <span className="mcp-elicit-resource-type"> ({mimeType})</span>}
        </p>
      )}
      {description && (
        <p className="mcp-elicit-resource-description" dir="auto">
          {description}
        </p>
      )}
    </>
  )
}

/**
 * A resource's URI: the host highlighted and named, warnings as on URL
 * cards. An http(s) address is a plain link (new tab, no opener, no
 * referrer), never prefetched; any other scheme is text only.
 */
export function ResourceAddress({ uri, text }: { uri: unknown; text: ResultTexts }) {
  const analysis = analyzeUrl(uri)
  const web = analysis.refused === null
  // An address that could not be analysed is still shown, as inert text.
  const shown = analysis.parts ? <MarkedUrl analysis={analysis} /> : inlineText(uri)
  return (
    <>
      <dl className="mcp-elicit-resource-address">
        {web && analysis.host && <SiteEntry host={analysis.host} text={text} />}
        <dt>{text.resultResourceLabel}</dt>
        <dd>
          {web ? (
            <a className="mcp-elicit-resource-link" href={analysis.href} target="_blank" rel="noopener noreferrer" referrerPolicy="no-referrer">
              <code className="mcp-elicit-url-full">{shown}</code>
            </a>
          ) : (
            <>
              <code className="mcp-elicit-url-full">{shown}</code> <span className="mcp-elicit-resource-not-web">{text.resultResourceNotWeb}</span>
            </>
          )}
        </dd>
      </dl>
      {web && <UrlWarnings analysis={analysis} text={text} heading={false} />}
    </>
  )
}

/** An embedded resource (`resource` block) or one entry of a `resources/read` result's `contents`. */
export function EmbeddedResource({ resource, text, type = 'resource' }: { resource: unknown; text: ResultTexts; type?: string }) {
  const entry = isObject(resource) ? resource : {}
  const mimeType = inlineText(entry.mimeType)
  return (
    <div className="mcp-elicit-content-block mcp-elicit-resource" data-type={type}>
      <ResourceHeading resource={entry} />
      <ResourceAddress uri={entry.uri} text={text} />
      {typeof entry.text === 'string' ? (
        <TextBlock value={entry.text} text={text} />
      ) : typeof entry.blob === 'string' ? (
        <Note type="blob" text={text.resultResourceBlob(mimeType, base64Bytes(entry.blob))} />
      ) : null}
    </div>
  )
}
