import { describe, expect, it } from "vitest";
import { HTTP_METHODS } from "@/lib/http/methods";
import { ROUTES, routeMethods } from "@/lib/routes/table";
import { openApiDocument } from "./document";

const document = openApiDocument();

/** `METHOD /path/{param}` for every method of every route of the table. */
const served = ROUTES.flatMap((route) => routeMethods(route).map((method) => `${method} ${route.path}`));
const documented = Object.entries(document.paths).flatMap(([path, item]) =>
  Object.keys(item)
    .filter((key) => (HTTP_METHODS as readonly string[]).includes(key.toUpperCase()))
    .map((method) => `${method.toUpperCase()} ${path}`),
);

describe("the OpenAPI document and the route table", () => {
  it("lists exactly the table's routes and methods: a route without documentation, or documentation without a route, fails", () => {
    expect({ undocumented: served.filter((operation) => !documented.includes(operation)), unserved: documented.filter((operation) => !served.includes(operation)) }).toEqual({
      undocumented: [],
      unserved: [],
    });
    expect(Object.keys(document.paths).sort()).toEqual(ROUTES.map((route) => route.path).sort());
  });

  it("gives every operation its own operationId and at least one response", () => {
    const operations = Object.values(document.paths).flatMap((item) => Object.values(item));
    const ids = operations.map((operation) => operation.operationId);
    expect(ids.filter((id, index) => !id || ids.indexOf(id) !== index)).toEqual([]);
    expect(operations.filter((operation) => Object.keys(operation.responses ?? {}).length === 0).map((operation) => operation.operationId)).toEqual([]);
  });

  it("resolves every $ref", () => {
    const refs = [...JSON.stringify(document).matchAll(/"\$ref":"#\/components\/(\w+)\/(\w+)"/g)];
    expect(refs.filter(([, kind, name]) => !document.components[kind!]?.[name!]).map(([ref]) => ref)).toEqual([]);
  });
});
