import { redirect, type ActionFunctionArgs } from '@remix-run/node'
import { documentPath, OCR_DEMO_PATH, UPLOADED } from '~/components/ocr/format'
import { xhrUploadAction } from '~/lib/upload-handler.server'
import { handleUpload } from './upload.server'

/** Someone who opens this address: the form is on the demo page. */
export const loader = () => redirect(OCR_DEMO_PATH)

/** The demo page's upload form, posted by its XMLHttpRequest: the page's own checks and call, answered in JSON. */
export const action = ({ request }: ActionFunctionArgs) =>
  xhrUploadAction(request, {
    formPath: OCR_DEMO_PATH,
    handle: handleUpload,
    done: (outcome) => ({ location: documentPath('pending', outcome.documentId), toast: UPLOADED }),
  })
