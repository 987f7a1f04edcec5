import { Button, FileInput, Grid, Group, NativeSelect, SimpleGrid, Stack, Text } from "@mantine/core";
import { useDebouncedValue } from "@mantine/hooks";
import {
  PRINT_MESSAGES,
  TEMPLATE_FIELD_KINDS,
  TEMPLATE_FIELD_LABELS,
  TEMPLATE_MAX_BYTES,
  type Template,
  TemplateSaveSchema,
} from "@vetportal/contract";
import { useEffect, useMemo, useState } from "react";
import { Link } from "react-router";
import { CountInput } from "../../../components/count-input.tsx";
import { FormSection } from "../../../components/form-fields.tsx";
import { useUnsavedChangesGuard } from "../../../components/unsaved-changes.tsx";
import { ApiError, errorMessage } from "../../../lib/api-client.ts";
import { useAppForm } from "../../../lib/form-kit.ts";
import { notifySaveError, schemaErrors, schemaValidator } from "../../../lib/form-validation.ts";
import { usePracticeNames } from "../../../lib/list-practice-names.ts";
import { notifySuccess } from "../../../lib/notify.ts";
import { readBase64 } from "../../../lib/read-base64.ts";
import { type PreviewRequest, useSaveTemplate, useTemplatePreview } from "../api/print-template.ts";
import { type FieldValues, newField, TemplateFieldEditor, type TemplateValues } from "./template-field-editor.tsx";
import { TemplatePreview } from "./template-preview.tsx";

/** How long the editor waits after the last change before it asks for a new preview. */
export const PREVIEW_DEBOUNCE_MS = 400;

const num = (value: number | string) => (value === "" ? Number.NaN : Number(value));

function toValues(template: Template | null): TemplateValues {
  return {
    bleed_mm: template?.bleed_mm ?? 3,
    fields: template ? template.fields : TEMPLATE_FIELD_KINDS.map((kind, i) => newField(kind, i)),
    user_id: "",
  };
}

/** The editor's values as the contract reads them (numbers, no preview-only choice). */
function toSave(productId: number, values: TemplateValues) {
  return {
    product_id: productId,
    bleed_mm: num(values.bleed_mm),
    fields: values.fields.map((f: FieldValues) => ({
      ...f,
      x: num(f.x),
      y: num(f.y),
      width: num(f.width),
      height: num(f.height),
      size: num(f.size),
      min_size: num(f.min_size),
    })),
  };
}

type Upload = { file: File; base64: string };

/** The live preview of the debounced values: asked for only when they pass the contract's checks. */
function useLivePreview(productId: number, values: TemplateValues, upload: Upload | null) {
  const [settled] = useDebouncedValue(values, PREVIEW_DEBOUNCE_MS);
  const save = toSave(productId, settled);
  const invalid = Object.keys(schemaErrors(TemplateSaveSchema, save)).length > 0;
  const request: PreviewRequest | null = invalid
    ? null
    : {
        ...save,
        ...(upload ? { base_pdf: upload.base64 } : {}),
        ...(settled.user_id ? { user_id: Number(settled.user_id) } : {}),
      };
  const file = upload && [upload.file.name, upload.file.size, upload.file.lastModified];
  const preview = useTemplatePreview([productId, save, settled.user_id, file], request);
  const refused = preview.isError && !preview.isFetching ? preview.error : null;
  const fileError = refused instanceof ApiError ? refused.fields.base_pdf : undefined;
  const problem = invalid
    ? "Fix the values marked in the form to see them on the preview."
    : refused
      ? errorMessage(refused)
      : null;
  return { preview, problem, fileError };
}

/**
 * The preview and its requests, a component of their own: a preview's answer (and each request's
 * start and end) draws the preview again, not the editor's every field (decision 034, lever 39).
 * What the server says of a new base PDF goes up to the form's file input.
 */
function LivePreview({
  productId,
  values,
  upload,
  alt,
  page,
  onFileError,
}: {
  productId: number;
  values: TemplateValues;
  upload: Upload | null;
  alt: string;
  page: { width: number; height: number } | null;
  onFileError: (message: string | undefined) => void;
}) {
  const { preview, problem, fileError } = useLivePreview(productId, values, upload);
  useEffect(() => onFileError(fileError), [fileError, onFileError]);
  return (
    <TemplatePreview
      image={preview.data?.preview}
      alt={alt}
      refreshing={preview.isFetching}
      problem={problem}
      page={page}
      fields={values.fields}
    />
  );
}

/** Whose brand the preview shows: the sample brand, or a practice chosen by name. */
function BrandChoice({ form }: { form: ReturnType<typeof useAppForm<TemplateValues>> }) {
  const practices = usePracticeNames();
  // A native list: typing a name's first letters finds it, and a phone opens its own picker.
  const data = useMemo(
    () => [
      { value: "", label: "The sample practice" },
      ...(practices.data ?? [])
        .filter((p) => p.representation)
        .map((p) => ({ value: String(p.id), label: p.representation as string })),
    ],
    [practices.data],
  );
  return (
    <NativeSelect
      label="Preview with the brand of"
      description="A practice without a brand shows the sample one"
      data={data}
      value={form.values.user_id}
      onChange={(event) => form.setFieldValue("user_id", event.currentTarget.value)}
    />
  );
}

