/**
 * The manage write rule, checked: in lib/status/manage every write goes
 * through `manageWrite` (transaction.ts), which checks the key's scope,
 * parses the input with its zod schema, runs one transaction and writes the
 * audit rows the work answers. The type system does half (only manageWrite
 * hands out a `Tx`, and its work must answer `audited(…)` or `unchanged(…)`);
 * this rule closes the ways around it.
 */

const READ_METHODS = new Set(["findUnique", "findUniqueOrThrow", "findFirst", "findFirstOrThrow", "findMany", "count", "aggregate", "groupBy"]);
const WRITE_SQL = /\b(INSERT|DELETE|TRUNCATE|MERGE)\b|\bUPDATE\b(?<!FOR UPDATE)/i;
const OUTCOMES = new Set(["audited", "unchanged"]);

const propertyName = (node) => (node?.type === "MemberExpression" && !node.computed && node.property.type === "Identifier" ? node.property.name : null);
const templateText = (node) => (node?.type === "TemplateLiteral" ? node.quasis.map((quasi) => quasi.value.cooked).join("?") : "");

/** Is `node` (the `.prisma` member) the receiver of a read: `….prisma.<model>.<read>(…)` or `….prisma.$queryRaw` without write SQL? */
function isRead(prismaMember) {
  const model = prismaMember.parent;
  if (propertyName(model) === "$queryRaw" && model.parent.type === "TaggedTemplateExpression") return !WRITE_SQL.test(templateText(model.parent.quasi));
  const method = model?.parent;
  return propertyName(model) !== null && READ_METHODS.has(propertyName(method)) && method.parent.type === "CallExpression" && method.parent.callee === method;
}

/** The function a `return` belongs to. */
function enclosingFunction(node) {
  for (let current = node.parent; current; current = current.parent) {
    if (current.type === "FunctionExpression" || current.type === "ArrowFunctionExpression" || current.type === "FunctionDeclaration") return current;
  }
  return null;
}

const isOutcome = (node) => {
  const call = node?.type === "AwaitExpression" ? node.argument : node;
  return call?.type === "CallExpression" && call.callee.type === "Identifier" && OUTCOMES.has(call.callee.name);
};

export const manageWriteRule = {
  meta: {
    type: "problem",
    docs: { description: "Manage writes go through manageWrite: scope, zod input, one transaction, audit rows." },
    schema: [
      {
        type: "object",
        properties: { transactionModule: { type: "string" }, rawSqlModules: { type: "array", items: { type: "string" } } },
        additionalProperties: false,
      },
    ],
    messages: {
      prisma: "Only reads go through the process client (`.prisma.<model>.find…`, a read `$queryRaw`); write inside manageWrite's `tx`.",
      transaction: "Only manageWrite ({{module}}) opens a transaction: a write here would skip the scope check, the input schema or the audit row.",
      castToTx: "A `Tx` comes only from manageWrite: casting something to it writes outside a verb.",
      rawSql: "Raw SQL through `.sql` skips manageWrite; only {{modules}} may use it (counters, not page data).",
      rule: "manageWrite takes the context, `{ scope, schema, input }` as an object literal, and the work.",
      audit: "The work of a manageWrite answers `audited(result, …auditRecords)` or `unchanged(result)`.",
    },
  },
  create(context) {
    const options = context.options[0] ?? {};
    const filename = context.filename.replaceAll("\\", "/");
    const inModule = (path) => Boolean(path) && filename.endsWith(`/${path}`);
    const isTransactionModule = inModule(options.transactionModule);
    const rawSqlAllowed = (options.rawSqlModules ?? []).some(inModule);
    const works = new Set();
    return {
      MemberExpression(node) {
        const name = propertyName(node);
        // Handing the process client to a function is left to the types: a function that writes takes a `Tx`, which it is not.
        const isArgument = node.parent.type === "CallExpression" && node.parent.arguments.includes(node);
        if (name === "prisma" && !isTransactionModule && !isRead(node) && !isArgument) context.report({ node, messageId: "prisma" });
        if (name === "$transaction" && !isTransactionModule) context.report({ node, messageId: "transaction", data: { module: options.transactionModule } });
        if (name === "sql" && !rawSqlAllowed) context.report({ node, messageId: "rawSql", data: { modules: (options.rawSqlModules ?? []).join(", ") } });
      },
      TSAsExpression(node) {
        if (!isTransactionModule && node.typeAnnotation.type === "TSTypeReference" && node.typeAnnotation.typeName.name === "Tx") {
          context.report({ node, messageId: "castToTx" });
        }
      },
      CallExpression(node) {
        if (node.callee.type !== "Identifier" || node.callee.name !== "manageWrite") return;
        const [, rule, work] = node.arguments;
        const keys = rule?.type === "ObjectExpression" ? new Set(rule.properties.map((property) => property.key?.name)) : new Set();
        if (!["scope", "schema", "input"].every((key) => keys.has(key))) context.report({ node, messageId: "rule" });
        if (!work || (work.type !== "ArrowFunctionExpression" && work.type !== "FunctionExpression")) return context.report({ node, messageId: "audit" });
        if (work.body.type !== "BlockStatement" && !isOutcome(work.body)) context.report({ node: work.body, messageId: "audit" });
        works.add(work);
      },
      ReturnStatement(node) {
        const owner = enclosingFunction(node);
        if (owner && works.has(owner) && !isOutcome(node.argument)) context.report({ node, messageId: "audit" });
      },
    };
  },
};

const plugin = { rules: { "manage-write": manageWriteRule } };
export default plugin;
