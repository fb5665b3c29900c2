/**
 * A module resolution hook for child processes that run the TypeScript
 * sources under Node's type stripping: the sources name siblings without an
 * extension (`./client`) or by their emitted name (`./client.js`), as
 * bundlers and tsc allow; on disk it is `./client.ts`.
 */
export async function resolve(specifier, context, next) {
  try {
    return await next(specifier, context)
  } catch (error) {
    if (!/^\.\.?\//.test(specifier)) throw error
    if (/\.js$/.test(specifier)) return next(specifier.replace(/\.js$/, '.ts'), context)
    if (!/\.[cm]?[jt]sx?$/.test(specifier)) return next(`${specifier}.ts`, context)
    throw error
  }
}
