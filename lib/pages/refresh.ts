/** How often the live parts of the public pages ask the server again. */
export const REFRESH_MS = 30_000;
