import pg from 'pg'
import { PgDialect } from 'drizzle-orm/pg-core'
import type { SQL } from 'drizzle-orm'
import { openDatabase } from '../api/db/client'
import * as v from '../api/dashboards/violations'
import * as perf from '../api/dashboards/performance'
import * as s from '../api/dashboards/sentiment'
import * as o from '../api/dashboards/overview'
import * as calls from '../api/dashboards/calls'
import * as agents from '../api/dashboards/agents'
import * as prod from '../api/dashboards/productivity'
const url = 'postgres://postgres@127.0.0.1:5432/dash_scratch'
const database = await openDatabase({ driver: 'postgres', connectionString: url })
const client = new pg.Client({ connectionString: url })
await client.connect()
const dialect = new PgDialect()
const which = process.argv[2]
const filter = JSON.parse(process.argv[3] ?? '{}')
const db = new Proxy(database.db, {
  get(target, prop) {
    if (prop === 'execute') {
      return async (q: SQL) => {
        const { sql: text, params } = dialect.sqlToQuery(q)
        const start = performance.now()
        const plan = await client.query(`explain (analyze, buffers) ${text}`, params as unknown[])
        console.log(`---- ${(performance.now() - start).toFixed(0)} ms`)
        if (process.env.PLAN) console.log(plan.rows.map((r) => r['QUERY PLAN']).join('\n'))
        return target.execute(q)
      }
    }
    return Reflect.get(target, prop)
  },
}) as typeof database.db
const fns: Record<string, () => Promise<unknown>> = {
  tv: () => v.topViolationsByCategories(db, { limit: 10, ...filter }),
  t10: () => v.topTenViolations(db, filter),
  fc: () => v.failedCategoryCount(db, filter),
  ag: () => v.aiAuditorAgreement(db, { limit: 20, ...filter }),
  perf: () => perf.agentPerformance(db, filter, { ownOnly: false }),
  sent: () => s.callSentimentVsScore(db, { limit: 500, ...filter }),
  asent: () => s.agentScoringVsSentiment(db, filter),
  dash: () => o.callEvaluationDashboard(db, filter),
  purpose: () => calls.purposeCallDistribution(db, { limit: 20, ...filter }),
  board: () => agents.agentLeaderBoard(db, { page: 1, page_size: 10, ...filter }),
  hi: () => agents.agentHighlightDashboard(db, { limit: 3, min_calls: 1, ...filter }),
  out: () => agents.outlierAgentReport(db, { threshold: 2, min_calls: 1, ...filter }),
  prod: () => prod.auditProductivity(db, filter),
}
await fns[which]()
await client.end()
await database.close()
