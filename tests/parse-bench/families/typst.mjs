// Filled in by the typst layout families (see index.mjs).
export const TYPST_FAMILIES = [];
