import { execFileSync } from 'node:child_process'
import { mkdtemp, readFile, rm, stat, writeFile } from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  buildArpa,
  COMMON_QUESTION_WORDS,
  customerVoice,
  dictionaryWords,
  domainLmFile,
  questionPhrasings,
  sentencesForLm,
} from './domain-lm'
import { which } from './engines/which'
import { runProgram } from './run'
import { wordErrors } from './wer'

const MODEL_DIR = process.env.POCKETSPHINX_MODEL_DIR || '/usr/share/pocketsphinx/model/en-us'

let dir: string
beforeAll(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), 'speech-domain-lm-'))
})
afterAll(async () => {
  await rm(dir, { recursive: true, force: true })
})

const VOCABULARY = new Set(
  (
    'our branches are open from to on and at the a m p call us is it costs pounds pence fifty five eight nine thirty one ' +
    'twenty four hundred oh two three six seven zero seven point percent first second nineteen ninety thousand ' +
    "saturday monday friday lost card branch or what should i do don't bank's banks"
  ).split(' '),
)

describe('sentencesForLm', () => {
  it('spells numbers, times and money as they are said', () => {
    expect(sentencesForLm('Our branches are open from 8am to 5.30 p.m. on Saturday.', VOCABULARY)).toEqual([
      'our branches are open from eight a m to five thirty p m on saturday'.split(' '),
    ])
    expect(sentencesForLm('It costs £5, £2.50 or 50p', VOCABULARY)).toEqual([
      'it costs five pounds two pounds fifty or fifty pence'.split(' '),
    ])
    expect(sentencesForLm('Call 0800 123 4567, 24/7', VOCABULARY)).toEqual([
      'call oh eight hundred one two three four five six seven twenty four seven'.split(' '),
    ])
    expect(sentencesForLm('It is 24, 1,500 and 2.5% on the 1st', VOCABULARY)).toEqual([
      'it is twenty four one thousand five hundred and two point five percent on the first'.split(' '),
    ])
    expect(sentencesForLm('It is 1999', VOCABULARY)).toEqual([['it', 'is', 'nineteen', 'ninety', 'nine']])
  })

  it('lower-cases, splits sentences on . ! ? and line breaks, and cuts at words the dictionary lacks', () => {
    expect(sentencesForLm('LOST card? Call us!\nWhat should I do\u2019', VOCABULARY)).toEqual([
      ['lost', 'card'],
      ['call', 'us'],
      ['what', 'should', 'i', 'do'],
    ])
    expect(sentencesForLm('Lost your card at the Zorblax branch, call us', VOCABULARY)).toEqual([
      ['lost'],
      ['card', 'at', 'the'],
      ['branch', 'call', 'us'],
    ])
    expect(sentencesForLm("Don't call the bank's", VOCABULARY)).toEqual([["don't", 'call', 'the', "bank's"]])
    expect(sentencesForLm('', VOCABULARY)).toEqual([])
  })
})

describe('questionPhrasings', () => {
  it('asks about a title, and about what a sentence says to do', async () => {
    const vocabulary = new Set([...COMMON_QUESTION_WORDS, 'making', 'complaint', 'reset', 'pin', 'cash', 'machine'])
    const phrasings = questionPhrasings(
      'Opening hours\nMaking a complaint\nTo reset your PIN, use any cash machine.',
      vocabulary,
    ).map((words) => words.join(' '))
    expect(phrasings).toContain('what are your opening hours')
    expect(phrasings).toContain('how do i make a complaint')
    expect(phrasings).toContain('can i reset my pin')
    expect(phrasings).not.toContain('how do i open hours')
  })

  it("says the article's sentences as the customer would", () => {
    const say = (text: string) => customerVoice(text.split(' '))?.join(' ')
    expect(say('if you have lost your card we will send you a new one')).toBe(
      'if i have lost my card you will send me a new one',
    )
    expect(say("you are not responsible and you're covered")).toBe("i am not responsible and i'm covered")
    expect(say('contact us')).toBe('contact you')
    expect(say('branches are closed on sunday')).toBeUndefined()
  })
})

