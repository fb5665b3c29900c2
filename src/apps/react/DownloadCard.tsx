/**
 * The card a person sees when an app asks to save files (`ui/download-file`):
 * the app's server host, each file's name, media type and size, and Save /
 * Don't save. Save writes the files from the page in the click itself (a
 * frame in its sandbox cannot), each through a hidden `<a download>` on an
 * object URL that is revoked afterwards: a `blob:` URL of the page's own
 * origin, which a strict CSP does not govern for downloads, and which never
 * puts the contents in the URL as a `data:` URL would.
 *
 * Names and types come from the bridge already sanitised (`download.ts`) and
 * are shown as text, never as HTML; each name is isolated (`<bdi>`) so it
 * cannot reorder the line around it. A file whose name's extension is not
 * what its declared type is saved as (`invoice.html` declared a PDF) gets a
 * warning under it: the person's system opens it by its name.
 *
 * Loaded on demand, the first time an app asks (`download-consent.tsx`).
 */
import { useId, useState } from 'react'
import type { Messages } from '../../forms/messages.js'
import { appCardTexts } from '../../forms/texts/app-cards.js'
import { appTexts } from '../../forms/texts/apps.js'
import { resolvePart } from '../../forms/texts/resolve.js'
import type { McpAppDownloadFile } from '../download.js'
import { extensionMismatch } from '../download-types.js'

export interface DownloadCardProps {
  files: readonly McpAppDownloadFile[]
  /** The host of the app's server, when known. */
  host: string | undefined
  /** The person chose: `true` once the files were handed to the browser. */
  onAnswer: (saved: boolean) => void
  messages?: Partial<Messages> | undefined
}

/** How long an object URL outlives its click: the browser reads it when the download starts, not at once. */
const REVOKE_AFTER_MS = 10_000

/** Hands each file to the browser's download, from the current click. */
export function saveFiles(files: readonly McpAppDownloadFile[]): void {
  for (const file of files) {
    const url = URL.createObjectURL(new Blob([file.data as Uint8Array<ArrayBuffer>], { type: file.mimeType }))
    const link = document.createElement('a')
    link.href = url
    link.download = file.name
    link.rel = 'noopener'
    link.hidden = true
    document.body.append(link)
    link.click()
    link.remove()
    setTimeout(() => URL.revokeObjectURL(url), REVOKE_AFTER_MS)
  }
}

export function DownloadCard({ files, host, onAnswer, messages }: DownloadCardProps) {
  const text = resolvePart(messages, appTexts, appCardTexts)
  const [answered, setAnswered] = useState(false)
  const titleId = useId()
  const answer = (save: boolean) => {
    if (answered) return
    setAnswered(true)
    if (save) saveFiles(files)
    onAnswer(save)
  }
  return (
    <section role="group" aria-labelledby={titleId} className="mcp-elicit-approval mcp-elicit-app-download">
      <p id={titleId} className="mcp-elicit-message">
        {text.appDownloadAsks(host, files.length)}
      </p>
      <ul className="mcp-elicit-app-download-files">
        {files.map((file, index) => {
          const mismatch = extensionMismatch(file.name, file.mimeType)
          return (
            <li key={index}>
              <bdi className="mcp-elicit-app-download-name">{file.name}</bdi> ({text.appDownloadDetails(file.mimeType, file.data.byteLength)})
              {mismatch !== undefined && <p className="mcp-elicit-app-download-mismatch">{text.appDownloadTypeMismatch(mismatch, file.mimeType)}</p>}
            </li>
          )
        })}
      </ul>
      <div className="mcp-elicit-actions">
        <button type="button" className="mcp-elicit-accept mcp-elicit-primary" data-action="save" disabled={answered} onClick={() => answer(true)}>
          {text.appDownloadSave}
        </button>
        <button type="button" className="mcp-elicit-decline" data-action="decline" disabled={answered} onClick={() => answer(false)}>
          {text.appDownloadDecline}
        </button>
      </div>
    </section>
  )
}
