/** The texts of the sign-in card. They load with the card, not up front. */
import type { Messages } from '../messages.js'

export const signInTexts = {
  cancel: 'Cancel',
  signInTitle: 'Sign in to continue',
  signInStepUpTitle: 'More access needed',
  signInStepUp: 'You are signed in, but the server now asks for more access.',
  signInServerLabel: 'Server',
  signInIssuerLabel: 'Sign in at',
  signInScopesHeading: 'It asks for:',
  scope: (name) => {
    switch (name) {
      case 'openid':
        return 'Confirm who you are'
      case 'profile':
        return 'See your name and profile'
      case 'email':
        return 'See your email address'
      case 'offline_access':
        return 'Stay signed in while you are away'
      default:
        return name
    }
  },
  moreScopes: (count) => `and ${count} more`,
  signInNoScopes: 'It names no particular access; the sign-in page shows what you allow.',
  signInButton: 'Sign in',
  signInReopen: 'Open sign-in again',
  signInOpened: 'Finish signing in in the window that opened. This page continues by itself afterwards.',
  signInWindowClosed: 'The sign-in window closed. If you finished signing in there, this page continues by itself; otherwise open it again or cancel.',
  signInDpopUnsupported: 'This server cannot bind the sign-in to this browser (DPoP), so its tokens are ordinary bearer tokens.',
  signInPopupBlocked: 'The browser blocked the sign-in window. You can sign in in this tab instead: it goes to the sign-in page and comes back here.',
  signInRedirect: 'Continue in this tab',
  signInCancelled: 'Sign-in cancelled.',
  signInBlocked: (endpoint, header) =>
    header
      ? `Signing in was blocked: ${endpoint} does not allow this page to read its answers. That server must send ${header}.`
      : `Signing in was blocked: ${endpoint} does not allow this page to read its answers (check its CORS settings).`,
  signInFailed: (code) => {
    switch (code) {
      case 'AUTH_DISCOVERY_FAILED':
        return 'This server’s sign-in settings could not be found.'
      case 'AUTH_PKCE_UNSUPPORTED':
        return 'The sign-in service does not support the secure sign-in (PKCE) this app requires.'
      case 'AUTH_REGISTRATION_FAILED':
        return 'This app could not register with the sign-in service.'
      case 'AUTH_ACCESS_DENIED':
        return 'Access was not granted.'
      case 'AUTH_STATE_MISMATCH':
        return 'The sign-in answer did not belong to this sign-in, so it was ignored.'
      case 'AUTH_ISSUER_MISMATCH':
        return 'The sign-in service did not identify itself as expected, so signing in was stopped.'
      case 'AUTH_TOKEN_FAILED':
        return 'The sign-in service did not complete the sign-in.'
      case 'AUTH_STORAGE_FAILED':
        return 'Your sign-in could not be kept in this browser.'
      case 'AUTH_INSUFFICIENT_SCOPE':
        return 'The server still asks for more access than was granted.'
      case 'AUTH_INSECURE_ENDPOINT':
        return 'Signing in was stopped: the connection would not be encrypted.'
      default:
        return 'Signing in failed.'
    }
  },
  signInErrorDetail: (description) => `The sign-in service said: ${description}`,
} satisfies Partial<Messages>
