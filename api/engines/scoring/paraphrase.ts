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
    'Dear Mr Mrs Ms Miss Dr Just Not Calling Here Speaking The A An Please Kind Best Regards Many Customer Patient Client'
  ).split(' '),
)
const ORGANISATION =
  /^\s+(?:Bank|Health|Energy|Team|Services?|Group|Ltd|Limited|Insurance|Council|Customer|Billing|Support|Relations|Care|Access|Desk|Office|Department|Centre|Center)\b/

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
    /(?:^|\n)\s*(?:with )?(?:kind regards|best regards|warm regards|regards|best wishes|many thanks|thanks|cheers|take care|yours sincerely|sincerely|best),?\s*\n\s*([A-Z][a-z]+)/gi
  for (const m of text.matchAll(signOff)) {
    if (isName(m[1], text.slice((m.index ?? 0) + m[0].length))) found.push({ index: m.index ?? 0, text: m[0] })
  }
  return found
}

/** Security details asked for or checked: date of birth, postcode, the address's first line. */
const SECURITY_DETAILS = words(
  '\\bwhen (?:you were|were you) born\\b',
  '\\byour (?:dob|birthday)\\b',
  '\\bdate of birth\\b',
  '\\bpost ?code\\b',
  '\\bfirst line of (?:your|the) address\\b',
  "\\b(?:that's|you're) (?:you )?(?:verified|through security)\\b",
)

type Intent = { triggers: string[]; paraphrases: Paraphrase[] }

