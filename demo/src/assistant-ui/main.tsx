import { StrictMode } from 'react'
import { createRoot } from 'react-dom/client'
import 'mcp-elicit/forms/styles.css'
import '../demo.css'
import './assistant-ui.css'
import { AssistantUiDemo } from './AssistantUiDemo'

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <AssistantUiDemo />
  </StrictMode>,
)
