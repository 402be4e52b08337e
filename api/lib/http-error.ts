/** An error whose status and message go to the client as the error envelope. */
export class HttpError extends Error {
  constructor(
    public statusCode: number,
    message: string,
    public errors?: Record<string, string[]>,
    /** Response headers that belong with the error (Retry-After on a 429). */
    public headers?: Record<string, string>,
  ) {
    super(message)
  }
}

export const unauthorized = (message = 'Token is invalid or expired') => new HttpError(401, message)
export const notFound = (message = 'Not found') => new HttpError(404, message)
