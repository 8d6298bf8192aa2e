import { badRequest } from "./errors";
import { readJsonBody } from "./validation";

const FORM = /^application\/x-www-form-urlencoded\b/i;
const KEY = /^([^[\]]+)((?:\[[^[\]]*\])*)$/;
const MAX_DEPTH = 8;

type FormObject = { [key: string]: FormValue };
type FormValue = string | string[] | FormObject;

/**
 * A write's body, JSON or form-encoded: Statuspage's clients send
 * `incident[name]=…&incident[component_ids][]=…` as often as JSON, and
 * both must reach the same zod schema as the same object. Form values
 * stay strings; the schemas read the booleans a form spells out.
 */
export async function readRequestBody(request: Request): Promise<unknown> {
  if (FORM.test(request.headers.get("content-type") ?? "")) return parseNestedForm(await request.text());
  return readJsonBody(request);
}

/**
 * Rails' bracket nesting: `a[b][c]=v` is `{a: {b: {c: "v"}}}`, `a[b][]=v`
 * appends to an array (a lone empty `a[b][]=` gives `[]`, so a form can
 * clear a list). A key used both as a value and as a container is refused.
 */
export function parseNestedForm(text: string): FormObject {
  const root: FormObject = Object.create(null) as FormObject;
  for (const [key, value] of new URLSearchParams(text)) {
    const match = KEY.exec(key);
    if (!match) throw badRequest(`Invalid form field: ${key}`);
    const path = [match[1]!, ...[...match[2]!.matchAll(/\[([^[\]]*)\]/g)].map((part) => part[1]!)];
    if (path.length > MAX_DEPTH) throw badRequest(`Invalid form field: ${key}`, `nested deeper than ${MAX_DEPTH} levels`);
    assign(root, path, value, key);
  }
  return root;
}

function assign(target: FormObject, path: readonly string[], value: string, key: string): void {
  const [head, ...rest] = path as [string, ...string[]];
  if (head === "") throw badRequest(`Invalid form field: ${key}`, "[] only at the end of a field name");
  if (rest.length === 0) {
    if (head in target) throw badRequest(`Invalid form field: ${key}`, "given twice");
    target[head] = value;
    return;
  }
  if (rest.length === 1 && rest[0] === "") {
    const list = head in target ? target[head] : (target[head] = []);
    if (!Array.isArray(list)) throw badRequest(`Invalid form field: ${key}`, "both a list and a value");
    if (value !== "") list.push(value);
    return;
  }
  const child = head in target ? target[head] : (target[head] = Object.create(null) as FormObject);
  if (typeof child !== "object" || Array.isArray(child)) throw badRequest(`Invalid form field: ${key}`, "both an object and a value");
  assign(child, rest, value, key);
}
