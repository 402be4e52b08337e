import { describe, expect, it } from 'vitest'
import type { ScoringTurnRow } from '#api/db/schema'
import { callKeys, callTranscript } from '#api/seed/calls'
import { demoCampaigns } from '#api/seed/demo-data'
import { seedTexts } from '#api/seed/scoring/conversations'
import { agreementConversations } from '#tests/fixtures/scoring-agreement/conversations'
import { holdoutConversations } from '#tests/fixtures/scoring-agreement/holdout'
import { chatFromText, emailFromText } from './conversation'
import { checkQuote, englishShare, MIN_ENGLISH_SHARE, notScorable, segmentsOf, SECONDS_PER_MESSAGE } from './score-item'

const turns = [
  { speaker: 'customer' as const, text: 'Hi, my card was declined.' },
  { speaker: 'agent' as const, text: 'Thanks for messaging. Can I verify your date of birth?' },
  { speaker: 'customer' as const, text: '4 May 1988' },
]

describe('turns as the engine reads them', () => {
  it('keeps a thread’s order with one message every few seconds, and a call’s own times', () => {
    expect(segmentsOf(turns).map((s) => s.start)).toEqual([0, SECONDS_PER_MESSAGE, 2 * SECONDS_PER_MESSAGE])
    const call = segmentsOf([
      { speaker: 'agent', text: 'Hello', start: 0, end: 2.5 },
      { speaker: 'customer', text: 'Hi', start: 3 },
    ])
    expect(call.map((s) => [s.start, s.end])).toEqual([
      [0, 2.5],
      [3, 12.99],
    ])
  })
})

describe('the quote check', () => {
  const segments = segmentsOf(turns)
  it('verifies a quote in the turn the engine names, whatever the case and punctuation', () => {
    expect(checkQuote('verify your DATE of birth', turns, segments, 12.5)).toEqual({
      check: 'verified',
      evidence: [{ quote: 'verify your DATE of birth', speaker: 'agent', turn: 1, start_s: null }],
    })
  })
  it('repairs a quote the engine placed in the wrong turn, naming the turn that has it', () => {
    expect(checkQuote('card was declined', turns, segments, 12.5)).toMatchObject({
      check: 'repaired',
      evidence: [{ turn: 0 }],
    })
  })
  it('leaves a quote found nowhere unverified, and keeps it to show as not found', () => {
    expect(checkQuote('your full postcode', turns, segments, 12.5).check).toBe('unverified')
    // an LLM's quote with no time: kept at the turn sharing most of its words
    expect(checkQuote('confirm the date of birth on file', turns, segments, null)).toEqual({
      check: 'unverified',
      evidence: [{ quote: 'confirm the date of birth on file', speaker: 'agent', turn: 1, start_s: null }],
    })
    expect(checkQuote('anything', [], [], null)).toEqual({ check: 'unverified', evidence: [] })
  })
})

describe('not scorable', () => {
  it('says why: no agent, or too few words', () => {
    expect(notScorable([{ speaker: 'customer', text: 'Hello? Anyone there?' }])).toBe('no_agent_turns')
    expect(
      notScorable([
        { speaker: 'agent', text: 'Hi' },
        { speaker: 'customer', text: 'bye' },
      ]),
    ).toBe('too_few_words')
    expect(notScorable(turns)).toBeNull()
  })
})

