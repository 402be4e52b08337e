import type { TemplateInput, TemplateQuestionInput } from '#contract/templates'

type Q = Partial<TemplateQuestionInput> & Pick<TemplateQuestionInput, 'question_text' | 'evidence_phrases'>
const q = (question: Q): TemplateQuestionInput => ({
  weight: 1,
  expected_answer: 'yes',
  speaker: 'agent',
  within_first_s: null,
  within_last_s: null,
  within_first_messages: null,
  within_last_messages: null,
  applies_when_phrases: [],
  applies_when_speaker: 'customer',
  ...question,
})

/** The two QA templates the demo ships with, written as a contact centre's QA team would. */
export const demoTemplates: TemplateInput[] = [
  {
    name: 'Inbound customer service',
    description: 'Retail banking inbound calls: greeting, identity checks, resolution, soft skills and closing.',
    categories: [
      {
        name: 'Opening',
        weight: 1,
        auto_failed: false,
        questions: [
          q({
            question_text: 'Did the agent greet the caller and thank them for calling in the first 30 seconds?',
            evidence_phrases: ['thank you for calling', 'good morning', 'good afternoon', 'welcome to'],
            within_first_s: 30,
            // a chat's or e-mail thread's opening: the agent's first two messages
            within_first_messages: 2,
          }),
          q({
            question_text: 'Did the agent give their name?',
            evidence_phrases: ['my name is', 'you are speaking with'],
          }),
          q({
            question_text: 'Did the agent offer to help?',
            evidence_phrases: ['how can I help you', 'what can I do for you'],
          }),
        ],
      },
      {
        name: 'Identity verification',
        weight: 2,
        auto_failed: true,
        questions: [
          q({
            question_text: "Did the agent verify the caller's identity before discussing the account?",
            weight: 2,
            evidence_phrases: [
              'verify your date of birth',
              'your date of birth',
              'confirm your postcode',
              'answer your security question',
              'confirm the first line of your address',
            ],
          }),
          q({
            question_text: 'Did the agent confirm the account holder name?',
            evidence_phrases: ['confirm your full name', 'am I speaking with'],
          }),
          q({
            question_text: 'Did the agent read out the full card or account number?',
            expected_answer: 'no',
            evidence_phrases: ['your full card number is', 'your account number is'],
          }),
        ],
      },
      {
        name: 'Resolution',
        weight: 3,
        auto_failed: false,
        questions: [
          q({
            question_text: 'Did the agent acknowledge the issue?',
            evidence_phrases: [
              'I understand',
              'I can see why',
              'I can see the problem',
              'I am sorry to hear that',
              'that sounds really',
              'let me look into that',
              'I can sort that out',
            ],
          }),
          q({
            question_text: 'Did the agent explain what happens next?',
            weight: 2,
            evidence_phrases: ['what I will do is', 'the next step', 'I have raised', 'I have arranged'],
          }),
          q({
            question_text: 'Did the agent explain the refund policy when a refund was asked for?',
            evidence_phrases: ['refund policy', 'refund will reach your account', 'refunds take'],
            applies_when_phrases: ['refund', 'money back'],
          }),
          q({
            question_text: 'Did the agent set a clear timeframe?',
            evidence_phrases: [
              'working days',
              'within 24 hours',
              'by the end of the day',
              'straight away',
              'within the next hour',
              'by tomorrow',
            ],
          }),
        ],
      },
      {
        name: 'Soft skills',
        weight: 2,
        auto_failed: false,
        questions: [
          q({
            question_text: 'Did the agent apologise for the inconvenience when the customer complained?',
            evidence_phrases: ['sorry for the inconvenience', 'I apologise', 'sorry about that'],
            applies_when_phrases: [
              'complaint',
              'not happy',
              'unacceptable',
              'frustrated',
              'annoying',
              'disappointed',
              'fed up',
            ],
          }),
          q({
            question_text: 'Did the agent thank the customer for their patience?',
            evidence_phrases: ['thank you for your patience', 'thanks for holding'],
          }),
          q({
            question_text: 'Did the agent blame the customer?',
            expected_answer: 'no',
            evidence_phrases: ['that is your fault', 'your own fault', 'you should have called', 'not my problem'],
          }),
        ],
      },
      {
        name: 'Closing',
        weight: 1,
        auto_failed: false,
        questions: [
          q({
            question_text: 'Did the agent ask if there was anything else?',
            evidence_phrases: ['anything else I can help with'],
            within_last_s: 60,
          }),
          q({
            question_text: 'Did the agent close politely?',
            evidence_phrases: ['have a great day', 'thank you for calling', 'take care'],
            within_last_s: 30,
          }),
        ],
      },
    ],
  },
  {
    name: 'Collections compliance',
    description: 'Early-stage collections calls: disclosures, right-party checks, fair negotiation and conduct.',
    categories: [
      {
        name: 'Disclosures',
        weight: 2,
        auto_failed: true,
        questions: [
          q({
            question_text: 'Did the agent state that the call is an attempt to collect a debt?',
            weight: 2,
            evidence_phrases: ['attempt to collect a debt', 'calling about an outstanding debt'],
          }),
          q({
            question_text: 'Did the agent say the call is recorded?',
            evidence_phrases: ['this call is recorded', 'calls are recorded for quality and training'],
          }),
        ],
      },
      {
        name: 'Right-party verification',
        weight: 2,
        auto_failed: false,
        questions: [
          q({
            question_text: 'Did the agent confirm they were speaking with the account holder?',
            evidence_phrases: ['am I speaking with', 'confirm your full name', 'could I speak to'],
          }),
          q({
            question_text: 'Did the agent verify the date of birth or postcode?',
            evidence_phrases: ['verify your date of birth', 'your date of birth', 'confirm your postcode'],
          }),
        ],
      },
      {
        name: 'Negotiation',
        weight: 3,
        auto_failed: false,
        questions: [
          q({
            question_text: 'Did the agent state the outstanding balance?',
            evidence_phrases: ['outstanding balance', 'amount owed'],
          }),
          q({
            question_text: 'Did the agent offer payment options?',
            weight: 2,
            evidence_phrases: ['payment plan', 'pay in instalments', 'spread the cost'],
          }),
          q({
            question_text: 'Did the agent ask for a payment today?',
            evidence_phrases: ['make a payment today', 'pay today'],
          }),
          q({
            question_text: 'Did the agent offer hardship support when the customer mentioned difficulty?',
            weight: 2,
            evidence_phrases: [
              'hardship programme',
              'hardship fund',
              'breathing space',
              'financial support',
              'support scheme',
              'free debt advice',
              'debt advice',
              'debt charity',
            ],
            applies_when_phrases: ['lost my job', 'cannot afford', 'struggling', 'hardship', 'no money'],
          }),
        ],
      },
      {
        name: 'Conduct',
        weight: 2,
        auto_failed: false,
        questions: [
          q({
            question_text: 'Did the agent threaten legal action or contact with the employer?',
            expected_answer: 'no',
            evidence_phrases: [
              'take you to court',
              'call your employer',
              'contact your employer',
              'bailiffs will come',
              'our legal team',
            ],
          }),
          q({
            question_text: 'Did the agent stay courteous when the customer was upset?',
            evidence_phrases: ['I understand this is difficult', 'I appreciate this is hard'],
            applies_when_phrases: ['upset', 'stressed', 'angry', 'out of order', 'ridiculous', 'worried sick'],
          }),
        ],
      },
      {
        name: 'Closing',
        weight: 1,
        auto_failed: false,
        questions: [
          q({
            question_text: 'Did the agent confirm the arrangement?',
            evidence_phrases: ['to confirm the arrangement', 'your next payment'],
          }),
          q({
            question_text: 'Did the agent give a reference or contact number?',
            evidence_phrases: ['reference number', 'you can call us on'],
          }),
          q({
            question_text: 'Did the agent close politely?',
            evidence_phrases: ['have a good day', 'thank you for your time', 'take care'],
            within_last_s: 30,
          }),
        ],
      },
    ],
  },
]