/** A parsed ARPA file: log10 probability and back-off of each n-gram (words joined by spaces). */
function parseArpa(arpa: string) {
  const lines = arpa.split('\n')
  expect(lines[0]).toBe('\\data\\')
  const declared: number[] = []
  let i = 1
  for (; lines[i] !== ''; i++) {
    const m = /^ngram (\d+)=(\d+)$/.exec(lines[i])
    expect(m, lines[i]).not.toBeNull()
    expect(Number(m![1])).toBe(declared.length + 1)
    declared.push(Number(m![2]))
  }
  const prob = new Map<string, number>()
  const backoff = new Map<string, number>()
  for (let n = 1; n <= declared.length; n++) {
    expect(lines[++i]).toBe(`\\${n}-grams:`)
    let count = 0
    for (i++; lines[i] !== ''; i++, count++) {
      const fields = lines[i].split('\t')
      expect(fields.length === n + 1 || (n < declared.length && fields.length === n + 2), lines[i]).toBe(true)
      for (const f of [fields[0], ...fields.slice(n + 1)]) expect(f).toMatch(/^-?\d+\.\d+$/)
      const key = fields.slice(1, n + 1).join(' ')
      expect(prob.has(key), `${key} twice`).toBe(false)
      prob.set(key, Number(fields[0]))
      if (fields.length === n + 2) backoff.set(key, Number(fields[n + 1]))
    }
    expect(count).toBe(declared[n - 1])
  }
  expect(lines.slice(i + 1)).toEqual(['\\end\\', ''])
  return { order: declared.length, prob, backoff }
}

describe('buildArpa', () => {
  const corpus = [
    ['what', 'are', 'your', 'opening', 'hours'],
    ['what', 'are', 'your', 'fees'],
    ['how', 'do', 'i', 'make', 'a', 'complaint'],
    ['i', 'lost', 'my', 'card'],
    ['my', 'card', 'was', 'stolen'],
    ['what', 'do', 'i', 'do'],
    ['hours'],
  ]

  for (const order of [2, 3] as const) {
    it(`writes an order ${order} ARPA model whose every context sums to 1`, () => {
      const { order: read, prob, backoff } = parseArpa(buildArpa(corpus, { order, extraWords: ['please', 'when'] }))
      expect(read).toBe(order)
      expect(prob.get('<s>')).toBe(-99)
      expect(prob.has('</s>')).toBe(true)
      expect(prob.get('please')).toBeLessThan(prob.get('hours')!)
      for (const key of prob.keys()) {
        for (const word of key.split(' ').slice(0, -1)) expect(prob.has(word), `${word} of ${key}`).toBe(true)
        // every n-gram's shorter forms are in the model, so it can be reached
        if (key.includes(' ')) expect(prob.has(key.slice(key.indexOf(' ') + 1))).toBe(true)
      }

      const vocabulary = [...prob.keys()].filter((k) => !k.includes(' ') && k !== '<s>')
      expect(vocabulary.sort()).toEqual(
        [...new Set([...corpus.flat(), 'please', 'when', '</s>'])].sort((a, b) => (a < b ? -1 : 1)),
      )
      const p = (context: string[], word: string): number => {
        const explicit = prob.get([...context, word].join(' '))
        if (explicit !== undefined) return 10 ** explicit
        if (!context.length) return 0
        return 10 ** (backoff.get(context.join(' ')) ?? 0) * p(context.slice(1), word)
      }
      const contexts = [
        [],
        ...[...prob.keys()].map((k) => k.split(' ')).filter((k) => k.length < order && k.at(-1) !== '</s>'),
      ]
      expect(contexts.length).toBeGreaterThan(vocabulary.length)
      for (const context of contexts) {
        const sum = vocabulary.reduce((total, word) => total + p(context, word), 0)
        expect(Math.abs(sum - 1), `P(. | ${context.join(' ')}) sums to ${sum}`).toBeLessThan(1e-6)
      }
    })
  }

  it('writes a model of the extra words alone', () => {
    const { prob } = parseArpa(buildArpa([], { extraWords: ['yes', 'no'] }))
    expect([...prob.keys()].sort()).toEqual(['</s>', '<s>', 'no', 'yes'])
    expect(prob.get('yes')).toBeCloseTo(Math.log10(1 / 3), 6)
  })
})

describe('domainLmFile', () => {
  it('writes one file for the same texts, another for other texts, from the dictionary given', async () => {
    const dict = path.join(dir, 'tiny.dict')
    await writeFile(dict, 'card K AA R D\nlost L AO S T\nlost(2) L AO S\nwhat W AH T\nhow HH AW\n')
    expect([...(await dictionaryWords(dict))].sort()).toEqual(['card', 'how', 'lost', 'what'])

    const lmDir = path.join(dir, 'lm')
    const first = await domainLmFile(['Lost card? Lost card.'], lmDir, { dictPath: dict })
    const written = (await stat(first)).mtimeMs
    expect(await domainLmFile(['Lost card? Lost card.'], lmDir, { dictPath: dict })).toBe(first)
    expect((await stat(first)).mtimeMs).toBe(written)
    const other = await domainLmFile(['What card?'], lmDir, { dictPath: dict })
    expect(other).not.toBe(first)

    const { prob } = parseArpa(await readFile(first, 'utf8'))
    expect(prob.has('lost card')).toBe(true)
    // the common question words the dictionary knows, and no others
    expect([...prob.keys()].filter((k) => !k.includes(' ')).sort()).toEqual([
      '</s>',
      '<s>',
      'card',
      'how',
      'lost',
      'what',
    ])

    const named = await domainLmFile(['Lost card'], lmDir, { dictPath: dict, fileName: 'campaign-7.arpa' })
    expect(named).toBe(path.join(lmDir, 'campaign-7.arpa'))
  })
})

