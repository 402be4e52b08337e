import { randomBytes } from 'node:crypto'
import { count, eq, inArray, like } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { paths } from '#contract/paths'
import { userUploadReport } from '#contract/users'
import type { Db } from '#api/db/client'
import { entities, jobCodes, staffProfiles, users } from '#api/db/schema'
import { type UserFixture, userFixture } from '#api/modules/users/fixtures'
import { importUsers } from '#api/modules/users/store/upload'
import { login, multipartBody, setupTestApp, type TestApp } from '#api/test-utils'

let t: TestApp
let f: UserFixture

beforeAll(async () => {
  t = await setupTestApp()
  f = await userFixture(t)
})
afterAll(() => t.close())

const multipart = (content: Buffer | string, { field = 'file', filename = 'users.csv', type = 'text/csv' } = {}) =>
  multipartBody({}, { name: filename, bytes: content, type, field })

async function upload(content: Buffer | string, options: Parameters<typeof multipart>[1] = {}, auth = f.adminAuth) {
  const { payload, headers } = multipart(content, options)
  return t.app.inject({ method: 'POST', url: paths.userUpload, payload, headers: { ...headers, ...auth } })
}

const usersNamed = (emails: string[]) => t.db.select().from(users).where(inArray(users.email, emails))

const HEADER =
  'email,first_name,last_name,role,employee_code,phone,department,location,supervisor_email,entity,company_group,pay_group,job_code,hired_on'

