import { Stack, Title } from "@mantine/core";
import { MESSAGES } from "@vetportal/contract";
import { AddressForm } from "../../../components/address-form.tsx";
import { AddressList } from "../../../components/address-list.tsx";

/** A department's addresses and the form to add one (SPEC §2 "Addresses" tab). */
export function DepartmentAddresses({ departmentId, name }: { departmentId: number; name: string }) {
  return (
    <Stack gap="xl">
      <Stack gap="sm">
        <Title order={2} size="h4">
          Addresses of {name}
        </Title>
        <AddressList
          owner={{ belong_to: "department", owner_id: departmentId }}
          emptyText="The department has no addresses yet."
        />
      </Stack>
      <Stack gap="sm">
        <Title order={2} size="h4">
          Add an address
        </Title>
        <AddressForm
          key={departmentId}
          belongTo="department"
          ownerId={departmentId}
          label={`Add an address to ${name}`}
          successMessage={MESSAGES.departmentAddressAdded}
        />
      </Stack>
    </Stack>
  );
}
