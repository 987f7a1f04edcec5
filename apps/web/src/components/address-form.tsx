import { Button, Group, NativeSelect, SimpleGrid, Stack, TextInput } from "@mantine/core";
import { AddressRequestSchema, COUNTRIES, COUNTRY_ID_UNITED_STATES } from "@vetportal/contract";
import { type AddressRequest, useAddAddress } from "../lib/add-address.ts";
import { useAppForm } from "../lib/form-kit.ts";
import { notifySaveError, schemaValidator } from "../lib/form-validation.ts";
import { notifySuccess } from "../lib/notify.ts";
import { PhoneField, StreetAddressFields } from "./form-fields.tsx";

type AddressValues = {
  dropdown_name: string;
  company: string;
  contact: string;
  line1: string;
  line2: string;
  city: string;
  state: string;
  zip_code: string;
  country: string;
  phone: string;
};

const EMPTY: AddressValues = {
  dropdown_name: "",
  company: "",
  contact: "",
  line1: "",
  line2: "",
  city: "",
  state: "",
  zip_code: "",
  country: String(COUNTRY_ID_UNITED_STATES),
  phone: "",
};

/** Only what the portal accepts: it ships within the United States (the server refuses any other country). */
const COUNTRY_OPTIONS = COUNTRIES.filter((c) => c.id === COUNTRY_ID_UNITED_STATES).map((c) => ({
  value: String(c.id),
  label: c.name,
}));

interface AddressFormProps {
  /** Whose address: the signed-in user's own, or a department's (administrators). */
  belongTo: AddressRequest["belong_to"];
  ownerId?: number;
  /** The success message (SPEC §8), shown once the server has stored the address. */
  successMessage: string;
  /** Accessible name of the form. */
  label: string;
  onSaved?: () => void;
}

/** The address form (SPEC §5 "Address form"): contact, street, city, state, zip and country required. */
export function AddressForm({ belongTo, ownerId, successMessage, label, onSaved }: AddressFormProps) {
  const addAddress = useAddAddress();
  // The request the form stands for: the select's text becomes the country's id (a JSON number,
  // decision 028); the rest goes out raw, and the schema trims it and turns empty into null.
  const toRequest = (values: AddressValues) => ({
    ...values,
    belong_to: belongTo,
    owner_id: ownerId,
    country: Number(values.country),
  });
  const form = useAppForm<AddressValues>({
    initialValues: EMPTY,
    validate: schemaValidator(AddressRequestSchema, toRequest),
  });

  const submit = form.onSubmit((values) => {
    addAddress.mutate(toRequest(values), {
      onSuccess: () => {
        notifySuccess(successMessage);
        form.reset();
        onSaved?.();
      },
      onError: (error) => notifySaveError(form, error),
    });
  });

  return (
    <form noValidate onSubmit={submit} aria-label={label}>
      <Stack gap="sm">
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
          <TextInput label="Contact" autoComplete="name" withAsterisk {...form.getInputProps("contact")} />
          <TextInput label="Company" autoComplete="organization" {...form.getInputProps("company")} />
        </SimpleGrid>
        <StreetAddressFields
          form={form}
          secondLine={
            <TextInput label="Address line 2" autoComplete="address-line2" {...form.getInputProps("line2")} />
          }
        />
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
          <NativeSelect
            label="Country"
            autoComplete="country"
            withAsterisk
            description="We ship within the US only."
            data={COUNTRY_OPTIONS}
            {...form.getInputProps("country")}
          />
          <PhoneField form={form} name="phone" label="Phone" />
        </SimpleGrid>
        <TextInput
          label="Address name"
          description="How the address appears in address pickers, for example Main office."
          {...form.getInputProps("dropdown_name")}
        />
        <Group justify="flex-end">
          <Button type="submit" loading={addAddress.isPending}>
            Add Address
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
