import { DataList } from "@mantine/core";
import type { ReactNode } from "react";

/** Labelled facts of a record (an order's summary, its customer): long emails and notes wrap rather than widen the page. */
export function FactList({ labelWidth, children }: { labelWidth: number; children: ReactNode }) {
  return (
    <DataList labelWidth={labelWidth} gap="xs" style={{ overflowWrap: "anywhere" }}>
      {children}
    </DataList>
  );
}

/** One fact of a FactList. */
export function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <DataList.Item>
      <DataList.ItemLabel>{label}</DataList.ItemLabel>
      <DataList.ItemValue>{children}</DataList.ItemValue>
    </DataList.Item>
  );
}

/** The order's contact: who to call about it, their phone and the email its messages go to. */
export function ContactFact({ order }: { order: { contact_name: string; contact_phone: string; email: string } }) {
  return (
    <Fact label="Contact">
      {order.contact_name}
      <br />
      {order.contact_phone}
      <br />
      {order.email}
    </Fact>
  );
}
