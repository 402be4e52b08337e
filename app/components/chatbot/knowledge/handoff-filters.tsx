import { Button, Group, NativeSelect, Stack } from '@mantine/core'
import { Form, Link } from '@remix-run/react'
import { HANDOFFS_PATH, type CampaignOption } from './access'

export const handoffFilters = ['queued', 'callback_requested', 'accepted', 'closed', 'all'] as const
export type HandoffFilter = (typeof handoffFilters)[number]

export const handoffFilterLabel: Record<HandoffFilter, string> = {
  queued: 'Waiting',
  callback_requested: 'Callbacks',
  accepted: 'With an agent',
  closed: 'Closed',
  all: 'All',
}

/** What an empty queue says, by filter. */
export const emptyQueue: Record<HandoffFilter, string> = {
  queued: 'Nobody is waiting for a person.',
  callback_requested: 'Nobody is waiting for a callback.',
  accepted: 'Nobody is with an agent right now.',
  closed: 'No handoffs have been closed yet.',
  all: 'Nobody has asked for a person yet.',
}

/** The queue's URL for a status and campaign (its first page). */
export function queueHref(status: HandoffFilter, campaignId: number | undefined) {
  const params = new URLSearchParams()
  if (status !== 'queued') params.set('status', status)
  if (campaignId) params.set('campaign_id', String(campaignId))
  const query = params.toString()
  return query ? `${HANDOFFS_PATH}?${query}` : HANDOFFS_PATH
}

/**
 * The status as links (one URL each, no JavaScript needed) and the campaign as a GET form that keeps
 * the status.
 */
export function HandoffFilters({
  status,
  campaignId,
  campaigns,
}: {
  status: HandoffFilter
  campaignId: number | undefined
  campaigns: CampaignOption[]
}) {
  return (
    <Stack gap="sm">
      <nav aria-label="Handoffs by status">
        <Group gap={6} wrap="wrap">
          {handoffFilters.map((s) => (
            <Button
              key={s}
              component={Link}
              to={queueHref(s, campaignId)}
              size="compact-md"
              variant={s === status ? 'filled' : 'default'}
              aria-current={s === status ? 'page' : undefined}
            >
              {handoffFilterLabel[s]}
            </Button>
          ))}
        </Group>
      </nav>
      <Form
        method="get"
        action={HANDOFFS_PATH}
        role="search"
        aria-label="Filter handoffs"
        key={`${status}|${campaignId}`}
      >
        {status !== 'queued' ? <input type="hidden" name="status" value={status} /> : null}
        <Group align="flex-end" gap="sm">
          <NativeSelect
            name="campaign_id"
            label="Campaign"
            defaultValue={campaignId ? String(campaignId) : ''}
            data={[{ value: '', label: 'All campaigns' }, ...campaigns]}
            w={260}
          />
          <Button type="submit" variant="light">
            Apply
          </Button>
        </Group>
      </Form>
    </Stack>
  )
}
