export const DELETE_INTENT = 'delete'
