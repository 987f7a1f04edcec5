import { Alert, Box, Image, Loader, Paper, Skeleton, Stack, Text, Title } from "@mantine/core";
import { TEMPLATE_FIELD_LABELS } from "@vetportal/contract";
import type { FieldValues } from "./template-field-editor.tsx";

/** A box drawn over the preview where a field is placed, in percent of the page (when its size is known). */
function FieldBox({ field, page }: { field: FieldValues; page: { width: number; height: number } }) {
  const pct = (value: number | string, of: number) => `${(Number(value) / of) * 100}%`;
  return (
    <Box
      data-field-box={field.kind}
      title={TEMPLATE_FIELD_LABELS[field.kind]}
      style={{
        position: "absolute",
        left: pct(field.x, page.width),
        top: pct(field.y, page.height),
        width: pct(field.width, page.width),
        height: pct(field.height, page.height),
        outline: "1.5px dashed var(--mantine-color-blue-7)",
        pointerEvents: "none",
      }}
    />
  );
}

/**
 * The live preview: the proof's first page as the server draws it (the chosen brand on the
 * unsaved placement), the fields' boxes over it, and why it could not be drawn when it could not.
 */
export function TemplatePreview({
  image,
  alt,
  refreshing,
  problem,
  page,
  fields,
}: {
  image: string | undefined;
  alt: string;
  refreshing: boolean;
  /** Why there is no (current) preview: no base PDF yet, a value to fix, the server's refusal. */
  problem: string | null;
  /** The base page's size in mm, to draw the boxes (unknown for a new, unsaved PDF). */
  page: { width: number; height: number } | null;
  fields: FieldValues[];
}) {
  const boxes = page && fields.every((f) => [f.x, f.y, f.width, f.height].every((v) => Number.isFinite(Number(v))));
  return (
    <Paper withBorder radius="md" p={{ base: "md", sm: "lg" }}>
      <Stack gap="sm">
        <Title order={2} size="h4">
          Preview {refreshing && <Loader size="xs" ml="xs" aria-label="Refreshing the preview" />}
        </Title>
        {problem && (
          <Alert color="yellow" title="The preview is not up to date">
            <Text size="sm">{problem}</Text>
          </Alert>
        )}
        {image ? (
          <Box pos="relative" style={{ lineHeight: 0 }}>
            <Image src={image} alt={alt} radius="sm" />
            {boxes &&
              fields.map((field, i) => (
                // biome-ignore lint/suspicious/noArrayIndexKey: a drawing of the form's list, in its order
                <FieldBox key={`${field.kind}-${i}`} field={field} page={page} />
              ))}
          </Box>
        ) : problem ? null : (
          <Skeleton h={320} aria-label="Drawing the preview" />
        )}
        <Text size="xs" c="dimmed">
          Dashed boxes show where each field is placed. The practice's proof adds a PROOF watermark.
        </Text>
      </Stack>
    </Paper>
  );
}
