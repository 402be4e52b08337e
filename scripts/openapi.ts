// Writes the API's OpenAPI document (generated from contract/endpoints.ts through the registered
// routes) to a file, for outside clients and for `npm run lint:openapi`:
//   tsx scripts/openapi.ts [out-file]   (default build/openapi.json)
import fs from 'node:fs'
import path from 'node:path'
import { buildApp } from '../api/app'
import { openDatabase } from '../api/db/client'

const out = path.resolve(process.argv[2] ?? 'build/openapi.json')
// the document needs no data: an empty in-memory database, never migrated, and a throwaway secret
const database = await openDatabase({ driver: 'pglite', memory: true })
const app = await buildApp({
  database,
  env: {
    jwtSecret: 'only-to-build-the-openapi-document-0123456789',
    trustProxy: [],
    loginIpLimit: 1,
    loginAccountLimit: 1,
    loginAccountWindowMs: 1,
  },
})
await app.ready()
fs.mkdirSync(path.dirname(out), { recursive: true })
fs.writeFileSync(out, JSON.stringify(app.swagger(), null, 2) + '\n')
await app.close()
await database.close()
console.log(`OpenAPI document written to ${path.relative(process.cwd(), out)}`)
