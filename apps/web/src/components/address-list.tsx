import { Badge, Group, Paper, SimpleGrid, Skeleton, Text } from "@mantine/core";
import { type Address, COUNTRIES } from "@vetportal/contract";
import { type AddressOwner, useAddresses } from "../lib/list-addresses.ts";
import { AddressBlock } from "./address-block.tsx";
import { LoadError } from "./page-state.tsx";

function countryName(id: number): string {
  return COUNTRIES.find((c) => c.id === id)?.name ?? "";
}

function AddressCard({ address }: { address: Address }) {
  return (
    <Paper withBorder p="md" radius="md">
      <Group justify="space-between" align="flex-start" wrap="nowrap" gap="xs">
        <AddressBlock
          address={{
            name: address.company || address.contact,
            line1: address.line1,
            line2: address.line2,
            city: address.city,
            state: address.state,
            zip_code: address.zip_code,
          }}
        />
        {address.dropdown_name && (
          <Badge variant="light" style={{ flexShrink: 0 }}>
            {address.dropdown_name}
          </Badge>
        )}
      </Group>
      <Text size="sm" c="dimmed" mt={4}>
        {[address.company ? `Attn: ${address.contact ?? ""}` : null, countryName(address.country), address.phone]
          .filter(Boolean)
          .join(" · ")}
      </Text>
    </Paper>
  );
}

/** The addresses of a user or a department, as cards. */
export function AddressList({ owner, emptyText }: { owner: AddressOwner; emptyText: string }) {
  const addresses = useAddresses(owner);

  if (addresses.isPending) {
    return (
      <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} aria-hidden>
        <Skeleton h={110} />
        <Skeleton h={110} />
      </SimpleGrid>
    );
  }
  if (addresses.isError) {
    return <LoadError title="The addresses could not be loaded" query={addresses} />;
  }
  if (addresses.data.length === 0) return <Text c="dimmed">{emptyText}</Text>;
  return (
    <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} component="ul" style={{ listStyle: "none", padding: 0, margin: 0 }}>
      {addresses.data.map((address) => (
        <li key={address.id}>
          <AddressCard address={address} />
        </li>
      ))}
    </SimpleGrid>
  );
}
