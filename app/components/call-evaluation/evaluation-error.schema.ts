/** The detail page's 403 message, thrown by its loader and shown by its error boundary. */
export const FORBIDDEN_EVALUATION = 'You can only open your own evaluations.'
