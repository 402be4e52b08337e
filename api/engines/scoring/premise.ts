/**
 * What a question presupposes. Some questions only make sense when something happened in the
 * conversation that the template does not name as a condition: verifying the caller "before
 * discussing the account" needs an account to discuss, "what happens next" needs something left to
 * happen, "confirm the arrangement" needs an arrangement, and a collections disclosure is not made to
 * someone who turns out not to be the account holder. Such a question, unanswered, is n/a rather than
 * a failure when its premise does not hold.
 *
 * A premise is read from the question's own text (what the template's author wrote and a human
 * auditor answers), so any template's questions of these kinds get it, and from the whole
 * conversation, either side.
 */
import type { Segment } from './match'

export type Premise = {
  /** Whether the conversation gives the question something to apply to. */
  holds: (segments: Segment[]) => boolean
  /** Why the question is n/a when it does not: "Not applicable: " + this. */
  unmet: string
  /**
   * Whether the question is n/a without its premise even when its words were said: opening hours "from
   * 8am" answer a general question and set no timeframe for anything. Otherwise only a question the
   * agent did not meet is tested: an agent who verified the caller did so, whatever the call was about.
   */
  first?: boolean
}

const any = (segments: Segment[], speaker: Segment['speaker'] | 'any', ...patterns: RegExp[]) =>
  segments.some((s) => (speaker === 'any' || s.speaker === speaker) && patterns.some((p) => p.test(s.text)))

/** Things that belong to one customer: the account, the card, a bill, an appointment, a record. */
const PERSONAL =
  '(?:account|card|balance|statement|transactions?|payments?|direct debit|standing order|overdraft|loan|mortgage|' +
  'bill|invoice|charges?|fees?|meter|tariff|appointment|booking|prescription|results?|records?|referral|refund|' +
  'claim|policy|order|parcel|delivery|address|details|pin|password|login|salary|wages|pension|benefits?)'
/** People a customer may mention in a general question ("a joint account with my partner"). */
const RELATIONS =
  '(?:partner|wife|husband|friend|family|colleague|boss|neighbour|mum|dad|mother|father|parents|kids|children|own)'
/** Something that happened on an account: a charge, a decline, a block, money owed. */
const ACCOUNT_EVENT = /\b(?:charged|declined|blocked|frozen|debited|overdrawn|in arrears|owe)\b/i

const personalMatter = (segments: Segment[]) =>
  // the customer speaking of something of theirs ("my tablets", "my son's booster"), not of someone
  any(segments, 'customer', new RegExp(`\\b(?:my|our)\\s+(?!${RELATIONS}\\b)[a-z]`, 'i')) ||
  any(
    segments,
    'any',
    new RegExp(`\\b(?:my|our|your|his|her)\\s+(?:[a-z'-]+\\s+){0,2}${PERSONAL}\\b`, 'i'),
    /\bthe (?:balance|account|card)\b/i,
    /\b(?:a|the|this|that) (?:standing order|direct debit|transfer)\b/i,
    ACCOUNT_EVENT,
  )

/**
 * Something left to happen once the contact ends: a problem to fix or a request to carry out, rather
 * than a question answered on the spot. Read as the customer bringing a matter of their own, or the
 * agent undertaking to do something after it ("I'll send you the link", "we'll post the form").
 */
