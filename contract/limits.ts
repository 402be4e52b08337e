// The limits of what each area takes (sizes, lengths, accepted files), without zod: the browser's pages
// import these from here, so a form that states a limit does not download the area's schemas (and zod)
// with it. Each area's contract module builds its schemas on them and exports them too.

// Chatbot
/** A message: at most 2,000 characters (a long paste of a transcript goes to trelliChat's 20,000). */
export const CHAT_MESSAGE_MAX = 2_000
export const COPILOT_MESSAGE_MAX = 20_000
/** A spoken question: up to 2 minutes of audio, 10 MB. */
export const TALK_FILE_MAX_BYTES = 10 * 1024 * 1024
export const ARTICLE_TITLE_MAX = 160
export const ARTICLE_BODY_MAX = 20_000

// Face recognition
/** Photos up to 10 MB (ARCHITECTURE §4): PNG, JPEG or WebP; at most 5 per enrolment. */
export const PHOTO_MAX_BYTES = 10 * 1024 * 1024
export const PHOTOS_PER_PERSON = 5
export const photoAccept = '.png,.jpg,.jpeg,.webp,image/png,image/jpeg,image/webp'

// OCR
/** Documents up to 25 MB (ARCHITECTURE §4), at most 20 pages. */
export const DOCUMENT_MAX_BYTES = 25 * 1024 * 1024
export const DOCUMENT_MAX_PAGES = 20
export const documentAccept =
  '.png,.jpg,.jpeg,.tif,.tiff,.webp,.pdf,image/png,image/jpeg,image/tiff,image/webp,application/pdf'

// Speech
/** Recordings up to 200 MB (ARCHITECTURE §4) and two hours of audio. */
export const RECORDING_MAX_BYTES = 200 * 1024 * 1024
export const RECORDING_MAX_SECONDS = 2 * 60 * 60
/** What the upload accepts, sniffed from the bytes (the name and the browser's type are not trusted). */
export const recordingFormats = ['wav', 'mp3', 'm4a', 'ogg', 'flac', 'webm'] as const
export const recordingAccept = '.wav,.mp3,.m4a,.ogg,.oga,.opus,.flac,.webm,audio/*'

// Summarization
/** Text to summarise: at least a sentence, at most 200,000 characters (about a 4-hour call). */
export const SUMMARY_TEXT_MIN = 20
export const SUMMARY_TEXT_MAX = 200_000
/** Documents up to 25 MB (ARCHITECTURE §4). */
export const SUMMARY_FILE_MAX_BYTES = 25 * 1024 * 1024
export const summaryFileAccept =
  '.txt,.docx,.pdf,text/plain,application/pdf,application/vnd.openxmlformats-officedocument.wordprocessingml.document'

// Users
/**
 * POST `user-upload/`: multipart, the CSV in field `file` (UTF-8, at most 5 MB and 50,000 rows,
 * a header row naming the columns, in any order). `email`, `first_name`, `last_name` and `role`
 * are required; the others may be left out or empty. Lookups are given by name or code as people
 * write them: `department` and `location` by name, `supervisor_email` by the supervisor's email
 * (an existing QA supervisor or one created by the same file), `campaign`, `entity`,
 * `company_group`, `pay_group` and `job_code` by code or name. A file carries no passwords: an
 * uploaded user signs in once an admin sets their password (`edit_user/`).
 */
export const userUploadColumns = [
  'email',
  'first_name',
  'last_name',
  'role',
  'employee_code',
  'phone',
  'department',
  'location',
  'supervisor_email',
  'campaign',
  'entity',
  'company_group',
  'pay_group',
  'job_code',
  'hired_on',
] as const
export const userUploadRequiredColumns = ['email', 'first_name', 'last_name', 'role'] as const
export const USER_UPLOAD_MAX_BYTES = 5 * 1024 * 1024
export const USER_UPLOAD_MAX_ROWS = 50_000
