import { Box, Button, Drawer, NavLink as MantineNavLink, Stack, Text } from "@mantine/core";
import { IconChecklist, IconHeadset, IconLogout } from "@tabler/icons-react";
import { useState } from "react";
import { Link, useLocation } from "react-router";
import { useApprovalsLink, WaitingCount } from "../../features/approvals/components/approvals-nav.tsx";
import { useSession } from "../../lib/session.ts";
import {
  AccountIcon,
  ariaCurrent,
  CartCount,
  isAccountPath,
  isApprovalsPath,
  MAIN_LINKS,
  REPORT_LINKS,
  ReportsIcon,
} from "./nav-links.tsx";

export interface MobileMenuProps {
  opened: boolean;
  onClose: () => void;
  onCustomerService: () => void;
  onLogout: () => void;
}

/**
 * The phone's menu (SPEC §2): who is signed in, the header's links, Customer Service and Logout in a
 * drawer. Loaded when the menu button is first pressed or pointed at (app-header.tsx, decision 034).
 */
export default function MobileMenu({ opened, onClose, onCustomerService, onLogout }: MobileMenuProps) {
  const session = useSession();
  const isAdmin = session?.privileges?.is_admin === true;
  const { pathname } = useLocation();
  const [reportsOpened, setReportsOpened] = useState(false);
  const approvals = useApprovalsLink();

  return (
    <Drawer opened={opened} onClose={onClose} position="right" size="xs" title="Menu" hiddenFrom="sm">
      <Stack gap="lg">
        {session && (
          <Text size="sm" c="dimmed">
            Signed in as <strong>{session.session.displayName}</strong>
          </Text>
        )}
        <Box component="nav" aria-label="Main">
          {MAIN_LINKS.map((link) => (
            <MantineNavLink
              key={link.to}
              component={Link}
              to={link.to}
              label={link.label}
              leftSection={<link.icon size={18} aria-hidden />}
              rightSection={<CartCount linkTo={link.to} />}
              active={link.isActive(pathname)}
              aria-current={ariaCurrent(pathname, link.to, link.isActive(pathname))}
              onClick={onClose}
            />
          ))}
          {isAdmin && (
            <MantineNavLink
              component="button"
              type="button"
              label="Reports"
              leftSection={<ReportsIcon size={18} aria-hidden />}
              childrenOffset={28}
              opened={reportsOpened}
              onChange={setReportsOpened}
              aria-expanded={reportsOpened}
            >
              {REPORT_LINKS.map((link) => (
                <MantineNavLink key={link.to} component={Link} to={link.to} label={link.label} onClick={onClose} />
              ))}
            </MantineNavLink>
          )}
          {!isAdmin && (
            <MantineNavLink
              component={Link}
              to="/Users/Account"
              label="Account"
              leftSection={<AccountIcon size={18} aria-hidden />}
              active={isAccountPath(pathname)}
              aria-current={isAccountPath(pathname) ? "page" : undefined}
              onClick={onClose}
            />
          )}
          {approvals.show && (
            <MantineNavLink
              component={Link}
              to="/approvals"
              label="Approvals"
              leftSection={<IconChecklist size={18} aria-hidden />}
              rightSection={<WaitingCount waiting={approvals.waiting} />}
              active={isApprovalsPath(pathname)}
              aria-current={ariaCurrent(pathname, "/approvals", isApprovalsPath(pathname))}
              onClick={onClose}
            />
          )}
        </Box>
        <Stack gap="xs">
          <Button
            variant="light"
            leftSection={<IconHeadset size={18} aria-hidden />}
            onClick={() => {
              onClose();
              onCustomerService();
            }}
          >
            Customer Service
          </Button>
          <Button variant="default" leftSection={<IconLogout size={18} aria-hidden />} onClick={onLogout}>
            Logout
          </Button>
        </Stack>
      </Stack>
    </Drawer>
  );
}
