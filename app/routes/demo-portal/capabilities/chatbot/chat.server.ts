import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from '@remix-run/node'
import type { ChatChannel, ConversationDetail } from '#contract/chatbot'
import { endpoints } from '#contract/endpoints'
import {
  ASK_INTENT,
  chatHref,
  CHATBOT_UNREACHABLE,
  FEEDBACK_INTENT,
  FEEDBACK_THANKS,
  HANDOFF_INTENT,
} from '~/components/chatbot/format'
import { feedbackForm, parseAskForm, parseHandoffForm, type ChatReply } from '~/components/chatbot/chat-forms.schema'
import { readForm } from '~/lib/forms.server'
import { converse, rateAnswer } from '~/services/chatbot.server'
import { createUpstream, orNull, upstreamFailure, type Upstream } from '~/services/upstream.server'
import { redirectWithToast } from '~/sessions.server'

/*
 * The loader and action the chat pages share (chatWithUs, trelliChat): the campaign and the
 * conversation come from the URL, so every answer is a post, redirect, get: the whole conversation
 * is rendered again, with or without JavaScript.
 */

const positive = (value: string | null) => {
  const n = Number(value)
  return Number.isInteger(n) && n > 0 && n < 2_147_483_647 ? n : null
}

/** The active campaigns to pick from, the one picked and the conversation going on (the user's own, on this channel). */
export async function loadChat({ request }: LoaderFunctionArgs, channel: ChatChannel) {
  const api = await createUpstream(request)
  return data(await chatOf(api, request, channel), { headers: api.headers })
}

export async function chatOf(api: Upstream, request: Request, channel: ChatChannel) {
  const url = new URL(request.url)
  const conversationId = positive(url.searchParams.get('conversation'))
  const [campaigns, found] = await Promise.all([
    orNull(api.lookup(endpoints.campaigns)),
    conversationId ? orNull(api.request(endpoints.chatConversation, { params: { id: conversationId } })) : null,
  ])
  // someone else's conversation (a supervisor may read it) is read on its history page, not continued here
  const conversation: ConversationDetail | null = found && found.channel === channel && found.is_own ? found : null
  const active = (campaigns ?? []).filter((c) => c.is_active)
  const picked = conversation?.campaign_id ?? positive(url.searchParams.get('campaign'))
  const campaign = active.find((c) => c.id === picked) ?? null
  return {
    campaigns: active.map((c) => ({ id: c.id, name: c.name, client: c.client })),
    campaignsFailed: campaigns === null,
    campaign: campaign ? { id: campaign.id, name: campaign.name, client: campaign.client } : null,
    conversation,
  }
}

const replied = (intent: ChatReply['intent'], result: ChatReply['result'], needsCallback = false): ChatReply => ({
  intent,
  result,
  needsCallback,
})

/** What a failed call tells the customer: the API's own words for what they sent wrong, the spec's sentence for the rest. */
async function failureOf(thrown: unknown) {
  const failure = await upstreamFailure(thrown)
  const clientError = failure.status >= 400 && failure.status < 500 && failure.status !== 408
  return { ...failure, message: clientError ? failure.message : CHATBOT_UNREACHABLE, clientError }
}

async function ask(api: Upstream, form: FormData, path: string, channel: ChatChannel, max?: number) {
  const submission = parseAskForm(form, max)
  if (submission.status !== 'success') return data(replied(ASK_INTENT, submission.reply()), { status: 400 })
  const { campaign_id, conversation_id, call_evaluation_id, message } = submission.value
  try {
    const reply = await converse(api, {
      channel,
      campaign_id,
      message: message ?? '',
      ...(conversation_id && { conversation_id }),
      ...(call_evaluation_id && { call_evaluation_id }),
    })
    return redirect(chatHref(path, campaign_id, reply.conversation_id), { headers: api.headers })
  } catch (thrown) {
    const failure = await failureOf(thrown)
    // the message stays in the box: nothing the customer typed is lost
    const result = submission.reply({ formErrors: [failure.message], fieldErrors: failure.fieldErrors })
    return data(replied(ASK_INTENT, result), {
      status: failure.clientError ? failure.status : 503,
      headers: api.headers,
    })
  }
}

async function handoff(api: Upstream, form: FormData, path: string, channel: ChatChannel) {
  const submission = parseHandoffForm(form)
  if (submission.status !== 'success')
    return data(replied(HANDOFF_INTENT, submission.reply(), form.get('needs_callback') === 'true'), { status: 400 })
  const value = submission.value
  try {
    // before a first question, what it is about starts the conversation the person will read
    const conversationId =
      value.conversation_id ??
      (await converse(api, { channel, campaign_id: value.campaign_id, message: value.about! })).conversation_id
    const made = await api.request(endpoints.chatHandoff, {
      body: {
        conversation_id: conversationId,
        ...(value.reason && { reason: value.reason }),
        ...(value.needs_callback && {
          callback: { name: value.callback_name!, phone: value.callback_phone!, preferred_time: value.callback_time },
        }),
      },
    })
    return redirectWithToast(
      chatHref(path, value.campaign_id, conversationId),
      { title: made.status === 'queued' ? 'A person will join you' : 'Callback requested', message: made.next_steps },
      { headers: api.headers },
    )
  } catch (thrown) {
    const failure = await failureOf(thrown)
    // no agent is free: ask for the callback details (the form keeps what was typed)
    const needsCallback = failure.status === 422 || value.needs_callback
    const result = submission.reply({ formErrors: [failure.message], fieldErrors: failure.fieldErrors })
    return data(replied(HANDOFF_INTENT, result, needsCallback), {
      status: failure.clientError ? failure.status : 503,
      headers: api.headers,
    })
  }
}

async function feedback(api: Upstream, form: FormData, back: string) {
  const parsed = feedbackForm.safeParse(Object.fromEntries(form))
  if (!parsed.success)
    return redirectWithToast(back, { message: 'Choose yes or no', type: 'error' }, { headers: api.headers })
  try {
    await rateAnswer(api, parsed.data)
    return redirectWithToast(back, { message: FEEDBACK_THANKS }, { headers: api.headers })
  } catch (thrown) {
    const failure = await failureOf(thrown)
    return redirectWithToast(back, { message: failure.message, type: 'error' }, { headers: api.headers })
  }
}

/** `ask`, `feedback` and `handoff`, each answered by a redirect to the conversation or the form with its errors. */
export async function chatAction({ request }: ActionFunctionArgs, channel: ChatChannel, path: string, max?: number) {
  const form = await readForm(request)
  const api = await createUpstream(request)
  const intent = form.get('intent')
  if (intent === ASK_INTENT) return ask(api, form, path, channel, max)
  if (intent === HANDOFF_INTENT) return handoff(api, form, path, channel)
  if (intent === FEEDBACK_INTENT) {
    const url = new URL(request.url)
    return feedback(api, form, `${url.pathname}${url.search}#latest`)
  }
  return data(replied(ASK_INTENT, { status: 'error', error: { '': ['Unknown action'] } }), { status: 400 })
}
