/**
 * How every card shows an address a server chose: the host highlighted in
 * the full URL, the host named on its own line, and the URL checks' warnings
 * as a note. One place, so the URL card, the sign-in card and result links
 * cannot drift apart in what they warn about.
 */
import type { Messages } from './messages.js'
import type { UrlAnalysis } from './url-safety.js'

/** The full address with its host marked (the text as analysed when it could not be split). */
export function MarkedUrl({ analysis }: { analysis: UrlAnalysis }) {
  const { parts } = analysis
  if (!parts) return <>{analysis.href}</>
  return (
    <>
      {parts.before}
      <mark className="mcp-elicit-url-host">{parts.host}</mark>
      {parts.after}
    </>
  )
}

/** The `Site` term and its host, for a `<dl>`. */
export function SiteEntry({ host, text }: { host: string; text: Pick<Messages, 'hostLabel'> }) {
  return (
    <>
      <dt>{text.hostLabel}</dt>
      <dd>
        <strong className="mcp-elicit-url-site">
          <bdi>{host}</bdi>
        </strong>
      </dd>
    </>
  )
}

/** The warnings of the URL checks, if any, as a note (with its heading unless `heading` is false). */
export function UrlWarnings({ analysis, text, heading = true }: { analysis: UrlAnalysis; text: Pick<Messages, 'urlWarning' | 'urlWarningsHeading'>; heading?: boolean }) {
  if (analysis.warnings.length === 0) return null
  return (
    <div className="mcp-elicit-url-warnings" role="note">
      {heading && <p>{text.urlWarningsHeading}</p>}
      <ul>
        {analysis.warnings.map((warning) => (
          <li key={warning} data-warning={warning}>
            {text.urlWarning(warning, analysis)}
          </li>
        ))}
      </ul>
    </div>
  )
}
