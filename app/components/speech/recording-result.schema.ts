/** Which transcript the result shows, and which part is being edited: read from the URL by the loader. */
export type TranscriptVariant = 'redacted' | 'unredacted'
export type Editing = 'transcript' | 'summary' | null