const somethingPending = (segments: Segment[]) =>
  personalMatter(segments) ||
  any(
    segments,
    'agent',
    /\b(?:i|we)(?:'ll| will)(?: now| also| then)? (?:send|post|e-?mail|text|forward|book|arrange|refer|raise|chase|escalate|call you|ring you|follow (?:it )?up)\b/i,
  )

/**
 * The agent telling what is on the customer's account or record ("I can see a direct debit of…", "I
 * can see his appointment", "your balance is…"): discussing it, which a check "before discussing the
 * account" must come before. Bringing the record up is not discussing it.
 */
const DISCLOSURE = [
  new RegExp(
    `\\bI can see (?:that )?(?:it(?:'s| is) )?(?:a|an|the|your|his|her|their|two|three|one|\\d+)\\s+(?:[a-z'-]+\\s+){0,3}${PERSONAL}`,
    'gi',
  ),
  /\bI can see (?:(?:that )?you(?:'re| are|'ve| have) (?:booked|got|been|paid|due|overdrawn|registered)|from (?:your|the|his|her) (?:notes|records?|account|file))\b/gi,
  /\b(?:your|the) (?:outstanding )?(?:balance|account number|sort code|settlement figure) (?:is|stands at|comes to)\b/gi,
]

/** Where the agent first tells the customer what is on their account or record: the turn and the character. */
export function firstDisclosure(segments: Segment[]): { index: number; offset: number } | null {
  for (const [index, s] of segments.entries()) {
    if (s.speaker !== 'agent') continue
    const offsets = DISCLOSURE.flatMap((r) => [...s.text.matchAll(r)].map((m) => m.index ?? 0))
    if (offsets.length) return { index, offset: Math.min(...offsets) }
  }
  return null
}

/** Whether a question asks for a check to come before the account is discussed ("verify … before discussing the account"). */
export const asksCheckFirst = (questionText: string) =>
  /\bbefore (?:discussing|giving|going into|disclosing|accessing|changing)\b/i.test(questionText)

/** An amount and a schedule agreed, or a payment made or promised, not just offered. */
const arrangementAgreed = (segments: Segment[]) =>
  any(
    segments,
    'any',
    /\b(?:a|per|each|every) (?:week|fortnight|month)\b/i,
    /\b(?:i'll|i will|i can|i'm going to|we'll|we will) (?:just )?(?:pay|make (?:a|the) payment|clear|settle)\b/i,
    /\b(?:paid in full|(?:gone|went) through)\b/i,
    /\b(?:taken|take|taking|processed?|made) (?:a |the |your |that )?payment\b/i,
    /\bpayment (?:of|for) (?:£|\$|€)?\s?\d[\d,.]*\b[^.?!]{0,40}\b(?:today|tomorrow|on|by|has gone through|went through)\b/i,
    /\b(?:payment plan|instalment plan|arrangement) (?:is|has been|are) (?:set up|in place|agreed|confirmed)\b/i,
    /\b(?:set|setting) (?:that|this|it|the plan|a plan|the payment plan|up the plan) up\b/i,
    /\bfirst (?:payment|instalment)\b/i,
  )

/** The person on the other end says they are not the account holder. */
const thirdParty = (segments: Segment[]) =>
  any(
    segments,
    'customer',
    /\b(?:he|she|they)(?:'s|'ve| has| have)? (?:moved out|moved away)\b/i,
    /\b(?:no longer lives?|doesn't live|does not live|don't live|new tenants?|previous tenant|wrong number)\b/i,
    /\b(?:his|her|their) (?:wife|husband|partner|son|daughter|mother|mum|father|dad|brother|sister|carer|flatmate|housemate|neighbour|landlord)\b/i,
    /\b(?:i'm|i am) not [A-Z][a-z]+/,
    /\bon (?:his|her|their|my (?:\w+'s)) behalf\b|\bon behalf of (?:my|our|his|her)\b/i,
    /\b(?:my|our) (?:late )?(?:mum|mother|dad|father|husband|wife|son|daughter|brother|sister|partner|nan|gran|grandad)'s (?:account|bill|invoice|debt|gas|electricity|energy)\b/i,
    /\bmy late\b/i,
    /\b(?:he|she|they)(?:'s| is| are|'re) not (?:here|in|available|home)\b/i,
  )

/**
 * The agent using the customer's own account or record: telling what is on it, acting on it, or
 * saying they will ("I can see a payment…", "I've cancelled the card", "your statement shows…"). A
 * question about how things work in general, even about "my account", does not.
 */
const recordUsed = (segments: Segment[]) =>
  firstDisclosure(segments) !== null ||
  any(
    segments,
    'agent',
    new RegExp(
      `\\b(?:i|we)(?:'ve| have)(?: now| also| just)? (?:sent|re-?sent|booked|re-?booked|raised|arranged|cancell?ed|ordered|referred|made|switched|frozen|set up|added|removed|updated|refunded|blocked|unblocked|lifted|changed|moved|found|reissued|marked|logged|released|credited|reversed|waived|applied)\\b`,
      'i',
    ),
    /\b(?:i|we)(?:'ll| will)(?: now| just| also)? (?:cancel|block|freeze|unblock|update|change|refund|order|reissue|move|book|rebook|remove|add|lift|raise|log|credit|reverse|waive|apply)\b/i,
    new RegExp(
      `\\byour (?:[a-z'-]+\\s+){0,2}(?:${PERSONAL}|number|figure|sort code) (?:is|was|has|shows|went|will|came)\\b`,
      'i',
    ),
    /\b(?:has|have) been (?:ordered|sent|booked|raised|arranged|cancell?ed|approved|declined|refunded|credited|processed|received)\b/i,
    /\b(?:took|taken|collected) the (?:payment|money)\b|\bthe payment (?:was|went)\b/i,
    /\bon (?:your|the|his|her) (?:account|record|file|notes)\b|\bour (?:records|system) (?:show|say)/i,
  ) ||
  any(segments, 'any', ACCOUNT_EVENT)

const KINDS: { asks: RegExp; premise: Premise }[] = [
  {
    asks: /\b(?:identity|account holder name|security (?:check|questions?|details))\b/i,
    premise: { holds: recordUsed, unmet: 'no account or record of the customer came into the conversation.' },
  },
  {
    asks: /\b(?:what happens next|next steps?|time ?frame)\b/i,
    premise: {
      holds: somethingPending,
      unmet: 'a general question answered on the spot, with nothing left to happen.',
      first: true,
    },
  },
  {
    asks: /\b(?:confirm|repeat|summari[sz]e) the (?:payment )?(?:arrangement|plan|agreement)\b/i,
    premise: {
      holds: (segments) => arrangementAgreed(segments) && !thirdParty(segments),
      unmet: 'no payment arrangement was agreed.',
    },
  },
  {
    asks: /\b(?:debt|balance|payments?|instalments?|date of birth|postcode|hardship)\b/i,
    premise: {
      holds: (segments) => !thirdParty(segments),
      unmet: 'the person answering is not the account holder, so nothing about the account is discussed.',
    },
  },
]

/** The premise a question's text presupposes, or null when it always applies. */
export function premiseOf(questionText: string): Premise | null {
  return KINDS.find((k) => k.asks.test(questionText))?.premise ?? null
}
