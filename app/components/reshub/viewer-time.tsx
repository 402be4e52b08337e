import { Text } from '@mantine/core'
import { useEffect, useState } from 'react'
import { zoneCity } from './time'

const viewerZone = () => Intl.DateTimeFormat().resolvedOptions().timeZone

/**
 * The time of `iso` on the viewer's own clock, when the viewer sits in another zone than the site
 * (Contoso's agents call the clinics' patients from elsewhere). Worked out in the browser, which
 * knows the viewer's zone: without JavaScript the page shows the site's time alone, labelled.
 */
export function ViewerTime({ iso, siteZone }: { iso: string; siteZone: string }) {
  const [text, setText] = useState<string | null>(null)
  useEffect(() => {
    const zone = viewerZone()
    if (zone === siteZone) return
    const time = new Intl.DateTimeFormat('en-GB', { timeZone: zone, hour: '2-digit', minute: '2-digit' }).format(
      new Date(iso),
    )
    setText(`${time} your time`)
  }, [iso, siteZone])
  return text ? (
    <Text component="span" size="xs" c="dimmed">
      {' '}
      ({text})
    </Text>
  ) : null
}

/** "Times are London time (GMT)", and the viewer's zone beside it when theirs differs. */
export function ZoneNote({ zone, zoneShort }: { zone: string; zoneShort: string }) {
  const [viewer, setViewer] = useState<string | null>(null)
  useEffect(() => {
    const mine = viewerZone()
    if (mine !== zone) setViewer(mine)
  }, [zone])
  return (
    <Text size="sm" c="dimmed">
      Times are {zoneCity(zone)} time ({zoneShort}), the site's clock.
      {viewer ? ` You are on ${zoneCity(viewer)} time: yours is shown in brackets.` : null}
    </Text>
  )
}
