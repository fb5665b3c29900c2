/**
 * One themed elicitation form (@rjsf/shadcn via the `theme` prop) with the
 * no-eval validator, for e2e/theme.spec.ts, which serves the built page under
 * `script-src 'self'` (no 'unsafe-eval'). The answer is written to
 * `<output id="answer">`; CSP violations seen by the page to `#violations`.
 * `?probe=1` instead tries `new Function` (what ajv8 does, and what the
 * library never does to choose a validator), the control that shows the
 * policy really forbids code generation and that such an attempt is reported.
 */
import { StrictMode, useState } from 'react'
import { createRoot } from 'react-dom/client'
import { Theme } from '@rjsf/shadcn'
import '@rjsf/shadcn/dist/default.css'
import 'mcp-elicit/forms/styles.css'
import { ElicitationForm, noEvalValidator, type ElicitationFormTheme, type ElicitationRequest } from 'mcp-elicit/forms'
import type { ElicitResult } from 'mcp-elicit'

const violations: string[] = []
document.addEventListener('securitypolicyviolation', (event) => {
  violations.push(`${event.effectiveDirective} ${event.blockedURI}`)
  document.getElementById('violations')!.textContent = violations.join('\n')
})

const request: ElicitationRequest = {
  mode: 'form',
  message: 'Who is travelling?',
  requestedSchema: {
    type: 'object',
    properties: {
      name: { type: 'string', title: 'Full name', description: 'As on your passport', minLength: 2, maxLength: 40 },
      email: { type: 'string', title: 'Email', format: 'email' },
      age: { type: 'number', title: 'Age', minimum: 18, maximum: 120 },
      seat: { type: 'string', title: 'Seat', enum: ['window', 'aisle'], default: 'aisle' },
      newsletter: { type: 'boolean', title: 'Newsletter', description: 'Fare alerts by email', default: false },
    },
    required: ['name', 'email'],
  },
}

const theme: ElicitationFormTheme = Theme

/** Whether the page can generate code from strings: the attempt the control makes on purpose. */
function canGenerateCode(): boolean {
  try {
    return new Function('return 1')() === 1
  } catch {
    return false
  }
}

function App() {
  const [answer, setAnswer] = useState<ElicitResult | null>(null)
  const probe = new URLSearchParams(location.search).has('probe')
  return (
    <>
      {probe ? (
        <p id="probe">{String(canGenerateCode())}</p>
      ) : (
        <ElicitationForm request={request} server={{ name: 'travel', version: '3.0.1' }} url="https://mcp.travel.example/mcp" theme={theme} validator={noEvalValidator} onRespond={setAnswer} />
      )}
      <output id="answer">{answer ? JSON.stringify(answer) : ''}</output>
      <pre id="violations" />
    </>
  )
}

createRoot(document.getElementById('stage')!).render(
  <StrictMode>
    <App />
  </StrictMode>,
)
