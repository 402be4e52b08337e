/** The messages of user management (SPEC §8). */
export const userMessages = {
  listed: 'Employee list retrieved successfully!',
  created: 'User created successfully!',
  updated: 'User updated successfully',
  deactivated: 'Deleted record successfully!',
  createFailed: 'Failed to create user',
  updateFailed: 'Failed to update user',
  duplicateEmail: 'A user with this email already exists.',
  duplicateEmployeeCode: 'A user with this employee code already exists.',
  selfDeactivate: 'You cannot deactivate your own account.',
  selfDemote: 'You cannot remove the admin role from your own account.',
  notFound: 'User not found',
} as const
