/**
 * The texts of the URL consent card, and of the address warnings it shares
 * with the result renderer (`url-display.tsx`). They load with those parts,
 * not up front.
 */
import type { Messages } from '../messages.js'

export const urlTexts = {
  urlLabel: 'Address',
  hostLabel: 'Site',
  open: (host) => `Open ${host}`,
  openAgain: 'Open again',
  doneContinue: 'Done, continue',
  popupMaybeBlocked: 'If no new window opened (a pop-up blocker may have stopped it), copy the address and open it yourself:',
  copy: 'Copy address',
  copied: 'Copied.',
  urlRefused: (reason, analysis) =>
    reason === 'scheme'
      ? `This address uses "${analysis.scheme}:", which is not a web address. It will not be opened.`
      : 'This is not a valid web address. It will not be opened.',
  urlWarning: (warning, analysis) => {
    switch (warning) {
      case 'punycode':
        return `The site name is written in encoded international characters (${analysis.hostname}), shown as "${analysis.displayHost}". It may imitate another site.`
      case 'mixed-script':
        return 'The site name mixes letters from different alphabets, a common way to imitate another site.'
      case 'insecure-http':
        return 'The connection is not encrypted (http:). Do not enter passwords or personal data there.'
      case 'credentials':
        return 'The address contains a user name or password before "@". The site that opens is the one highlighted, not what comes before "@".'
      case 'ip-address':
        return 'The site is a bare IP address rather than a name.'
      default: {
        warning satisfies never
        return String(warning)
      }
    }
  },
  urlWarningsHeading: 'Check this address before opening it:',
} satisfies Partial<Messages>
