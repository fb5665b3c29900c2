/**
 * The small pages some specs build for themselves (e2e/<name>-page/), each
 * bundled by Vite into e2e/.cache/<name>-page, minified as an app ships it,
 * with `alias` saying where the package's public names come from (the
 * sources: vite.aliases.ts; the published package: built-package.ts).
 */
export async function buildTestPage(root: string, outDir: string, alias: Array<{ find: RegExp; replacement: string }>): Promise<void> {
  const { build } = await import('vite')
  const { default: react } = await import('@vitejs/plugin-react')
  await build({
    configFile: false,
    envDir: false,
    root,
    publicDir: false,
    logLevel: 'error',
    mode: 'production',
    plugins: [react()],
    resolve: { alias },
    build: { outDir, emptyOutDir: true, target: 'es2022', modulePreload: { polyfill: false }, chunkSizeWarningLimit: 5000, reportCompressedSize: false },
  })
}
