import { describe, expect, it } from 'vitest'
import { scoreTranscript, scoreValues, type Segment, type TemplateCategory, type TemplateQuestion } from './score'
import { tokenize } from './text'

const call: Segment[] = [
  { speaker: 'agent', start: 0, end: 6, text: 'Um, good morning, thanks for calling Acme Bank, my name is Priya.' },
  { speaker: 'customer', start: 6.5, end: 11, text: "Hi. I'd like a refund for a double charge on my card." },
  {
    speaker: 'agent',
    start: 11.5,
    end: 18,
    text: 'I can, uh, help with that. Could you confirm your date of birth for me?',
  },
  { speaker: 'customer', start: 18.5, end: 21, text: 'Sure, fourth of May, 1986.' },
  {
    speaker: 'agent',
    start: 62,
    end: 70,
    text: "I'm sorry for the trouble. The refund policy allows five working days.",
  },
  { speaker: 'customer', start: 70.5, end: 73, text: 'Thank you so much for the help.' },
  { speaker: 'agent', start: 110, end: 116, text: 'Is there anything more I could assist you with today?' },
  { speaker: 'customer', start: 116.5, end: 118, text: "No, that's all. Bye." },
]

let nextId = 1
function question(q: Partial<TemplateQuestion> & Pick<TemplateQuestion, 'phrases'>): TemplateQuestion {
  return { id: nextId++, text: q.phrases[0], weight: 1, expected: 'yes', speaker: 'agent', ...q }
}
function category(name: string, questions: TemplateQuestion[], extra: Partial<TemplateCategory> = {}) {
  return { id: nextId++, name, weight: 1, auto_failed: false, questions, ...extra }
}
const only = (q: TemplateQuestion, segments = call) =>
  scoreTranscript([category('Only', [q])], segments).categories[0].questions[0]

