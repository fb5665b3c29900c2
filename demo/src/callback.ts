/**
 * The page the authorization server sends the person back to. In the popup
 * it hands the callback URL to the chat page on a BroadcastChannel and a
 * storage event (the chat cut the window's opener when it opened it, and an
 * authorization server's Cross-Origin-Opener-Policy would cut it anyway) and
 * closes; after a full-page redirect it returns to the chat, which finishes
 * the sign-in and resumes the waiting call.
 */
import { completeSignIn } from 'mcp-elicit/auth'

const status = document.getElementById('sign-in-status')
const outcome = completeSignIn()
if (status) {
  status.textContent =
    outcome === 'popup' ? 'Signed in. This window closes by itself; you can close it if it stays.' : outcome === 'redirect' ? 'Signed in. Returning to the chat…' : 'There is no sign-in to finish here.'
}
