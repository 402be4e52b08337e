import { HttpError } from '../../lib/http-error'

/**
 * At most `concurrency` tasks at once, the rest waiting in order. A full queue refuses at once
 * (429) rather than letting work pile up, and a waiting task whose request went away is dropped
 * before it starts.
 */
export function createLimiter(concurrency: number, maxWaiting: number) {
  let active = 0
  const waiting: { start: () => void; signal?: AbortSignal }[] = []

  const next = () => {
    while (active < concurrency && waiting.length) {
      const task = waiting.shift()!
      if (task.signal?.aborted) continue
      task.start()
    }
  }

  return {
    get active() {
      return active
    },
    get waiting() {
      return waiting.length
    },
    run<T>(fn: () => Promise<T>, signal?: AbortSignal): Promise<T> {
      if (signal?.aborted) return Promise.reject(new HttpError(499, 'The request was cancelled'))
      if (active >= concurrency && waiting.length >= maxWaiting) {
        return Promise.reject(new HttpError(429, 'The face engine is busy; try again in a moment.'))
      }
      return new Promise<T>((resolve, reject) => {
        const start = () => {
          active++
          fn()
            .then(resolve, reject)
            .finally(() => {
              active--
              next()
            })
        }
        signal?.addEventListener('abort', () => reject(new HttpError(499, 'The request was cancelled')), {
          once: true,
        })
        waiting.push({ start, signal })
        next()
      })
    },
  }
}

export type Limiter = ReturnType<typeof createLimiter>
