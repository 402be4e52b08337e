import { parseWithZod } from '@conform-to/zod'
import { z } from 'zod'
import { summaryText, summaryTypeCode, type SummarizeResult, type SummaryTypeCode } from '#contract/summarization'
import { SUMMARY_FILE_MAX_BYTES } from '#contract/limits'

/** What the action answers once the summary is done (or failed) within its wait. */
export type SummarizeOutcome = SummarizeResult & { summary_type: SummaryTypeCode; source: string }

/** The form's shape: every value as the inputs hold it. */
export type SummarizeFormValue = { summary_type: string; text?: string; file?: File }

export const SUMMARY_FILE_EXTENSIONS = ['.txt', '.docx', '.pdf']
const FILE_MAX_MB = SUMMARY_FILE_MAX_BYTES / 1024 / 1024

// Duck-typed rather than `instanceof File`: the browser's, Node's and jsdom's File classes differ.
const file = z.custom<File>(
  (value) =>
    typeof value === 'object' &&
    value !== null &&
    typeof (value as File).name === 'string' &&
    typeof (value as File).size === 'number' &&
    typeof (value as File).slice === 'function',
  'Choose a file',
)

/**
 * Pasted text or a document, and the type of summary. The same rules in the browser and in the
 * action, with the contract's messages; the API checks the document's own text again.
 */
const summarizeForm = z
  // every field optional here, so the checks below all run and each field gets its own message
  .object({ summary_type: z.string().optional(), text: z.string().optional(), file: file.optional() })
  .superRefine((value, ctx) => {
    const type = summaryTypeCode.safeParse(value.summary_type)
    if (!type.success) ctx.addIssue({ code: 'custom', path: ['summary_type'], message: type.error.issues[0].message })
    if (value.file) {
      if (value.text?.trim()) {
        ctx.addIssue({ code: 'custom', path: ['text'], message: 'Paste text or choose a file, not both' })
      }
      const name = value.file.name.toLowerCase()
      if (!SUMMARY_FILE_EXTENSIONS.some((ext) => name.endsWith(ext))) {
        ctx.addIssue({ code: 'custom', path: ['file'], message: 'Choose a .txt, .docx or .pdf file' })
      } else if (value.file.size > SUMMARY_FILE_MAX_BYTES) {
        ctx.addIssue({ code: 'custom', path: ['file'], message: `The file is larger than ${FILE_MAX_MB} MB` })
      }
      return
    }
    if (value.text === undefined) {
      ctx.addIssue({ code: 'custom', path: ['text'], message: 'Paste the text to summarise, or choose a file' })
      return
    }
    const text = summaryText.safeParse(value.text)
    if (!text.success) ctx.addIssue({ code: 'custom', path: ['text'], message: text.error.issues[0].message })
  })
  .transform(
    (value): { summary_type: SummaryTypeCode; text: string } | { summary_type: SummaryTypeCode; file: File } =>
      value.file
        ? { summary_type: summaryTypeCode.parse(value.summary_type), file: value.file }
        : {
            summary_type: summaryTypeCode.parse(value.summary_type),
            // a multipart form sends its line breaks as CRLF
            text: summaryText.parse(value.text?.replace(/\r\n?/g, '\n')),
          },
  )

export function parseSummarizeForm(formData: FormData) {
  return parseWithZod(formData, { schema: summarizeForm })
}
