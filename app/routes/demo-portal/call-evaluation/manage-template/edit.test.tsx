// @vitest-environment jsdom
import type { SubmissionResult } from '@conform-to/react'
import { Outlet } from '@remix-run/react'
import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it } from 'vitest'
import type { Template } from '#contract/templates'
import { renderRoutes } from '#tests/fixtures/render'
import { TEMPLATE_IDS, templateFixtures } from '#tests/fixtures/templates'
import { userFixture, type DemoKey } from '#tests/fixtures/users'
import { toFormValue } from '~/components/call-evaluation/template-form/value'
import { TemplateForm } from '~/components/call-evaluation/template-form/template-form'
import TemplateEditPage from './edit'

const LIST = '/demo-portal/solutions/call-evaluation/manage-template'
const inbound = templateFixtures.find((t) => t.template_internal_id === TEMPLATE_IDS.inbound)!

function renderForm(who: DemoKey, template: Template | null, action: () => unknown = () => null) {
  return renderRoutes(
    [
      {
        id: 'routes/demo-portal/layout',
        path: '/demo-portal',
        loader: () => ({ user: userFixture(who) }),
        Component: () => <Outlet />,
        children: [
          {
            path: 'solutions/call-evaluation/manage-template/:internalTemplateId',
            Component: TemplateEditPage,
            loader: () => ({ template }),
            action: action as never,
          },
          { path: 'solutions/call-evaluation/manage-template', Component: () => <p>The list</p> },
        ],
      },
    ],
    `${LIST}/${template?.template_internal_id ?? 'add'}`,
  )
}

const questionTexts = (category: HTMLElement) =>
  within(category)
    .getAllByLabelText('Question')
    .map((el) => (el as HTMLTextAreaElement).value)

