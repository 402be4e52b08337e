// The roles and their labels, without zod: the browser's pages import these from here, so a page
// that names a role does not download the account schemas (and zod) with it. contract/accounts.ts
// builds the schemas on them and exports them too.
export const roles = ['admin', 'qa_supervisor', 'auditor', 'agent', 'visitor', 'clinician'] as const
export type Role = (typeof roles)[number]
export const roleLabel: Record<Role, string> = {
  admin: 'Admin',
  qa_supervisor: 'QA Supervisor',
  auditor: 'Auditor',
  agent: 'Agent',
  visitor: 'Visitor',
  clinician: 'Clinician',
}

/** Roles that carry a staff record (employee code, department, location): they appear in the dashboards. */
export const staffRoles = ['agent', 'qa_supervisor'] as const satisfies readonly Role[]
