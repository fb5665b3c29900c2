/** The wire log at the foot of the page: every exchange the clients made, and the sign-in's steps. */
import { useSyncExternalStore } from 'react'
import type { WireEntry, WireLog as Log } from './wire-log'

export function WireLog({ log }: { log: Log }) {
  const entries = useSyncExternalStore(log.subscribe, log.entries, log.entries)
  return (
    <aside className="demo-wire-region" aria-label="Wire log">
      <details className="demo-wire">
        <summary>Wire log ({entries.length})</summary>
        <div className="demo-wire-body">
          <button type="button" className="demo-button demo-button-quiet" onClick={log.clear}>
            Clear log
          </button>
          <ol className="demo-wire-entries">
            {entries.map((entry: WireEntry) => (
              <li key={entry.id} className="demo-wire-entry" data-method={entry.method}>
                {entry.method === 'AUTH' ? (
                  <p className="demo-wire-line">
                    <strong className="demo-wire-method">sign-in</strong> {entry.request}
                  </p>
                ) : (
                  <p className="demo-wire-line">
                    <strong className="demo-wire-method">{entry.method}</strong> {entry.mcpMethod ?? ''} → <span className="demo-wire-status" data-ok={entry.status === null ? undefined : entry.status < 400}>{entry.status ?? '…'}</span> {entry.contentType ?? ''}
                  </p>
                )}
                {/* Focusable: a long body scrolls inside its box, and the keyboard must reach it. */}
                {entry.request && entry.method !== 'AUTH' && <pre tabIndex={0}>{entry.request}</pre>}
                {entry.response && <pre tabIndex={0}>{entry.response.slice(0, 2000)}</pre>}
              </li>
            ))}
          </ol>
        </div>
      </details>
    </aside>
  )
}
