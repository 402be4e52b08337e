import fs from 'node:fs'
import path from 'node:path'
import { projectRoot } from '../../lib/project-root'
import type { Speaker } from './conversations'
import transcripts from './transcripts.json'

export { conversations, type Conversation, type ConversationLine, type ReferenceAnswer } from './conversations'

/** One utterance of a demo call, timed from the synthesized audio (seconds from the start, 2 decimals). */
export type CallSegment = { speaker: Speaker; start: number; end: number; text: string }

/** A demo call's transcript, as scripts/synthesize-calls.ts measured it. */
export type CallTranscript = {
  duration_s: number
  /** Whether api/seed/calls/audio/<key>.ogg was synthesized (timings are real either way). */
  audio: boolean
  segments: CallSegment[]
}

const all = transcripts as Record<string, CallTranscript>

/** Keys of the demo calls that have a transcript, in the order of `conversations`. */
export function callKeys(): string[] {
  return Object.keys(all)
}

/** The timed transcript of a demo call; throws for a key that has none. */
export function callTranscript(key: string): CallTranscript {
  const transcript = Object.hasOwn(all, key) ? all[key] : undefined
  if (!transcript) throw new Error(`No demo call transcript for "${key}"`)
  return transcript
}

/**
 * Where a demo call's audio lives (Ogg Opus, mono). The file is read from the repository at run time,
 * from source and from the esbuild bundle alike (projectRoot finds the folder holding package.json).
 */
export function audioPath(key: string): string {
  if (!/^[a-z0-9]+(?:-[a-z0-9]+)*$/.test(key)) throw new Error(`Not a demo call key: "${key}"`)
  return path.join(projectRoot(), 'api', 'seed', 'calls', 'audio', `${key}.ogg`)
}

/** Whether the call was synthesized and its audio file is present. */
export function hasAudio(key: string): boolean {
  return Object.hasOwn(all, key) && all[key].audio && fs.existsSync(audioPath(key))
}
