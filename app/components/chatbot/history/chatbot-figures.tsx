import { Alert } from '@mantine/core'
import type { ChatbotKpi } from '#contract/chatbot'
import { formatCount, formatShare } from './format'
import classes from './history.module.css'

type Props = {
  /** The figures, or null when they could not be loaded (`error` says why). */
  kpi: ChatbotKpi | null
  error: string | null
}

/** The list's figures as plain text in the page (a definition list), with or without JavaScript. */
export function ChatbotFigures({ kpi, error }: Props) {
  if (!kpi) {
    return (
      <Alert color="yellow" title="The figures could not be loaded" role="alert" p="xs">
        {error}
      </Alert>
    )
  }
  const answers = kpi.answered + kpi.dont_know
  const figures = [
    ['Conversations', formatCount(kpi.conversations), `${formatCount(kpi.questions)} questions`],
    ['Answered', formatShare(kpi.answered, answers), `${formatCount(kpi.answered)} of ${formatCount(answers)} answers`],
    ['“I don’t know”', formatCount(kpi.dont_know), 'questions without an answer'],
    ['Thumbs up', `👍 ${formatCount(kpi.thumbs_up)}`, 'answers rated helpful'],
    ['Thumbs down', `👎 ${formatCount(kpi.thumbs_down)}`, 'answers rated unhelpful'],
    ['Handoffs', formatCount(kpi.handoffs), 'handed to a person'],
  ]
  return (
    <dl className={classes.figures} aria-label="Figures">
      {figures.map(([term, value, note]) => (
        <div key={term}>
          <dt>{term}</dt>
          <dd>
            <span className={classes.figure}>{value}</span>
            <span className={classes.note}>{note}</span>
          </dd>
        </div>
      ))}
    </dl>
  )
}
