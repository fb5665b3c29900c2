/**
 * `ui/download-file` from the frame goes through the download card: the
 * person sees the app's server host and each file, and the files are saved
 * only on their click. Don't save answers the app `{ isError: true }`.
 *
 * The card loads the first time an app asks to save files
 * (`LazyDownloadCard`): a page whose apps never do never downloads it. A
 * card that cannot be loaded or drawn declines (the app gets
 * `{ isError: true }`) and goes away; the error (a `PartLoadError` for a
 * chunk that cannot be fetched) goes to `onError`.
 */
import type { ComponentProps, ErrorInfo, ReactNode } from 'react'
import type { McpClient } from '../../core/index.js'
import { endpointHost } from '../../forms/endpoint-host.js'
import { lazyPart } from '../../forms/lazy-parts.js'
import type { Messages } from '../../forms/messages.js'
import type { McpAppDownloadFile } from '../download.js'
import { useConsentCards } from './consent-cards.js'
import type { DownloadCard } from './DownloadCard.js'

// Pure: a page that never turns downloads on drops the wrapper, and with it the import().
export const LazyDownloadCard = /* @__PURE__ */ lazyPart<ComponentProps<typeof DownloadCard>>('DownloadCard', () => import('./DownloadCard.js').then((m) => m.DownloadCard))

/** The `onDownloadFile` for the bridge, and the download cards waiting for the person. */
export function useDownloadConsent(
  client: McpClient,
  messages: Partial<Messages> | undefined,
  onError?: ((error: unknown, info: ErrorInfo) => void) | undefined,
): { onDownloadFile: (files: McpAppDownloadFile[], signal?: AbortSignal) => Promise<boolean>; cards: ReactNode } {
  const host = endpointHost(client.url)
  const { ask, cards } = useConsentCards<McpAppDownloadFile[]>((files, settle) => <LazyDownloadCard files={files} host={host} messages={messages} onAnswer={settle} />, onError)
  return { onDownloadFile: ask, cards }
}
