import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from '@remix-run/node'
import { endpoints } from '#contract/endpoints'
import type { DocumentBucket } from '#contract/ocr'
import {
  ASK_INTENT,
  bucketOf,
  bucketPath,
  CONFIRM_PARAM,
  DELETE_ERROR,
  DELETE_INTENT,
  DELETED,
  documentPath,
  isBucket,
  NOT_FOUND,
} from '~/components/ocr/format'
import { ASK_ERROR, parseAskForm, type AskReply } from '~/components/ocr/insights-chat.schema'
import type { ShownPage } from '~/components/ocr/page-view.schema'
import { deleteAction } from '~/lib/delete-action.server'
import { readForm } from '~/lib/forms.server'
import { askDocument, documentIdOf, toPortalImageUrl, upstreamFailure } from '~/services/ocr.server'
import { createUpstream, errorResponse, type Upstream } from '~/services/upstream.server'

/** `:type` must be a KPI bucket and `:subtype` a document id; anything else is not a page. */
function paramsOf(params: LoaderFunctionArgs['params']): { bucket: DocumentBucket; id: number } {
  if (!isBucket(params.type)) throw errorResponse(404, 'Page not found')
  const id = documentIdOf(params.subtype)
  if (id === null) throw errorResponse(404, NOT_FOUND)
  return { bucket: params.type, id }
}

const replied = (result: AskReply['result'], answer: AskReply['answer'] = null): AskReply => ({
  intent: ASK_INTENT,
  result,
  answer,
})

async function documentFailure(thrown: unknown, api: Upstream): Promise<never> {
  const { status, message } = await upstreamFailure(thrown)
  throw errorResponse(status, status === 404 ? NOT_FOUND : message, api.headers)
}

/**
 * The document, its pages' images as the portal's proxy paths; `?confirm-delete` for the no-JavaScript
 * delete step. A document is shown under the bucket it is in: an address under another one (the upload's
 * "pending" link once the document is read, an old link) redirects there, so the address and the
 * breadcrumb say where it is now.
 */
export async function loadDocument({ request, params }: LoaderFunctionArgs) {
  const { bucket, id } = paramsOf(params)
  const api = await createUpstream(request)
  const detail = await api
    .request(endpoints.documentDetails, { query: { document_id: id } })
    .catch((thrown: unknown) => documentFailure(thrown, api))
  const current = bucketOf(detail.status)
  if (current !== bucket)
    throw redirect(`${documentPath(current, id)}${new URL(request.url).search}`, { headers: api.headers })
  const pages: ShownPage[] = detail.pages.map(({ image_url: imageUrl, ...page }) => ({
    ...page,
    src: toPortalImageUrl(imageUrl),
  }))
  const confirming = new URL(request.url).searchParams.has(CONFIRM_PARAM)
  return data({ bucket, document: { ...detail, pages }, confirming }, { headers: api.headers })
}

/** `ask`: a question about the document, answered in the action's data. `delete`: back to the list with a toast. */
export async function documentAction({ request, params }: ActionFunctionArgs) {
  const { bucket, id } = paramsOf(params)
  const form = await readForm(request)
  const intent = form.get('intent')
  const here = documentPath(bucket, id)

  if (intent === ASK_INTENT) {
    // the document asked about is the one in the URL, whatever the form says
    form.set('document_id', String(id))
    const submission = parseAskForm(form)
    if (submission.status !== 'success') {
      return data(replied(submission.reply()), { status: 400 })
    }
    const api = await createUpstream(request)
    try {
      const answer = await askDocument(api, submission.value)
      return data(replied(submission.reply({ resetForm: true }), answer), { headers: api.headers })
    } catch (thrown) {
      const { status, message } = await upstreamFailure(thrown)
      return data(replied(submission.reply({ formErrors: [ASK_ERROR, message] })), { status, headers: api.headers })
    }
  }

  if (intent === DELETE_INTENT) {
    return deleteAction({
      request,
      target: id,
      remove: (api, document_id) => api.request(endpoints.deleteDocument, { query: { document_id } }),
      back: here,
      done: bucketPath(bucket),
      messages: { done: DELETED, errorTitle: DELETE_ERROR },
    })
  }
  return data({ intent: null, result: null, answer: null }, { status: 400 })
}
