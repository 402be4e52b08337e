// @vitest-environment jsdom
import { render, screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it } from 'vitest'
import { PlainInput, PlainSelect, PlainTextarea } from './plain-field'

describe('plain fields', () => {
  it('name their control by the label and say its error, as Mantine inputs do', () => {
    render(
      <>
        <PlainInput
          type="number"
          name="score_min"
          label="Score from"
          defaultValue="150"
          error="Scores run from 0 to 100"
        />
        <PlainInput type="search" name="q" label="Search" />
      </>,
    )
    const score = screen.getByLabelText('Score from')
    expect(score).toHaveAttribute('name', 'score_min')
    expect(score).toHaveAttribute('type', 'number')
    expect(score).toBeInvalid()
    expect(score).toHaveAccessibleDescription('Scores run from 0 to 100')
    const search = screen.getByRole('searchbox', { name: 'Search' })
    expect(search).toBeValid()
    expect(search).not.toHaveAttribute('aria-describedby')
  })

  it('offer options and groups of options, and take a choice', async () => {
    render(
      <PlainSelect
        name="service_id"
        label="Service"
        defaultValue=""
        data={[
          { value: '', label: 'Any' },
          { group: 'Retail banking', items: [{ value: '4', label: 'Card services' }] },
          { group: 'Energy', items: [{ value: '7', label: 'Collections' }] },
        ]}
      />,
    )
    const select = screen.getByRole('combobox', { name: 'Service' })
    expect(within(select).getByRole('group', { name: 'Energy' })).toHaveTextContent('Collections')
    await userEvent.selectOptions(select, 'Card services')
    expect(select).toHaveValue('4')
  })

  it('keep the id they are given (conform’s), and read out a description before an error', () => {
    render(
      <PlainTextarea
        id="template-description"
        name="description"
        label="Description"
        description="What calls it is for"
        error="Too long"
        rows={2}
        withAsterisk
      />,
    )
    const box = screen.getByRole('textbox', { name: /Description/ })
    expect(box).toHaveAttribute('id', 'template-description')
    expect(box).toHaveAttribute('rows', '2')
    expect(box).toBeInvalid()
    expect(box).toHaveAccessibleDescription('What calls it is for Too long')
  })
})
