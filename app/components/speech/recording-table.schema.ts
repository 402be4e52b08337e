/** Language and domain codes to the names shown in the table. */
export type Names = Record<string, string>
