import fs from 'node:fs'
import { describe, expect, it } from 'vitest'
import { findProfanity } from '#api/engines/text/analyse'
import { demoAgents, demoCampaigns } from '#api/seed/demo-data'
import { demoTemplates } from '#api/seed/templates-data'
import { engineAgreement } from './agreement'
import { conversations } from './conversations'
import { audioPath, callKeys, callTranscript, hasAudio } from './index'

const AGENT_NAMES =
  'James Priya Marcus Aisha Tom Chloe Ravi Hannah Omar Lucy Diego Fatima Ben Mei Samuel Olivia Kenji Zara Liam Nadia Ethan Grace Victor Amira Noah Sara Jack Ella Isaac Ruby'.split(
    ' ',
  )

const questionsOf = (templateName: string) => {
  const template = demoTemplates.find((t) => t.name === templateName)
  if (!template) throw new Error(`Unknown template ${templateName}`)
  return template.categories.flatMap((c) => c.questions)
}

/** Ogg pages of a file: header type, granule position, and payload. */
function oggPages(file: Buffer) {
  const pages: { granule: bigint; payload: Buffer }[] = []
  let at = 0
  while (at < file.length) {
    if (file.toString('latin1', at, at + 4) !== 'OggS') throw new Error(`No Ogg page at byte ${at}`)
    const segments = file[at + 26]
    const lacing = file.subarray(at + 27, at + 27 + segments)
    const size = lacing.reduce((sum, n) => sum + n, 0)
    const start = at + 27 + segments
    pages.push({ granule: file.readBigInt64LE(at + 6), payload: file.subarray(start, start + size) })
    at = start + size
  }
  return pages
}

/** Playback length of an Ogg Opus file: last granule position (48 kHz) minus the pre-skip. */
function opusInfo(file: Buffer) {
  const pages = oggPages(file)
  const head = pages[0].payload
  return {
    magic: head.toString('latin1', 0, 8),
    channels: head[9],
    preSkip: head.readUInt16LE(10),
    seconds: Number(pages[pages.length - 1].granule - BigInt(head.readUInt16LE(10))) / 48_000,
  }
}

describe('demo calls: conversations', () => {
  it('are many, varied and keyed uniquely', () => {
    expect(conversations.length).toBeGreaterThanOrEqual(36)
    const keys = conversations.map((c) => c.key)
    expect(new Set(keys).size).toBe(keys.length)
    for (const key of keys) expect(key).toMatch(/^[a-z0-9]+(?:-[a-z0-9]+)*$/)
    const byTemplate = (name: string) => conversations.filter((c) => c.template === name).length
    expect(byTemplate('Inbound customer service')).toBeGreaterThanOrEqual(20)
    expect(byTemplate('Collections compliance')).toBeGreaterThanOrEqual(10)
  })

  it('belong to a campaign, one of its services and one of its agents', () => {
    for (const call of conversations) {
      const campaign = demoCampaigns.find((c) => c.code === call.campaign)
      expect(campaign, call.key).toBeDefined()
      expect(campaign!.services, call.key).toContain(call.service)
      expect(call.template).toBe(
        call.campaign === 'NORTHWIND-COLL' ? 'Collections compliance' : 'Inbound customer service',
      )
      expect(AGENT_NAMES, call.key).toContain(call.agent_first_name)
      const agent = demoAgents.find((a) => a.firstName === call.agent_first_name)
      expect(agent?.campaign, `${call.key}: ${call.agent_first_name} works on another campaign`).toBe(call.campaign)
      expect(call.purpose.length).toBeGreaterThan(3)
      expect(call.customer_name).toMatch(/^\S+ \S+/)
    }
  })

  it('are two-voice conversations of 10 to 30 turns, the agent saying their name (unless the audit says not)', () => {
    for (const call of conversations) {
      expect(call.lines.length, call.key).toBeGreaterThanOrEqual(10)
      expect(call.lines.length, call.key).toBeLessThanOrEqual(30)
      expect(new Set(call.lines.map((l) => l.speaker)), call.key).toEqual(new Set(['agent', 'customer']))
      for (const line of call.lines) expect(line.text.trim(), call.key).toBe(line.text)
      const name = new RegExp(`\\b${call.agent_first_name}\\b`)
      const said = call.lines.some((l) => l.speaker === 'agent' && name.test(l.text))
      const missedOnPurpose = call.reference['Did the agent give their name?'] === 'no'
      expect(said, `${call.key}: the agent ${said ? 'says' : 'never says'} ${call.agent_first_name}`).toBe(
        !missedOnPurpose,
      )
    }
  })

  it('answer exactly their template’s questions, n/a only where a question has a condition', () => {
    for (const call of conversations) {
      const questions = questionsOf(call.template)
      expect(Object.keys(call.reference).sort(), call.key).toEqual(questions.map((q) => q.question_text).sort())
      for (const q of questions) {
        const answer = call.reference[q.question_text]
        expect(['yes', 'no', 'n/a'], `${call.key}: ${q.question_text}`).toContain(answer)
        if (answer === 'n/a')
          expect(q.applies_when_phrases.length, `${call.key}: ${q.question_text}`).toBeGreaterThan(0)
      }
    }
  })

  it('cover the outcomes a QA team meets', () => {
    const count = (question: string, answer: string) =>
      conversations.filter((c) => c.reference[question] === answer).length
    expect(count("Did the agent verify the caller's identity before discussing the account?", 'no')).toBeGreaterThan(0)
    expect(count('Did the agent read out the full card or account number?', 'yes')).toBeGreaterThan(0)
    expect(count('Did the agent blame the customer?', 'yes')).toBeGreaterThan(0)
    expect(count('Did the agent give their name?', 'no')).toBeGreaterThan(0)
    expect(count('Did the agent close politely?', 'no')).toBeGreaterThan(0)
    expect(count('Did the agent state that the call is an attempt to collect a debt?', 'no')).toBeGreaterThan(0)
    expect(count('Did the agent say the call is recorded?', 'no')).toBeGreaterThan(0)
    expect(count('Did the agent threaten legal action or contact with the employer?', 'yes')).toBeGreaterThan(0)
    expect(
      count('Did the agent offer hardship support when the customer mentioned difficulty?', 'yes'),
    ).toBeGreaterThan(0)
    expect(count('Did the agent offer hardship support when the customer mentioned difficulty?', 'no')).toBeGreaterThan(
      0,
    )
  })

  it('include customers who swear, as the profanity detector sees it, and agents who never do', () => {
    let swearing = 0
    for (const call of conversations) {
      const hits = findProfanity(call.lines.map((l, i) => ({ ...l, start: i, end: i + 1 })))
      expect(
        hits.filter((h) => h.speaker === 'agent'),
        call.key,
      ).toEqual([])
      if (hits.length) swearing++
    }
    expect(swearing).toBeGreaterThanOrEqual(3)
  })
})

