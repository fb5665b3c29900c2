/**
 * The Custom Elements Manifest of `mcp-elicit/elements` (dist/custom-elements.json,
 * `customElements` in package.json), made by `npm run build` with the
 * analyzer of open-wc from the elements' JSDoc (`@tagname`, `@attr`, `@fires`,
 * `@cssprop`): editors and framework tooling read the elements' attributes,
 * properties and events from it. Paths name the published files, not src/.
 */
const published = (path) => path.replace(/^src\//, 'dist/').replace(/\.tsx?$/, '.js')

export default {
  globs: ['src/elements/tool-call.tsx', 'src/elements/app.tsx', 'src/elements/sign-in.tsx'],
  outdir: 'dist',
  // package.json names the manifest itself; the analyzer must not rewrite it on every build.
  packagejson: false,
  quiet: true,
  plugins: [
    {
      name: 'mcp-elicit-published-paths',
      packageLinkPhase({ customElementsManifest }) {
        for (const module of customElementsManifest.modules) {
          module.path = published(module.path)
          // The module's inner names (helpers, locals) are not the package's API.
          module.declarations = (module.declarations ?? []).filter((declaration) => declaration.customElement)
          module.exports = (module.exports ?? []).filter((entry) => module.declarations.some((declaration) => declaration.name === entry.declaration?.name))
          for (const entry of module.exports) if (entry.declaration?.module) entry.declaration.module = published(entry.declaration.module)
        }
      },
    },
  ],
}
