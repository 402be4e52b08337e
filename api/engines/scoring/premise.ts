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
const personalMatter = (segments: Segment[]) =>
  // the customer speaking of something of theirs ("my tablets", "my son's booster"), not of someone
  any(segments, 'customer', new RegExp(`\\b(?:my|our)\\s+(?!${RELATIONS}\\b)[a-z]`, 'i')) ||
  any(
    segments,
    'any',
    new RegExp(`\\b(?:my|our|your|his|her)\\s+(?:[a-z'-]+\\s+){0,2}${PERSONAL}\\b`, 'i'),
    /\bthe (?:balance|account|card)\b/i,
    /\b(?:a|the|this|that) (?:standing order|direct debit|transfer)\b/i,
    /\b(?:charged|declined|blocked|frozen|debited|overdrawn|in arrears|owe)\b/i,
  )

/**
 * Something left to happen once the contact ends: a problem to fix or a request to carry out, rather
 * than a question answered on the spot. Read as the customer bringing a matter of their own.
 */
const somethingPending = personalMatter

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

const KINDS: { asks: RegExp; premise: Premise }[] = [
  {
    asks: /\b(?:identity|account holder name|security (?:check|questions?|details))\b/i,
    premise: { holds: personalMatter, unmet: 'no account or record of the customer came into the conversation.' },
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