describe('POST user-upload/: a per-row report', () => {
  let report: ReturnType<typeof userUploadReport.parse>
  let message: string

  const lines = [
    HEADER,
    // 2: a new QA supervisor, lookups by code
    'sam.super@up.test,Sam,Super,QA Supervisor,qa-900,,Retail Banking Inbound,Manchester Hub,,MCX-UK,QUAL,UK-MON-S,QAS-1,2023-01-02',
    // 3: an agent reporting to the supervisor of row 2; lookups by name, any case
    'ann.one@up.test,Ann,One,agent,AG-9001,+44 7700 900001,retail banking inbound,MANCHESTER HUB,Sam.Super@up.test,Meridian CX UK Ltd,Contact Centre Operations,UK-WKLY-H,Customer Service Associate I,2024-05-06',
    // 4: an agent reporting to an existing supervisor
    'bob.two@up.test,Bob,Two,agent,AG-9002,,Energy Collections,Cape Town Centre,quinn.lead@test.local,,,,,',
    // 5: a visitor, no staff record; a quoted name with a comma
    'val.three@up.test,Val,"Lee, Jr.",visitor,,,,,,,,,,',
    // 6: formula injection in a name
    `evil.one@up.test,"=cmd|' /C calc'!A0",Hacker,visitor,,,,,,,,,,`,
    // 7: formula injection behind a tab, and in another column
    'evil.two@up.test,Eve,"\t=HYPERLINK(""http://x.test"")",visitor,,,,,,,,,,',
    // 8: missing last name and a bad role
    'no.last@up.test,Nora,,manager,,,,,,,,,,',
    // 9: the email of row 3 again, another case
    'ANN.ONE@up.test,Anne,Again,visitor,,,,,,,,,,',
    // 10: an email that exists already
    'zoe.agent@test.local,Zoe,Copy,visitor,,,,,,,,,,',
    // 11: an employee code that exists already
    'code.taken@up.test,Cody,Taken,agent,ag-1001,,Energy Collections,Cape Town Centre,,,,,,',
    // 12: an unknown department and a closed entity
    'lost.dept@up.test,Lou,Lost,agent,AG-9003,,Moon Base,Cape Town Centre,,MCX-IE,,,,',
    // 13: an agent as supervisor
    'bad.sup@up.test,Ben,Boss,agent,AG-9004,,Energy Collections,Cape Town Centre,zoe.agent@test.local,,,,,',
    // 14: an agent without first name, department or location: every problem of the row at once
    'no.team@up.test,,Team,agent,AG-9005,,,,,,,,,',
    // 15: more cells than the header
    'extra@up.test,Ext,Ra,visitor,,,,,,,,,,,surprise',
    // 16: a bad date and phone
    'bad.date@up.test,Dot,Date,auditor,AU-1,12ab,,,,,,,,31/12/2024',
    // 17: a signed phone number is not a formula
    'plus.phone@up.test,Pia,Plus,auditor,AU-2,+27 21 555 0100,,,,,,,,',
    // 18: a QA supervisor row that is rejected, and 19: an agent reporting to them
    'bad.lead@up.test,@Bad,Lead,qa_supervisor,QA-950,,Retail Banking Inbound,Manchester Hub,,,,,,',
    'follower@up.test,Fay,Follower,agent,AG-9010,,Retail Banking Inbound,Manchester Hub,bad.lead@up.test,,,,,',
  ]

  beforeAll(async () => {
    const res = await upload(lines.join('\r\n') + '\r\n')
    expect(res.statusCode, res.body).toBe(200)
    report = userUploadReport.parse(res.json().data)
    message = res.json().message
  })

  it('creates the valid rows and counts them', () => {
    expect(report.total_rows).toBe(18)
    expect(report.created.map((c) => [c.row, c.email])).toEqual([
      [2, 'sam.super@up.test'],
      [3, 'ann.one@up.test'],
      [4, 'bob.two@up.test'],
      [5, 'val.three@up.test'],
      [17, 'plus.phone@up.test'],
    ])
    expect(report.created_count).toBe(5)
    expect(report.rejected_count).toBe(13)
    expect(message).toBe('5 users created, 13 rows rejected')
  })

  it('rejects each bad row with its reason', () => {
    const reasons = Object.fromEntries(report.rejected.map((r) => [r.row, r.errors]))
    expect(Object.keys(reasons).map(Number)).toEqual([6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 18, 19])
    expect(reasons[6].first_name[0]).toMatch(/^Starts with "=", which a spreadsheet would run as a formula/)
    expect(reasons[7].last_name[0]).toMatch(/formula injection/)
    expect(reasons[8]).toEqual({
      last_name: ['Last name is required'],
      role: ['Unknown role "manager": use one of admin, qa_supervisor, auditor, agent, visitor, clinician'],
    })
    expect(reasons[9]).toEqual({ email: ['Repeated in the file: the same as row 3'] })
    expect(reasons[10]).toEqual({ email: ['A user with this email already exists.'] })
    expect(reasons[11]).toEqual({ employee_code: ['A user with this employee code already exists.'] })
    expect(reasons[12]).toEqual({
      department: ['Unknown department "Moon Base"'],
      entity: ['The entity "MCX-IE" is no longer in use'],
    })
    expect(reasons[13]).toEqual({ supervisor_email: ['No active QA supervisor has the email zoe.agent@test.local'] })
    expect(reasons[14]).toEqual({
      first_name: ['First name is required'],
      department: ['Department is required for agents and QA supervisors'],
      location: ['Location is required for agents and QA supervisors'],
    })
    expect(reasons[15]).toEqual({ row: ['The row has 15 cells; the header has 14'] })
    expect(Object.keys(reasons[16]).sort()).toEqual(['hired_on', 'phone'])
    expect(reasons[18].first_name[0]).toMatch(/^Starts with "@"/)
    expect(reasons[19]).toEqual({ supervisor_email: ["The supervisor's row 18 was not imported"] })
    const row6 = report.rejected.find((r) => r.row === 6)!
    expect(row6.email).toBe('evil.one@up.test')
    expect(row6.reason).toMatch(/^first_name: Starts with "="/)
  })

  it('stores the created users with their staff records, and nothing of the rejected rows', async () => {
    const created = await usersNamed(report.created.map((c) => c.email))
    expect(created).toHaveLength(5)
    const [sam] = created.filter((u) => u.email === 'sam.super@up.test')
    expect(sam.role).toBe('qa_supervisor')
    const profiles = new Map(
      (
        await t.db
          .select()
          .from(staffProfiles)
          .where(
            inArray(
              staffProfiles.userId,
              created.map((u) => u.id),
            ),
          )
      ).map((p) => [created.find((u) => u.id === p.userId)!.email, p]),
    )
    const [uk] = await t.db.select().from(entities).where(eq(entities.code, 'MCX-UK'))
    const [csa] = await t.db.select().from(jobCodes).where(eq(jobCodes.code, 'CSA-1'))
    expect(profiles.get('ann.one@up.test')).toMatchObject({
      employeeCode: 'AG-9001',
      departmentId: f.retail.id,
      locationId: f.manchester.id,
      supervisorId: sam.id,
      entityId: uk.id,
      jobCodeId: csa.id,
      hiredOn: new Date('2024-05-06T00:00:00Z'),
    })
    expect(profiles.get('bob.two@up.test')?.supervisorId).toBe(f.supervisor.id)
    expect(profiles.get('sam.super@up.test')?.employeeCode).toBe('QA-900')
    expect(profiles.has('val.three@up.test')).toBe(false)
    expect(created.find((u) => u.email === 'val.three@up.test')?.lastName).toBe('Lee, Jr.')
    expect(created.find((u) => u.email === 'ann.one@up.test')?.phone).toBe('+44 7700 900001')

    const rejectedEmails = report.rejected.flatMap((r) => (r.email && !r.email.includes('test.local') ? [r.email] : []))
    expect(rejectedEmails).toContain('evil.one@up.test')
    expect(await usersNamed(rejectedEmails)).toEqual([])
  })

  it('an uploaded user signs in once an admin sets their password', async () => {
    const [ann] = await usersNamed(['ann.one@up.test'])
    expect((await login(t, ann.email, 'Demo@1234')).statusCode).toBe(401)
    const edit = await t.app.inject({
      method: 'PUT',
      url: paths.editUser,
      headers: f.adminAuth,
      payload: {
        id: ann.id,
        email: ann.email,
        first_name: 'Ann',
        last_name: 'One',
        role: 'agent',
        employee_code: 'AG-9001',
        department_id: f.retail.id,
        location_id: f.manchester.id,
        password: 'First#Pass1',
      },
    })
    expect(edit.statusCode, edit.body).toBe(200)
    expect((await login(t, ann.email, 'First#Pass1')).statusCode).toBe(200)
  })

  it('a second upload of the same file creates nothing more', async () => {
    const res = await upload(lines.join('\n'))
    const again = userUploadReport.parse(res.json().data)
    expect(again.created_count).toBe(0)
    expect(again.rejected.find((r) => r.row === 2)?.errors).toEqual({
      email: ['A user with this email already exists.'],
      employee_code: ['A user with this employee code already exists.'],
    })
  })
})

