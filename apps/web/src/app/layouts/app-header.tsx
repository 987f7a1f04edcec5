import { IconChecklist, IconChevronDown, IconHeadset, IconLogout, IconShoppingCart } from "@tabler/icons-react";
import { Suspense, useEffect, useState } from "react";
import { Link, useLocation } from "react-router";
import logoUrl from "../../assets/logo.svg";
import { AllowanceChip } from "../../features/allowances/components/allowance-chip.tsx";
import { useApprovalsLink, WaitingCount } from "../../features/approvals/components/approvals-nav.tsx";
import { ProductSearch } from "../../features/catalog/components/product-search.tsx";
import { ActingBanner } from "../../features/order-for/components/acting-banner.tsx";
import { LazyOpenable, lazyOnUse, whenIdle } from "../../lib/lazy-on-use.tsx";
import { useSession } from "../../lib/session.ts";
import { isAdminPath } from "../admin-sections.ts";
import classes from "./app-header.module.css";
import { BackToTop } from "./back-to-top.tsx";
import {
  AccountIcon,
  ariaCurrent,
  CartCount,
  isAccountPath,
  isApprovalsPath,
  MAIN_LINKS,
  ReportsIcon,
} from "./nav-links.tsx";
import { ShellBurger, ShellButton, ShellButtonLink } from "./shell-button.tsx";
import parts from "./shell-parts.module.css";

interface AppHeaderProps {
  onCustomerService: () => void;
  onLogout: () => void;
}

const reportsMenu = lazyOnUse(() => import("./reports-menu.tsx"));
const mobileMenu = lazyOnUse(() => import("./mobile-menu.tsx"));

/**
 * The Reports button; its menu's code loads when the button is pointed at or pressed, and the menu
 * then opens (decision 034).
 */
function ReportsButton() {
  const { pathname } = useLocation();
  const [used, setUsed] = useState(false);
  const isActive = isAdminPath(pathname);
  const button = (onClick?: () => void) => (
    <button
      type="button"
      className={classes.navLink}
      data-active={isActive || undefined}
      aria-haspopup="menu"
      aria-expanded={onClick ? false : undefined}
      onClick={onClick}
      onPointerEnter={reportsMenu.preload}
      onPointerDown={reportsMenu.preload}
      onFocus={reportsMenu.preload}
    >
      <ReportsIcon size={18} aria-hidden />
      Reports
      <IconChevronDown size={14} aria-hidden />
    </button>
  );
  const plain = button(() => setUsed(true));
  if (!used) return plain;
  return (
    <Suspense fallback={plain}>
      <reportsMenu.Component>{button()}</reportsMenu.Component>
    </Suspense>
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
  const [drawerOpened, setDrawerOpened] = useState(false);
  // The drawer mounts with its first opening and stays (its closing transition, focus return).
  const [drawerUsed, setDrawerUsed] = useState(false);
  const toggleDrawer = () => {
    setDrawerUsed(true);
    setDrawerOpened((opened) => !opened);
  };
  // The menus' code, fetched once the page has loaded, so a first press opens them at once.
  useEffect(
    () =>
      whenIdle(() => {
        mobileMenu.preload();
        if (isAdmin) reportsMenu.preload();
      }),
    [isAdmin],
  );
  const approvals = useApprovalsLink();

  return (
    <header className={classes.header} data-print="hide">
      <ActingBanner />
      <div className={parts.container}>
        <div className={classes.top}>
          <Link to="/" className={classes.logo} aria-label="Vet Portal home">
            <img src={logoUrl} alt="" width={158} height={40} />
          </Link>
          <div className={classes.search}>
            <ProductSearch />
          </div>
          <div className={`${parts.row} ${classes.actions}`}>
            <ShellButton
              responsive="mantine-visible-from-sm"
              variant="light"
              icon={<IconHeadset size={18} aria-hidden />}
              onClick={onCustomerService}
            >
              Customer Service
            </ShellButton>
            <ShellButton
              responsive="mantine-visible-from-sm"
              variant="default"
              icon={<IconLogout size={18} aria-hidden />}
              onClick={onLogout}
            >
              Logout
            </ShellButton>
            <BackToTop />
            {/* Phones: the Cart and its count stay in sight, outside the menu (issue 22 §3). */}
            <ShellButtonLink
              to="/cart/preview"
              responsive="mantine-hidden-from-sm"
              variant="default"
              compact
              icon={<IconShoppingCart size={18} aria-hidden />}
              after={<CartCount linkTo="/cart/preview" />}
              aria-current={pathname.startsWith("/cart") ? "page" : undefined}
            >
              Cart
            </ShellButtonLink>
            <ShellBurger
              responsive="mantine-hidden-from-sm"
              opened={drawerOpened}
              onClick={toggleDrawer}
              onPointerEnter={mobileMenu.preload}
              onPointerDown={mobileMenu.preload}
              aria-label={drawerOpened ? "Close menu" : "Open menu"}
            />
          </div>
        </div>
        {/* The practice's allowance, on every page and every width (issue 23 §1). */}
        <div className={classes.chipRow}>
          <AllowanceChip />
        </div>
      </div>
      <div className={`${classes.nav} mantine-visible-from-sm`}>
        <div className={parts.container}>
          <div className={`${parts.row} ${classes.navRow}`}>
            <nav aria-label="Main" className={parts.row}>
              {MAIN_LINKS.map((link) => (
                <Link
                  key={link.to}
                  to={link.to}
                  className={classes.navLink}
                  aria-current={ariaCurrent(pathname, link.to, link.isActive(pathname))}
                >
                  <link.icon size={18} aria-hidden />
                  {link.label}
                  <CartCount linkTo={link.to} onDark />
                </Link>
              ))}
              {isAdmin && <ReportsButton />}
              {!isAdmin && (
                <Link
                  to="/Users/Account"
                  className={classes.navLink}
                  aria-current={isAccountPath(pathname) ? "page" : undefined}
                >
                  <AccountIcon size={18} aria-hidden />
                  Account
                </Link>
              )}
              {/* Last: it appears when the approvals' answer comes, and moves no other link (a layout shift). */}
              {approvals.show && (
                <Link
                  to="/approvals"
                  className={classes.navLink}
                  aria-current={ariaCurrent(pathname, "/approvals", isApprovalsPath(pathname))}
                >
                  <IconChecklist size={18} aria-hidden />
                  Approvals <WaitingCount waiting={approvals.waiting} onDark />
                </Link>
              )}
            </nav>
            {session && (
              <p className={`${parts.truncate} ${classes.signedInAs} mantine-visible-from-md`}>
                Signed in as <strong>{session.session.displayName}</strong>
              </p>
            )}
          </div>
        </div>
      </div>
      {drawerUsed && (
        <LazyOpenable
          lazy={mobileMenu}
          opened={drawerOpened}
          onClose={() => setDrawerOpened(false)}
          onCustomerService={onCustomerService}
          onLogout={onLogout}
        />
      )}
    </header>
  );
}
