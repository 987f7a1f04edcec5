import { QueryClientProvider } from "@tanstack/react-query";
import { CustomerServiceModal } from "../features/support/components/customer-service-modal.tsx";
import { queryClient } from "../lib/query-client.ts";

/**
 * The Customer Service modal for signed-out pages (app/layouts/public-layout.tsx): its own React
 * Query provider, since /login has none (decision 016). Loaded when the button is first pressed.
 */
export default function PublicCustomerService({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  return (
    <QueryClientProvider client={queryClient}>
      <CustomerServiceModal opened={opened} onClose={onClose} />
    </QueryClientProvider>
  );
}
