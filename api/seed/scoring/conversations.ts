import type { RejectReason } from '#contract/agent-scoring'
import type { CampaignCode, ReferenceAnswer, collectionsQuestions, inboundQuestions } from '../calls/conversations'

/**
 * The AI agent scoring queue's demo interactions (issue 15): chats and e-mails written for the three
 * demo campaigns, and demo calls reused from api/seed/calls. Everything here is invented: names,
 * addresses, dates of birth, amounts and references belong to no one. None of it comes from the
 * scoring agreement sets (tests/fixtures/scoring-agreement), which measure the engine and stay apart.
 *
 * Each interaction says where the seed leaves it (`outcome`). A supervisor's correction names the
 * answer a careful reader gives where the local engine answered otherwise; the seed applies only
 * corrections that still differ from the engine's answer, so a better engine turns a rejection into
 * an acceptance instead of a false dispute.
 */

export type QuestionKey = keyof typeof inboundQuestions | keyof typeof collectionsQuestions

export type SeedCorrection = { question: QuestionKey; value: ReferenceAnswer; reason: RejectReason; comment: string }

/** Where the seed leaves an interaction (the supervisor deciding is supervisor@demo.local). */
export type Outcome =
  /** pending, not scored yet */
  | { to: 'waiting' }
  /** the job ran: ai_reviewed, or pending with the not-scorable reason the job gave */
  | { to: 'scored' }
  /** pending, needs attention: the job has no language check yet, so the seed says it */
  | { to: 'other_language' }
  /** pending, needs attention: the job failed with this reason */
  | { to: 'failed'; reason: string }
  /** ai_reviewed, claimed by this QA supervisor (e-mail) */
  | { to: 'claimed'; by: string }
  | { to: 'accepted'; corrections?: SeedCorrection[] }
  | { to: 'rejected'; corrections: SeedCorrection[] }

export type SeedText = {
  /** Unique among the seed's items: how a second run knows the item is there. */
  title: string
  channel: 'chat' | 'email'
  campaign: CampaignCode
  /** A demo agent of the campaign (api/seed/demo-data.ts), first and last name. */
  agent: string
  daysAgo: number
  outcome: Outcome
  /** As pasted into create/: labelled chat lines, or an e-mail thread with the newest message on top. */
  text: string
}

export type SeedCall = {
  /** A demo call (api/seed/calls): its transcript, agent and, where seeded with audio, its recording. */
  key: string
  daysAgo: number
  outcome: Outcome
}

// ---------------------------------------------------------------- Acme Bank: retail banking inbound

