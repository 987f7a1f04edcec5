import { Text } from "@mantine/core";

export interface PostalAddress {
  name?: string | null;
  line1: string;
  line2?: string | null;
  city: string;
  state: string;
  zip_code: string;
}

/** A delivery address as a postal block (the cart's Deliver To, the order's delivery-to block). */
export function AddressBlock({ address }: { address: PostalAddress }) {
  return (
    <Text component="address" fs="normal" lh={1.5}>
      {address.name && (
        <>
          <strong>{address.name}</strong>
          <br />
        </>
      )}
      {address.line1}
      <br />
      {address.line2 && (
        <>
          {address.line2}
          <br />
        </>
      )}
      {address.city}, {address.state} {address.zip_code}
    </Text>
  );
}
