import { data, redirect, type ActionFunctionArgs } from '@remix-run/node'
import { TALK_FILE_MAX_BYTES } from '#contract/limits'
import { CHATBOT_UNREACHABLE, chatHref, TRELLI_TALK_PATH } from '~/components/chatbot/format'
import { parseTalkForm, TOO_LARGE } from '~/components/chatbot/talk.schema'
import { handleSpooledUpload } from '~/lib/upload-handler.server'
import { talk } from '~/services/chatbot.server'

/**
 * trelliTalk's form, posted with or without JavaScript (the recorder fills the file input and
 * submits it): the recording spooled to disk, checked, sent to talk/, then post, redirect, get to
 * the conversation, where the spoken answer plays. The API's 4xx say what was wrong with the
 * recording; anything else is SPEC §8's sentence.
 */
export async function talkAction({ request }: ActionFunctionArgs) {
  const outcome = await handleSpooledUpload(request, {
    spool: {
      maxBytes: TALK_FILE_MAX_BYTES,
      tooLarge: TOO_LARGE,
      fileFields: ['file'],
      maxParts: 4,
      tooManyParts: 'Send one recording and the form fields only',
      prefix: 'chat-talk',
    },
    parse: parseTalkForm,
    send: async (api, value) => ({ ...(await talk(api, value)), campaign_id: value.campaign_id }),
    fields: ['file', 'campaign_id'],
    failed: (status) => (status >= 500 ? CHATBOT_UNREACHABLE : 'The question was not heard'),
  })
  if (!outcome.ok) return data({ result: outcome.result }, { status: outcome.status, headers: outcome.headers })
  const { campaign_id: campaignId, conversation_id: conversationId } = outcome.created
  return redirect(chatHref(TRELLI_TALK_PATH, campaignId, conversationId), { headers: outcome.headers })
}