const acme: SeedText[] = [
  {
    title: 'Card blocked after a trip to Lisbon',
    channel: 'chat',
    campaign: 'ACME-RETAIL',
    agent: 'James Carter',
    daysAgo: 27,
    outcome: {
      to: 'accepted',
      corrections: [
        {
          question: 'greet',
          value: 'yes',
          reason: 'wrong_verdict',
          comment:
            'The customer opened the chat; "good morning and thank you for contacting Acme Bank" is the greeting and the thanks.',
        },
      ],
    },
    text: `[10:02] Agent: Good morning and thank you for contacting Acme Bank, my name is James. How can I help you today?
[10:02] Gareth: Hi James, my debit card got declined at a petrol station this morning. I only got back from Lisbon on Sunday.
[10:03] Agent: I'm sorry to hear that, it's frustrating when you're out and about. Before I look at the account, can you confirm your full name and your date of birth for me?
[10:03] Gareth: Gareth Pryce-Owen, 14 March 1986
[10:04] Agent: Thank you Gareth, that matches. And can you confirm your postcode as well?
[10:04] Gareth: LS99 7ZQ
[10:05] Agent: Thanks. I can see the problem: our fraud system put a temporary block on the card after two payments in Portugal, because there was no travel note on the account.
[10:05] Gareth: Ah, I didn't think to tell you. Can you take it off?
[10:06] Agent: Of course. What I will do is remove the block now and add a note that you're back in the UK. The card will work again straight away, you don't need a new one.
[10:07] Gareth: Brilliant, thanks.
[10:07] Agent: Thanks for holding while I did that, it's all done. Is there anything else I can help with today?
[10:08] Gareth: No that's everything.
[10:08] Agent: Great, have a great day Gareth and safe driving.`,
  },
  {
    title: 'Chat closed after one word',
    channel: 'chat',
    campaign: 'ACME-RETAIL',
    agent: 'Marcus Reid',
    daysAgo: 2,
    outcome: { to: 'scored' },
    text: `Agent: Hello, thank you for contacting Acme Bank, my name is Marcus. How can I help you today?
Customer: hello`,
  },
  {
    title: 'Charged twice for the same shopping',
    channel: 'chat',
    campaign: 'ACME-RETAIL',
    agent: 'Priya Shah',
    daysAgo: 22,
    outcome: { to: 'accepted' },
    text: `Customer: I've been charged twice for the same shopping, £86.40 both times at Fenwick's Grocers on Saturday. I want my money back for the second one.
Agent: Hi, thanks for getting in touch with Acme Bank. You're chatting with Priya, and I'm sorry about that, I can sort that out for you.
Agent: First I need to check some security details: can you confirm your full name and the first line of your address?
Customer: Harriet Lowe, 12 Quarry Lane
Agent: Thank you Harriet, that's all correct. I can see both payments, and the second one is still pending, so it hasn't fully left your account yet.
Customer: ok so what happens now?
Agent: The next step is that the shop usually cancels a duplicate itself within 3 working days. If it is still there on Thursday, I'll raise a dispute and under our refund policy the refund will reach your account within 10 working days of that.
Customer: fine, thank you
Agent: Is there anything else I can help with today?
Customer: no thanks
Agent: Thank you for contacting Acme Bank, have a great day Harriet.`,
  },
  {
    title: 'New address taken without security checks',
    channel: 'chat',
    campaign: 'ACME-RETAIL',
    agent: 'Aisha Bello',
    daysAgo: 19,
    outcome: {
      to: 'accepted',
      corrections: [
        {
          question: 'greet',
          value: 'no',
          reason: 'wrong_verdict',
          comment: 'The customer started the chat; "Hiya, welcome" greets but never thanks them for getting in touch.',
        },
      ],
    },
    text: `Aisha: Hiya, welcome to Acme Bank chat, I'm Aisha. What can I do for you?
Customer: I've moved house and need to update my address on my current account
Aisha: No problem! What's the new address?
Customer: 27 Larch Close, Harrowby, HB4 9TT
Aisha: Lovely, I've updated that now and your cards and statements will go there from now on.
Customer: thanks, and can you tell me my balance while you're there?
Aisha: Sure, your balance is £1,240.17 as of this morning.
Customer: great thanks
Aisha: Anything else I can help with?
Customer: no
Aisha: Take care!`,
  },
  {
    title: 'Standing order cancelled after a memorable word check',
    channel: 'chat',
    campaign: 'ACME-RETAIL',
    agent: 'Ravi Menon',
    daysAgo: 1,
    outcome: { to: 'waiting' },
    text: `[00:00] Customer: Hi, I need to cancel a standing order to my old landlord, it goes out on the 1st.
[00:20] Agent: Good afternoon, thank you for contacting Acme Bank, my name is Ravi. I can help with that. Let me take you through a quick security check first: could you give me the 2nd and 5th characters of your memorable word?
[01:10] Customer: R and T
[01:25] Agent: Thank you, that's correct. And am I speaking with Mr Callum Birch?
[01:32] Customer: yes that's me
[01:50] Agent: Thanks Callum. I can see the standing order of £725 a month to Harbour Lettings. I've cancelled it, so nothing will go out on the 1st.
[02:05] Customer: perfect. Will I get a confirmation?
[02:20] Agent: Yes, you'll get a message in your app within 24 hours. Is there anything else I can help with?
[02:31] Customer: that's all thanks
[02:40] Agent: Thank you for contacting Acme Bank, have a great day.`,
  },
  {
    title: 'Third card block this month',
    channel: 'chat',
    campaign: 'ACME-RETAIL',
    agent: 'Tom Walsh',
    daysAgo: 13,
    outcome: {
      to: 'rejected',
      corrections: [
        {
          question: 'blame',
          value: 'yes',
          reason: 'wrong_verdict',
          comment: '"That\'s down to you, not us" puts the block on the customer before the cause was checked.',
        },
        {
          question: 'greet',
          value: 'no',
          reason: 'wrong_verdict',
          comment: 'The customer opened the chat; "Hi, Acme Bank chat, Tom here" has no thanks for getting in touch.',
        },
      ],
    },
    text: `Agent: Hi, Acme Bank chat, Tom here.
Customer: My card has been blocked AGAIN. Third time this month. I'm really fed up, I couldn't pay for my lunch today.
Agent: Can you confirm your date of birth please?
Customer: 02/11/1979
Agent: Ok. It was blocked because the PIN was entered wrong three times. That's down to you, not us.
Customer: I didn't enter it wrong, the card machine in the cafe was faulty!
Agent: The system shows three wrong PINs. You'll need to unlock it at a cash machine.
Customer: This is unacceptable.
Agent: It's the process. Anything else?
Customer: no`,
  },
  {
    title: 'General question about overpaying a loan',
    channel: 'chat',
    campaign: 'ACME-RETAIL',
    agent: 'Lucy Bennett',
    daysAgo: 9,
    outcome: {
      to: 'rejected',
      corrections: [
        {
          question: 'verify',
          value: 'n/a',
          reason: 'criterion_unclear',
          comment:
            'A general product question: no account was opened, so there was nothing to verify. The question should say it applies only when an account is discussed.',
        },
        {
          question: 'holder_name',
          value: 'n/a',
          reason: 'criterion_unclear',
          comment: 'No account came into it, as for verification.',
        },
      ],
    },
    text: `Customer: Hi, just a general question, nothing about my own account yet. If I overpay a personal loan, is there a fee?
Agent: Good morning, thanks for contacting Acme Bank. My name is Lucy and I'm happy to help with that.
Agent: You can overpay up to £10,000 a year on our personal loans without any fee. Above that there can be a charge of up to 58 days' interest on the extra amount.
Customer: ok and does it shorten the loan or lower the payments?
Agent: You choose. The next step would be to call us or use the app, and we'll ask whether you want a shorter term or smaller monthly payments.
Customer: that's really helpful, thank you
Agent: You're welcome. Is there anything else I can help with?
Customer: nope that's it
Agent: Take care and have a great day.`,
  },
  {
    title: 'Snapped card replaced, card number read back',
    channel: 'chat',
    campaign: 'ACME-RETAIL',
    agent: 'Hannah Kim',
    daysAgo: 3,
    outcome: { to: 'claimed', by: 'supervisor@demo.local' },
    text: `Agent: Hello, thank you for contacting Acme Bank, my name is Hannah. How can I help you today?
Customer: hi, I need a new card, mine has snapped in half
Agent: Oh no, I'm sorry to hear that. Can you confirm your full name and date of birth please?
Customer: Rosalind Teague, 30/07/1992
Agent: Thanks Rosalind. Just so we're sure it's the right card, your full card number is 4539 1488 0343 6467, is that the one that snapped?
Customer: um yes, I think so
Agent: Great. I've ordered a replacement and it will arrive within 3 to 5 working days. The old card is cancelled now.
Customer: ok thanks
Agent: Is there anything else I can help with today?
Customer: no thanks
Agent: Thank you for contacting Acme Bank, take care.`,
  },
  {
    title: 'Overdraft fee after a late salary',
    channel: 'email',
    campaign: 'ACME-RETAIL',
    agent: 'Chloe Dubois',
    daysAgo: 25,
    outcome: { to: 'accepted' },
    text: `Dear Mr Hartigan,

Thank you for confirming those details, they match our records.

I can see why you were frustrated: the £35 unarranged overdraft fee was charged because your salary arrived one day late, after the bank holiday. I have arranged a refund of the full fee.

Under our refund policy fee refunds go back into the same account, and the refund will reach your account within 3 working days. You don't need to do anything else.

Is there anything else I can help with? Just reply to this e-mail.

Kind regards,
Chloe Dubois
Acme Bank Customer Care

From: Fergus Hartigan <fergus.hartigan@example.net>
To: Acme Bank Customer Care <care@acmebank.example>
Subject: RE: Overdraft fee - not happy

Date of birth 05/06/1971, first line of address 4 Millbrook Terrace.

From: Chloe Dubois <care@acmebank.example>
To: Fergus Hartigan <fergus.hartigan@example.net>
Subject: RE: Overdraft fee - not happy

Dear Mr Hartigan,

Thank you for contacting Acme Bank. My name is Chloe and I'm sorry for the inconvenience the fee has caused. I understand it feels unfair when the delay wasn't yours.

Before I look at your account, please reply with your date of birth and confirm the first line of your address, so I know I'm writing to the account holder.

Kind regards,
Chloe Dubois

From: Fergus Hartigan <fergus.hartigan@example.net>
To: Acme Bank Customer Care <care@acmebank.example>
Subject: Overdraft fee - not happy

Hello,

I've been charged a £35 overdraft fee because my wages came in a day late due to the bank holiday. I'm not happy about this. I'd like the money back please.

Fergus Hartigan`,
  },
  {
    title: 'Paper statements for a mortgage application',
    channel: 'email',
    campaign: 'ACME-RETAIL',
    agent: 'Omar Haddad',
    daysAgo: 20,
    outcome: {
      to: 'rejected',
      corrections: [
        {
          question: 'name',
          value: 'yes',
          reason: 'wrong_verdict',
          comment: 'He signed the reply with his full name; in an e-mail the sign-off is where the name is given.',
        },
      ],
    },
    text: `Hello,

I've ordered paper copies of your current account statements from January to June. They will be posted to the address we hold for you within 5 working days.

Regards,
Omar Haddad
Acme Bank

From: Ines Valcourt <ines.valcourt@example.com>
To: Acme Bank <help@acmebank.example>
Subject: Statements needed

Hi, my mortgage broker needs six months of bank statements on paper. Can you send them to me? My current account ends 4417.

Thanks, Ines Valcourt`,
  },
  {
    title: 'Suspicious text message reported',
    channel: 'email',
    campaign: 'ACME-RETAIL',
    agent: 'Diego Alvarez',
    daysAgo: 7,
    outcome: { to: 'scored' },
    text: `Dear Ms Okafor-Reyes,

Thank you for contacting Acme Bank and for forwarding the message. My name is Diego and I work in our fraud team.

I understand why it worried you. The text did not come from us: the link goes to a copy of our login page. We will never send a link asking you to log in, and we will never ask for your PIN or passcode.

As you didn't click the link or enter any details, there is nothing you need to do. I have raised the sender's number with the mobile networks so it can be blocked, which usually happens within 24 hours.

Is there anything else I can help with? Thank you for letting us know, and take care.

Diego Alvarez
Fraud and disputes, Acme Bank

From: Tamsin Okafor-Reyes <tamsin.or@example.org>
To: Acme Bank Fraud <fraud@acmebank.example>
Subject: Is this text from you?

I got a text this morning saying my Acme card has been suspended and to log in at a link to reactivate it. I haven't clicked it. Is it real?

Tamsin`,
  },
  {
    title: 'Payment holiday on a personal loan',
    channel: 'email',
    campaign: 'ACME-RETAIL',
    agent: 'Fatima Noor',
    daysAgo: 6,
    outcome: { to: 'scored' },
    text: `Dear Mr Lindahl,

Thank you for your reply and for confirming your full name, date of birth and postcode.

I'm sorry to hear about your reduced hours, and I understand this is a worrying time. I have arranged a two-month payment holiday on your personal loan, starting with the payment due on the 18th. Interest still builds up during the break, so your remaining payments will go up by about £6 a month; I've attached the new schedule.

The next step is a confirmation letter, which you'll receive within 5 working days.

Is there anything else I can help with?

Kind regards,
Fatima Noor
Acme Bank Personal Loans

On Tuesday, Henrik Lindahl <h.lindahl@example.net> wrote:
Hi Fatima, it's Henrik Lindahl, date of birth 22/12/1983 and postcode YO99 3FP.

On Monday, Fatima Noor <loans@acmebank.example> wrote:
Dear Mr Lindahl,

Thank you for contacting Acme Bank, my name is Fatima. I'd be glad to look at a payment holiday with you. So that I can open your loan account, please confirm your full name, date of birth and postcode.

Kind regards,
Fatima Noor

On Monday, Henrik Lindahl <h.lindahl@example.net> wrote:
Hello, my hours at work have been cut for the next two months and I'm worried about my loan payments. Is it possible to pause them?`,
  },
  {
    title: 'Replacement card has not arrived',
    channel: 'email',
    campaign: 'ACME-RETAIL',
    agent: 'James Carter',
    daysAgo: 4,
    outcome: { to: 'scored' },
    text: `Dear Mrs Abernethy,

Thank you for contacting Acme Bank, my name is James. I'm sorry about that, it's annoying to be without a card for so long.

Thank you for confirming your full name and date of birth in your message. I can see the card we sent on the 2nd was returned to us by the post office, because the flat number was missing from your address. I've added it, and what I will do is send a new card today by tracked post, which will arrive within 3 working days.

Is there anything else I can help with? Thank you for your patience, and have a great day.

James Carter
Acme Bank Card Services

From: Moira Abernethy <moira.abernethy@example.com>
To: Acme Bank Card Services <cards@acmebank.example>
Subject: Still no card

It has been over two weeks and my replacement card still hasn't come. I'm disappointed, I've had to borrow money from my son. My full name is Moira Jean Abernethy and my date of birth is 11/08/1949 if you need them.

Moira Abernethy`,
  },
  {
    title: 'Name change after marriage',
    channel: 'email',
    campaign: 'ACME-RETAIL',
    agent: 'Marcus Reid',
    daysAgo: 0,
    outcome: { to: 'waiting' },
    text: `Dear Ms Ashby,

Thank you for contacting Acme Bank, and congratulations! My name is Marcus.

To change the name on your accounts we need to see your marriage certificate. The next step is to bring the original to any branch, or upload a photo of it in the app under Profile, then Change my name. Once we have it, your new cards will arrive within 7 working days.

Is there anything else I can help with?

Best wishes,
Marcus Reid
Acme Bank

From: Eleanor Ashby <eleanor.ashby@example.org>
To: Acme Bank <help@acmebank.example>
Subject: Change of surname

Hello, I got married last month and would like my accounts and cards in my new name, Eleanor Ashby-Croft. What do I need to do?`,
  },
]

