export const summaryTypes = ['brief', 'detailed', 'bullet_points', 'action_items', 'call_notes'] as const
export type SummaryType = (typeof summaryTypes)[number]

/** What each type is, for the portal's picker and for the LLM's instructions (one wording for both). */
export const summaryTypeInfo: Record<SummaryType, { label: string; description: string }> = {
  brief: { label: 'Brief', description: 'Two or three sentences: why the customer got in touch and how it ended.' },
  detailed: {
    label: 'Detailed',
    description: 'The conversation in a fifth of its length: the problem, the facts given and what was agreed.',
  },
  bullet_points: { label: 'Bullet points', description: 'The key points as a short list, one fact per line.' },
  action_items: {
    label: 'Action items',
    description: 'Only the commitments and next steps, each with who does what and by when.',
  },
  call_notes: {
    label: 'Call notes',
    description: 'Wrap-up notes for the CRM: reason for contact, resolution and follow-ups.',
  },
}

/** One speaker's turn (or, in a document, one sentence); `start` is in seconds when the transcript had times. */
export type Turn = { speaker?: string; text: string; start?: number }
