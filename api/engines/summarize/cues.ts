// The phrases a contact-centre conversation uses for what a summary must keep (why the customer
// called, facts, what was done and promised) and for what it must drop (greetings, security
// checks, hold chatter). They are matched on `normalise`d text: lower case, contractions written
// out, so "I'll" and ASR's "ill"-free "i will" read the same.

/** Lower case, curly quotes straightened, contractions written out (also ASR's "im", "ive", "youll"). */
export function normalise(text: string) {
  return ` ${text.toLowerCase()} `
    .replace(/[’‘`]/g, "'")
    .replace(/\bwon't\b/g, 'will not')
    .replace(/\bcan't\b/g, 'cannot')
    .replace(/n't\b/g, ' not')
    .replace(/'ll\b/g, ' will')
    .replace(/'ve\b/g, ' have')
    .replace(/'re\b/g, ' are')
    .replace(/\bi'm\b/g, 'i am')
    .replace(/'d\b/g, ' would')
    .replace(/\b(it|that|there|what|here|he|she|who)'s\b/g, '$1 is')
    .replace(/\bim\b/g, 'i am')
    .replace(/\bive\b/g, 'i have')
    .replace(/\b(you|we|they|it|that)ll\b/g, '$1 will')
    .replace(/\b(that|it|what|there)s\b/g, '$1 is')
    .replace(/\b(do|does|did|is|are|was|were|have|has|can|could|would|should)nt\b/g, '$1 not')
    .replace(/[^\p{L}\p{N}£$€%.'\s-]/gu, ' ')
    .replace(/\s+/g, ' ')
}

/** Sounds and tics that speech recognition writes down but that carry no meaning. */
export const FILLERS = new Set(['um', 'umm', 'uh', 'uhh', 'uhm', 'er', 'erm', 'hmm', 'mm', 'mhm', 'ah', 'eh'])

/** Greetings, closings, hold chatter and politeness: what a summary never needs. */
export const PLEASANTRY = new RegExp(
  [
    String.raw`thanks? (you )?(very much |so much )?for (calling|holding|waiting|your patience|contacting|choosing|being)`,
    String.raw`how (can|may|could) i (help|assist)`,
    String.raw`what can i (do|help)`,
    String.raw`you are (through|speaking) (to|with)`,
    String.raw`my name is [\p{L}]+`,
    String.raw`\b[\p{L}]+ speaking\b`,
    String.raw`is there anything else`,
    String.raw`anything else i can`,
    String.raw`have a (good|great|nice|lovely|wonderful|brilliant) (day|evening|weekend|afternoon|morning|one)`,
    String.raw`\b(good ?bye|bye|bye now|take care|cheers)\b`,
    String.raw`you are (very )?welcome`,
    String.raw`\bmy pleasure\b`,
    String.raw`\bno (problem|worries)\b`,
    String.raw`this call (may|is|will|might) be (recorded|monitored)`,
    String.raw`\b(bear with me|one moment|hold on|please hold|on hold)\b`,
    String.raw`\b(let me|i will) (just )?(check|have a look|look|pull|bring|see|find)\b`,
    String.raw`\b(that is|that was) (everything|all|it)\b`,
    String.raw`^ ?(hi|hello|hey|good (morning|afternoon|evening))\b`,
  ].join('|'),
  'u',
)

/** The agent's identity and security questions: their answers (birth dates, postcodes) are not the call's facts. */
export const VERIFICATION = new RegExp(
  [
    String.raw`date of birth|\bdob\b|post ?code|zip code|first line of (the|your) address`,
    String.raw`security (question|check|details|reasons|purposes)|for security|memorable (word|information)|passcode|maiden name`,
    String.raw`(confirm|take|have|get) your (full )?name|confirm (your|the) (identity|details)|confirm it is you|to confirm it is you`,
    String.raw`last (four|4) digits`,
  ].join('|'),
)

/** How a customer says why they got in touch. */
export const REASON = new RegExp(
  [
    String.raw`\b(calling|ringing|phoning|writing|contacting you|getting in touch|called|rang) (about|because|regarding|to|as|in regards|with regard|since)`,
    String.raw`the reason (i am|for my|i) (calling|call|ringing|rang)`,
    String.raw`\b(i|we) (want|would like|need|wanted|was hoping|were hoping|am trying|have been trying|am looking) to\b`,
    String.raw`\b(i|we) (have been|was|were|got|have got) (charged|overcharged|billed|cut off|disconnected|told)`,
    String.raw`\b(i|we) (have )?(lost|moved|noticed|received|spotted|found)\b`,
    String.raw`charged (twice|double|two times|again)|double charged|overcharged`,
    String.raw`(not|stopped) working|keeps (dropping|cutting|disconnecting|crashing|failing|going)|(is|are|has been|have been) (down|broken|faulty)`,
    String.raw`\bmy (bill|account|card|order|payment|policy|contract|broadband|internet|connection|phone|direct debit|statement|address|appointment|refund|parcel|delivery|booking|plan|tariff|package|claim|loan|mortgage|subscription)\b`,
    String.raw`\b(problem|issue|trouble|complaint|query|question) (with|about|regarding|on)`,
    String.raw`\b(lost|stolen|missing|damaged|cancel|cancelling|cancellation|complain|dispute|late fee|fee)\b`,
  ].join('|'),
  'g',
)

/** What was done on the call: the outcome a reader of the notes looks for. */
export const RESOLUTION = new RegExp(
  [
    String.raw`\b(i|we) have (now |just |also |already )*(blocked|cancelled|canceled|stopped|updated|changed|applied|added|credited|refunded|processed|issued|removed|waived|reset|fixed|resolved|sorted|moved|reduced|switched|renewed|arranged|booked|raised|logged|ordered|set up|amended|reversed|put|cleared|taken off|approved)\b`,
    String.raw`\b(has|have) (now |just |also )*been (blocked|cancelled|canceled|stopped|updated|changed|applied|credited|refunded|processed|issued|removed|waived|reset|fixed|resolved|sorted|booked|approved|reversed|arranged|raised|logged)\b`,
    String.raw`\b(that is|it is|you are|that has) (now |all )*(sorted|done|fixed|set|resolved|updated|booked|confirmed|cancelled)\b(?! at| for| to| on| in| price| rate)`,
    String.raw`\b(the (line )?test (shows|has found|found)|there is a fault|the fault is|what has happened)`,
    String.raw`\b(agreed|accepted|approved|declined|go ahead with)\b`,
  ].join('|'),
  'g',
)

/** Verbs that make "I will …" a next step rather than something done while the caller waits. */
const ACTION_VERBS =
  'send|email|e-mail|post|text|call|ring|phone|arrange|book|schedule|raise|log|escalate|refund|credit|reimburse|pay|waive|remove|cancel|close|process|update|change|move|issue|order|dispatch|deliver|replace|apply|add|review|investigate|follow|chase|contact|visit|come|return|reset|reconnect|fix|repair|monitor|write|confirm|transfer|switch|submit|upload|forward|activate|install|collect|pick|drop|complete|sign|reduce|start|stop|keep|make|get back|look into|speak'

/** "I will send", "we are going to refund": the speaker commits to act. */
export const SELF_COMMITMENT = new RegExp(
  String.raw`\b(i|we) (will|shall|am going to|are going to|am gonna|are gonna) (also |just |then |now |personally |definitely |make sure to |)(${ACTION_VERBS})\b`,
)

/** "I have booked an engineer", "we have raised a claim": done now, happens later. */
export const SELF_ARRANGED = new RegExp(
  String.raw`\b(i|we) have (now |just |also |already )*(raised|logged|booked|arranged|ordered|scheduled|escalated|requested|submitted|set up|put in|opened|referred)\b`,
)

/** "An engineer will visit", "the refund should appear", "it will be credited", "you will receive": the company delivers. */
export const COMPANY_FUTURE = new RegExp(
  [
    String.raw`\b(will|should|is going to|are going to) (then |also |now )?be (refunded|credited|sent|posted|delivered|dispatched|updated|removed|reviewed|applied|emailed|texted|paid|returned|replaced|waived|issued|collected|fixed|repaired|reconnected|processed|booked|contacted|reviewed)\b`,
    String.raw`\b(engineer|technician|courier|team|someone|somebody|refund|credit|card|replacement|letter|email|e-mail|text|documents?|payment|money|parcel|order|price|discount)(?: [\p{L}\p{N}£$€.]+){0,4} (will|should|is going to|is due to) (arrive|appear|visit|come|show|go|reach|start|apply|call|contact|ring|email|text)\b`,
    String.raw`\byou (will|should|are going to) (receive|get|see|hear)\b`,
  ].join('|'),
  'u',
)

/** "The payments team will fix…", "team leaders must review…": someone named acts (mostly in documents). */
export const OTHERS_COMMITMENT = new RegExp(
  String.raw`\b(?!(?:it|this|that|there|which|what|who|you|i|we|they|he|she)\b)[\p{L}]+ (will|must|shall|needs? to|has to|have to|is to|are to|is going to|are going to) (also |then |now |)(${ACTION_VERBS})\b`,
  'u',
)

/** "You will need to", "please check", "give us a call back": the other party is asked to act. */
export const INSTRUCTION = new RegExp(
  [
    String.raw`(?<!\bif )\byou (will |may |might )?(need to|have to|must|should|ought to)\b(?! not have| have been| have had)`,
    String.raw`\bplease (?!hold|bear|confirm your|wait|bear with)(\p{L}+)`,
    String.raw`\b(make sure|remember to|do not forget|dont forget)\b`,
    String.raw`\b(give us a (call|ring)|call us back|ring us back|let us know|get in touch|contact us)\b`,
  ].join('|'),
  'u',
)

/** A question, with or without its question mark (speech recognition rarely writes one). */
export const QUESTION_START =
  /^ ?(so |and |but |okay |ok |right |um |uh )*(will|can|could|would|do|does|did|is|are|was|were|should|shall|have|has|what|when|where|why|how|which|who)\b(?! not\b| do\b)/

/** Money, dates and times, reference numbers: facts that must survive a summary. */
export const MONEY =
  /[£$€]\s?\d|\b\d+(?:[.,]\d{1,2})?\s?(?:pounds?|dollars?|euros?|pence|p|cents?|quid|gbp|usd|eur)\b|\b(pounds?|dollars?|euros?|quid)\b/i
export const DATE =
  /\b(monday|tuesday|wednesday|thursday|friday|saturday|sunday|january|february|march|april|may|june|july|august|september|october|november|december|jan|feb|mar|apr|jun|jul|aug|sep|sept|oct|nov|dec|today|tomorrow|tonight|yesterday|next (week|month|year|bill)|end of (the )?(day|week|month)|working days?|business days?|\d{1,2}(st|nd|rd|th)|\d{1,2}[/.-]\d{1,2}[/.-]\d{2,4}|\d{1,2}(:\d{2})? ?(am|pm)|\d+ (hours?|days?|weeks?|months?))\b/i
/**
 * Reference numbers and the like: mixed letters and digits (RF-20931, HI-3308217), a long run of
 * digits (an account number), or digits read out one by one ("four four seven one nine").
 */
export const REFERENCE =
  /\b(?=[\p{L}\d-]*\d)(?=[\p{L}\d-]*\p{L})[\p{L}\d]{1,6}-?[\p{L}\d-]{3,}\b|\b\d{5,}\b|\b\d{3,4}( \d{3,4}){1,3}\b|\b(reference|ref|ticket|case|claim|order|account|policy|booking|confirmation|tracking) (number|no|id|code)\b|\b(?:(?:zero|oh|one|two|three|four|five|six|seven|eight|nine|double|triple) ){3,}(?:zero|oh|one|two|three|four|five|six|seven|eight|nine)\b/iu
/** A street address ("14 Elm Road") or a card's last digits ("the card ending 4417"): facts, not references. */
export const ADDRESS =
  /\b(ending|ends) (in )?\d{3,4}\b|\b\d{1,4}[a-z]? (?:[\p{L}]+ ){1,2}(?:road|rd|street|st|lane|ln|avenue|ave|close|drive|dr|way|court|place|crescent|terrace|grove|gardens|square|row|hill|park|mews|walk|boulevard|blvd)\b/iu
export const NUMBER =
  /\d|\b(one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|fifteen|twenty|thirty|forty|fifty|hundred|thousand)\b/i
