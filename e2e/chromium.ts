/**
 * The one Chromium of the e2e suite, the screenshots and the forms bench: the
 * one `npm install` brings (@sparticuz/chromium), or the system's when
 * CHROMIUM_PATH names one, with the same flags everywhere.
 */
import chromium from '@sparticuz/chromium'

// Its default flags switch web security off; these pages need CORS and CSP
// exactly as a person's browser has them.
const unsafe = /^--(disable-web-security|allow-running-insecure-content|disable-site-isolation-trials|single-process)/
// Its GL flags route compositing through SwiftShader (GL emulated on the CPU), made
// for a serverless function; on a 2-core CI machine plain software compositing is cheaper.
const gpu = /^--(use-gl|use-angle|enable-unsafe-swiftshader|ignore-gpu-blocklist|in-process-gpu)\b/

export async function chromiumLaunch(extraArgs: string[] = []): Promise<{ executablePath: string; args: string[] }> {
  const executablePath = process.env.CHROMIUM_PATH || (await chromium.executablePath())
  const args = [
    ...chromium.args.filter((arg) => !unsafe.test(arg) && !gpu.test(arg)),
    '--disable-gpu',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
    '--no-first-run',
    ...extraArgs,
  ]
  return { executablePath, args }
}
