import { redirect, type ActionFunctionArgs } from '@remix-run/node'
import { recordingPath, SPEECH_DEMO_PATH } from '~/components/speech/format'
import { xhrUploadAction } from '~/lib/upload-handler.server'
import { handleUpload } from './upload.server'
import { UPLOADED } from './demo.server'

/** Someone who opens this address: the form is on the demo page. */
export const loader = () => redirect(SPEECH_DEMO_PATH)

/** The demo page's upload form, posted by its XMLHttpRequest: the page's own checks and call, answered in JSON. */
export const action = ({ request }: ActionFunctionArgs) =>
  xhrUploadAction(request, {
    formPath: SPEECH_DEMO_PATH,
    handle: handleUpload,
    done: (outcome) => ({ location: recordingPath(outcome.recordingId), toast: UPLOADED }),
  })