describe('the local scoring engine', () => {
  it('answers yes with the words as said and when they were said', () => {
    const answer = only(question({ phrases: ['thank you for calling'], window: { first_s: 30 } }))
    // "thanks" is the 4th of 12 spoken words in a 6 s utterance
    expect(answer).toMatchObject({ value: 'yes', passed: true, start_time: '00:00:01', start_seconds: 1.5 })
    expect(answer.evaluation_key_word).toBe('thanks for calling')
    expect(answer.justification).toBe('The agent said "thanks for calling" (agent, 00:00:01).')
  })

  it('answers no when nothing to that effect is said, and explains why', () => {
    const answer = only(question({ phrases: ['this call may be recorded for quality purposes'] }))
    expect(answer).toMatchObject({ value: 'no', passed: false, evaluation_key_word: null, start_time: null })
    expect(answer.justification).toBe('No words to that effect from the agent.')
  })

  it('survives filler words, punctuation, case and inflections', () => {
    expect(only(question({ phrases: ['I can help you with that'] })).value).toBe('yes')
    expect(tokenize('Um, HELPING... helped!').map((t) => t.key)).toEqual(['help', 'help'])
  })

  it('keeps the small words of a phrase made mostly of them, and reads contractions', () => {
    const asked: Segment[] = [{ speaker: 'agent', start: 0, end: 3, text: "And what's the name on the account?" }]
    expect(only(question({ phrases: ['my name is'] }), asked).value).toBe('no')
    expect(only(question({ phrases: ['my name is'] })).evaluation_key_word).toBe('my name is')
    const promise: Segment[] = [
      { speaker: 'agent', start: 0, end: 4, text: "Right, so what I'll do is raise a dispute." },
    ]
    // quoted as written, so the quote check finds it word for word
    expect(only(question({ phrases: ['what I will do is'] }), promise).evaluation_key_word).toBe("what I'll do is")
    const apology: Segment[] = [
      { speaker: 'agent', start: 0, end: 4, text: "Oh, I'm SORRY to hear that. I don't know why." },
    ]
    expect(only(question({ phrases: ['I am sorry'] }), apology).evaluation_key_word).toBe("I'm SORRY")
    const callback: Segment[] = [{ speaker: 'agent', start: 0, end: 4, text: "We'll call you back by e-mail." }]
    expect(only(question({ phrases: ['we will call you back by email'] }), callback).evaluation_key_word).toBe(
      'call you back by e-mail',
    )
  })

  it('reads numbers said as words the same as digits', () => {
    const promise: Segment[] = [
      {
        speaker: 'agent',
        start: 0,
        end: 5,
        text: "You'll hear back within twenty-four hours, and the fee is one hundred and fifty pounds.",
      },
    ]
    expect(only(question({ phrases: ['within 24 hours'] }), promise).evaluation_key_word).toBe(
      'within twenty-four hours',
    )
    expect(only(question({ phrases: ['150 pounds'] }), promise).value).toBe('yes')
    expect(tokenize('twenty four, 24, two thousand and six').map((t) => t.key)).toEqual(['24', '24', '2006'])
  })

  it("treats can't, cannot and unable as one word", () => {
    const worry: Segment[] = [{ speaker: 'customer', start: 0, end: 3, text: "I just can't afford it this month." }]
    expect(only(question({ phrases: ['cannot afford'], speaker: 'customer' }), worry).value).toBe('yes')
  })

  it("needs a short phrase's one content word: small words alone are not the phrase", () => {
    const innocent: Segment[] = [{ speaker: 'agent', start: 0, end: 3, text: 'Is that for your own account?' }]
    expect(only(question({ phrases: ['that is your fault'], expected: 'no' }), innocent).value).toBe('no')
    const blame: Segment[] = [{ speaker: 'agent', start: 0, end: 3, text: "Well, that's your fault, isn't it." }]
    expect(only(question({ phrases: ['that is your fault'], expected: 'no' }), blame).value).toBe('yes')
  })

  it('sees a negation a few words before the phrase', () => {
    const reassurance: Segment[] = [
      { speaker: 'agent', start: 0, end: 4, text: 'We will never ask for your full card number over the phone.' },
    ]
    expect(only(question({ phrases: ['your full card number is'], expected: 'no' }), reassurance).value).toBe('no')
  })

  it('matches close paraphrases through synonyms', () => {
    // "assist" for "help", "more" for "else", and the closing question asked in other words
    expect(only(question({ phrases: ['anything else I can help you with'] })).value).toBe('yes')
    // "confirm your date of birth" for "verify your date of birth"
    expect(only(question({ phrases: ['verify your date of birth'] })).evaluation_key_word).toBe(
      'confirm your date of birth',
    )
    expect(only(question({ phrases: ['apologise for the inconvenience', 'sorry for the trouble'] })).value).toBe('yes')
  })

  it('does not count words from the wrong speaker, and says so', () => {
    const answer = only(question({ phrases: ['thank you for your help'], speaker: 'agent' }))
    expect(answer.value).toBe('no')
    expect(answer.justification).toMatch(
      /Said as "Thank you so much for the help" \(customer, .*\), but it had to come from the agent/,
    )
    expect(only(question({ phrases: ['thank you for your help'], speaker: 'customer' })).value).toBe('yes')
  })

  it('keeps to the time window', () => {
    const late = only(question({ phrases: ['sorry for the trouble'], window: { first_s: 30 } }))
    expect(late.value).toBe('no')
    expect(late.justification).toMatch(/had to come from the agent in the first 30 s/)
    expect(only(question({ phrases: ['anything else I can help with'], window: { last_s: 15 } })).value).toBe('yes')
    expect(only(question({ phrases: ['good morning'], window: { last_s: 15 } })).value).toBe('no')
  })

  it('reads a negated phrase as not said', () => {
    const refusal: Segment[] = [{ speaker: 'agent', start: 0, end: 4, text: "Sorry, I can't help you with that." }]
    expect(only(question({ phrases: ['I can help you with that'] }), refusal).value).toBe('no')
  })

  it('answers n/a when the condition never comes up, and leaves it out of the score', () => {
    const refundQuestion = question({
      phrases: ['refund policy'],
      applies_when: { phrases: ['refund'], speaker: 'customer' },
    })
    const cancelQuestion = question({
      phrases: ['cancellation fee'],
      applies_when: { phrases: ['cancel my account'], speaker: 'customer' },
    })
    const result = scoreTranscript([category('Policy', [refundQuestion, cancelQuestion])], call)
    const [refund, cancel] = result.categories[0].questions
    expect(refund.value).toBe('yes')
    expect(cancel).toMatchObject({ value: 'n/a', passed: null })
    expect(cancel.justification).toBe('Not applicable: the customer never raised it.')
    expect(result.categories[0].score).toBe(100)
  })

  it('weights questions in a category and categories in the call', () => {
    const opening = category('Opening', [
      question({ phrases: ['good morning'], weight: 1 }),
      question({ phrases: ['recorded for quality'], weight: 3 }),
    ])
    const closing = category('Closing', [question({ phrases: ['anything else I can help with'] })], { weight: 3 })
    const result = scoreTranscript([opening, closing], call)
    expect(result.categories.map((c) => c.score)).toEqual([25, 100])
    expect(result.score).toBe(81.3) // (1 × 25 + 3 × 100) / 4
    expect(result.auto_fail).toBe(false)
  })

  it('a failed question in an auto-fail category sets the call to 0', () => {
    const compliance = category('Compliance', [question({ phrases: ['verify your date of birth'] })], {
      auto_failed: true,
    })
    const abuse = category(
      'Conduct',
      [question({ phrases: ['shut up', 'stupid'], expected: 'no', text: 'Did the agent insult the customer?' })],
      { auto_failed: true },
    )
    expect(scoreTranscript([compliance, abuse], call)).toMatchObject({ score: 100, auto_fail: false })

    const rude: Segment[] = [...call, { speaker: 'agent', start: 80, end: 82, text: "That's a stupid question." }]
    const failed = scoreTranscript([compliance, abuse], rude)
    expect(failed).toMatchObject({ score: 0, auto_fail: true })
    expect(failed.categories[1]).toMatchObject({ failed: true, score: 0 })
    expect(failed.categories[1].questions[0]).toMatchObject({
      value: 'yes',
      passed: false,
      evaluation_key_word: 'stupid',
    })
  })

  it('gives no score when nothing in the template applies', () => {
    const never = category('Refunds', [
      question({ phrases: ['refund policy'], applies_when: { phrases: ['chargeback'], speaker: 'customer' } }),
    ])
    expect(scoreTranscript([never], call)).toMatchObject({ score: null, auto_fail: false })
  })
})

