import { Button, Group, NativeSelect, SimpleGrid, Stack, TextInput } from "@mantine/core";
import { useForm } from "@mantine/form";
import { AddressRequestSchema, COUNTRIES, COUNTRY_ID_UNITED_STATES, formatPhone, US_STATES } from "@vetportal/contract";
import { type AddressRequest, useAddAddress } from "../lib/add-address.ts";
import { ApiError, errorMessage } from "../lib/api-client.ts";
import { schemaErrors } from "../lib/form-validation.ts";
import { notifyError, notifySuccess } from "../lib/notify.ts";

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

const STATE_OPTIONS = [
  { value: "", label: "Select a state" },
  ...US_STATES.map((s) => ({ value: s.code, label: s.name })),
];
const COUNTRY_OPTIONS = COUNTRIES.map((c) => ({ value: String(c.id), label: c.name }));

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
  const form = useForm<AddressValues>({
    initialValues: EMPTY,
    validate: (values) => schemaErrors(AddressRequestSchema, { ...values, belong_to: belongTo, owner_id: ownerId }),
  });

  const submit = form.onSubmit((values) => {
    // The raw values go out: the server parses them with the same schema (trims, empty → null).
    addAddress.mutate(
      { ...values, belong_to: belongTo, owner_id: ownerId, country: Number(values.country) },
      {
        onSuccess: () => {
          notifySuccess(successMessage);
          form.reset();
          onSaved?.();
        },
        onError: (error) => {
          notifyError(errorMessage(error));
          if (error instanceof ApiError) form.setErrors(error.fields);
        },
      },
    );
  });

  return (
    <form noValidate onSubmit={submit} aria-label={label}>
      <Stack gap="sm">
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
          <TextInput label="Contact" autoComplete="name" withAsterisk {...form.getInputProps("contact")} />
          <TextInput label="Company" autoComplete="organization" {...form.getInputProps("company")} />
        </SimpleGrid>
        <TextInput label="Address" autoComplete="address-line1" withAsterisk {...form.getInputProps("line1")} />
        <TextInput label="Address line 2" autoComplete="address-line2" {...form.getInputProps("line2")} />
        <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="sm">
          <TextInput label="City" autoComplete="address-level2" withAsterisk {...form.getInputProps("city")} />
          <NativeSelect
            label="State"
            autoComplete="address-level1"
            withAsterisk
            data={STATE_OPTIONS}
            {...form.getInputProps("state")}
          />
          <TextInput
            label="Zip Code"
            autoComplete="postal-code"
            inputMode="numeric"
            withAsterisk
            {...form.getInputProps("zip_code")}
          />
        </SimpleGrid>
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
          <NativeSelect
            label="Country"
            autoComplete="country"
            withAsterisk
            data={COUNTRY_OPTIONS}
            {...form.getInputProps("country")}
          />
          <TextInput
            label="Phone"
            type="tel"
            inputMode="tel"
            autoComplete="tel-national"
            placeholder="555-555-5555"
            {...form.getInputProps("phone")}
            onChange={(event) => form.setFieldValue("phone", formatPhone(event.currentTarget.value))}
          />
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
