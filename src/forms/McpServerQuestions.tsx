/**
 * What the servers of a set ask outside any call (a 2025-11-25 server's GET
 * stream: a form, a URL consent, a sampling or roots request no tool part
 * can claim), each round under the name of the server that asks, with the
 * same cards as a call's questions: a sampling request is answered with
 * `onSampling` and roots with `roots` only after the person approved, as in
 * a call. Needs an `McpServersProvider` above it; renders nothing while no
 * server asks.
 */
import { useMcpServerQuestions } from '../react/index.js'
import type { InputRequestPanelProps } from './InputRequestPanel.js'
import { LazyInputRequestPanel } from './lazy-round-panel.js'
import { chatTexts } from './texts/chat.js'
import { resolvePart } from './texts/resolve.js'

/** The round panel's own options (`onSampling` and `roots` answer only after the person approved, as in a call). */
export type McpServerQuestionsProps = Pick<InputRequestPanelProps, 'onSampling' | 'roots' | 'validator' | 'theme' | 'messages' | 'onError' | 'maxFileBytes' | 'className'>

/** Every open round of questions the set's servers ask outside any call, oldest first. */
export function McpServerQuestions({ className, ...panel }: McpServerQuestionsProps) {
  const questions = useMcpServerQuestions()
  const text = resolvePart(panel.messages, chatTexts)
  if (questions.length === 0) return null
  return (
    <div className={['mcp-elicit-server-questions', className].filter(Boolean).join(' ')}>
      {questions.map((question) => (
        <section key={question.id} className="mcp-elicit-server-question" data-server={question.serverId} aria-label={text.serverAsks(question.serverName)}>
          <p className="mcp-elicit-server-question-from" dir="auto">
            {text.serverAsks(question.serverName)}
          </p>
          <LazyInputRequestPanel {...panel} status="awaiting_input" inputs={question.inputs} round={question.round} respond={question.respond} />
        </section>
      ))}
    </div>
  )
}
