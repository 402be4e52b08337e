import { Alert, Anchor, Button, Card, Group, Stack, Table, Text, Title } from '@mantine/core'
import { Form, useNavigation } from '@remix-run/react'
import { IconFileUpload } from '~/components/icons'
import { USER_LIST_PATH, USER_UPLOAD_TEMPLATE_PATH } from './paths'
import type { UploadOutcome } from './user-upload.schema'
import classes from './users.module.css'
import { TableScroll } from '~/components/layout/table-scroll'

// The report of a 50,000-row file is long; the page shows the first rows of each part.
const SHOWN_ROWS = 200

type Props = { outcome: UploadOutcome | undefined; maxMb: number; columns: readonly string[] }

/**
 * Bulk create from a CSV: a multipart POST to the list's action, which answers with the API's
 * per-row report. A `<details>` so it takes no room until wanted, with or without JavaScript.
 */
export function UserUpload({ outcome, maxMb, columns }: Props) {
  const navigation = useNavigation()
  const uploading = navigation.state === 'submitting' && navigation.formData?.get('intent') === 'upload'
  return (
    <Card padding="md" component="section" aria-labelledby="user-upload-title">
      <details open={outcome !== undefined} className={classes.details}>
        <summary className={classes.summary}>
          <Title order={2} size="h4" id="user-upload-title" component="span">
            Bulk upload from CSV
          </Title>
        </summary>
        <Stack gap="md" mt="sm">
          <Text size="sm" c="dimmed">
            One user a row, with a header row naming the columns (in any order): <code>{columns.join(', ')}</code>.
            Email, first name, last name and role are required. Departments and locations go by name, the supervisor by
            email. Uploaded users get no password: set one from their edit page. At most {maxMb} MB.{' '}
            <Anchor href={USER_UPLOAD_TEMPLATE_PATH} download>
              Download the CSV template
            </Anchor>
          </Text>
          <Form method="post" action={USER_LIST_PATH} encType="multipart/form-data">
            <input type="hidden" name="intent" value="upload" />
            <Group align="flex-end" gap="sm" wrap="wrap">
              {/* a native file input inside Mantine's look: it must post without JavaScript */}
              <div className={classes.file}>
                <label htmlFor="user-upload-file" className={classes.fileLabel}>
                  CSV file
                </label>
                <input id="user-upload-file" name="file" type="file" accept=".csv,text/csv" />
              </div>
              <Button type="submit" loading={uploading} leftSection={<IconFileUpload size={16} aria-hidden />}>
                Upload
              </Button>
            </Group>
          </Form>
          {outcome ? <UploadResult outcome={outcome} /> : null}
        </Stack>
      </details>
    </Card>
  )
}

function UploadResult({ outcome }: { outcome: UploadOutcome }) {
  if ('error' in outcome) {
    return (
      <Alert color="red" title="The file was not uploaded" role="alert">
        {outcome.error}
      </Alert>
    )
  }
  const { report, fileName } = outcome
  const clean = report.rejected_count === 0
  return (
    <Stack gap="sm" role="region" aria-label="Upload report">
      <Alert color={clean ? 'teal' : 'yellow'} title={`${fileName}: ${report.total_rows} rows`} role="status">
        {report.created_count} {report.created_count === 1 ? 'user' : 'users'} created, {report.rejected_count}{' '}
        {report.rejected_count === 1 ? 'row' : 'rows'} rejected.
        {clean ? null : ' Fix the rejected rows and upload them again; the created users are kept.'}
      </Alert>
      {report.rejected.length ? (
        <ReportTable
          caption="Rejected rows"
          head={['Row', 'Email', 'Reason']}
          rows={report.rejected.map((r) => [r.row, r.email ?? '—', r.reason])}
        />
      ) : null}
      {report.created.length ? (
        <ReportTable
          caption="Created users"
          head={['Row', 'Email']}
          rows={report.created.map((r) => [r.row, r.email])}
        />
      ) : null}
    </Stack>
  )
}

function ReportTable({ caption, head, rows }: { caption: string; head: string[]; rows: (string | number)[][] }) {
  return (
    <div>
      <TableScroll minWidth={520} maxHeight={320}>
        <Table striped verticalSpacing={4} captionSide="top" aria-label={caption}>
          <Table.Caption ta="left" fw={600}>
            {caption} ({rows.length})
          </Table.Caption>
          <Table.Thead>
            <Table.Tr>
              {head.map((h) => (
                <Table.Th key={h}>{h}</Table.Th>
              ))}
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {rows.slice(0, SHOWN_ROWS).map((cells) => (
              <Table.Tr key={cells[0]}>
                {cells.map((c, i) => (
                  <Table.Td key={i}>{c}</Table.Td>
                ))}
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </TableScroll>
      {rows.length > SHOWN_ROWS ? (
        <Text size="xs" c="dimmed" mt={4}>
          The first {SHOWN_ROWS} of {rows.length} are shown.
        </Text>
      ) : null}
    </div>
  )
}
