// The portal's icons (Tabler's), drawn from one SVG sprite: each icon on a page is an <svg> with a
// <use> of its symbol in app/components/icons.svg, an asset the browser caches, where
// @tabler/icons-react writes every path of every icon into every page (issue 20: the navigation's
// icons were 7 KB of each page's HTML, and their paths a part of the script). `npm run gen:icons`
// writes the sprite from this list; scripts/icon-sprite.test.ts fails while it is out of date.
import type { SVGProps } from 'react'
import classes from './icons.module.css'
import sprite from './icons.svg?url'

export type IconProps = Omit<SVGProps<SVGSVGElement>, 'stroke' | 'ref'> & {
  size?: number | string
  /** The stroke's width (outline icons). */
  stroke?: number | string
  color?: string
  title?: string
}
export type Icon = ((props: IconProps) => React.JSX.Element) & { iconName: string; filled: boolean }

/**
 * An icon as @tabler/icons-react draws it (same size, stroke, colour and title props), its shape by
 * reference and its paint from icons.module.css: an icon is about a hundred bytes of the page.
 */
function spriteIcon(iconName: string, filled = false): Icon {
  function SpriteIcon({ size = 24, stroke, color, title, className, style, children, ...rest }: IconProps) {
    const paint = {
      ...(color ? { color } : {}),
      ...(stroke !== undefined && !filled ? { strokeWidth: stroke } : {}),
      ...style,
    }
    const look = filled ? classes.filled : classes.outline
    return (
      <svg
        width={size}
        height={size}
        className={className ? `${look} ${className}` : look}
        style={Object.keys(paint).length ? paint : undefined}
        {...rest}
      >
        {title ? <title>{title}</title> : null}
        <use href={`${sprite}#${iconName}`} />
        {children}
      </svg>
    )
  }
  return Object.assign(SpriteIcon, { iconName, filled })
}

export const IconAdjustmentsHorizontal = spriteIcon('adjustments-horizontal')
export const IconAlertTriangle = spriteIcon('alert-triangle')
export const IconArrowDown = spriteIcon('arrow-down')
export const IconArrowLeft = spriteIcon('arrow-left')
export const IconArrowRight = spriteIcon('arrow-right')
export const IconArrowUp = spriteIcon('arrow-up')
export const IconBell = spriteIcon('bell')
export const IconBook = spriteIcon('book')
export const IconBrain = spriteIcon('brain')
export const IconCalendarMonth = spriteIcon('calendar-month')
export const IconCalendarStats = spriteIcon('calendar-stats')
export const IconCamera = spriteIcon('camera')
export const IconCapture = spriteIcon('capture')
export const IconCheck = spriteIcon('check')
export const IconChecks = spriteIcon('checks')
export const IconChevronDown = spriteIcon('chevron-down')
export const IconChevronRight = spriteIcon('chevron-right')
export const IconCopy = spriteIcon('copy')
export const IconDownload = spriteIcon('download')
export const IconEdit = spriteIcon('edit')
export const IconFaceId = spriteIcon('face-id')
export const IconFileSearch = spriteIcon('file-search')
export const IconFileText = spriteIcon('file-text')
export const IconFileUnknown = spriteIcon('file-unknown')
export const IconFileUpload = spriteIcon('file-upload')
export const IconFilter = spriteIcon('filter')
export const IconHandGrab = spriteIcon('hand-grab')
export const IconHeadset = spriteIcon('headset')
export const IconHistory = spriteIcon('history')
export const IconLayoutDashboard = spriteIcon('layout-dashboard')
export const IconLock = spriteIcon('lock')
export const IconLogout = spriteIcon('logout')
export const IconMenu2 = spriteIcon('menu-2')
export const IconMessageChatbot = spriteIcon('message-chatbot')
export const IconMessagePlus = spriteIcon('message-plus')
export const IconMessageQuestion = spriteIcon('message-question')
export const IconMicrophone = spriteIcon('microphone')
export const IconNotes = spriteIcon('notes')
export const IconPencil = spriteIcon('pencil')
export const IconPencilPlus = spriteIcon('pencil-plus')
export const IconPhoneCall = spriteIcon('phone-call')
export const IconPlayerPlayFilled = spriteIcon('player-play-filled', true)
export const IconPlayerStop = spriteIcon('player-stop')
export const IconPlayerStopFilled = spriteIcon('player-stop-filled', true)
export const IconPlus = spriteIcon('plus')
export const IconRefresh = spriteIcon('refresh')
export const IconScale = spriteIcon('scale')
export const IconScan = spriteIcon('scan')
export const IconSearch = spriteIcon('search')
export const IconSelector = spriteIcon('selector')
export const IconSend = spriteIcon('send')
export const IconShieldCheck = spriteIcon('shield-check')
export const IconShieldSearch = spriteIcon('shield-search')
export const IconSparkles = spriteIcon('sparkles')
export const IconStethoscope = spriteIcon('stethoscope')
export const IconThumbDown = spriteIcon('thumb-down')
export const IconThumbUp = spriteIcon('thumb-up')
export const IconTrash = spriteIcon('trash')
export const IconUpload = spriteIcon('upload')
export const IconUserCheck = spriteIcon('user-check')
export const IconUserOff = spriteIcon('user-off')
export const IconUserPlus = spriteIcon('user-plus')
export const IconX = spriteIcon('x')
