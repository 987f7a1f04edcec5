import { Badge, VisuallyHidden } from "@mantine/core";
import {
  IconChartBar,
  IconListDetails,
  IconPackage,
  IconReceipt,
  IconShoppingCart,
  IconUserCircle,
} from "@tabler/icons-react";
import { useCart } from "../../lib/cart-store.ts";

/** The header's links (SPEC §2), on wide screens in its bar and on phones in the menu (mobile-menu.tsx). */
export const MAIN_LINKS = [
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
export const REPORT_LINKS = [
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
  { label: "Portal Settings", to: "/admin/settings" },
] as const;

export { IconChartBar as ReportsIcon, IconUserCircle as AccountIcon };

/** How many products are in the cart, after the Cart link's label (hidden when the cart is empty). */
export function CartCount({ linkTo, onDark = false }: { linkTo: string; onDark?: boolean }) {
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
/** aria-current for a navigation link: "page" on the link's own page, "true" within its section. */
export function ariaCurrent(pathname: string, to: string, inSection: boolean): "page" | "true" | undefined {
  return pathname === to ? "page" : inSection ? "true" : undefined;
}

export const isApprovalsPath = (pathname: string) => pathname === "/approvals" || pathname.startsWith("/approvals/");

/** Own account pages (SPEC §2), which every signed-in user may open. */
export function isAccountPath(pathname: string): boolean {
  return pathname === "/Users/Account" || pathname.startsWith("/Account/");
}