describe('template form page', () => {
  it('shows the template folded to its categories and questions, and draws a category’s fields when opened', async () => {
    renderForm('supervisor', inbound)
    expect(await screen.findByRole('heading', { level: 1, name: 'Inbound customer service' })).toBeInTheDocument()
    expect(screen.getByLabelText(/template name/i)).toHaveValue('Inbound customer service')
    const [opening, identity] = screen.getAllByRole('region', { name: /^Category \d/ })
    // folded, a category lists its questions and has no fields yet
    expect(
      within(opening)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['Did the agent greet the caller in the first 30 seconds?', 'Did the agent give their name?'])
    expect(within(opening).queryByLabelText('Category name')).toBeNull()
    await userEvent.setup().click(within(opening).getByRole('button', { name: 'Edit category 1' }))
    expect(within(opening).getByLabelText('Category name')).toHaveValue('Opening')
    expect(within(opening).getAllByLabelText('Evidence phrases')[0]).toHaveValue('thank you for calling\ngood morning')
    await userEvent.setup().click(within(identity).getByRole('heading', { name: 'Category 2: Identity verification' }))
    await waitFor(() => expect(within(identity).getByRole('checkbox', { name: /auto-fail/i })).toBeChecked())
    expect(screen.getByRole('button', { name: 'Save as new version' })).toBeInTheDocument()
  })

  it('saves every category as it was, opened or not, in the order the user left them', async () => {
    let posted: FormData | undefined
    renderForm('supervisor', inbound, async ({ request }: { request: Request }) => {
      posted = await request.formData()
      return null
    })
    const user = userEvent.setup()
    await screen.findByRole('heading', { level: 1 })
    const identity = screen.getAllByRole('region', { name: /^Category \d/ })[1]
    await user.click(within(identity).getByRole('heading', { name: /^Category 2/ }))
    await user.clear(within(identity).getByLabelText('Category name'))
    await user.type(within(identity).getByLabelText('Category name'), 'Security checks')
    // moved first, the edited category folds again (a new place) and still posts the edit
    await user.click(screen.getByRole('button', { name: 'Move category 2 up' }))
    await waitFor(() =>
      expect(screen.getAllByRole('heading', { level: 2 }).map((h) => h.textContent)).toEqual([
        'Category 1: Security checks',
        'Category 2: Opening',
      ]),
    )
    await user.click(screen.getByRole('button', { name: 'Save as new version' }))
    await waitFor(() => expect(posted).toBeDefined())
    const value = toFormValue(inbound)
    expect(posted!.get('categories[0].name')).toBe('Security checks')
    expect(posted!.get('categories[0].auto_failed')).toBe('on')
    expect(posted!.get('categories[1].name')).toBe('Opening')
    expect(posted!.has('categories[1].auto_failed')).toBe(false)
    value.categories[0]!.questions.forEach((q, i) => {
      expect(posted!.get(`categories[1].questions[${i}].question_text`)).toBe(q.question_text)
      expect(posted!.get(`categories[1].questions[${i}].evidence_phrases`)).toBe(q.evidence_phrases)
      expect(posted!.get(`categories[1].questions[${i}].speaker`)).toBe(q.speaker)
    })
    expect(posted!.getAll('categories[0].questions[0].question_text')).toEqual([
      value.categories[1]!.questions[0]!.question_text,
    ])
  })

  it('adds, moves and removes questions and categories in place with JavaScript', async () => {
    let posted = false
    renderForm('supervisor', inbound, () => {
      posted = true
      return null
    })
    const user = userEvent.setup()
    await screen.findByRole('heading', { level: 1 })
    const opening = () => screen.getAllByRole('region', { name: /^Category \d/ })[0]
    // a saved category is folded: open it to edit its questions
    await user.click(within(opening()).getByRole('heading', { name: 'Category 1: Opening' }))
    expect(opening().querySelector('details')).toHaveAttribute('open')

    await user.click(screen.getByRole('button', { name: 'Add question to category 1' }))
    await waitFor(() => expect(questionTexts(opening())).toHaveLength(3))
    await user.click(screen.getByRole('button', { name: 'Move question 2 in category 1 up' }))
    await waitFor(() =>
      expect(questionTexts(opening())).toEqual([
        'Did the agent give their name?',
        'Did the agent greet the caller in the first 30 seconds?',
        '',
      ]),
    )
    await user.click(screen.getByRole('button', { name: 'Move category 2 up' }))
    await waitFor(() =>
      expect(within(opening()).getByRole('heading', { level: 2 })).toHaveTextContent(
        'Category 1: Identity verification',
      ),
    )
    await user.click(screen.getByRole('button', { name: 'Add category' }))
    await waitFor(() => expect(screen.getAllByRole('region', { name: /^Category \d/ })).toHaveLength(3))
    await user.click(screen.getByRole('button', { name: 'Remove category 3' }))
    await waitFor(() => expect(screen.getAllByRole('region', { name: /^Category \d/ })).toHaveLength(2))
    expect(posted).toBe(false)
  })

  it('folds a saved template to its categories, each named with its size, and keeps the save bar apart', async () => {
    renderForm('supervisor', inbound)
    await screen.findByRole('heading', { level: 1 })
    const categories = screen.getAllByRole('region', { name: /^Category \d/ })
    expect(categories.map((c) => within(c).getByRole('heading', { level: 2 }).textContent)).toEqual([
      'Category 1: Opening',
      'Category 2: Identity verification',
    ])
    for (const category of categories) {
      const details = category.querySelector('details')!
      expect(details).not.toHaveAttribute('open')
      // the move and remove buttons stay outside the fold, and out of its summary (no button in a button)
      expect(
        within(category)
          .getByRole('button', { name: /^Move category \d down$/ })
          .closest('details'),
      ).toBeNull()
      expect(details.querySelector('summary button')).toBeNull()
    }
    expect(within(categories[0]).getByText(/^2 questions · weight \d+/)).toBeInTheDocument()
    expect(within(categories[1]).getByText(/auto-fail/)).toBeInTheDocument()
    const save = screen.getByRole('button', { name: 'Save as new version' })
    expect(save.closest('details')).toBeNull()
    expect(screen.getByText(/saving makes version 4/)).toBeInTheDocument()
  })

  it('opens a new category, and a category with an error when the form is checked', async () => {
    renderForm('supervisor', inbound)
    const user = userEvent.setup()
    await screen.findByRole('heading', { level: 1 })
    await user.click(screen.getByRole('button', { name: 'Add category' }))
    await waitFor(() => expect(screen.getAllByRole('region', { name: /^Category \d/ })).toHaveLength(3))
    const [opening, , added] = screen.getAllByRole('region', { name: /^Category \d/ })
    expect(added.querySelector('details')).toHaveAttribute('open')
    expect(opening.querySelector('details')).not.toHaveAttribute('open')
    // an error in a folded category opens it
    await user.click(within(opening).getByRole('heading', { name: 'Category 1: Opening' }))
    await user.clear(within(opening).getByLabelText('Category name'))
    await user.click(within(opening).getByRole('heading', { name: /^Category 1/ }))
    expect(opening.querySelector('details')).not.toHaveAttribute('open')
    await user.click(screen.getByRole('button', { name: 'Save as new version' }))
    await waitFor(() => expect(opening.querySelector('details')).toHaveAttribute('open'))
    expect(within(opening).getByText('Category name is required')).toBeInTheDocument()
    expect(within(opening).getByText(/has errors/)).toBeInTheDocument()
    // and the first field to fix has the focus, unfolded
    await waitFor(() => expect(within(opening).getByLabelText('Category name')).toHaveFocus())
  })

  /** The form as the action's answer to a post without JavaScript draws it; its categories. */
  async function answeredWith(intent: NonNullable<SubmissionResult<string[]>['intent']>) {
    const lastResult = {
      intent,
      initialValue: JSON.parse(JSON.stringify(toFormValue(inbound))) as Record<string, string>,
    }
    renderRoutes(
      [{ path: '/t', Component: () => <TemplateForm template={inbound} lastResult={lastResult} readOnly={false} /> }],
      '/t',
    )
    return screen.findAllByRole('region', { name: /^Category \d/ })
  }

  it('answers a list intent without JavaScript with the category it was in open', async () => {
    // "Move question 2 in category 2 up"
    const [opening, identity] = await answeredWith({
      type: 'reorder',
      payload: { name: 'categories[1].questions', from: 1, to: 0 },
    })
    expect(opening.querySelector('details')).not.toHaveAttribute('open')
    expect(identity.querySelector('details')).toHaveAttribute('open')
  })

  it('answers "Edit category 2" without JavaScript with that category open and drawn', async () => {
    // the button's post: conform's validate intent for the category
    const [opening, identity] = await answeredWith({ type: 'validate', payload: { name: 'categories[1]' } })
    expect(opening.querySelector('details')).not.toHaveAttribute('open')
    expect(within(opening).queryByLabelText('Category name')).toBeNull()
    expect(identity.querySelector('details')).toHaveAttribute('open')
    expect(within(identity).getByLabelText('Category name')).toHaveValue('Identity verification')
  })

  it('checks the form in the browser with the contract schema before posting', async () => {
    let posted = false
    renderForm('supervisor', null, () => {
      posted = true
      return null
    })
    const user = userEvent.setup()
    await user.click(await screen.findByRole('button', { name: 'Create template' }))
    expect(await screen.findByText('Template name is required')).toBeInTheDocument()
    expect(screen.getByText('Category name is required')).toBeInTheDocument()
    expect(screen.getByText('Give at least one phrase')).toBeInTheDocument()
    expect(posted).toBe(false)
  })

  it("shows the action's form error", async () => {
    renderForm('supervisor', inbound, () => ({
      result: {
        status: 'error',
        error: { '': ['Template not found'] },
        initialValue: { name: 'Inbound customer service' },
      },
    }))
    const user = userEvent.setup()
    await user.click(await screen.findByRole('button', { name: 'Save as new version' }))
    expect(await screen.findByRole('alert')).toHaveTextContent('Template not found')
  })

  it('is read-only for a role that cannot manage templates', async () => {
    renderForm('agent', inbound)
    expect(await screen.findByText('Only admins and QA supervisors can manage templates.')).toBeInTheDocument()
    expect(screen.getByLabelText(/template name/i)).toBeDisabled()
    expect(screen.queryByRole('button', { name: /save/i })).not.toBeInTheDocument()
    expect(screen.queryByRole('button', { name: /add question/i })).not.toBeInTheDocument()
    expect(screen.queryByRole('button', { name: /move/i })).not.toBeInTheDocument()
  })
})
