import { Accordion, Badge, Button, Card, Code, Group, Stack, Table, Text } from '@mantine/core';
import { IconDownload } from '@tabler/icons-react';
import { adminApi, type JsonSchema } from '../../../domain/contracts/admin';
import { urlOf } from '../../api/http';
import { LoadingLine } from '../../components/LoadingLine';
import { useOpenApiDocument } from './queries';

const METHOD_COLOURS: Record<string, string> = {
  get: 'blue',
  post: 'green',
  patch: 'orange',
  put: 'grape',
  delete: 'red',
};

function typeOf(schema: JsonSchema): string {
  if (schema.const !== undefined) return JSON.stringify(schema.const);
  if (schema.enum) return schema.enum.map(String).join(' | ');
  if (schema.anyOf) return schema.anyOf.map(typeOf).join(' | ');
  const type = Array.isArray(schema.type) ? schema.type.join(' | ') : (schema.type ?? 'any');
  if (type === 'array' && schema.items) return `${typeOf(schema.items)}[]`;
  return schema.format ? `${type} (${schema.format})` : type;
}

const characters = (n: number) => `${n} character${n === 1 ? '' : 's'}`;

function limitsOf(schema: JsonSchema): string {
  const limits = [
    schema.minLength !== undefined && `at least ${characters(schema.minLength)}`,
    schema.maxLength !== undefined && `at most ${characters(schema.maxLength)}`,
    schema.minimum !== undefined && `≥ ${schema.minimum}`,
    schema.maximum !== undefined && `≤ ${schema.maximum}`,
  ].filter(Boolean);
  return limits.join(', ');
}

function BodyFields({ schema }: { schema: JsonSchema }) {
  const fields = Object.entries(schema.properties ?? {});
  if (fields.length === 0) return null;
  return (
    <Table.ScrollContainer minWidth={480}>
      <Table fz="sm" verticalSpacing={4}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Field</Table.Th>
            <Table.Th>Type</Table.Th>
            <Table.Th>Required</Table.Th>
            <Table.Th>Limits</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {fields.map(([name, field]) => (
            <Table.Tr key={name}>
              <Table.Td>
                <Code>{name}</Code>
              </Table.Td>
              <Table.Td>{typeOf(field)}</Table.Td>
              <Table.Td>{schema.required?.includes(name) ? 'yes' : 'no'}</Table.Td>
              <Table.Td>{limitsOf(field)}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

/** A readable view of /api/openapi.json, for whoever connects an accounting or distributor tool. */
export function ApiPanel() {
  const document = useOpenApiDocument();
  if (document.isPending) {
    return <LoadingLine label="Loading the API description..." />;
  }
  if (document.isError) return <Text c="red">Failed to load the API description</Text>;

  const operations = Object.entries(document.data.paths).flatMap(([path, methods]) =>
    Object.entries(methods).map(([method, operation]) => ({ path, method, operation })),
  );
  const sections = [...new Set(operations.map((o) => o.operation.tags?.[0] ?? 'other'))];

  return (
    <Stack gap="md">
      <Card withBorder radius="lg" p="lg">
        <Group justify="space-between" align="flex-start">
          <div style={{ flex: 1, minWidth: 240 }}>
            <Text fw={700} fz="lg">
              {document.data.info.title}
            </Text>
            <Text c="dimmed" fz="sm">
              {document.data.info.description}
            </Text>
          </div>
          <Button
            component="a"
            href={urlOf(adminApi.openApi, {})}
            download="bakery-openapi.json"
            variant="light"
            color="orange"
            leftSection={<IconDownload size={18} aria-hidden />}
          >
            Download OpenAPI JSON
          </Button>
        </Group>
      </Card>
      <Accordion variant="separated" radius="md" multiple>
        {sections.map((section) => (
          <Accordion.Item key={section} value={section}>
            <Accordion.Control>
              <Text fw={600} tt="capitalize">
                {section.replaceAll('-', ' ')}
              </Text>
            </Accordion.Control>
            <Accordion.Panel>
              <Stack gap="md">
                {operations
                  .filter((o) => (o.operation.tags?.[0] ?? 'other') === section)
                  .map(({ path, method, operation }) => {
                    const body = operation.requestBody?.content?.['application/json']?.schema;
                    return (
                      <Stack key={`${method} ${path}`} gap={6}>
                        <Group gap="sm" wrap="nowrap">
                          <Badge color={METHOD_COLOURS[method] ?? 'gray'} w={72}>
                            {method}
                          </Badge>
                          <Code fz="sm" style={{ overflowWrap: 'anywhere' }}>
                            {path}
                          </Code>
                        </Group>
                        <Text fz="sm" c="dimmed">
                          Who may call it: {operation['x-required-access'] ?? 'not stated'}
                        </Text>
                        {body && <BodyFields schema={body} />}
                      </Stack>
                    );
                  })}
              </Stack>
            </Accordion.Panel>
          </Accordion.Item>
        ))}
      </Accordion>
    </Stack>
  );
}