// ---------------------------------------------------------------- Northwind Energy: collections

const northwind: SeedText[] = [
  {
    title: 'Bounced direct debit paid in full',
    channel: 'chat',
    campaign: 'NORTHWIND-COLL',
    agent: 'Mei Chen',
    daysAgo: 26,
    outcome: { to: 'accepted' },
    text: `Customer: Hi, I got a text saying my gas and electric payment bounced?
Agent: Good morning, thanks for getting in touch with Northwind Energy, my name is Mei. I can look into that. Am I speaking with the account holder? Could you confirm your full name and your postcode?
Customer: Yes, it's Deborah Quayle, postcode NE99 4RF
Agent: Thank you Deborah, that all matches. I need to let you know this is an attempt to collect a debt, and this chat is recorded for quality and training.
Customer: ok
Agent: Your direct debit on the 3rd was returned by your bank, so there's an outstanding balance of £142.60 on the account.
Customer: Oh no, I changed banks last month. Can I just pay it now?
Agent: Yes, you can make a payment today by card here in the chat. Would you like a secure payment link?
Customer: yes please
Agent: Sent. Once it's paid, please add your new bank in the app so your direct debit carries on.
Customer: Done, paid it and updated the bank
Agent: Thank you, I can see both. To confirm the arrangement: the balance is cleared today, and your next payment of £71.30 goes out on the 3rd from your new bank. Your reference number is NW-58213.
Customer: perfect
Agent: Thank you for your time, have a good day Deborah.`,
  },
  {
    title: 'Court and bailiffs threatened in chat',
    channel: 'chat',
    campaign: 'NORTHWIND-COLL',
    agent: 'Ethan Brooks',
    daysAgo: 1,
    outcome: { to: 'claimed', by: 'helen.park@demo.local' },
    text: `Customer: I've had another letter about my account. I'm paying what I can.
Agent: Northwind Energy collections, Ethan. Name and postcode.
Customer: Simon Achterberg, BS99 1LK
Agent: You owe £612.45. That's the outstanding balance and it's three months behind.
Customer: I know, I'm struggling at the moment, my hours got cut.
Agent: If this isn't paid by Friday we will take you to court and the bailiffs will come.
Customer: That's out of order, you can't threaten people like that.
Agent: I'm telling you what happens. Can you pay today or not?
Customer: I can do £50 today.
Agent: Fine, I'll send a link for £50.`,
  },
  {
    title: 'Lost job, breathing space offered',
    channel: 'chat',
    campaign: 'NORTHWIND-COLL',
    agent: 'Olivia Grant',
    daysAgo: 21,
    outcome: { to: 'accepted' },
    text: `[09:41] Customer: hello, I can't pay my bill this month
[09:41] Olivia: Good morning, thank you for contacting Northwind Energy, my name is Olivia. I'm here to help. Could you confirm your full name and your date of birth so I can find your account?
[09:42] Customer: Agnieszka Wrobel, 19/02/1990
[09:43] Olivia: Thank you Agnieszka. Before we talk about the account, I have to tell you this is an attempt to collect a debt and this chat is recorded. Your outstanding balance is £318.20.
[09:44] Customer: I lost my job two weeks ago and I have no money until my universal credit starts
[09:45] Olivia: I'm so sorry, I appreciate this is hard. There's no pressure to pay today. I can put a 30-day breathing space on the account, so no further letters or charges, and I can give you the number for free debt advice from a charity we work with.
[09:46] Customer: that would really help, thank you
[09:47] Olivia: Done. After the 30 days we can set up a payment plan that fits what you can afford, even a small amount each month. To confirm the arrangement: breathing space until the 14th of next month, then we'll call you to agree a plan. Your reference number is NW-61907.
[09:48] Customer: thank you so much
[09:48] Olivia: You're welcome. Take care, Agnieszka.`,
  },
  {
    title: 'Hardship mentioned, full payment pushed',
    channel: 'chat',
    campaign: 'NORTHWIND-COLL',
    agent: "Liam O'Connor",
    daysAgo: 8,
    outcome: { to: 'scored' },
    text: `Agent: Hello, Northwind Energy, you're speaking with Liam. This chat is recorded for quality and training purposes. Am I speaking with Mr Tobias Quinn?
Customer: yes
Agent: Can you confirm your postcode please?
Customer: CV99 8AD
Agent: Thanks. I'm contacting you about an outstanding debt, this is an attempt to collect a debt. The outstanding balance is £486.90.
Customer: I know. I'm really struggling at the moment, my wife is ill and I've had to cut my hours to look after her.
Agent: The full amount is due now. Can you make a payment today?
Customer: I can't pay all of that. Maybe £40?
Agent: We need the full amount by the end of the month or the account goes to the next stage.
Customer: right. I'll see what I can do.
Agent: Thanks, bye.`,
  },
  {
    title: 'Arrears split into monthly amounts',
    channel: 'chat',
    campaign: 'NORTHWIND-COLL',
    agent: 'Zara Ahmed',
    daysAgo: 11,
    outcome: {
      to: 'rejected',
      corrections: [
        {
          question: 'payment_options',
          value: 'yes',
          reason: 'wrong_verdict',
          comment: 'Splitting the arrears into six monthly amounts on top of the usual bill is a payment option.',
        },
      ],
    },
    text: `Customer: Hi, I want to sort out the arrears on my electricity account
Agent: Good afternoon, thanks for contacting Northwind Energy, my name is Zara. Am I speaking with the account holder? Can you confirm your full name and postcode?
Customer: Yes, Patrick Nolan-Shaw, DE99 5HN
Agent: Thank you Patrick. Just so you know, this is an attempt to collect a debt and this chat is recorded. The outstanding balance is £390.
Customer: I can't clear it in one go. I get paid monthly.
Agent: That's fine. We could split what you owe into six monthly amounts of £65, added to your usual £58, so £123 a month until it's cleared. Would that work?
Customer: Yes that works
Agent: Great. To confirm the arrangement: £123 a month by direct debit on the 28th for six months, then back to £58. Your reference number is NW-60244.
Customer: thanks
Agent: Thank you for your time, have a good day.`,
  },
  {
    title: 'Reassured there is no payment due today',
    channel: 'chat',
    campaign: 'NORTHWIND-COLL',
    agent: 'Kenji Sato',
    daysAgo: 7,
    outcome: { to: 'scored' },
    text: `Customer: hi, your letter says I'm behind but I already set up a plan last week?
Agent: Hello, thank you for contacting Northwind Energy, my name is Kenji. Let me check that for you. To find the account, could you confirm your full name and your date of birth for me?
Customer: Wanjiru Kamau, 03/09/1981
Agent: Thank you. As this is about the balance on your account, I need to say this is an attempt to collect a debt, and chats are recorded for quality and training.
Customer: ok
Agent: You're right, the payment plan of £45 a month started on the 1st and the first payment has gone through. The letter was sent before the plan was set up. I'm not asking you to pay anything today.
Customer: oh good, I was worried
Agent: I understand. Your next payment is £45 on the 1st, and the outstanding balance after that will be £225. Your reference number is NW-59530 if you need to contact us again.
Customer: thanks Kenji
Agent: Thank you for your time, take care.`,
  },
  {
    title: 'Worried about a large winter bill',
    channel: 'chat',
    campaign: 'NORTHWIND-COLL',
    agent: 'Samuel Osei',
    daysAgo: 0,
    outcome: { to: 'waiting' },
    text: `Customer: My bill is £640 for three months. I'm worried sick, I'm a pensioner and I can't pay that.
Agent: Good morning, thank you for contacting Northwind Energy, my name is Samuel. I'm sorry you're worried, I appreciate this is hard and we'll find a way through it. So I can open your account, could you confirm your full name and date of birth?
Customer: Dorothy Fairbairn, 28 April 1944
Agent: Thank you Dorothy. I do need to mention this is an attempt to collect a debt, and this chat is recorded. The outstanding balance is £640.
Customer: I don't have that money.
Agent: You don't need to pay it all at once. We can spread the cost over the next twelve months, which would be about £54 a month, and our hardship fund may be able to take some of it off. I'll send you the application today.
Customer: that's kind, thank you
Agent: To confirm the arrangement: a plan of £54 a month from the 1st, and the hardship fund form in the post. Your reference number is NW-62411. Thank you for your time, take care Dorothy.`,
  },
  {
    title: 'Automatic reply: out of office',
    channel: 'email',
    campaign: 'NORTHWIND-COLL',
    agent: 'Ben Turner',
    daysAgo: 5,
    outcome: { to: 'scored' },
    text: `From: Alastair Vint <a.vint@example.org>
To: Collections <collections@northwind-energy.example>
Subject: Automatic reply: Your energy account

Thank you for your e-mail. I am out of the office until Monday with no access to e-mail. For anything urgent please call my mobile.

Alastair Vint`,
  },
  {
    title: 'Arrears reminder answered with a payment plan',
    channel: 'email',
    campaign: 'NORTHWIND-COLL',
    agent: 'Ben Turner',
    daysAgo: 24,
    outcome: {
      to: 'accepted',
      corrections: [
        {
          question: 'right_party',
          value: 'yes',
          reason: 'wrong_verdict',
          comment:
            'He asked for the date of birth before discussing the plan and it was given: that is the account holder check.',
        },
      ],
    },
    text: `Dear Mr Dunmore,

Thank you for your reply and for confirming your date of birth.

I've set up the payment plan you asked for: £80 a month for five months, taken on the 15th, which clears the outstanding balance of £400. To confirm the arrangement, your next payment is £80 on the 15th. Your reference number is NW-57760, and you can call us on our usual number if anything changes.

Thank you for your time.

Ben Turner
Northwind Energy Collections

On Wednesday, Craig Dunmore <craig.dunmore@example.com> wrote:
Hi Ben, my date of birth is 17/10/1977. I can't pay £400 in one go but I could do £80 a month?

On Tuesday, Ben Turner <collections@northwind-energy.example> wrote:
Dear Mr Dunmore,

My name is Ben Turner and I work in the collections team at Northwind Energy. This is an attempt to collect a debt.

Your account has an outstanding balance of £400 after two missed payments. If paying this in one go is difficult, we can set up a payment plan so you can pay in instalments. To discuss your account, please reply with your date of birth.

Kind regards,
Ben Turner`,
  },
  {
    title: 'Disputed estimated meter reading',
    channel: 'email',
    campaign: 'NORTHWIND-COLL',
    agent: 'Samuel Osei',
    daysAgo: 0,
    outcome: { to: 'waiting' },
    text: `Dear Ms Brannigan,

Thank you for getting in touch, and for confirming your postcode. My name is Samuel and I'm in the collections team.

I appreciate this is hard, and I'm sorry the bill came as a shock. As the bill is an outstanding balance of £870, I have to tell you this is an attempt to collect a debt, but you're right that it was based on an estimated reading. I've put collection on hold while we re-check it with the photo of your meter that you sent, so there's nothing to pay until then. I've asked the billing team to send a corrected bill within 5 working days, and any overpayment will go back on the account.

Your reference number is NW-58874. Thank you for your time.

Samuel Osei
Northwind Energy

From: Orla Brannigan <orla.b@example.net>
To: Northwind Energy <collections@northwind-energy.example>
Subject: Ridiculous bill

This is ridiculous. You've sent me a demand for £870 when my meter says I've used a fraction of that. I've attached a photo of the meter. Postcode SR99 2KT. I'm not paying a made-up number.`,
  },
  {
    title: 'Asked whether court action is coming',
    channel: 'email',
    campaign: 'NORTHWIND-COLL',
    agent: 'Kenji Sato',
    daysAgo: 2,
    outcome: { to: 'waiting' },
    text: `Dear Mrs Achebe,

Thank you for contacting Northwind Energy, my name is Kenji. I'm writing about your gas account, and this is an attempt to collect a debt.

I understand this is worrying. To answer your question: no, we will not take you to court over this, and we never contact your employer. Your outstanding balance is £210, and we can spread the cost over a payment plan that suits you.

Please reply with your date of birth so I can set it up, or call us on our usual number. Your reference number is NW-60318.

Thank you for your time,
Kenji Sato
Northwind Energy Collections

From: Chidinma Achebe <chidinma.achebe@example.org>
To: Northwind Energy <collections@northwind-energy.example>
Subject: Final notice?

I've had a letter saying final notice. Are you going to take me to court? Will you call my work? I'm stressed about this.`,
  },
  {
    title: 'Bereavement: account of a late parent',
    channel: 'email',
    campaign: 'NORTHWIND-COLL',
    agent: 'Nadia Petrova',
    daysAgo: 17,
    outcome: {
      to: 'rejected',
      corrections: [
        {
          question: 'debt_disclosure',
          value: 'n/a',
          reason: 'criterion_unclear',
          comment:
            "The writer is the late account holder's son, a third party: the debt is not collected from him. The question should say it applies to the account holder only.",
        },
        {
          question: 'balance',
          value: 'n/a',
          reason: 'criterion_unclear',
          comment: 'The balance is not discussed with a third party.',
        },
        {
          question: 'pay_today',
          value: 'n/a',
          reason: 'criterion_unclear',
          comment: 'No payment is asked of a bereaved relative.',
        },
      ],
    },
    text: `Dear Mr Whitcombe,

Thank you for letting us know, and I'm so sorry for the loss of your father. My name is Nadia.

I've put the account on hold straight away, so there will be no more letters or calls about the outstanding balance while the estate is sorted out. You don't need to pay anything yourself: any balance is paid from the estate, not by family members.

If it would help, our support scheme can explain the next steps, and there is free debt advice available if the estate has other bills. Your reference number is NW-61150, and you can call us on our bereavement line whenever you are ready.

Take care,
Nadia Petrova
Northwind Energy

From: Graham Whitcombe <g.whitcombe@example.com>
To: Northwind Energy <collections@northwind-energy.example>
Subject: My father's account

Hello, my father passed away three weeks ago and I've just opened a letter from you about arrears on his account. I don't know what I'm supposed to do. Please stop the letters.`,
  },
  {
    title: 'Payment plan confirmed by e-mail',
    channel: 'email',
    campaign: 'NORTHWIND-COLL',
    agent: 'Mei Chen',
    daysAgo: 1,
    outcome: { to: 'waiting' },
    text: `Dear Mr Rasmussen,

Thank you for speaking with me yesterday. As promised, this is a summary in writing.

To confirm the arrangement: we agreed a payment plan of £35 a month for ten months, starting on the 5th, which clears the outstanding balance of £350. Your next payment is £35 on the 5th. Your reference number is NW-62207.

If your circumstances change, please contact us straight away and we'll look at the plan again.

Thank you for your time,
Mei Chen
Northwind Energy Collections

From: Jonas Rasmussen <jonas.rasmussen@example.net>
To: Northwind Energy <collections@northwind-energy.example>
Subject: Plan

Can you put what we agreed on the phone in writing please? Thanks, Jonas`,
  },
]

