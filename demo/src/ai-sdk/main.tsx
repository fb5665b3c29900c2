// First: zod must be told not to try eval before anything parses with it.
import './zod-jitless'
import { StrictMode } from 'react'
import { createRoot } from 'react-dom/client'
import 'mcp-elicit/forms/styles.css'
import '../demo.css'
import './ai-sdk.css'
import { AiSdkDemo } from './AiSdkDemo'

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <AiSdkDemo />
  </StrictMode>,
)