/** A bank's help centre, in short: what the voice bot's knowledge base might hold. */
const HELP_CENTRE = [
  `Opening hours
Our branches are open from 9am to 5pm, Monday to Friday, and from 9am to 1pm on Saturday. All branches are closed on Sunday and on bank holidays. Our telephone banking team is available 24/7 on 0800 123 4567, and you can use the mobile app at any time.`,
  `Lost or stolen cards
If you have lost your card or it has been stolen, freeze it straight away in the app, then call us on 0800 123 4567. We will cancel the card and send you a new one within five working days. You will not be responsible for payments made after you tell us.`,
  `Making a complaint
We are sorry if something has gone wrong. To make a complaint, call us, visit any branch or write to us. We will acknowledge your complaint within three working days and aim to resolve it within eight weeks. If you are not happy with our final response, you can contact the Financial Ombudsman Service.`,
  `Resetting your PIN
You can view your PIN in the app or reset it at any of our cash machines. If you enter the wrong PIN three times, your card will be blocked for your protection.`,
  `International payments
To send money abroad, log in to online banking and choose international payment. Payments in euros and dollars usually arrive within two working days. A fee of £5 applies to each payment.`,
  `Changing your address
To update your address, log in to the app, open your profile and choose change address. We may ask you to confirm the change with a one time passcode.`,
  `Overdrafts
An arranged overdraft lets you borrow up to an agreed limit on your current account. Interest is charged at 39.9% per year on the amount you use.`,
  `Savings accounts
Our easy access savings account pays 3.5% interest on balances over £1. You can withdraw your money at any time without a charge.`,
  `Mortgages
Talk to one of our mortgage advisers to find out how much you could borrow. Book an appointment in a branch or by phone.`,
  `Fraud and scams
We will never ask you for your full PIN or password. If you think you have been the victim of fraud, call us immediately.`,
]

const QUESTIONS = [
  'What are your opening hours on Saturday',
  'I have lost my card what should I do',
  'How do I make a complaint',
]

const programs = await Promise.all(['pocketsphinx_continuous', 'espeak-ng', 'sox'].map((p) => which(p)))
const canRecognise = programs.every(Boolean)

async function recognise(wav: string, lm: string) {
  const started = performance.now()
  const { code, stdout, stderr } = await runProgram(
    'pocketsphinx_continuous',
    ['-hmm', path.join(MODEL_DIR, 'en-us'), '-lm', lm, '-dict', path.join(MODEL_DIR, 'cmudict-en-us.dict')].concat([
      '-infile',
      wav,
      '-samprate',
      '16000',
    ]),
    { timeoutMs: 60_000 },
  )
  expect(code, stderr.slice(-1000)).toBe(0)
  return { text: stdout.trim().split('\n').join(' '), seconds: (performance.now() - started) / 1000 }
}

// pocketsphinx takes a second or two a run; the api and api-pg projects may run this file side by side
describe('recognising spoken questions with a domain LM', { timeout: 60_000 }, () => {
  it.skipIf(!canRecognise)('makes far fewer word errors than the generic LM', async () => {
    const lm = await domainLmFile(HELP_CENTRE, dir)
    const ssml = `<speak>${QUESTIONS.join('<break time="1500ms"/>')}</speak>`
    const spoken = path.join(dir, 'questions.wav')
    const wav = path.join(dir, 'questions-16k.wav')
    execFileSync('espeak-ng', ['-m', '-v', 'en-us', '-s', '150', '-w', spoken, ssml])
    execFileSync('sox', [spoken, '-r', '16000', '-c', '1', '-b', '16', wav])

    const reference = QUESTIONS.join(' ')
    const generic = await recognise(wav, path.join(MODEL_DIR, 'en-us.lm.bin'))
    const domain = await recognise(wav, lm)
    const genericWer = wordErrors(reference, generic.text)
    const domainWer = wordErrors(reference, domain.text)
    console.info(
      `pocketsphinx, generic LM: WER ${genericWer.wer.toFixed(3)} in ${generic.seconds.toFixed(2)} s ("${generic.text}")\n` +
        `pocketsphinx, domain LM: WER ${domainWer.wer.toFixed(3)} in ${domain.seconds.toFixed(2)} s ("${domain.text}")`,
    )
    expect(domainWer.wer).toBeLessThanOrEqual(0.25)
    expect(domainWer.wer).toBeLessThan(genericWer.wer / 2)
  })
})
