import { Box, Button } from "@mantine/core";
import { IconHeadset } from "@tabler/icons-react";
import { lazy, Suspense, useRef, useState } from "react";
import { Outlet } from "react-router";

// The modal needs React Query and the support form: they download when the button is pressed, so
// the sign-in page's first load stays without them (decision 016).
const PublicCustomerService = lazy(() => import("../public-customer-service.tsx"));

/**
 * The pages for signed-out visitors (sign-in, sign-up): the page, and a Customer Service button
 * above it (issue 11) — whoever cannot sign in or sign up is the one who most needs to ask. The
 * server takes support requests without a session (user_id 0, SPEC §3).
 */
export function PublicLayout() {
  const [opened, setOpened] = useState(false);
  const [requested, setRequested] = useState(false);
  const button = useRef<HTMLButtonElement>(null);

  return (
    <>
      <Box component="header" pos="absolute" top={0} right={0} p="sm" style={{ zIndex: 1 }}>
        <Button
          ref={button}
          variant="default"
          size="sm"
          leftSection={<IconHeadset size={18} aria-hidden />}
          onClick={() => {
            setRequested(true);
            setOpened(true);
          }}
          aria-haspopup="dialog"
        >
          Customer Service
        </Button>
      </Box>
      <Outlet />
      {requested && (
        <Suspense fallback={null}>
          <PublicCustomerService
            opened={opened}
            onClose={() => {
              setOpened(false);
              // The modal mounted open, so it knows no element to return focus to: back to the button.
              window.setTimeout(() => button.current?.focus(), 0);
            }}
          />
        </Suspense>
      )}
    </>
  );
}