describe('not scorable: another language', () => {
  const a = (text: string): ScoringTurnRow => ({ speaker: 'agent', text })
  const c = (text: string): ScoringTurnRow => ({ speaker: 'customer', text })

  const spanishChat = [
    c('Hola, buenas tardes. Me han bloqueado la tarjeta y no puedo pagar en el supermercado.'),
    a(
      'Buenas tardes, gracias por contactar con Acme Bank. Me llamo Laura. ¿Me confirma su nombre completo y su fecha de nacimiento?',
    ),
    c('Sí, claro. Javier Romero Gil, 12 de abril de 1979.'),
    a('Gracias, Javier. La tarjeta se bloqueó por tres intentos fallidos con el PIN. Puedo desbloquearla ahora mismo.'),
    c('Vale, perfecto. ¿Tengo que hacer algo más?'),
    a('No, ya está desbloqueada. Si vuelve a pasar, llámenos y lo revisamos. ¿Le puedo ayudar en algo más?'),
    c('No, eso es todo. Muchas gracias.'),
    a('A usted. Que tenga un buen día.'),
  ]
  const frenchEmail = [
    a(`Bonjour Madame Lefèvre,

Suite à notre appel de ce matin, je vous confirme le plan de paiement convenu : 45 € par mois, à partir du 5 mars, pendant dix mois. Le premier prélèvement aura lieu sur le compte se terminant par 4471.

Si vous rencontrez des difficultés, n'hésitez pas à nous contacter au plus vite : on pourra adapter le montant.

Cordialement,
Thomas Girard
Service clients, Northwind Energy`),
    c(`Bonjour,

Je vous écris car je n'arrive pas à payer la facture de janvier en une seule fois. Est-ce qu'il est possible de payer en plusieurs fois ? J'ai perdu mon emploi en décembre.

Merci d'avance,
Claire Lefèvre`),
  ]
  const germanChat = [
    c('Guten Tag, ich möchte meinen Termin beim Hautarzt am Dienstag absagen, ich bin leider krank.'),
    a(
      'Guten Tag und danke, dass Sie sich an Contoso Health wenden. Mein Name ist Jonas. Können Sie mir bitte Ihren vollständigen Namen und Ihr Geburtsdatum nennen?',
    ),
    c('Sabine Krüger, 7. Juni 1965.'),
    a(
      'Vielen Dank, Frau Krüger. Ich habe den Termin am Dienstag um 10 Uhr storniert. Möchten Sie gleich einen neuen Termin vereinbaren?',
    ),
    c('Ja, wenn möglich in der nächsten Woche am Nachmittag.'),
    a(
      'Ich kann Ihnen Mittwoch um 15 Uhr oder Freitag um 14:30 Uhr anbieten. Bitte bringen Sie Ihre Versichertenkarte mit.',
    ),
    c('Mittwoch passt gut. Danke schön!'),
    a('Gern geschehen, gute Besserung und auf Wiederhören.'),
  ]

  it('flags Spanish, French and German chats and e-mails', () => {
    for (const turns of [spanishChat, frenchEmail, germanChat]) {
      expect(notScorable(turns)).toBe('other_language')
      expect(englishShare(turns)).toBeLessThan(0.05)
    }
  })

  it('flags German made of the words it shares with English (in, an, so, was, will, am, also)', () => {
    const turns = [
      c('Also, ich will das so machen: am Montag war ich in der Filiale, an der Kasse. Was ist da passiert?'),
      a(
        'So wie ich das sehe, war die Karte am Montag gesperrt. Ich will sie gleich freischalten, also in zwei Minuten ist das erledigt.',
      ),
      c('Gut, so machen wir das. Was kostet das?'),
      a('Nichts. Ist sonst noch was?'),
    ]
    expect(notScorable(turns)).toBe('other_language')
  })

  it('flags a language written without spaces (a character a word), not as too few words', () => {
    const turns = [
      c('你好，我的银行卡被冻结了，我在超市付不了钱。'),
      a('您好，感谢您联系Acme银行。请提供您的全名和出生日期。'),
      c('王小明，1985年3月2日。'),
      a('谢谢。您的卡因三次输错密码被冻结，我现在为您解冻。'),
    ]
    expect(notScorable(turns)).toBe('other_language')
  })

  it('does not judge a conversation too short to tell, in English or not', () => {
    const english = [a('Hi, thanks for contacting Acme Bank, how can I help?'), c('Card blocked again, sort it')]
    expect(englishShare(english)).toBeNull()
    expect(notScorable(english)).toBeNull()
    // the same holds the other way: a few words of Spanish are scored (and score badly), not flagged
    expect(notScorable([a('Hola, soy Laura, ¿en qué puedo ayudarle?'), c('Quiero cancelar mi cita, gracias')])).toBe(
      null,
    )
  })

  it('keeps English made of names, dates of birth, account numbers and postcodes', () => {
    const turns = [
      a('Name, DOB and postcode?'),
      c('Oluwaseun Adeyemi-Okonkwo, 03/02/1990, BT9 5AB'),
      a('Account number?'),
      c('40-12-77 31994822'),
      a('ok. balance £1,240.17. direct debit to Northwind Energy £86.40 on 14th, ref NWE-558201-X'),
      c('cancel it'),
      a('done. anything else'),
      c('no'),
    ]
    expect(englishShare(turns)).toBeGreaterThan(MIN_ENGLISH_SHARE)
    expect(notScorable(turns)).toBeNull()
  })

  it('keeps an English e-mail signed in another language', () => {
    const turns = [
      c(`Hi,

My direct debit was taken twice this month. Could you refund the second one please? It's the payment on the 3rd of March.

Kind regards,
José Manuel García Fernández
Director de Operaciones | Fernández y Asociados S.L.
Calle de Alcalá 45, 3º izq., 28014 Madrid, España
Tel. +34 915 55 01 23 | Móvil +34 611 22 33 44

Enviado desde mi iPhone`),
      a(`Dear Mr García Fernández,

Thank you for your e-mail. I'm sorry the payment was taken twice. I have refunded the second payment of £52.30; it will reach you within 3 working days.

Best wishes,
Hannah Clarke
Customer Service, Acme Bank`),
    ]
    expect(notScorable(turns)).toBeNull()
  })

  it('judges the whole conversation: an English agent answering a Spanish customer is English', () => {
    const turns = [
      c('Hola, necesito cambiar mi cita del martes, no puedo ir por el trabajo.'),
      a(
        "Hello, thanks for contacting Contoso Health. I'm sorry, I can only help in English. Could you tell me your name and date of birth?",
      ),
      c('Lucía Ferrer, 3 de mayo de 1988. Quiero el viernes si es posible.'),
      a("Thank you Lucía. I've moved it to Friday at half past three. You'll get a text to confirm."),
    ]
    expect(notScorable(turns)).toBeNull()
  })

  it("never flags the agreement sets, the demo calls or the seed's English chats and e-mails", () => {
    const english = [...agreementConversations, ...holdoutConversations].map((x) => ({ key: x.key, turns: x.turns }))
    for (const key of callKeys()) english.push({ key, turns: callTranscript(key).segments })
    const seeded = seedTexts.map((t) => {
      const sides = { agentNames: [t.agent], client: demoCampaigns.find((x) => x.code === t.campaign)!.client }
      return { key: t.title, turns: t.channel === 'chat' ? chatFromText(t.text, sides) : emailFromText(t.text, sides) }
    })
    const spanish = seedTexts.filter((t) => t.outcome.to === 'other_language').map((t) => t.title)
    expect(spanish).toHaveLength(1)
    english.push(...seeded.filter((s) => !spanish.includes(s.key)))
    expect(english.length).toBeGreaterThan(140)
    expect(english.filter((x) => notScorable(x.turns) === 'other_language').map((x) => x.key)).toEqual([])
    expect(notScorable(seeded.find((s) => s.key === spanish[0])!.turns)).toBe('other_language')
  })
})
