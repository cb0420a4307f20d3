import { OPERATOR_API } from './operator-client';

interface SchemaObject {
  $ref?: string;
  properties?: Record<string, unknown>;
  allOf?: SchemaObject[];
}

interface OpenApiDocument {
  paths: Record<string, Record<string, { requestBody?: { content?: Record<string, { schema?: SchemaObject }> } }>>;
  components?: { schemas?: Record<string, SchemaObject> };
}

let document: Promise<OpenApiDocument | undefined> | undefined;

/** The operator API's own OpenAPI document, read once: it says which fields each write takes. */
function operatorDocument(): Promise<OpenApiDocument | undefined> {
  document ??= fetch(`${OPERATOR_API}/docs/openapi.json`)
    .then((response) => (response.ok ? (response.json() as Promise<OpenApiDocument>) : undefined))
    .catch(() => undefined);
  return document;
}

function propertiesOf(doc: OpenApiDocument, schema: SchemaObject | undefined): string[] {
  if (!schema) return [];
  if (schema.$ref) return propertiesOf(doc, doc.components?.schemas?.[schema.$ref.split('/').pop() ?? '']);
  return [...Object.keys(schema.properties ?? {}), ...(schema.allOf ?? []).flatMap((part) => propertiesOf(doc, part))];
}

/**
 * The body fields a write takes (`PUT /rewards/{reward_key}` say), or undefined when the document does
 * not say. A record shown by the API carries its id, state and times beside them, which a write refuses.
 */
export async function bodyFields(method: 'post' | 'put', resource: string): Promise<string[] | undefined> {
  const doc = await operatorDocument();
  if (!doc) return undefined;
  const pattern =
    method === 'put'
      ? new RegExp(`^/?${OPERATOR_API.slice(1)}/${resource}/\\{[^/]+\\}$`)
      : new RegExp(`^/?${OPERATOR_API.slice(1)}/${resource}$`);
  const path = Object.keys(doc.paths).find((candidate) => pattern.test(candidate));
  const schema = path ? doc.paths[path][method]?.requestBody?.content?.['application/json']?.schema : undefined;
  const fields = propertiesOf(doc, schema);
  return fields.length > 0 ? fields : undefined;
}
