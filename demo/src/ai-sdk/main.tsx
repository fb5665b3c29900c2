// First: zod must be told not to try eval before any module makes a schema.
import { zodJitless } from './zod-jitless'
import { StrictMode } from 'react'
import { createRoot } from 'react-dom/client'
import 'mcp-elicit/forms/styles.css'
import '../demo.css'
import './ai-sdk.css'
import { AiSdkDemo } from './AiSdkDemo'

// The module's export in use, so the bundle keeps it (the package declares no side effects outside CSS).
document.documentElement.dataset.zodJitless = String(zodJitless)

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <AiSdkDemo />
  </StrictMode>,
)
