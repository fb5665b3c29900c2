/**
 * What the three demo pages (the plain chat, the AI SDK page, the
 * assistant-ui page) share around their chats: the header with the brand and
 * the server picker, and the loading or failed-configuration line.
 */
import type { ReactNode } from 'react'
import type { ServerEntry } from './config'

export interface DemoHeaderProps {
  title: string
  servers: readonly ServerEntry[]
  serverId: string
  onServer: (id: string) => void
  /** The page's own controls after the picker. */
  children?: ReactNode
}

export function DemoHeader({ title, servers, serverId, onServer, children }: DemoHeaderProps) {
  return (
    <header className="demo-header">
      <div className="demo-brand">
        <img className="demo-logo" src="/favicon.svg" alt="" width="28" height="28" />
        <h1>{title}</h1>
      </div>
      <label className="demo-picker">
        <span className="demo-picker-label">Server</span>
        <select className="demo-select" value={serverId} onChange={(event) => onServer(event.target.value)}>
          {servers.map((s) => (
            <option key={s.id} value={s.id}>
              {s.label}
            </option>
          ))}
        </select>
      </label>
      {children}
    </header>
  )
}

/** The page before its configuration is there: loading, or why it could not load. */
export function DemoLoading({ error }: { error?: string | undefined }) {
  return error === undefined ? (
    <p role="status" className="demo-loading">
      Loading…
    </p>
  ) : (
    <p role="alert" className="demo-loading">
      Could not load the demo configuration: {error}
    </p>
  )
}
