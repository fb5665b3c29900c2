import { StrictMode } from 'react'
import { createRoot } from 'react-dom/client'
import 'mcp-elicit/forms/styles.css'
import '../demo.css'
import '../assistant-ui/assistant-ui.css'
import { ServersChat } from './ServersChat'

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <ServersChat />
  </StrictMode>,
)
