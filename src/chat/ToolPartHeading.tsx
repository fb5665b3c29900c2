/**
 * The heading of a tool part, in both chat adapters: the tool's title (else
 * its name in words) and the name of the server it runs on, never the raw
 * name the model called. The title is the server's text, isolated so its
 * bidi characters cannot reorder the server's name beside it; the server's
 * name is the host's (a set's display name), or the endpoint's host.
 */
import { useId, type ReactNode } from 'react'
import { isolate, IsolatedLine } from '../forms/IsolatedLine.js'
import type { Messages } from '../forms/messages.js'
import { cardTexts } from '../forms/texts/card.js'
import { chatTexts } from '../forms/texts/chat.js'
import { resolvePart } from '../forms/texts/resolve.js'
import { cleanText } from './json.js'
import { toolNameInWords } from './tool-words.js'

/** The title a part shows: the tool's title (from the listing or the route), else its MCP name in words. */
export function partTitle(title: unknown, name: string): string {
  return cleanText(title, 200) ?? toolNameInWords(name)
}

export interface ToolPartProps {
  /** The tool's title, else its name in words ({@link partTitle}). */
  title: string
  /** The server's display name, when known. */
  server: string | undefined
  /** Attributes of the part's element (`data-tool-call-id`, `data-tool`, `data-server`, `data-part-state`). */
  common: Record<string, string | undefined>
  messages?: Partial<Messages> | undefined
  busy?: boolean | undefined
  children?: ReactNode
}

/** A tool part: a group named by its heading, the part's body below it. */
export function ToolPart({ title, server, common, messages, busy, children }: ToolPartProps) {
  const text = resolvePart(messages, cardTexts, chatTexts)
  const id = useId()
  return (
    <div role="group" className="mcp-elicit-tool-part" aria-labelledby={id} aria-busy={busy || undefined} {...common}>
      <div id={id} className="mcp-elicit-tool-heading">
        <IsolatedLine className="mcp-elicit-tool-title" text={text.toolHeading(isolate(title), server)} showAll={text.showAll} showLess={text.showLess} />
      </div>
      {children}
    </div>
  )
}
