import { Anchor, Badge, Group, Text } from '@mantine/core'
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
import { DataTable, type ListStates } from '~/components/layout/data-table'

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

type Props = ListStates & {
  /** The scans, or null when they could not be loaded (`failure` says why). */
  scans: ScanRow[] | null
  label: string
  /** The bucket the rows link under: the list's own, or each scan's decision (the overview). */
  bucket?: ScanBucket
}

export function ScanTable({ scans, label, bucket, ...states }: Props) {
  return (
    <DataTable
      {...states}
      label={label}
      rows={scans}
      rowKey={(s) => s.scan_id}
      minWidth={720}
      columns={[
        {
          header: 'Scan',
          cell: (s) => (
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
          ),
        },
        { header: 'Decision', cell: (s) => <DecisionBadge decision={s.decision} /> },
        { header: 'Person', cell: (s) => <Text size="sm">{s.person?.name ?? 'No match'}</Text> },
        {
          header: 'Distance',
          cell: (s) => (
            <>
              <Text size="sm">{formatDistance(s.distance)}</Text>
              <Text size="xs" c="dimmed">
                threshold {formatDistance(s.threshold)}
              </Text>
            </>
          ),
        },
        {
          header: 'Liveness',
          cell: (s) => (
            <>
              <Text size="sm">{formatScore(s.liveness.score)}</Text>
              <Text size="xs" c={s.liveness.live ? 'dimmed' : 'red'}>
                {s.liveness.live ? 'Live' : 'Not live'}
              </Text>
            </>
          ),
        },
        { header: 'Time', cell: (s) => <Text size="sm">{formatDateTime(s.created_at)}</Text> },
      ]}
    />
  )
}
