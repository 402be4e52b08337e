import { splitSentences } from './split'
import type { Turn } from './types'

const TIME = String.raw`((?:\d{1,2}:)?\d{1,2}:\d{2}(?:[.,]\d{1,3})?)`
/** A time at the start of a line: "[00:01:02]", "(01:02)", "00:01:02.5 -", and subtitle cues "00:00:01,000 --> …". */
const LEADING_TIME = new RegExp(String.raw`^[\[(]?${TIME}[\])]?(?:\s*-->\s*\S+)?\s*(?:[-–—|]\s*)?`)
/** "Agent:", "Speaker 1:", "SPEAKER_00 [00:01:02]:": a short label, maybe a time, then a colon. */
const LABEL = new RegExp(String.raw`^([\p{L}][\p{L}\p{N} .'_-]{0,30}?)\s*(?:[\[(]${TIME}[\])])?\s*:(?:\s+|$)(.*)$`, 'u')
/** Labels that are speakers whatever else the text holds. */
const SPEAKER_WORD =
  /^(?:agent|customer|caller|client|speaker|spk|rep|representative|advisor|adviser|operator|associate|consultant|interviewer|interviewee|user|assistant|host|guest|patient|member)(?:[ _-]?\d+)?$/i
/** Labels that are headings in a document ("Note:", "Subject:"), not people. */
const NOT_SPEAKER =
  /^(?:note|notes|subject|re|from|to|cc|date|time|summary|reason|resolution|action|ps|tel|email|phone|address)$/i

type Line = { start?: number; label?: string; text: string }

function seconds(time: string) {
  return time
    .replace(',', '.')
    .split(':')
    .reduce((total, part) => total * 60 + Number(part), 0)
}

function parseLine(raw: string): Line {
  let rest = raw.trim()
  let start: number | undefined
  const time = LEADING_TIME.exec(rest)
  if (time) {
    start = seconds(time[1])
    rest = rest.slice(time[0].length)
  }
  const label = LABEL.exec(rest)
  if (label && label[1].trim().split(/\s+/).length <= 3 && !NOT_SPEAKER.test(label[1].trim())) {
    return { start: start ?? (label[2] ? seconds(label[2]) : undefined), label: label[1].trim(), text: label[3].trim() }
  }
  return { start, text: rest }
}

/**
 * Labels are speakers when one looks like a speaker ("Agent", "Speaker 2") or when a few labels
 * take turns through the text; a document with a "Note:" or two stays a document.
 */
function hasSpeakers(lines: Line[]) {
  const labelled = lines.filter((l) => l.label)
  if (labelled.some((l) => SPEAKER_WORD.test(l.label!))) return true
  const counts = new Map<string, number>()
  for (const l of labelled) counts.set(l.label!.toLowerCase(), (counts.get(l.label!.toLowerCase()) ?? 0) + 1)
  const recurring = [...counts.values()].filter((n) => n >= 2).length
  return recurring >= 2 && labelled.length * 2 >= lines.filter((l) => l.text).length
}

/** Prose: paragraphs (blank-line separated, list items kept apart, wrapped lines joined), then sentences. */
function proseTurns(text: string): Turn[] {
  const turns: Turn[] = []
  for (const paragraph of text.split(/\n\s*\n/)) {
    const units: string[] = []
    for (const line of paragraph.split('\n')) {
      const t = line.trim()
      if (!t) continue
      if (/^(?:[-*•▪◦]|\d{1,3}[.)])\s+/.test(t) || !units.length) units.push(t.replace(/^[-*•▪◦]\s+/, ''))
      else units[units.length - 1] += ` ${t}`
    }
    for (const unit of units) for (const sentence of splitSentences(unit)) turns.push({ text: sentence })
  }
  return turns
}

/**
 * Splits raw text into turns: "Agent: …"/"Customer: …"/"Speaker 1:" lines, timestamps like
 * [00:01:02], or sentences when there are no speakers; works without punctuation (e.g. ASR
 * output) by using speaker turns and a length cap.
 */
export function toTurns(text: string): Turn[] {
  const raw = text.replace(/^\uFEFF/, '').replace(/\r\n?/g, '\n')
  const rawLines = raw.split('\n')
  // subtitle files: drop the header and the cue numbers that stand before a "-->" line
  const kept = rawLines.filter(
    (l, i) => !/^WEBVTT\b/.test(l.trim()) && !(/^\d+$/.test(l.trim()) && /-->/.test(rawLines[i + 1] ?? '')),
  )
  const lines = kept.map(parseLine)
  const speakers = hasSpeakers(lines)
  if (speakers) {
    // a one-off label among speakers ("Reference: RF-1") is part of what was said
    const counts = new Map<string, number>()
    for (const l of lines) if (l.label) counts.set(l.label, (counts.get(l.label) ?? 0) + 1)
    for (const l of lines) {
      if (l.label && !SPEAKER_WORD.test(l.label) && counts.get(l.label)! < 2) {
        l.text = `${l.label}: ${l.text}`
        delete l.label
      }
    }
  }
  const timed = lines.some((l) => l.start !== undefined)
  if (!speakers && !timed) return proseTurns(raw)

  const turns: Turn[] = []
  let pendingStart: number | undefined
  let current: Turn | undefined
  for (const line of lines) {
    const text = speakers || !line.label ? line.text : `${line.label}: ${line.text}`
    const opens = speakers ? line.label !== undefined : line.start !== undefined
    if (opens) {
      current = { text }
      if (speakers) current.speaker = line.label
      const start = line.start ?? pendingStart
      if (start !== undefined) current.start = start
      pendingStart = undefined
      turns.push(current)
    } else if (!text) {
      // a time on a line of its own belongs to the next turn
      if (line.start !== undefined) pendingStart = line.start
    } else if (current) {
      current.text = current.text ? `${current.text} ${text}` : text
    } else {
      current = { text }
      turns.push(current)
    }
  }
  return turns
    .map((t) => ({ ...t, text: t.text.replace(/\s+/g, ' ').trim() }))
    .filter((t) => t.text)
    .flatMap((t) => (speakers ? [t] : splitSentences(t.text).map((s) => ({ ...t, text: s }))))
}