// ---------------------------------------------------------------- Contoso Health: patient access line

const contoso: SeedText[] = [
  {
    title: 'First physiotherapy appointment booked',
    channel: 'chat',
    campaign: 'CONTOSO-PATIENT',
    agent: 'Grace Mensah',
    daysAgo: 28,
    outcome: { to: 'accepted' },
    text: `[14:31] Oluwaseun: Hi, my GP referred me to physio for my knee and I need to book the first appointment.
[14:32] Agent: Good afternoon, thank you for contacting Contoso Health. My name is Grace and I can help with that. Can you confirm your full name and your date of birth so I can find your referral?
[14:33] Oluwaseun: Oluwaseun Adeyemi, 9 September 1974
[14:33] Agent: Thank you. And can you confirm your postcode?
[14:34] Oluwaseun: PL99 2WE
[14:34] Agent: Thanks, I've found the referral. I understand knee pain makes getting about hard, so let's get you in soon. I have Tuesday at 9.40 or Thursday at 4.15 at the Riverside clinic.
[14:35] Oluwaseun: Thursday please, I work mornings
[14:36] Agent: Done. I have arranged Thursday at 4.15 with Riverside physio. You'll get a text confirmation within the next hour. Please bring a list of any medication you take.
[14:36] Oluwaseun: great
[14:37] Agent: Is there anything else I can help with?
[14:37] Oluwaseun: no that's all, thanks Grace
[14:37] Agent: Thank you for contacting Contoso Health, take care.`,
  },
  {
    title: 'Cita con dermatología cambiada (en español)',
    channel: 'chat',
    campaign: 'CONTOSO-PATIENT',
    agent: 'Victor Silva',
    daysAgo: 3,
    outcome: { to: 'other_language' },
    text: `Agent: Hola, gracias por contactar con Contoso Health. Soy Victor, ¿en qué puedo ayudarle?
Customer: Hola, necesito cambiar mi cita del martes con el dermatólogo, no puedo ir por el trabajo.
Agent: Claro. ¿Me puede dar su nombre completo y su fecha de nacimiento?
Customer: Lucía Ferrer Ortega, 3 de mayo de 1988.
Agent: Gracias, Lucía. Tengo disponible el jueves a las once o el viernes a las tres y media.
Customer: El viernes, por favor.
Agent: Perfecto, su cita queda el viernes a las tres y media. Recibirá un SMS de confirmación. ¿Algo más?
Customer: No, muchas gracias.
Agent: De nada, que tenga un buen día.`,
  },
  {
    title: 'Blood pressure tablets, curt replies',
    channel: 'chat',
    campaign: 'CONTOSO-PATIENT',
    agent: 'Jack Moreno',
    daysAgo: 12,
    outcome: {
      to: 'rejected',
      corrections: [
        {
          question: 'verify',
          value: 'yes',
          reason: 'wrong_verdict',
          comment: 'He asked for name and DOB before touching the prescription; curt, but it is a check.',
        },
        {
          question: 'holder_name',
          value: 'yes',
          reason: 'wrong_verdict',
          comment: 'The full name was asked for and given in the first two messages.',
        },
        {
          question: 'greet',
          value: 'no',
          reason: 'wrong_verdict',
          comment: 'The patient started the chat and got no greeting or thanks, only "Name and DOB?".',
        },
      ],
    },
    text: `Jack: Name and DOB?
Customer: Hi, um, Peter Okonkwo-Hill, 21/01/1958. I need my blood pressure tablets renewed, I've only got three left.
Jack: Which ones
Customer: Amlodipine 5mg
Jack: Done. Ready in 48 hours.
Customer: Will it go to the same pharmacy? I'm a bit worried because last time it got lost and I had to chase it for a week.
Jack: Should do
Customer: ok...`,
  },
  {
    title: 'Charged for an appointment that was cancelled',
    channel: 'chat',
    campaign: 'CONTOSO-PATIENT',
    agent: 'Ruby Adams',
    daysAgo: 23,
    outcome: { to: 'accepted' },
    text: `Customer: I've been charged £25 for missing an appointment on the 12th. I cancelled it two days before by phone! This is really disappointing and I want the money back.
Agent: Hi, thank you for contacting Contoso Health, my name is Ruby. I'm sorry about that, I understand how annoying it is to be charged when you did the right thing. Can you confirm your full name and date of birth so I can look at the booking?
Customer: Margaret Ellison, 17/04/1965
Agent: Thank you Margaret. I can see the cancellation note from your call on the 10th, so the charge shouldn't have been applied. I apologise for the inconvenience.
Customer: so will I get it back?
Agent: Yes. Under our refund policy, charges made in error go back to the card they came from, and refunds take 3 to 5 working days to show. I have raised the refund now.
Customer: ok, thank you
Agent: Thank you for your patience while I checked. Is there anything else I can help with?
Customer: no, thanks for sorting it
Agent: Take care Margaret, have a great day.`,
  },
  {
    title: 'Blood test results asked for by chat',
    channel: 'chat',
    campaign: 'CONTOSO-PATIENT',
    agent: 'Isaac Cohen',
    daysAgo: 1,
    outcome: { to: 'waiting' },
    text: `Customer: Hi, are my blood test results back yet? I had them done on Monday.
Agent: Good morning, thank you for contacting Contoso Health, my name is Isaac. I can check that for you. Could you confirm your full name, your date of birth and the first line of your address?
Customer: Yusuf Demir, 14/12/1969, 8 Orchard Rise
Agent: Thank you Yusuf, that's all confirmed. Your results came back yesterday and the doctor has marked them as reviewed, with no further action needed.
Customer: oh that's a relief
Agent: I understand, waiting for results is never easy. If you'd like to go through them, the next step is to book a phone call with the doctor and I can do that for you now.
Customer: no that's fine, thanks
Agent: Is there anything else I can help with today?
Customer: no, that's all
Agent: Thank you for contacting Contoso Health, take care Yusuf.`,
  },
  {
    title: 'Rebooking after a 40-minute queue',
    channel: 'chat',
    campaign: 'CONTOSO-PATIENT',
    agent: 'Ella Novak',
    daysAgo: 14,
    outcome: { to: 'accepted' },
    text: `Customer: Finally! I've been waiting in this chat queue for 40 minutes. I'm really frustrated.
Agent: Hello, thank you for contacting Contoso Health, my name is Ella. I'm sorry about that, we're very busy this morning, and thank you for bearing with us. How can I help you today?
Customer: I need to move my scan on Friday, my daughter's school has a strike day.
Agent: Of course. Can you confirm your full name and date of birth please?
Customer: Priyanka Bhatt, 06/03/1987
Agent: Thank you Priyanka. I can see your ultrasound on Friday at 10.20. I have next Tuesday at 8.50 or Wednesday at 1.30.
Customer: Wednesday
Agent: I have arranged Wednesday at 1.30 at the same clinic. You'll get a confirmation text within the next hour.
Customer: ok thanks
Agent: Is there anything else I can help with today?
Customer: no
Agent: Take care, have a great day.`,
  },
  {
    title: 'Moving prescriptions to a new pharmacy',
    channel: 'chat',
    campaign: 'CONTOSO-PATIENT',
    agent: 'Noah Fischer',
    daysAgo: 5,
    outcome: { to: 'scored' },
    text: `Agent: Good afternoon, thank you for contacting Contoso Health, my name is Noah. How can I help you today?
Customer: I've moved across town and want my prescriptions sent to the pharmacy on Mill Street instead.
Agent: I can do that. Can you confirm your full name and date of birth first?
Customer: Agnes Lockhart, 25/11/1952
Agent: Thank you Agnes. I've changed your nominated pharmacy to Mill Street Pharmacy. I can't promise your repeat that's already in progress will move, because it may have been sent already.
Customer: so when will I know?
Agent: I'm not able to give you a day for that one, I'm afraid. Please ask the old pharmacy if it has arrived there.
Customer: ok
Agent: Is there anything else I can help with?
Customer: no
Agent: Thank you for contacting Contoso Health, take care.`,
  },
  {
    title: 'Invoice paid twice for one consultation',
    channel: 'email',
    campaign: 'CONTOSO-PATIENT',
    agent: 'Amira Saleh',
    daysAgo: 29,
    outcome: { to: 'accepted' },
    text: `Dear Mr Gallagher,

Thank you for contacting Contoso Health, my name is Amira. I'm sorry about the double payment, and thank you for confirming your full name, date of birth and patient number.

I can see the problem: the invoice for your consultation on the 4th was paid twice, once by card online and once by bank transfer. I have raised a refund of the second payment of £120.

Under our refund policy, duplicate payments are returned to the account they came from, and refunds take up to 10 working days to arrive. You'll receive an e-mail when it has been sent.

Is there anything else I can help with?

Kind regards,
Amira Saleh
Contoso Health Billing

From: Declan Gallagher <declan.gallagher@example.com>
To: Contoso Health Billing <billing@contoso-health.example>
Subject: Paid twice

Hello, I think I paid my consultation invoice twice, £120 by card and £120 by transfer. Could I have one of them refunded? My full name is Declan Patrick Gallagher, date of birth 30/03/1966, patient number CH-448201.

Declan Gallagher`,
  },
  {
    title: 'Outpatient appointment cancelled by e-mail',
    channel: 'email',
    campaign: 'CONTOSO-PATIENT',
    agent: 'Grace Mensah',
    daysAgo: 16,
    outcome: { to: 'accepted' },
    text: `Dear Ms Rourke,

Thank you for confirming your details. I've cancelled your outpatient appointment on the 21st and let the clinic know. Your referral stays open for six months, so you can rebook whenever you're ready; the next step is simply to reply to this e-mail or call us.

Is there anything else I can help with? Take care.

Grace Mensah
Contoso Health Patient Access

On Thursday, Niamh Rourke <niamh.rourke@example.org> wrote:
Niamh Ellen Rourke, 02/02/1995. Thanks.

On Thursday, Grace Mensah <appointments@contoso-health.example> wrote:
Dear Ms Rourke,

Thank you for contacting Contoso Health, my name is Grace. I can cancel that for you. So that I know I have the right record, could you confirm your full name and date of birth?

Kind regards,
Grace Mensah

On Thursday, Niamh Rourke <niamh.rourke@example.org> wrote:
Hi, I need to cancel my appointment at the dermatology clinic on the 21st as I'm away with work. Thank you.`,
  },
  {
    title: 'Complaint about a receptionist',
    channel: 'email',
    campaign: 'CONTOSO-PATIENT',
    agent: 'Sara Lindgren',
    daysAgo: 9,
    outcome: { to: 'scored' },
    text: `Dear Mr Haverford,

Thank you for contacting Contoso Health. My name is Sara and I handle patient feedback for the clinic.

I'm sorry to hear how you were spoken to at reception, and I apologise on behalf of the clinic. I understand how upsetting that is when you're already unwell.

What I will do is pass your complaint to the clinic manager today. She will look into it and write to you within 10 working days with what she has found and what will change.

Is there anything else I can help with in the meantime?

Kind regards,
Sara Lindgren
Contoso Health Patient Experience

From: Russell Haverford <r.haverford@example.net>
To: Contoso Health <feedback@contoso-health.example>
Subject: Complaint

I want to make a complaint. When I arrived for my appointment on Tuesday the receptionist was rude and told me loudly in front of everyone that I was late and "wasting the doctor's time". I was five minutes late because of the bus. It was humiliating and I'm not happy about it.`,
  },
  {
    title: 'Repeat inhaler requested by e-mail',
    channel: 'email',
    campaign: 'CONTOSO-PATIENT',
    agent: 'Noah Fischer',
    daysAgo: 0,
    outcome: { to: 'waiting' },
    text: `Dear Ms Kowalczyk,

Thank you for contacting Contoso Health, my name is Noah.

Thank you for confirming your date of birth and postcode. I've sent the request for your repeat inhaler to the doctor, and it will be ready at your usual pharmacy within 2 working days.

Is there anything else I can help with?

Take care,
Noah Fischer
Contoso Health Prescriptions

From: Halina Kowalczyk <halina.k@example.com>
To: Contoso Health Prescriptions <prescriptions@contoso-health.example>
Subject: Inhaler

Hello, please can I have my blue inhaler renewed. Date of birth 08/05/1979, postcode WR99 6BN.`,
  },
  {
    title: 'Copy of medical records requested',
    channel: 'email',
    campaign: 'CONTOSO-PATIENT',
    agent: 'Isaac Cohen',
    daysAgo: 6,
    outcome: { to: 'scored' },
    text: `Dear Mr Szabo,

Thank you for contacting Contoso Health, my name is Isaac.

Normally I would ask you to confirm your date of birth, but as you wrote from the e-mail address on your record I've gone ahead. I have arranged for a copy of your records from the last two years to be sent to this address by secure e-mail within 5 working days.

Is there anything else I can help with?

Kind regards,
Isaac Cohen
Contoso Health Records

From: Ferenc Szabo <ferenc.szabo@example.org>
To: Contoso Health <records@contoso-health.example>
Subject: My records

I would like a copy of my medical records for an insurance application. Please send them to this e-mail.`,
  },
  {
    title: 'Billing question answered three weeks late',
    channel: 'email',
    campaign: 'CONTOSO-PATIENT',
    agent: 'Victor Silva',
    daysAgo: 2,
    outcome: { to: 'scored' },
    text: `Hi,

The invoice is for the follow-up consultation on the 3rd, which isn't covered by your insurance plan. The amount of £95 is due within 30 days.

Victor Silva
Contoso Health Billing

From: Beatrix Holloway <beatrix.holloway@example.com>
To: Contoso Health Billing <billing@contoso-health.example>
Subject: RE: Invoice query (third time of asking)

I first asked about this invoice three weeks ago and I've heard nothing. I'm fed up with chasing. What is the £95 for? My date of birth is 19/09/1958.

Beatrix Holloway`,
  },
]

