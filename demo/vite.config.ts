import { fileURLToPath } from 'node:url'
import react from '@vitejs/plugin-react'
import vue from '@vitejs/plugin-vue'
import { defineConfig } from 'vite'
import { sourceAliases } from '../vite.aliases.ts'

const here = (path: string) => fileURLToPath(new URL(path, import.meta.url))

// The demo page imports the library by its public names, resolved to the
// sources so the demo always runs what the repository holds.
export default defineConfig({
  root: here('.'),
  publicDir: here('../public'),
  plugins: [
    react(),
    // The Vue page (vue.html): the library's elements are custom elements, not Vue components.
    vue({ template: { compilerOptions: { isCustomElement: (tag) => tag.startsWith('mcp-elicit-') } } }),
  ],
  resolve: { alias: sourceAliases },
  build: {
    outDir: here('dist'),
    emptyOutDir: true,
    target: 'es2022',
    // One script file, no inline code: the page must run under `script-src 'self'`.
    modulePreload: { polyfill: false },
    // rjsf and ajv make one large chunk; the demo loads it once, from loopback.
    chunkSizeWarningLimit: 1500,
    // The chat with three servers, the tool-picker console, the page the authorization server sends the person back to,
    // the same servers in the two chat frameworks' own chats (the adapters), and the custom elements on a plain page and in Vue.
    rolldownOptions: {
      input: { main: here('index.html'), console: here('console.html'), callback: here('oauth/callback.html'), aiSdk: here('ai-sdk.html'), assistantUi: here('assistant-ui.html'), elements: here('elements.html'), vue: here('vue.html') },
    },
  },
})
