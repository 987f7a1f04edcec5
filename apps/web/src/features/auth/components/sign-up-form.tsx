import { Alert, Button, Group, SimpleGrid, Stack, Stepper, Text, TextInput } from "@mantine/core";
import type { UseFormReturnType } from "@mantine/form";
import { useMediaQuery } from "@mantine/hooks";
import { IconAlertCircle, IconArrowLeft, IconArrowRight, IconInfoCircle } from "@tabler/icons-react";
import { MESSAGES, type Practice, PracticeSchema } from "@vetportal/contract";
import { type FormEvent, type RefObject, useEffect, useRef, useState } from "react";
import { useNavigate } from "react-router";
import { EmailField, PhoneField, StateField, ZipCodeField } from "../../../components/form-fields.tsx";
import { ApiError, errorMessage } from "../../../lib/api-client.ts";
import { focusFirstInvalid, useAppForm } from "../../../lib/form-kit.ts";
import { schemaValidator } from "../../../lib/form-validation.ts";
import { notifySuccess } from "../../../lib/notify.ts";
import { useAddPractice } from "../api/add-practice.ts";
import { useLogin } from "../api/login.ts";
import { useValidateAddress } from "../api/validate-address.ts";

type Field = keyof Practice;

/** Step 1 contact information, step 2 delivery address (SPEC §2 "/UserRegistration"). */
const STEPS: Field[][] = [
  ["practice_name", "contact", "email", "phone"],
  ["line1", "city", "state", "zip_code"],
];

const SIGNED_UP_BUT_NOT_IN =
  "Your account was created, but we could not sign you in. Please sign in with your practice name, address and zip code.";

type PracticeForm = UseFormReturnType<Practice>;

const EMPTY_PRACTICE: Practice = {
  practice_name: "",
  contact: "",
  email: "",
  phone: "",
  line1: "",
  city: "",
  state: "",
  zip_code: "",
};

/** The first step holding one of these fields, or -1. */
const stepOf = (fields: string[]) => STEPS.findIndex((stepFields) => stepFields.some((f) => fields.includes(f)));

/**
 * The submission: the address is validated first — an undeliverable one is reported in red under
 * the postal code — then the practice is added and signed in with its name, first address line and
 * zip, which lands it on Products. A failure is shown above the form (`failure`).
 */
function useRegistration(form: PracticeForm, showStep: (step: number) => void) {
  const [failure, setFailure] = useState<string | null>(null);
  const validateAddress = useValidateAddress();
  const addPractice = useAddPractice();
  const login = useLogin();
  const navigate = useNavigate();
  const isBusy = validateAddress.isPending || addPractice.isPending || login.isPending;

  function fail(error: unknown) {
    if (error instanceof ApiError && Object.keys(error.fields).length) {
      const step = stepOf(Object.keys(error.fields));
      if (step !== -1) showStep(step);
      form.setErrors(error.fields);
    }
    setFailure(errorMessage(error));
  }

  async function register(values: Practice) {
    setFailure(null);
    const practice = PracticeSchema.parse(values);
    const { line1, city, state, zip_code } = practice;
    try {
      await validateAddress.mutateAsync({ line1, city, state, zip_code });
    } catch (error) {
      if (!(error instanceof ApiError && error.code === "ADDRESS_NOT_DELIVERABLE")) return fail(error);
      showStep(1);
      form.setErrors({ zip_code: error.fields.zip_code ?? MESSAGES.addressNotDeliverable });
      return;
    }
    try {
      await addPractice.mutateAsync(practice);
    } catch (error) {
      return fail(error);
    }
    try {
      await login.mutateAsync({ method: "address", address_name: practice.practice_name, line1, zip_code });
    } catch {
      setFailure(SIGNED_UP_BUT_NOT_IN);
      return;
    }
    notifySuccess(MESSAGES.signupSuccess);
    navigate("/", { replace: true });
  }

  return { register, failure, isBusy };
}

/** Step 1: who the practice is and how to reach it. */
function ContactStep({ form }: { form: PracticeForm }) {
  return (
    <Stack gap="sm" mt="md">
      <TextInput
        label="Practice Name"
        autoComplete="organization"
        withAsterisk
        maxLength={200}
        {...form.getInputProps("practice_name")}
      />
      <TextInput
        label="Contact Name"
        autoComplete="name"
        withAsterisk
        maxLength={200}
        {...form.getInputProps("contact")}
      />
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
        <EmailField form={form} name="email" label="Email" withAsterisk maxLength={254} />
        <PhoneField form={form} name="phone" label="Phone" withAsterisk />
      </SimpleGrid>
    </Stack>
  );
}

