import { describe, expect, it } from 'vitest'
import { summaryBlocks } from './summary-blocks'

describe('summary blocks', () => {
  it('turns "- " lines into one list', () => {
    expect(summaryBlocks('- One fact.\n- Another.\n\n• A third.', 'bullet_points')).toEqual([
      { kind: 'list', items: ['One fact.', 'Another.', 'A third.'] },
    ])
  })

  it('reads call notes as headings with their text, and follow-ups as a list', () => {
    const notes = [
      'Reason for contact: Charged twice for March.',
      'Resolution: Refund of £84.20 issued.',
      'Follow-ups:',
      '- Agent: email a confirmation today',
      '- Customer: call back if not received by Friday',
    ].join('\n')
    expect(summaryBlocks(notes, 'call_notes')).toEqual([
      { kind: 'heading', text: 'Reason for contact' },
      { kind: 'paragraph', text: 'Charged twice for March.' },
      { kind: 'heading', text: 'Resolution' },
      { kind: 'paragraph', text: 'Refund of £84.20 issued.' },
      { kind: 'heading', text: 'Follow-ups' },
      { kind: 'list', items: ['Agent: email a confirmation today', 'Customer: call back if not received by Friday'] },
    ])
  })

  it('keeps prose as paragraphs, and a "Label:" in prose as text', () => {
    expect(summaryBlocks('Customer: charged twice.\nThe agent refunded it.\n\nSecond paragraph.', 'brief')).toEqual([
      { kind: 'paragraph', text: 'Customer: charged twice. The agent refunded it.' },
      { kind: 'paragraph', text: 'Second paragraph.' },
    ])
  })
})