/**
 * The template editor (issue 24 §2): the base PDF, the bleed and each named field's place and type,
 * with the live preview beside (below, on a phone) and Save, which makes a new version.
 */
export function TemplateEditor({
  productId,
  productName,
  template,
}: {
  productId: number;
  productName: string;
  template: Template | null;
}) {
  const save = useSaveTemplate(productId);
  const [upload, setUpload] = useState<Upload | null>(null);
  const [adding, setAdding] = useState<string>(TEMPLATE_FIELD_KINDS[0]);
  const form = useAppForm<TemplateValues>({
    initialValues: toValues(template),
    validate: schemaValidator(TemplateSaveSchema, (values: TemplateValues) => toSave(productId, values)),
  });
  // The fields start folded; the one just added opens.
  const [added, setAdded] = useState<number | null>(null);
  const [fileError, setFileError] = useState<string | undefined>();
  useUnsavedChangesGuard(form.isDirty() || upload !== null);

  const choose = async (file: File | null) => {
    form.clearFieldError("base_pdf");
    if (file && file.size > TEMPLATE_MAX_BYTES) {
      form.setErrors({ base_pdf: PRINT_MESSAGES.pdfTooLarge });
      return;
    }
    setUpload(file ? { file, base64: await readBase64(file) } : null);
  };
  const submit = form.onSubmit((values) => {
    const body = { ...toSave(productId, values), ...(upload ? { base_pdf: upload.base64 } : {}) };
    save.mutate(body, {
      onSuccess: (saved) => {
        notifySuccess(PRINT_MESSAGES.templateSaved);
        setUpload(null);
        form.resetDirty({ ...toValues(saved), user_id: values.user_id });
        form.setValues({ ...toValues(saved), user_id: values.user_id });
      },
      onError: (error) => notifySaveError(form, error),
    });
  });
  const brandName = form.values.user_id ? "the chosen practice's brand" : "the sample brand";
  const page = template && !upload ? { width: template.page_width_mm, height: template.page_height_mm } : null;

  return (
    <form noValidate onSubmit={submit} aria-label="Print template">
      <Grid gap="lg">
        <Grid.Col span={{ base: 12, md: 7 }}>
          <Stack gap="lg">
            <FormSection title="Base PDF and bleed">
              <FileInput
                label={template ? "Replace the base PDF" : "Base PDF"}
                description="A PDF of up to 5 MB; the fields print on its first page"
                accept="application/pdf"
                clearable
                value={upload?.file ?? null}
                onChange={(file) => void choose(file)}
                error={form.errors.base_pdf ?? fileError}
              />
              <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
                <CountInput
                  label="Bleed (mm)"
                  description="Printed past the trim on each side"
                  {...form.getInputProps("bleed_mm")}
                />
                <BrandChoice form={form} />
              </SimpleGrid>
            </FormSection>
            <FormSection title="Fields">
              {form.values.fields.map((field, index) => (
                <TemplateFieldEditor
                  // biome-ignore lint/suspicious/noArrayIndexKey: the inputs are the form's, by index; the editor keeps only whether it is open
                  key={`${field.kind}-${index}`}
                  form={form}
                  index={index}
                  initiallyOpen={index === added}
                  onRemove={() => form.removeListItem("fields", index)}
                />
              ))}
              {form.values.fields.length === 0 && <Text size="sm">No fields yet: add one below.</Text>}
              <Group align="flex-end" gap="sm" wrap="wrap">
                <NativeSelect
                  label="Add a field"
                  data={TEMPLATE_FIELD_KINDS.map((kind) => ({ value: kind, label: TEMPLATE_FIELD_LABELS[kind] }))}
                  value={adding}
                  onChange={(event) => setAdding(event.currentTarget.value)}
                />
                <Button
                  variant="default"
                  onClick={() => {
                    setAdded(form.values.fields.length);
                    form.insertListItem("fields", newField(adding as FieldValues["kind"], form.values.fields.length));
                  }}
                >
                  Add field
                </Button>
              </Group>
            </FormSection>
          </Stack>
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 5 }}>
          <Stack gap="lg" style={{ position: "sticky", top: 16 }}>
            <LivePreview
              productId={productId}
              values={form.values}
              upload={upload}
              alt={`Preview of ${productName} with ${brandName}`}
              page={page}
              onFileError={setFileError}
            />
            <Group justify="flex-end">
              <Button component={Link} to={`/Product/ProductDetail/${productId}`} variant="default">
                Cancel
              </Button>
              <Button type="submit" loading={save.isPending}>
                Save template
              </Button>
            </Group>
          </Stack>
        </Grid.Col>
      </Grid>
    </form>
  );
}
