import { Anchor, Badge, Group, Table, Text } from '@mantine/core'
import { Link } from '@remix-run/react'
import type { Scan, ScanBucket } from '#contract/face'
import {
  bucketOf,
  decisionColor,
  decisionLabel,
  formatDateTime,
  formatDistance,
  formatScore,
  kindLabel,
  scanPath,
} from './format'
import classes from './face.module.css'
import type { ScanRow } from './scan-table.schema'

export function DecisionBadge({ decision }: { decision: Scan['decision'] }) {
  return (
    <Badge color={decisionColor[decision]} variant="light">
      {decisionLabel[decision]}
    </Badge>
  )
}

/** A scan's photo, small; nothing when the photo is gone. */
export function Thumb({ src, alt, size = 48 }: { src: string | null; alt: string; size?: number }) {
  return src ? (
    <img src={src} alt={alt} width={size} height={size} loading="lazy" className={classes.thumb} />
  ) : (
    <span className={classes.thumbEmpty} style={{ width: size, height: size }} aria-hidden />
  )
}

type Props = {
  scans: ScanRow[]
  label: string
  /** The bucket the rows link under: the list's own, or each scan's decision (the overview). */
  bucket?: ScanBucket
}

export function ScanTable({ scans, label, bucket }: Props) {
  return (
    <Table.ScrollContainer minWidth={720}>
      <Table striped highlightOnHover verticalSpacing="sm" horizontalSpacing="xs" aria-label={label}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Scan</Table.Th>
            <Table.Th>Decision</Table.Th>
            <Table.Th>Person</Table.Th>
            <Table.Th>Distance</Table.Th>
            <Table.Th>Liveness</Table.Th>
            <Table.Th>Time</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {scans.map((s) => (
            <Table.Tr key={s.scan_id}>
              <Table.Td>
                <Group gap="sm" wrap="nowrap">
                  <Thumb src={s.photoSrc} alt={`Photo of scan ${s.scan_id}`} />
                  <div>
                    <Anchor component={Link} to={scanPath(bucket ?? bucketOf(s), s.scan_id)} fw={600} size="sm">
                      Scan #{s.scan_id}
                    </Anchor>
                    <Text size="xs" c="dimmed">
                      {kindLabel[s.kind]}
                    </Text>
                  </div>
                </Group>
              </Table.Td>
              <Table.Td>
                <DecisionBadge decision={s.decision} />
              </Table.Td>
              <Table.Td>
                <Text size="sm">{s.person?.name ?? 'No match'}</Text>
              </Table.Td>
              <Table.Td>
                <Text size="sm">{formatDistance(s.distance)}</Text>
                <Text size="xs" c="dimmed">
                  threshold {formatDistance(s.threshold)}
                </Text>
              </Table.Td>
              <Table.Td>
                <Text size="sm">{formatScore(s.liveness.score)}</Text>
                <Text size="xs" c={s.liveness.live ? 'dimmed' : 'red'}>
                  {s.liveness.live ? 'Live' : 'Not live'}
                </Text>
              </Table.Td>
              <Table.Td>
                <Text size="sm">{formatDateTime(s.created_at)}</Text>
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  )
}
