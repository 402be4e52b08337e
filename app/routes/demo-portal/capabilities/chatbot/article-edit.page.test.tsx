// @vitest-environment jsdom
import { Outlet } from '@remix-run/react'
import { screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it } from 'vitest'
import type { Article } from '#contract/chatbot'
import { renderRoutes } from '#tests/fixtures/render'
import { userFixture } from '#tests/fixtures/users'
import ArticleEditPage, { ErrorBoundary } from './article-edit'

const LIST = '/demo-portal/capabilities/chatbot/knowledge-base'
const campaigns = [
  { value: '1', label: 'Acme Bank Retail' },
  { value: '2', label: 'NovaTel Customer Care' },
]
const article: Article = {
  article_id: 7,
  campaign_id: 2,
  campaign_name: 'NovaTel Customer Care',
  title: 'Changing a direct debit date',
  keywords: ['direct debit', 'payment date'],
  questions: ['Can I pay later in the month?', 'How do I change when my bill is paid?'],
  body: 'You can move your payment date once a year in the app.\n\nIt takes effect from the next bill.',
  chunk_count: 2,
  indexed: false,
  updated_by: 'Sam Supervisor',
  updated_at: '2026-11-20T10:00:00.000Z',
}

type Page = {
  article?: Article | null
  prefill?: { title: string; campaign_id: string }
  confirm?: boolean
  action?: (args: { request: Request }) => unknown
  loader?: () => never
}

function renderForm({
  article = null,
  prefill = { title: '', campaign_id: '' },
  confirm = false,
  action,
  loader,
}: Page) {
  return renderRoutes(
    [
      {
        id: 'routes/demo-portal/layout',
        path: '/demo-portal',
        loader: () => ({ user: userFixture('supervisor') }),
        Component: () => <Outlet />,
        children: [
          {
            path: 'capabilities/chatbot/knowledge-base/:articleId',
            Component: ArticleEditPage,
            ErrorBoundary,
            loader: (loader ?? (() => ({ article, prefill, campaigns, campaignsFailed: false, confirm }))) as never,
            action: (action ?? (() => null)) as never,
          },
          { path: 'capabilities/chatbot/knowledge-base', Component: () => <p>The list</p> },
        ],
      },
    ],
    `${LIST}/${article?.article_id ?? 'add'}`,
  )
}

