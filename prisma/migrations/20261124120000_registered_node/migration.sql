-- Registered nodes (HIP-1137: block nodes, mirror nodes, RPC relays and other services a network lists),
-- in upstream's layout: the importer's registered_node tables, with the aggregate endpoint types as `type`.
CREATE TABLE registered_node (
  admin_key          bytea,
  created_timestamp  bigint,
  deleted            boolean NOT NULL DEFAULT false,
  description        varchar(100),
  registered_node_id bigint PRIMARY KEY,
  service_endpoints  jsonb,
  timestamp_range    int8range NOT NULL,
  type               smallint[] NOT NULL DEFAULT '{}'
);
CREATE TABLE registered_node_history (LIKE registered_node INCLUDING DEFAULTS);
CREATE INDEX registered_node_history__node_id_lower_timestamp ON registered_node_history (registered_node_id, lower(timestamp_range));
CREATE INDEX registered_node__type ON registered_node USING gin (type) WHERE deleted IS false;