describe('POST user-upload/: nothing half-created', () => {
  it('rolls the whole file back when a row loses a race for its employee code', async () => {
    const csv = [
      'email,first_name,last_name,role,employee_code,department,location',
      'race.one@up.test,Ray,One,agent,RACE-1,Energy Collections,Cape Town Centre',
      'race.two@up.test,Ray,Two,agent,RACE-2,Energy Collections,Cape Town Centre',
    ].join('\n')
    // another admin takes RACE-2 between the checks and the insert
    const racing = Object.create(t.db) as Db
    racing.transaction = (async (work: Parameters<Db['transaction']>[0]) => {
      const [other] = await t.db
        .insert(users)
        .values({ email: 'quick.admin@up.test', firstName: 'Quick', lastName: 'Admin', passwordHash: 'x' })
        .returning()
      await t.db.insert(staffProfiles).values({ userId: other.id, employeeCode: 'RACE-2' })
      return t.db.transaction(work)
    }) as Db['transaction']
    await expect(importUsers(racing, Buffer.from(csv))).rejects.toMatchObject({
      statusCode: 409,
      message: expect.stringMatching(/nothing was created/),
    })
    expect(await usersNamed(['race.one@up.test', 'race.two@up.test'])).toEqual([])
    const [{ n }] = await t.db
      .select({ n: count() })
      .from(staffProfiles)
      .where(like(staffProfiles.employeeCode, 'RACE-%'))
    expect(n).toBe(1)
  })
})

