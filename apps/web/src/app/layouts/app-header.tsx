import {
  Badge,
  Box,
  Burger,
  Button,
  Container,
  Drawer,
  Group,
  NavLink as MantineNavLink,
  Menu,
  Stack,
  Text,
  VisuallyHidden,
} from "@mantine/core";
import { useDisclosure } from "@mantine/hooks";
import {
  IconChartBar,
  IconChecklist,
  IconChevronDown,
  IconHeadset,
  IconListDetails,
  IconLogout,
  IconPackage,
  IconReceipt,
  IconShoppingCart,
  IconUserCircle,
} from "@tabler/icons-react";
import { useState } from "react";
import { Link, useLocation } from "react-router";
import logoUrl from "../../assets/logo.svg";
import { AllowanceChip } from "../../features/allowances/components/allowance-chip.tsx";
import { useApprovalsLink, WaitingCount } from "../../features/approvals/components/approvals-nav.tsx";
import { ProductSearch } from "../../features/catalog/components/product-search.tsx";
import { ActingBanner } from "../../features/order-for/components/acting-banner.tsx";
import { useCart } from "../../lib/cart-store.ts";
import { useSession } from "../../lib/session.ts";
import { isAdminPath } from "../admin-sections.ts";
import classes from "./app-header.module.css";
import { BackToTop } from "./back-to-top.tsx";

const MAIN_LINKS = [
  {
    label: "Products",
    to: "/",
    icon: IconPackage,
    isActive: (path: string) => path === "/" || path.startsWith("/category"),
  },
  {
    label: "Quick Order",
    to: "/quick-order",
    icon: IconListDetails,
    isActive: (path: string) => path.startsWith("/quick-order"),
  },
  { label: "Cart", to: "/cart/preview", icon: IconShoppingCart, isActive: (path: string) => path.startsWith("/cart") },
  { label: "Orders", to: "/orders", icon: IconReceipt, isActive: (path: string) => /^\/orders?(\/|$)/.test(path) },
] as const;

/** The administrator's Reports menu (SPEC §2 "Admin menu links"). */
const REPORT_LINKS = [
  { label: "Users", to: "/userreport" },
  { label: "Account", to: "/Users/Account" },
  { label: "Departments", to: "/Departments/DepartmentReport" },
  { label: "Cost Center", to: "/CostCenter/CostCenterReport" },
  { label: "Products", to: "/Product/ProductReport" },
  { label: "Order Desk", to: "/admin/orders" },
  { label: "Order for a Practice", to: "/admin/order-for" },
  { label: "Approvals", to: "/approvals" },
  { label: "Approval Rules", to: "/admin/approval-rules" },
  { label: "Orders", to: "/reports/orderreport" },
  { label: "Inventories", to: "/reports/orderreport?tab=inventory" },
  { label: "Add Product", to: "/admin/product" },
  { label: "Audit Trail", to: "/admin/audit" },
  { label: "Allowances", to: "/admin/allowances" },
] as const;

/** How many products are in the cart, after the Cart link's label (hidden when the cart is empty). */
function CartCount({ linkTo, onDark = false }: { linkTo: string; onDark?: boolean }) {
  const count = useCart().length;
  if (linkTo !== "/cart/preview" || count === 0) return null;
  return (
    <Badge size="sm" circle color={onDark ? "white" : "brand"} c={onDark ? "brand.9" : "white"} component="span">
      {count}
      <VisuallyHidden>{count === 1 ? " product" : " products"}</VisuallyHidden>
    </Badge>
  );
}

/** The approvers' queue and an order's decision page (issue 23 §2). */
const isApprovalsPath = (pathname: string) => pathname === "/approvals" || pathname.startsWith("/approvals/");

/** Own account pages (SPEC §2), which every signed-in user may open. */
function isAccountPath(pathname: string): boolean {
  return pathname === "/Users/Account" || pathname.startsWith("/Account/");
}

/** The header's id: the layout measures it so toasts appear below it (header-height.ts). */
export const APP_HEADER_ID = "app-header";

interface AppHeaderProps {
  onCustomerService: () => void;
  onLogout: () => void;
}

function ReportsMenu() {
  const { pathname } = useLocation();
  const isActive = isAdminPath(pathname);
  return (
    <Menu position="bottom-start" offset={0} width={220} shadow="md">
      <Menu.Target>
        <button type="button" className={classes.navLink} data-active={isActive || undefined}>
          <IconChartBar size={18} aria-hidden />
          Reports
          <IconChevronDown size={14} aria-hidden />
        </button>
      </Menu.Target>
      <Menu.Dropdown>
        {REPORT_LINKS.map((link) => (
          <Menu.Item key={link.to} component={Link} to={link.to}>
            {link.label}
          </Menu.Item>
        ))}
      </Menu.Dropdown>
    </Menu>
  );
}