describe('article form page', () => {
  it('starts a new article from a knowledge gap: its question as the title, its campaign chosen', async () => {
    renderForm({ prefill: { title: 'Can I pay by cheque?', campaign_id: '2' } })
    expect(await screen.findByRole('heading', { level: 1, name: 'New article' })).toBeInTheDocument()
    expect(screen.getByLabelText(/^Title/)).toHaveValue('Can I pay by cheque?')
    expect(screen.getByLabelText(/^Campaign/)).toHaveValue('2')
    expect(screen.getByLabelText(/^Keywords/)).toHaveValue('')
    const body = screen.getByLabelText(/^Article/)
    expect(body.tagName).toBe('TEXTAREA')
    expect(body).toHaveAccessibleDescription(
      /Separate paragraphs with a blank line: each paragraph is quoted on its own/,
    )
    expect(screen.getByRole('button', { name: 'Create article' })).toBeInTheDocument()
    expect(screen.queryByRole('link', { name: /^Delete/ })).not.toBeInTheDocument()
  })

  it('checks every field in the browser with the contract schema, in one round, before posting', async () => {
    let posted = false
    renderForm({
      action: () => {
        posted = true
        return null
      },
    })
    const user = userEvent.setup()
    await user.type(await screen.findByLabelText(/^Keywords/), `fine, ${'k'.repeat(61)}`)
    await user.click(screen.getByRole('button', { name: 'Create article' }))
    expect(
      await screen.findByText('Choose a campaign', { selector: '.mantine-InputWrapper-error' }),
    ).toBeInTheDocument()
    expect(screen.getByText('Give the article a title of at least 3 characters')).toBeInTheDocument()
    expect(screen.getByText('A keyword can be at most 60 characters')).toBeInTheDocument()
    expect(screen.getByText('Write at least 40 characters')).toBeInTheDocument()
    expect(posted).toBe(false)
  })

  it('posts a valid article to its action', async () => {
    let received: Record<string, string> | null = null
    renderForm({
      action: async ({ request }: { request: Request }) => {
        received = Object.fromEntries(await request.formData()) as Record<string, string>
        return null
      },
    })
    const user = userEvent.setup()
    await user.selectOptions(await screen.findByLabelText(/^Campaign/), 'Acme Bank Retail')
    await user.type(screen.getByLabelText(/^Title/), 'Paying by cheque')
    await user.type(screen.getByLabelText(/^Keywords/), 'cheque, post')
    await user.type(
      screen.getByLabelText(/^Questions it answers/),
      'Can I pay by cheque?{Enter}Where do I send a cheque?',
    )
    await user.type(
      screen.getByLabelText(/^Article/),
      'We no longer take cheques. Pay by card or bank transfer instead.',
    )
    await user.click(screen.getByRole('button', { name: 'Create article' }))
    await waitFor(() =>
      expect(received).toEqual({
        campaign_id: '1',
        title: 'Paying by cheque',
        keywords: 'cheque, post',
        questions: 'Can I pay by cheque?\nWhere do I send a cheque?',
        body: 'We no longer take cheques. Pay by card or bank transfer instead.',
      }),
    )
  })

  it('shows the article being edited, its index state, and a delete that asks first', async () => {
    renderForm({ article })
    expect(await screen.findByRole('heading', { level: 1, name: article.title })).toBeInTheDocument()
    expect(screen.getByText('Waiting to be indexed')).toBeInTheDocument()
    expect(
      screen.getByText(/NovaTel Customer Care · 2 chunks · last saved 20 Nov 2026, 10:00 UTC by Sam Supervisor/),
    ).toBeInTheDocument()
    expect(screen.getByLabelText(/^Campaign/)).toHaveValue('2')
    expect(screen.getByLabelText(/^Keywords/)).toHaveValue('direct debit, payment date')
    expect(screen.getByLabelText(/^Questions it answers/)).toHaveValue(article.questions.join('\n'))
    expect(screen.getByLabelText(/^Article/)).toHaveValue(article.body)
    expect(screen.getByRole('button', { name: 'Save changes' })).toBeInTheDocument()
    expect(screen.getByRole('link', { name: 'Cancel' })).toHaveAttribute('href', LIST)
    const user = userEvent.setup()
    const remove = screen.getByRole('link', { name: `Delete ${article.title}` })
    expect(remove).toHaveAttribute('href', `${LIST}/7?confirm-delete=1`)
    await user.click(remove)
    const dialog = await screen.findByRole('dialog', { name: 'Delete article' })
    expect(dialog.querySelector('form')).toHaveAttribute('action', LIST)
    expect(dialog.querySelector('input[name="article_id"]')).toHaveValue('7')
    expect(dialog.querySelector('input[name="redirectTo"]')).toHaveValue(LIST)
  })

  it("shows the action's form error and field errors", async () => {
    renderForm({
      article,
      action: () => ({
        result: {
          status: 'error',
          error: { '': ['Campaign not found'], campaign_id: ['Choose a campaign'] },
          initialValue: { campaign_id: '2', title: article.title, keywords: '', body: article.body },
        },
      }),
    })
    const user = userEvent.setup()
    await user.click(await screen.findByRole('button', { name: 'Save changes' }))
    const alert = await screen.findByRole('alert')
    expect(alert).toHaveTextContent('The article was not saved')
    expect(alert).toHaveTextContent('Campaign not found')
    expect(screen.getByText('Choose a campaign', { selector: '.mantine-InputWrapper-error' })).toBeInTheDocument()
  })

  it('shows a 404 page with the way back to the knowledge base', async () => {
    renderForm({
      loader: () => {
        throw new Response('Article not found', { status: 404 })
      },
    })
    expect(await screen.findByRole('heading', { level: 1, name: 'Page not found' })).toBeInTheDocument()
    expect(screen.getByText('Article not found')).toBeInTheDocument()
    expect(screen.queryByLabelText(/^Title/)).not.toBeInTheDocument()
    expect(screen.getByRole('link', { name: 'Back to the knowledge base' })).toHaveAttribute('href', LIST)
  })

  it('shows the 403 page to a role that may not write articles', async () => {
    renderForm({
      loader: () => {
        throw new Response('Only admins and QA supervisors can manage the knowledge base.', { status: 403 })
      },
    })
    expect(
      await screen.findByRole('heading', { level: 1, name: 'You do not have access to this page' }),
    ).toBeInTheDocument()
    expect(screen.getByText('Only admins and QA supervisors can manage the knowledge base.')).toBeInTheDocument()
    expect(screen.queryByLabelText(/^Title/)).not.toBeInTheDocument()
  })
})
