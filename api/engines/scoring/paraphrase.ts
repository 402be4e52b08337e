/**
 * A small curated paraphrase lexicon per intent. A template names an intent through one of its usual
 * phrases ("my name is", "the next step"); the engine then also accepts the other ways agents say it
 * in calls, chats and e-mails ("Victor speaking", "I'll send you a letter", a sign-off with a name).
 * Each paraphrase is a pattern over the text as written; negation and hedging are checked by the caller.
 */
export type Match = { index: number; text: string }
export type Paraphrase = (text: string) => Match[]

const NUMBER =
  '(?:\\d+|a|an|one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|fourteen|fifteen|twenty|thirty|forty|forty-eight|twenty-four|seventy-two|a couple of|a few)'
const WEEKDAY = '(?:mon|tues|wednes|thurs|fri|satur|sun)day'
const MONTH = '(?:jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec)[a-z]*'
const AMOUNT =
  '(?:£\\s?\\d[\\d,.]*|\\$\\s?\\d[\\d,.]*|\\b\\d[\\d,.]*\\s?(?:pounds|euros|dollars)|\\b(?:one|two|three|four|five|six|seven|eight|nine|ten|twenty|thirty|forty|fifty|sixty|seventy|eighty|ninety|hundred|thousand)[a-z -]*\\s(?:pounds|quid))'

const words = (...patterns: string[]): Paraphrase => {
  const regexes = patterns.map((p) => new RegExp(p, 'gi'))
  return (text) => regexes.flatMap((r) => [...text.matchAll(r)].map((m) => ({ index: m.index ?? 0, text: m[0] })))
}

/** Capitalised words that start sentences or name organisations, not people. */
const NOT_NAMES = new Set(
  (
    'I Hello Hi Hey Yes No Thanks Thank Okay Ok Right Sorry We You It That This Who What Is Am Sure Great Good ' +
    'Dear Mr Mrs Ms Miss Dr Just Not Calling Here Speaking The A An Please Kind Best Regards Many'
  ).split(' '),
)
const ORGANISATION =
  /^\s+(?:Bank|Health|Energy|Team|Services|Group|Ltd|Limited|Insurance|Council|Customer|Billing|Support)\b/