function MobileMenu({
  opened,
  onClose,
  onCustomerService,
  onLogout,
}: AppHeaderProps & { opened: boolean; onClose: () => void }) {
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
              onClick={onClose}
            />
          ))}
          {approvals.show && (
            <MantineNavLink
              component={Link}
              to="/approvals"
              label="Approvals"
              leftSection={<IconChecklist size={18} aria-hidden />}
              rightSection={<WaitingCount waiting={approvals.waiting} />}
              active={isApprovalsPath(pathname)}
              onClick={onClose}
            />
          )}
          {isAdmin && (
            <MantineNavLink
              component="button"
              type="button"
              label="Reports"
              leftSection={<IconChartBar size={18} aria-hidden />}
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
              leftSection={<IconUserCircle size={18} aria-hidden />}
              active={isAccountPath(pathname)}
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

/**
 * Header of the authenticated layout (SPEC §2): logo, product search, Customer Service, Logout and
 * the Products · Cart · Orders navigation, plus Approvals with the number waiting for approvers and
 * administrators (issue 23) and Reports for administrators. Phones get a drawer.
 */
export function AppHeader({ onCustomerService, onLogout }: AppHeaderProps) {
  const session = useSession();
  const isAdmin = session?.privileges?.is_admin === true;
  const { pathname } = useLocation();
  const [drawerOpened, drawer] = useDisclosure(false);
  const approvals = useApprovalsLink();

  return (
    <Box component="header" id={APP_HEADER_ID} className={classes.header} data-print="hide">
      <ActingBanner />
      <Container size="xl">
        <div className={classes.top}>
          <Link to="/" className={classes.logo} aria-label="Vet Portal home">
            <img src={logoUrl} alt="" width={158} height={40} />
          </Link>
          <div className={classes.search}>
            <ProductSearch />
          </div>
          <Group className={classes.actions} gap="xs" wrap="nowrap">
            <Button
              visibleFrom="sm"
              variant="light"
              leftSection={<IconHeadset size={18} aria-hidden />}
              onClick={onCustomerService}
            >
              Customer Service
            </Button>
            <Button
              visibleFrom="sm"
              variant="default"
              leftSection={<IconLogout size={18} aria-hidden />}
              onClick={onLogout}
            >
              Logout
            </Button>
            <BackToTop />
            {/* Phones: the Cart and its count stay in sight, outside the menu (issue 22 §3). */}
            <Button
              component={Link}
              to="/cart/preview"
              hiddenFrom="sm"
              variant="default"
              px="xs"
              leftSection={<IconShoppingCart size={18} aria-hidden />}
              rightSection={<CartCount linkTo="/cart/preview" />}
              aria-current={pathname.startsWith("/cart") ? "page" : undefined}
            >
              Cart
            </Button>
            <Burger
              hiddenFrom="sm"
              opened={drawerOpened}
              onClick={drawer.toggle}
              aria-label={drawerOpened ? "Close menu" : "Open menu"}
            />
          </Group>
        </div>
        {/* The practice's allowance, on every page and every width (issue 23 §1). */}
        <Group justify="flex-end" pb={6}>
          <AllowanceChip />
        </Group>
      </Container>
      <Box className={classes.nav} visibleFrom="sm">
        <Container size="xl">
          <Group justify="space-between" wrap="nowrap">
            <Group component="nav" aria-label="Main" gap={0} wrap="nowrap">
              {MAIN_LINKS.map((link) => (
                <Link
                  key={link.to}
                  to={link.to}
                  className={classes.navLink}
                  aria-current={pathname === link.to ? "page" : link.isActive(pathname) ? "true" : undefined}
                >
                  <link.icon size={18} aria-hidden />
                  {link.label}
                  <CartCount linkTo={link.to} onDark />
                </Link>
              ))}
              {approvals.show && (
                <Link
                  to="/approvals"
                  className={classes.navLink}
                  aria-current={pathname === "/approvals" ? "page" : isApprovalsPath(pathname) ? "true" : undefined}
                >
                  <IconChecklist size={18} aria-hidden />
                  Approvals <WaitingCount waiting={approvals.waiting} onDark />
                </Link>
              )}
              {isAdmin && <ReportsMenu />}
              {!isAdmin && (
                <Link
                  to="/Users/Account"
                  className={classes.navLink}
                  aria-current={isAccountPath(pathname) ? "page" : undefined}
                >
                  <IconUserCircle size={18} aria-hidden />
                  Account
                </Link>
              )}
            </Group>
            {session && (
              <Text size="sm" className={classes.signedInAs} truncate="end" visibleFrom="md">
                Signed in as <strong>{session.session.displayName}</strong>
              </Text>
            )}
          </Group>
        </Container>
      </Box>
      <MobileMenu
        opened={drawerOpened}
        onClose={drawer.close}
        onCustomerService={onCustomerService}
        onLogout={onLogout}
      />
    </Box>
  );
}