describe('paraphrase, negation scope and mention without action', () => {
  const agent = (...texts: string[]): Segment[] =>
    texts.map((text, i) => ({ speaker: 'agent', start: i * 10, end: i * 10 + 8, text }))
  const said = (phrases: string[], segments: Segment[], options: Parameters<typeof scoreTranscript>[2] = {}) =>
    scoreTranscript([category('Only', [question({ phrases })])], segments, options).categories[0].questions[0]

  it('hears an agent give their name in the ways agents do', () => {
    for (const opening of [
      'Afternoon, thanks for calling Acme Bank, Marcus speaking.',
      'Hello, thank you for calling Acme Bank, this is Hannah.',
      "Hi, you're through to Contoso Health, you're speaking with Grace.",
      "Thanks for getting in touch, I'm Lucy.",
    ]) {
      expect(said(['my name is'], agent(opening)).value, opening).toBe('yes')
    }
    expect(said(['my name is'], agent('Hello, this is Acme Bank. How can I help?')).value).toBe('no')
    const email = 'Dear Mr Hughes,\n\nThank you for your e-mail.\n\nKind regards,\nLucy Bennett\nAcme Bank'
    expect(said(['my name is'], agent(email), { channel: 'email' }).value).toBe('yes')
  })

  it('takes "thanks for messaging / getting in touch" as the thanks of a chat or e-mail', () => {
    expect(said(['thank you for calling'], agent('Hi there, thanks for messaging Acme Bank!')).value).toBe('yes')
    expect(said(['thank you for calling'], agent('Hello and thanks for getting in touch.')).value).toBe('yes')
  })

  it('hears a policy, a check and a closing said in other words', () => {
    const policy = agent('Overpayments are refunded to the card you paid with, and it takes five working days.')
    expect(said(['refund policy'], policy).value).toBe('yes')
    const security = agent(
      'Let me just confirm a few details first: the 2nd and 5th characters of your memorable word?',
    )
    expect(said(['answer your security question'], security).value).toBe('yes')
    expect(said(['have a great day'], agent('Lovely. Have a great afternoon, Miss Alder.')).value).toBe('yes')
    expect(said(['outstanding balance'], agent("Looking at your account, there's £96.50 overdue.")).value).toBe('yes')
  })

  it('answers n/a for the thanks for getting in touch when the agent started an e-mail thread', () => {
    const thread: Segment[] = [
      { speaker: 'agent', start: 0, end: 10, text: 'Dear Ms Ortiz, this is a reminder of your appointment next week.' },
      { speaker: 'customer', start: 10, end: 20, text: 'Can I move it to Wednesday?' },
    ]
    const greeting = question({ phrases: ['thank you for calling'], window: { first_s: 30 } })
    const [answer] = scoreTranscript([category('Only', [greeting])], thread, { channel: 'email' }).categories[0]
      .questions
    expect(answer).toMatchObject({ value: 'n/a', passed: null })
  })

  it('reads a negation over its whole clause, and no further', () => {
    expect(said(['make a payment today'], agent("I'm not going to ask you for a payment today.")).value).toBe('no')
    expect(
      said(['contact your employer'], agent("No, we won't take you to court or contact your employer.")).value,
    ).toBe('no')
    // the negation belongs to the condition, the threat is in the next clause
    expect(said(['contact your employer'], agent("Look, if you don't pay, we'll contact your employer.")).value).toBe(
      'yes',
    )
    expect(
      said(
        ['thank you for your patience'],
        agent('You can go to the Ombudsman if you are not satisfied. Thank you for your patience.'),
      ).value,
    ).toBe('yes')
  })

  it('does not count an action only mentioned as what would normally happen', () => {
    const hedged = agent(
      "I'd normally need to confirm your postcode, but as this is general information I don't need it.",
    )
    expect(said(['confirm your postcode'], hedged).value).toBe('no')
    const skipped = agent("Normally I'd take your full name, but the system's slow, so I'll go by your number.")
    expect(said(['confirm your full name'], skipped).value).toBe('no')
    expect(said(['confirm your full name'], agent('Could I take your full name, please?')).value).toBe('yes')
    // a habit without a "but" is a plain statement
    expect(said(['within 24 hours'], agent('They usually have it ready within 24 hours.')).value).toBe('yes')
  })

  it('says a short phrase of small words in its own order', () => {
    const agrees = agent("You're right, someone should have let you know.")
    expect(said(['you should have'], agrees).value).toBe('no')
    expect(said(['you should have'], agent('You should have set up a direct debit.')).value).toBe('yes')
  })

  it('counts windows in messages for chats and e-mails, and leaves the recording disclosure out of an e-mail', () => {
    const chat: Segment[] = [
      { speaker: 'customer', start: 0, end: 10, text: 'Hi, can I freeze my card?' },
      { speaker: 'agent', start: 200, end: 210, text: 'Hi there, thanks for messaging Acme Bank!' },
    ]
    const greeting = question({ phrases: ['thank you for calling'], window: { first_s: 30 } })
    const only = (channel: 'call' | 'chat') =>
      scoreTranscript([category('Only', [greeting])], chat, { channel }).categories[0].questions[0].value
    expect(only('call')).toBe('no')
    expect(only('chat')).toBe('yes')
    const recorded = said(['this call is recorded'], agent('Dear Ms Cole, thank you for your e-mail.'), {
      channel: 'email',
    })
    expect(recorded).toMatchObject({ value: 'n/a', passed: null })
  })

  it("counts a chat's window in the template's messages when it gives them, and says so", () => {
    const chat: Segment[] = [
      { speaker: 'customer', start: 0, end: 10, text: 'hi, is my card blocked?' },
      { speaker: 'agent', start: 10, end: 20, text: "Hello, I'm Wes." },
      { speaker: 'agent', start: 20, end: 30, text: 'Let me check.' },
      { speaker: 'agent', start: 30, end: 40, text: 'Thanks for getting in touch, it is not blocked.' },
    ]
    const greeting = (window: TemplateQuestion['window']) =>
      scoreTranscript([category('Only', [question({ phrases: ['thank you for calling'], window })])], chat, {
        channel: 'chat',
      }).categories[0].questions[0]
    // 30 s of a chat is the agent's first 2 messages; the template may say 3
    expect(greeting({ first_s: 30 })).toMatchObject({ value: 'no' })
    expect(greeting({ first_s: 30 }).justification).toMatch(/the agent in their first 2 messages\.$/)
    expect(greeting({ first_s: 30, first_messages: 3 }).value).toBe('yes')
    expect(greeting({ first_s: 30, first_messages: 3 }).justification).toBe(
      'The agent said "Thanks for getting in touch" (agent, message 4).',
    )
  })
})