/** An agent giving their name: "this is Grace", "Victor speaking", "I'm Lucy", a sign-off under a formula. */
const givesName: Paraphrase = (text) => {
  const found: Match[] = []
  const isName = (name: string, after: string) =>
    /^[A-Z][a-z]+$/.test(name) && !NOT_NAMES.has(name) && !ORGANISATION.test(after)
  const intro =
    /\b(?:my name(?:'s| is)|i'm|i am|this is|it's|you're (?:through to|speaking (?:to|with)|chatting (?:to|with))|you are (?:through to|speaking (?:to|with)|chatting (?:to|with)))\s+([A-Za-z]+)/gi
  for (const m of text.matchAll(intro)) {
    const after = text.slice((m.index ?? 0) + m[0].length)
    if (isName(m[1], after)) found.push({ index: m.index ?? 0, text: m[0] })
  }
  for (const m of text.matchAll(/\b([A-Z][a-z]+)(?: [A-Z][a-z]+)? (?:speaking|here)\b/g)) {
    if (isName(m[1], '')) found.push({ index: m.index ?? 0, text: m[0] })
  }
  const signOff =
    /(?:^|\n)\s*(?:kind regards|best regards|warm regards|regards|best wishes|with best wishes|many thanks|thanks|cheers|take care|yours sincerely|sincerely|best),?\s*\n\s*([A-Z][a-z]+)/gi
  for (const m of text.matchAll(signOff)) {
    if (isName(m[1], text.slice((m.index ?? 0) + m[0].length))) found.push({ index: m.index ?? 0, text: m[0] })
  }
  return found
}

type Intent = { triggers: string[]; paraphrases: Paraphrase[] }

const THANKS: Intent = {
  triggers: ['thank you for calling', 'thanks for calling'],
  paraphrases: [
    words(
      '\\bthanks?(?: you)?(?: so much| very much)? for (?:calling|ringing|phoning|contacting|getting in touch|reaching out|messaging|writing|your (?:call|message|e-?mail|enquiry|letter))\\b',
    ),
  ],
}

const RECORDING: Intent = {
  triggers: ['this call is recorded', 'calls are recorded for quality and training'],
  paraphrases: [
    words(
      '\\b(?:this|the|our|all) (?:call|chat|conversation)s?(?: is| are| will be| may be)? (?:being )?(?:recorded|monitored)\\b',
    ),
  ],
}

const INTENTS: Intent[] = [
  THANKS,
  { triggers: ['my name is', 'you are speaking with', "you're speaking with"], paraphrases: [givesName] },
  {
    triggers: ['how can i help you', 'how can i help', 'what can i do for you'],
    paraphrases: [
      words(
        '\\bhow (?:can|may) i help\\b',
        '\\b(?:happy|glad|pleased|here) to help\\b',
        '\\bi can help\\b',
        "\\b(?:i will|i'll|let me) (?:gladly )?(?:help|look into)\\b",
        '\\beverything i can to help\\b',
        '\\bhappy to (?:check|look into|sort)\\b',
        '\\bi can sort (?:that|this|it)\\b',
      ),
    ],
  },
  {
    triggers: ['i understand', 'i can see why', 'let me look into that', 'i can sort that out'],
    paraphrases: [
      words(
        '\\bi can see\\b',
        '\\bsorry (?:about that|to hear|for the|you)\\b',
        '\\bi can (?:sort|help)\\b',
        '\\b(?:happy|glad) to (?:help|check|look)\\b',
        '\\bthanks? (?:you )?for letting (?:me|us) know\\b',
        '\\blook into (?:that|this|it)\\b',
      ),
    ],
  },
  {
    triggers: ['what i will do is', 'the next step'],
    paraphrases: [
      words(
        '\\bwhat (?:happens|will happen) (?:now|next)\\b',
        '\\bnext steps?\\b',
        "\\b(?:i|we)(?:'ll| will)(?: now| then| also| just)? (?:send|raise|book|arrange|order|cancel|call|ring|text|e-?mail|write|post|review|refer|update|put|remove|add|pass|contact|set up|let you know)\\b",
        "\\byou(?:'ll| will)(?: then| also)? (?:get|receive|be sent|hear|be contacted)\\b",
        "\\b(?:i|we)(?:'ve| have)(?: now| also| just)? (?:sent|booked|raised|arranged|cancell?ed|ordered|referred|put|made|switched|frozen|set up|passed|added|removed|updated|refunded)\\b",
        "\\bthey(?:'ll| will) (?:text|call|contact|send|e-?mail|write)\\b",
        '\\bwill be (?:posted|sent|collected|taken|reviewed|credited|refunded)\\b',
        "\\byou(?:'ll| will) see (?:it|the|a)\\b",
        "\\b(?:it|they|this|that|the [a-z]+)(?:'ll| will) (?:arrive|drop off|show|reach|come)\\b",
      ),
    ],
  },
  {
    triggers: ['working days', 'within 24 hours', 'straight away', 'by tomorrow'],
    paraphrases: [
      words(
        `\\b(?:within|in|over|under|after) (?:the next |about |around |up to )?${NUMBER}(?: to ${NUMBER})? (?:working |business )?(?:minutes?|hours?|days?|weeks?|months?)\\b`,
        `\\b${NUMBER}(?: to ${NUMBER})? working days\\b`,
        `\\bby (?:tomorrow|tonight|the end of|${WEEKDAY}|about \\d|\\d|${NUMBER} o'clock)`,
        '\\b(?:the same day|straight away|right away|immediately)\\b',
        `\\bon (?:the )?\\d{1,2}(?:st|nd|rd|th)? (?:of )?${MONTH}\\b`,
        `\\bon ${MONTH} \\d{1,2}\\b`,
      ),
    ],
  },
  {
    triggers: ['thank you for your patience', 'thanks for holding'],
    paraphrases: [
      words(
        '\\bthanks?(?: you)?(?: so much| very much)? for (?:your patience|holding|waiting|bearing with|being (?:so )?patient|hanging on)\\b',
      ),
    ],
  },
  {
    triggers: ['confirm your full name', 'am i speaking with'],
    paraphrases: [
      words(
        '\\byour full name\\b',
        '\\b(?:confirm|take|tell me|give me|verify|check|have|get)(?:ing)? your (?:full )?name\\b',
        '\\b(?:checked|matched|confirmed|verified) (?:the|your) (?:full )?name\\b',
        '\\b(?:am i|are you) (?:speaking|talking|chatting) (?:to|with)\\b',
        '\\bis (?:that|this) (?:mr|mrs|ms|miss|dr)\\b',
        '\\b(?:talking|speaking|chatting|writing) to the account holder\\b',
        '\\byou are the account holder\\b',
      ),
    ],
  },
  RECORDING,
  {
    triggers: ['reference number', 'you can call us on'],
    paraphrases: [
      words(
        '\\breference(?: number)?(?: is|:)?\\s+[A-Z0-9]{1,4}[- ]?[A-Z0-9]',
        '\\bcall us(?: back)? on\\b',
        '\\b0\\d{3}[ -]?\\d{3}[ -]?\\d{3,4}\\b',
      ),
    ],
  },
  {
    triggers: ['outstanding balance', 'amount owed'],
    paraphrases: [
      (text) =>
        [...text.matchAll(/(?:[^.!?\n]|\.(?=\d))+/g)]
          .filter(
            ([sentence]) =>
              new RegExp(AMOUNT, 'i').test(sentence) &&
              /\b(?:balance|owe|owed|owing|overdue|outstanding|arrears)\b/i.test(sentence),
          )
          .map((m) => ({ index: m.index ?? 0, text: m[0] })),
    ],
  },
  {
    triggers: ['payment plan', 'pay in instalments', 'spread the cost'],
    paraphrases: [
      words(
        '\\bsplit (?:it|the|that|this|your)\\b[^?!]{0,60}\\b(?:payments|instalments|installments|parts)\\b',
        '\\b(?:in|into) (?:two|three|four|\\d+) (?:payments|instalments|installments|parts)\\b',
        '\\bspread (?:the|it|that|your)\\b',
      ),
    ],
  },
  {
    triggers: ['have a great day', 'have a good day', 'take care'],
    paraphrases: [
      words(
        '\\bhave a (?:great|good|lovely|nice|wonderful) (?:day|afternoon|evening|morning|weekend|night)\\b',
        '\\benjoy the rest of\\b',
        '(?:^|\\n)\\s*(?:kind regards|best regards|warm regards|regards|best wishes|with best wishes|many thanks|cheers|yours sincerely)\\b',
      ),
    ],
  },
  {
    triggers: ['refund policy', 'refunds take'],
    paraphrases: [
      words(
        '\\b(?:are|is|be|get) (?:refunded|credited|paid back)\\b',
        '\\b(?:credit|pay|pays|refund)s? (?:you |it |the (?:full )?(?:amount|money) )?back\\b',
        '\\b(?:not|non-)refundable\\b',
        '\\b(?:our|the) (?:[a-z-]+ )?(?:refund|cancellation|returns?) policy\\b',
      ),
    ],
  },
  {
    triggers: ['answer your security question'],
    paraphrases: [
      words(
        '\\byour memorable (?:word|information|phrase)\\b',
        '\\b(?:when|where|the town|the place)(?: that)? (?:you were|were you) born\\b',
        '\\b(?:confirm|check) a few (?:details|things)\\b',
        '\\byour security (?:details|answer)\\b',
      ),
    ],
  },
  {
    triggers: ['your date of birth', 'verify your date of birth'],
    paraphrases: [words('\\bwhen (?:you were|were you) born\\b', '\\byour (?:dob|birthday)\\b')],
  },
  {
    triggers: ['could i speak to'],
    paraphrases: [
      words(
        '\\b(?:checked|confirm|verify|take|have) your (?:date of birth|postcode|security details)\\b',
        '\\b(?:am i|are you) (?:speaking|talking|chatting) (?:to|with)\\b',
        '\\bis (?:that|this) (?:mr|mrs|ms|miss|dr)\\b',
        '\\b(?:talking|speaking|chatting|writing) to the account holder\\b',
        '\\byou are the account holder\\b',
      ),
    ],
  },
  {
    triggers: ['i understand this is difficult', 'i appreciate this is hard'],
    paraphrases: [
      words(
        "\\bsorry (?:you(?:'re| are) feeling|to hear)\\b",
        '\\bi (?:understand|appreciate|know) (?:this|it|that)(?: is| must be| can be)\\b',
        "\\bwe(?:'ll| will) (?:work through|sort) this (?:out )?together\\b",
      ),
    ],
  },
  {
    triggers: ['attempt to collect a debt'],
    paraphrases: [
      words('\\b(?:recover|collect)(?:ing)? (?:the )?(?:money|debt|balance|amount) (?:you owe|owed|outstanding)\\b'),
    ],
  },
  {
    triggers: ['that is your fault', 'your own fault'],
    paraphrases: [
      words(
        "\\b(?:that's|that is|it's|it is) on you\\b",
        "\\b(?:had you|if you had|if you'd)\\b[^.?!]{0,80}\\b(?:would(?:n't| not)? have|no fee)\\b",
      ),
    ],
  },
  {
    triggers: ['to confirm the arrangement'],
    paraphrases: [words('\\bto confirm\\s*[:,-]', "\\bso that(?:'s| is) (?:£|\\d)")],
  },
]

const normal = (phrase: string) =>
  phrase
    .toLowerCase()
    .replace(/[’]/g, "'")
    .replace(/[^a-z0-9' ]+/g, ' ')
    .replace(/\s+/g, ' ')
    .trim()

/** The paraphrases of every intent one of the phrases names. */
export function paraphrasesOf(phrases: string[]): Paraphrase[] {
  const given = new Set(phrases.map(normal))
  return INTENTS.filter((intent) => intent.triggers.some((t) => given.has(normal(t)))).flatMap((i) => i.paraphrases)
}

/** Whether the phrases name the thanks for getting in touch, which an agent who started the contact cannot give. */
export function isThanksForContact(phrases: string[]) {
  const given = new Set(phrases.map(normal))
  return THANKS.triggers.some((t) => given.has(normal(t)))
}

/** Whether the phrases name the recording disclosure, which an e-mail cannot make. */
export function isRecordingDisclosure(phrases: string[]) {
  const given = new Set(phrases.map(normal))
  return RECORDING.triggers.some((t) => given.has(normal(t)))
}
