import { TextInput } from "@mantine/core";
import { useForm } from "@mantine/form";
import { screen } from "@testing-library/react";
import { MESSAGES, type Practice, PracticeSchema } from "@vetportal/contract";
import { describe, expect, it } from "vitest";
import { ApiError } from "../lib/api-client.ts";
import { schemaValidator, setServerErrors } from "../lib/form-validation.ts";
import { renderComponent } from "../test/render.tsx";
import { EditForm, EmailField, FormSection, PhoneField, StreetAddressFields } from "./form-fields.tsx";

const EMPTY: Practice = {
  practice_name: "",
  email: "",
  phone: "",
  contact: "",
  line1: "",
  city: "",
  state: "",
  zip_code: "",
};

/** A practice form built from the kit, as the pages build theirs: the contract's schema validates it. */
function PracticeForm({ onSave }: { onSave: (values: Practice) => Promise<void> }) {
  const form = useForm<Practice>({ initialValues: EMPTY, validate: schemaValidator(PracticeSchema) });
  return (
    <EditForm
      label="Practice"
      cancelTo="/userreport?page=2"
      submitLabel="Save"
      isSaving={false}
      onSubmit={form.onSubmit((values) => onSave(values).catch((error: unknown) => setServerErrors(form, error)))}
    >
      <FormSection title="Practice">
        <TextInput label="Practice Name" withAsterisk {...form.getInputProps("practice_name")} />
        <EmailField form={form} name="email" label="Email" withAsterisk />
        <PhoneField form={form} name="phone" label="Phone" withAsterisk />
        <TextInput label="Contact" withAsterisk {...form.getInputProps("contact")} />
      </FormSection>
      <FormSection title="Address">
        <StreetAddressFields form={form} />
      </FormSection>
    </EditForm>
  );
}

/** Fills the form as a user pasting each value would (one input event a field keeps the test quick). */
async function fillPractice(user: ReturnType<typeof renderComponent>["user"]) {
  const fields: Array<[RegExp, string]> = [
    [/Practice Name/, "Paws Clinic"],
    [/Email/, "front@paws.example.com"],
    [/Phone/, "5555550123"],
    [/Contact/, "Dr. Paws"],
    [/Address/, "1 Main St"],
    [/City/, "Albany"],
    [/Zip Code/, "12207"],
  ];
  for (const [name, value] of fields) {
    await user.click(screen.getByRole("textbox", { name }));
    await user.paste(value);
  }
  await user.selectOptions(screen.getByRole("combobox", { name: /State/ }), "New York");
}

describe("the form kit", () => {
  it("names the form and its sections", async () => {
    renderComponent(<PracticeForm onSave={async () => undefined} />);
    expect(await screen.findByRole("form", { name: "Practice" })).toBeInTheDocument();
    expect(screen.getByRole("heading", { level: 2, name: "Address" })).toBeInTheDocument();
    expect(screen.getByRole("combobox", { name: /State/ })).toHaveDisplayValue("Select a state");
  });

  it("puts each field's own message under it and saves nothing when the form is empty", async () => {
    const saved: Practice[] = [];
    const { user } = renderComponent(<PracticeForm onSave={async (values) => void saved.push(values)} />);
    await user.click(await screen.findByRole("button", { name: "Save" }));
    expect(screen.getByRole("textbox", { name: /Address/ })).toHaveAccessibleDescription(MESSAGES.addressRequired);
    expect(screen.getByRole("textbox", { name: /City/ })).toHaveAccessibleDescription(MESSAGES.cityRequired);
    expect(screen.getByRole("combobox", { name: /State/ })).toHaveAccessibleDescription(MESSAGES.stateRequired);
    expect(screen.getByRole("textbox", { name: /Zip Code/ })).toHaveAccessibleDescription(MESSAGES.zipRequired);
    expect(screen.getByRole("textbox", { name: /Zip Code/ })).toHaveAttribute("aria-invalid", "true");
    expect(saved).toEqual([]);
  });

  it("masks a phone number as it is typed", async () => {
    const { user } = renderComponent(<PracticeForm onSave={async () => undefined} />);
    const phone = await screen.findByRole("textbox", { name: /Phone/ });
    await user.type(phone, "555555");
    expect(phone).toHaveValue("555-555");
    await user.type(phone, "0123999");
    expect(phone).toHaveValue("555-555-0123");
  });

  it("saves the values once every field is valid", async () => {
    const saved: Practice[] = [];
    const { user } = renderComponent(<PracticeForm onSave={async (values) => void saved.push(values)} />);
    await screen.findByRole("form", { name: "Practice" });
    await fillPractice(user);
    await user.click(screen.getByRole("button", { name: "Save" }));
    expect(saved).toEqual([
      {
        practice_name: "Paws Clinic",
        email: "front@paws.example.com",
        phone: "555-555-0123",
        contact: "Dr. Paws",
        line1: "1 Main St",
        city: "Albany",
        state: "NY",
        zip_code: "12207",
      },
    ]);
  });

  it("refuses a zip code of the wrong shape with the contract's message", async () => {
    const { user } = renderComponent(<PracticeForm onSave={async () => undefined} />);
    await screen.findByRole("form", { name: "Practice" });
    await fillPractice(user);
    await user.type(screen.getByRole("textbox", { name: /Zip Code/ }), "{Backspace}");
    await user.click(screen.getByRole("button", { name: "Save" }));
    expect(screen.getByRole("textbox", { name: /Zip Code/ })).toHaveAccessibleDescription(MESSAGES.zipFormat);
  });

  it("puts the server's field messages under the fields of a refused save", async () => {
    const refusal = new ApiError(400, "VALIDATION_FAILED", "Check the form.", {
      email: "This email is already in use",
    });
    const { user } = renderComponent(<PracticeForm onSave={() => Promise.reject(refusal)} />);
    await screen.findByRole("form", { name: "Practice" });
    await fillPractice(user);
    await user.click(screen.getByRole("button", { name: "Save" }));
    expect(await screen.findByText("This email is already in use")).toBeInTheDocument();
    expect(screen.getByRole("textbox", { name: /Email/ })).toHaveAttribute("aria-invalid", "true");
  });

  it("goes back to the list with its filters on Cancel", async () => {
    const { user, router } = renderComponent(<PracticeForm onSave={async () => undefined} />);
    await user.click(await screen.findByRole("link", { name: "Cancel" }));
    expect(router.state.location.pathname).toBe("/userreport");
    expect(router.state.location.search).toBe("?page=2");
  });
});