describe("scoring an auditor's answers", () => {
  const opening = category('Opening', [
    question({ phrases: ['thank you for calling'] }),
    question({ phrases: ['my name is'], weight: 3 }),
  ])
  const verification = category('Verification', [question({ phrases: ['verify your date of birth'] })], {
    auto_failed: true,
  })
  const blame = category('Conduct', [question({ phrases: ['your fault'], expected: 'no' })])
  const template = [opening, verification, blame]
  const values = (map: Record<number, 'yes' | 'no' | 'n/a'>) => scoreValues(template, (q) => map[q.id])

  it('weights the questions, leaves n/a out and passes a "no" where "no" is expected', () => {
    const [thanks, name] = opening.questions
    const [verify] = verification.questions
    const [fault] = blame.questions
    const result = values({ [thanks.id]: 'no', [name.id]: 'yes', [verify.id]: 'yes', [fault.id]: 'no' })
    expect(result.categories.map((c) => c.score)).toEqual([75, 100, 100])
    expect(result).toMatchObject({ score: 91.7, auto_fail: false })
    expect(
      values({ [thanks.id]: 'n/a', [name.id]: 'n/a', [verify.id]: 'yes', [fault.id]: 'n/a' }).categories[0].score,
    ).toBeNull()
  })

  it('scores 0 when an auto-fail question fails', () => {
    const [verify] = verification.questions
    expect(values({ [verify.id]: 'no' })).toMatchObject({ score: 0, auto_fail: true })
  })
})