export const seedTexts: SeedText[] = [...acme, ...northwind, ...contoso]

/**
 * Demo calls in the queue as transcripts (api/seed/calls). The corrections are the calls' reference
 * answers where the local engine answers otherwise (api/seed/calls/conversations.ts).
 */
export const seedCalls: SeedCall[] = [
  { key: 'acme-unrecognised-transactions', daysAgo: 25, outcome: { to: 'accepted' } },
  { key: 'acme-card-blocked-complaint', daysAgo: 20, outcome: { to: 'accepted' } },
  { key: 'contoso-book-gp-appointment', daysAgo: 18, outcome: { to: 'accepted' } },
  { key: 'northwind-winter-bill-payment-plan', daysAgo: 15, outcome: { to: 'accepted' } },
  { key: 'northwind-court-threat', daysAgo: 13, outcome: { to: 'accepted' } },
  {
    key: 'northwind-no-debt-disclosure',
    daysAgo: 19,
    outcome: {
      to: 'rejected',
      corrections: [
        {
          question: 'debt_disclosure',
          value: 'no',
          reason: 'evidence_not_in_conversation',
          comment:
            'The quote runs two sentences together; "giving you a call about your account" is not saying it is an attempt to collect a debt.',
        },
        {
          question: 'hardship',
          value: 'no',
          reason: 'wrong_verdict',
          comment:
            '"Money\'s been a bit tight since my hours got cut" is difficulty; a plan was offered but no hardship support.',
        },
        {
          question: 'reference_number',
          value: 'no',
          reason: 'wrong_verdict',
          comment: 'A reference number was promised in a letter, not given on the call.',
        },
      ],
    },
  },
  {
    key: 'acme-returned-direct-debit-blame',
    daysAgo: 11,
    outcome: {
      to: 'rejected',
      corrections: [
        {
          question: 'blame',
          value: 'yes',
          reason: 'wrong_verdict',
          comment: '"You should have made sure the money was there the day before, really" puts it on the customer.',
        },
        {
          question: 'greet',
          value: 'no',
          reason: 'wrong_verdict',
          comment: '"Acme Bank, good morning, James speaking" greets but never thanks the customer for calling.',
        },
        {
          question: 'anything_else',
          value: 'yes',
          reason: 'wrong_verdict',
          comment: '"Was there anything else?" just before the goodbye.',
        },
      ],
    },
  },
  { key: 'contoso-card-payment-read-back', daysAgo: 9, outcome: { to: 'scored' } },
  { key: 'acme-loan-early-settlement', daysAgo: 8, outcome: { to: 'scored' } },
  { key: 'acme-impersonation-scam', daysAgo: 7, outcome: { to: 'scored' } },
  { key: 'contoso-double-charge-refund', daysAgo: 6, outcome: { to: 'scored' } },
  { key: 'contoso-repeat-prescription', daysAgo: 5, outcome: { to: 'scored' } },
  { key: 'northwind-job-loss-breathing-space', daysAgo: 4, outcome: { to: 'scored' } },
  { key: 'northwind-estimated-bill-angry', daysAgo: 3, outcome: { to: 'scored' } },
  { key: 'contoso-insurance-bill-blame', daysAgo: 2, outcome: { to: 'scored' } },
  { key: 'northwind-missed-instalment-new-card', daysAgo: 2, outcome: { to: 'scored' } },
  { key: 'acme-overdraft-fee-refund', daysAgo: 0, outcome: { to: 'waiting' } },
  { key: 'contoso-long-hold-cancellation', daysAgo: 1, outcome: { to: 'waiting' } },
  { key: 'northwind-missed-payment-paid-today', daysAgo: 0, outcome: { to: 'waiting' } },
]

/** A call whose audio could not be transcribed: pending, needs attention, with the job's reason. */
export const failedCall = {
  title: 'Uploaded call with no speech in it',
  campaign: 'ACME-RETAIL' as const,
  agent: 'Diego Alvarez',
  daysAgo: 1,
  outcome: {
    to: 'failed',
    reason: 'The recording could not be transcribed: no speech was found in the audio',
  } satisfies Outcome,
}
