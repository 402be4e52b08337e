// @vitest-environment jsdom
import { screen, within } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { renderRoutes } from '#tests/fixtures/render'
import { messageAnchor, MessageThread } from './message-thread'

const turns = [
  { index: 0, speaker: 'customer' as const, text: 'My card was declined.', start_s: null },
  { index: 1, speaker: 'agent' as const, text: 'Let me check that for you.', start_s: null },
]

describe('a chat or e-mail thread', () => {
  it('numbers the messages as evidence cites them, names the speaker and marks the quoted ones', async () => {
    renderRoutes([{ path: '/', Component: () => <MessageThread turns={turns} highlighted={new Set([1])} /> }], '/')
    const items = within(await screen.findByRole('list', { name: 'Conversation' })).getAllByRole('listitem')
    expect(items.map((li) => li.textContent)).toEqual([
      '#1CustomerMy card was declined.',
      '#2AgentLet me check that for you. (quoted as evidence)',
    ])
    // an evidence link (#message-2) lands on the quoted message, without JavaScript
    expect(items[1]!.id).toBe(messageAnchor(1))
  })

  it('says so when there is nothing to show', async () => {
    renderRoutes([{ path: '/', Component: () => <MessageThread turns={[]} /> }], '/')
    expect(await screen.findByText('No messages.')).toBeTruthy()
  })
})
