import { fileURLToPath } from 'node:url'
import type { StorybookConfig } from '@storybook/react-vite'

// Storybook resolves `viteConfigPath` against the working directory; make it
// independent of where the command runs.
const viteConfigPath = fileURLToPath(new URL('./vite.config.ts', import.meta.url))

const config: StorybookConfig = {
  framework: { name: '@storybook/react-vite', options: { builder: { viteConfigPath } } },
  stories: ['../stories/**/*.stories.tsx'],
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