describe('demo calls: transcripts and audio', () => {
  it('have a transcript per conversation, line for line, with increasing non-overlapping times', () => {
    expect(callKeys()).toEqual(conversations.map((c) => c.key))
    for (const call of conversations) {
      const { duration_s, segments } = callTranscript(call.key)
      expect(
        segments.map((s) => [s.speaker, s.text]),
        call.key,
      ).toEqual(call.lines.map((l) => [l.speaker, l.text]))
      let previousEnd = 0
      for (const s of segments) {
        expect(s.start, call.key).toBeGreaterThanOrEqual(previousEnd)
        expect(s.end, call.key).toBeGreaterThan(s.start)
        expect([Number(s.start.toFixed(2)), Number(s.end.toFixed(2))], call.key).toEqual([s.start, s.end])
        previousEnd = s.end
      }
      expect(previousEnd, call.key).toBeLessThanOrEqual(duration_s)
      expect(duration_s - previousEnd, `${call.key}: silence after the last line`).toBeLessThan(1)
      expect(duration_s, call.key).toBeGreaterThanOrEqual(45)
      expect(duration_s, call.key).toBeLessThanOrEqual(150)
    }
    expect(() => callTranscript('no-such-call')).toThrow(/no-such-call/)
  })

  it('are Ogg Opus files, mono, as long as their transcripts say', () => {
    let withAudio = 0
    let bytes = 0
    for (const call of conversations) {
      const transcript = callTranscript(call.key)
      expect(hasAudio(call.key), call.key).toBe(transcript.audio)
      if (!transcript.audio) continue
      withAudio++
      const file = fs.readFileSync(audioPath(call.key))
      bytes += file.length
      expect(file.toString('latin1', 0, 4), call.key).toBe('OggS')
      const info = opusInfo(file)
      expect(info.magic, call.key).toBe('OpusHead')
      expect(info.channels, call.key).toBe(1)
      expect(Math.abs(info.seconds - transcript.duration_s), `${call.key}: ${info.seconds} s`).toBeLessThan(0.1)
    }
    expect(withAudio).toBeGreaterThanOrEqual(24)
    expect(bytes).toBeLessThan(8.5 * 1024 * 1024)
    expect(() => audioPath('../package')).toThrow()
  })
})

describe('demo calls: the local scoring engine against the reference answers', () => {
  it('reports its agreement per question', async () => {
    const result = await engineAgreement()
    const pct = (a: number, n: number) => `${((100 * a) / n).toFixed(0)} %`
    const lines = [
      `Local engine vs reference: ${result.agreed}/${result.answers} answers agree (${pct(result.agreed, result.answers)})`,
      ...result.byQuestion
        .filter((q) => q.agreed < q.answers)
        .sort((x, y) => x.agreed / x.answers - y.agreed / y.answers)
        .map((q) => `  ${pct(q.agreed, q.answers).padStart(5)}  ${q.question} [${q.template}]`),
      'Disagreements (reference -> engine):',
      ...result.disagreements.map((d) => `  ${d.key}: ${d.question} ${d.reference} -> ${d.engine}. ${d.justification}`),
      'Call scores (reference / engine):',
      ...result.calls.map(
        (c) =>
          `  ${c.key.padEnd(42)} ${String(c.reference.score).padStart(5)}${c.reference.auto_fail ? ' AF' : '   '} / ` +
          `${String(c.engine.score).padStart(5)}${c.engine.auto_fail ? ' AF' : ''}`,
      ),
    ]
    console.log(lines.join('\n'))
    expect(result.answers).toBe(conversations.reduce((n, c) => n + Object.keys(c.reference).length, 0))
    // a guard against a broken engine or transcript, not a target: the figure is reported above
    expect(result.agreed / result.answers).toBeGreaterThan(0.6)
  })
})
