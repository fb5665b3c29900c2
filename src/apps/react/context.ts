/**
 * What every `<McpApp>` below an `<McpAppsProvider>` shares: where the
 * sandbox proxy is served, and the host capabilities the app author opted
 * into once for the whole chat. A prop on `<McpApp>` wins over these.
 */
import { createContext } from 'react'
import type { McpAppHostProps } from './McpApp.js'

export const McpAppsContext = /* @__PURE__ */ createContext<McpAppHostProps>({})