describe('what a question presupposes, and conditions in the words customers use', () => {
  const turn = (speaker: Segment['speaker'], text: string, i: number): Segment => ({
    speaker,
    start: i * 10,
    end: i * 10 + 8,
    text,
  })
  const conversation = (...turns: [Segment['speaker'], string][]) => turns.map(([s, t], i) => turn(s, t, i))
  const answer = (q: Partial<TemplateQuestion> & Pick<TemplateQuestion, 'phrases' | 'text'>, segments: Segment[]) =>
    scoreTranscript([category('Only', [question(q)])], segments).categories[0].questions[0]
  const identity = { text: "Did the agent verify the caller's identity?", phrases: ['your date of birth'] }
  const next = { text: 'Did the agent set a clear timeframe?', phrases: ['working days'] }
  const arrangement = { text: 'Did the agent confirm the arrangement?', phrases: ['to confirm the arrangement'] }
  const balance = { text: 'Did the agent state the outstanding balance?', phrases: ['outstanding balance'] }

  it('answers n/a to identity and next-step questions on a general enquiry, no on a matter of their own', () => {
    const enquiry = conversation(
      ['customer', 'Is there parking at the Riverside clinic?'],
      ['agent', "Yes, there's a free car park behind it, open from 8am."],
    )
    expect(answer(identity, enquiry)).toMatchObject({ value: 'n/a', passed: null })
    expect(answer(identity, enquiry).justification).toMatch(/^Not applicable: no account or record/)
    // opening hours set no timeframe for anything
    expect(answer(next, enquiry).value).toBe('n/a')
    const ownMatter = conversation(
      ['customer', "My blood pressure tablets still aren't at the pharmacy."],
      ['agent', "I've re-sent the prescription. It'll be ready from two o'clock tomorrow."],
    )
    expect(answer(identity, ownMatter)).toMatchObject({ value: 'no', passed: false })
    expect(answer(next, ownMatter).value).toBe('yes')
    // an agent who checked the caller did so, whatever the call was about
    const checked = conversation(['customer', 'Is the branch open?'], ['agent', 'Can I take your date of birth?'])
    expect(answer(identity, checked).value).toBe('yes')
  })

  it('answers no to a check made after the account was discussed, n/a to a general question about "my account"', () => {
    const first = { ...identity, text: "Did the agent verify the caller's identity before discussing the account?" }
    const late = conversation(
      ['customer', 'A gym took another payment after I cancelled.'],
      ['agent', 'Let me look. I can see a direct debit of £39.99 on the 3rd. Can I take your date of birth?'],
    )
    expect(answer(first, late)).toMatchObject({ value: 'no', passed: false })
    expect(answer(first, late).justification).toMatch(
      /^The agent discussed the account first, "I can see a direct debit/,
    )
    // the same check, made first, is a yes; and an unordered question does not mind the order
    const inOrder = conversation(
      ['customer', 'A gym took another payment after I cancelled.'],
      ['agent', 'Can I take your date of birth? Thanks. I can see a direct debit of £39.99 on the 3rd.'],
    )
    expect(answer(first, inOrder).value).toBe('yes')
    expect(answer(identity, late).value).toBe('yes')
    const general = conversation(
      ['customer', 'Can I pay a cheque into my account on the app?'],
      ['agent', "Yes, up to £2,000 a cheque; it's in your account the next working day."],
    )
    expect(answer(identity, general).value).toBe('n/a')
    const readOut = conversation(
      ['customer', 'What is my account number? Payroll need it.'],
      ['agent', 'Your account number is 44019283.'],
    )
    expect(answer(identity, readOut).value).toBe('no')
  })

  it('takes a name or security check as confirming who is on the line, and a web chat greeting as inbound', () => {
    const holder = {
      text: 'Did the agent confirm they were speaking with the account holder?',
      phrases: ['could i speak to'],
    }
    expect(answer(holder, conversation(['agent', 'Northwind collections. Name and postcode, please.'])).value).toBe(
      'yes',
    )
    expect(answer(holder, conversation(['agent', 'Northwind collections. How can I help?'])).value).toBe('no')
    const greeting = question({ phrases: ['thank you for calling'], window: { first_s: 30 } })
    const chat = conversation(
      ['agent', 'Hello and thanks for getting in touch with Acme Bank. What can I help you with?'],
      ['customer', 'can i pay in a cheque on the app?'],
    )
    const [answered] = scoreTranscript([category('Only', [greeting])], chat, { channel: 'chat' }).categories[0]
      .questions
    expect(answered.value).toBe('yes')
  })

  it('gives each answer its match strength and margin: firm where the words are clear, close where they nearly were', () => {
    const refund = { text: 'Did the agent explain the refund policy?', phrases: ['refund policy'] }
    const twice = conversation(
      ['agent', 'Our refund policy is five working days.'],
      ['agent', 'So the refund policy gives it back by Friday.'],
    )
    const once = conversation(['agent', 'Our refund policy is five working days.'])
    expect(answer(refund, twice).signal).toEqual({ strength: 1, margin: 1 })
    expect(answer(refund, once).signal!.margin).toBeLessThan(1)
    const nothing = conversation(['agent', 'Anything else today?'])
    const byCustomer = conversation(['customer', 'What is your refund policy?'], ['agent', 'Anything else today?'])
    expect(answer(refund, byCustomer).value).toBe('no')
    expect(answer(refund, byCustomer).signal!.margin).toBeLessThan(answer(refund, nothing).signal!.margin)
    const complaint = {
      text: 'Did the agent apologise when the customer complained?',
      phrases: ['sorry for the inconvenience'],
      applies_when: { phrases: ['complaint'], speaker: 'customer' as const },
    }
    const denied = conversation(['customer', "I'm not making a complaint, just asking."])
    expect(answer(complaint, denied).value).toBe('n/a')
    expect(answer(complaint, denied).signal!.margin).toBe(0)
    expect(answer(complaint, nothing).signal!.margin).toBe(1)
  })

  it('answers n/a to confirming an arrangement when none was agreed, no when one was and not confirmed', () => {
    const offered = conversation(
      ['agent', 'You owe £120. We could spread it over three months if that would help.'],
      ['customer', "I'll have to think about it."],
    )
    expect(answer(arrangement, offered).value).toBe('n/a')
    const agreed = conversation(
      ['agent', 'You owe £120. Could you manage £40 a month?'],
      ['customer', 'Yes, I can do that.'],
    )
    expect(answer(arrangement, agreed).value).toBe('no')
    const confirmed = [...agreed, turn('agent', "So that's £40 on the 10th of each month.", 2)]
    expect(answer(arrangement, confirmed).value).toBe('yes')
  })

  it('answers n/a to account questions when someone other than the account holder answers', () => {
    const tenant = conversation(
      ['agent', 'Could I speak to Mr Gideon Sharpe, please?'],
      ['customer', "He moved out in the summer. I'm the new tenant."],
      ['agent', "Thanks for letting me know, I won't go into anything then."],
    )
    expect(answer(balance, tenant).justification).toMatch(/not the account holder/)
    expect(answer(balance, tenant).value).toBe('n/a')
    const holder = conversation(['agent', 'Could I speak to Mr Sharpe?'], ['customer', 'Speaking.'])
    expect(answer(balance, holder).value).toBe('no')
  })

  it('hears a complaint, a difficulty and a refund asked for in other words, and not when denied', () => {
    const apology = {
      text: 'Did the agent apologise when the customer complained?',
      phrases: ['sorry for the inconvenience'],
      applies_when: { phrases: ['complaint', 'not happy'], speaker: 'customer' as const },
    }
    const complaint = (text: string) => answer(apology, conversation(['customer', text], ['agent', 'Okay.'])).value
    expect(complaint("This is the second time your billing has messed me about. It's not good enough.")).toBe('no')
    expect(complaint("I'm not complaining, I just want to know when it arrives.")).toBe('n/a')
    const hardship = {
      text: 'Did the agent offer hardship support when the customer mentioned difficulty?',
      phrases: ['breathing space'],
      applies_when: { phrases: ['struggling', 'cannot afford'], speaker: 'customer' as const },
    }
    const difficulty = (text: string) => answer(hardship, conversation(['customer', text], ['agent', 'Right.'])).value
    expect(difficulty("My universal credit has been cut and I don't know how I'll pay that.")).toBe('no')
    expect(difficulty("Money's really tight this month, my hours were cut.")).toBe('no')
    expect(difficulty("Thankfully I'm not struggling, I just forgot.")).toBe('n/a')
    const refund = {
      text: 'Did the agent explain the refund policy when a refund was asked for?',
      phrases: ['refund policy'],
      applies_when: { phrases: ['refund', 'money back'], speaker: 'customer' as const },
    }
    const policy = conversation(
      ['customer', "I've been charged twice for my session. Can I have one of them back?"],
      ['agent', 'When a payment is taken twice, the duplicate goes back to the same card within five days.'],
    )
    expect(answer(refund, policy).value).toBe('yes')
  })

  it('reads "nobody" as a negation and a written-out card number as read out', () => {
    const reassured = conversation(['agent', 'Nobody is going to take you to court over this.'])
    expect(
      answer({ text: 'Did the agent threaten legal action?', phrases: ['take you to court'] }, reassured).value,
    ).toBe('no')
    const number = { text: 'Did the agent read out the full card number?', phrases: ['your full card number is'] }
    expect(
      answer(number, conversation(['agent', "I've ordered a new card to replace 4929 1203 5561 8840."])).value,
    ).toBe('yes')
    expect(answer(number, conversation(['agent', "I won't read your full card number out."])).value).toBe('no')
  })
})
