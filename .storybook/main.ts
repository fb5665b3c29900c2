import { mkdirSync, writeFileSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import type { StorybookConfig } from '@storybook/react-vite'
import { sandboxPage } from '../servers/sandbox-page.ts'

// Storybook resolves `viteConfigPath` against the working directory; make it
// independent of where the command runs.
const viteConfigPath = fileURLToPath(new URL('./vite.config.ts', import.meta.url))

// The MCP Apps sandbox proxy, built from source (src/apps/sandbox) and served
// as /sandbox.html of Storybook itself. The apps stories frame it by the other
// loopback host name (127.0.0.1 <-> localhost): the same server, another origin,
// as MCP Apps require (stories/McpApp.stories.tsx, storySandbox).
const sandboxDir = fileURLToPath(new URL('../node_modules/.cache/mcp-elicit-storybook/sandbox/', import.meta.url))
mkdirSync(sandboxDir, { recursive: true })
writeFileSync(`${sandboxDir}sandbox.html`, await sandboxPage())

const config: StorybookConfig = {
  framework: { name: '@storybook/react-vite', options: { builder: { viteConfigPath } } },
  stories: ['../stories/**/*.stories.tsx'],
  staticDirs: [sandboxDir],
  // No addons: controls, actions, backgrounds and the toolbar ship with Storybook 10.
  addons: [],
  core: {
    // Nothing leaves the machine: no telemetry, no crash reports, no "what's new" fetch.
    disableTelemetry: true,
    enableCrashReports: false,
    disableWhatsNewNotifications: true,
  },
  // Storybook takes only `build.target` from the Vite config file; the rest of `build` goes here.
  viteFinal: (config) => ({
    ...config,
    // rjsf and ajv make one large chunk; Storybook serves it from loopback.
    build: { ...config.build, chunkSizeWarningLimit: 2000 },
  }),
}

export default config
