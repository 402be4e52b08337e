// Container health check for any role: every server listening in this container must answer well
// (API: /api/health/ 200; portal: /login below 500), and at least one must be listening.
// A worker-only container has nothing to probe: run the check with --worker there.
const env = process.env
const probes = [
  { url: `http://127.0.0.1:${env.API_PORT || 8000}/api/health/`, good: (res) => res.ok },
  { url: `http://127.0.0.1:${env.PORT || 3000}/login`, good: (res) => res.status < 500 },
]

const results = await Promise.all(
  probes.map(async ({ url, good }) => {
    try {
      const res = await fetch(url, { redirect: 'manual', signal: AbortSignal.timeout(4000) })
      return good(res) ? 'ok' : `bad: ${url} answered ${res.status}`
    } catch (error) {
      return error.cause?.code === 'ECONNREFUSED' ? 'absent' : `bad: ${url} ${error.message}`
    }
  }),
)
const bad = results.filter((r) => r.startsWith('bad'))
const worker = process.argv.includes('--worker')
if (bad.length) console.error(bad.join('\n'))
process.exit(bad.length || (!worker && results.every((r) => r === 'absent')) ? 1 : 0)
