import { describe } from "vitest";
import { isMet, suiteTitle, type Requirement } from "./requirements";

/**
 * `describe` for a suite that needs `requirements`: it runs when they are met;
 * otherwise it fails collection under CI, and elsewhere its tests are
 * registered as skipped under a title saying why (the skip reporter lists it).
 */
export function describeWith(requirements: Requirement[], title: string, body: () => void): void {
  if (isMet(...requirements)) describe(title, body);
  else describe.skip(suiteTitle(title, ...requirements), body);
}
