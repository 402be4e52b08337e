import { userUploadColumns } from '#contract/limits'

/** The bulk upload's CSV template: the header row the API expects, nothing else (no example row to upload by mistake). */
export function loader() {
  return new Response(`${userUploadColumns.join(',')}\r\n`, {
    headers: {
      'Content-Type': 'text/csv; charset=utf-8',
      'Content-Disposition': 'attachment; filename="users-template.csv"',
      'Cache-Control': 'public, max-age=3600',
    },
  })
}