const THANKS: Intent = {
  triggers: ['thank you for calling', 'thanks for calling'],
  paraphrases: [
    words(
      '\\bthanks?(?: you)?(?: so much| very much)? for (?:calling|ringing|phoning|contacting|getting in touch|reaching out|messaging|writing|letting us know|taking the time|giving us a (?:ring|call)|your (?:call|message|e-?mail|enquiry|letter|question|query)s?)\\b',
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

/**
 * The customer voicing dissatisfaction with the organisation, in the words people use rather than the
 * template's few ("This is the second time your billing has messed me about", "it's not good enough").
 */
const DISSATISFACTION = [
  '\\b(?:outrageous|ridiculous|disgrace(?:ful)?|disgusting|appalling|shocking|unbelievable|useless|pathetic|diabolical|shambles)\\b',
  '\\b(?:a joke|not good enough|not on|poor service|terrible service|awful service|no way to treat)\\b',
  '\\b(?:messed|mucked) (?:me|us|it|things) (?:about|up)\\b',
  '\\b(?:nobody|no one|no-one) (?:has |had |will |would |ever |even )?(?:told|called|rang|phoned|got back|listens?|replied|answered|bothered)\\b',
  '\\bcomplain(?:t|ts|ing)?\\b',
  '\\bsick (?:and tired )?of\\b',
  "\\b(?:this|that|it)(?:'s| is) the (?:second|third|fourth|fifth) time\\b",
  "\\b(?:it's|it is) not the first time\\b",
  '\\bnot (?:happy|impressed|pleased|satisfied|acceptable)\\b',
  '\\b(?:frustrat(?:ed|ing)|annoyed|annoying|fed up|furious|livid|fuming|angry)\\b',
]
/** A customer upset: angry, frightened or worried, in any words. */
const DISTRESS = [
  ...DISSATISFACTION,
  "\\b(?:terrified|scared|frightened|panicking|panicked|anxious|distressed|in tears|crying|beside myself|at my wits'? end)\\b",
  "\\b(?:can't|cannot) cope\\b",
  '\\b(?:really|so|very|extremely|absolutely) (?:worried|stressed|upset|scared)\\b',
  "\\b(?:don't|do not) (?:talk|speak) to me like that\\b",
  '\\bhow dare you\\b',
  "\\bfor (?:god's|goodness'?|heaven's|pete's) sake\\b",
  '\\b(?:you lot|you people) are\\b',
  "\\b(?:i'm|i am) (?:such )?a (?:mess|wreck)\\b",
  "\\b(?:don't|do not) know what to do\\b",
  "\\bshouldn'?t have to\\b",
]
/** Shouting in writing: four or more words in capitals ("I DONT OWE YOU ANYTHING"). */
const shouting: Paraphrase = (text) =>
  [...text.matchAll(/\b[A-Z]{2,}'?[A-Z]*(?:[ ,]+[A-Z]{1,}'?[A-Z]*){3,}\b/g)].map((m) => ({
    index: m.index ?? 0,
    text: m[0],
  }))

/** "Is that Colin Marsden?": the agent asking for someone by their full name. */
const isThatName: Paraphrase = (text) =>
  [
    ...text.matchAll(
      /\b(?:is that|is this|am I speaking to|am I talking to|speaking to) (?:(?:Mr|Mrs|Ms|Miss|Dr)\.? )?[A-Z][a-z]+(?: [A-Z][a-z'-]+)?\s*\?/g,
    ),
  ].map((m) => ({ index: m.index ?? 0, text: m[0] }))

/** A payment card's number written out (four groups of four digits) or an account number (eight digits). */
const fullNumber: Paraphrase = (text) =>
  [...text.matchAll(/\b(?:\d{4}[ -]?){3}\d{4}\b|\b\d{8}\b/g)].map((m) => ({ index: m.index ?? 0, text: m[0] }))

const INTENTS: Intent[] = [
  {
    triggers: [
      'take you to court',
      'call your employer',
      'contact your employer',
      'bailiffs will come',
      'our legal team',
    ],
    paraphrases: [
      words(
        "\\b(?:county |magistrates'? )?court (?:action|proceedings|costs)\\b",
        "\\b(?:be|end up|see you) in (?:the )?(?:county |magistrates'? )?court\\b",
        "\\bapply to the (?:county |magistrates'? )court\\b",
        '\\b(?:to|pass (?:it|this|your account) to) (?:our|the) solicitors\\b',
        '\\b(?:on to|onto|approach|contact|ring|call|write to) your employer\\b',
        '\\b(?:attachment of earnings|bailiffs?|enforcement agents?)\\b',
      ),
    ],
  },
  {
    triggers: ['hardship programme', 'hardship fund', 'breathing space', 'financial support'],
    paraphrases: [
      words(
        '\\b(?:support fund|warm home discount|priority services? register|vulnerable customers? team|payment holiday|payment break|stepchange|citizens advice|national debtline)\\b',
        '\\bhardship (?:form|fund|team|scheme|programme|grant)\\b',
        '\\b(?:pause|freeze) (?:the|your) account\\b',
        '\\bput (?:a |the )?(?:[\\w-]+ )?hold on (?:the|your) account\\b',
      ),
    ],
  },
  { triggers: ['your full card number is', 'your account number is'], paraphrases: [fullNumber] },
  {
    triggers: ['anything else i can help with'],
    paraphrases: [
      words(
        '\\b(?:anything|something) (?:else|more|further)\\b',
        '\\bany (?:other|more|further) (?:questions|queries|help)\\b',
      ),
    ],
  },
  {
    triggers: ['sorry for the inconvenience', 'i apologise', 'sorry about that'],
    paraphrases: [
      words(
        "\\b(?:i'm|i am|we're|we are) (?:so |really |very |truly |terribly )?sorry\\b",
        '\\b(?:my|our) (?:sincere )?apologies\\b',
        '\\bapologi[sz]e\\b',
      ),
    ],
  },
  {
    triggers: ['make a payment today', 'pay today'],
    paraphrases: [words('\\bpay\\b[^.?!]{0,40}\\b(?:today|now)\\b', '\\b(?:paid|payment)\\b[^.?!]{0,30}\\btoday\\b')],
  },
  {
    triggers: ['complaint', 'not happy', 'unacceptable', 'frustrated', 'annoying', 'disappointed', 'fed up'],
    paraphrases: [words(...DISSATISFACTION)],
  },
  {
    triggers: ['upset', 'stressed', 'angry', 'out of order', 'ridiculous', 'worried sick'],
    paraphrases: [words(...DISTRESS), shouting],
  },
  {
    triggers: ['lost my job', 'cannot afford', 'struggling', 'hardship', 'no money'],
    paraphrases: [
      words(
        "\\b(?:can't|cannot|can not|couldn't) (?:afford|pay|find|manage|make (?:the|a|any) payments?)\\b",
        "\\b(?:don't|do not) know how (?:i'll|i will|i'm going to|we'll|we will|i can) (?:pay|manage|afford|cope)\\b",
        '\\b(?:made redundant|redundancy|between jobs|out of work|unemployed|on benefits|universal credit|sick pay|signed off|off sick)\\b',
        '\\b(?:hours|wages|pay|benefits?|income) (?:were |was |have been |has been |got )?(?:cut|reduced|stopped)\\b',
        "\\b(?:money(?:'s| is)|it's|it is|things are|things have been) (?:really |very |so |a bit |a lot )?(?:tight|tighter|short|hard)\\b",
        '\\b(?:on one wage|went part-time|gone part-time|maternity pay)\\b',
        '\\b(?:pay|income|wages?|benefits?) (?:ended|stopped|dried up)\\b',
        '\\b(?:short of money|skint|broke|behind on (?:everything|my bills|the rent))\\b',
      ),
    ],
  },
  {
    triggers: ['refund', 'money back'],
    paraphrases: [
      words(
        '\\b(?:refund|reimburs|compensat)[a-z]*\\b',
        '\\b(?:charged|paid|taken|debited|billed) (?:me |it |for it )?twice\\b',
        '\\bdouble[- ]charged\\b',
        '\\b(?:have|get|want|like|need) (?:that|it|them|one of them|the (?:fee|money|charge|payment)|my money) back\\b',
        '\\bput (?:it|the money|that) back\\b',
      ),
    ],
  },
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
        "\\b(?:i'll|i will|let me) (?:check|find out|have a look|look)\\b",
        "\\bi(?:'d| would) (?:like|love) to help\\b",
        '\\bwhat can i (?:sort|do|help)\\b',
        '\\bi can (?:arrange|go through|activate|book|change|update|cancel|check|send|do) (?:that|this|it)\\b',
        "\\blet's get (?:that|this|it) (?:sorted|looked at)\\b",
        '\\b(?:happy|glad|pleased) to (?:explain|arrange)\\b',
        "\\b(?:i'll|i will) (?:take (?:this|that|it) on|deal with (?:this|that|it) (?:myself|personally))\\b",
        '\\b(?:anything|something) else (?:i|we) can (?:help|do)\\b',
        '\\bwe can offer\\b',
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
        "\\b(?:that's|that is|it's|it is) (?:understandable|frustrating|annoying|worrying|not right|our mistake|our error)\\b",
        "\\b(?:i'm|i am|we're|we are) (?:so |really |very |truly )?sorry\\b",
        '\\b(?:happy|glad|pleased) to (?:explain|arrange|sort)\\b',
        '\\bi can (?:see|hear|understand) (?:how|why|that)\\b',
        "\\bi know (?:it's|it is|this is|that's|that is|how)\\b",
        '\\b(?:that|it) (?:sounds|must be|must have been)\\b',
        "\\blet's get (?:that|this|it) (?:sorted|looked at)\\b",
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
        "\\b(?:will|'ll) (?:arrive|drop off|show|reach you|come|be ready|be with you)\\b",
        "\\b(?:will|'ll) (?:phone|ring|call|contact|text|e-?mail|write to) you\\b",
        '\\b(?:has|have) been (?:ordered|sent|booked|raised|arranged|cancell?ed|logged|referred|re-?sent|passed)\\b',
        "\\b(?:i|we)(?:'ve| have) (?:re-?sent|logged|lifted|released|paused|marked|flagged|escalated|chased|noted)\\b",
        '\\btry (?:the card|it|again|paying)\\b',
        '\\bwill (?:review|look into|investigate|be in touch|get back to you)\\b',
        '\\b(?:is|are) on (?:its|their) way\\b',
      ),
    ],
  },
  {
    triggers: ['working days', 'within 24 hours', 'straight away', 'by tomorrow'],
    paraphrases: [
      words(
        `\\b(?:within|in|over|under|after) (?:the next |about |around |up to )?${NUMBER}(?: to ${NUMBER})? (?:working |business |calendar )?(?:minutes?|hours?|days?|weeks?|months?)\\b`,
        `\\bgive it (?:about |around |a )?(?:${NUMBER} )?(?:minutes?|hours?|days?|weeks?)\\b`,
        `\\b${NUMBER}(?: to ${NUMBER})? working days\\b`,
        `\\bby (?:tomorrow|tonight|the end of|${WEEKDAY}|about \\d|\\d|${NUMBER} o'clock)`,
        '\\b(?:the same day|straight away|right away|immediately)\\b',
        `\\bon (?:the )?\\d{1,2}(?:st|nd|rd|th)? (?:of )?${MONTH}\\b`,
        `\\bon ${MONTH} \\d{1,2}\\b`,
        '\\bon the \\d{1,2}(?:st|nd|rd|th)\\b',
        "\\b(?:from|at|by|after|before) (?:\\d{1,2}|one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve)(?: o'clock|:\\d\\d| ?[ap]m)\\b",
        '\\b(?:tomorrow|next week|this afternoon|this evening|later today|end of the (?:day|week))\\b',
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
        '\\b(?:checked|confirmed|verified)\\b[^.?!]{0,80}\\bin the name of\\b',
        '\\b(?:am i|are you) (?:speaking|talking|chatting) (?:to|with)\\b',
        '\\bis (?:that|this) (?:mr|mrs|ms|miss|dr)\\b',
        '\\b(?:talking|speaking|chatting|writing) to the account holder\\b',
        '\\byou are the account holder\\b',
        "\\b(?:the )?(?:patient's|account holder's|customer's) (?:full )?name\\b",
        "\\b(?:and|what's|what is|can i (?:have|take|get)|may i (?:have|take)) your (?:full )?name\\b",
        "\\b(?:i am|i'm) (?:speaking|talking|chatting) (?:to|with) (?:mr|mrs|ms|miss|dr)\\b",
      ),
      isThatName,
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
        "\\bour (?:phone |contact )?(?:number|helpline|line)(?:'s| is)\\b",
        '\\b(?:invoice|payment|plan|case|claim|dispute|complaint|arrangement) (?:number|reference|ref)\\b',
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
              /\b(?:balance|owe|owed|owing|overdue|outstanding|arrears|unpaid)\b/i.test(sentence),
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
        '\\b(?:instalments?|installments?)\\b',
        '\\b(?:£|\\$)\\s?\\d[\\d.,]* (?:a|per|each) (?:week|fortnight|month)\\b',
        '\\bor (?:you|we|i) (?:could|can) (?:pay|split|set up|add|spread)\\b',
        '\\b(?:pay|paying) (?:it )?(?:monthly|weekly|fortnightly)\\b',
        '\\b(?:monthly|weekly|fortnightly)(?: payments)?,? or (?:monthly|weekly|fortnightly)\\b',
      ),
    ],
  },
  {
    triggers: ['have a great day', 'have a good day', 'take care'],
    paraphrases: [
      words(
        '\\bhave a (?:great|good|lovely|nice|wonderful) (?:day|afternoon|evening|morning|weekend|night)\\b',
        '\\benjoy the rest of\\b',
        '\\b(?:bye for now|speak soon|safe travels|all the best|get well soon|look after yourself|take care of yourself)\\b',
        '\\b(?:thanks|thank you)\\b[^.!?\\n]{0,25}[.!,]\\s*(?:good)?bye\\b',
        '(?:^|\\n|[.!]\\s+)\\s*(?:kind regards|best regards|warm regards|regards|best wishes|with best wishes|many thanks|cheers|yours sincerely)\\b',
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
        '\\b(?:goes|go|going|come|comes|paid|put) (?:straight )?back (?:in)?to (?:your|the same|the original)\\b',
        "\\bwe(?:'ll| will)? refund (?:it|them|the|any|you)\\b",
        '\\bhow (?:it|refunds?|this|that) works?\\b',
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
  { triggers: ['your date of birth', 'verify your date of birth'], paraphrases: [SECURITY_DETAILS] },
  {
    // checking who is on the line: asking for them, or for their name or security details
    triggers: ['could i speak to'],
    paraphrases: [
      SECURITY_DETAILS,
      words(
        '\\b(?:can|could|may) i (?:speak|talk) (?:to|with)\\b',
        '\\bfull name\\b',
        '\\b(?:account number|name) and (?:full )?(?:name|postcode|date of birth|address)\\b',
        '\\b(?:checked|matched) the details you (?:gave|sent)\\b',
        '\\b(?:checked|confirm|verify|take|have) your (?:date of birth|postcode|security details)\\b',
        '\\b(?:verified|checked|confirmed) your (?:details|identity)\\b',
        "\\b(?:the )?(?:patient's|account holder's|customer's|your) (?:full )?name\\b",
        "\\b(?:i am|i'm) (?:speaking|talking|chatting|writing) (?:to|with) (?:mr|mrs|ms|miss|dr)\\b",
        "\\bconfirm you(?:'re| are) the account holder\\b",
        '\\b(?:am i|are you) (?:speaking|talking|chatting) (?:to|with)\\b',
        '\\bis (?:that|this) (?:mr|mrs|ms|miss|dr)\\b',
        '\\b(?:talking|speaking|chatting|writing) to the account holder\\b',
        '\\byou are the account holder\\b',
      ),
      isThatName,
    ],
  },
  {
    triggers: ['i understand this is difficult', 'i appreciate this is hard'],
    paraphrases: [
      words(
        "\\bsorry (?:you(?:'re| are) feeling|to hear)\\b",
        '\\bi (?:understand|appreciate|know) (?:this|it|that)(?: is| must be| can be)\\b',
        "\\bwe(?:'ll| will) (?:work through|sort) this (?:out )?together\\b",
        "\\bi (?:understand|appreciate|know) (?:this|it|that)(?:'s| is)\\b",
        '\\bsorry (?:this|that|it|things) (?:has been|have been|is|are|was)\\b',
        "\\bplease (?:don't|do not) worry\\b",
        "\\bi hope you(?:'re| are)\\b",
        "\\b(?:i'm|i am) (?:so |really |very )?sorry\\b",
        '\\bi can (?:hear|see|understand) how\\b',
        '\\bthanks? (?:you )?for (?:telling|letting) me\\b',
      ),
    ],
  },
  {
    triggers: ['attempt to collect a debt'],
    paraphrases: [
      words(
        '\\b(?:recover|collect)(?:ing)? (?:the )?(?:money|debt|balance|amount) (?:you owe|owed|outstanding)\\b',
        '\\b(?:calling|writing|contacting you|here) (?:to|about) (?:collect|recover)\\b',
        '\\bcollect (?:a|the|this|an) (?:payment|debt|balance|amount)\\b',
        '\\battempt to (?:collect|recover)\\b',
        '\\b(?:collection|recovery) of (?:a|the|this|your) debt\\b',
      ),
    ],
  },
  {
    triggers: ['that is your fault', 'your own fault'],
    paraphrases: [
      words(
        "\\b(?:that's|that is|it's|it is) on you\\b",
        "\\b(?:had you|if you had|if you'd)\\b[^.?!]{0,80}\\b(?:would(?:n't| not)? have|no fee)\\b",
        "\\bif you\\b[^.?!]{0,60}\\byou (?:wouldn't|would not) (?:be|have)\\b",
        "\\bbecause you (?:didn't|did not|forgot|failed|never)\\b",
        "\\byou should(?:'ve| have)\\b",
        "\\b(?:that's|that is|it's|it is) (?:down to you|your (?:own )?(?:fault|responsibility|problem))\\b",
      ),
    ],
  },
  {
    triggers: ['to confirm the arrangement'],
    paraphrases: [
      words(
        '\\bto confirm\\s*[:,-]',
        "\\bso (?:that(?:'s| is)|it's|it is|we have) (?:£|\\d|one|two|three|four|five|six|seven|eight|nine|ten|fifteen|twenty|thirty|forty|fifty)",
        "\\bthat(?:'s| is| has been) (?:all )?(?:set up|arranged|agreed|booked in|gone through)\\b",
        "\\bso (?:i'll|i will|i've|i have) (?:note|noted|put)\\b",
        "\\bso you(?:'re| are| will be|'ll be) pay",
      ),
    ],
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

/**
 * Whether an opening message answers a customer's contact ("thanks for getting in touch… what can I help
 * you with?"), as a web chat's agent greeting does, rather than starting one (an outbound reminder).
 */
export function answersContact(text: string) {
  return (
    THANKS.paraphrases.some((p) => p(text).length > 0) ||
    /\b(?:how|what) can (?:i|we) (?:help|do for you)\b|\bhow may (?:i|we) help\b/i.test(text)
  )
}
