import { Stack, Title } from "@mantine/core";
import { MESSAGES } from "@vetportal/contract";
import { AddressForm } from "../../../components/address-form.tsx";
import { AddressList } from "../../../components/address-list.tsx";

/** The signed-in user's addresses and the form to add one (SPEC §5 "Address form"). */
export function UserAddresses({ headingOrder }: { headingOrder: 2 | 3 }) {
  return (
    <Stack gap="xl">
      <Stack gap="sm">
        <Title order={headingOrder} size="h4">
          Your addresses
        </Title>
        <AddressList owner={{ belong_to: "user" }} emptyText="You have no saved addresses yet." />
      </Stack>
      <Stack gap="sm">
        <Title order={headingOrder} size="h4">
          Add an address
        </Title>
        <AddressForm belongTo="user" label="Add an address" successMessage={MESSAGES.userAddressAdded} />
      </Stack>
    </Stack>
  );
}
