/**
 * The members a component schema of schemas/openapi.yaml documents, so that two representations of one
 * resource can be compared on what the contract defines (extra members are a freedom of the server).
 */
import type { OpenAPIV3_1 } from 'openapi-types';
import { loadOpenApi } from '../../schemas/ajv';

function componentSchema(componentName: string): OpenAPIV3_1.SchemaObject {
  const schema = loadOpenApi().components?.schemas?.[componentName] as OpenAPIV3_1.SchemaObject | undefined;
  if (!schema) throw new Error(`component schema ${componentName} is not in schemas/openapi.yaml`);
  return schema;
}

/** Names of the properties the component schema declares (required or not). */
export function documentedMembers(componentName: string): string[] {
  return Object.keys(componentSchema(componentName).properties ?? {});
}

/** A property's schema, a `$ref` to a component followed (SyncItem's applicationDate is `Date`). */
function resolved(property: unknown): OpenAPIV3_1.SchemaObject {
  const ref = (property as OpenAPIV3_1.ReferenceObject).$ref;
  return typeof ref === 'string'
    ? componentSchema(ref.replace('#/components/schemas/', ''))
    : (property as OpenAPIV3_1.SchemaObject);
}

/** Names of the properties the component schema declares with the given `format` (`date`, `date-time`, ...). */
export function membersOfFormat(componentName: string, format: string): string[] {
  return Object.entries(componentSchema(componentName).properties ?? {})
    .filter(([, property]) => resolved(property).format === format)
    .map(([name]) => name);
}

/** The documented members of `value` (members it lacks are left out, extra ones dropped). */
export function pickDocumented(componentName: string, value: object): Record<string, unknown> {
  const source = value as Record<string, unknown>;
  const picked: Record<string, unknown> = {};
  for (const name of documentedMembers(componentName)) if (name in source) picked[name] = source[name];
  return picked;
}
