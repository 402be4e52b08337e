import { Button, Card, Center, Group, List, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core'
import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node'
import { isRouteErrorResponse, Link, useLoaderData, useParams, useRouteError } from '@remix-run/react'
import { IconFaceId, IconTrash } from '~/components/icons'
import { useState } from 'react'
import { endpoints } from '#contract/endpoints'
import { ErrorScreen } from '~/components/error-screen'
import { FaceOverlay } from '~/components/face/face-overlay'
import {
  bucketLabel,
  bucketOf,
  bucketPath,
  CONFIRM_PARAM,
  DELETED,
  FACE_DEMO_PATH,
  FACE_PATH,
  formatDateTime,
  formatScore,
  kindLabel,
  SCAN_DELETE_ERROR,
  SCAN_NOT_FOUND,
  scanPath,
} from '~/components/face/format'
import { DistanceMeter } from '~/components/face/distance-meter'
import { DELETE_INTENT } from '~/components/face/photo-intents'
import { DecisionBadge, Thumb } from '~/components/face/scan-table'
import { ConfirmActionForm, ConfirmActionPanel, ConfirmModal } from '~/components/layout/confirm-action'
import { deleteAction } from '~/lib/delete-action.server'
import { readForm } from '~/lib/forms.server'
import { idOf, orNull, toPortalImageUrl, upstreamFailure } from '~/services/face.server'
import { createUpstream, errorResponse } from '~/services/upstream.server'
import { pageTitle } from '~/theme'
import { requireBucket, rowOfScan } from './scans.server'
import { BackLink } from '~/components/layout/page-header'

export const meta: MetaFunction<typeof loader> = ({ data }) => [
  { title: pageTitle(data ? `Scan #${data.scan.scan_id}` : SCAN_NOT_FOUND) },
]

export async function loader({ request, params }: LoaderFunctionArgs) {
  const bucket = requireBucket(params.type)
  const id = idOf(params.subtype)
  const api = await createUpstream(request)
  if (id === null) throw errorResponse(404, SCAN_NOT_FOUND, api.headers)
  const scan = await api.request(endpoints.getScan, { params: { id } }).catch(async (thrown: unknown) => {
    const { status, message } = await upstreamFailure(thrown)
    throw errorResponse(status, status === 404 ? SCAN_NOT_FOUND : message, api.headers)
  })
  // the scan under the bucket it belongs to
  if (bucket !== 'total_scanned' && bucket !== bucketOf(scan)) {
    throw redirect(scanPath(bucketOf(scan), scan.scan_id), { headers: api.headers })
  }
  const person = scan.person
    ? await orNull(api.request(endpoints.getPerson, { params: { id: scan.person.person_id } }))
    : null
  const reference = person?.photos[0] ? toPortalImageUrl(person.photos[0].url) : null
  // `?confirm-delete=1`: the delete's confirmation step without JavaScript
  const confirm = new URL(request.url).searchParams.has(CONFIRM_PARAM)
  return data(
    { bucket, scan: rowOfScan(scan), reference, externalId: person?.external_id ?? null, confirm },
    { headers: api.headers },
  )
}

/**
 * Delete the scan (intent `delete`): back to its bucket with the toast; a scan that is gone (or
 * someone else's) is the not-found page; any other failure returns to the scan and says why.
 */
export async function action({ request, params }: ActionFunctionArgs) {
  const bucket = requireBucket(params.type)
  const id = idOf(params.subtype)
  const form = await readForm(request)
  if (form.get('intent') !== DELETE_INTENT) throw errorResponse(400, 'Choose what to do')
  if (id === null) throw errorResponse(404, SCAN_NOT_FOUND, (await createUpstream(request)).headers)
  return deleteAction({
    request,
    target: id,
    remove: (api, scanId) => api.request(endpoints.deleteScan, { params: { id: scanId } }),
    back: scanPath(bucket, id),
    done: bucketPath(bucket),
    messages: { done: DELETED, errorTitle: SCAN_DELETE_ERROR },
    failure: async (thrown, api) => {
      const failure = await upstreamFailure(thrown)
      if (failure.status === 404) throw errorResponse(404, SCAN_NOT_FOUND, api.headers)
      return failure
    },
  })
}

function deleting(scanId: number, pagePath: string) {
  return {
    action: pagePath,
    intent: DELETE_INTENT,
    fields: { scan_id: scanId },
    redirectTo: pagePath,
    submitLabel: 'Delete scan',
    message: (
      <>
        Delete <strong>scan #{scanId}</strong>? Its photo and result are removed for good.
      </>
    ),
  }
}

function Back({ bucket }: { bucket: keyof typeof bucketLabel }) {
  return <BackLink to={bucketPath(bucket)}>{bucketLabel[bucket]} scans</BackLink>
}

function Reasons({ label, reasons }: { label: string; reasons: string[] }) {
  return reasons.length ? (
    <List size="sm" spacing={2} aria-label={label}>
      {reasons.map((r) => (
        <List.Item key={r}>{r}</List.Item>
      ))}
    </List>
  ) : null
}

export default function FaceScanPage() {
  const { bucket, scan, reference, externalId, confirm } = useLoaderData<typeof loader>()
  const [asking, setAsking] = useState(false)
  const personRole = scan.kind === 'verify' ? 'Claimed person' : 'Best match'
  const pagePath = scanPath(bucket, scan.scan_id)
  return (
    <Stack gap="lg">
      <div>
        <Back bucket={bucket} />
        <Group justify="space-between" align="flex-end" mt={4} gap="sm">
          <Group gap="sm" align="center">
            <Title order={1}>Scan #{scan.scan_id}</Title>
            <DecisionBadge decision={scan.decision} />
          </Group>
          <Group gap="sm">
            <Button
              component={Link}
              to={`${pagePath}?${CONFIRM_PARAM}=1`}
              preventScrollReset
              onClick={(event) => {
                event.preventDefault()
                setAsking(true)
              }}
              variant="light"
              color="red"
              leftSection={<IconTrash size={16} aria-hidden />}
            >
              Delete
            </Button>
            <Button component={Link} to={FACE_DEMO_PATH} leftSection={<IconFaceId size={16} />}>
              Verify another
            </Button>
          </Group>
        </Group>
        <Text c="dimmed" size="sm">
          {kindLabel[scan.kind]} · {formatDateTime(scan.created_at)}
        </Text>
      </div>
      {confirm ? (
        <ConfirmActionPanel {...deleting(scan.scan_id, pagePath)} title="Delete scan" cancelHref={pagePath} />
      ) : null}
      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="lg">
        <Card padding="md" component="section" aria-label="Photo">
          {scan.photoSrc ? (
            <FaceOverlay
              src={scan.photoSrc}
              alt={`Photo of scan ${scan.scan_id}`}
              face={scan.face}
              landmarks={scan.landmarks}
              imageSize={scan.image_size}
            />
          ) : (
            <Text c="dimmed" ta="center" py="xl">
              The photo is no longer available.
            </Text>
          )}
          {scan.face ? null : (
            <Text size="sm" c="dimmed" mt="xs">
              No face was found in the photo.
            </Text>
          )}
        </Card>
        <Stack gap="md">
          <Card padding="md" component="section" aria-labelledby="decision-title">
            <Title order={2} size="h4" id="decision-title" mb="xs">
              Decision
            </Title>
            <Group gap="xs" mb="sm">
              <DecisionBadge decision={scan.decision} />
              <Text size="sm">
                {scan.decision === 'validated'
                  ? `The face is ${scan.person?.name ?? 'a known person'} and looks live.`
                  : 'The face was not accepted.'}
              </Text>
            </Group>
            <Reasons label="Reasons" reasons={scan.reasons} />
          </Card>
          <Card padding="md" component="section" aria-labelledby="person-title">
            <Title order={2} size="h4" id="person-title" mb="xs">
              {personRole}
            </Title>
            {scan.person ? (
              <Group gap="sm">
                <Thumb src={reference} alt={`${scan.person.name}, reference photo`} size={64} />
                <div>
                  <Text fw={600}>{scan.person.name}</Text>
                  <Text size="xs" c="dimmed">
                    {externalId ? `External id ${externalId}` : `Person #${scan.person.person_id}`}
                  </Text>
                </div>
              </Group>
            ) : (
              <Text size="sm" c="dimmed">
                {scan.kind === 'identify' ? 'No enrolled person is close enough.' : 'The person is no longer enrolled.'}
              </Text>
            )}
            <DistanceMeter distance={scan.distance} threshold={scan.threshold} />
          </Card>
          <Card padding="md" component="section" aria-labelledby="liveness-title">
            <Title order={2} size="h4" id="liveness-title" mb="xs">
              Liveness
            </Title>
            <Text size="sm" mb="xs">
              Score <strong>{formatScore(scan.liveness.score)}</strong> ·{' '}
              {scan.liveness.live ? 'looks live' : 'may be a photo of a screen or a print'}
            </Text>
            <Reasons label="Liveness reasons" reasons={scan.liveness.reasons} />
          </Card>
        </Stack>
      </SimpleGrid>
      <ConfirmModal title="Delete scan" target={asking} onClose={() => setAsking(false)}>
        {(_open, controls) => <ConfirmActionForm {...deleting(scan.scan_id, pagePath)} {...controls} />}
      </ConfirmModal>
    </Stack>
  )
}

export function ErrorBoundary() {
  const error = useRouteError()
  const { type } = useParams()
  if (isRouteErrorResponse(error) && error.status === 404) {
    return (
      <Center mih="50vh">
        <Paper withBorder p="xl" radius="md" maw={520} w="100%">
          <Stack gap="sm" align="flex-start">
            <Title order={1} size="h2">
              {typeof error.data === 'string' ? error.data : SCAN_NOT_FOUND}
            </Title>
            <Text c="dimmed">It may have been deleted, or it is someone else’s.</Text>
            <Group gap="sm">
              <Button component={Link} to={type && type in bucketLabel ? bucketPath(type as 'validated') : FACE_PATH}>
                Back to the scans
              </Button>
              <Button component={Link} to={FACE_DEMO_PATH} variant="default">
                Verify a face
              </Button>
            </Group>
          </Stack>
        </Paper>
      </Center>
    )
  }
  return <ErrorScreen error={error} />
}
