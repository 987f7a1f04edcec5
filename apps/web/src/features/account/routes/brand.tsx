import {
  Button,
  FileInput,
  Group,
  Image,
  Paper,
  SimpleGrid,
  Skeleton,
  Stack,
  Text,
  TextInput,
  Title,
} from "@mantine/core";
import { type Brand, BrandFormSchema, LOGO_MAX_BYTES, PRINT_MESSAGES } from "@vetportal/contract";
import { useState } from "react";
import { PhoneField } from "../../../components/form-fields.tsx";
import { GrowingTextarea } from "../../../components/growing-textarea.tsx";
import { LoadError } from "../../../components/page-state.tsx";
import { loadFirstData } from "../../../lib/first-data-loader.ts";
import { useAppForm } from "../../../lib/form-kit.ts";
import { notifySaveError, schemaValidator } from "../../../lib/form-validation.ts";
import { notifySuccess } from "../../../lib/notify.ts";
import { readBase64 } from "../../../lib/read-base64.ts";
import { brandQueryOptions, useBrand, useSaveBrand } from "../api/brand.ts";

type BrandValues = { display_name: string; address_lines: string; phone: string; website: string; hours: string };

const toValues = (brand: Brand | null): BrandValues => ({
  display_name: brand?.display_name ?? "",
  address_lines: brand?.address_lines ?? "",
  phone: brand?.phone ?? "",
  website: brand?.website ?? "",
  hours: brand?.hours ?? "",
});

function BrandEditor({ brand }: { brand: Brand | null }) {
  const save = useSaveBrand();
  const [logo, setLogo] = useState<File | null>(null);
  const form = useAppForm<BrandValues & { logo?: string }>({
    initialValues: toValues(brand),
    validate: schemaValidator(BrandFormSchema),
  });
  const submit = form.onSubmit(async (values) => {
    if (logo && logo.size > LOGO_MAX_BYTES) {
      form.setErrors({ logo: PRINT_MESSAGES.logoTooLarge });
      return;
    }
    const body = { ...values, ...(logo ? { logo: await readBase64(logo) } : {}) };
    save.mutate(body, {
      onSuccess: (saved) => {
        notifySuccess(PRINT_MESSAGES.brandSaved);
        setLogo(null);
        form.resetDirty(toValues(saved));
      },
      onError: (error) => notifySaveError(form, error),
    });
  });

  return (
    <form noValidate onSubmit={submit} aria-label="Brand">
      <Stack gap="sm">
        <TextInput label="Display name" withAsterisk {...form.getInputProps("display_name")} />
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
          <GrowingTextarea
            label="Address lines"
            description="Up to 4 lines"
            minRows={2}
            {...form.getInputProps("address_lines")}
          />
          <GrowingTextarea
            label="Opening hours"
            description="Up to 4 lines"
            minRows={2}
            {...form.getInputProps("hours")}
          />
          <PhoneField form={form} name="phone" label="Phone" />
          <TextInput
            label="Website or booking link"
            description="Printed as a QR code"
            placeholder="https://"
            {...form.getInputProps("website")}
          />
        </SimpleGrid>
        <Group align="flex-end" gap="md" wrap="wrap">
          {brand?.logo && <Image src={brand.logo} alt="Your current logo" h={64} w="auto" fit="contain" radius="sm" />}
          <FileInput
            label={brand?.logo ? "Replace logo" : "Logo"}
            description="PNG, JPEG or WebP, up to 2 MB and 4000 × 4000 pixels"
            accept="image/png,image/jpeg,image/webp"
            clearable
            value={logo}
            onChange={(file) => {
              setLogo(file);
              form.clearFieldError("logo");
            }}
            error={form.errors.logo}
            w={{ base: "100%", sm: 320 }}
          />
        </Group>
        <Group justify="flex-end">
          <Button type="submit" loading={save.isPending}>
            Save brand
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

/** The first page of a visit shows the brand in its first paint (lib/first-data-loader.ts). */
export function brandLoader() {
  return loadFirstData([brandQueryOptions()]);
}

/**
 * /account/brand (issue 24 §1): the practice's display name, logo, address, phone, booking link
 * and hours, printed on its personalised products. Saving makes a new version: proofs made with
 * the older one ask for a new approval.
 */
export function BrandRoute() {
  const brand = useBrand();
  return (
    <Stack gap="lg" maw={960}>
      <title>Brand · Vet Portal</title>
      <Stack gap={4}>
        <Title order={1} tabIndex={-1}>
          Brand
        </Title>
        <Text c="dimmed">
          What your personalised products print: your name, logo, address, phone, booking link and hours.
        </Text>
      </Stack>
      <Paper withBorder radius="md" p={{ base: "md", sm: "lg" }}>
        {brand.isPending ? (
          <Skeleton h={320} aria-label="Loading your brand" />
        ) : brand.isError ? (
          <LoadError title="Your brand could not be loaded" query={brand} />
        ) : (
          <BrandEditor key={brand.data?.version ?? 0} brand={brand.data} />
        )}
      </Paper>
      {brand.data && (
        <Text size="sm" c="dimmed">
          Version {brand.data.version}, saved {new Date(brand.data.updated).toLocaleString("en-US")}.
        </Text>
      )}
    </Stack>
  );
}
