// Filled in by the web layout families (see index.mjs).
export const WEB_FAMILIES = [];
