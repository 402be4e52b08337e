// @vitest-environment jsdom
import { getFormProps, getInputProps, useForm } from '@conform-to/react'
import { parseWithZod } from '@conform-to/zod'
import { act, fireEvent, render, screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it, vi } from 'vitest'
import { z } from 'zod'
import { useBrowserChecks } from './browser-checks'

const schema = z.object({ name: z.string({ required_error: 'Enter a name' }) })
const schemas = { parseNameForm: (formData: FormData) => parseWithZod(formData, { schema }) }

/** The checks' chunk, loaded when the test says so. */
function deferredChunk() {
  let arrive: () => void = () => undefined
  let fail: () => void = () => undefined
  const load = vi.fn(
    () =>
      new Promise<typeof schemas>((resolve, reject) => {
        arrive = () => resolve(schemas)
        fail = () => reject(new Error('chunk failed to load'))
      }),
  )
  return { load, arrive: () => act(async () => arrive()), fail: () => act(async () => fail()) }
}

function NameForm({ load, onPost }: { load: () => Promise<typeof schemas>; onPost: () => void }) {
  const checks = useBrowserChecks(load, (s, formData) => s.parseNameForm(formData), {
    shouldValidate: 'onBlur',
    shouldRevalidate: 'onInput',
  })
  const [form, fields] = useForm({ id: 'name-form', ...checks.options })
  return (
    <form
      {...getFormProps(form)}
      {...checks.formProps}
      aria-label="Profile"
      onSubmit={(event) => {
        getFormProps(form).onSubmit(event)
        if (!event.defaultPrevented) onPost()
        event.preventDefault()
      }}
    >
      <label htmlFor={fields.name.id}>Name</label>
      <input {...getInputProps(fields.name, { type: 'text' })} key={fields.name.key} />
      <span>{fields.name.errors?.join(' ')}</span>
      <input aria-label="Note" name="note" />
      <button type="submit">Save</button>
    </form>
  )
}

describe('useBrowserChecks', () => {
  it('loads nothing until the user reaches into the form, then once', async () => {
    const chunk = deferredChunk()
    render(<NameForm load={chunk.load} onPost={() => undefined} />)
    expect(chunk.load).not.toHaveBeenCalled()
    const user = userEvent.setup()
    await user.click(screen.getByLabelText('Name'))
    await user.click(screen.getByLabelText('Note'))
    await user.keyboard('x')
    expect(chunk.load).toHaveBeenCalledTimes(1)
  })

  it('holds a submit that comes before the checks, and checks it when they arrive', async () => {
    const chunk = deferredChunk()
    const onPost = vi.fn()
    render(<NameForm load={chunk.load} onPost={onPost} />)
    const user = userEvent.setup()
    await user.click(screen.getByRole('button', { name: 'Save' }))
    expect(chunk.load).toHaveBeenCalledTimes(1)
    expect(onPost).not.toHaveBeenCalled()

    await chunk.arrive()
    expect(await screen.findByText('Enter a name')).toBeInTheDocument()
    expect(onPost).not.toHaveBeenCalled()
    await user.type(screen.getByLabelText('Name'), 'Ada')
    await user.click(screen.getByRole('button', { name: 'Save' }))
    expect(onPost).toHaveBeenCalledTimes(1)
  })

  it('checks a field left before the checks arrived as soon as they do', async () => {
    const chunk = deferredChunk()
    render(<NameForm load={chunk.load} onPost={() => undefined} />)
    const user = userEvent.setup()
    await user.click(screen.getByLabelText('Name'))
    await user.click(screen.getByLabelText('Note'))
    expect(screen.queryByText('Enter a name')).not.toBeInTheDocument()
    await chunk.arrive()
    expect(await screen.findByText('Enter a name')).toBeInTheDocument()
    // the field the user is in is not checked behind their back
    expect(screen.getByLabelText('Note')).toHaveFocus()
  })

  it('does not post a "validate" intent on blur while the checks are away', async () => {
    const chunk = deferredChunk()
    const onPost = vi.fn()
    render(<NameForm load={chunk.load} onPost={onPost} />)
    fireEvent.focusIn(screen.getByLabelText('Name'))
    fireEvent.focusOut(screen.getByLabelText('Name'))
    await act(async () => new Promise((resolve) => setTimeout(resolve, 10)))
    expect(onPost).not.toHaveBeenCalled()
  })

  it('leaves the form to the action when the checks fail to load, the held submit too', async () => {
    const chunk = deferredChunk()
    const onPost = vi.fn()
    render(<NameForm load={chunk.load} onPost={onPost} />)
    await userEvent.setup().click(screen.getByRole('button', { name: 'Save' }))
    expect(onPost).not.toHaveBeenCalled()
    await chunk.fail()
    await waitFor(() => expect(onPost).toHaveBeenCalledTimes(1))
    expect(screen.queryByText('Enter a name')).not.toBeInTheDocument()
  })
})
