/** Escapes text for XML content and attribute values (all five predefined entities). */
export function escapeXml(text: string): string {
  return text.replace(/[&<>"']/g, (char) => XML_ENTITIES[char] ?? char);
}

const XML_ENTITIES: Record<string, string> = { "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&apos;" };

/**
 * An update body as HTML. Bodies are operator text: everything is escaped
 * except the line breaks Statuspage bodies carry (`<br />`), and newlines
 * become such breaks, so no markup an operator typed reaches a feed reader.
 */
export function bodyToHtml(body: string): string {
  return body
    .replace(/[&<>]/g, (char) => XML_ENTITIES[char] ?? char)
    .replace(/&lt;(br\s*\/?)&gt;/gi, "<$1>")
    .replace(/\r?\n/g, "<br />");
}
