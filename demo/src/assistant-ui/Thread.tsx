/**
 * A plain thread built from assistant-ui's primitives: the messages (text
 * parts, and tool calls drawn by the tool UIs registered for them), the
 * composer, and Stop while the model runs. Unstyled primitives plus class
 * names from demo.css: nothing here sets inline styles (the page runs
 * under `style-src 'self'`).
 */
import { AuiIf, ComposerPrimitive, MessagePrimitive, ThreadPrimitive } from '@assistant-ui/react'

export function Thread({ hint = 'Ask for a tool by name, e.g. “run trip_wizard”, “connect_account”, or “whoami” on the protected server.' }: { hint?: string }) {
  return (
    <ThreadPrimitive.Root className="aui-demo-thread">
      <ThreadPrimitive.Viewport className="demo-chat aui-demo-viewport" aria-label="Conversation">
        <AuiIf condition={(s) => s.thread.isEmpty}>
          <p className="demo-empty">{hint}</p>
        </AuiIf>
        <ThreadPrimitive.Messages components={{ UserMessage, AssistantMessage }} />
      </ThreadPrimitive.Viewport>
      <ComposerPrimitive.Root className="demo-composer aui-demo-composer" aria-label="Composer">
        <ComposerPrimitive.Input className="demo-input" aria-label="Message" placeholder="Message the model" rows={1} />
        <div className="demo-composer-actions">
          <AuiIf condition={(s) => !s.thread.isRunning}>
            <ComposerPrimitive.Send className="demo-button demo-button-primary">Send</ComposerPrimitive.Send>
          </AuiIf>
          <AuiIf condition={(s) => s.thread.isRunning}>
            <ComposerPrimitive.Cancel className="demo-button">Stop</ComposerPrimitive.Cancel>
          </AuiIf>
        </div>
      </ComposerPrimitive.Root>
    </ThreadPrimitive.Root>
  )
}

function UserMessage() {
  return (
    <MessagePrimitive.Root className="aui-demo-message" data-role="user">
      <p className="aui-demo-author">You</p>
      <MessagePrimitive.Parts />
    </MessagePrimitive.Root>
  )
}

function AssistantMessage() {
  return (
    <MessagePrimitive.Root className="aui-demo-message" data-role="assistant">
      <p className="aui-demo-author">Model</p>
      <MessagePrimitive.Parts />
    </MessagePrimitive.Root>
  )
}
