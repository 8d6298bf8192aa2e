/**
 * Cases we deliberately do not run, each with its reason. Only cases that
 * depend on upstream configuration this service does not copy belong here;
 * cases needing a setting from UNSUPPORTED_SETTINGS are skipped automatically.
 */
export type Skip = { path: string; url?: string; reason: string };

export const SKIPS: readonly Skip[] = [];

export function skipReason(specPath: string, url: string): string | undefined {
  return SKIPS.find((skip) => skip.path === specPath && (skip.url === undefined || skip.url === url))?.reason;
}
