// Filled in by the office layout families (see index.mjs).
export const OFFICE_FAMILIES = [];