describe('POST user-upload/: files it refuses', () => {
  it('is for admins only', async () => {
    const res = await upload(`${HEADER}\n`, {}, f.supervisorAuth)
    expect(res.statusCode).toBe(403)
  })

  it('400, not a 500, for a multipart body cut off before its first part (found by the fuzz probe)', async () => {
    for (const payload of [
      '--x\r\n',
      '--x\r\nContent-Disposition: form-data; name="file"; filename="u.csv"\r\n\r\nemail',
    ]) {
      const res = await t.app.inject({
        method: 'POST',
        url: paths.userUpload,
        headers: { ...f.adminAuth, 'content-type': 'multipart/form-data; boundary=x' },
        payload,
      })
      expect(res.statusCode, res.body).toBe(400)
    }
  })

  it('415 for a body that is not multipart, and for a file that is not CSV text', async () => {
    const json = await t.app.inject({
      method: 'POST',
      url: paths.userUpload,
      headers: f.adminAuth,
      payload: { file: 'x' },
    })
    expect(json.statusCode).toBe(415)
    const raw = await t.app.inject({
      method: 'POST',
      url: paths.userUpload,
      headers: { ...f.adminAuth, 'content-type': 'text/csv' },
      payload: `${HEADER}\n`,
    })
    expect(raw.statusCode).toBe(415)
    const png = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), randomBytes(64)])
    const image = await upload(png, { filename: 'users.csv' })
    expect(image.statusCode).toBe(415)
    expect(image.json().message).toBe('Upload a CSV file (comma-separated text)')
    const xlsx = await upload(Buffer.concat([Buffer.from('PK\x03\x04'), randomBytes(64)]), { filename: 'users.xlsx' })
    expect(xlsx.statusCode).toBe(415)
    const latin1 = await upload(Buffer.from('email,first_name,last_name,role\nj@x.test,Jos\xe9,X,visitor\n', 'latin1'))
    expect(latin1.statusCode).toBe(415)
    expect(latin1.json().message).toMatch(/not UTF-8/)
  })

  it('413 for a file over 5 MB or over 50,000 rows', async () => {
    const big = `${HEADER}\n` + 'x'.repeat(5 * 1024 * 1024)
    const res = await upload(big)
    expect(res.statusCode).toBe(413)
    expect(res.json().message).toBe('The file is larger than 5 MB')

    const many = ['email,first_name,last_name,role']
    for (let i = 0; i <= 50_000; i++) many.push(`m${i}@x.t,A,B,visitor`)
    const tooMany = await upload(many.join('\n'))
    expect(tooMany.statusCode).toBe(413)
    expect(tooMany.json().message).toBe('The file has 50,001 rows; the limit is 50,000')
    const [{ n }] = await t.db.select({ n: count() }).from(users).where(like(users.email, 'm%@x.t'))
    expect(n).toBe(0)
  })

  it('400 for a missing file, an empty file, unreadable CSV and a header without the required columns', async () => {
    const wrongField = await upload(`${HEADER}\n`, { field: 'upload' })
    expect(wrongField.statusCode).toBe(400)
    expect(wrongField.json().message).toBe('Attach the CSV file in the field "file"')
    expect((await upload('')).statusCode).toBe(400)
    expect((await upload(`${HEADER}\n`)).json().message).toBe('The file has a header but no users')
    const unclosed = await upload('email,first_name,last_name,role\n"a@x.test,A,B,visitor\n')
    expect(unclosed.statusCode).toBe(400)
    expect(unclosed.json().message).toMatch(/^The file is not valid CSV/)
    const header = await upload('email,name,role,=cmd\nx@x.test,X,visitor,1\n')
    expect(header.statusCode).toBe(400)
    expect(header.json().errors.file).toEqual([
      'Missing columns: first_name, last_name',
      'Unknown columns: "name", "=cmd"',
    ])
    const semicolons = await upload('email;first_name;last_name;role\nx@x.test;X;Y;visitor\n')
    expect(semicolons.statusCode).toBe(400)
    expect(semicolons.json().message).toMatch(/^Separate the columns with commas/)
  })
})

describe('POST user-upload/: 50,000 rows', () => {
  it('creates them in one go in reasonable time, with an exact report', async () => {
    const header = 'email,first_name,last_name,role,employee_code,department,location'
    const rows = [header]
    for (let i = 0; i < 50_000; i++) {
      if (i % 10_000 === 1) rows.push(`bulk${i}@bulk.test,=SUM(A1),Row,visitor,,,`)
      else if (i % 2 === 0) rows.push(`bulk${i}@bulk.test,Ann,Lee,agent,B${i},Energy Collections,Cape Town Centre`)
      else rows.push(`bulk${i}@bulk.test,Ben,Ray,visitor,,,`)
    }
    const csv = rows.join('\n')
    expect(csv.length).toBeLessThan(5 * 1024 * 1024)
    const started = performance.now()
    const res = await upload(csv)
    const seconds = (performance.now() - started) / 1000
    expect(res.statusCode, res.body.slice(0, 300)).toBe(200)
    const report = userUploadReport.parse(res.json().data)
    expect(report.total_rows).toBe(50_000)
    expect(report.rejected_count).toBe(5)
    expect(report.created_count).toBe(49_995)
    expect(report.rejected.map((r) => r.row)).toEqual([3, 10_003, 20_003, 30_003, 40_003])
    expect(seconds).toBeLessThan(90)
    const [{ n }] = await t.db.select({ n: count() }).from(users).where(like(users.email, '%@bulk.test'))
    expect(n).toBe(49_995)
    const [{ p }] = await t.db.select({ p: count() }).from(staffProfiles).where(like(staffProfiles.employeeCode, 'B%'))
    expect(p).toBe(25_000)
    console.info(`user-upload: 50,000 rows in ${seconds.toFixed(1)} s (${process.env.TEST_DB})`)
  }, 180_000)
})