/** Step 2: the delivery address; its first field gets focus when Next shows it (issue 22 §5). */
function AddressStep({ form, firstField }: { form: PracticeForm; firstField: RefObject<HTMLInputElement | null> }) {
  return (
    <Stack gap="sm" mt="md">
      <Alert color="blue" variant="light" icon={<IconInfoCircle aria-hidden />} p="sm">
        <Text size="sm">{MESSAGES.shippingNoteUsOnly}</Text>
      </Alert>
      <TextInput
        ref={firstField}
        label="Address"
        autoComplete="address-line1"
        withAsterisk
        maxLength={200}
        {...form.getInputProps("line1")}
      />
      <TextInput
        label="City"
        autoComplete="address-level2"
        withAsterisk
        maxLength={100}
        {...form.getInputProps("city")}
      />
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
        <StateField form={form} name="state" label="State" withAsterisk />
        <ZipCodeField form={form} name="zip_code" label="Zip Code" withAsterisk maxLength={10} />
      </SimpleGrid>
    </Stack>
  );
}

/** Next on the first step; Back and Create Account on the second. */
function StepButtons({ active, isBusy, onBack }: { active: number; isBusy: boolean; onBack: () => void }) {
  return (
    <Group justify={active === 0 ? "flex-end" : "space-between"}>
      {active === 1 && (
        <Button
          variant="default"
          leftSection={<IconArrowLeft size={18} aria-hidden />}
          onClick={onBack}
          disabled={isBusy}
        >
          Back
        </Button>
      )}
      {active === 0 ? (
        <Button type="submit" rightSection={<IconArrowRight size={18} aria-hidden />}>
          Next
        </Button>
      ) : (
        <Button type="submit" loading={isBusy} disabled={isBusy}>
          Create Account
        </Button>
      )}
    </Group>
  );
}

/**
 * Sign-up (SPEC §4 "Sign-up", §5): every field required with its own message (the contract's
 * PracticeSchema), in two steps; Next checks the first and moves focus to the first address field.
 */
export function SignUpForm() {
  const [active, setActive] = useState(0);
  // Two step labels side by side do not fit a phone: there the stepper runs down the page.
  const isPhone = useMediaQuery("(max-width: 36em)");
  const form = useAppForm<Practice>({ initialValues: EMPTY_PRACTICE, validate: schemaValidator(PracticeSchema) });
  const { register, failure, isBusy } = useRegistration(form, setActive);
  const firstAddressField = useRef<HTMLInputElement>(null);
  const nextPressed = useRef(false);

  useEffect(() => {
    if (active !== 1 || !nextPressed.current) return;
    nextPressed.current = false;
    firstAddressField.current?.focus();
  }, [active]);

  function isStepValid(step: number): boolean {
    // Validate every field of the step (not just the first failing one), so all messages show at once.
    const results = (STEPS[step] ?? []).map((field) => form.validateField(field));
    return results.every((result) => !result.hasError);
  }

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    if (active === 0) {
      event.preventDefault();
      if (!isStepValid(0)) return focusFirstInvalid(event.currentTarget);
      nextPressed.current = true;
      setActive(1);
      return;
    }
    form.onSubmit(
      (values) => void register(values),
      (errors) => {
        const step = stepOf(Object.keys(errors));
        if (step !== -1) setActive(step);
      },
    )(event);
  }

  return (
    <form noValidate onSubmit={onSubmit} aria-label="Create an Account">
      <Stack gap="lg">
        {failure && (
          <Alert color="red" variant="light" title={MESSAGES.loginFailedTitle} icon={<IconAlertCircle aria-hidden />}>
            {failure}
          </Alert>
        )}
        <Stepper
          active={active}
          onStepClick={(step) => {
            // Back is always allowed; forward only through Next, which checks the step.
            if (step < active) setActive(step);
          }}
          allowNextStepsSelect={false}
          orientation={isPhone ? "vertical" : "horizontal"}
          size="sm"
        >
          <Stepper.Step label="Contact Information" description="Step 1">
            <ContactStep form={form} />
          </Stepper.Step>
          <Stepper.Step label="Delivery Address" description="Step 2">
            <AddressStep form={form} firstField={firstAddressField} />
          </Stepper.Step>
        </Stepper>
        <StepButtons active={active} isBusy={isBusy} onBack={() => setActive(0)} />
      </Stack>
    </form>
  );
}
